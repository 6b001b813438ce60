// Test helpers: evaluate programs and call builtins with a fresh runtime.
import { lookupBuiltin } from '../../src/lisp/builtins/index.ts';
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
