import { describe, expect, it } from 'vitest';
import { float } from '../../src/lisp/numbers.ts';
import { MAX_MESSAGE_CHARS } from '../../src/lisp/errors.ts';
import { displayOf, format, formatFloat, printCapped, printValue, strCapped, strOf } from '../../src/lisp/printer.ts';
import { formToValue, readProgram } from '../../src/lisp/reader.ts';
import { setActiveMeter } from '../../src/lisp/run-meter.ts';
import { charge as chargeWalk } from '../../src/lisp/walk.ts';
import { Keyword, PList, type Value } from '../../src/lisp/values.ts';

const v = (src: string): Value => formToValue(readProgram(src)[0]);
const range = (n: number): Value => Array.from({ length: n }, (_, i) => i + 1);

describe('printing values in Clojure notation', () => {
  it.each([
    ['nil', 'nil'],
    ['[1 "a" :k true nil]', '[1 "a" :k true nil]'],
    ['{:a 1 :b {:c [1 2]}}', '{:a 1 :b {:c [1 2]}}'],
    ['{"x" 1 [1 2] :v}', '{"x" 1 [1 2] :v}'],
    ['#{:a}', '#{:a}'],
    ['"say \\"hi\\"\\n"', '"say \\"hi\\"\\n"'],
    ['2.0', '2.0'],
    ['##Inf', '##Inf'],
    ['##-Inf', '##-Inf'],
    ['##NaN', '##NaN'],
  ])('%s prints as %s', (src, expected) => {
    expect(printValue(v(src))).toBe(expected);
  });

  it('prints map keys in insertion order', () => {
    expect(printValue(v('{:z 1 :a 2 :m 3}'))).toBe('{:z 1 :a 2 :m 3}');
  });

  it('lays out floats as Java does', () => {
    expect(formatFloat(0.1)).toBe('0.1');
    expect(formatFloat(1e7)).toBe('1.0E7');
    expect(formatFloat(12345678.9)).toBe('1.23456789E7');
    expect(formatFloat(0.0001)).toBe('1.0E-4');
    expect(formatFloat(-0)).toBe('-0.0');
    expect(printValue(float(100))).toBe('100.0');
  });

  it('print mode leaves strings unquoted at every depth; str quotes inside collections', () => {
    expect(displayOf(v('["a" {:b "c"}]'))).toBe('[a {:b c}]');
    expect(displayOf('plain')).toBe('plain');
    expect(strOf(v('["a"]'))).toBe('["a"]');
    expect(strOf(null)).toBe('');
  });
});

describe('truncation (C7)', () => {
  it('TRN-004 cuts a long vector with a count after the brackets', () => {
    expect(format(range(10), { limit: 3 })).toEqual({ text: '[1 2 3 ...] (10 items, showing first 3)', truncated: true });
  });

  it('does not cut a collection at the limit', () => {
    expect(format(range(3), { limit: 3 })).toEqual({ text: '[1 2 3]', truncated: false });
  });

  it('cuts sets and lists the same way', () => {
    expect(format(v('#{1 2 3 4}'), { limit: 2 }).text).toBe('#{1 2 ...} (4 items, showing first 2)');
    expect(format(new PList([1, 2, 3, 4]), { limit: 2 }).text).toBe('(1 2 ...) (4 items, showing first 2)');
  });

  it('cuts a map inside the braces without a count', () => {
    expect(format(v('{:a 1 :b 2 :c 3 :d 4}'), { limit: 3 }).text).toBe('{:a 1 :b 2 :c 3 ...}');
  });

  it('TRN-005 cuts long strings with ..." at the end', () => {
    expect(format('abcdefghij', { printableLimit: 4 })).toEqual({ text: '"abcd..."', truncated: true });
  });

  it('applies the rules at every depth', () => {
    const nested = v('{:items [1 2 3 4 5] :name "abcdefgh" :tags #{:x} :more {:a 1 :b 2 :c 3 :d 4}}');
    expect(format(nested, { limit: 3, printableLimit: 3 }).text).toBe('{:items [1 2 3 ...] (5 items, showing first 3) :name "abc..." :tags #{:x} ...}');
  });

  it('reports untruncated output as such', () => {
    expect(format(v('{:a "x"}'), { limit: 3, printableLimit: 80 }).truncated).toBe(false);
  });
});

