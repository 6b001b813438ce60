// Editor help as plain data, without Monaco (clojure-help.ts hands it to Monaco): the completion items
// for a name being typed, the hover text of a name, the markers of the worker's diagnostics, and the
// code lines of a reply. From the language reference and the session's view: builtins and special
// forms, the session's tool/ and data/ names, and the user's definitions so far.
import type { RefEntry } from '../../../lisp/reference/index.ts';
import type { Problem } from '../../../lisp/problem.ts';
import type { DataView, ToolView, UserEntryView } from '../../../worker/views.ts';

/** The names the help knows: the language reference and the open session's part of the view. */
export interface HelpNames {
  readonly reference: readonly RefEntry[];
  readonly tools: readonly ToolView[];
  readonly data: readonly DataView[];
  readonly user: readonly UserEntryView[];
}

export type HelpKind = RefEntry['kind'] | 'tool' | 'data' | 'user-function' | 'user-value' | 'word';

export interface HelpItem {
  readonly label: string;
  readonly kind: HelpKind;
  /** One line beside the label: how to call it, or its type. */
  readonly detail: string;
  /** What it is or does, in one line (shown in the list). */
  readonly summary: string;
  /** Markdown. */
  readonly documentation: string;
  readonly insertText: string;
  /** Orders the list: the session's names first, then the user's, then the language's. */
  readonly sortText: string;
}

