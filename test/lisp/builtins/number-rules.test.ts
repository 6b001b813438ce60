// The numbers as the 2026-08 specification has them: dividing by the integer 0 is an arithmetic
// error (by 0.0 it is IEEE's), quot/rem/mod refuse any zero divisor, (int ##NaN) is 0, round sends
// halves away from zero, the primed spellings are the plain functions, == takes any values, even?
// and odd? take whole floats.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { float } from '../../../src/lisp/numbers.ts';
import { printValue } from '../../../src/lisp/printer.ts';
import type { Value } from '../../../src/lisp/values.ts';
import { callBuiltin, errors, table } from '../helpers.ts';

errors('an integer zero divisor is an arithmetic error', [
  ['(/ 1 0)', 'arithmetic_error', /^Divide by zero in \(\/ 1 0\)\. .*0\.0/],
  ['(/ 1.5 0)', 'arithmetic_error'],
  ['(/ 0 0)', 'arithmetic_error'],
  ['(/ 0)', 'arithmetic_error'],
  ['(/ 10 2 0)', 'arithmetic_error', /\(\/ 10 2 0\)/],
  ['(apply / 1 (concat (range 1 100) [0]))', 'arithmetic_error', /\(\/ 1 1 2 3 …\)/],
  ['(quot 1 0)', 'arithmetic_error', /when-not \(zero\? d\) \(quot n d\)/],
  ['(quot 1 0.0)', 'arithmetic_error'],
  ['(quot 1.5 -0.0)', 'arithmetic_error'],
  ['(rem 1 0)', 'arithmetic_error'],
  ['(rem 1 0.0)', 'arithmetic_error'],
  ['(mod 1 0)', 'arithmetic_error'],
  ['(mod 1.5 0.0)', 'arithmetic_error'],
  ['(mod 18446744073709551616 0)', 'arithmetic_error'],
  ['(int ##Inf)', 'arithmetic_error', /##Inf/],
  ['(int ##-Inf)', 'arithmetic_error'],
]);

table('a float zero divisor follows IEEE; specials make quot, rem and mod NaN', [
  ['(/ 1 0.0)', '##Inf'],
  ['(/ -1 0.0)', '##-Inf'],
  ['(/ 0 0.0)', '##NaN'],
  ['(/ 0.0)', '##Inf'],
  ['(/ 1 -0.0)', '##-Inf'],
  ['(quot ##Inf 2)', '##NaN'],
  ['(rem ##NaN 2)', '##NaN'],
  ['(mod 5 ##Inf)', '##NaN'],
  ['(mod (bit-shift-left 1 2000) 7)', '4'],
  ['(quot (bit-shift-left 1 2000) (bit-shift-left 1 1999))', '2'],
]);

table('conversions and rounding', [
  ['(int ##NaN)', '0'],
  ['(int Double/NaN)', '0'],
  ['(int -0.5)', '0'],
  ['(round 2.5)', '3'],
  ['(round -2.5)', '-3'],
  ['(round 0.5)', '1'],
  ['(round -0.5)', '-1'],
  ['(round -0.4)', '0'],
  ['(round 0.49999999999999994)', '0'],
  ['(round ##-Inf)', '##-Inf'],
  ['(round 7)', '7'],
  ['(Math/round -2.5)', '-2'],
  ['(double ##NaN)', '##NaN'],
  ['(float 1)', '1.0'],
]);

table('the primed spellings are the plain functions: integers never overflow', [
  ["(+' 9223372036854775807 1)", '9223372036854775808'],
  ["(+')", '0'],
  ["(+' 1 2.5)", '3.5'],
  ["(-' -9223372036854775808 1)", '-9223372036854775809'],
  ["(-' 5)", '-5'],
  ["(*' 4294967296 4294967296)", '18446744073709551616'],
  ["(*')", '1'],
  ["(inc' 9223372036854775807)", '9223372036854775808'],
  ["(dec' -9223372036854775808)", '-9223372036854775809'],
  ["(apply +' (range 1000))", '499500'],
  ["(reduce *' (range 1 22))", '51090942171709440000'],
]);

errors('the primed spellings check their arguments as the plain ones do', [
  ["(+' 1 nil)", 'type_error'],
  ['(inc\' "1")', 'type_error'],
  ["(dec')", 'arity_error'],
]);

table('number kinds this language does not have', [
  ['(decimal? 1.5)', 'false'],
  ['(decimal? 1)', 'false'],
  ['(ratio? (/ 1 3))', 'false'],
  ['(ratio? "1/3")', 'false'],
  ['(rational? 42)', 'true'],
  ['(rational? 18446744073709551616)', 'true'],
  ['(rational? 0.5)', 'false'],
  ['(rational? 2.0)', 'false'],
  ['(rational? ##NaN)', 'false'],
  ['(rational? nil)', 'false'],
]);

table('== compares numbers by value and anything else as =', [
  ['(== 1 1.0)', 'true'],
  ['(== 1 1 1.0)', 'true'],
  ['(== 1 2)', 'false'],
  ['(== ##NaN ##NaN)', 'false'],
  ['(== 1 "1")', 'false'],
  ['(== "a" "a")', 'true'],
  ['(== [1 2] [1 2])', 'true'],
  ['(== :a)', 'true'],
  ['(== nil nil)', 'true'],
  ['(== 18446744073709551616 1.8446744073709552E19)', 'true'],
]);

table('even? and odd? take whole floats; other floats and non-numbers are neither', [
  ['(even? 4.0)', 'true'],
  ['(odd? 3.0)', 'true'],
  ['(odd? -3.0)', 'true'],
  ['(even? 4.5)', 'false'],
  ['(odd? 4.5)', 'false'],
  ['(even? ##NaN)', 'false'],
  ['(odd? ##Inf)', 'false'],
  ['(even? nil)', 'false'],
  ['(odd? "3")', 'false'],
  ['(even? 1.0E300)', 'true'],
  ['(filter even? [1 2.0 3 4 "x"])', '[2.0 4]'],
]);

describe('number laws', () => {
  const finite = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 });

  it('round sends halves away from zero and is symmetric', () => {
    fc.assert(
      fc.property(finite, (x) => {
        const r = Number(printValue(callBuiltin('round', float(x))));
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5);
        if (Math.abs(r - x) === 0.5) expect(Math.abs(r)).toBeGreaterThan(Math.abs(x));
        expect(printValue(callBuiltin('round', float(-x)))).toBe(printValue(callBuiltin('round', -r)));
      }),
    );
  });

  it("+' -' *' inc' dec' give what + - * inc dec give", () => {
    const int = fc.oneof(
      fc.integer(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map((b): Value => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b)),
    );
    fc.assert(
      fc.property(int, int, (a, b) => {
        for (const op of ['+', '-', '*']) expect(printValue(callBuiltin(op + "'", a, b))).toBe(printValue(callBuiltin(op, a, b)));
        expect(printValue(callBuiltin("inc'", a))).toBe(printValue(callBuiltin('inc', a)));
        expect(printValue(callBuiltin("dec'", a))).toBe(printValue(callBuiltin('dec', a)));
      }),
    );
  });

  it('quot and mod rebuild the dividend: (+ (* d (quot n d)) (rem n d)) is n', () => {
    const nonZero = fc.integer().filter((d) => d !== 0);
    fc.assert(
      fc.property(fc.integer(), nonZero, (n, d) => {
        const q = callBuiltin('quot', n, d);
        const r = callBuiltin('rem', n, d);
        expect(printValue(callBuiltin('+', callBuiltin('*', d, q), r))).toBe(String(n));
      }),
    );
  });
});
