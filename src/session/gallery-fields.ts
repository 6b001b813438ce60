// The session file's gallery fields (docs/decisions.md, "Gallery fields"): `description`, a
// paragraph on what the session shows and what to look at, and `tags`, distinct lowercase words from
// the vocabulary in tags.ts. A tag outside the vocabulary is kept with a warning (a file from a newer build
// may know more); a tag that is not a lowercase word, or that appears twice, is refused by path.
import * as z from 'zod/mini';
import { isKnownTag, KNOWN_TAGS, TAG_PATTERN } from './tags.ts';

export { isKnownTag, KNOWN_TAGS, TAG_PATTERN, TAG_VOCABULARY, type KnownTag } from './tags.ts';

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
