// Test helpers: evaluate programs and call builtins with a fresh runtime.
import { describe, expect, it } from 'vitest';
import { lookupBuiltin } from '../../src/lisp/builtins/index.ts';
import { PtcError } from '../../src/lisp/errors.ts';
import { readProgram } from '../../src/lisp/reader.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run, type RunOptions } from '../../src/lisp/run.ts';
import { DEFAULT_LIMITS, Runtime, withRuntime } from '../../src/lisp/runtime.ts';
import type { Value } from '../../src/lisp/values.ts';

/** Run a program; return its result in Clojure notation, or throw with the error. */
export function ev(program: string, opts: Omit<RunOptions, 'program'> = {}): string {
  const r = run({ ...opts, program });
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  return printValue(r.value);
}

/** Run a program that must fail; return its error. */
export function evErr(program: string, opts: Omit<RunOptions, 'program'> = {}): { type: string; message: string } {
  const r = run({ ...opts, program });
  if (r.ok) throw new Error(`expected an error, got ${printValue(r.value)}`);
  return r.error;
}

/** Call a builtin directly (no reader/analyzer involved). */
export function callBuiltin(name: string, ...args: Value[]): Value {
  const info = lookupBuiltin(name);
  if (!info) throw new Error(`no builtin ${name}`);
  const r = new Runtime(DEFAULT_LIMITS, new Map(), new Map(), new Map(), [], () => Date.now());
  return withRuntime(r, () => info.fn(...args));
}

export type ResultCase = readonly [program: string, expected: string];
export type ErrorCase = readonly [program: string, type: string, message?: RegExp];

/** One test per case: the program's printed result must be `expected`. */
export function expectResults(cases: readonly ResultCase[]): void {
  it.each(cases)('%s → %s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });
}

/** One test per case: the program must fail with `type` (and a message matching `message`). */
export function expectErrors(cases: readonly ErrorCase[]): void {
  for (const [program, type, message] of cases) {
    it(`${program} fails with ${type}`, () => {
      const e = evErr(program);
      expect(e.type).toBe(type);
      if (message) expect(e.message).toMatch(message);
    });
  }
}

/** A named group of result cases. */
export function table(name: string, cases: readonly ResultCase[]): void {
  describe(name, () => expectResults(cases));
}

/** A named group of error cases. */
export function errors(name: string, cases: readonly ErrorCase[]): void {
  describe(name, () => expectErrors(cases));
}

/** The parse error the reader raises for `src` (the test fails when it reads it). */
export function parseError(src: string): PtcError {
  try {
    readProgram(src);
  } catch (e) {
    if (e instanceof PtcError) return e;
    throw e;
  }
  throw new Error(`expected a parse error for ${src}`);
}
