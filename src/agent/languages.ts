// The versions of PTC-Lisp a turn can have run under. The interpreter speaks only today's; what
// stays of an older version is the SYSTEM prompt that taught it, so turns recorded then are shown
// (and their left-out messages rebuilt) exactly as they were sent.

/** A language version: the month of the reference it follows. */
export type LanguageId = '2026-01' | '2026-08';

/** The language new turns run under. */
export const CURRENT_LANGUAGE: LanguageId = '2026-08';

/** What a session file or link without a `language` field ran under. */
export const FIRST_LANGUAGE: LanguageId = '2026-01';

const NAMES: Readonly<Record<LanguageId, string>> = {
  '2026-01': 'PTC-Lisp of January 2026',
  '2026-08': 'PTC-Lisp of August 2026',
};

export const LANGUAGE_IDS = Object.keys(NAMES) as readonly LanguageId[];

export function isLanguageId(x: unknown): x is LanguageId {
  return typeof x === 'string' && Object.hasOwn(NAMES, x);
}

/** The language's name for people, e.g. "PTC-Lisp of January 2026". */
export function languageName(id: LanguageId): string {
  return NAMES[id];
}
