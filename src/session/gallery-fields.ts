// The session file's gallery fields (issue 16; docs/decisions.md, "Gallery fields"): `description`, a
// paragraph on what the session shows and what to look at, and `tags`, distinct lowercase words from
// the vocabulary below. A tag outside the vocabulary is kept with a warning (a file from a newer build
// may know more); a tag that is not a lowercase word, or that appears twice, is refused by path.
import * as z from 'zod/mini';

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

/** The description: any text (a paragraph). */
export const descriptionSchema = z.string();

const tag = z.string().check(
  z.refine((s) => TAG_PATTERN.test(s), {
    error: (iss) => `not a tag: tags are lowercase words joined by hyphens, such as long-run (got ${JSON.stringify(iss.input)})`,
  }),
);

/** The tags: an array of distinct tag words; a repeated one is refused at its second place. */
export const tagsSchema = z.array(tag).check(
  z.superRefine((tags, ctx) => {
    const first = new Map<string, number>();
    tags.forEach((t, i) => {
      const j = first.get(t);
      if (j === undefined) first.set(t, i);
      else ctx.addIssue({ code: 'custom', message: `duplicate tag "${t}" (also tags[${j}])`, path: [i] });
    });
  }),
);

/** One warning per tag outside the vocabulary (kept as it is). */
export function unknownTagWarnings(tags: readonly string[] | undefined): string[] {
  if (tags === undefined) return [];
  return tags.flatMap((t, i) => (isKnownTag(t) ? [] : [`tags[${i}]: unknown tag "${t}", kept (known tags: ${KNOWN_TAGS.join(', ')})`]));
}
