import { describe, expect, it } from 'vitest';
import { jsonPlaces, parseJson, placeOf } from '../../../../src/ui/features/data/json-scan.ts';
import { problemOfError } from '../../../../src/lisp/problem.ts';
import { fieldProblem, isUnder, linesOf, mergeProblems, problemsUnder } from '../../../../src/ui/lib/problems.ts';

function errorOf(text: string) {
  const r = parseJson(text);
  if (r.ok) throw new Error(`expected an error for ${text}`);
  return r.error;
}

describe('parseJson', () => {
  it('gives the value of valid JSON', () => {
    expect(parseJson('{"a": [1, 2.5, "x", true, null]}')).toEqual({ ok: true, value: { a: [1, 2.5, 'x', true, null] } });
  });

  it.each([
    ['{"a": 1,}', 1, 9, /^Trailing comma: remove the , before }/],
    ['[1, 2,]', 1, 7, /^Trailing comma: remove the , before ]/],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, /^Missing , between two properties/],
    ['{\n  a: 1\n}', 2, 3, /^Property names need double quotes/],
    ["{'a': 1}", 1, 2, /single quotes/],
    ['{"a" 1}', 1, 6, /^Expected : after the property name "a"/],
    ['{"a": hello}', 1, 7, /^Unexpected word hello/],
    ['{"a": 01}', 1, 7, /leading zeros/],
    ['{"a": "x\\q"}', 1, 9, /^Invalid escape \\q/],
    ['{"a": "line\nbreak"}', 1, 12, /^Line break inside a string/],
    ['{"a": [1, 2}', 1, 12, /^Unexpected "}": expected , or \] after an item/],
    ['{"a": {"b": 1}', 1, 15, /^Unexpected end of the text: the \{ at line 1, column 1 is never closed/],
    ['{"a": "open', 1, 7, /^Unterminated string: the " at line 1, column 7 is never closed/],
    ['{} x', 1, 4, /after the end of the JSON value/],
    ['', 1, 1, /a value is missing/],
    ['[1 2]', 1, 4, /^Missing , between two items/],
  ])('%j: line %i, column %i', (text, line, column, message) => {
    const e = errorOf(text);
    expect({ line: e.line, column: e.column }).toEqual({ line, column });
    expect(e.message).toMatch(message);
  });

  it.each([
    ['[1]/*x*/', 1, 4, /^Comments are not allowed in JSON: remove the \/\* \*\/ comment/],
    ['{"a": 1,\n// c\n"b": 2}', 2, 1, /^Comments are not allowed in JSON: remove the \/\/ comment/],
    ['[1.5.3]', 1, 2, /^Invalid number: 1\.5\./],
    ['["ok", "\\q\\u12"]', 1, 9, /^Invalid escape \\q/],
    ['["a\tb"]', 1, 4, /^Control character inside a string/],
    ['{"a": [1,', 1, 10, /^Unexpected end of the text: the \[ at line 1, column 7 is never closed/],
  ])('strict JSON, the first error in the text: %j at line %i, column %i', (text, line, column, message) => {
    const e = errorOf(text);
    expect({ line: e.line, column: e.column }).toEqual({ line, column });
    expect(e.message).toMatch(message);
  });

  it('reads numbers losslessly: integers past 2^53 and whole floats keep their text', () => {
    expect(parseJson('{"id": 9007199254740993, "f": 1.0, "n": 2}')).toEqual({
      ok: true,
      value: { id: { $bigint: '9007199254740993' }, f: { $float: '1.0' }, n: 2 },
    });
  });

  it('counts columns in UTF-16 units after non-ASCII text', () => {
    // 😀 is two UTF-16 units, as editors count columns.
    const e = errorOf('{"é": "ü",\n "😀": x}');
    expect({ line: e.line, column: e.column }).toEqual({ line: 2, column: 8 });
  });
});

describe('jsonPlaces', () => {
  const text = '{\n  "products": [\n    {"name": "Laptop"},\n    {"$kw": 3}\n  ],\n  "bad name": 1\n}';
  const places = jsonPlaces(text, 'data');

  it('places keys and items under the root, with paths written as the engine writes them', () => {
    expect(places.get('data')).toEqual({ line: 1, column: 1 });
    expect(places.get('data.products')).toEqual({ line: 2, column: 3 });
    expect(places.get('data.products[0]')).toEqual({ line: 3, column: 5 });
    expect(places.get('data.products[0].name')).toEqual({ line: 3, column: 6 });
    expect(places.get('data.products[1].$kw')).toEqual({ line: 4, column: 6 });
    expect(places.get('data["bad name"]')).toEqual({ line: 6, column: 3 });
  });

  it('falls back to the nearest written ancestor', () => {
    expect(placeOf(places, 'data.products[1].$kw[0]')).toEqual({ line: 4, column: 6 });
    expect(placeOf(places, 'data.missing.deep')).toEqual({ line: 1, column: 1 });
    expect(placeOf(new Map(), 'data.x')).toBeUndefined();
  });

  it('is empty for invalid JSON', () => {
    expect(jsonPlaces('{', 'data').size).toBe(0);
  });
});

describe('problems by path', () => {
  it('matches a path under a prefix, not a longer name', () => {
    expect(isUnder('tools[0].impl', 'tools[0]')).toBe(true);
    expect(isUnder('tools[0]', 'tools[0]')).toBe(true);
    expect(isUnder('tools[01].impl', 'tools[0]')).toBe(false);
    expect(isUnder('titles', 'title')).toBe(false);
    expect(isUnder('data["x"]', 'data')).toBe(true);
  });

  it('filters and deduplicates', () => {
    const problems = [fieldProblem('tools[0].name', 'a'), fieldProblem('data', 'b'), fieldProblem('tools[1].impl', 'c'), fieldProblem('tools[0].name', 'a')];
    expect(problemsUnder(problems, 'tools[0]').map((p) => p.text)).toEqual(['tools[0].name: a']);
    expect(problemsUnder(problems, 'tools', 'data').map((p) => p.message)).toEqual(['a', 'b', 'c']);
    expect(mergeProblems(problems.slice(0, 2), problems.slice(1)).map((p) => p.path)).toEqual(['tools[0].name', 'data', 'tools[1].impl']);
  });

  it('a problem from the engine carries its place as data, not in its words', () => {
    const p = problemOfError({ type: 'parse_error', message: 'Unexpected end of input', line: 2, column: 9 }, 'tool', 'tools[0].impl');
    expect(p.range).toEqual({ line: 2, column: 9 });
    expect(p.message).toBe('Unexpected end of input');
    expect(p.text).toBe('tools[0].impl: Unexpected end of input (line 2, column 9)');
    expect(linesOf([p, fieldProblem('maxTurns', 'must be at least 1')])).toBe(
      'tools[0].impl: Unexpected end of input (line 2, column 9)\nmaxTurns: must be at least 1',
    );
  });
});
