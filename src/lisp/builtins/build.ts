// Builtins: building and combining collections (conj, into, concat, vec, vector, set, hash-set,
// list, range, empty, distinct?, repeat).
import { arityError, execError, typeError } from '../errors.ts';
import { isInteger, numCompare, toJs, type Num } from '../numbers.ts';
import { rt } from '../runtime.ts';
import { hashKey, type MapBuilder, PList, PMap, PSet, type Value } from '../values.ts';
import { countArg } from './callers.ts';
import { add, charged, chargeStep, expected, items, num, show, STEP_MASK } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

/** Add one [k v] entry (or all entries of a map; nil adds nothing) to a map builder, as conj onto a map does. */
export function addEntry(fn: string, b: MapBuilder, x: Value): void {
  if (Array.isArray(x)) {
    if (x.length !== 2) throw typeError(`${fn} into a map needs [key value] pairs, got a vector of ${x.length} items: ${show(x)}`);
    b.set(x[0], x[1]);
  } else if (x instanceof PMap) {
    x.forEach((v, k) => b.set(k, v));
  } else if (x !== null) {
    throw typeError(`${fn} into a map needs [key value] pairs or maps, got ${show(x)}`);
  }
}

/** Add all of xs to `to` (conj semantics); `xs` must not be retained mutably by the caller. */
function conjAll(fn: string, to: Value, xs: readonly Value[]): Value {
  if (to === null || Array.isArray(to)) {
    const base: readonly Value[] = to === null ? [] : to;
    if (xs.length === 0) return base;
    rt().checkSize(base.length + xs.length);
    const out = base.slice();
    for (let i = 0; i < xs.length; i++) out.push(xs[i]);
    return out;
  }
  if (to instanceof PMap) {
    if (xs.length === 0) return to;
    const b = to.toBuilder();
    for (let i = 0; i < xs.length; i++) {
      if ((i & STEP_MASK) === STEP_MASK) chargeStep();
      addEntry(fn, b, xs[i]);
    }
    rt().checkSize(b.size);
    return b.build();
  }
  if (to instanceof PSet) {
    if (xs.length === 0) return to;
    rt().checkSize(to.size + xs.length);
    return xs.length < 16 ? to.conj(...xs) : PSet.from(charged(to.values().concat(xs)));
  }
  if (to instanceof PList) {
    rt().checkSize(to.items.length + xs.length);
    const out: Value[] = [];
    for (let i = xs.length - 1; i >= 0; i--) out.push(xs[i]);
    for (const x of to.items) out.push(x);
    return new PList(out);
  }
  throw expected(fn, 'a collection (vector, map, set or nil) to add to', to);
}

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'conj',
  [0, Infinity],
  'Add items to a collection: vectors append, sets add, maps take [k v] pairs, lists prepend; nil acts as [].',
  (...args) => {
    if (args.length === 0) return [];
    return conjAll('conj', args[0], args.slice(1));
  },
  {
    spread: 'fold',
    params: ['[]', '[coll]', '[coll x & xs]'],
    examples: [
      ['(conj [1 2] 3)', '[1 2 3]'],
      ['(conj {:a 1} [:b 2])', '{:a 1 :b 2}'],
      ['(conj #{1} 2)', '#{1 2}'],
    ],
  },
);
builtin(
  'into',
  [0, 2],
  'Add all items of from to the collection to (a vector, map, set or nil).',
  (...args) => {
    if (args.length === 0) return [];
    if (args.length === 1) return args[0];
    return conjAll('into', args[0], items('into', args[1]));
  },
  {
    params: ['[]', '[to]', '[to from]'],
    examples: [
      ['(into {} [[:a 1] [:b 2]])', '{:a 1 :b 2}'],
      ['(into [] {:a 1})', '[[:a 1]]'],
      ['(into #{} [1 1 2])', '#{1 2}'],
    ],
  },
);
builtin(
  'concat',
  [0, Infinity],
  'All items of the collections in order, as one vector.',
  (...colls) => {
    const out: Value[] = [];
    const r = rt();
    for (let i = 0; i < colls.length; i++) {
      const xs = items('concat', colls[i]);
      r.checkGrowing(out.length + xs.length);
      for (let j = 0; j < xs.length; j++) out.push(xs[j]);
    }
    return out;
  },
  { spread: 'fold', params: ['[& colls]'], examples: [['(concat [1 2] [3] nil [4])', '[1 2 3 4]']] },
);
builtin('vec', 1, 'The items of a collection as a vector (a map gives [k v] entries).', (c) => (Array.isArray(c) ? c : items('vec', c).slice()), {
  params: ['[coll]'],
  examples: [
    ['(vec #{1})', '[1]'],
    ['(vec nil)', '[]'],
  ],
});
builtin('vector', [0, Infinity], 'A vector of the arguments.', (...xs) => xs, {
  spread: (xs) => xs.slice(),
  params: ['[& xs]'],
  examples: [['(vector 1 2 3)', '[1 2 3]']],
});
builtinArea('sets');
builtin('set', 1, 'A set of the items of a collection.', (c) => (c instanceof PSet ? c : PSet.from(charged(items('set', c)))), {
  params: ['[coll]'],
  examples: [['(set [1 2 1])', '#{1 2}']],
});
builtin('hash-set', [0, Infinity], 'A set of the arguments.', (...xs) => PSet.from(xs), {
  spread: (xs) => PSet.from(charged(xs)),
  params: ['[& xs]'],
  examples: [['(hash-set 1 2 1)', '#{1 2}']],
});
builtinArea('collections');
builtin('list', [0, Infinity], 'A list of the arguments.', (...xs) => new PList(xs), {
  spread: (xs) => new PList(xs.slice()),
  params: ['[& xs]'],
  examples: [['(list 1 2)', '(1 2)']],
});

