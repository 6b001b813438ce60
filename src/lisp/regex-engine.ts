// The language's regexes run on re2js, a pure-JavaScript port of RE2: matching takes time linear in
// the input (times the pattern's program size), so no pattern can backtrack catastrophically and
// freeze the interpreter, which a running JavaScript RegExp would (the time limit cannot interrupt
// it). The pattern syntax is translated by regex-syntax.ts; match results keep the shape of
// JavaScript's (arrays with `index` and `groups`) so the builtins read them as before.
//
// Known differences from the JavaScript engine, which no translation can make up for: with (?m),
// ^ and $ see only \n as a line end (JavaScript also \r, \u2028, \u2029; write \r?$ for CRLF
// text); a group inside a repetition keeps the value of its last iteration that set it (as Java and
// Clojure do; JavaScript clears it on each iteration); a repetition whose body can match the empty
// string may stop at an empty iteration where JavaScript refuses it and tries other alternatives.
import { MatcherInput, RE2JS, RE2Set } from 're2js';
import { RegexSyntaxError, translate } from './regex-syntax.ts';

export { RegexSyntaxError } from './regex-syntax.ts';

/** Longest pattern source accepted (literals and saved sessions; re-pattern has its own, smaller limit). */
export const MAX_SOURCE_LENGTH = 32 * 1024;
/**
 * Program size × input length above which one search is refused: the engine's worst case is about
 * that many steps, and this many take about a second.
 */
export const WORK_BUDGET = 20_000_000;

const QUOTE_LENGTH = 80;

/** A pattern cut for an error message: the first 80 characters, then "…". */
export function quotePattern(source: string): string {
  return source.length > QUOTE_LENGTH ? source.slice(0, QUOTE_LENGTH) + '…' : source;
}

/** A match in JavaScript's shape: [whole, g1, …] (undefined for a group that did not take part), index, groups. */
export interface Match extends Array<string | undefined> {
  0: string;
  index: number;
  /** Named groups, when the pattern has any (as JavaScript gives them). */
  groups: Record<string, string | undefined> | undefined;
}

const UNANCHORED = RE2Set.UNANCHORED;
const ANCHOR_BOTH = RE2Set.ANCHOR_BOTH;

/** A compiled pattern. `source` and `flags` describe the engine's form (RE2 syntax), not what was written. */
export class LinearRegex {
  readonly source: string;
  readonly flags: string;
  /** The engine's program size: the cost of each input character in the worst case. */
  readonly size: number;
  private readonly engine: RE2JS;
  /** Capture groups, the whole match included. */
  private readonly ngroups: number;
  private readonly names: readonly (readonly [string, number])[];

  constructor(pattern: string) {
    if (pattern.length > MAX_SOURCE_LENGTH) {
      throw new RegexSyntaxError(`the pattern is ${pattern.length} characters; the limit is ${MAX_SOURCE_LENGTH}`);
    }
    const t = translate(pattern);
    let flags = 0;
    if (t.ignoreCase) flags |= RE2JS.CASE_INSENSITIVE;
    if (t.multiline) flags |= RE2JS.MULTILINE;
    try {
      this.engine = RE2JS.compile(t.body, flags);
    } catch (e) {
      // The translator already refused what it knows; what is left is RE2's own limits (sizes, names).
      let why = e instanceof Error ? e.message.replace(/^error parsing regexp: /, '') : String(e);
      const property = /^invalid character class range: `(\\[pP]\{[^}]*\})`/.exec(why);
      if (property) why = `unknown Unicode property ${property[1]}`;
      throw new RegexSyntaxError(why.length > 200 ? why.slice(0, 200) + '…' : why);
    }
    this.source = t.body;
    this.flags = (t.ignoreCase ? 'i' : '') + (t.multiline ? 'm' : '') + (t.dotAll ? 's' : '') + 'u';
    this.size = Math.max(1, this.engine.programSize());
    this.ngroups = this.engine.groupCount() + 1;
    this.names = Object.entries(this.engine.namedGroups());
  }

  /** Whether a search of `length` characters is within the work budget. */
  fits(length: number): boolean {
    return length * this.size <= WORK_BUDGET;
  }

  /** Whether the pattern matches somewhere in s. */
  test(s: string): boolean {
    return this.engine.test(s);
  }

  /** The first match in s, or null. */
  exec(s: string): Match | null {
    return this.search(MatcherInput.utf16(s), s, 0, UNANCHORED);
  }

  /** Every match in s, left to right; after an empty match the search moves on one code point, as JavaScript's does. */
  *matchAll(s: string): Generator<Match> {
    const input = MatcherInput.utf16(s);
    let from = 0;
    while (from <= s.length) {
      const m = this.search(input, s, from, UNANCHORED);
      if (m === null) return;
      yield m;
      const end = m.index + m[0].length;
      from = m[0] === '' ? end + (isPair(s, end) ? 2 : 1) : end;
    }
  }

  /** The match spanning the whole of s (the first such in priority order, as a backtracking engine finds), or null. */
  whole(s: string): Match | null {
    return this.search(MatcherInput.utf16(s), s, 0, ANCHOR_BOTH);
  }

  // The engine's own search, asked for every group at once: its Matcher finds the match first and
  // then searches again for the groups, and its iterators build more than is needed here.
  private search(input: MatcherInput, s: string, from: number, anchor: number): Match | null {
    const res = this.engine.re2().matchMachineInput(input, from, s.length, anchor, this.ngroups) as [boolean, number[] | null];
    const at = res[1];
    if (!res[0] || at === null) return null;
    const m = new Array<string | undefined>(this.ngroups) as Match;
    for (let g = 0; g < this.ngroups; g++) m[g] = at[2 * g] >= 0 ? s.substring(at[2 * g], at[2 * g + 1]) : undefined;
    m.index = at[0];
    m.groups = undefined;
    if (this.names.length > 0) {
      const groups = Object.create(null) as Record<string, string | undefined>;
      for (const [name, g] of this.names) groups[name] = m[g];
      m.groups = groups;
    }
    return m;
  }
}

/** Whether s holds a surrogate pair at i (one code point, two units). */
function isPair(s: string, i: number): boolean {
  const hi = s.charCodeAt(i);
  if (hi < 0xd800 || hi > 0xdbff) return false;
  const lo = s.charCodeAt(i + 1);
  return lo >= 0xdc00 && lo <= 0xdfff;
}
