// The lesson format: a short text, a task checked by running the learner's program with
// the lesson's data and tools, hints and a solution. Plain data only (strings, JSON-like values), so
// a lesson crosses the worker boundary as it is and the page can show every field.
import type { ToolDef } from '../../records/records.ts';

/** Input data as JSON: objects become maps with keyword keys, arrays vectors (src/lisp/json.ts). */
export type LessonJson = null | boolean | number | string | readonly LessonJson[] | { readonly [key: string]: LessonJson };

/** Where a lesson sits in the course; the page may group by it. */
export type LessonArea = 'basics' | 'collections' | 'functions' | 'agent' | 'mistakes' | 'history';

/** A test of the program's text: for habits a value cannot show (Java interop that happens to work, say). */
export interface CodeRule {
  /** A JavaScript regular expression tested against the program text. */
  readonly pattern: string;
  /** true: the program must match; false: it must not. */
  readonly present: boolean;
  /** What is wrong when the rule fails, said to the learner. */
  readonly message: string;
  readonly hint?: string;
}

export interface LessonCheck {
  /**
   * The expected value as PTC-Lisp source (`["Ann" "Bo"]`, `{:total 42}`), compared with `=` of the
   * language (a vector equals a list with the same items, 2 does not equal 2.0).
   */
  readonly expected?: string;
  /** What the expected items are called in messages ("names" in "a list of 3 names"). */
  readonly noun?: string;
  /**
   * PTC-Lisp source of `(fn [result] …)`, run in the sandbox: true passes; a string is the reason it
   * fails (said as it is); anything else fails with `predicateMessage`.
   */
  readonly predicate?: string;
  readonly predicateMessage?: string;
  /** Each text must appear in some printed line. */
  readonly prints?: readonly string[];
  /** Tools that must be called (names without `tool/`). */
  readonly calls?: readonly string[];
  /** The most calls of one tool allowed, e.g. "call it once and keep the result". */
  readonly maxCalls?: { readonly tool: string; readonly max: number };
  /** How the program must end: with `(return …)`, with `(fail …)`; absent: any way but `fail`. */
  readonly ending?: 'return' | 'fail';
  readonly code?: readonly CodeRule[];
}

export interface Lesson {
  /** Stable: progress in the browser is kept by it. */
  readonly id: string;
  readonly title: string;
  readonly area: LessonArea;
  /** Markdown-ish plain text: paragraphs, `code`, and ```clojure blocks. */
  readonly text: string;
  /** What to do, in one or two sentences. */
  readonly task: string;
  readonly data: { readonly [name: string]: LessonJson };
  /** As session tools are declared: name, signature, PTC-Lisp `(fn …)` source. */
  readonly tools: readonly ToolDef[];
  readonly starter: string;
  readonly check: LessonCheck;
  /** In the order the page reveals them; the solution comes after the last. */
  readonly hints: readonly string[];
  readonly solution: string;
}
