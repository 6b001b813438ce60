// Errors are values for callers (`PtcErrorInfo`); inside the interpreter they travel as PtcError
// exceptions so deep evaluation can unwind, and the run API turns them back into values.

/**
 * The error types a program can end with: the reference's names (the LLM reads them and reacts to
 * them), and this interpreter's own for what the reference does not name (`duplicate_key`,
 * `ambiguous_reference`, the depth and output limits).
 */
export const ERROR_TYPES = [
  'parse_error',
  'duplicate_key',
  'invalid_form',
  'invalid_arity',
  'type_error',
  'arity_error',
  'unbound_var',
  'unknown_tool',
  'not_callable',
  'destructure_error',
  'invalid_placeholder',
  'unsupported_method',
  'ambiguous_reference',
  'runtime_error',
  /** A Java string method's result would hold half of a surrogate pair, which no PTC string can. */
  'invalid_java_string',
  'tool_error',
  'arithmetic_error',
  'timeout',
  'loop_limit_exceeded',
  'depth_limit_exceeded',
  'output_limit_exceeded',
  'memory_exceeded',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

export interface PtcErrorInfo {
  type: ErrorType;
  /** The whole text, hint included: what the LLM reads. */
  message: string;
  line?: number;
  column?: number;
  /** The part of `message` that says what to try instead (it ends the message). */
  hint?: string;
  /** For an unresolved symbol: the name nothing defines (so callers never parse the message for it). */
  unresolved?: string;
}

export interface Loc {
  line: number;
  column: number;
  /** The text of the program the location is in (a run marks its own; absent: not known). */
  source?: string;
}

/** No message reaches the user longer than this (a 1 MB literal quoted in an error, say). */
export const MAX_MESSAGE_CHARS = 2000;

/** The one place messages are cut: keeps the start, where the reason is. */
export function capMessage(message: string): string {
  return message.length <= MAX_MESSAGE_CHARS ? message : message.slice(0, MAX_MESSAGE_CHARS - 1) + '…';
}

export class PtcError extends Error {
  line?: number;
  column?: number;
  /** What to try instead; the message ends with it. */
  readonly hint?: string;
  /** For an unresolved symbol: the name nothing defines. */
  unresolved?: string;
  constructor(
    readonly type: ErrorType,
    message: string,
    loc?: Loc | null,
    hint?: string,
  ) {
    super(capMessage(hint !== undefined && hint !== '' ? `${message} ${hint}` : message));
    if (hint !== undefined && hint !== '') this.hint = hint;
    if (loc) {
      this.line = loc.line;
      this.column = loc.column;
    }
  }

  /** The program text the innermost location is in, when known. */
  source?: string;
  /** The innermost location in each other program the error passed through on its way out. */
  outerSites?: Loc[];

  /** Attach a location if none is known yet (the innermost location wins). */
  at(loc: Loc | null | undefined): this {
    if (!loc) return this;
    if (this.line === undefined) {
      this.line = loc.line;
      this.column = loc.column;
      this.source = loc.source;
    } else if (loc.source !== undefined && loc.source !== this.source && !this.outerSites?.some((s) => s.source === loc.source)) {
      // Raised in code read from another program (a function of an earlier turn, a tool): the
      // place in the running program that led there is kept too.
      (this.outerSites ??= []).push(loc);
    }
    return this;
  }

  /**
   * As seen from the program `program`: when the innermost location is in another program, the
   * location is where this program called into it, and the message says where it was raised.
   */
  from(program: string): PtcErrorInfo {
    const info = this.toInfo();
    if (this.source === undefined || this.source === program || this.line === undefined) return info;
    const site = this.outerSites?.find((s) => s.source === program);
    const note = `(raised inside a function defined outside this program, at its line ${this.line}, column ${this.column ?? 1})`;
    const hint = info.hint;
    const core = hint !== undefined ? info.message.slice(0, info.message.length - hint.length).trimEnd() : info.message;
    const out: PtcErrorInfo = { type: info.type, message: capMessage(hint !== undefined ? `${core} ${note} ${hint}` : `${core} ${note}`) };
    if (site !== undefined) {
      out.line = site.line;
      out.column = site.column;
    }
    if (hint !== undefined && out.message.endsWith(hint)) out.hint = hint;
    if (info.unresolved !== undefined) out.unresolved = info.unresolved;
    return out;
  }

  toInfo(): PtcErrorInfo {
    const info: PtcErrorInfo = { type: this.type, message: capMessage(this.message) };
    if (this.line !== undefined) info.line = this.line;
    if (this.column !== undefined) info.column = this.column;
    // A message cut short may have lost its hint: then it is not claimed.
    if (this.hint !== undefined && info.message.endsWith(this.hint)) info.hint = this.hint;
    if (this.unresolved !== undefined) info.unresolved = this.unresolved;
    return info;
  }
}

/** How JavaScript says a string, array or integer is past what it can hold. */
const ENGINE_FULL = [
  'invalid string length',
  'invalid array length',
  'invalid typed array length',
  'allocation failed',
  'out of memory',
  'buffer allocation',
  'maximum bigint size',
];

/** A RangeError for the call stack, or a regex of JavaScript's own that could not compile or run for lack of stack. */
function stackExhausted(e: Error): boolean {
  if (e instanceof RangeError) return e.message.toLowerCase().includes('call stack');
  return (
    e instanceof SyntaxError && e.message.startsWith('Invalid regular expression') && (e.message.endsWith('Stack overflow') || e.message.includes('call stack'))
  );
}

/**
 * Any exception as a language error. JavaScript's own errors are never shown as they are (their
 * wording means nothing to the program's author and may leak internals): a stack overflow is the
 * depth limit, a string or array past what the engine can hold is the memory limit, anything else
 * a fault inside `where` (the builtin that was running). Null for the control signals of
 * return/fail, which are not Errors and must pass through.
 */
export function asPtcError(e: unknown, where?: string | null): PtcError | null {
  if (e instanceof PtcError) return e;
  if (!(e instanceof Error)) return null;
  // Read with includes, not regexes: this runs where the stack ran out, and a regex that must
  // compile or run there fails too (V8 then throws a SyntaxError, not the RangeError).
  if (stackExhausted(e)) {
    return new PtcError('depth_limit_exceeded', 'The program nests too deeply (stack exhausted); use loop/recur or reduce instead of deep recursion');
  }
  if (e instanceof RangeError && ENGINE_FULL.some((words) => e.message.toLowerCase().includes(words))) {
    return new PtcError('memory_exceeded', `A value${where ? ` built by ${where}` : ''} is larger than the engine can hold; work on less data at a time`);
  }
  return new PtcError('runtime_error', `Internal error in ${where ?? 'the interpreter'}: it could not handle these arguments; try another way to compute this`);
}

export const typeError = (message: string): PtcError => new PtcError('type_error', message);
export const arityError = (message: string): PtcError => new PtcError('arity_error', message);
export const execError = (message: string): PtcError => new PtcError('runtime_error', message);

/** Levenshtein distance, for "Did you mean" hints. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** Up to `max` candidates close to `name`, best first. */
export function suggest(name: string, candidates: Iterable<string>, max = 3): string[] {
  // Edit distance is quadratic: a name of 10⁶ characters would take seconds, and has no near miss.
  if (name.length > 64) return [];
  const limit = Math.max(1, Math.floor(name.length / 3) + 1);
  const scored: [number, string][] = [];
  for (const c of candidates) {
    // A primed name (inc', +') is only the plain one again: offered only to a name with a prime.
    if (c.endsWith("'") && !name.includes("'")) continue;
    const prefix = c.startsWith(name) || name.startsWith(c);
    if (!prefix && Math.abs(c.length - name.length) > limit) continue;
    const d = editDistance(name, c);
    // As many edits as the name has characters share nothing with it (`y` is no near miss of `-`).
    if (!prefix && d >= name.length) continue;
    if (d <= limit || (prefix && Math.min(c.length, name.length) >= 3)) scored.push([prefix ? d - 0.5 : d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, max).map((s) => s[1]);
}

export function didYouMean(name: string, candidates: Iterable<string>): string {
  const s = suggest(name, candidates);
  return s.length === 0 ? '' : ` Did you mean: ${s.join(', ')}?`;
}

/** Hint sentences joined, or undefined when there are none. */
export function hintOf(...parts: string[]): string | undefined {
  const text = parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(' ');
  return text === '' ? undefined : text;
}
