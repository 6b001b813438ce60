// Builtins: equality and ordering. `=` is structural on any values; `==` is `=` with numbers compared
// by value; `< > <= >=` take numbers only (NaN compares false); `compare` orders numbers, strings,
// keywords and vectors.
import { compareValues, equals } from '../equality.ts';
import { typeError } from '../errors.ts';
import { eqNum, greaterEqNum, greaterNum, lessEqNum, lessNum } from '../fast-paths.ts';
import { isNumber, numCompare, type Num } from '../numbers.ts';
import { PJava, type Value } from '../values.ts';
import { kindOf, show } from './coerce.ts';
import { builtin, builtinArea, type BuiltinOptions } from './registry.ts';

function eq(...args: Value[]): Value {
  if (args.length === 2) return equals(args[0], args[1]);
  return allEqual(args);
}

function allEqual(args: readonly Value[]): boolean {
  for (let i = 1; i < args.length; i++) if (!equals(args[i - 1], args[i])) return false;
  return true;
}

// The reference area of the builtins below (registry.ts).
builtinArea('comparison');

builtin('=', [1, Infinity], 'True when all arguments are equal (structural; 1 and 1.0 differ)', eq, {
  binary: equals,
  spread: allEqual,
  params: ['[x & more]'],
  examples: [
    ['(= [1 2] [1 2])', 'true'],
    ['(= 5 nil)', 'false'],
  ],
});
builtin('not=', [1, Infinity], 'True when the arguments are not all equal', (...args) => !eq(...args), {
  binary: (a, b) => !equals(a, b),
  spread: (args) => !allEqual(args),
  params: ['[x & more]'],
  examples: [['(not= 1 2)', 'true']],
});

function notNumber(fn: string, v: Value): never {
  let hint = '';
  if (typeof v === 'string') hint = '; to order strings use (compare a b) or sort';
  else if (v === null) hint = '; check for nil first, e.g. (and x (> x 0))';
  else if (v instanceof PJava) hint = '; compare dates with .isBefore/.isAfter (LocalDate, Instant), .before/.after (java.util.Date) or compare';
  throw typeError(`${fn} expects numbers, got ${kindOf(v)}: ${show(v)}${hint}`);
}

/** A numeric comparison; numCompare gives NaN for unordered values, which fails every test. */
type Chain = ((...args: Value[]) => Value) & { pair: (a: Value, b: Value) => Value };

/** Register a numeric comparison with its two-argument fast path. */
function comparison(name: string, doc: string, f: Chain, opts: BuiltinOptions): void {
  builtin(name, [1, Infinity], doc, f, { ...opts, binary: f.pair, spread: 'chain' });
}

/**
 * A comparison from its two-argument test. `pair` is written out per operator (not built by a
 * shared helper) so each compiles to its own code with its fast path (fast-paths.ts) inlined.
 */
function chain(fn: string, pair: (a: Value, b: Value) => boolean): Chain {
  const variadic = (...args: Value[]): Value => {
    if (args.length === 2) return pair(args[0], args[1]);
    if (args.length === 1) {
      if (!isNumber(args[0])) notNumber(fn, args[0]);
      return true;
    }
    // Check every argument's type before answering, so (< 3 2 "a") still reports the string.
    let result = true;
    for (let i = 1; i < args.length; i++) if (!pair(args[i - 1], args[i])) result = false;
    return result;
  };
  return Object.assign(variadic, { pair });
}

/** numCompare's result for two values that are not both JS numbers (type errors for non-numbers). */
function slowCompare(fn: string, a: Value, b: Value): number {
  if (!isNumber(a)) notNumber(fn, a);
  if (!isNumber(b)) notNumber(fn, b);
  return numCompare(a as Num, b as Num);
}

comparison(
  '<',
  'True when the numbers are strictly increasing (numbers only)',
  chain('<', (a, b) => lessNum(a, b, (x, y) => slowCompare('<', x, y) < 0)),
  {
    params: ['[x]', '[x y & more]'],
    examples: [
      ['(< 1 2)', 'true'],
      ['(< 1 2 3)', 'true'],
    ],
  },
);
comparison(
  '>',
  'True when the numbers are strictly decreasing (numbers only)',
  chain('>', (a, b) => greaterNum(a, b, (x, y) => slowCompare('>', x, y) > 0)),
  {
    params: ['[x]', '[x y & more]'],
    examples: [['(> 3 2)', 'true']],
  },
);
comparison(
  '<=',
  'True when the numbers never decrease (numbers only)',
  chain('<=', (a, b) => lessEqNum(a, b, (x, y) => slowCompare('<=', x, y) <= 0)),
  {
    params: ['[x]', '[x y & more]'],
    examples: [['(<= 1 1)', 'true']],
  },
);
comparison(
  '>=',
  'True when the numbers never increase (numbers only)',
  chain('>=', (a, b) => greaterEqNum(a, b, (x, y) => slowCompare('>=', x, y) >= 0)),
  {
    params: ['[x]', '[x y & more]'],
    examples: [['(>= 3 2)', 'true']],
  },
);
/** `==`: numbers by value across integers and floats; other values as `=` (never a type error, as in the reference). */
const numEqual = (a: Value, b: Value): boolean => eqNum(a, b, (x, y) => (isNumber(x) && isNumber(y) ? numCompare(x, y) === 0 : equals(x, y)));
comparison(
  '==',
  'Equality with numbers compared by value: (== 1 1.0) is true; other values compare as with =',
  Object.assign((...args: Value[]): Value => args.every((x, i) => i === 0 || numEqual(args[i - 1], x)), { pair: numEqual }),
  {
    params: ['[x]', '[x y & more]'],
    examples: [
      ['(== 1 1.0)', 'true'],
      ['(== 1 "1")', 'false'],
    ],
  },
);

builtin('compare', 2, 'Order two values: -1, 0 or 1. Works on numbers, strings, keywords and vectors of them', (a, b) => Math.sign(compareValues(a, b)) + 0, {
  params: ['[x y]'],
  examples: [
    ['(compare 1 2)', '-1'],
    ['(compare "b" "a")', '1'],
  ],
});

builtin('identical?', 2, 'True when both arguments are the very same object (use = for equality)', (a, b) => a === b, {
  params: ['[x y]'],
  examples: [['(identical? :a :a)', 'true']],
});
