// The Java number members: Boolean/parseBoolean, the parsers of Double, Float, Integer and Long
// (Java's syntax and ranges, Java's exceptions instead of nil), the Double constants, and the
// java.lang.Math members with Java's primitive semantics.
//
// PTC-Lisp keeps no Java primitive kind on a number: an integer stands for a Java long and a float
// for a double when a Math member picks its overload, so the int and float overloads are never
// chosen (Math/round of a float gives a long; Math/abs of -2147483648 is 2147483648).
import { typeError } from '../errors.ts';
import { float, isFloat, isInteger, isNumber, normBig, toJs } from '../numbers.ts';
import { isLong, LONG_MAX, LONG_MIN } from '../java-time.ts';
import type { Value } from '../values.ts';
import { kindOf, show } from './coerce.ts';
import { javaException, nullPointer } from './java-surface.ts';
import { parseJavaFloating, parseJavaIntegral } from './java-number-text.ts';
import { interopConstant, interopFn } from './registry.ts';

// ---- constants ----

interopConstant('Double/POSITIVE_INFINITY', Infinity, 'Positive infinity, ##Inf.', [['(> Double/POSITIVE_INFINITY 1e308)', 'true']]);
interopConstant('Double/NEGATIVE_INFINITY', -Infinity, 'Negative infinity, ##-Inf.', [['Double/NEGATIVE_INFINITY', '##-Inf']]);
interopConstant('Double/NaN', NaN, 'Not a number, ##NaN (not equal even to itself).', [['(= Double/NaN Double/NaN)', 'false']]);

// ---- parsing ----

function stringArg(fn: string, s: Value): string {
  if (typeof s === 'string') return s;
  throw typeError(`${fn} expected a string, got ${kindOf(s)}: ${show(s)}`);
}

interopFn(
  'Boolean/parseBoolean',
  1,
  'true when s is "true" in any case; false for nil and every other string',
  (s) => (s === null ? false : /^true$/i.test(stringArg('Boolean/parseBoolean', s))),
  {
    params: ['[s]'],
    examples: [
      ['(Boolean/parseBoolean "TRUE")', 'true'],
      ['(Boolean/parseBoolean "yes")', 'false'],
      ['(Boolean/parseBoolean nil)', 'false'],
    ],
  },
);

function floatingParser(fn: string, asFloat: boolean): (s: Value) => Value {
  return (s) => {
    if (s === null) throw nullPointer(fn, 'the string');
    const n = parseJavaFloating(stringArg(fn, s), asFloat);
    if (n === null) throw javaException(fn, 'NumberFormatException', `cannot parse ${show(s)}`, '(parse-double s) gives nil instead of failing');
    return float(n);
  };
}

interopFn(
  'Double/parseDouble',
  1,
  "A float from Java's double syntax: surrounding spaces, a d or f suffix, hex (0x1.8p0), NaN, Infinity; fails on anything else",
  floatingParser('Double/parseDouble', false),
  {
    params: ['[s]'],
    examples: [
      ['(Double/parseDouble "2.5")', '2.5'],
      ['(Double/parseDouble "0x1.8p0")', '1.5'],
      ['(Double/parseDouble " 1e3 ")', '1000.0'],
      ['(Double/parseDouble "1,5")', 'error: runtime_error'],
    ],
  },
);

interopFn(
  'Float/parseFloat',
  1,
  "A float from Java's float syntax, rounded once to a Java float (24 bits of precision); fails on bad input",
  floatingParser('Float/parseFloat', true),
  {
    params: ['[s]'],
    examples: [
      ['(Float/parseFloat "1.5")', '1.5'],
      ['(Float/parseFloat "0.1")', '0.10000000149011612'],
      ['(Float/parseFloat "1e39")', '##Inf'],
    ],
  },
);

