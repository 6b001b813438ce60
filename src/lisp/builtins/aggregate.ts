// Builtins: aggregation and reduction (reduce, reduce-kv, sum, avg, sum-by, avg-by, min-by,
// max-by, min-key, max-key).
import { PtcError, typeError } from '../errors.ts';
import { compareValues } from '../equality.ts';
import { float, isNumber, numCompare, toJs, type Num } from '../numbers.ts';
import { PList, PMap, type Value } from '../values.ts';
import { fn1, fn2, fnN } from './callers.ts';
import { add, expected, items, kindOf, show } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

// The reference area of the builtins below (registry.ts).
builtinArea('collections');

builtin(
  'reduce',
  [2, 3],
  'Combine the items with (f acc item), starting from init (or the first item). Maps give [k v] items.',
  (...args) => {
    const f = args[0];
    const coll = args[args.length - 1];
    const g = fn2('reduce', f, coll);
    const xs = items('reduce', coll);
    let acc: Value;
    let i = 0;
    if (args.length === 3) {
      acc = args[1];
    } else {
      if (xs.length === 0) return typeof f === 'function' && f.ptc.minArity === 0 ? fnN('reduce', f)([]) : null;
      acc = xs[0];
      i = 1;
    }
    // A two-parameter closure folds all items through its batch entry (see Fold2).
    if (typeof f === 'function' && f.fold2 !== undefined) return f.fold2(acc, xs, i);
    for (; i < xs.length; i++) acc = g(acc, xs[i]);
    return acc;
  },
  {
    params: ['[f coll]', '[f init coll]'],
    examples: [
      ['(reduce + [1 2 3])', '6'],
      ['(reduce + 10 [1 2 3])', '16'],
      ['(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})', '3'],
    ],
  },
);

builtin(
  'reduce-kv',
  3,
  'Combine map entries with (f acc k v), starting from init; on a vector k is the index.',
  (f, init, coll) => {
    const fn = fnN('reduce-kv', f, coll);
    let acc = init;
    if (coll === null) return acc;
    if (coll instanceof PMap) {
      const es = coll.entries();
      for (let i = 0; i < es.length; i++) acc = fn([acc, es[i][0], es[i][1]]);
      return acc;
    }
    const xs = Array.isArray(coll) ? coll : coll instanceof PList ? coll.items : null;
    if (xs === null) throw expected('reduce-kv', 'a map or vector', coll);
    for (let i = 0; i < xs.length; i++) acc = fn([acc, i, xs[i]]);
    return acc;
  },
  { params: ['[f init coll]'], examples: [['(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2})', '3']] },
);

/** Sum of the non-nil values, with an arithmetic error naming the offending item. */
function sumValues(fn: string, xs: readonly Value[], key: ((x: Value) => Value) | null): [Num, number] {
  let sum: Num = 0;
  let n = 0;
  let fast = 0;
  let allFast = true;
  for (let i = 0; i < xs.length; i++) {
    const v = key === null ? xs[i] : key(xs[i]);
    if (v === null) continue;
    n++;
    if (allFast && typeof v === 'number' && Number.isInteger(v)) {
      const s = fast + v;
      if (Number.isSafeInteger(s)) {
        fast = s;
        continue;
      }
    }
    if (!isNumber(v)) {
      const where = key === null ? '' : ` for item ${show(xs[i])}`;
      // The specification's error type for a non-numeric value in a sum or average.
      throw new PtcError('arithmetic_error', `${fn} expected numbers, got ${kindOf(v)}: ${show(v)}${where}`);
    }
    if (allFast) {
      allFast = false;
      sum = fast;
    }
    sum = add(sum, v);
  }
  return [allFast ? fast : sum, n];
}

function average(fn: string, xs: readonly Value[], key: ((x: Value) => Value) | null): Value {
  const [sum, n] = sumValues(fn, xs, key);
  return n === 0 ? null : float(toJs(sum) / n);
}

