// The session file's text in pieces, and how they join: the head (the file with `"turns": []`, large
// data possibly cut out and held as its editor's text) and one piece per recorded turn. The engine
// makes the pieces once each (a Step costs the new turn's piece) and the page joins them only when it
// needs the text; joining them gives exactly what serializeSession writes (a property test holds
// that). A leaf: it imports nothing at run time, so the page can join texts without taking in the
// engine. What builds the pieces of a session is ./file-pieces.ts.
import type { JsonValue } from './value-codec.ts';

/** The pieces of a session file's text. */
export interface FileText {
  /** The session file without its turns (`"turns": []`). */
  head: string;
  /** Each recorded turn as it appears inside `"turns": [...]` (indented, without the separator). */
  turns: readonly string[];
  /**
   * For large data: the head without its data's value, held once as the text its editor shows;
   * `dataAt` is where the value goes back, indented one level, when the text is needed.
   */
  dataAt?: number;
  dataText?: string;
}

/** A turn's piece: its JSON as the file writes it inside `"turns": [...]`, two levels in. */
export function turnPiece(json: JsonValue): string {
  // JSON strings hold no raw newline, so every newline is a line break to indent.
  return `    ${JSON.stringify(json, null, 2).replace(/\n/g, '\n    ')}`;
}

const TURNS_MARK = '\n  "turns": []';

/**
 * The session file's text from its pieces: the same characters serializeSession writes (messages the
 * definition renders again left out). The top-level
 * `"turns": []` line is found from the end (top-level keys are the only lines indented by two spaces
 * that start a key, and nothing after `turns` but unknown fields can follow).
 */
export function joinFileText(saved: FileText): string {
  const head = saved.dataAt === undefined ? saved.head : withData(saved.head, saved.dataAt, saved.dataText);
  if (saved.turns.length === 0) return head;
  const at = head.lastIndexOf(TURNS_MARK);
  if (at < 0) throw new Error('the session head has no turns');
  return `${head.slice(0, at)}\n  "turns": [\n${saved.turns.join(',\n')}\n  ]${head.slice(at + TURNS_MARK.length)}`;
}

/**
 * The head with its data's value written back: the same characters serializeSession wrote (the text
 * is the head's own, with one level of indent taken off: dataTextIn), indented one level again.
 */
function withData(head: string, at: number, dataText: string | undefined): string {
  if (dataText === undefined) throw new Error('the session head needs its data');
  return head.slice(0, at) + dataText.split('\n').join('\n  ') + head.slice(at);
}

/** Data whose text is at least this long leaves the head sent to the page, and the definition holds it as text. */
export const HEAD_DATA_CUT = 64 * 1024;

/** Where the top-level `data` value is in a head written by serializeSession, or null. */
export function dataRange(head: string): { start: number; end: number } | null {
  const key = '\n  "data": ';
  const at = head.indexOf(key);
  if (at < 0) return null;
  const start = at + key.length;
  // The next top-level key (lines inside the data are indented further), or the file's end.
  let end = head.indexOf('\n  "', start);
  if (end < 0) end = head.lastIndexOf('\n}');
  else end -= 1; // the comma after the value
  return end > start ? { start, end } : null;
}

/** The range of the head's data value when it is large (at least HEAD_DATA_CUT characters), else null. */
export function largeDataRange(head: string): { start: number; end: number } | null {
  const r = dataRange(head);
  return r !== null && r.end - r.start >= HEAD_DATA_CUT ? r : null;
}

/**
 * The data value of the head as its editor shows it (JSON.stringify with two spaces): the head's own
 * characters, one level of indent taken off (JSON strings hold no raw newline, so every newline in
 * the value is a line break the head indented).
 */
export function dataTextIn(head: string, r: { start: number; end: number }): string {
  // split/join makes a one-byte string of Latin-1 text; replace() made a two-byte one, twice the memory.
  return head.slice(r.start, r.end).split('\n  ').join('\n');
}

/**
 * A session's head as the engine keeps it: large data is cut out of the text and held as its editor's
 * text, once (the text and that copy of it would be two copies of megabytes, two bytes per character
 * when anything in the session is not Latin-1). `dataAt` is where the value goes back in `text`.
 */
export interface SessionHead {
  text: string;
  dataAt?: number;
  dataText?: string;
}

export function cutHead(full: string): SessionHead {
  const r = largeDataRange(full);
  if (r === null) return { text: full };
  return { text: full.slice(0, r.start) + full.slice(r.end), dataAt: r.start, dataText: dataTextIn(full, r) };
}
