// A problem as data: what is wrong, how bad, where, and what to try. Every layer reports its
// problems in this one shape (a program's parse, analysis and runtime errors; a tool's signature;
// the data's JSON; a session file), and every reader uses it as it is: editor markers, the turn
// view, the notice banner, the command line. Its `text` is the one line for text-only outputs (the
// command line, `errors` lists), exactly as those showed it before problems were data.
import type { PtcErrorInfo } from './errors.ts';

export type Severity = 'error' | 'warning';

/** What the problem was found in. */
export type ProblemOrigin = 'program' | 'tool' | 'data' | 'session' | 'definition' | 'link';

/** A place in a text, 1-based; the end is exclusive and absent when only the start is known. */
export interface SourceRange {
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
}

export interface Problem {
  readonly severity: Severity;
  /** Stable and machine-readable: an interpreter error type (`type_error` …) or a session code (`invalid_field` …). */
  readonly code: string;
  /** What is wrong, without the hint and without the location. */
  readonly message: string;
  /** What to try instead, when there is something to say. */
  readonly hint?: string;
  /** Where in the text named by `path` (a tool's implementation, the data's JSON, a program). */
  readonly range?: SourceRange;
  /**
   * The field of the session it belongs to, written as a path (`tools[1].impl`, `data.orders`,
   * `maxTurns`, `session` for the file as a whole); '' for a program.
   */
  readonly path: string;
  readonly origin: ProblemOrigin;
  /** The whole problem as one line: `path: message hint (line L, column C)` unless its maker wrote it otherwise. */
  readonly text: string;
}

/** Codes of problems that are not interpreter errors. */
export type SessionProblemCode =
  | 'invalid_json'
  | 'invalid_field'
  | 'unknown_field'
  | 'duplicate'
  | 'refused'
  | 'unsupported_version'
  | 'not_a_function'
  | 'arity_mismatch'
  | 'invalid_option'
  | 'missing_data';

/** A problem of `origin` at `path`; `code` says which kind. `text` defaults to problemLine's. */
export function problem(
  origin: ProblemOrigin,
  path: string,
  code: string,
  message: string,
  extra: { hint?: string; range?: SourceRange; severity?: Severity; text?: string } = {},
): Problem {
  const parts = {
    severity: extra.severity ?? 'error',
    code,
    message,
    path,
    origin,
    ...(extra.hint !== undefined ? { hint: extra.hint } : {}),
    ...(extra.range !== undefined ? { range: extra.range } : {}),
  } as const;
  return { ...parts, text: extra.text ?? problemLine(parts) };
}

/** An interpreter error as a problem of the text at `path` (a tool's implementation, a turn's program). */
export function problemOfError(info: PtcErrorInfo, origin: ProblemOrigin = 'program', path = ''): Problem {
  const message =
    info.hint !== undefined && info.message.endsWith(info.hint) ? info.message.slice(0, info.message.length - info.hint.length).trimEnd() : info.message;
  return problem(origin, path, info.type, message, {
    ...(info.hint !== undefined ? { hint: info.hint } : {}),
    ...(info.line !== undefined ? { range: { line: info.line, column: info.column ?? 1 } } : {}),
  });
}

/** The message with its hint, as one sentence after another. */
export function fullMessage(p: Pick<Problem, 'message' | 'hint'>): string {
  return p.hint !== undefined ? `${p.message} ${p.hint}` : p.message;
}

/** `(line 3, column 7)`, as the interpreter writes where an error is. */
export function rangeText(range: SourceRange): string {
  return `(line ${range.line}, column ${range.column})`;
}

/** A problem as one line: `path: message hint (line L, column C)`. */
export function problemLine(p: Omit<Problem, 'text' | 'severity' | 'code' | 'origin'>): string {
  const where = p.range !== undefined ? ` ${rangeText(p.range)}` : '';
  return `${p.path !== '' ? `${p.path}: ` : ''}${fullMessage(p)}${where}`;
}

/** Whether `path` is `prefix` or lies below it (`tools[0]` holds `tools[0].impl`, not `tools[01]`). */
export function isUnderPath(path: string, prefix: string): boolean {
  if (path === prefix) return true;
  if (!path.startsWith(prefix)) return false;
  const next = path[prefix.length];
  return next === '.' || next === '[';
}
