// Builtins: regexes. `re-pattern` compiles a Java-style pattern (see reader.compileRegex); the
// matching functions take the regex first. Results follow Clojure: no groups → the matched string,
// groups → [full g1 g2 …] with nil for a group that did not take part, no match → nil.
//
// Safety (PTC limits): patterns longer than 256 characters are refused, and only the first 32 KB of
// an input string is scanned by re-find / re-matches / re-seq / re-split / extract. JS regexes have
// no backtracking budget, so these bounds are what keeps a pathological pattern from freezing the
// interpreter (the wall-clock limit cannot interrupt a running regex).
import { PtcError, execError } from '../errors.ts';
import { compileRegex } from '../reader.ts';
import { PRegex, type Value } from '../values.ts';
import { expected, int, show, sized, str } from './coerce.ts';
import { parseLongText } from './parsing.ts';
import { builtin } from './registry.ts';

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

interface Derived {
  global: RegExp;
  whole: RegExp;
  /** The pattern's text when it has no regex syntax at all (e.g. "-"), so it can be split on directly. */
  literal: string | null;
}
const derived = new WeakMap<PRegex, Derived>();

/** The global and whole-string variants of a regex, compiled once per PRegex. */
function variants(re: PRegex): Derived {
  let d = derived.get(re);
  if (d === undefined) {
    const flags = re.re.flags.replace(/[gy]/g, '');
    d = {
      global: new RegExp(re.re.source, flags + 'g'),
      // Sticky + "nothing follows": the match must span the whole input, whatever the m flag says.
      whole: new RegExp(`(?:${re.re.source})(?![\\s\\S])`, flags + 'y'),
      literal: re.source !== '' && !/[\\^$.|?*+()[\]{}]/.test(re.source) && !/[imsx]/.test(flags.replace('u', '')) ? re.source : null,
    };
    derived.set(re, d);
  }
  return d;
}

function input(fn: string, v: Value): string {
  const s = str(fn, v);
  return s.length > MAX_INPUT_LENGTH ? s.slice(0, MAX_INPUT_LENGTH) : s;
}

/** A match as Clojure returns it: the string, or [full g1 …] when the regex has groups. */
export function matchValue(m: RegExpExecArray | RegExpMatchArray): Value {
  if (m.length === 1) return m[0];
  const out: Value[] = [];
  for (let i = 0; i < m.length; i++) out.push(m[i] ?? null);
  return out;
}

function firstMatch(re: PRegex, s: string): RegExpExecArray | null {
  const g = variants(re).global;
  g.lastIndex = 0;
  return g.exec(s);
}

/** Split by a regex as Java does (at most `limit` parts when positive), keeping trailing empty strings; groups are not included. */
export function regexSplit(re: PRegex, s: string, limit = 0): string[] {
  const lit = variants(re).literal;
  if (lit !== null && limit <= 0) return s.split(lit);
  const parts: string[] = [];
  let last = 0;
  for (const m of s.matchAll(variants(re).global)) {
    if (limit > 0 && parts.length === limit - 1) break;
    const at = m.index ?? 0;
    if (m[0] === '' && (at === 0 || at >= s.length)) continue;
    parts.push(s.slice(last, at));
    last = at + m[0].length;
  }
  parts.push(s.slice(last));
  return parts;
}

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
    const m = firstMatch(regexArg('re-find', re), input('re-find', s));
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
    const w = variants(regexArg('re-matches', re)).whole;
    w.lastIndex = 0;
    const m = w.exec(input('re-matches', s));
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
    for (const m of input('re-seq', s).matchAll(variants(regexArg('re-seq', re)).global)) out.push(matchValue(m));
    return sized(out);
  },
  { params: ['[re s]'], examples: [['(re-seq (re-pattern "\\\\d+") "a1b22c333")', '["1" "22" "333"]']] },
);

builtin(
  're-split',
  2,
  'Split s wherever the regex matches (regex first)',
  (re, s) => sized(regexSplit(regexArg('re-split', re), input('re-split', s))),
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
  const m = firstMatch(regexArg(fn, pattern), input(fn, s));
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
