// Every builtin documents itself in the registry; the examples there are run here, so the docs
// cannot drift from the behaviour.
import { describe, expect, it } from 'vitest';
import { allBuiltins, lookupBuiltin } from '../../../src/lisp/builtins/index.ts';
import { equals } from '../../../src/lisp/equality.ts';
import { printValue } from '../../../src/lisp/printer.ts';
import { formToValue, readProgram } from '../../../src/lisp/reader.ts';
import { run } from '../../../src/lisp/run.ts';

const examples = allBuiltins().flatMap((b) => b.examples.map(([program, expected]) => [b.name, program, expected] as const));

describe('builtin registry', () => {
  it('documents every builtin', () => {
    const undocumented = allBuiltins()
      .filter((b) => b.doc.trim().length < 8)
      .map((b) => b.name);
    expect(undocumented).toEqual([]);
  });

  it('has examples for most builtins', () => {
    expect(examples.length).toBeGreaterThan(150);
  });

  it('knows the core names of the specification', () => {
    const required = [
      'map',
      'filter',
      'reduce',
      'group-by',
      'sort-by',
      'frequencies',
      'get-in',
      'assoc',
      'update',
      'str',
      'subs',
      'join',
      'split',
      're-find',
      'parse-long',
      'apply',
      'partial',
      'comp',
      'juxt',
      'sum-by',
      'avg-by',
      'min-by',
      'max-by',
      'pluck',
      'println',
      'return',
      'fail',
      'pmap',
      'pcalls',
    ];
    expect(required.filter((n) => lookupBuiltin(n) === undefined)).toEqual([]);
  });

  // Results in the reference's notation: a value, `error: TYPE` or `fail: VALUE`.
  it.each(examples)('%s: %s → %s', (_name, program, expected) => {
    const r = run({ program });
    // An example of a refusal states its error type, as the reference's examples do.
    if (expected.startsWith('error: ')) {
      expect(r.ok ? printValue(r.value) : `error: ${r.error.type}`).toBe(expected);
      return;
    }
    const got = r.ok ? printValue(r.value) : `error ${r.error.type}: ${r.error.message}`;
    if (expected.startsWith('error: ')) {
      expect(r.ok ? `value ${got}` : r.error.type, got).toBe(expected.slice('error: '.length));
      return;
    }
    const failing = expected.startsWith('fail: ');
    const want = formToValue(readProgram(failing ? expected.slice('fail: '.length) : expected)[0]);
    const signalled = r.ok && (r.signal === 'fail') === failing;
    expect(r.ok && signalled && (equals(r.value, want) || got === expected), `got ${got}`).toBe(true);
  });
});
