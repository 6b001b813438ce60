// Names the page and the worker share about a view, in a leaf module (no imports): views.ts types
// the view with them and view-patch.ts (which re-exports them) patches it, without an import circle.

/** The parts of a view that follow the definition alone: sent to the page only when it changed. */
export const DEFINITION_KEYS = [
  'definition',
  'dataChars',
  'problems',
  'warnings',
  'missionExpanded',
  'maxTurns',
  'tools',
  'data',
  'sessionStrategy',
  'strategies',
  'systemPrompt',
] as const;

/** The pieces of a session's text; `assembleSessionText` joins them into what serializeSession writes. */
export interface SavedText {
  /** The session file without its turns (`"turns": []`). */
  head: string;
  /** Each recorded turn as it appears inside `"turns": [...]` (indented, without the separator). */
  turns: readonly string[];
  /**
   * The generation of the turn pieces: a piece leaves out the messages the definition renders again,
   * so a definition that renders differently writes every piece anew (a new `rev`).
   */
  rev?: number;
  /**
   * On the page, for large data: the head crossed without its data's value (the page holds the data
   * once, as the text its editor shows: the view's `definition.dataText`); `dataAt` is where the value
   * goes back, indented one level, when the text is needed.
   */
  dataAt?: number;
  dataText?: string;
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
