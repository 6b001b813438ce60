// The gallery's tag vocabulary (docs/decisions.md, "Gallery fields"), without zod so the
// app can show what each tag means. The schema of the `tags` field is in gallery-fields.ts.

/** The tags the gallery knows, each with what it means (shown as the filter button's tooltip). */
export const TAG_VOCABULARY = {
  tools: 'calls tool/… functions and reads their results',
  println: 'prints with println, and the output goes back to the LLM',
  errors: 'a turn fails (a runtime error, a parse error, a fail)',
  recovery: 'a failed turn is followed by one that fixes it',
  limits: 'runs into a limit (printlnLimit, toolCallLimit, a sample limit, maxTurns)',
  strategies: 'worth comparing compression strategies (the Whole run tab)',
  data: 'explores data/… inputs',
  'long-run': 'many turns, so what the compression hides adds up',
  'large-results': 'tool results and printed values of thousands of characters',
  'side-effects': 'tools called for what they do, returning nil',
  placeholders: 'a mission with {{placeholders}} filled in from data/',
  redefinition: 'a later turn redefines a helper an earlier turn defined',
  recorded: 'opens with turns already recorded (no need to Step)',
} as const satisfies Record<string, string>;

export type KnownTag = keyof typeof TAG_VOCABULARY;

export const KNOWN_TAGS: readonly KnownTag[] = Object.keys(TAG_VOCABULARY) as KnownTag[];

/** A tag: a lowercase word, words joined by single hyphens (`long-run`). */
export const TAG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function isKnownTag(tag: string): tag is KnownTag {
  return Object.hasOwn(TAG_VOCABULARY, tag);
}