function integralParser(fn: string, min: bigint, max: bigint): (s: Value) => Value {
  return (s) => {
    if (s === null) throw javaException(fn, 'NumberFormatException', 'cannot parse nil', '(parse-long s) gives nil instead of failing');
    const n = parseJavaIntegral(stringArg(fn, s), min, max);
    if (n === null) {
      throw javaException(
        fn,
        'NumberFormatException',
        `cannot parse ${show(s)} as an integer from ${min} to ${max}`,
        '(parse-long s) gives nil instead of failing',
      );
    }
    return normBig(n);
  };
}

interopFn(
  'Integer/parseInt',
  1,
  'An integer from decimal digits with an optional sign (no spaces), within Java int range; fails on anything else',
  integralParser('Integer/parseInt', -(2n ** 31n), 2n ** 31n - 1n),
  {
    params: ['[s]'],
    examples: [
      ['(Integer/parseInt "42")', '42'],
      ['(Integer/parseInt "+7")', '7'],
      ['(Integer/parseInt "2147483648")', 'error: runtime_error'],
    ],
  },
);

interopFn(
  'Long/parseLong',
  1,
  'An integer from decimal digits with an optional sign (no spaces), within Java long range; fails on anything else',
  integralParser('Long/parseLong', LONG_MIN, LONG_MAX),
  {
    params: ['[s]'],
    examples: [
      ['(Long/parseLong "-9223372036854775808")', '-9223372036854775808'],
      ['(Long/parseLong "4x")', 'error: runtime_error'],
    ],
  },
);

// ---- java.lang.Math ----

/** A Java long, the overload an integer selects; integers past it have no Java overload. */
function longArg(fn: string, n: number | bigint): bigint {
  const b = BigInt(n);
  if (!isLong(b)) throw typeError(`${fn}: ${show(n)} is outside Java's long range, so no overload takes it; use the PTC function without Math/`);
  return b;
}

/** The one double argument of Math/ceil, floor, pow and sqrt: an integer in long range widens to it. */
function doubleArg(fn: string, v: Value, position: string): number {
  if (isFloat(v)) return toJs(v);
  if (isInteger(v)) return Number(longArg(fn, v));
  throw typeError(`${fn} expected a number as the ${position} argument, got ${kindOf(v)}: ${show(v)}`);
}

function numberArg(fn: string, v: Value): never {
  throw typeError(`${fn} expected a number, got ${kindOf(v)}: ${show(v)}`);
}

interopFn(
  'Math/abs',
  1,
  "Java's Math.abs: an integer stays an integer (Java long, so -9223372036854775808 stays negative), a float stays a float",
  (x) => {
    if (isInteger(x)) {
      const b = longArg('Math/abs', x);
      // Java's long has no positive counterpart of its minimum: the negation overflows back to it.
      return normBig(b === LONG_MIN ? b : b < 0n ? -b : b);
    }
    if (isFloat(x)) return float(Math.abs(toJs(x)));
    return numberArg('Math/abs', x);
  },
  {
    params: ['[x]'],
    examples: [
      ['(Math/abs -7)', '7'],
      ['(Math/abs -2.5)', '2.5'],
      ['(Math/abs -9223372036854775808)', '-9223372036854775808'],
    ],
  },
);

const roundingDoc = (what: string): string => `Java's Math.${what}: always a float (a double), unlike ${what}, which gives an integer`;
interopFn('Math/ceil', 1, roundingDoc('ceil'), (x) => float(Math.ceil(doubleArg('Math/ceil', x, 'first'))), {
  params: ['[x]'],
  examples: [
    ['(Math/ceil 1.2)', '2.0'],
    ['(Math/ceil -0.5)', '-0.0'],
    ['(Math/ceil 3)', '3.0'],
  ],
});
interopFn('Math/floor', 1, roundingDoc('floor'), (x) => float(Math.floor(doubleArg('Math/floor', x, 'first'))), {
  params: ['[x]'],
  examples: [
    ['(Math/floor -1.2)', '-2.0'],
    ['(Math/floor 2.7)', '2.0'],
  ],
});

