// Every name of the reference's function reference (../shared/reference/function-reference.md) has an
// entry here (a builtin, a form, an interop member or a constant), or is listed below with the
// reason it is left out. Skipped with a notice when the file is absent.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceEntry } from '../../src/lisp/reference/index.ts';
import { run } from '../../src/lisp/run.ts';

const file = join(__dirname, '..', '..', '..', 'shared', 'reference', 'function-reference.md');
const names = existsSync(file) ? [...readFileSync(file, 'utf8').matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]) : [];

/** Names of the function reference this interpreter leaves out, and why. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  program:
    'it makes a Program value, whose only use is as the argument of kernel/eval, which runs a program of another mission of a workflow; a session is one mission',
};

describe.skipIf(names.length === 0)('the function reference', () => {
  it('lists the 333 names it had on 2026-08-22', () => {
    expect(new Set(names).size).toBe(333);
  });

  it('has each of its names here, but for those left out with a reason', () => {
    expect(names.filter((n) => referenceEntry(n) === undefined && !Object.hasOwn(LEFT_OUT, n))).toEqual([]);
  });

  it('leaves out only names it has, and says so to a program that calls one', () => {
    for (const name of Object.keys(LEFT_OUT)) {
      expect(names).toContain(name);
      expect(referenceEntry(name)).toBeUndefined();
      const r = run({ program: `(${name} 1)` });
      expect(r.ok ? '' : `${r.error.message} ${r.error.hint ?? ''}`).toContain('kernel/eval');
    }
  });
});

describe.skipIf(names.length > 0)('the function reference (absent)', () => {
  it('is skipped because ../shared/reference/function-reference.md is not there', () => {
    console.warn('notice: ../shared/reference/function-reference.md not found; its names are not checked');
  });
});
