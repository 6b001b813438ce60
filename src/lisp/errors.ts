// Errors are values for callers (`PtcErrorInfo`); inside the interpreter they travel as PtcError
// exceptions so deep evaluation can unwind, and the run API turns them back into values.

export type ErrorType =
  | 'parse_error'
  | 'validation_error'
  | 'type_error'
  | 'arity_error'
  | 'undefined_error'
  | 'ambiguous_reference'
  | 'execution_error'
  | 'tool_error'
  | 'arithmetic_error'
  | 'timeout'
  | 'loop_limit_exceeded'
  | 'depth_limit_exceeded'
  | 'output_limit_exceeded'
  | 'memory_exceeded';

export interface PtcErrorInfo {
  type: ErrorType;
  message: string;
  line?: number;
  column?: number;
}

export interface Loc {
  line: number;
  column: number;
}

export class PtcError extends Error {
  line?: number;
  column?: number;
  constructor(
    readonly type: ErrorType,
    message: string,
    loc?: Loc | null,
  ) {
    super(message);
    if (loc) {
      this.line = loc.line;
      this.column = loc.column;
    }
  }

  /** Attach a location if none is known yet (the innermost location wins). */
  at(loc: Loc | null | undefined): this {
    if (loc && this.line === undefined) {
      this.line = loc.line;
      this.column = loc.column;
    }
    return this;
  }

  toInfo(): PtcErrorInfo {
    const info: PtcErrorInfo = { type: this.type, message: this.message };
    if (this.line !== undefined) info.line = this.line;
    if (this.column !== undefined) info.column = this.column;
    return info;
  }
}

export const typeError = (message: string): PtcError => new PtcError('type_error', message);
export const arityError = (message: string): PtcError => new PtcError('arity_error', message);
export const execError = (message: string): PtcError => new PtcError('execution_error', message);

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
  const limit = Math.max(1, Math.floor(name.length / 3) + 1);
  const scored: [number, string][] = [];
  for (const c of candidates) {
    const d = editDistance(name, c);
    const prefix = c.startsWith(name) || name.startsWith(c);
    if (d <= limit || (prefix && Math.min(c.length, name.length) >= 3)) scored.push([prefix ? d - 0.5 : d, c]);
  }
  scored.sort((x, y) => x[0] - y[0] || x[1].localeCompare(y[1]));
  return scored.slice(0, max).map((s) => s[1]);
}

export function didYouMean(name: string, candidates: Iterable<string>): string {
  const s = suggest(name, candidates);
  return s.length === 0 ? '' : ` Did you mean: ${s.join(', ')}?`;
}