/** Math/max and Math/min: two integers (Java long) or two floats (Java double, NaN and -0.0 as Java has them). */
function extremum(fn: string, pick: (a: number, b: number) => number, larger: boolean): (a: Value, b: Value) => Value {
  return (a, b) => {
    if (!isNumber(a)) numberArg(fn, a);
    if (!isNumber(b)) numberArg(fn, b);
    if (isInteger(a) && isInteger(b)) {
      const x = longArg(fn, a);
      const y = longArg(fn, b);
      return normBig(larger === x > y ? x : y);
    }
    if (isFloat(a) && isFloat(b)) return float(pick(toJs(a), toJs(b)));
    throw typeError(
      `${fn} takes two integers or two floats (Java picks one overload for both), got ${kindOf(a)} and ${kindOf(b)}; convert one with (double x) or (long x)`,
    );
  };
}
interopFn('Math/max', 2, "Java's Math.max of two integers or two floats (not one of each)", extremum('Math/max', Math.max, true), {
  params: ['[x y]'],
  examples: [
    ['(Math/max 3 9)', '9'],
    ['(Math/max -0.0 0.0)', '0.0'],
    ['(Math/max 1 2.0)', 'error: type_error'],
  ],
});
interopFn('Math/min', 2, "Java's Math.min of two integers or two floats (not one of each)", extremum('Math/min', Math.min, false), {
  params: ['[x y]'],
  examples: [
    ['(Math/min 3 9)', '3'],
    ['(Math/min ##NaN 1.0)', '##NaN'],
  ],
});

interopFn(
  'Math/pow',
  2,
  "Java's Math.pow: the base raised to the exponent, as a float",
  (x, y) => float(Math.pow(doubleArg('Math/pow', x, 'first'), doubleArg('Math/pow', y, 'second'))),
  {
    params: ['[base exponent]'],
    examples: [
      ['(Math/pow 2 3)', '8.0'],
      ['(Math/pow -1 0.5)', '##NaN'],
    ],
  },
);

interopFn('Math/sqrt', 1, "Java's Math.sqrt, as a float (##NaN below zero)", (x) => float(Math.sqrt(doubleArg('Math/sqrt', x, 'first'))), {
  params: ['[x]'],
  examples: [
    ['(Math/sqrt 16)', '4.0'],
    ['(Math/sqrt -1)', '##NaN'],
  ],
});

/** Java's Math.round of a double: the nearest long, ties toward +∞ (floor(x + 0.5), exactly); NaN is 0, the rest saturates. */
function roundDouble(x: number): bigint {
  if (Number.isNaN(x)) return 0n;
  if (x === Infinity) return LONG_MAX;
  if (x === -Infinity) return LONG_MIN;
  const whole = Math.trunc(x);
  const frac = x - whole;
  let r = BigInt(whole);
  if (frac >= 0.5) r += 1n;
  else if (frac < -0.5) r -= 1n;
  return r > LONG_MAX ? LONG_MAX : r < LONG_MIN ? LONG_MIN : r;
}

interopFn(
  'Math/round',
  1,
  "Java's Math.round of a float: the nearest integer, halves toward +∞ (-1.5 gives -1); an integer argument is refused, as Java has no such overload",
  (x) => {
    if (isFloat(x)) return normBig(roundDouble(toJs(x)));
    if (isInteger(x)) throw typeError('Math/round takes a float (Java has round(float) and round(double) only); an integer is already round, or use (round x)');
    throw typeError(`Math/round expected a float, got ${kindOf(x)}: ${show(x)}`);
  },
  {
    params: ['[x]'],
    examples: [
      ['(Math/round 2.5)', '3'],
      ['(Math/round -1.5)', '-1'],
      ['(Math/round ##NaN)', '0'],
      ['(Math/round 2)', 'error: type_error'],
    ],
  },
);
