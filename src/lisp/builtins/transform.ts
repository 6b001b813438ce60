// Builtins: transform and filter (map, filter, remove, keep, mapcat, pluck, distinct,
// flatten, sort, sort-by, group-by, frequencies).
import { typeError } from '../errors.ts';
import { compareValues, equals } from '../equality.ts';
import { rt } from '../runtime.ts';
import { EACH_FILTER, EACH_MAP, EACH_REMOVE, hashKey, Keyword, MapBuilder, PList, PMap, PSet, type Value } from '../values.ts';
import { comparator, fn1, fn2, fnN } from './callers.ts';
import { chargedCompare, chargeStep, items, STEP_MASK } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

function mapImpl(fn: string, args: Value[]): Value[] {
  const f = args[0];
  if (args.length === 2) {
    const g = fn1(fn, f, args[1]);
    const xs = items(fn, args[1]);
    const n = xs.length;
    const out = new Array<Value>(n);
    // A one-parameter closure runs over all items through its batch entry (see Each1).
    if (typeof f === 'function' && f.each1 !== undefined) f.each1(xs, EACH_MAP, out);
    else for (let i = 0; i < n; i++) out[i] = g(xs[i]);
    return out;
  }
  const lists: (readonly Value[])[] = [];
  let n = Infinity;
  for (let j = 1; j < args.length; j++) {
    const xs = items(fn, args[j]);
    lists.push(xs);
    if (xs.length < n) n = xs.length;
  }
  const out = new Array<Value>(n);
  if (lists.length === 2) {
    const g = fn2(fn, f, args[1]);
    const [a, b] = lists;
    for (let i = 0; i < n; i++) out[i] = g(a[i], b[i]);
    return out;
  }
  const g = fnN(fn, f, args[1]);
  for (let i = 0; i < n; i++) {
    const row = new Array<Value>(lists.length);
    for (let j = 0; j < lists.length; j++) row[j] = lists[j][i];
    out[i] = g(row);
  }
  return out;
}

const mapDoc = 'Apply f to each item (or to items of several collections in parallel, stopping at the shortest); returns a vector.';
// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin('map', [2, Infinity], mapDoc, (...args) => mapImpl('map', args), {
  params: ['[f coll]', '[f c1 c2 & colls]'],
  examples: [
    ['(map inc [1 2 3])', '[2 3 4]'],
    ['(map + [1 2 3] [10 20])', '[11 22]'],
  ],
});
builtin('mapv', [2, Infinity], mapDoc, (...args) => mapImpl('mapv', args), {
  params: ['[f coll]', '[f c1 c2 & colls]'],
  examples: [['(mapv :a [{:a 1} {:a 2}])', '[1 2]']],
});

function filterImpl(fn: string, pred: Value, coll: Value, keep: boolean): Value[] {
  const f = fn1(fn, pred, coll);
  const xs = items(fn, coll);
  const out: Value[] = [];
  if (typeof pred === 'function' && pred.each1 !== undefined) {
    pred.each1(xs, keep ? EACH_FILTER : EACH_REMOVE, out);
    return out;
  }
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    const r = f(x);
    if ((r !== null && r !== false) === keep) out.push(x);
  }
  return out;
}

