// Builtins: sets. `disj`, `union`, `intersection` and `difference` are core (also reachable as
// clojure.set/x or set/x); the rest are only reachable with the prefix.
import { getFlex, rt } from '../runtime.ts';
import { MapBuilder, PMap, PSet, truthy, type Value } from '../values.ts';
import { fn1, presentKey } from './callers.ts';
import { expected, items } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

const SET_NS = { ns: 'clojure.set', bare: false } as const;
/** In clojure.set and also bare: the function reference lists these three without a prefix. */
const SET_CORE = { ns: 'clojure.set' } as const;

/** A set argument: sets as they are, nil as #{}, vectors/lists converted. */
function toSet(fn: string, v: Value): PSet {
  if (v instanceof PSet) return v;
  if (v === null) return PSet.EMPTY;
  if (Array.isArray(v)) return PSet.from(v);
  throw expected(fn, 'a set', v);
}

// The reference area of the builtins below (registry.ts).
builtinArea('sets');

builtin(
  'disj',
  [1, Infinity],
  'The set without the given items.',
  (s, ...xs) => {
    if (s === null) return null;
    if (!(s instanceof PSet)) throw expected('disj', 'a set', s);
    return s.disj(...xs);
  },
  { spread: 'fold', params: ['[s & xs]'], examples: [['(disj #{1 2 3} 2)', '#{1 3}']] },
);

builtin(
  'union',
  [0, Infinity],
  'A set of the items in any of the sets.',
  (...sets) => {
    if (sets.length === 0) return PSet.EMPTY;
    let out = toSet('union', sets[0]);
    for (let i = 1; i < sets.length; i++) {
      const s = toSet('union', sets[i]);
      if (s.size === 0) continue;
      if (out.size !== 0) rt().checkSize(out.size + s.size, 'set');
      out = out.size === 0 ? s : PSet.from(out.values().concat(s.values()));
    }
    return out;
  },
  {
    ...SET_CORE,
    spread: 'fold',
    params: ['[& sets]'],
    examples: [
      ['(union #{1 2} #{2 3})', '#{1 2 3}'],
      ['(clojure.set/union #{1} #{2})', '#{1 2}'],
    ],
  },
);
builtin(
  'intersection',
  [1, Infinity],
  'A set of the items in every one of the sets.',
  (...sets) => {
    const ss = sets.map((s) => toSet('intersection', s));
    const keep: Value[] = [];
    for (const x of ss[0].values()) {
      let all = true;
      for (let i = 1; i < ss.length && all; i++) all = ss[i].has(x);
      if (all) keep.push(x);
    }
    return keep.length === ss[0].size ? ss[0] : PSet.from(keep);
  },
  {
    ...SET_CORE,
    params: ['[s & sets]'],
    examples: [
      ['(intersection #{1 2 3} #{2 3 4})', '#{2 3}'],
      ['(set/intersection #{1 2} #{2})', '#{2}'],
    ],
  },
);
builtin(
  'difference',
  [1, Infinity],
  'A set of the items of the first set that are in none of the others.',
  (...sets) => {
    const ss = sets.map((s) => toSet('difference', s));
    const keep: Value[] = [];
    for (const x of ss[0].values()) {
      let none = true;
      for (let i = 1; i < ss.length && none; i++) none = !ss[i].has(x);
      if (none) keep.push(x);
    }
    return keep.length === ss[0].size ? ss[0] : PSet.from(keep);
  },
  {
    ...SET_CORE,
    params: ['[s & sets]'],
    examples: [
      ['(difference #{1 2 3} #{2})', '#{1 3}'],
      ['(set/difference #{1 2} #{1})', '#{2}'],
    ],
  },
);

function isSubset(a: PSet, b: PSet): boolean {
  if (a.size > b.size) return false;
  for (const x of a.values()) if (!b.has(x)) return false;
  return true;
}

builtin('subset?', 2, 'True if every item of s1 is in s2.', (a, b) => isSubset(toSet('subset?', a), toSet('subset?', b)), {
  ...SET_NS,
  params: ['[s1 s2]'],
  examples: [['(set/subset? #{1} #{1 2})', 'true']],
});
builtin('superset?', 2, 'True if every item of s2 is in s1.', (a, b) => isSubset(toSet('superset?', b), toSet('superset?', a)), {
  ...SET_NS,
  params: ['[s1 s2]'],
  examples: [['(set/superset? #{1 2} #{1})', 'true']],
});
builtin(
  'select',
  2,
  'The set of items for which pred is truthy.',
  (p, s) => {
    const f = fn1('select', p, s);
    const set = toSet('select', s);
    const keep: Value[] = [];
    for (const x of set.values()) if (truthy(f(x))) keep.push(x);
    return keep.length === set.size ? set : PSet.from(keep);
  },
  { ...SET_NS, params: ['[pred s]'], examples: [['(set/select odd? #{1 2 3})', '#{1 3}']] },
);

function mapArg(fn: string, m: Value): PMap {
  if (m instanceof PMap) return m;
  if (m === null) return PMap.EMPTY;
  throw expected(fn, 'a map', m);
}

builtin(
  'rename-keys',
  2,
  'The map with keys renamed according to kmap {old new}.',
  (m, kmap) => {
    const map = mapArg('rename-keys', m);
    const renames = mapArg('rename-keys', kmap);
    const b = map.toBuilder();
    const olds = renames.keys();
    for (const old of olds) b.delete(presentKey(map, old));
    for (const old of olds) {
      const v = getFlex(map, old);
      if (v !== undefined) b.set(renames.get(old), v);
    }
    return b.build();
  },
  { ...SET_NS, params: ['[m kmap]'], examples: [['(set/rename-keys {:a 1 :b 2} {:a :x})', '{:b 2 :x 1}']] },
);
builtin(
  'map-invert',
  1,
  'The map with keys and values swapped.',
  (m) => {
    const b = new MapBuilder();
    mapArg('map-invert', m).forEach((v, k) => b.set(v, k));
    return b.build();
  },
  { ...SET_NS, params: ['[m]'], examples: [['(set/map-invert {:a 1 :b 2})', '{1 :a 2 :b}']] },
);
builtin(
  'index',
  2,
  'Group maps by their values for the keys ks: a map from {k v ...} to the set of maps having them.',
  (xrel, ks) => {
    const keys = items('index', ks);
    const groups = new MapBuilder();
    for (const x of items('index', xrel)) {
      const kb = new MapBuilder();
      if (x instanceof PMap) {
        for (const k of keys) {
          const pk = presentKey(x, k);
          const v = x.lookup(pk);
          if (v !== undefined) kb.set(pk, v);
        }
      }
      const key = kb.build();
      const list = groups.lookup(key);
      if (list === undefined) {
        const arr: Value[] = [x];
        groups.set(key, arr);
      } else {
        (list as Value[]).push(x);
      }
    }
    const out = new MapBuilder();
    const built = groups.build();
    built.forEach((v, k) => out.set(k, PSet.from(v as Value[])));
    return out.build();
  },
  { ...SET_NS, params: ['[xrel ks]'], examples: [['(set/index [{:a 1 :b 2} {:a 1 :b 3}] [:a])', '{{:a 1} #{{:a 1 :b 2} {:a 1 :b 3}}}']] },
);
