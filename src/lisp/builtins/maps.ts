// Builtins: maps (get, get-in, assoc, assoc-in, update, update-in, dissoc, merge, merge-with,
// select-keys, keys, vals, entries, update-vals, update-keys, zipmap, key, val, contains?).
// Lookups accept a keyword for a string key and vice versa; updates write back to the key
// actually present so no duplicate keyword/string twins appear.
import { arityError, execError, typeError } from '../errors.ts';
import { equals } from '../equality.ts';
import { graphemeAt } from '../graphemes.ts';
import { SCAN_LIMIT } from '../map-backing.ts';
import { getFlex, rt } from '../runtime.ts';
import { MapBuilder, PList, PMap, PSet, type Value } from '../values.ts';
import { fn1, fn2, fnN, presentKey } from './callers.ts';
import { chargeStep, expected, items, show, STEP_MASK } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

/** Look k up in any collection; undefined when absent. */
function lookup(coll: Value, k: Value): Value | undefined {
  if (coll instanceof PMap) return getFlex(coll, k);
  if (Array.isArray(coll)) return typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < coll.length ? coll[k] : undefined;
  if (coll instanceof PSet) return coll.lookup(k);
  if (typeof coll === 'string' && typeof k === 'number' && Number.isInteger(k) && k >= 0) {
    return graphemeAt(coll, k);
  }
  return undefined;
}

// The reference area of the builtins below (registry.ts).
builtinArea('maps');

builtin(
  'get',
  [2, 3],
  'The value for key k (keyword and string keys match each other; vectors take an index), else not-found or nil.',
  (m, k, nf = null) => {
    const v = lookup(m, k);
    return v === undefined ? nf : v;
  },
  {
    binary: (m, k) => lookup(m, k) ?? null,
    params: ['[m k]', '[m k not-found]'],
    examples: [
      ['(get {:a 1} :a)', '1'],
      ['(get {:a 1} :b "default")', '"default"'],
      ['(get {"a" 1} :a)', '1'],
      ['(get [10 20] 1)', '20'],
    ],
  },
);

function path(fn: string, ks: Value): readonly Value[] {
  if (Array.isArray(ks)) return ks;
  if (ks === null) return [];
  if (ks instanceof PList) return ks.items;
  throw expected(fn, 'a vector of keys as the path', ks);
}

builtin(
  'get-in',
  [2, 3],
  'The value at a path of keys and indexes in nested maps/vectors, else not-found or nil.',
  (m, ks, nf = null) => {
    const p = path('get-in', ks);
    let cur: Value = m;
    for (let i = 0; i < p.length; i++) {
      const v = lookup(cur, p[i]);
      if (v === undefined) return nf;
      cur = v;
    }
    return cur;
  },
  {
    params: ['[m ks]', '[m ks not-found]'],
    examples: [
      ['(get-in {:a {:b 1}} [:a :b])', '1'],
      ['(get-in {:r [{:t "A"}]} [:r 0 :t])', '"A"'],
      ['(get-in {:a 1} [:x :y] 0)', '0'],
    ],
  },
);

/** A map that has grown by one or more keys, checked against the size limit. */
function sizedMap(m: PMap): PMap {
  if (m.size > rt().limits.maxValueSize) rt().checkSize(m.size, 'map');
  return m;
}

/** Associate one key in a map (or nil) or one index in a vector. */
function assoc1(fn: string, coll: Value, k: Value, v: Value): Value {
  if (coll === null) return PMap.EMPTY.assoc(k, v);
  if (coll instanceof PMap) return sizedMap(coll.assoc(k, v));
  if (Array.isArray(coll)) {
    if (typeof k !== 'number' || !Number.isInteger(k)) throw typeError(`${fn} on a vector needs an integer index, got ${show(k)}`);
    if (k < 0 || k > coll.length) throw execError(`${fn}: index ${k} is out of bounds for a vector of ${coll.length} items`);
    // A copy of the whole vector (charged as work); at index = count it grows by one.
    rt().checkSize(k === coll.length ? coll.length + 1 : coll.length);
    const out = coll.slice();
    out[k] = v;
    return out;
  }
  throw expected(fn, 'a map or vector', coll);
}

