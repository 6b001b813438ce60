// Builtins: arithmetic and math. Integers stay integers (BigInt past 2^53), any float makes the
// result a float, `/` always returns a float. Dividing by the integer 0 is an arithmetic error (as
// quot, rem and mod by any zero); dividing by the float 0.0 follows IEEE (##Inf, ##-Inf, ##NaN).
// The two-JS-number case is checked first everywhere (fast-paths.ts): it is by far the most common.
import { PtcError, typeError } from '../errors.ts';
import { float, isFloat, isInteger, isZero, negate, numCompare, toJs, type Num } from '../numbers.ts';
import { addInt, decInt, incInt, maxInt, minInt, modInt, mulInt, subInt } from '../fast-paths.ts';
import type { Value } from '../values.ts';
import { add, mul, normBig, num, show, sub } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

const plusAny = (a: Value, b: Value): Value => add(num('+', a), num('+', b));
const minusAny = (a: Value, b: Value): Value => sub(num('-', a), num('-', b));
const timesAny = (a: Value, b: Value): Value => mul(num('*', a), num('*', b));

function plus2(a: Value, b: Value): Value {
  return addInt(a, b, plusAny);
}

function minus2(a: Value, b: Value): Value {
  return subInt(a, b, minusAny);
}

function times2(a: Value, b: Value): Value {
  return mulInt(a, b, timesAny);
}

function plus(...args: Value[]): Value {
  const n = args.length;
  if (n === 2) return plus2(args[0], args[1]);
  if (n === 0) return 0;
  let acc = num('+', args[0]);
  for (let i = 1; i < n; i++) acc = add(acc, num('+', args[i]));
  return acc;
}

function minus(...args: Value[]): Value {
  const n = args.length;
  if (n === 2) return minus2(args[0], args[1]);
  if (n === 1) return negate(num('-', args[0]));
  let acc = num('-', args[0]);
  for (let i = 1; i < n; i++) acc = sub(acc, num('-', args[i]));
  return acc;
}

function times(...args: Value[]): Value {
  const n = args.length;
  if (n === 2) return times2(args[0], args[1]);
  if (n === 0) return 1;
  let acc = num('*', args[0]);
  for (let i = 1; i < n; i++) acc = mul(acc, num('*', args[i]));
  return acc;
}

/** The call as written, for messages: its first few arguments only (apply can pass 10⁵). */
function callText(fn: string, args: readonly Value[]): string {
  const shown = args.slice(0, 4).map(show).join(' ');
  return `(${fn} ${shown}${args.length > 4 ? ' …' : ''})`;
}

function divideByZero(fn: string, args: readonly Value[]): never {
  const hint =
    fn === '/'
      ? 'Check the divisor first, or divide by the float 0.0 to get ##Inf or ##NaN.'
      : `Check the divisor first, e.g. (when-not (zero? d) (${fn} n d)).`;
  throw new PtcError('arithmetic_error', `Divide by zero in ${callText(fn, args)}.`, null, hint);
}

/** A divisor of `/` as a JS number; the integer 0 is an error (a float 0.0 is IEEE's to answer). */
function divisor(v: Value, args: readonly Value[]): number {
  const d = num('/', v);
  // Integral floats are boxed (PFloat), so a plain JS 0 is always the integer zero.
  if (d === 0) divideByZero('/', args);
  return toJs(d);
}

function divide(...args: Value[]): Value {
  if (args.length === 1) return float(1 / divisor(args[0], args));
  let acc = toJs(num('/', args[0]));
  for (let i = 1; i < args.length; i++) acc = acc / divisor(args[i], args);
  return float(acc);
}

// The reference area of the builtins below (registry.ts).
builtinArea('math');

