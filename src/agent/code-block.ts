// Taking the program out of an LLM reply, read the way real models write replies: prose around the block,
// sloppy or missing closing fences, cut-off answers, attributes after the tag, CRLF line endings.

export type Extraction = { ok: true; program: string } | { ok: false; message: string };

const LISP_TAGS = new Set(['clojure', 'clj', 'cljs', 'cljc', 'clojurescript', 'lisp', 'ptc', 'ptc-lisp', 'edn']);

/**
 * Language names a model writes right after a fence. Inside a block, a fence glued to one of these
 * (```` ```json ````) is a new block that was opened without closing the previous one; glued to any other
 * text it is a closing fence followed by prose.
 */
const KNOWN_LANGS = new Set([
  ...LISP_TAGS,
  'json',
  'jsonc',
  'python',
  'py',
  'javascript',
  'js',
  'typescript',
  'ts',
  'text',
  'txt',
  'plaintext',
  'bash',
  'sh',
  'shell',
  'console',
  'output',
  'markdown',
  'md',
  'yaml',
  'yml',
  'xml',
  'html',
  'sql',
  'csv',
  'scheme',
  'racket',
  'elisp',
  'java',
  'ruby',
  'go',
  'rust',
]);

const NO_BLOCK = 'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.';
const EMPTY_BLOCK = 'The ```clojure code block is empty. Put the program inside it.';

