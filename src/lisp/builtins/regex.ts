// Builtins: regexes. `re-pattern` compiles a pattern (see reader.compileRegex); the matching
// functions take the regex first. Results follow Clojure: no groups → the matched string,
// groups → [full g1 g2 …] with nil for a group that did not take part, no match → nil.
//
// Safety (PTC limits): matching runs on a linear-time engine (regex-engine.ts), so no pattern can
// backtrack catastrophically. Its cost is still program size × input length, so one search over
// more than the work budget is refused, and loops over many matches check the clock as they go.
// Patterns given to re-pattern are limited to 256 characters, and re-find / re-matches / re-seq /
// re-split / extract scan only the first 32 KB of their input.
import { PtcError, execError } from '../errors.ts';
import { compileRegex } from '../reader.ts';
import { quotePattern, WORK_BUDGET, type Match } from '../regex-engine.ts';
import { rt } from '../runtime.ts';
import { PRegex, type Value } from '../values.ts';
import { expected, int, show, sized, str } from './coerce.ts';
import { parseLongText } from './parsing.ts';
import { builtin, builtinArea } from './registry.ts';

export const MAX_PATTERN_LENGTH = 256;
export const MAX_INPUT_LENGTH = 32 * 1024;

/** Compile a pattern string with the PTC limits, as a PtcError on bad input. */
export function rePattern(fn: string, source: string): PRegex {
  if (source.length > MAX_PATTERN_LENGTH) {
    throw execError(`${fn}: regex pattern is ${source.length} characters; the limit is ${MAX_PATTERN_LENGTH}. Split the work into simpler patterns`);
  }
  try {
    return compileRegex(source);
  } catch (e) {
    if (e instanceof PtcError) throw e;
    throw execError(`${fn}: invalid regex ${show(source)}: ${(e as Error).message}`);
  }
}

/** A regex argument; a pattern string is compiled on the fly. */
export function regexArg(fn: string, v: Value): PRegex {
  if (v instanceof PRegex) return v;
  if (typeof v === 'string') return rePattern(fn, v);
  throw expected(fn, 'a regex (from re-pattern)', v);
}

/** Refuse a search whose worst case exceeds the work budget (it could not be interrupted). */
export function guard(fn: string, re: PRegex, s: string): void {
  if (!re.re.fits(s.length)) {
    throw execError(
      `${fn}: the regex #"${quotePattern(re.source)}" (program size ${re.re.size}) over ${s.length} characters could take too long: ` +
        `size × length is limited to ${WORK_BUDGET}; use a simpler pattern or a shorter input`,
    );
  }
}

/** Counts the engine's worst-case work across many searches and checks the clock now and then. */
export class Pacer {
  private work = 0;
  constructor(private readonly re: PRegex) {}
  /** Account for a search over `remaining` characters. */
  search(remaining: number): void {
    this.work += remaining * this.re.re.size;
    if (this.work < 1_000_000) return;
    this.work = 0;
    let r;
    try {
      r = rt();
    } catch {
      return; // no program running (a direct call): nothing to time
    }
    r.checkClock();
  }
}

/** Every match of re in s (checked and paced), left to right. */
export function* eachMatch(fn: string, re: PRegex, s: string): Generator<Match> {
  guard(fn, re, s);
  const pace = new Pacer(re);
  for (const m of re.re.matchAll(s)) {
    yield m;
    pace.search(s.length - m.index - m[0].length);
  }
}

/** The pattern's text when it has no regex syntax at all (e.g. "-"), so it can be split on directly. */
const literals = new WeakMap<PRegex, string | null>();
function literalOf(re: PRegex): string | null {
  let lit = literals.get(re);
  if (lit === undefined) {
    lit = re.source !== '' && !/[\\^$.|?*+()[\]{}]/.test(re.source) ? re.source : null;
    literals.set(re, lit);
  }
  return lit;
}

function input(fn: string, v: Value): string {
  const s = str(fn, v);
  return s.length > MAX_INPUT_LENGTH ? s.slice(0, MAX_INPUT_LENGTH) : s;
}

/** A match as Clojure returns it: the string, or [full g1 …] when the regex has groups. */
export function matchValue(m: Match): Value {
  if (m.length === 1) return m[0];
  const out: Value[] = [];
  for (let i = 0; i < m.length; i++) out.push(m[i] ?? null);
  return out;
}

function firstMatch(fn: string, re: PRegex, s: string): Match | null {
  guard(fn, re, s);
  return re.re.exec(s);
}

/** Split by a regex as Java does (at most `limit` parts when positive), keeping trailing empty strings; groups are not included. */
export function regexSplit(fn: string, re: PRegex, s: string, limit = 0): string[] {
  const lit = literalOf(re);
  if (lit !== null && limit <= 0) return s.split(lit);
  const parts: string[] = [];
  let last = 0;
  for (const m of eachMatch(fn, re, s)) {
    if (limit > 0 && parts.length === limit - 1) break;
    const at = m.index;
    if (m[0] === '' && (at === 0 || at >= s.length)) continue;
    parts.push(s.slice(last, at));
    last = at + m[0].length;
  }
  parts.push(s.slice(last));
  return parts;
}