builtin('+', [0, Infinity], 'Sum of the numbers; integers stay integers, any float makes a float', plus, {
  binary: plus2,
  spread: 'fold',
  params: ['[& xs]'],
  examples: [
    ['(+ 1 2 3)', '6'],
    ['(+ 1 2.0)', '3.0'],
  ],
});
builtin('-', [1, Infinity], 'Subtract the rest from the first number; with one argument, negate it', minus, {
  binary: minus2,
  spread: 'fold',
  params: ['[x & ys]'],
  examples: [
    ['(- 10 3 2)', '5'],
    ['(- 5)', '-5'],
  ],
});
builtin('*', [0, Infinity], 'Product of the numbers', times, {
  binary: times2,
  spread: 'fold',
  params: ['[& xs]'],
  examples: [
    ['(* 2 3 4)', '24'],
    ['(* 100 0.1)', '10.0'],
  ],
});
builtin('/', [1, Infinity], 'Divide; always returns a float. Dividing by the integer 0 is an error; by 0.0 gives ##Inf, ##-Inf or ##NaN', divide, {
  spread: 'fold',
  params: ['[x & ys]'],
  examples: [
    ['(/ 10 2)', '5.0'],
    ['(/ 10 4)', '2.5'],
    ['(/ 1 0)', 'error: arithmetic_error'],
    ['(/ 1 0.0)', '##Inf'],
  ],
});

/** True when both operands are integers (otherwise mod/rem/quot use float math). */
function bothInts(a: Num, b: Num): boolean {
  return isInteger(a) && isInteger(b);
}

/** The operands of quot, rem and mod: a zero divisor, integer or float, is an error (as in Clojure). */
function intDivArgs(fn: string, a: Value, b: Value): [Num, Num] {
  const x = num(fn, a);
  const y = num(fn, b);
  if (isZero(y)) divideByZero(fn, [a, b]);
  return [x, y];
}

/** ##Inf or ##NaN among the operands (always plain JS numbers): quot, rem and mod then give ##NaN. */
function special(x: Num, y: Num): boolean {
  return (typeof x === 'number' && !Number.isFinite(x)) || (typeof y === 'number' && !Number.isFinite(y));
}

/** (mod a b) past its fast path: BigInt, floats, and the errors. */
function modAny(a: Value, b: Value): Value {
  const [x, y] = intDivArgs('mod', a, b);
  if (special(x, y)) return NaN;
  if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) {
    const m = x % y;
    return m !== 0 && m < 0 !== y < 0 ? m + y : m + 0;
  }
  if (bothInts(x, y)) {
    const bx = BigInt(x as number | bigint);
    const by = BigInt(y as number | bigint);
    const m = bx % by;
    return normBig(m !== 0n && m < 0n !== by < 0n ? m + by : m);
  }
  const fx = toJs(x);
  const fy = toJs(y);
  const m = fx % fy;
  return float(m !== 0 && m < 0 !== fy < 0 ? m + fy : m);
}

builtin('mod', 2, 'Modulus of floored division: the sign follows the divisor', (a, b) => modInt(a, b, modAny), {
  params: ['[num div]'],
  examples: [
    ['(mod -10 3)', '2'],
    ['(mod 10 3)', '1'],
  ],
});

builtin(
  'rem',
  2,
  'Remainder of truncated division: the sign follows the dividend',
  (a, b) => {
    const [x, y] = intDivArgs('rem', a, b);
    if (special(x, y)) return NaN;
    if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) return (x % y) + 0;
    if (bothInts(x, y)) return normBig(BigInt(x as number | bigint) % BigInt(y as number | bigint));
    return float(toJs(x) % toJs(y));
  },
  { params: ['[num div]'], examples: [['(rem -10 3)', '-1']] },
);

builtin(
  'quot',
  2,
  'Quotient of division truncated toward zero',
  (a, b) => {
    const [x, y] = intDivArgs('quot', a, b);
    if (special(x, y)) return NaN;
    if (typeof x === 'number' && typeof y === 'number' && Number.isInteger(x) && Number.isInteger(y)) return (x - (x % y)) / y + 0;
    if (bothInts(x, y)) return normBig(BigInt(x as number | bigint) / BigInt(y as number | bigint));
    return float(Math.trunc(toJs(x) / toJs(y)));
  },
  {
    params: ['[num div]'],
    examples: [
      ['(quot 7 2)', '3'],
      ['(quot -7 2)', '-3'],
    ],
  },
);