const filterDoc = 'The items for which pred is truthy, as a vector (a map gives [k v] entries).';
builtin('filter', 2, filterDoc, (p, c) => filterImpl('filter', p, c, true), {
  params: ['[pred coll]'],
  examples: [
    ['(filter even? [1 2 3 4])', '[2 4]'],
    ['(filter :ok [{:ok true} {:ok false}])', '[{:ok true}]'],
  ],
});
builtin('filterv', 2, filterDoc, (p, c) => filterImpl('filterv', p, c, true), {
  params: ['[pred coll]'],
  examples: [['(filterv odd? [1 2 3])', '[1 3]']],
});
builtin('remove', 2, 'The items for which pred is falsy, as a vector.', (p, c) => filterImpl('remove', p, c, false), {
  params: ['[pred coll]'],
  examples: [['(remove even? [1 2 3 4])', '[1 3]']],
});
builtin(
  'keep',
  2,
  'The non-nil results of (f item), as a vector (false is kept).',
  (f, c) => {
    const g = fn1('keep', f, c);
    const xs = items('keep', c);
    const out: Value[] = [];
    for (let i = 0; i < xs.length; i++) {
      const r = g(xs[i]);
      if (r !== null) out.push(r);
    }
    return out;
  },
  { params: ['[f coll]'], examples: [['(keep :a [{:a 1} {:b 2} {:a 3}])', '[1 3]']] },
);
builtin(
  'keep-indexed',
  2,
  'The non-nil results of (f index item), as a vector.',
  (f, c) => {
    const g = fn2('keep-indexed', f, c);
    const xs = items('keep-indexed', c);
    const out: Value[] = [];
    for (let i = 0; i < xs.length; i++) {
      const r = g(i, xs[i]);
      if (r !== null) out.push(r);
    }
    return out;
  },
  { params: ['[f coll]'], examples: [['(keep-indexed #(when (even? %1) %2) ["a" "b" "c"])', '["a" "c"]']] },
);
builtin(
  'map-indexed',
  2,
  'Apply (f index item) to each item; returns a vector.',
  (f, c) => {
    const g = fn2('map-indexed', f, c);
    const xs = items('map-indexed', c);
    const out = new Array<Value>(xs.length);
    for (let i = 0; i < xs.length; i++) out[i] = g(i, xs[i]);
    return out;
  },
  { params: ['[f coll]'], examples: [['(map-indexed vector ["a" "b"])', '[[0 "a"] [1 "b"]]']] },
);
builtin(
  'mapcat',
  [2, Infinity],
  'Apply f to each item (as map does) and concatenate the resulting collections into one vector.',
  (...args) => {
    const parts = mapImpl('mapcat', args);
    const out: Value[] = [];
    const r = rt();
    for (let i = 0; i < parts.length; i++) {
      const xs = items('mapcat', parts[i]);
      for (let j = 0; j < xs.length; j++) out.push(xs[j]);
      r.checkGrowing(out.length);
    }
    return out;
  },
  { params: ['[f coll]', '[f c1 c2 & colls]'], examples: [['(mapcat (fn [x] [x x]) [1 2])', '[1 1 2 2]']] },
);
builtin(
  'pluck',
  2,
  'The value of key k in each map (keyword and string keys match each other); same as (map k coll).',
  (k, c) => {
    const g = fn1('pluck', k, c, true);
    const xs = items('pluck', c);
    const out = new Array<Value>(xs.length);
    for (let i = 0; i < xs.length; i++) out[i] = g(xs[i]);
    return out;
  },
  { params: ['[k coll]'], examples: [['(pluck :name [{:name "A"} {:name "B"}])', '["A" "B"]']] },
);

function distinctBy(fn: string, f: ((x: Value) => Value) | null, c: Value): Value[] {
  const xs = items(fn, c);
  const seen = new Set<unknown>();
  const out: Value[] = [];
  for (let i = 0; i < xs.length; i++) {
    if ((i & STEP_MASK) === STEP_MASK) chargeStep();
    const x = xs[i];
    const h = hashKey(f === null ? x : f(x));
    if (!seen.has(h)) {
      seen.add(h);
      out.push(x);
    }
  }
  return out;
}

builtin('distinct', 1, 'The items without duplicates, keeping first occurrences in order.', (c) => distinctBy('distinct', null, c), {
  params: ['[coll]'],
  examples: [['(distinct [1 2 1 3])', '[1 2 3]']],
});
builtin(
  'distinct-by',
  2,
  'The first item for each distinct value of (f item), in order.',
  (f, c) => distinctBy('distinct-by', fn1('distinct-by', f, c, true), c),
  { params: ['[f coll]'], examples: [['(distinct-by :id [{:id 1 :v "a"} {:id 1 :v "b"}])', '[{:id 1 :v "a"}]']] },
);
builtin(
  'dedupe',
  1,
  'The items with consecutive duplicates removed.',
  (c) => {
    const xs = items('dedupe', c);
    const out: Value[] = [];
    for (let i = 0; i < xs.length; i++) if (i === 0 || !equals(xs[i], xs[i - 1])) out.push(xs[i]);
    return out;
  },
  { params: ['[coll]'], examples: [['(dedupe [1 1 2 1])', '[1 2 1]']] },
);