builtin(
  'assoc',
  [3, Infinity],
  'The map with key k set to v (more k v pairs allowed); on a vector, sets index k (at most its length).',
  (...args) => {
    if (args.length % 2 === 0) throw arityError('assoc expects a map followed by key value pairs, got an odd number of keys and values');
    const coll = args[0];
    if (coll instanceof PMap && args.length > 5) {
      rt().charge(coll.size);
      const b = coll.toBuilder();
      for (let i = 1; i < args.length; i += 2) {
        if ((i & STEP_MASK) === 1) chargeStep();
        b.set(args[i], args[i + 1]);
      }
      return sizedMap(b.build());
    }
    let out = coll;
    for (let i = 1; i < args.length; i += 2) out = assoc1('assoc', out, args[i], args[i + 1]);
    return out;
  },
  {
    spread: 'fold',
    params: ['[m k v & kvs]'],
    examples: [
      ['(assoc {:a 1} :b 2)', '{:a 1 :b 2}'],
      ['(assoc [1 2 3] 1 5)', '[1 5 3]'],
    ],
  },
);

function updateIn(fn: string, coll: Value, p: readonly Value[], i: number, f: (old: Value) => Value): Value {
  const key = p[i];
  let k = key;
  let old: Value | undefined;
  if (coll instanceof PMap) {
    // The key to write is the one present (k, or its keyword/string twin): found with the old value
    // in one search when k is present as written (the common case).
    old = coll.lookup(key);
    if (old === undefined) {
      k = presentKey(coll, key);
      if (k !== key) old = coll.lookup(k);
    }
  } else old = lookup(coll, key);
  const v = i === p.length - 1 ? f(old ?? null) : updateIn(fn, old ?? null, p, i + 1, f);
  return assoc1(fn, coll, k, v);
}

function nonEmptyPath(fn: string, ks: Value): readonly Value[] {
  const p = path(fn, ks);
  if (p.length === 0) throw execError(`${fn} needs a non-empty key path, e.g. (${fn} m [:a :b] ...)`);
  return p;
}

builtin(
  'assoc-in',
  3,
  'Set the value at a path in nested maps/vectors, creating maps as needed.',
  (m, ks, v) => updateIn('assoc-in', m, nonEmptyPath('assoc-in', ks), 0, () => v),
  {
    params: ['[m ks v]'],
    examples: [
      ['(assoc-in {} [:a :b] 1)', '{:a {:b 1}}'],
      ['(assoc-in [1 2 3] [1] 99)', '[1 99 3]'],
    ],
  },
);

/** A one-argument updater calling (f old & extra). */
function updater(fn: string, f: Value, extra: Value[]): (old: Value) => Value {
  if (extra.length === 0) return fn1(fn, f);
  if (extra.length === 1 && typeof f === 'function') {
    // (update m k f x): the arity is checked here once, as invoke would on the call.
    const m = f.ptc;
    if (m.minArity <= 2 && m.maxArity >= 2) {
      const h = m.binary ?? f;
      const y = extra[0];
      return (old) => h(old, y);
    }
  }
  const g = fnN(fn, f);
  return (old) => g([old, ...extra]);
}

builtin(
  'update',
  [3, Infinity],
  'The map with the value at k replaced by (f old & args).',
  (m, k, f, ...extra) => {
    const u = updater('update', f, extra);
    if (m instanceof PMap) {
      // The key present and its value in one search, as in updateIn.
      let key = k;
      let old = m.lookup(k);
      if (old === undefined) {
        key = presentKey(m, k);
        if (key !== k) old = m.lookup(key);
      }
      return assoc1('update', m, key, u(old ?? null));
    }
    return assoc1('update', m, k, u(lookup(m, k) ?? null));
  },
  {
    params: ['[m k f & args]'],
    examples: [
      ['(update {:n 1} :n inc)', '{:n 2}'],
      ['(update {:n 1} :n + 10)', '{:n 11}'],
      ['(update [1 2] 0 inc)', '[2 2]'],
    ],
  },
);
builtin(
  'update-in',
  [3, Infinity],
  'Replace the value at a path in nested maps/vectors by (f old & args), creating maps as needed.',
  (m, ks, f, ...extra) => updateIn('update-in', m, nonEmptyPath('update-in', ks), 0, updater('update-in', f, extra)),
  {
    params: ['[m ks f & args]'],
    examples: [
      ['(update-in {:a {:b 1}} [:a :b] inc)', '{:a {:b 2}}'],
      ['(update-in [1 2 3] [1] inc)', '[1 3 3]'],
    ],
  },
);

