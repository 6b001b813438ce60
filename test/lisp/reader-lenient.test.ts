// Issue 12: the reader forgives stray closing brackets after the last complete form, with a warning;
// a stray closer in the middle and an unclosed form stay parse errors.
import { describe, expect, it } from 'vitest';
import { PtcError } from '../../src/lisp/errors.ts';
import { formToValue, readProgram } from '../../src/lisp/reader.ts';
import { run } from '../../src/lisp/run.ts';

describe('stray closing brackets after the last form', () => {
  it.each([
    ['(+ 1 2))', 'ignored 1 stray closing bracket `)` after the last form (line 1, column 8)'],
    ['(+ 1 2)))', 'ignored 2 stray closing brackets `))` after the last form (line 1, column 8)'],
    ['(def x 1)]', 'ignored 1 stray closing bracket `]` after the last form (line 1, column 10)'],
    ['(println "hi")) )', 'ignored 2 stray closing brackets `))` after the last form (line 1, column 15)'],
    ['(a)\n(b) ; done\n) ; extra\n}\n', 'ignored 2 stray closing brackets `)}` after the last form (line 3, column 1)'],
    ['[1 2]) #_(ignored) ]', 'ignored 2 stray closing brackets `)]` after the last form (line 1, column 6)'],
  ])('%j is read without them, with a warning', (src, warning) => {
    const warnings: string[] = [];
    const forms = readProgram(src, warnings);
    expect(warnings).toEqual([warning]);
    expect(forms.length).toBeGreaterThan(0);
  });

  it.each([
    ['(+ 1 2)) (inc 3)', 'Unexpected ): nothing to close', 1, 8],
    ['(+ 1 2)) x', 'Unexpected ): nothing to close', 1, 8],
    ['(+ 1 2)] "open', 'Unexpected ]: nothing to close', 1, 8],
    [')', 'Unexpected ): nothing to close', 1, 1],
    ['; only a comment\n)', 'Unexpected ): nothing to close', 2, 1],
    ['(+ 1 2', 'Unexpected end of input: missing ) to close the ( that starts here', 1, 1],
    ['(+ 1 2]', 'Mismatched ]: expected ) to close ( opened at line 1, column 1', 1, 7],
  ])('%j stays a parse error', (src, message, line, column) => {
    const warnings: string[] = [];
    let err: unknown;
    try {
      readProgram(src, warnings);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(PtcError);
    expect((err as PtcError).toInfo()).toEqual({ type: 'parse_error', message, line, column });
    expect(warnings).toEqual([]);
  });

  it('without a warnings list the reader stays strict (quoted data, saved values)', () => {
    expect(() => readProgram('(+ 1 2))')).toThrow('Unexpected ): nothing to close');
    expect(readProgram('(+ 1 2)', []).map(formToValue)).toHaveLength(1);
  });
});

describe('run with stray closers', () => {
  it('succeeds, keeps the definitions and reports the warning', () => {
    const r = run({ program: '(def x 41)\n(inc x)))' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toBe(42);
    expect([...r.memory.keys()]).toEqual(['x']);
    expect(r.warnings).toEqual(['ignored 2 stray closing brackets `))` after the last form (line 2, column 8)']);
  });

  it('warnings are empty when nothing was forgiven, and a failure carries them too', () => {
    const ok = run({ program: '(+ 1 2)' });
    expect(ok.warnings).toEqual([]);
    const failed = run({ program: '(+ 1 "a"))' });
    expect(failed.ok).toBe(false);
    expect(failed.warnings).toEqual(['ignored 1 stray closing bracket `)` after the last form (line 1, column 10)']);
    const parse = run({ program: '(+ 1 2)) (inc 3)' });
    expect(parse.ok).toBe(false);
    if (parse.ok) return;
    expect(parse.error).toMatchObject({ type: 'parse_error', line: 1, column: 8 });
    expect(parse.warnings).toEqual([]);
  });
});
