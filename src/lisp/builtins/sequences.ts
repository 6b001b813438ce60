// Builtins: sequence access (first, rest, take, drop, ...), count, seq, empty?, reverse.
// Every sequence result is a vector; strings are sequences of one-character strings and maps
// sequences of [k v] entries.
import { graphemeAt, graphemeCount } from '../graphemes.ts';
import { rt } from '../runtime.ts';
import { truthy, PList, PMap, PSet, type Value } from '../values.ts';
import { countArg, fn1 } from './callers.ts';
import { expected, items, itemsOf } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

const EMPTY: readonly Value[] = [];

function nthOf(fn: string, coll: Value, i: number, notFound: Value): Value {
  if (Array.isArray(coll)) return i >= 0 && i < coll.length ? coll[i] : notFound;
  if (typeof coll === 'string') {
    if (i < 0) return notFound;
    return graphemeAt(coll, i) ?? notFound;
  }
  const xs = itemsOf(fn, coll);
  return i >= 0 && i < xs.length ? xs[i] : notFound;
}

const first = (coll: Value): Value => nthOf('first', coll, 0, null);
const next = (coll: Value): Value => {
  const xs = items('next', coll);
  return xs.length <= 1 ? null : xs.slice(1);
};

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin('first', 1, 'The first item of a collection, or nil when empty.', first, {
  params: ['[coll]'],
  examples: [
    ['(first [1 2 3])', '1'],
    ['(first "hello")', '"h"'],
  ],
});
builtin('second', 1, 'The second item of a collection, or nil.', (c) => nthOf('second', c, 1, null), {
  params: ['[coll]'],
  examples: [['(second [1 2 3])', '2']],
});
builtin(
  'last',
  1,
  'The last item of a collection, or nil when empty.',
  (c) => {
    const xs = itemsOf('last', c);
    return xs.length === 0 ? null : xs[xs.length - 1];
  },
  { params: ['[coll]'], examples: [['(last [1 2 3])', '3']] },
);
builtin(
  'nth',
  [2, 3],
  'The item at index i (0-based); nil (or not-found) when out of range.',
  (coll, i, notFound = null) => nthOf('nth', coll, countArg('nth', i), notFound),
  {
    binary: (coll, i) =>
      Array.isArray(coll) && typeof i === 'number' && Number.isInteger(i)
        ? i >= 0 && i < coll.length
          ? coll[i]
          : null
        : nthOf('nth', coll, countArg('nth', i), null),
    params: ['[coll i]', '[coll i not-found]'],
    examples: [
      ['(nth [1 2 3] 1)', '2'],
      ['(nth [1 2 3] 10)', 'nil'],
    ],
  },
);
builtin('rest', 1, 'All items after the first, as a vector ([] when none).', (c) => items('rest', c).slice(1), {
  params: ['[coll]'],
  examples: [
    ['(rest [1 2 3])', '[2 3]'],
    ['(rest [])', '[]'],
  ],
});
builtin('next', 1, 'All items after the first, or nil when there are none.', next, {
  params: ['[coll]'],
  examples: [
    ['(next [1 2 3])', '[2 3]'],
    ['(next [1])', 'nil'],
  ],
});
builtin(
  'butlast',
  1,
  'All items but the last, as a vector; nil when that leaves none (as next).',
  (c) => {
    const xs = items('butlast', c);
    return xs.length <= 1 ? null : xs.slice(0, xs.length - 1);
  },
  {
    params: ['[coll]'],
    examples: [
      ['(butlast [1 2 3])', '[1 2]'],
      ['(butlast [1])', 'nil'],
    ],
  },
);
builtin('ffirst', 1, 'Same as (first (first coll)).', (c) => first(first(c)), {
  params: ['[coll]'],
  examples: [['(ffirst [[1 2] [3]])', '1']],
});
builtin('fnext', 1, 'Same as (first (next coll)).', (c) => nthOf('fnext', c, 1, null), {
  params: ['[coll]'],
  examples: [['(fnext [1 2 3])', '2']],
});
builtin('nfirst', 1, 'Same as (next (first coll)).', (c) => next(first(c)), {
  params: ['[coll]'],
  examples: [['(nfirst [[1 2] [3]])', '[2]']],
});
builtin(
  'nnext',
  1,
  'Same as (next (next coll)).',
  (c) => {
    const xs = items('nnext', c);
    return xs.length <= 2 ? null : xs.slice(2);
  },
  { params: ['[coll]'], examples: [['(nnext [1 2 3 4])', '[3 4]']] },
);
builtin(
  'nthnext',
  2,
  'The items after the first n, or nil when none remain.',
  (c, n) => {
    const xs = items('nthnext', c);
    const k = Math.max(0, countArg('nthnext', n));
    return xs.length <= k ? null : xs.slice(k);
  },
  {
    params: ['[coll n]'],
    examples: [
      ['(nthnext [1 2 3 4] 2)', '[3 4]'],
      ['(nthnext [1 2] 5)', 'nil'],
    ],
  },
);
builtin(
  'nthrest',
  2,
  'The items after the first n, as a vector ([] when none remain).',
  (c, n) => items('nthrest', c).slice(Math.max(0, countArg('nthrest', n))),
  { params: ['[coll n]'], examples: [['(nthrest [1 2 3 4] 2)', '[3 4]']] },
);

