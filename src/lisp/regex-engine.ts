// The language's regexes run on re2js, a pure-JavaScript port of RE2: matching takes time linear in
// the input (times the pattern's program size), so no pattern can backtrack catastrophically and
// freeze the interpreter, which a running JavaScript RegExp would (the time limit cannot interrupt
// it). The pattern syntax is translated by regex-syntax.ts; match results keep the shape of
// JavaScript's (arrays with `index` and `groups`) so the builtins read them as before.
//
// Known differences from the JavaScript engine, which no translation can make up for: with (?m),
// ^ and $ see only \n as a line end (JavaScript also \r, \u2028, \u2029; write \r?$ for CRLF
// text); a group inside a repetition keeps the value of its last iteration that set it (as Java and
// Clojure do; JavaScript clears it on each iteration).
import { RE2JS } from 're2js';
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
export type Match = RegExpMatchArray & { index: number };

/** A compiled pattern. `source` and `flags` describe the engine's form (RE2 syntax), not what was written. */
export class LinearRegex {
  readonly source: string;
  readonly flags: string;
  /** The engine's program size: the cost of each input character in the worst case. */
  readonly size: number;
  private readonly engine: RE2JS;

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
    return this.engine.exec(s) as Match | null;
  }

  /** Every match in s, left to right; after an empty match the search moves on one code point, as JavaScript's does. */
  matchAll(s: string): IterableIterator<Match> {
    return this.engine.matchAll(s) as IterableIterator<Match>;
  }

  /** The match spanning the whole of s (the first such in priority order, as a backtracking engine finds), or null. */
  whole(s: string): Match | null {
    const m = this.engine.matcher(s);
    if (!m.matches()) return null;
    const out: (string | undefined)[] = [];
    for (let g = 0; g <= m.groupCount(); g++) out.push(m.group(g) ?? undefined);
    const names = Object.keys(this.engine.namedGroups());
    let groups: Record<string, string | undefined> | undefined;
    if (names.length > 0) {
      groups = Object.create(null) as Record<string, string | undefined>;
      for (const name of names) groups[name] = m.group(name) ?? undefined;
    }
    return Object.assign(out as unknown as RegExpMatchArray, { index: 0, input: s, groups });
  }
}
