// Bounds for walks over whole values (printing, equality, hashing, comparison, encoding).
//
// Values may share structure: `(reduce (fn [a _] [a a]) 1 (range 30))` is 30 vectors but 2^30
// leaves, so a walk is bounded by counting the elements it visits (shared parts each time they
// appear) against the value size limit, not by the value's physical size. Walks recurse while the
// value is shallow (fast) and switch to an explicit stack past REC_DEPTH, so no nesting overflows
// the JavaScript stack.
import { PtcError } from './errors.ts';
import { activeMeter } from './run-meter.ts';

/** The value size limit when no program is running (UI views, session files): Limits' default. */
export const DEFAULT_VALUE_LIMIT = 1_000_000;

/** Recursion depth after which walks continue on an explicit stack. */
export const REC_DEPTH = 200;

/** Output characters allowed per element of the limit (strings may be shared too). */
const CHARS_PER_ELEMENT = 64;

/** Walks smaller than this never ask for the limit (reading it costs a little). */
const FIRST_CHECK = 4096;

/** The running program's value size limit, or the default outside a run. */
export function valueLimit(): number {
  return activeMeter()?.limits.maxValueSize ?? DEFAULT_VALUE_LIMIT;
}

/** Elements walked since the running program's clock was last charged. */
let work = 0;

/**
 * Count `n` elements walked against the running program's clock (time inside builtins counts, and
 * many walks each under the size limit can still take long), in chunks: reading it costs a little.
 */
export function charge(n: number): void {
  if ((work += n) < 50_000) return;
  const w = work;
  work = 0;
  // No program running (UI views, session files): nothing to charge.
  activeMeter()?.charge(w);
}

/** True while a program runs (printing is then the program's and fails as a language error). */
export function runActive(): boolean {
  return activeMeter() !== null;
}

export function tooLarge(what: string, over: string): PtcError {
  return new PtcError('memory_exceeded', `value too large to ${what}: over ${over}`);
}

/** Counts elements (and characters) a walk visits; over the limit it throws or, when truncating, says so. */
export class Budget {
  private n = 0;
  private c = 0;
  private limit = FIRST_CHECK;
  private charLimit = FIRST_CHECK * CHARS_PER_ELEMENT;
  private resolved = false;
  /** True once a truncating walk ran out. */
  exhausted = false;

  constructor(
    private readonly what: string,
    private readonly truncate = false,
    /** A fixed element limit instead of the value size limit (short previews). */
    fixed?: number,
  ) {
    if (fixed !== undefined) {
      this.resolved = true;
      this.limit = fixed;
      this.charLimit = fixed * CHARS_PER_ELEMENT;
    }
  }

  /** Visit k more elements: true to go on, false when a truncating walk must stop. */
  spend(k: number): boolean {
    charge(k);
    return (this.n += k) <= this.limit || this.over();
  }

  /** Produce k more characters. */
  chars(k: number): boolean {
    return (this.c += k) <= this.charLimit || this.over();
  }

  private over(): boolean {
    if (!this.resolved) {
      this.resolved = true;
      this.limit = valueLimit();
      this.charLimit = this.limit * CHARS_PER_ELEMENT;
      if (this.n <= this.limit && this.c <= this.charLimit) return true;
    }
    if (this.truncate) {
      this.exhausted = true;
      return false;
    }
    if (this.n > this.limit) throw tooLarge(this.what, `${this.limit} elements once shared parts are counted each time they appear`);
    throw tooLarge(this.what, `${this.charLimit} characters`);
  }
}
