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
   * once, parsed, in the view's definition); `dataAt` is where the value goes back, written from
   * `data` (that definition's own object) when the text is needed.
   */
  dataAt?: number;
  data?: unknown;
}