function take(fn: string, n: Value, c: Value): readonly Value[] {
  const k = countArg(fn, n);
  const xs = items(fn, c);
  return k <= 0 ? EMPTY : k >= xs.length && Array.isArray(c) ? xs : xs.slice(0, k);
}
function drop(fn: string, n: Value, c: Value): readonly Value[] {
  const k = countArg(fn, n);
  const xs = items(fn, c);
  return k <= 0 && Array.isArray(c) ? xs : xs.slice(Math.max(0, k));
}

builtin('take', 2, 'The first n items, as a vector (strings give characters); of a range call, only those n are made.', (n, c) => take('take', n, c), {
  params: ['[n coll]'],
  examples: [
    ['(take 2 [1 2 3 4])', '[1 2]'],
    ['(take 2 "hello")', '["h" "e"]'],
    ['(take 3 (range 1 5 0))', '[1 1 1]'],
  ],
});
builtin('drop', 2, 'All but the first n items, as a vector.', (n, c) => drop('drop', n, c), {
  params: ['[n coll]'],
  examples: [['(drop 2 [1 2 3 4])', '[3 4]']],
});
builtin(
  'take-last',
  2,
  'The last n items, as a vector.',
  (n, c) => {
    const k = countArg('take-last', n);
    const xs = items('take-last', c);
    return k <= 0 ? EMPTY : xs.slice(Math.max(0, xs.length - k));
  },
  { params: ['[n coll]'], examples: [['(take-last 2 [1 2 3 4])', '[3 4]']] },
);
builtin(
  'drop-last',
  [1, 2],
  'All but the last n items (default 1), as a vector.',
  (...args) => {
    const c = args.length === 1 ? args[0] : args[1];
    const k = args.length === 1 ? 1 : countArg('drop-last', args[0]);
    const xs = items('drop-last', c);
    return xs.slice(0, Math.max(0, xs.length - Math.max(0, k)));
  },
  {
    params: ['[coll]', '[n coll]'],
    examples: [
      ['(drop-last [1 2 3])', '[1 2]'],
      ['(drop-last 2 [1 2 3])', '[1]'],
    ],
  },
);

/** Index of the first item for which pred is falsy (xs.length when none). */
function whileEnd(fn: string, pred: Value, c: Value): [readonly Value[], number] {
  const f = fn1(fn, pred, c);
  const xs = items(fn, c);
  let i = 0;
  while (i < xs.length && truthy(f(xs[i]))) i++;
  return [xs, i];
}

builtin(
  'take-while',
  2,
  'The leading items for which pred is truthy.',
  (p, c) => {
    const [xs, i] = whileEnd('take-while', p, c);
    return xs.slice(0, i);
  },
  { params: ['[pred coll]'], examples: [['(take-while pos? [1 2 -1 3])', '[1 2]']] },
);
builtin(
  'drop-while',
  2,
  'The items from the first one for which pred is falsy.',
  (p, c) => {
    const [xs, i] = whileEnd('drop-while', p, c);
    return xs.slice(i);
  },
  { params: ['[pred coll]'], examples: [['(drop-while pos? [1 2 -1 3])', '[-1 3]']] },
);
builtin(
  'split-at',
  2,
  'A vector of [(take n coll) (drop n coll)].',
  (n, c) => {
    const k = Math.max(0, countArg('split-at', n));
    const xs = items('split-at', c);
    return [xs.slice(0, k), xs.slice(k)];
  },
  { params: ['[n coll]'], examples: [['(split-at 2 [1 2 3 4 5])', '[[1 2] [3 4 5]]']] },
);
builtin(
  'split-with',
  2,
  'A vector of [(take-while pred coll) (drop-while pred coll)].',
  (p, c) => {
    const [xs, i] = whileEnd('split-with', p, c);
    return [xs.slice(0, i), xs.slice(i)];
  },
  { params: ['[pred coll]'], examples: [['(split-with odd? [1 3 4 5])', '[[1 3] [4 5]]']] },
);

