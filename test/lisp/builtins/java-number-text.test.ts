// Java's number syntax and the exact rounding behind Double/parseDouble and Float/parseFloat.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { javaTrim, parseJavaFloating, parseJavaIntegral } from '../../../src/lisp/builtins/java-number-text.ts';
import { formatFloat } from '../../../src/lisp/printer.ts';

describe('parseJavaFloating', () => {
  test('reads back every double as the printer writes it (Java layout: 1.0E-5)', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(Object.is(parseJavaFloating(formatFloat(x), false), x)).toBe(true);
      }),
    );
  });

  test('reads back every float32 value from its shortest decimal text', () => {
    fc.assert(
      fc.property(fc.float({ noNaN: true, noDefaultInfinity: true }), (f) => {
        expect(Object.is(parseJavaFloating(Object.is(f, -0) ? '-0' : String(f), true), f)).toBe(true);
      }),
    );
  });

  test('a hexadecimal significand is exact, then rounded once', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: 0 }), (x) => {
        // Every finite double written as 0x<hex>p<exp> reads back as itself.
        if (x === 0) return;
        let e = 0;
        let m = x;
        while (m >= 2 ** 53) {
          m /= 2;
          e++;
        }
        while (!Number.isInteger(m)) {
          m *= 2;
          e--;
        }
        expect(parseJavaFloating(`0x${m.toString(16)}p${e}`, false)).toBe(x);
      }),
    );
  });

  test('rounds ties to even, and a long tail of digits still decides a tie', () => {
    // 1 + 2^-24 lies halfway between two floats: even is 1.0; a bit more rounds up.
    expect(parseJavaFloating('1.000000059604644775390625', true)).toBe(1);
    expect(parseJavaFloating('1.000000059604644775390625' + '0'.repeat(900) + '1', true)).toBe(1.0000001192092896);
    expect(parseJavaFloating('0.' + '0'.repeat(2000) + '1', false)).toBe(0);
    expect(parseJavaFloating('1e99999999999999999999', false)).toBe(Infinity);
  });

  test('refuses what Java refuses', () => {
    for (const s of ['', ' ', '.', 'e5', '1e', '0x', '0x.p1', '0x1', '1..2', '++1', 'nan', 'Infinityf', '1_0', '١'])
      expect(parseJavaFloating(s, false)).toBeNull();
  });
});

test('javaTrim removes code units up to U+0020 only', () => {
  expect(javaTrim('\u0000 \tx\n\u001f')).toBe('x');
  expect(javaTrim('\u00a0x\u2003')).toBe('\u00a0x\u2003');
});

test('parseJavaIntegral reads Java decimal digits within the range', () => {
  expect(parseJavaIntegral('-128', -128n, 127n)).toBe(-128n);
  expect(parseJavaIntegral('128', -128n, 127n)).toBeNull();
  expect(parseJavaIntegral('\uff11\uff12', -128n, 127n)).toBe(12n);
  expect(parseJavaIntegral('1\ud835\udfce', -128n, 127n)).toBeNull();
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), (n) => {
      expect(parseJavaIntegral(String(n), -(2n ** 63n), 2n ** 63n - 1n)).toBe(n);
    }),
  );
});