builtin('sum', 1, 'The sum of a collection of numbers (nil items are skipped); 0 when empty.', (c) => sumValues('sum', items('sum', c), null)[0], {
  params: ['[coll]'],
  examples: [
    ['(sum [1 2 3])', '6'],
    ['(sum [1.5 2])', '3.5'],
    ['(sum [])', '0'],
  ],
});
builtin('avg', 1, 'The average of a collection of numbers as a float (nil items are skipped); nil when empty.', (c) => average('avg', items('avg', c), null), {
  params: ['[coll]'],
  examples: [
    ['(avg [1 2 3 4])', '2.5'],
    ['(avg [])', 'nil'],
  ],
});
builtin(
  'sum-by',
  2,
  'The sum of (f item) over the items, skipping nil values; f may be a keyword or string key.',
  (f, c) => sumValues('sum-by', items('sum-by', c), fn1('sum-by', f, c, true))[0],
  { params: ['[f coll]'], examples: [['(sum-by :amount [{:amount 10} {:amount nil} {:other 5}])', '10']] },
);
builtin(
  'avg-by',
  2,
  'The average of (f item) as a float, skipping nil values; nil when there are none.',
  (f, c) => average('avg-by', items('avg-by', c), fn1('avg-by', f, c, true)),
  { params: ['[f coll]'], examples: [['(avg-by :amount [{:amount 10} {:amount nil} {:amount 20}])', '15.0']] },
);

/** The item whose key is smallest (sign -1) or largest (sign 1); nil keys are skipped; ties keep the first. */
function extremeBy(fn: string, f: Value, c: Value, sign: number): Value {
  const kf = fn1(fn, f, c, true);
  const xs = items(fn, c);
  let best: Value = null;
  let bestKey: Value = null;
  let found = false;
  for (let i = 0; i < xs.length; i++) {
    const k = kf(xs[i]);
    if (k === null) continue;
    if (!found || compareValues(k, bestKey) * sign > 0) {
      best = xs[i];
      bestKey = k;
      found = true;
    }
  }
  return best;
}

builtin('min-by', 2, 'The item with the smallest (f item), skipping nil keys; nil when empty.', (f, c) => extremeBy('min-by', f, c, -1), {
  params: ['[f coll]'],
  examples: [['(min-by :price [{:price nil} {:price 10} {:price 5}])', '{:price 5}']],
});
builtin('max-by', 2, 'The item with the largest (f item), skipping nil keys; nil when empty.', (f, c) => extremeBy('max-by', f, c, 1), {
  params: ['[f coll]'],
  examples: [['(max-by :price [{:price 10} {:price 50} {:price 5}])', '{:price 50}']],
});

/** Clojure's min-key / max-key: numeric keys, the last of equal extremes wins. */
function extremeKey(fn: string, args: Value[], sign: number): Value {
  const kf = fn1(fn, args[0], undefined, true);
  // One value is the answer without a comparison, so k is not called (nor its result checked).
  if (args.length === 2) return args[1];
  let best = args[1];
  let bestKey = kf(best);
  if (!isNumber(bestKey)) throw typeError(`${fn} keys must be numbers, got ${kindOf(bestKey)}: ${show(bestKey)} for ${show(best)}`);
  for (let i = 2; i < args.length; i++) {
    const k = kf(args[i]);
    if (!isNumber(k)) throw typeError(`${fn} keys must be numbers, got ${kindOf(k)}: ${show(k)} for ${show(args[i])}`);
    if (numCompare(k, bestKey) * sign >= 0) {
      best = args[i];
      bestKey = k;
    }
  }
  return best;
}

builtin('min-key', [2, Infinity], 'The argument x for which (k x) is smallest (a number).', (...args) => extremeKey('min-key', args, -1), {
  params: ['[k x & more]'],
  examples: [['(min-key count "abc" "a" "ab")', '"a"']],
});
builtin('max-key', [2, Infinity], 'The argument x for which (k x) is largest (a number).', (...args) => extremeKey('max-key', args, 1), {
  params: ['[k x & more]'],
  examples: [
    ['(max-key count "a" "abc" "ab")', '"abc"'],
    ['(apply max-key second (seq {:a 3 :b 7 :c 2}))', '[:b 7]'],
    ['(max-key :x {:x "a"})', '{:x "a"}'],
  ],
});