builtin('inc', 1, 'The number plus one', (x) => incInt(x, (v) => add(num('inc', v), 1)), {
  params: ['[x]'],
  examples: [
    ['(inc 41)', '42'],
    ['(inc 1.5)', '2.5'],
  ],
});

builtin('dec', 1, 'The number minus one', (x) => decInt(x, (v) => sub(num('dec', v), 1)), { params: ['[x]'], examples: [['(dec 43)', '42']] });

builtin(
  'abs',
  1,
  'Absolute value',
  (x) => {
    const n = num('abs', x);
    return numCompare(n, 0) < 0 ? negate(n) : isFloat(n) ? float(Math.abs(toJs(n))) : n;
  },
  {
    params: ['[x]'],
    examples: [
      ['(abs -5)', '5'],
      ['(abs -2.5)', '2.5'],
    ],
  },
);

function extreme(fn: string, sign: number): (...args: Value[]) => Value {
  return (...args: Value[]): Value => {
    let best = num(fn, args[0]);
    if (Number.isNaN(toJs(best))) return best;
    for (let i = 1; i < args.length; i++) {
      const x = num(fn, args[i]);
      const c = numCompare(x, best);
      if (Number.isNaN(c)) return x; // NaN wins, as in Clojure
      if (c * sign > 0) best = x;
    }
    return best;
  };
}

const max = extreme('max', 1);
const min = extreme('min', -1);
builtin('max', [1, Infinity], 'The largest of the numbers (use (apply max coll) for a collection)', max, {
  binary: (a, b) => maxInt(a, b, max),
  spread: 'fold',
  params: ['[x & more]'],
  examples: [
    ['(max 1 5 3)', '5'],
    ['(apply max [1 5 3])', '5'],
  ],
});
builtin('min', [1, Infinity], 'The smallest of the numbers (use (apply min coll) for a collection)', min, {
  binary: (a, b) => minInt(a, b, min),
  spread: 'fold',
  params: ['[x & more]'],
  examples: [['(min 4 2 8)', '2']],
});

/** Round a number to an integer with `f`; integers pass through, ##Inf and ##NaN stay as they are. */
function rounding(fn: string, f: (n: number) => number): (x: Value) => Value {
  return (x: Value): Value => {
    const n = num(fn, x);
    if (isInteger(n)) return n;
    const v = f(toJs(n));
    if (!Number.isFinite(v)) return n;
    return Number.isSafeInteger(v) ? v + 0 : normBig(BigInt(v));
  };
}

builtin('floor', 1, 'Round down to an integer', rounding('floor', Math.floor), {
  params: ['[x]'],
  examples: [
    ['(floor 3.7)', '3'],
    ['(floor -3.2)', '-4'],
  ],
});
builtin('ceil', 1, 'Round up to an integer', rounding('ceil', Math.ceil), {
  params: ['[x]'],
  examples: [['(ceil 3.2)', '4']],
});
/** Halves round away from zero, as the reference runtime's round does (Math/round rounds them up). */
const roundHalfAway = (n: number): number => (n < 0 ? -Math.round(-n) : Math.round(n));

builtin('round', 1, 'Round to the nearest integer; halves round away from zero (##Inf and ##NaN stay as they are)', rounding('round', roundHalfAway), {
  params: ['[x]'],
  examples: [
    ['(round 3.5)', '4'],
    ['(round -2.5)', '-3'],
    ['(round 2.4)', '2'],
  ],
});
builtin('trunc', 1, 'Drop the fractional part, giving an integer', rounding('trunc', Math.trunc), {
  params: ['[x]'],
  examples: [['(trunc -3.7)', '-3']],
});

function toDouble(fn: string): (x: Value) => Value {
  return (x: Value): Value => {
    if (typeof x === 'string') throw typeError(`${fn} expected a number, got string: ${show(x)}; to parse a string use parse-double`);
    return float(toJs(num(fn, x)));
  };
}

