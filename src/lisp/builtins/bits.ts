// Builtins: bit operations on integers of any size. An integer behaves as two's complement with its
// sign repeated forever (BigInt's own semantics), so there is no word width: a shift count is not
// masked and a left shift grows the number, up to the integer size cap (coerce.ts). Integers that
// fit in 32 bits take JavaScript's own operators, which agree with that semantics there.
import { typeError } from '../errors.ts';
import type { Value } from '../values.ts';
import { expected, MAX_INT_BITS, normBig, tooBig } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

type Int = number | bigint;

function bitInt(fn: string, v: Value): Int {
  if ((typeof v === 'number' && Number.isInteger(v)) || typeof v === 'bigint') return v;
  throw expected(fn, 'an integer', v);
}

/** A bit index or shift count: a non-negative integer. Past any integer's size it is Infinity. */
function bitIndex(fn: string, v: Value): number {
  const n = bitInt(fn, v);
  if (n < 0) throw typeError(`${fn} expected a non-negative bit index or shift count, got ${n}`);
  return typeof n === 'bigint' || n > MAX_INT_BITS * 2 ? Infinity : n;
}

const isInt32 = (x: Int): x is number => typeof x === 'number' && (x | 0) === x;

/** Bits of the magnitude (0 for 0): past them every bit of x is its sign. */
function bitLength(x: Int): number {
  if (typeof x === 'number') {
    const a = Math.abs(x);
    return a < 2 ** 31 ? 32 - Math.clz32(a) : a.toString(2).length;
  }
  return (x < 0n ? -x : x).toString(2).length;
}

/** A result about to need `bits` bits of magnitude: refused before it is built when past the cap. */
function room(bits: number): void {
  if (bits > MAX_INT_BITS + 1) tooBig();
}

const big = (x: Int): bigint => (typeof x === 'bigint' ? x : BigInt(x));

function and2(fn: string, a: Value, b: Value): Value {
  const x = bitInt(fn, a);
  const y = bitInt(fn, b);
  return isInt32(x) && isInt32(y) ? x & y : normBig(big(x) & big(y));
}

function or2(fn: string, a: Value, b: Value): Value {
  const x = bitInt(fn, a);
  const y = bitInt(fn, b);
  return isInt32(x) && isInt32(y) ? x | y : normBig(big(x) | big(y));
}

function xor2(fn: string, a: Value, b: Value): Value {
  const x = bitInt(fn, a);
  const y = bitInt(fn, b);
  return isInt32(x) && isInt32(y) ? x ^ y : normBig(big(x) ^ big(y));
}

function andNot2(fn: string, a: Value, b: Value): Value {
  const x = bitInt(fn, a);
  const y = bitInt(fn, b);
  return isInt32(x) && isInt32(y) ? x & ~y : normBig(big(x) & ~big(y));
}

function shiftLeft(a: Value, b: Value): Value {
  const x = bitInt('bit-shift-left', a);
  const n = bitIndex('bit-shift-left', b);
  if (x === 0) return 0;
  room(bitLength(x) + n);
  if (typeof x === 'number') {
    const r = x * 2 ** n;
    if (Number.isSafeInteger(r)) return r;
  }
  return normBig(big(x) << BigInt(n));
}

function shiftRight(a: Value, b: Value): Value {
  const x = bitInt('bit-shift-right', a);
  const n = bitIndex('bit-shift-right', b);
  if (n >= bitLength(x)) return x < 0 ? -1 : 0;
  // Dividing a safe integer by a power of two is exact; floor makes it the sign-extending shift.
  if (typeof x === 'number') return Math.floor(x / 2 ** n) + 0;
  return normBig(x >> BigInt(n));
}

/** Bit n of x, as a 0/1 test; past x's magnitude every bit is its sign. */
function testBit(x: Int, n: number): boolean {
  if (n >= bitLength(x)) return x < 0;
  if (typeof x === 'number') return Math.floor(x / 2 ** n) % 2 !== 0;
  return ((x >> BigInt(n)) & 1n) === 1n;
}

type BitEdit = 'set' | 'clear' | 'flip';

/** bit-set, bit-clear, bit-flip: x with bit n changed, refused before building a number past the cap. */
function editBit(fn: string, edit: BitEdit, a: Value, b: Value): Value {
  const x = bitInt(fn, a);
  const n = bitIndex(fn, b);
  const isSet = testBit(x, n);
  if ((edit === 'set' && isSet) || (edit === 'clear' && !isSet)) return x;
  // The bit changes: the result's magnitude needs at least n + 1 bits when n is past x's own.
  room(n + 1);
  // Below bit 31 the mask is a positive int32, and xor of int32s is exact.
  if (n < 31 && isInt32(x)) return x ^ (1 << n);
  return normBig(big(x) ^ (1n << BigInt(n)));
}