describe('printing within a character budget (messages made from a value)', () => {
  /** [[…[1]…]] nested n deep. */
  const deep = (n: number): Value => {
    let x: Value = 1;
    for (let i = 0; i < n; i++) x = [x];
    return x;
  };
  /** [x x] n times over: 2^n paths through n vectors. */
  const shared = (n: number): Value => {
    let x: Value = 1;
    for (let i = 0; i < n; i++) x = [x, x];
    return x;
  };

  it('prints a value that fits as printValue and strOf do', () => {
    const x = v('{:why "no stock" :items [1 2.5 nil]}');
    expect(printCapped(x)).toBe(printValue(x));
    expect(strCapped(x)).toBe(strOf(x));
    expect(printCapped('abc')).toBe('"abc"');
    expect(strCapped('abc')).toBe('abc');
    expect(strCapped('x'.repeat(MAX_MESSAGE_CHARS))).toBe('x'.repeat(MAX_MESSAGE_CHARS));
  });

  it('cuts a long string at the budget, marked with …', () => {
    expect(strCapped('x'.repeat(50_000))).toBe('x'.repeat(MAX_MESSAGE_CHARS - 1) + '…');
    expect(printCapped('x'.repeat(50_000))).toBe('"' + 'x'.repeat(MAX_MESSAGE_CHARS - 2) + '…');
    expect(printCapped('x'.repeat(50), 10)).toBe('"xxxxxxxx…');
  });

  it.each([
    ['nested 100,000 deep', deep(100_000), '[[[['],
    ['shared: 2^30 paths through 30 vectors', shared(30), '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]'],
    ['shared: 2^60 paths through 60 vectors', shared(60), '[[[['],
    ['1,000 keywords of 100,000 characters', Array.from({ length: 1000 }, () => Keyword.of('k'.repeat(100_000))), '[:kkkk'],
    ['a map of 2,000 entries', v(`{${Array.from({ length: 2000 }, (_, i) => `:k${i} ${i}`).join(' ')}}`), '{:k0 0 :k1 1'],
  ])('cuts %s at the budget', (_what, x, start) => {
    for (const print of [printCapped, strCapped]) {
      const text = print(x);
      expect(text.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      expect(text.startsWith(start)).toBe(true);
      expect(text.endsWith('…')).toBe(true);
    }
  });

  it('never fails inside a run, whatever its size limit: the budget cuts instead', () => {
    setActiveMeter({ limits: { maxValueSize: 10 }, charge: () => undefined });
    try {
      // Far past the limit's 10 elements (and past the first 4,096, where the limit is first read).
      const f = format(shared(30), { maxChars: 100_000 });
      expect(f.truncated).toBe(true);
      expect(f.text.length).toBeLessThan(101_000);
      expect(f.text.startsWith('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]')).toBe(true);
    } finally {
      setActiveMeter(null);
    }
  });

  it('stops walking once the budget is spent (a DAG is never walked whole)', () => {
    // Walks report the elements they visit to the running program's meter in chunks of 50,000: a
    // walk that stops within its budget reports none.
    let charged = 0;
    // Walks of earlier tests in this worker left a partial chunk: charged now, to no program.
    chargeWalk(50_000);
    setActiveMeter({ limits: { maxValueSize: Number.MAX_SAFE_INTEGER }, charge: (n) => (charged += n) });
    try {
      printCapped(shared(60));
      strCapped(deep(100_000));
      expect(charged).toBe(0);
      format(shared(20));
      expect(charged).toBeGreaterThan(0);
    } finally {
      setActiveMeter(null);
    }
  });
});