builtin(
  'dissoc',
  [1, Infinity],
  'The map without the given keys.',
  (m, ...ks) => {
    if (m === null) return null;
    if (!(m instanceof PMap)) throw expected('dissoc', 'a map', m);
    let out = m;
    for (const k of ks) out = out.dissoc(presentKey(out, k));
    return out;
  },
  { spread: 'fold', params: ['[m & ks]'], examples: [['(dissoc {:a 1 :b 2} :b)', '{:a 1}']] },
);

function mergeWith(fn: string, f: ((a: Value, b: Value) => Value) | null, maps: Value[]): Value {
  let base: PMap | null = null;
  let b: MapBuilder | null = null;
  for (const m of maps) {
    if (m === null) continue;
    if (!(m instanceof PMap)) throw expected(fn, 'maps', m);
    rt().charge(m.size);
    if (base === null) {
      base = m;
      continue;
    }
    if (b === null) {
      const small = base.mergeSmall(m, f);
      if (small !== null) {
        base = small;
        continue;
      }
    }
    if (b === null && m.size <= 8) {
      // A few entries onto a map: persistent assoc is O(1) each, cheaper than copying the base.
      let acc: PMap = base;
      m.forEach((v, k) => {
        const old = f !== null ? acc.lookup(k) : undefined;
        acc = acc.assoc(k, old === undefined ? v : f!(old, v));
      });
      base = acc;
      continue;
    }
    b ??= base.toBuilder();
    const bb = b;
    let i = 0;
    m.forEach((v, k) => {
      if ((++i & STEP_MASK) === 0) chargeStep();
      if (f !== null) {
        const old = bb.lookup(k);
        bb.set(k, old === undefined ? v : f(old, v));
      } else {
        bb.set(k, v);
      }
    });
  }
  const out = b !== null ? b.build() : base;
  return out === null ? null : sizedMap(out);
}

/**
 * (merge a b) of two small maps, the common case (a record and a few fields), without the argument
 * array and the general loop; the same charges and result as mergeWith.
 */
function merge2(a: Value, b: Value): Value {
  if (a instanceof PMap && b instanceof PMap && a.size <= SCAN_LIMIT && b.size <= SCAN_LIMIT) {
    const small = a.mergeSmall(b, null);
    if (small !== null) {
      const r = rt();
      r.charge(a.size);
      r.charge(b.size);
      return sizedMap(small);
    }
  }
  return mergeWith('merge', null, [a, b]);
}

builtin('merge', [0, Infinity], 'One map with the entries of all maps; later maps win. nil arguments are ignored.', (...ms) => mergeWith('merge', null, ms), {
  binary: merge2,
  spread: 'fold',
  params: ['[& maps]'],
  examples: [['(merge {:a 1} {:b 2} {:a 3})', '{:a 3 :b 2}']],
});
builtin(
  'merge-with',
  [1, Infinity],
  'Merge maps; when a key is in several, combine the values with (f old new).',
  (f, ...ms) => mergeWith('merge-with', fn2('merge-with', f), ms),
  { params: ['[f & maps]'], examples: [['(merge-with + {:a 1 :b 2} {:a 10})', '{:a 11 :b 2}']] },
);

builtin(
  'select-keys',
  2,
  'A map with only the given keys that are present.',
  (m, ks) => {
    if (m !== null && !(m instanceof PMap)) throw expected('select-keys', 'a map', m);
    const b = new MapBuilder();
    if (m === null) return PMap.EMPTY;
    for (const k of items('select-keys', ks)) {
      const pk = presentKey(m, k);
      const v = m.lookup(pk);
      if (v !== undefined) b.set(pk, v);
    }
    return b.build();
  },
  { params: ['[m ks]'], examples: [['(select-keys {:a 1 :b 2 :c 3} [:a :c])', '{:a 1 :c 3}']] },
);

function mapArg(fn: string, m: Value): PMap {
  if (m instanceof PMap) return m;
  if (m === null) return PMap.EMPTY;
  throw expected(fn, 'a map', m);
}

