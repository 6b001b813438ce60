import { describe, expect, it } from 'vitest';
import { float } from '../../src/lisp/numbers.ts';
import { displayOf, format, formatFloat, printValue, strOf } from '../../src/lisp/printer.ts';
import { formToValue, readProgram } from '../../src/lisp/reader.ts';
import { PList, type Value } from '../../src/lisp/values.ts';

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
