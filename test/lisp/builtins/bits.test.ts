// Bit operations: integers of any size as two's complement with the sign repeated forever, checked
// against BigInt's own operators; shift counts are not masked; results past the integer size cap
// are refused before they are built.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printValue } from '../../../src/lisp/printer.ts';
import type { Value } from '../../../src/lisp/values.ts';
import { callBuiltin, errors, table } from '../helpers.ts';

/** A BigInt as the language holds it: a JS number when it is safe. */
const norm = (b: bigint): Value => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b);
const call = (name: string, ...args: bigint[]): string => printValue(callBuiltin(name, ...args.map(norm)));

/** Integers around the edges that matter: 32 bits, 53 bits (where BigInt starts), 64 bits, and past. */
const edge = fc.constantFrom(0n, 1n, -1n, 2n ** 31n - 1n, -(2n ** 31n), 2n ** 31n, 2n ** 53n - 1n, -(2n ** 53n), 2n ** 63n - 1n, -(2n ** 63n), 2n ** 64n);
const int64 = fc.oneof(
  edge,
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.integer().map(BigInt),
  fc.bigInt({ min: -(2n ** 100n), max: 2n ** 100n }),
);
const index = fc.integer({ min: 0, max: 130 });

table('bit operations as the specification shows them', [
  ['(bit-and 12 10)', '8'],
  ['(bit-or 12 10)', '14'],
  ['(bit-xor 12 10)', '6'],
  ['(bit-and-not 15 9)', '6'],
  ['(bit-not 0)', '-1'],
  ['(bit-shift-left 1 4)', '16'],
  ['(bit-shift-right 256 4)', '16'],
  ['(bit-set 0 3)', '8'],
  ['(bit-clear 15 1)', '13'],
  ['(bit-flip 0 2)', '4'],
  ['(bit-test 5 0)', 'true'],
  ['(bit-test 5 1)', 'false'],
]);

table('no word width: shift counts are not masked and results grow', [
  ['(bit-shift-left 1 64)', '18446744073709551616'],
  ['(bit-shift-left 1 63)', '9223372036854775808'],
  ['(bit-shift-left -1 64)', '-18446744073709551616'],
  ['(bit-shift-right 1 64)', '0'],
  ['(bit-shift-right -1 64)', '-1'],
  ['(bit-shift-right -5 1000000000)', '-1'],
  ['(bit-shift-right 5 100000000000000000000000)', '0'],
  ['(bit-shift-left 0 1000000000)', '0'],
  ['(bit-shift-left 5 0)', '5'],
  ['(bit-not 9223372036854775807)', '-9223372036854775808'],
  ['(bit-set 0 64)', '18446744073709551616'],
  ['(bit-clear -1 64)', '-18446744073709551617'],
  ['(bit-clear 5 1000000000)', '5'],
  ['(bit-set -1 1000000000)', '-1'],
  ['(bit-test -1 1000000000)', 'true'],
  ['(bit-test 1 1000000000)', 'false'],
  ['(bit-and (bit-shift-left 1 100) (bit-shift-left 3 99))', '1267650600228229401496703205376'],
  ['(bit-xor 9007199254740993 1)', '9007199254740992'],
]);

table('variadic and, or, xor and and-not fold left', [
  ['(bit-and 7 6 4)', '4'],
  ['(bit-or 1 2 4 8)', '15'],
  ['(bit-xor 1 3 7)', '5'],
  ['(bit-and-not 255 1 2 4)', '248'],
  ['(apply bit-or (range 100000))', '131071'],
  ['(reduce bit-xor 0 (range 10))', '1'],
]);

errors('integers only; indexes and counts are not negative; results past the cap are refused', [
  ['(bit-and 1.0 1)', 'type_error', /bit-and expected an integer, got float: 1\.0/],
  ['(bit-or 1 2.5)', 'type_error'],
  ['(bit-not nil)', 'type_error'],
  ['(bit-shift-left 1 2.0)', 'type_error'],
  ['(bit-shift-left 1 -1)', 'type_error', /non-negative/],
  ['(bit-shift-right 8 -2)', 'type_error', /non-negative/],
  ['(bit-test 5 -1)', 'type_error', /non-negative/],
  ['(bit-set 0 ##Inf)', 'type_error'],
  ['(bit-xor "1" 1)', 'type_error'],
  ['(bit-and 5)', 'arity_error'],
  ['(bit-shift-left 1 1000000000)', 'memory_exceeded', /65536 bits/],
  ['(bit-shift-left 1 100000000000000000000000)', 'memory_exceeded'],
  ['(bit-shift-left 3 65536)', 'memory_exceeded'],
  ['(bit-set 0 1000000000)', 'memory_exceeded'],
  ['(bit-clear -1 1000000000)', 'memory_exceeded'],
  ['(bit-flip 0 1000000000)', 'memory_exceeded'],
  ['(bit-flip -1 1000000000)', 'memory_exceeded'],
]);

describe('bit operations agree with BigInt arithmetic', () => {
  it('and, or, xor, and-not and not', () => {
    fc.assert(
      fc.property(int64, int64, (x, y) => {
        expect(call('bit-and', x, y)).toBe(String(x & y));
        expect(call('bit-or', x, y)).toBe(String(x | y));
        expect(call('bit-xor', x, y)).toBe(String(x ^ y));
        expect(call('bit-and-not', x, y)).toBe(String(x & ~y));
        expect(call('bit-not', x)).toBe(String(~x));
      }),
      { numRuns: 500 },
    );
  });

  it('shifts: left multiplies by 2^n, right divides by 2^n rounding down', () => {
    fc.assert(
      fc.property(int64, index, (x, n) => {
        expect(call('bit-shift-left', x, BigInt(n))).toBe(String(x << BigInt(n)));
        expect(call('bit-shift-right', x, BigInt(n))).toBe(String(x >> BigInt(n)));
      }),
      { numRuns: 500 },
    );
  });

  it('set, clear, flip and test one bit', () => {
    fc.assert(
      fc.property(int64, index, (x, n) => {
        const bit = 1n << BigInt(n);
        expect(call('bit-set', x, BigInt(n))).toBe(String(x | bit));
        expect(call('bit-clear', x, BigInt(n))).toBe(String(x & ~bit));
        expect(call('bit-flip', x, BigInt(n))).toBe(String(x ^ bit));
        expect(call('bit-test', x, BigInt(n))).toBe(String((x & bit) !== 0n));
      }),
      { numRuns: 500 },
    );
  });

  it('gives each result as the language holds integers: a JS number while it is safe', () => {
    fc.assert(
      fc.property(int64, int64, (x, y) => {
        const r = callBuiltin('bit-xor', norm(x), norm(y));
        expect(typeof r === 'number' ? Number.isSafeInteger(r) : r === norm(x ^ y)).toBe(true);
      }),
    );
  });
});