/** A line that starts with a fence (any indentation): indentation, the fence itself, the rest of the line. */
const FENCE_LINE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;
/** A line that ends with a fence glued to the code (`(return x)```). */
const GLUED_CLOSE = /^(.*[^\s`~])[ \t]*(`{3,}|~{3,})[ \t]*$/;
/** ```` ```CODE``` ```` within one line; CommonMark reads it as a code span, models mean a one-line block. */
const INLINE = /(?<!`)(`{3,})(?!`)(.+?)(?<!`)\1(?!`)/g;
/** Reasoning some models put before the answer; drafts in it must not be joined to the answer's program. */
const REASONING = /^\s*<(think|thinking|reasoning)>[\s\S]*?<\/\1>/i;

interface Block {
  /** Lowercased language tag; '' when untagged. */
  readonly tag: string;
  readonly body: string;
}

interface Close {
  readonly line: number;
  /** The closing line also opens the next block (a fence glued to a language name). */
  readonly reopens: boolean;
  /** Code before a fence glued to the end of the last line. */
  readonly kept?: string;
}

/** The first word of an info string (```` ```clojure title="x" ````, ```` ```{.clojure} ````), lowercased. */
function tagOf(info: string): string {
  const m = /^\{?\.?([A-Za-z0-9_+#-]+)/.exec(info.trim());
  return m === null ? '' : m[1].toLowerCase();
}

/** `json`, `{.json}` or `clojure title="x"` glued to the fence; "```Text me if it fails" is prose. */
function opensAgain(rest: string): boolean {
  const m = /^\{?\.?([A-Za-z][\w+#-]*)\}?(?:\s+\S+=.*)?\s*$/.exec(rest);
  return m !== null && KNOWN_LANGS.has(m[1].toLowerCase());
}

/** Whether a Lisp line ends inside a string literal, given whether it starts in one (`\x` escapes and `;` comments skipped). */
function endsInString(line: string, inString: boolean): boolean {
  let s = inString;
  for (let k = 0; k < line.length; k++) {
    const c = line[k];
    if (c === '\\') k++;
    else if (c === '"') s = !s;
    else if (c === ';' && !s) return false;
  }
  return s;
}

/**
 * Where the block opened with `fence` ends. A closing fence is a line starting with the same fence character,
 * at least as long, at any indentation, with or without text after it. In Lisp blocks a fence line inside a
 * multi-line string is program text, and a fence glued to the end of a code line closes the block.
 */
function closeAt(lines: readonly string[], from: number, fence: string, stringAware: boolean, glued: boolean): Close | null {
  let inString = false;
  for (let j = from; j < lines.length; j++) {
    const line = lines[j];
    if (!inString) {
      const m = FENCE_LINE.exec(line);
      if (m !== null && m[2][0] === fence[0] && m[2].length >= fence.length) return { line: j, reopens: opensAgain(m[3]) };
    }
    const after: boolean = stringAware ? endsInString(line, inString) : false;
    if (glued && !after) {
      const g = GLUED_CLOSE.exec(line);
      if (g !== null && g[2][0] === fence[0] && !FENCE_LINE.test(line)) return { line: j, reopens: false, kept: g[1] };
    }
    inString = after;
  }
  return null;
}

/** A fence line of the same character, any length, or a glued fence: the last resort before "runs to the end". */
function looseCloseAt(lines: readonly string[], from: number, fence: string): Close | null {
  for (let j = from; j < lines.length; j++) {
    const m = FENCE_LINE.exec(lines[j]);
    if (m !== null && m[2][0] === fence[0]) return { line: j, reopens: opensAgain(m[3]) };
    const g = GLUED_CLOSE.exec(lines[j]);
    if (g !== null && g[2][0] === fence[0]) return { line: j, reopens: false, kept: g[1] };
  }
  return null;
}

/**
 * Tried strictest first, so that a string with an unbalanced quote (a buggy program) or a closing fence shorter
 * than the opening one does not swallow the rest of the reply. No close at all: a cut-off reply, the block runs to the end.
 */
function findClose(lines: readonly string[], from: number, fence: string, lisp: boolean): Close | null {
  return (lisp ? closeAt(lines, from, fence, true, true) : null) ?? closeAt(lines, from, fence, false, lisp) ?? looseCloseAt(lines, from, fence);
}

/** Removes up to `n` characters of indentation, as much as the opening fence had (CommonMark). */
function dedent(line: string, n: number): string {
  let k = 0;
  while (k < n && (line[k] === ' ' || line[k] === '\t')) k++;
  return line.slice(k);
}

function tidy(body: string): string {
  return body.replace(/^(?:[ \t]*\n)+/, '').trimEnd();
}

function inlineSpans(line: string): Block[] {
  const spans: Block[] = [];
  for (const m of line.matchAll(INLINE)) {
    const content = m[2].trim();
    const word = /^([A-Za-z][\w+-]*)(?:\s+([\s\S]*))?$/.exec(content);
    if (word !== null && KNOWN_LANGS.has(word[1].toLowerCase())) {
      // ```clojure``` alone names a language, it holds no code.
      if (word[2] !== undefined) spans.push({ tag: word[1].toLowerCase(), body: word[2].trim() });
    } else if (content !== '') {
      spans.push({ tag: '', body: content });
    }
  }
  return spans;
}

/** Fenced blocks in order, and the one-line ```` ```CODE``` ```` spans found outside them. */
function scan(text: string): { blocks: Block[]; inline: Block[] } {
  const lines = text.split('\n');
  const blocks: Block[] = [];
  const inline: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const m = FENCE_LINE.exec(lines[i]);
    // A backtick fence whose info string holds backticks is not an opening fence (CommonMark): an inline span.
    if (m === null || (m[2][0] === '`' && m[3].includes('`'))) {
      inline.push(...inlineSpans(lines[i]));
      i++;
      continue;
    }
    const [, indent, fence, info] = m;
    const tag = tagOf(info);
    const close = findClose(lines, i + 1, fence, LISP_TAGS.has(tag));
    const body = lines.slice(i + 1, close === null ? lines.length : close.line).map((l) => dedent(l, indent.length));
    if (close?.kept !== undefined) body.push(dedent(close.kept, indent.length));
    blocks.push({ tag, body: tidy(body.join('\n')) });
    if (close === null) break;
    i = close.reopens ? close.line : close.line + 1;
  }
  return { blocks, inline };
}

function listLanguages(tags: readonly string[]): string {
  const names = tags.map((t) => '```' + t);
  if (names.length === 1) return `a ${names[0]} block`;
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} blocks`;
}

/** Clojure blocks win over untagged ones; blocks in other languages are never the program. Null: no block at all. */
function choose(blocks: readonly Block[]): Extraction | null {
  if (blocks.length === 0) return null;
  const lisp = blocks.filter((b) => LISP_TAGS.has(b.tag));
  const chosen = lisp.length > 0 ? lisp : blocks.filter((b) => b.tag === '');
  if (chosen.length === 0) {
    const others = [...new Set(blocks.map((b) => b.tag))];
    return {
      ok: false,
      message: `The reply has no \`\`\`clojure code block, only ${listLanguages(others)}. Reply with exactly one \`\`\`clojure block holding the program.`,
    };
  }
  const program = chosen
    .map((b) => b.body)
    .filter((b) => b !== '')
    .join('\n\n');
  return program === '' ? { ok: false, message: EMPTY_BLOCK } : { ok: true, program };
}

function fromText(text: string): Extraction | null {
  const { blocks, inline } = scan(text);
  return choose(blocks) ?? choose(inline);
}

/**
 * The program is the reply's fenced code block. Blocks tagged as Clojure/Lisp win over untagged ones;
 * several such blocks are joined in order with a blank line (LLMs often split definitions from the final call).
 * A reply without a usable block is a failed turn with a message the LLM can act on.
 */
export function extractProgram(reply: string): Extraction {
  const text = reply.replace(/\r\n?/g, '\n');
  // Only the answer after a closed reasoning section counts: code drafted while reasoning is not the program.
  const reasoning = REASONING.exec(text);
  return fromText(reasoning === null ? text : text.slice(reasoning[0].length)) ?? { ok: false, message: NO_BLOCK };
}