// The reference area of the builtins below (registry.ts).
builtinArea('regex');

builtin(
  're-pattern',
  1,
  'Compile a string into a regex (Java syntax; write backslashes twice inside strings: "\\\\d+")',
  (s) => (s instanceof PRegex ? s : rePattern('re-pattern', str('re-pattern', s))),
  { params: ['[s]'], examples: [['(regex? (re-pattern "a+"))', 'true']] },
);

builtin('regex?', 1, 'True when x is a regex from re-pattern', (v) => v instanceof PRegex, {
  params: ['[x]'],
  examples: [['(regex? "a+")', 'false']],
});

builtin(
  're-find',
  2,
  'First match of the regex in s: a string, or [full g1 …] with groups; nil when none',
  (re, s) => {
    const m = firstMatch('re-find', regexArg('re-find', re), input('re-find', s));
    return m === null ? null : matchValue(m);
  },
  {
    params: ['[re s]'],
    examples: [
      ['(re-find (re-pattern "\\\\d+") "v1")', '"1"'],
      ['(re-find (re-pattern "(\\\\d+)-(\\\\d+)") "10-20")', '["10-20" "10" "20"]'],
    ],
  },
);

builtin(
  're-matches',
  2,
  'Match only when the regex matches the whole of s: a string, or [full g1 …] with groups; else nil',
  (re, s) => {
    const r = regexArg('re-matches', re);
    const text = input('re-matches', s);
    guard('re-matches', r, text);
    const m = r.re.whole(text);
    return m === null ? null : matchValue(m);
  },
  {
    params: ['[re s]'],
    examples: [
      ['(re-matches (re-pattern "\\\\d+") "123")', '"123"'],
      ['(re-matches (re-pattern "\\\\d+") "123a")', 'nil'],
    ],
  },
);

builtin(
  're-seq',
  2,
  'Every match of the regex in s, as a vector (of strings, or of [full g1 …] with groups)',
  (re, s) => {
    const out: Value[] = [];
    for (const m of eachMatch('re-seq', regexArg('re-seq', re), input('re-seq', s))) out.push(matchValue(m));
    return sized(out);
  },
  { params: ['[re s]'], examples: [['(re-seq (re-pattern "\\\\d+") "a1b22c333")', '["1" "22" "333"]']] },
);

builtin(
  're-split',
  2,
  'Split s wherever the regex matches (regex first)',
  (re, s) => sized(regexSplit('re-split', regexArg('re-split', re), input('re-split', s))),
  {
    params: ['[re s]'],
    examples: [
      ['(re-split (re-pattern "\\\\s+") "a  b   c")', '["a" "b" "c"]'],
      ['(re-split (re-pattern ",") "a,b,c")', '["a" "b" "c"]'],
    ],
  },
);

/** Capture group n of the first match (default: group 1 when the regex has groups, else the whole match). */
function extractGroup(fn: string, pattern: Value, s: Value, n: Value | undefined): string | null {
  if (s === null) return null;
  const m = firstMatch(fn, regexArg(fn, pattern), input(fn, s));
  if (m === null) return null;
  const g = n === undefined ? (m.length > 1 ? 1 : 0) : int(fn, n);
  if (g < 0 || g >= m.length) {
    throw execError(`${fn}: the regex has no group ${g} (it has ${m.length - 1} group${m.length === 2 ? '' : 's'}; 0 is the whole match)`);
  }
  return m[g] ?? null;
}

builtin(
  'extract',
  [2, 3],
  'Capture group n of the first match of pattern in s (0 = whole match; default group 1 if any); nil when no match',
  (pattern, s, n) => extractGroup('extract', pattern, s, n),
  {
    params: ['[pattern s]', '[pattern s n]'],
    examples: [
      ['(extract "id=(\\\\d+)" "user id=42")', '"42"'],
      ['(extract "id=(\\\\d+)" "user id=42" 0)', '"id=42"'],
    ],
  },
);

builtin(
  'extract-int',
  [2, 4],
  'Like extract, parsed as an integer; returns the default (nil) when there is no match or it is not an integer',
  (pattern, s, n, dflt) => {
    const text = extractGroup('extract-int', pattern, s, n);
    const parsed = text === null ? null : parseLongText(text.trim());
    return parsed ?? dflt ?? null;
  },
  {
    params: ['[pattern s]', '[pattern s n]', '[pattern s n default]'],
    examples: [
      ['(extract-int "(\\\\d+) items" "got 12 items")', '12'],
      ['(extract-int "(\\\\d+)" "none" 1 0)', '0'],
    ],
  },
);
