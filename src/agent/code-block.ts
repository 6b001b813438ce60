// Taking the program out of an LLM reply.

export type Extraction = { ok: true; program: string } | { ok: false; message: string };

const FENCE = /^[ \t]*(```+|~~~+)[ \t]*([\w+-]*)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm;
const LISP_TAGS = new Set(['clojure', 'clj', 'lisp', 'ptc', 'ptc-lisp', 'edn']);

/**
 * The program is the reply's fenced code block. Blocks tagged as Clojure/Lisp win over untagged ones;
 * several such blocks are joined in order (LLMs often split definitions from the final call).
 * A reply without any block is a failed turn with a message the LLM can act on.
 */
export function extractProgram(reply: string): Extraction {
  const tagged: string[] = [];
  const untagged: string[] = [];
  for (const m of reply.matchAll(FENCE)) {
    const tag = m[2].toLowerCase();
    const body = m[3].replace(/\s+$/, '');
    if (LISP_TAGS.has(tag)) tagged.push(body);
    else if (tag === '') untagged.push(body);
  }
  const blocks = tagged.length > 0 ? tagged : untagged;
  const program = blocks.join('\n\n').trim();
  if (blocks.length === 0) {
    return { ok: false, message: 'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.' };
  }
  if (program === '') return { ok: false, message: 'The ```clojure code block is empty. Put the program inside it.' };
  return { ok: true, program };
}