builtin(
  'peek',
  1,
  'The last item of a vector (the first of a list), or nil when empty.',
  (c) => {
    if (c === null) return null;
    if (Array.isArray(c)) return c.length === 0 ? null : c[c.length - 1];
    if (c instanceof PList) return c.items.length === 0 ? null : c.items[0];
    throw expected('peek', 'a vector or list', c);
  },
  { params: ['[coll]'], examples: [['(peek [1 2 3])', '3']] },
);
builtin(
  'pop',
  1,
  'The vector without its last item (a list without its first item); nil for an empty one.',
  (c) => {
    if (c === null) return null;
    // Empty gives nil rather than Clojure's error, as the specification's example has it.
    if (Array.isArray(c)) return c.length === 0 ? null : c.slice(0, -1);
    if (c instanceof PList) return c.items.length === 0 ? null : new PList(c.items.slice(1));
    throw expected('pop', 'a vector or list', c);
  },
  {
    params: ['[coll]'],
    examples: [
      ['(pop [1 2 3])', '[1 2]'],
      ['(pop [])', 'nil'],
    ],
  },
);
builtin(
  'subvec',
  [2, 3],
  'The items of a vector from start (inclusive) to end (exclusive, default the end); indexes outside the vector are clamped to it.',
  (...args) => {
    const v = args[0];
    if (!Array.isArray(v)) throw expected('subvec', 'a vector', v);
    // Clamped rather than Clojure's error, as the reference describes subvec.
    const start = Math.min(Math.max(0, countArg('subvec', args[1])), v.length);
    const end = args.length < 3 ? v.length : Math.min(Math.max(start, countArg('subvec', args[2])), v.length);
    return start === 0 && end === v.length ? v : v.slice(start, end);
  },
  {
    params: ['[v start]', '[v start end]'],
    examples: [
      ['(subvec [1 2 3 4] 1 3)', '[2 3]'],
      ['(subvec [1 2 3] 1 9)', '[2 3]'],
    ],
  },
);

builtin(
  'cons',
  2,
  'A vector with x in front of the items of coll.',
  (x, c) => {
    const xs = items('cons', c);
    rt().checkSize(xs.length + 1);
    const out = new Array<Value>(xs.length + 1);
    out[0] = x;
    for (let i = 0; i < xs.length; i++) out[i + 1] = xs[i];
    return out;
  },
  { params: ['[x coll]'], examples: [['(cons 0 [1 2])', '[0 1 2]']] },
);

builtin(
  'seq',
  1,
  'The items of a collection as a vector, or nil when empty (strings give characters, maps [k v] entries).',
  (c) => {
    if (Array.isArray(c)) return c.length === 0 ? null : c;
    const xs = items('seq', c);
    return xs.length === 0 ? null : xs;
  },
  {
    params: ['[coll]'],
    examples: [
      ['(seq [1 2 3])', '[1 2 3]'],
      ['(seq "")', 'nil'],
      ['(seq {:a 1})', '[[:a 1]]'],
    ],
  },
);

/** Number of items of any collection (strings count characters: graphemes). */
export function countOf(fn: string, c: Value): number {
  if (Array.isArray(c)) return c.length;
  if (c === null) return 0;
  if (typeof c === 'string') return graphemeCount(c);
  if (c instanceof PMap || c instanceof PSet) return c.size;
  if (c instanceof PList) return c.items.length;
  throw expected(fn, 'a collection', c);
}

builtin('count', 1, 'The number of items in a collection (characters of a string, entries of a map).', (c) => countOf('count', c), {
  params: ['[coll]'],
  examples: [
    ['(count [1 2 3])', '3'],
    ['(count "héllo")', '5'],
    ['(count nil)', '0'],
  ],
});
builtinArea('predicates');
builtin('empty?', 1, 'True if the collection has no items (nil counts as empty).', (c) => countOf('empty?', c) === 0, {
  params: ['[coll]'],
  examples: [
    ['(empty? [])', 'true'],
    ['(empty? nil)', 'true'],
    ['(empty? "a")', 'false'],
  ],
});
builtinArea('collections');
builtin('not-empty', 1, 'The collection itself, or nil when it is empty.', (c) => (countOf('not-empty', c) === 0 ? null : c), {
  params: ['[coll]'],
  examples: [
    ['(not-empty [1 2])', '[1 2]'],
    ['(not-empty [])', 'nil'],
  ],
});
builtin(
  'reverse',
  1,
  'The items in reverse order, as a vector.',
  (c) => {
    const xs = items('reverse', c);
    const n = xs.length;
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) out[i] = xs[n - 1 - i];
    return out;
  },
  {
    params: ['[coll]'],
    examples: [
      ['(reverse [1 2 3])', '[3 2 1]'],
      ['(reverse "abc")', '["c" "b" "a"]'],
    ],
  },
);