/** The characters a PTC-Lisp symbol (or keyword) is made of. */
const SYMBOL_CHAR = /[A-Za-z0-9*+!\-_'?<>=/.&%$:]/;

/** The symbol that ends at `column` (1-based, the cursor), with the column it starts at. */
export function symbolBefore(line: string, column: number): { text: string; start: number } {
  let i = Math.min(column - 1, line.length);
  while (i > 0 && SYMBOL_CHAR.test(line[i - 1])) i--;
  return { text: line.slice(i, column - 1), start: i + 1 };
}

/** The whole symbol under `column` (1-based), with its columns (end exclusive); null on anything else. */
export function symbolAt(line: string, column: number): { text: string; start: number; end: number } | null {
  let s = Math.min(column - 1, line.length);
  let e = s;
  while (s > 0 && SYMBOL_CHAR.test(line[s - 1])) s--;
  while (e < line.length && SYMBOL_CHAR.test(line[e])) e++;
  if (s === e) return null;
  return { text: line.slice(s, e), start: s + 1, end: e + 1 };
}

/** A code block that shows `code` as it is, whatever backticks it holds. */
function fence(code: string): string {
  const longest = Math.max(2, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const f = '`'.repeat(longest + 1);
  return `${f}clojure\n${code}\n${f}`;
}

/** "[f coll]" as a call: "(map f coll)". */
export function usage(name: string, arity: string): string {
  const inner = arity.startsWith('[') && arity.endsWith(']') ? arity.slice(1, -1).trim() : arity;
  return inner === '' ? `(${name})` : `(${name} ${inner})`;
}

function entryDetail(e: RefEntry): string {
  if (e.arities.length === 0) return e.kind;
  return e.arities.map((a) => usage(e.name, a)).join('  ');
}

/** A reference entry for people: how to call it, what it does, its first example. */
export function entryMarkdown(e: RefEntry): string {
  const parts = [`**${e.name}** — ${e.kind}${e.aliasOf !== undefined ? ` (another spelling of \`${e.aliasOf}\`)` : ''}`];
  if (e.arities.length > 0) parts.push(fence(e.arities.map((a) => usage(e.name, a)).join('\n')));
  parts.push(e.doc);
  if (e.details !== undefined) parts.push(e.details);
  const first = e.examples[0];
  if (first !== undefined) parts.push(fence(`${first.code}\n;=> ${first.result}`));
  return parts.join('\n\n');
}

export function toolMarkdown(t: ToolView): string {
  const parts = [`**tool/${t.name}** — tool`, fence(`${t.callForm}\n; ${t.signature}`)];
  if (t.description !== undefined && t.description !== '') parts.push(t.description);
  return parts.join('\n\n');
}

export function dataMarkdown(d: DataView): string {
  const parts = [`**data/${d.name}** — ${d.type}`];
  if (d.sample !== null) parts.push(fence(d.sample));
  return parts.join('\n\n');
}

function userDetail(u: UserEntryView): string {
  return u.kind === 'function' && u.params.length > 0 ? u.params.map((p) => usage(u.name, p)).join('  ') : u.type;
}

export function userMarkdown(u: UserEntryView): string {
  const what = u.kind === 'function' ? 'your function' : 'your value';
  const parts = [`**${u.name}** — ${what}, ${u.type}${u.returnType !== undefined ? ` → ${u.returnType}` : ''}`];
  if (u.kind === 'function' && u.params.length > 0) parts.push(fence(u.params.map((p) => usage(u.name, p)).join('\n')));
  if (u.doc !== undefined && u.doc !== '') parts.push(u.doc);
  if (u.sample !== null && u.kind === 'value') parts.push(fence(u.sample));
  return parts.join('\n\n');
}

function firstLine(text: string | undefined): string | undefined {
  const line = text?.split('\n')[0].trim();
  return line === undefined || line === '' ? undefined : line;
}

const toolItem = (t: ToolView): HelpItem => ({
  label: `tool/${t.name}`,
  kind: 'tool',
  detail: t.signature,
  summary: firstLine(t.description) ?? 'tool',
  documentation: toolMarkdown(t),
  insertText: `tool/${t.name}`,
  sortText: `0${t.name}`,
});

const dataItem = (d: DataView): HelpItem => ({
  label: `data/${d.name}`,
  kind: 'data',
  detail: d.type,
  summary: `data, ${d.type}`,
  documentation: dataMarkdown(d),
  insertText: `data/${d.name}`,
  sortText: `0${d.name}`,
});

const userItem = (u: UserEntryView): HelpItem => ({
  label: u.name,
  kind: u.kind === 'function' ? 'user-function' : 'user-value',
  detail: userDetail(u),
  summary: firstLine(u.doc) ?? (u.kind === 'function' ? 'your function' : `your value, ${u.type}`),
  documentation: userMarkdown(u),
  insertText: u.name,
  sortText: `1${u.name}`,
});

const entryItem = (e: RefEntry): HelpItem => ({
  label: e.name,
  kind: e.kind,
  detail: entryDetail(e),
  summary: e.doc,
  documentation: entryMarkdown(e),
  insertText: e.name,
  sortText: `2${e.name}`,
});

/**
 * What may complete `typed` (the symbol before the cursor): after `tool/` the session's tools, after
 * `data/` its data, after another prefix (`str/`) the reference's names with it; otherwise the
 * language's names without a prefix, the user's definitions, and the tool/ and data/ names.
 */
export function completionItems(typed: string, names: HelpNames): HelpItem[] {
  if (typed.startsWith(':')) return [];
  const slash = typed.indexOf('/');
  if (slash > 0) {
    const ns = typed.slice(0, slash);
    if (ns === 'tool') return names.tools.map(toolItem);
    if (ns === 'data' || ns === 'ctx') return names.data.map(dataItem);
    return names.reference.filter((e) => e.name.startsWith(`${ns}/`)).map(entryItem);
  }
  // A definition that takes a builtin's name is what the name means now: the builtin is not offered.
  const own = new Set(names.user.map((u) => u.name));
  const language = names.reference.filter((e) => (!e.name.includes('/') || e.name === '/') && !own.has(e.name)).map(entryItem);
  return [...names.tools.map(toolItem), ...names.data.map(dataItem), ...names.user.map(userItem), ...language];
}

/**
 * The names written in the program itself (its locals, parameters and definitions), as completions
 * after everything else: all but `typed` (the one being written) and what `known` already offers.
 */
export function wordItems(program: string, typed: string, known: readonly HelpItem[]): HelpItem[] {
  const seen = new Set(known.map((i) => i.label));
  const out: HelpItem[] = [];
  for (const m of program.matchAll(/[A-Za-z*+!\-_'?<>=.&%$][A-Za-z0-9*+!\-_'?<>=/.&%$]*/g)) {
    const w = m[0];
    const before = m.index > 0 ? program[m.index - 1] : '';
    if (w.length < 2 || w === typed || seen.has(w) || before === ':' || before === '\\' || w.includes('/')) continue;
    seen.add(w);
    out.push({ label: w, kind: 'word', detail: '', summary: 'in this text', documentation: '', insertText: w, sortText: `3${w}` });
  }
  return out;
}

/** The hover of a name: its reference entry, tool, data or definition (null for anything else). */
export function hoverMarkdown(word: string, names: HelpNames): string | null {
  if (word === '' || word.startsWith(':')) return null;
  const slash = word.indexOf('/');
  if (slash > 0) {
    const ns = word.slice(0, slash);
    const name = word.slice(slash + 1);
    if (ns === 'tool') {
      const t = names.tools.find((x) => x.name === name);
      return t === undefined ? null : toolMarkdown(t);
    }
    if (ns === 'data' || ns === 'ctx') {
      const d = names.data.find((x) => x.name === name);
      return d === undefined ? null : dataMarkdown(d);
    }
  }
  // As a bare name resolves: the user's definitions (which may take a builtin's name), then the
  // language's names, then tools and data.
  const user = names.user.find((u) => u.name === word);
  if (user !== undefined) return userMarkdown(user);
  const entry = names.reference.find((e) => e.name === word);
  if (entry !== undefined) return entryMarkdown(entry);
  const tool = names.tools.find((t) => t.name === word);
  if (tool !== undefined) return toolMarkdown(tool);
  const data = names.data.find((d) => d.name === word);
  return data === undefined ? null : dataMarkdown(data);
}

export interface HelpMarker {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly code: string;
  readonly startLineNumber: number;
  readonly startColumn: number;
  readonly endLineNumber: number;
  readonly endColumn: number;
}

/**
 * The worker's problems as editor markers of the text whose lines are `lines`: each from its column
 * to the end of the symbol there (at least one character; the line's last at its end), message and
 * hint together. A problem without a place marks the first character.
 */
export function markersOf(problems: readonly Problem[], lines: readonly string[]): HelpMarker[] {
  return problems.map((p) => {
    const line = Math.min(Math.max(1, p.range?.line ?? 1), Math.max(1, lines.length));
    const text = lines[line - 1] ?? '';
    const maxColumn = text.length + 1;
    let start = Math.min(Math.max(1, p.range?.column ?? 1), maxColumn);
    const word = symbolAt(text, start);
    let end = word !== null && word.start === start ? word.end : start + 1;
    if (end > maxColumn) {
      end = maxColumn;
      start = Math.max(1, maxColumn - 1);
    }
    const message = p.hint !== undefined ? `${p.message} ${p.hint}` : p.message;
    return { severity: p.severity, message, code: p.code, startLineNumber: line, startColumn: start, endLineNumber: line, endColumn: end };
  });
}

const FENCE = /^[ \t]*(`{3,}|~{3,})[ \t]*\{?\.?([A-Za-z0-9_+#-]*)/;
const LISP_TAGS: ReadonlySet<string> = new Set(['', 'clojure', 'clj', 'cljs', 'cljc', 'clojurescript', 'lisp', 'ptc', 'ptc-lisp', 'edn']);

/**
 * Which lines of a reply are PTC-Lisp: those inside a fenced block tagged as Clojure/Lisp or
 * untagged (as the turn reads the program). True at index i for line i + 1.
 */
export function codeLines(lines: readonly string[]): boolean[] {
  const out = lines.map(() => false);
  let open: { fence: string; code: boolean } | null = null;
  lines.forEach((line, i) => {
    const m = FENCE.exec(line);
    if (open === null) {
      if (m !== null) open = { fence: m[1], code: LISP_TAGS.has(m[2].toLowerCase()) };
      return;
    }
    if (m !== null && m[1][0] === open.fence[0] && m[1].length >= open.fence.length && line.trim() === m[1]) {
      open = null;
      return;
    }
    out[i] = open.code;
  });
  return out;
}

/** A reply with every line but its code lines emptied: diagnosed as one program, its places are the reply's. */
export function replyProgram(text: string): string | null {
  const lines = text.split('\n');
  const code = codeLines(lines);
  if (!code.includes(true)) return null;
  return lines.map((l, i) => (code[i] ? l : '')).join('\n');
}