function flattenInto(xs: readonly Value[], out: Value[], depth: number): void {
  const r = rt();
  if (depth > r.limits.maxDepth) throw typeError(`flatten: nesting deeper than ${r.limits.maxDepth} levels`);
  r.charge(xs.length);
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    if (Array.isArray(x)) flattenInto(x, out, depth + 1);
    else if (x instanceof PList) flattenInto(x.items, out, depth + 1);
    else out.push(x);
  }
  r.checkGrowing(out.length);
}

builtin(
  'flatten',
  1,
  'All non-sequential items of nested vectors/lists in one flat vector (maps, sets and strings stay whole).',
  (c) => {
    const out: Value[] = [];
    if (Array.isArray(c)) flattenInto(c, out, 0);
    else if (c instanceof PList) flattenInto(c.items, out, 0);
    return out;
  },
  {
    params: ['[coll]'],
    examples: [
      ['(flatten [[1 2] [3 [4]]])', '[1 2 3 4]'],
      ['(flatten [1 [{:a 3}] "s"])', '[1 {:a 3} "s"]'],
    ],
  },
);

const isColl = (v: Value): boolean => Array.isArray(v) || v instanceof PMap || v instanceof PSet || v instanceof PList;

/** 'number' when all are plain non-NaN JS numbers, 'string' when all are strings, else null. */
function uniformKind(xs: readonly Value[]): 'number' | 'string' | null {
  let nums = true;
  let strs = true;
  for (let i = 0; i < xs.length && (nums || strs); i++) {
    const x = xs[i];
    if (typeof x !== 'number' || x !== x) nums = false;
    if (typeof x !== 'string') strs = false;
  }
  return nums ? 'number' : strs ? 'string' : null;
}

/**
 * For comparators that are plain natural order: 1 for :asc and the builtin <, -1 for :desc and the
 * builtin >, else 0. (< and > only agree with natural order on numbers; callers check.)
 */
function fastDirection(c: Value): number {
  if (c instanceof Keyword) return c.name === 'asc' ? 1 : c.name === 'desc' ? -1 : 0;
  if (typeof c === 'function' && c.ptc.kind === 'builtin') return c.ptc.name === '<' ? 1 : c.ptc.name === '>' ? -1 : 0;
  return 0;
}

