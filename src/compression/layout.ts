// Shared layout rules of the coalesced USER message: the 30-column comment alignment and samples (C4–C7).
import { format } from '../lisp/printer.ts';
import type { Value } from '../lisp/values.ts';

export const COMMENT_COLUMN = 30;

/** Pads `left` to the comment column, always leaving at least one space. */
export function padToComment(left: string): string {
  return left.length < COMMENT_COLUMN ? left.padEnd(COMMENT_COLUMN) : `${left} `;
}

/** A value in Clojure notation cut to `limit` items per collection and `printableLimit` characters per string (C7). */
export function sample(v: Value, limit: number, printableLimit: number): string {
  return format(v, { limit, printableLimit }).text;
}

/** Tool-call arguments are cut harder than samples (C7, TRN-003). */
export const TOOL_ARG_LIMIT = 3;
export const TOOL_ARG_PRINTABLE_LIMIT = 60;

/** Entries are one line each: a newline inside a `;` comment would end it. */
export function oneLine(s: string): string {
  return s.trim().replace(/\s*\n\s*/g, ' ');
}