builtin('keys', 1, 'The keys of a map, as a vector.', (m) => mapArg('keys', m).keys(), {
  params: ['[m]'],
  examples: [['(keys {:a 1 :b 2})', '[:a :b]']],
});
builtin('vals', 1, 'The values of a map, as a vector.', (m) => mapArg('vals', m).values(), {
  params: ['[m]'],
  examples: [['(vals {:a 1 :b 2})', '[1 2]']],
});
builtin('entries', 1, 'The [k v] entries of a map, as a vector.', (m) => mapArg('entries', m).entries(), {
  params: ['[m]'],
  examples: [['(entries {:a 1 :b 2})', '[[:a 1] [:b 2]]']],
});

/** Accept (f m) as well as the canonical (m f), since older PTC-Lisp used that order. */
function mapAndFn(m: Value, f: Value): [Value, Value] {
  return !(m instanceof PMap) && m !== null && f instanceof PMap ? [f, m] : [m, f];
}

builtin(
  'update-vals',
  2,
  'The map with every value v replaced by (f v).',
  (a, b) => {
    const [m, f] = mapAndFn(a, b);
    const map = mapArg('update-vals', m);
    const g = fn1('update-vals', f);
    const out = new MapBuilder();
    map.forEach((v, k) => out.set(k, g(v)));
    return out.build();
  },
  { params: ['[m f]'], examples: [['(update-vals {:a 1 :b 2} inc)', '{:a 2 :b 3}']] },
);
builtin(
  'update-keys',
  2,
  'The map with every key k replaced by (f k).',
  (a, b) => {
    const [m, f] = mapAndFn(a, b);
    const map = mapArg('update-keys', m);
    const g = fn1('update-keys', f);
    const out = new MapBuilder();
    map.forEach((v, k) => out.set(g(k), v));
    return out.build();
  },
  { params: ['[m f]'], examples: [['(update-keys {:a 1} str)', '{":a" 1}']] },
);
builtin(
  'zipmap',
  2,
  'A map pairing each key with the value at the same position (stops at the shorter).',
  (ks, vs) => {
    const a = items('zipmap', ks);
    const b = items('zipmap', vs);
    const n = Math.min(a.length, b.length);
    const out = new MapBuilder();
    for (let i = 0; i < n; i++) {
      if ((i & STEP_MASK) === STEP_MASK) chargeStep();
      out.set(a[i], b[i]);
    }
    rt().checkSize(out.size);
    return out.build();
  },
  { params: ['[keys vals]'], examples: [['(zipmap [:a :b] [1 2])', '{:a 1 :b 2}']] },
);

function entry(fn: string, e: Value): readonly Value[] {
  if (Array.isArray(e) && e.length === 2) return e;
  throw expected(fn, 'a map entry [k v]', e);
}

builtin('key', 1, 'The key of a map entry [k v].', (e) => entry('key', e)[0], {
  params: ['[entry]'],
  examples: [
    ['(key [:a 1])', ':a'],
    ['(map key {:a 1 :b 2})', '[:a :b]'],
  ],
});
builtin('val', 1, 'The value of a map entry [k v].', (e) => entry('val', e)[1], {
  params: ['[entry]'],
  examples: [['(val [:a 1])', '1']],
});

builtin(
  'contains?',
  2,
  'Map: is the key present (keyword/string twins match)? Set: is x a member? Vector: PTC checks the VALUE, not the index.',
  (coll, x) => {
    if (coll === null) return false;
    if (coll instanceof PMap) return getFlex(coll, x) !== undefined;
    if (coll instanceof PSet) return coll.has(x);
    const xs = Array.isArray(coll) ? coll : coll instanceof PList ? coll.items : null;
    if (xs !== null) {
      for (let i = 0; i < xs.length; i++) if (equals(xs[i], x)) return true;
      return false;
    }
    if (typeof coll === 'string') {
      if (typeof x !== 'string') throw typeError(`contains? on a string checks for a substring, got ${show(x)}; use (includes? s sub)`);
      return coll.includes(x);
    }
    throw expected('contains?', 'a map, set, vector or nil', coll);
  },
  {
    params: ['[coll x]'],
    examples: [
      ['(contains? {:a 1} :a)', 'true'],
      ['(contains? ["a" "b"] "b")', 'true'],
      ['(contains? #{1 2} 3)', 'false'],
    ],
  },
);