/** Sort a copy of xs in natural order, with fast paths for all-number and all-string input. */
function naturalSort(xs: readonly Value[]): Value[] {
  const out = xs.slice();
  const kind = uniformKind(out);
  if (kind === 'number') return out.sort(chargedCompare(out.length, (a, b) => (a as number) - (b as number)));
  if (kind === 'string') return out.sort(chargedCompare(out.length, (a, b) => ((a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0)));
  return out.sort(chargedCompare(out.length, compareValues));
}

builtin(
  'sort',
  [1, 2],
  'The items in ascending order as a vector; optional comparator first: :asc, :desc, a boolean fn like >, or a compare-style fn.',
  (...args) => {
    if (args.length === 1) return naturalSort(items('sort', args[0]));
    const [cmp, coll] = args;
    if (isColl(cmp) && (typeof coll === 'function' || coll instanceof Keyword)) {
      throw typeError('sort takes the comparator first: (sort > coll) or (sort :desc coll)');
    }
    const xs = items('sort', coll);
    const dir = fastDirection(cmp);
    if (dir !== 0) {
      const kind = uniformKind(xs);
      // Reversing is only safe where equal items are identical (plain numbers, strings).
      if (kind === 'number' || (kind === 'string' && cmp instanceof Keyword)) {
        const out = naturalSort(xs);
        return dir > 0 ? out : out.reverse();
      }
    }
    return xs.slice().sort(chargedCompare(xs.length, comparator('sort', cmp)));
  },
  {
    params: ['[coll]', '[comp coll]'],
    examples: [
      ['(sort [3 1 2])', '[1 2 3]'],
      ['(sort > [3 1 2])', '[3 2 1]'],
      ['(sort :desc ["a" "c" "b"])', '["c" "b" "a"]'],
    ],
  },
);

builtin(
  'sort-by',
  [2, 3],
  'The items ordered by (keyfn item) as a vector; keyfn may be a keyword or string key. Optional comparator in the middle.',
  (...args) => {
    if (args.length === 3 && isColl(args[1]) && (typeof args[2] === 'function' || args[2] instanceof Keyword)) {
      throw typeError('sort-by takes the comparator before the collection: (sort-by keyfn > coll), not (sort-by keyfn coll >)');
    }
    const coll = args[args.length - 1];
    const kf = fn1('sort-by', args[0], coll, true);
    const xs = items('sort-by', coll);
    const n = xs.length;
    const keys = new Array<Value>(n);
    const idx = new Array<number>(n);
    for (let i = 0; i < n; i++) {
      keys[i] = kf(xs[i]);
      idx[i] = i;
    }
    const c = args.length === 3 ? args[1] : null;
    const dir = c === null ? 1 : fastDirection(c);
    const kind = dir === 0 ? null : uniformKind(keys);
    if (kind === 'number') {
      const ks = keys as number[];
      idx.sort(chargedCompare(n, (a, b) => dir * (ks[a] - ks[b])));
    } else if (kind === 'string' && c !== null && !(c instanceof Keyword)) {
      const cmp = comparator('sort-by', c);
      idx.sort(chargedCompare(n, (a, b) => cmp(keys[a], keys[b])));
    } else if (kind === 'string') {
      const ks = keys as string[];
      idx.sort(chargedCompare(n, (a, b) => dir * (ks[a] < ks[b] ? -1 : ks[a] > ks[b] ? 1 : 0)));
    } else {
      const cmp = c === null ? compareValues : comparator('sort-by', c);
      idx.sort(chargedCompare(n, (a, b) => cmp(keys[a], keys[b])));
    }
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) out[i] = xs[idx[i]];
    return out;
  },
  {
    params: ['[keyfn coll]', '[keyfn comp coll]'],
    examples: [
      ['(sort-by :age [{:age 30} {:age 20}])', '[{:age 20} {:age 30}]'],
      ['(sort-by count > ["a" "abc" "ab"])', '["abc" "ab" "a"]'],
    ],
  },
);

builtin(
  'group-by',
  2,
  'A map from each value of (f item) to the vector of items having it; f may be a keyword or string key.',
  (f, c) => {
    const kf = fn1('group-by', f, c, true);
    const xs = items('group-by', c);
    // Each item's key hashed once and its group found in one JS Map lookup (a map builder's lookup
    // costs two more calls per item, which a fresh process runs in V8's interpreter). The groups
    // are kept in order of first appearance, and their index becomes the map's.
    const index = new Map<unknown, number>();
    const keys: Value[] = [];
    const hashes: unknown[] = [];
    const groups: Value[][] = [];
    for (let i = 0; i < xs.length; i++) {
      if ((i & STEP_MASK) === STEP_MASK) chargeStep();
      const x = xs[i];
      const k = kf(x);
      const h = hashKey(k);
      const at = index.get(h);
      if (at === undefined) {
        index.set(h, groups.length);
        keys.push(k);
        hashes.push(h);
        groups.push([x]);
      } else groups[at].push(x);
    }
    return PMap.fromDistinct(keys, hashes, groups, index);
  },
  { params: ['[f coll]'], examples: [['(group-by odd? [1 2 3])', '{true [1 3] false [2]}']] },
);

builtin(
  'frequencies',
  1,
  'A map from each distinct item to the number of times it occurs.',
  (c) => {
    const xs = items('frequencies', c);
    const b = new MapBuilder();
    for (let i = 0; i < xs.length; i++) {
      if ((i & STEP_MASK) === STEP_MASK) chargeStep();
      const n = b.lookup(xs[i]);
      b.set(xs[i], n === undefined ? 1 : (n as number) + 1);
    }
    return b.build();
  },
  { params: ['[coll]'], examples: [['(frequencies ["a" "b" "a"])', '{"a" 2 "b" 1}']] },
);