/**
 * The first `limit` numbers of (range ...args), all of them when limit is Infinity. A step of 0
 * repeats start without end (Clojure's rule; none when start equals end), which only a bounded
 * take can consume: (take n (range a b 0)) is n copies of a (forms/take-range.ts).
 */
export function rangeItems(args: readonly Value[], limit: number): Value[] {
  const r = rt();
  if (args.every((a) => typeof a === 'number' && Number.isInteger(a))) {
    const [start, end, step] =
      args.length === 1 ? [0, args[0] as number, 1] : [args[0] as number, args[1] as number, args.length === 3 ? (args[2] as number) : 1];
    if (step === 0) return repeatStart(start, start === end, limit);
    const n = Math.min(limit, Math.max(0, Math.ceil((end - start) / step)));
    r.checkSize(n, 'range');
    const out = new Array<Value>(n);
    for (let i = 0; i < n; i++) out[i] = start + i * step;
    return out;
  }
  const nums: Num[] = args.map((a) => num('range', a));
  const [start, end, step]: Num[] = nums.length === 1 ? [0, nums[0], 1] : [nums[0], nums[1], nums.length === 3 ? nums[2] : 1];
  const dir = numCompare(step, 0);
  if (Number.isNaN(dir)) throw typeError('range step must be a number, got NaN');
  if (dir === 0) return repeatStart(start, numCompare(start, end) === 0, limit);
  const approx = Math.min(limit, Math.ceil((toJs(end) - toJs(start)) / toJs(step)));
  if (!(approx <= r.limits.maxValueSize)) r.checkSize(Number.isFinite(approx) ? approx : Number.MAX_SAFE_INTEGER, 'range');
  const out: Value[] = [];
  for (let x = start; out.length < limit && (dir > 0 ? numCompare(x, end) < 0 : numCompare(x, end) > 0); x = add(x, step)) {
    out.push(x);
    if (out.length > r.limits.maxValueSize) r.checkSize(out.length, 'range');
  }
  return out;
}

/** A zero-step range: empty when start is end, else `limit` copies of start (only a bounded take gets here). */
function repeatStart(start: Value, empty: boolean, limit: number): Value[] {
  if (empty) return [];
  if (limit === Infinity) {
    throw execError('range with step 0 never ends; use a non-zero step (only (take n (range a b 0)) can use one: n copies of a)');
  }
  rt().checkSize(limit, 'range');
  return new Array<Value>(limit).fill(start);
}

builtin(
  'range',
  [1, 3],
  'Numbers from start (default 0) up to but excluding end, by step (default 1); a step of 0 only under take. At least one argument is required.',
  (...args) => rangeItems(args, Infinity),
  {
    params: ['[end]', '[start end]', '[start end step]'],
    examples: [
      ['(range 5)', '[0 1 2 3 4]'],
      ['(range 10 0 -2)', '[10 8 6 4 2]'],
      ['(range 0 1 0.25)', '[0 0.25 0.5 0.75]'],
      ['(take 2 (range 7 9 0))', '[7 7]'],
      ['(range 1 5 0)', 'error: runtime_error'],
    ],
  },
);

builtin(
  'empty',
  1,
  'An empty collection of the same kind ([] {} #{}), or nil for anything else.',
  (c) => {
    if (Array.isArray(c)) return [];
    if (c instanceof PMap) return PMap.EMPTY;
    if (c instanceof PSet) return PSet.EMPTY;
    if (c instanceof PList) return new PList([]);
    return null;
  },
  {
    params: ['[coll]'],
    examples: [
      ['(empty [1 2])', '[]'],
      ['(empty {:a 1})', '{}'],
    ],
  },
);
builtinArea('comparison');
builtin(
  'distinct?',
  [1, Infinity],
  'True if no two arguments are equal.',
  (...xs) => {
    const seen = new Set<unknown>();
    for (const x of xs) {
      const h = hashKey(x);
      if (seen.has(h)) return false;
      seen.add(h);
    }
    return true;
  },
  {
    params: ['[x & more]'],
    examples: [
      ['(distinct? 1 2 3)', 'true'],
      ['(distinct? 1 2 1)', 'false'],
    ],
  },
);
builtinArea('collections');
builtin(
  'repeat',
  [1, 2],
  'A vector of n copies of x. (Infinite (repeat x) is not supported.)',
  (...args) => {
    if (args.length === 1) {
      throw arityError('repeat needs a count: (repeat n x). Infinite sequences are not supported; e.g. (repeat 3 x) or (take n (repeat ...)) → (repeat n x)');
    }
    if (!isInteger(args[0])) throw expected('repeat', 'an integer count as the first argument: (repeat n x)', args[0]);
    const n = Math.max(0, countArg('repeat', args[0]));
    rt().checkSize(n, 'repeat');
    return new Array<Value>(n).fill(args[1]);
  },
  { params: ['[n x]'], examples: [['(repeat 3 "x")', '["x" "x" "x"]']] },
);
