// Hostile input to `ptc eval` and `ptc eval --batch`: a fail reason too large to print, a string
// doubled until it is huge, and batch lines refused for their size or depth all end in a short
// answer that says what failed, with the request's id whenever the line lets it be read.
import { describe, expect, test } from 'vitest';
import { answerLine } from '../../src/cli/batch.ts';
import { MAX_MESSAGE_CHARS } from '../../src/lisp/errors.ts';
import { ptcIn } from './harness.ts';

const DEEP_REASON = '(fail (reduce (fn [a _] [a]) 1 (range 100000)))';
const SHARED_REASON = '(fail (loop [x 1 i 0] (if (< i 30) (recur [x x] (inc i)) x)))';
const DOUBLED = '(loop [s "x" i 0] (if (< i 24) (recur (str s s) (inc i)) s))';
const STRING_LIMIT = /^A string of \d+ characters exceeds the limit of 1000000; /;

const deepJson = (n: number): string => '['.repeat(n) + '1' + ']'.repeat(n);

describe('ptc eval with a hostile program', () => {
  test.each([
    ['nested 100,000 deep', DEEP_REASON, 'fail: [[[['],
    ['shared: 2^30 paths through 30 vectors', SHARED_REASON, 'fail: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]'],
  ])('(fail reason) with a reason %s: says it failed, within the message cap', async (_what, program, start) => {
    const r = await ptcIn(['eval', '-e', program]);
    expect([r.code, r.out]).toEqual([1, '']);
    expect(r.err.startsWith(start)).toBe(true);
    expect(r.err.endsWith('…\n')).toBe(true);
    expect(r.err.length).toBeLessThanOrEqual('fail: '.length + MAX_MESSAGE_CHARS + 1);
  });

  test('a string doubled 24 times is refused by the size limit', async () => {
    const r = await ptcIn(['eval', '-e', DOUBLED]);
    expect([r.code, r.out]).toEqual([1, '']);
    expect(r.err).toMatch(/^memory_exceeded: A string of 1048576 characters exceeds the limit of 1000000; /);
  });
});

describe('ptc eval --batch with hostile lines', () => {
  test.each([
    ['nested 100,000 deep', DEEP_REASON, '[[[['],
    ['shared: 2^30 paths through 30 vectors', SHARED_REASON, '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]'],
  ])('(fail reason) with a reason %s is answered within the message cap', (_what, program, start) => {
    const a = answerLine(JSON.stringify({ id: 'f', program }));
    expect(a).toMatchObject({ id: 'f', ok: false, error: { type: 'fail' } });
    const message = a.ok ? '' : a.error.message;
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(message.startsWith(start)).toBe(true);
  });

  test.each([
    ['loop and recur', DOUBLED],
    ['reduce', '(reduce (fn [s _] (str s s)) "x" (range 24))'],
    ['a character outside the BMP (two UTF-16 units)', '(count (reduce (fn [s _] (str s s)) "😀" (range 24)))'],
  ])('a string doubled 24 times with %s is refused by the size limit', (_what, program) => {
    const a = answerLine(JSON.stringify({ id: 2, program }));
    expect(a).toMatchObject({ id: 2, ok: false, error: { type: 'memory_exceeded', message: expect.stringMatching(STRING_LIMIT) } });
  });

  test('the doubled string through the whole command: one short answer', async () => {
    const r = await ptcIn(['eval', '--batch'], { input: JSON.stringify({ id: 3, program: DOUBLED }) + '\n' });
    expect(r.code).toBe(0);
    expect(r.out.length).toBeLessThan(500);
    expect(JSON.parse(r.out)).toMatchObject({ id: 3, ok: false, error: { type: 'memory_exceeded' } });
  });

  const refused: [string, string, unknown, RegExp][] = [
    [
      'data nested 10,000 deep',
      `{"id": 7, "program": "1", "data": {"x": ${deepJson(10_000)}}}`,
      7,
      /^line is refused \(column \d+: JSON nested more than 200 levels deep/,
    ],
    ['data nested 100,000 deep, the id after it', `{"program": "1", "data": {"x": ${deepJson(100_000)}}, "id": "late"}`, 'late', /^line is refused/],
    [
      'an integer of 20,000 digits',
      `{"id": [1, "a"], "program": "1", "data": {"x": ${'9'.repeat(20_000)}}}`,
      [1, 'a'],
      /^line is refused \(column \d+: an integer of 20,000 digits/,
    ],
    ['JSON that breaks after the id', '{"id": {"run": 4}, "program": "1", "data": {"x": [1, 2', { run: 4 }, /^line is not valid JSON/],
    [
      'strings holding brackets and quotes before the id',
      `{"program": "(str \\"[{\\" \\"}\\")", "note": "]]}", "data": {"x": ${deepJson(300)}}, "id": 8}`,
      8,
      /^line is refused/,
    ],
    ['a duplicate id: the last one counts, as JSON.parse has it', `{"id": 1, "id": 2, "data": ${deepJson(300)}}`, 2, /^line is refused/],
  ];
  test.each(refused)('a line refused for %s is answered with its id', (_what, line, id, message) => {
    expect(answerLine(line)).toEqual({ id, ok: false, error: { type: 'request_error', message: expect.stringMatching(message) } });
  });

  const unreadable: [string, string][] = [
    ['the id itself nested 300 deep', `{"id": ${deepJson(300)}, "program": "1"}`],
    ['JSON that breaks before the id', '{"program": "1", "data": [1,, 2], "id": 5}'],
    ['not an object', deepJson(300)],
    ['no id at all', `{"program": "1", "data": ${deepJson(300)}}`],
  ];
  test.each(unreadable)('a line refused for %s, whose id cannot be read, is answered with id null', (_what, line) => {
    expect(answerLine(line)).toMatchObject({ id: null, ok: false, error: { type: 'request_error' } });
  });
});