builtin('double', 1, 'Convert a number to a float', toDouble('double'), { params: ['[x]'], examples: [['(double 5)', '5.0']] });
builtin('float', 1, 'Convert a number to a float (same as double)', toDouble('float'), { params: ['[x]'], examples: [['(float 2)', '2.0']] });

builtin(
  'int',
  1,
  'Convert a number to an integer, truncating toward zero (##NaN gives 0, as on the JVM; ##Inf is an error)',
  (x) => {
    if (isInteger(x)) return x;
    if (typeof x === 'string') throw typeError(`int expected a number, got string: ${show(x)}; to parse a string use parse-long`);
    const n = toJs(num('int', x));
    if (Number.isNaN(n)) return 0;
    if (!Number.isFinite(n)) throw new PtcError('arithmetic_error', `int cannot convert ${show(x)} to an integer`);
    const t = Math.trunc(n);
    return Number.isSafeInteger(t) ? t + 0 : normBig(BigInt(t));
  },
  {
    params: ['[x]'],
    examples: [
      ['(int 3.7)', '3'],
      ['(int -3.7)', '-3'],
      ['(int ##NaN)', '0'],
      ['(int ##Inf)', 'error: arithmetic_error'],
    ],
  },
);

builtin('sqrt', 1, 'Square root, as a float (##NaN for negative numbers)', (x) => float(Math.sqrt(toJs(num('sqrt', x)))), {
  params: ['[x]'],
  examples: [['(sqrt 16)', '4.0']],
});

builtin('pow', 2, 'x raised to the power y, as a float', (x, y) => float(Math.pow(toJs(num('pow', x)), toJs(num('pow', y)))), {
  params: ['[x y]'],
  examples: [['(pow 2 10)', '1024.0']],
});

// Clojure's auto-promoting spellings. Integers here never overflow (they become BigInt past 2^53),
// so each is the same function as its plain name.
builtin("+'", [0, Infinity], 'Same as + (integers already grow past 64 bits without overflow)', plus, {
  binary: plus2,
  spread: 'fold',
  params: ['[& xs]'],
  examples: [["(+' 9223372036854775807 1)", '9223372036854775808']],
});
builtin("-'", [1, Infinity], 'Same as - (integers already grow past 64 bits without overflow)', minus, {
  binary: minus2,
  spread: 'fold',
  params: ['[x & ys]'],
  examples: [["(-' -9223372036854775808 1)", '-9223372036854775809']],
});
builtin("*'", [0, Infinity], 'Same as * (integers already grow past 64 bits without overflow)', times, {
  binary: times2,
  spread: 'fold',
  params: ['[& xs]'],
  examples: [["(*' 4294967296 4294967296)", '18446744073709551616']],
});
builtin("inc'", 1, 'Same as inc (integers already grow past 64 bits without overflow)', (x) => incInt(x, (v) => add(num("inc'", v), 1)), {
  params: ['[x]'],
  examples: [["(inc' 9223372036854775807)", '9223372036854775808']],
});
builtin("dec'", 1, 'Same as dec (integers already grow past 64 bits without overflow)', (x) => decInt(x, (v) => sub(num("dec'", v), 1)), {
  params: ['[x]'],
  examples: [["(dec' -9223372036854775808)", '-9223372036854775809']],
});

// Number kinds Clojure has and this language does not (no ratios, no BigDecimal): integers are its
// only rationals.
builtinArea('predicates');

builtin('decimal?', 1, 'Always false: there are no BigDecimal numbers (1.5 is a float)', () => false, {
  params: ['[x]'],
  examples: [['(decimal? 1.5)', 'false']],
});
builtin('ratio?', 1, 'Always false: there are no ratios ((/ 1 3) is a float)', () => false, {
  params: ['[x]'],
  examples: [['(ratio? (/ 1 3))', 'false']],
});
builtin('rational?', 1, 'True when x is an integer, the only rational numbers here (floats are not)', isInteger, {
  params: ['[x]'],
  examples: [
    ['(rational? 42)', 'true'],
    ['(rational? 0.5)', 'false'],
  ],
});
