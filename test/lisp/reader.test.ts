import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equals } from '../../src/lisp/equality.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { formToValue, readProgram } from '../../src/lisp/reader.ts';
import { Keyword, PFloat, PRegex, type Value } from '../../src/lisp/values.ts';
import { value } from './arbitraries.ts';
import { parseError } from './helpers.ts';

const read1 = (src: string): Value => formToValue(readProgram(src)[0]);

describe('reader literals', () => {
  it.each([
    ['42', 42],
    ['-17', -17],
    ['+5', 5],
    ['9007199254740993', 9007199254740993n],
    ['12345678901234567890', 12345678901234567890n],
    ['"a\\nb\\t\\"c\\\\"', 'a\nb\t"c\\'],
    ['"\\u00e9"', 'é'],
    ['\\a', 'a'],
    ['\\newline', '\n'],
    ['\\space', ' '],
    ['\\(', '('],
    ['\\u0041', 'A'],
    ['nil', null],
    ['true', true],
    ['false', false],
  ] as const)('reads %s', (src, expected) => {
    expect(read1(src)).toEqual(expected);
  });

  it('reads floats as floats, integral ones boxed', () => {
    expect(read1('2.0')).toEqual(new PFloat(2));
    expect(read1('3.14')).toBe(3.14);
    expect(read1('2.5e10')).toEqual(new PFloat(2.5e10));
    expect(read1('1.23e-4')).toBe(1.23e-4);
    expect(read1('1.')).toEqual(new PFloat(1));
    expect(Number.isNaN(read1('##NaN'))).toBe(true);
    expect(read1('##-Inf')).toBe(-Infinity);
  });

  it('reads keywords, symbols with namespaces, and collections', () => {
    expect(read1(':user-id')).toBe(Keyword.of('user-id'));
    const [sym] = readProgram('clojure.string/join');
    expect(sym).toMatchObject({ t: 'sym', ns: 'clojure.string', name: 'join' });
    const [slash] = readProgram('/');
    expect(slash).toMatchObject({ t: 'sym', ns: null, name: '/' });
    expect(printValue(read1('{:a 1, :b [1 2 #{3}]}'))).toBe('{:a 1 :b [1 2 #{3}]}');
  });

  it('treats commas as whitespace and skips comments and #_ forms', () => {
    expect(readProgram('1, 2 ; three\n #_ (ignored form) 4').map(formToValue)).toEqual([1, 2, 4]);
  });

  it('reads a regex literal as a compiled regex', () => {
    const r = read1('#"\\d+"');
    expect(r).toBeInstanceOf(PRegex);
    expect((r as PRegex).re.test('a12')).toBe(true);
  });

  it('expands #() with numbered and rest arguments', () => {
    const [f] = readProgram('#(+ %1 %2 %&)');
    expect(f.t).toBe('list');
    if (f.t !== 'list') return;
    expect(f.items[0]).toMatchObject({ t: 'sym', name: 'fn' });
    expect(f.items[1]).toMatchObject({ t: 'vec', items: [{ name: '%1' }, { name: '%2' }, { name: '&' }, { name: '%&' }] });
  });

  it('records line and column on every form', () => {
    const [f] = readProgram('\n  (foo\n    [1 :a])');
    expect(f.loc).toEqual({ line: 2, column: 3 });
    if (f.t !== 'list') throw new Error('list expected');
    expect(f.items[1].loc).toEqual({ line: 3, column: 5 });
    if (f.items[1].t !== 'vec') throw new Error('vector expected');
    expect(f.items[1].items[1].loc).toEqual({ line: 3, column: 8 });
  });
});

describe('reader errors', () => {
  it.each([
    ['(+ 1 2', 'missing )'],
    ['[1 2)', 'Mismatched )'],
    [')', 'Unexpected )'],
    ['"abc', 'Unterminated string'],
    ['{:a}', 'even number'],
    ['0x1F', 'hexadecimal'],
    ['1/3', 'ratios'],
    ['#(map #(+ % 1) %)', 'Nested #()'],
    ['@x', 'Deref'],
    ['"\\q"', 'Unsupported escape'],
    ['\\foo', 'Unknown character'],
    ['##Foo', 'Unknown symbolic value'],
    ['::kw', 'Auto-resolved'],
  ])('%s is a parse error mentioning %s', (src, fragment) => {
    const e = parseError(src);
    expect(e.type).toBe('parse_error');
    expect(e.message).toContain(fragment);
    expect(e.line).toBeGreaterThanOrEqual(1);
  });

  it('points at the unclosed opener', () => {
    const e = parseError('(let [x 1]\n  (+ x 1)');
    expect(e.message).toContain('missing ) to close the (');
    expect([e.line, e.column]).toEqual([1, 1]);
  });
});

describe('reader/printer round trip', () => {
  it('reads back every printed value as an equal value', () => {
    fc.assert(
      fc.property(value, (v) => {
        const back = read1(printValue(v));
        expect(equals(back, v)).toBe(true);
        expect(printValue(back)).toBe(printValue(v));
      }),
      { numRuns: 400 },
    );
  });
});
