// What counts as a successful run of an experiment. A run that ended by itself is judged by its
// `(return …)` value: against an expected PTC value (compared as PTC compares, so `[1 2]` equals
// `'(1 2)` and 1 equals 1.0 only where `=` says so), or by a PTC-Lisp predicate run in the sandbox.
// A run that failed or ran out of turns is a failure; one that was cut short is neither (runner.ts).
import { equals } from '../lisp/equality.ts';
import { printValue } from '../lisp/printer.ts';
import { run } from '../lisp/run.ts';
import { DEFAULT_LIMITS } from '../lisp/runtime.ts';
import { isFn, truthy, type Value } from '../lisp/values.ts';

export type SuccessCheck =
  /** The run returned, whatever the value (the default when an experiment names no check). */
  | { readonly kind: 'returned' }
  | { readonly kind: 'expected'; readonly value: Value }
  /** `(fn [result] …)`: truthy means success. */
  | { readonly kind: 'predicate'; readonly source: string };

export const RETURNED: SuccessCheck = { kind: 'returned' };

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly why: string };

const PASS: Verdict = { ok: true };

/** A predicate's text is usable when it evaluates to a function; otherwise the reason, for a clear error before any run. */
export function checkPredicate(source: string): string | null {
  if (source.trim() === '') return 'the predicate is empty; write a function such as (fn [result] (= (count result) 3))';
  const r = run({ program: source, limits: DEFAULT_LIMITS });
  if (!r.ok) return `the predicate does not run: ${r.error.message}`;
  if (!isFn(r.value)) return `the predicate must evaluate to a function such as (fn [result] …), got ${printValue(r.value)}`;
  return null;
}

function brief(v: Value): string {
  const text = printValue(v);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * Judges a returned value. The predicate runs with the session's data (so it may compare with
 * `data/…`) under the default limits; an error in it is a failure that says so.
 */
export function judge(check: SuccessCheck, value: Value, data: ReadonlyMap<string, Value> = new Map()): Verdict {
  switch (check.kind) {
    case 'returned':
      return PASS;
    case 'expected':
      return equals(value, check.value) ? PASS : { ok: false, why: `returned ${brief(value)}, expected ${brief(check.value)}` };
    case 'predicate': {
      // The value goes in as *1 (the latest result), so no name of the session's data can clash with it.
      const r = run({ program: `(${check.source}\n *1)`, data, history: [value], limits: DEFAULT_LIMITS });
      if (!r.ok) return { ok: false, why: `the check raised ${r.error.type}: ${r.error.message} (for ${brief(value)})` };
      return truthy(r.value) ? PASS : { ok: false, why: `the check said no to ${brief(value)}` };
    }
  }
}

/** How the check reads in a table or a progress line. */
export function describeCheck(check: SuccessCheck): string {
  switch (check.kind) {
    case 'returned':
      return 'the run returned';
    case 'expected':
      return `returned ${brief(check.value)}`;
    case 'predicate':
      return `${check.source.replace(/\s+/g, ' ').trim()} is true`;
  }
}