function fold(fn: string, pair: (fn: string, a: Value, b: Value) => Value): (...args: Value[]) => Value {
  return (...args: Value[]): Value => {
    let acc = pair(fn, args[0], args[1]);
    for (let i = 2; i < args.length; i++) acc = pair(fn, acc, args[i]);
    return acc;
  };
}

/** Register a variadic bit operation of two or more integers. */
function bitwise(name: string, doc: string, pair: (fn: string, a: Value, b: Value) => Value, examples: readonly (readonly [string, string])[]): void {
  builtin(name, [2, Infinity], doc, fold(name, pair), {
    binary: (a, b) => pair(name, a, b),
    spread: 'fold',
    params: ['[x y & more]'],
    examples,
  });
}

// The reference area of the builtins below (registry.ts).
builtinArea('math');

bitwise('bit-and', "Bitwise and of the integers (two's complement, any size; floats are a type error)", and2, [
  ['(bit-and 12 10)', '8'],
  ['(bit-and -1 255 15)', '15'],
  ['(bit-and 1.0 1)', 'error: type_error'],
]);
bitwise('bit-or', 'Bitwise or of the integers', or2, [
  ['(bit-or 12 10)', '14'],
  ['(bit-or 1 2 4)', '7'],
]);
bitwise('bit-xor', 'Bitwise exclusive or of the integers', xor2, [
  ['(bit-xor 12 10)', '6'],
  ['(bit-xor 5 5)', '0'],
]);
bitwise('bit-and-not', 'The first integer with every bit set in the others cleared: (bit-and x (bit-not y))', andNot2, [
  ['(bit-and-not 15 9)', '6'],
  ['(bit-and-not 255 1 2 4)', '248'],
]);

builtin(
  'bit-not',
  1,
  'Bitwise complement: (bit-not x) is (- -1 x)',
  (a) => {
    const x = bitInt('bit-not', a);
    return isInt32(x) ? ~x : normBig(~big(x));
  },
  {
    params: ['[x]'],
    examples: [
      ['(bit-not 0)', '-1'],
      ['(bit-not 5)', '-6'],
    ],
  },
);

builtin('bit-shift-left', 2, 'x shifted left by n bits: x times 2^n, growing past 64 bits (the count is not masked)', shiftLeft, {
  params: ['[x n]'],
  examples: [
    ['(bit-shift-left 1 4)', '16'],
    ['(bit-shift-left 1 64)', '18446744073709551616'],
    ['(bit-shift-left -3 2)', '-12'],
    ['(bit-shift-left 1 1000000000)', 'error: memory_exceeded'],
  ],
});
builtin('bit-shift-right', 2, 'x shifted right by n bits, keeping its sign: x divided by 2^n, rounded down', shiftRight, {
  params: ['[x n]'],
  examples: [
    ['(bit-shift-right 256 4)', '16'],
    ['(bit-shift-right -9 1)', '-5'],
    ['(bit-shift-right -1 1000)', '-1'],
  ],
});

builtin('bit-set', 2, 'x with bit n (from 0, the lowest) set to 1', (a, b) => editBit('bit-set', 'set', a, b), {
  params: ['[x n]'],
  examples: [
    ['(bit-set 0 3)', '8'],
    ['(bit-set 0 63)', '9223372036854775808'],
  ],
});
builtin('bit-clear', 2, 'x with bit n (from 0, the lowest) set to 0', (a, b) => editBit('bit-clear', 'clear', a, b), {
  params: ['[x n]'],
  examples: [
    ['(bit-clear 15 1)', '13'],
    ['(bit-clear -1 0)', '-2'],
  ],
});
builtin('bit-flip', 2, 'x with bit n (from 0, the lowest) flipped', (a, b) => editBit('bit-flip', 'flip', a, b), {
  params: ['[x n]'],
  examples: [
    ['(bit-flip 0 2)', '4'],
    ['(bit-flip 5 0)', '4'],
  ],
});
builtin(
  'bit-test',
  2,
  'True when bit n (from 0, the lowest) of x is 1; past its magnitude a negative number has every bit set',
  (a, b) => testBit(bitInt('bit-test', a), bitIndex('bit-test', b)),
  {
    params: ['[x n]'],
    examples: [
      ['(bit-test 5 0)', 'true'],
      ['(bit-test 5 1)', 'false'],
      ['(bit-test -1 1000)', 'true'],
      ['(bit-test 5 -1)', 'error: type_error'],
    ],
  },
);
