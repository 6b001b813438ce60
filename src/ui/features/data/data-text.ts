// The data editor's text read as the session's value, by the engine's lossless reader alone: what a
// valid edit needs, small enough for the page's first JavaScript. A syntax error comes with the
// reader's own place and words; ./json-scan.ts (loaded on first need) words it for people.
import { JsonNumber, readJson, toTaggedJson } from '../../../lisp/json-reader.ts';

export interface JsonLocation {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as editors count). */
  column: number;
}

export interface JsonSyntaxError extends JsonLocation {
  message: string;
  offset: number;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

/** `final`: the error is the reader's to say (a cap passed), not a syntax error to word again. */
export type DataRead = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError; final: boolean };

/**
 * The data text as the session's value encoding, read losslessly (docs/decisions.md L9): an integer
 * past 2^53 becomes {"$bigint": "…"} and a whole number written as a float (1.0, 1e3) {"$float": "…"},
 * so the engine gets exactly what was typed. Nesting and digits are capped.
 */
export function readDataText(text: string): DataRead {
  const read = readJson(text);
  // A lone number is no data object either way; the engine says so about the number, not a tag.
  if (read.ok) return { ok: true, value: read.value instanceof JsonNumber ? read.value.toJSON() : toTaggedJson(read.value) };
  return { ok: false, error: { line: read.line, column: read.column, offset: read.offset, message: read.message }, final: read.kind === 'limit' };
}
