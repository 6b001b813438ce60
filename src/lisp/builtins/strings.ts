// Builtins: strings. Each is reachable bare and as clojure.string/… (str/…, string/…), except
// `reverse`, which is only clojure.string/reverse (bare `reverse` is the sequence function).
// Indexes count characters as a reader sees them (graphemes, graphemes.ts): an emoji or an "é"
// written as e and a combining accent is one character. Only the Java methods count UTF-16 units.
import { execError, typeError } from '../errors.ts';
import { graphemeCount, graphemes, graphemeStarts, graphemeToUnit, unitToGrapheme } from '../graphemes.ts';
import { printValue, strOf } from '../printer.ts';
import { invoke, rt } from '../runtime.ts';
import { Keyword, PMap, PRegex, type Value } from '../values.ts';
import { chargeStep, expected, int, items, kindOf, show, sized, sizedText, str, STEP_MASK } from './coerce.ts';
import { formatString } from './format.ts';
import { eachMatch, guard, Pacer, regexSplit } from './regex.ts';
import { builtin, builtinArea, type BuiltinOptions } from './registry.ts';

const NS = 'clojure.string';

function sfn(name: string, arity: number | readonly [number, number], doc: string, impl: (...args: Value[]) => Value, opts: BuiltinOptions = {}): void {
  builtin(name, arity, doc, impl, { ...opts, ns: NS });
}

/** `strOf` of every item, charging the work as it goes (printing big items is slow). */
function texts(xs: readonly Value[]): string[] {
  const out = new Array<string>(xs.length);
  for (let i = 0; i < xs.length; i++) {
    if ((i & STEP_MASK) === STEP_MASK) chargeStep();
    out[i] = strOf(xs[i]);
  }
  return out;
}

/** `parts` joined by `sep`, refused before joining when the result would be past the size limit. */
function joined(parts: readonly string[], sep: string): string {
  let n = parts.length > 0 ? (parts.length - 1) * sep.length : 0;
  for (let i = 0; i < parts.length; i++) n += parts[i].length;
  rt().checkText(n);
  return parts.join(sep);
}

/** Substring by character (grapheme) indexes, with a clear error when out of range. */
export function substring(fn: string, s: string, start: number, end: number | null): string {
  const starts = graphemeStarts(s);
  const len = starts === null ? s.length : starts.length - 1;
  const e = end ?? len;
  if (start < 0 || start > len || e < start || e > len) {
    const call = end === null ? `(${fn} s ${start})` : `(${fn} s ${start} ${e})`;
    throw execError(`${call}: index out of range for a string of ${len} characters${end !== null ? '; to cut safely use (subs s 0 (min n (count s)))' : ''}`);
  }
  return starts === null ? s.slice(start, e) : s.slice(starts[start], starts[e]);
}

// ---- building and slicing ----

// The reference area of the builtins below (registry.ts).
builtinArea('strings');

sfn(
  'str',
  [0, Infinity],
  'Concatenate the arguments as text: nil is "", keywords keep their colon, collections print as Clojure',
  (...args) => {
    if (args.length === 1) return typeof args[0] === 'string' ? args[0] : sizedText(strOf(args[0]));
    let out = '';
    for (let i = 0; i < args.length; i++) {
      if ((i & STEP_MASK) === STEP_MASK) {
        chargeStep();
        sizedText(out);
      }
      out += strOf(args[i]);
    }
    return sizedText(out);
  },
  {
    spread: 'fold',
    params: ['[& xs]'],
    examples: [
      ['(str "a" 1 :b nil)', '"a1:b"'],
      ['(str [1 2])', '"[1 2]"'],
    ],
  },
);

sfn(
  'subs',
  [2, 3],
  'Substring from start (inclusive) to end (exclusive), by character index',
  (s, start, end) => substring('subs', str('subs', s), int('subs', start), end === undefined ? null : int('subs', end)),
  {
    params: ['[s start]', '[s start end]'],
    examples: [
      ['(subs "hello" 1)', '"ello"'],
      ['(subs "hello" 1 4)', '"ell"'],
    ],
  },
);

sfn(
  'join',
  [1, 2],
  'Join the items of a collection into a string, with an optional separator first',
  (a, b) => {
    if (b === undefined) return sizedText(joined(texts(items('join', a)), ''));
    if (typeof b === 'string' && a !== null && typeof a === 'object' && !(a instanceof Keyword)) {
      throw typeError(`join takes the separator first: (join ${show(b)} coll), got the collection first`);
    }
    return sizedText(joined(texts(items('join', b)), strOf(a)));
  },
  {
    params: ['[coll]', '[sep coll]'],
    examples: [
      ['(join ", " ["a" "b" "c"])', '"a, b, c"'],
      ['(join [1 2 3])', '"123"'],
    ],
  },
);

sfn(
  'split',
  [2, 3],
  'Split a string on a separator string (or a regex from re-pattern); "" splits into characters',
  (s, sep, limit) => {
    const text = str('split', s);
    const max = limit === undefined ? 0 : int('split', limit);
    let parts: string[];
    if (typeof sep === 'string') {
      parts = sep === '' ? graphemes(text) : text.split(sep);
    } else if (sep instanceof PRegex) {
      parts = regexSplit('split', sep, text, max);
      // Java's String.split with a regex and no limit drops trailing empty strings.
      if (max === 0) while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    } else throw expected('split', 'a separator string or regex', sep);
    if (typeof sep === 'string' && max > 0 && parts.length > max) parts = [...parts.slice(0, max - 1), parts.slice(max - 1).join(sep)];
    return sized(parts);
  },
  {
    params: ['[s sep]', '[s sep limit]'],
    examples: [
      ['(split "a,,b" ",")', '["a" "" "b"]'],
      ['(split "abc" "")', '["a" "b" "c"]'],
      ['(split "a,b,c" "," 2)', '["a" "b,c"]'],
    ],
  },
);

function splitLines(s: string): string[] {
  const lines = s.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

sfn('split-lines', 1, 'Split a string into lines on \\n or \\r\\n, dropping trailing empty lines', (s) => sized(splitLines(str('split-lines', s))), {
  params: ['[s]'],
  examples: [['(split-lines "a\\nb\\r\\nc\\n")', '["a" "b" "c"]']],
});

sfn('trim', 1, 'Remove whitespace from both ends', (s) => str('trim', s).trim(), {
  params: ['[s]'],
  examples: [['(trim "  hi  ")', '"hi"']],
});
sfn('triml', 1, 'Remove whitespace from the start', (s) => str('triml', s).trimStart(), {
  params: ['[s]'],
  examples: [['(triml "  hi  ")', '"hi  "']],
});
sfn('trimr', 1, 'Remove whitespace from the end', (s) => str('trimr', s).trimEnd(), {
  params: ['[s]'],
  examples: [['(trimr "  hi  ")', '"  hi"']],
});
sfn('trim-newline', 1, 'Remove trailing newline and carriage-return characters', (s) => str('trim-newline', s).replace(/[\r\n]+$/, ''), {
  params: ['[s]'],
  examples: [['(trim-newline "hi\\n")', '"hi"']],
});

// ---- replacing ----

/** Expand a Java-style replacement string ($1, ${name}, \$ for a literal dollar) for one match. */
function expandReplacement(
  repl: string,
  match: string,
  groups: readonly (string | undefined)[],
  named: Record<string, string | undefined> | undefined,
): string {
  let out = '';
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i];
    if (c === '\\' && i + 1 < repl.length) {
      out += repl[++i];
    } else if (c === '$' && repl[i + 1] === '{') {
      const close = repl.indexOf('}', i);
      const name = repl.slice(i + 2, close < 0 ? repl.length : close);
      // Own names only: `${constructor}` must not reach the object's prototype.
      if (close < 0 || named === undefined || !Object.hasOwn(named, name)) throw execError(`replace: no group named ${name} in the regex`);
      out += named[name] ?? '';
      i = close;
    } else if (c === '$' && i + 1 < repl.length && repl[i + 1] >= '0' && repl[i + 1] <= '9') {
      let j = i + 1;
      let n = Number(repl[j]);
      while (j + 1 < repl.length && repl[j + 1] >= '0' && repl[j + 1] <= '9' && n * 10 + Number(repl[j + 1]) <= groups.length) n = n * 10 + Number(repl[++j]);
      if (n > groups.length)
        throw execError(`replace: the replacement refers to group ${n}, but the regex has ${groups.length} group${groups.length === 1 ? '' : 's'}`);
      out += n === 0 ? match : (groups[n - 1] ?? '');
      i = j;
    } else out += c;
  }
  return out;
}

function replaceIn(fn: string, all: boolean, s: Value, match: Value, repl: Value): string {
  const text = str(fn, s);
  if (typeof match === 'string') {
    if (typeof repl !== 'string') throw expected(fn, 'a replacement string when the match is a string', repl);
    if (!all) return sizedText(text.replace(match, () => repl));
    // Every occurrence may grow the text: its final length is known before it is built.
    if (repl.length > match.length) rt().checkText(text.length + occurrences(text, match) * (repl.length - match.length));
    return text.replaceAll(match, () => repl);
  }
  if (!(match instanceof PRegex)) throw expected(fn, 'a string or regex to match', match);
  if (typeof repl !== 'string' && typeof repl !== 'function') throw expected(fn, 'a replacement string or function', repl);
  let out = '';
  let last = 0;
  for (const m of eachMatch(fn, match, text)) {
    const groups: (string | undefined)[] = m.slice(1);
    let piece: string;
    if (typeof repl === 'string') piece = expandReplacement(repl, m[0], groups, m.groups);
    else piece = strOf(invoke(repl, [groups.length === 0 ? m[0] : [m[0], ...groups.map((g) => g ?? null)]]));
    out += text.slice(last, m.index) + piece;
    sizedText(out);
    last = m.index + m[0].length;
    if (!all) break;
  }
  return sizedText(out + text.slice(last));
}

/** How many times `match` occurs in `text`, without overlaps (as replaceAll counts; "" matches between every unit). */
function occurrences(text: string, match: string): number {
  if (match === '') return text.length + 1;
  let n = 0;
  for (let i = text.indexOf(match); i >= 0; i = text.indexOf(match, i + match.length)) n++;
  return n;
}

sfn(
  'replace',
  [2, 3],
  'Replace every occurrence of a string or regex in s: (replace s match replacement). With 2 arguments, (replace smap coll) swaps items found in smap',
  (a, b, c) => {
    if (c !== undefined) return replaceIn('replace', true, a, b, c);
    const xs = items('replace', b);
    if (a instanceof PMap) return sized(xs.map((x) => a.lookup(x) ?? x));
    if (Array.isArray(a)) return sized(xs.map((x) => (typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < a.length ? a[x] : x)));
    throw typeError(`replace with 2 arguments is (replace smap coll); to replace text use (replace s match replacement)`);
  },
  {
    params: ['[s match replacement]', '[smap coll]'],
    examples: [
      ['(replace "a-b-c" "-" "+")', '"a+b+c"'],
      ['(replace "x1y22" (re-pattern "\\\\d+") "#")', '"x#y#"'],
    ],
  },
);

sfn('replace-first', 3, 'Replace the first occurrence of a string or regex in s', (s, m, r) => replaceIn('replace-first', false, s, m, r), {
  params: ['[s match replacement]'],
  examples: [['(replace-first "a-b-c" "-" "+")', '"a+b-c"']],
});

// ---- case and tests ----

/** A case change, checked when it made the text longer ("ß" is "SS" in upper case). */
export function recased(s: string, to: string): string {
  return to.length > s.length ? sizedText(to) : to;
}
const upper = (fn: string) => (s: Value) => {
  const text = str(fn, s);
  return recased(text, text.toUpperCase());
};
const lower = (fn: string) => (s: Value) => {
  const text = str(fn, s);
  return recased(text, text.toLowerCase());
};
sfn('upper-case', 1, 'The string in upper case', upper('upper-case'), { params: ['[s]'], examples: [['(upper-case "abc")', '"ABC"']] });
sfn('lower-case', 1, 'The string in lower case', lower('lower-case'), { params: ['[s]'], examples: [['(lower-case "ABC")', '"abc"']] });
sfn('upcase', 1, 'The string in upper case (same as upper-case)', upper('upcase'), { params: ['[s]'], examples: [['(upcase "abc")', '"ABC"']] });
sfn('downcase', 1, 'The string in lower case (same as lower-case)', lower('downcase'), { params: ['[s]'], examples: [['(downcase "ABC")', '"abc"']] });

function textTest(fn: string, test: (s: string, x: string) => boolean): (s: Value, x: Value) => Value {
  return (s: Value, x: Value): Value => {
    if (typeof s !== 'string') {
      const hint = fn === 'includes?' && s !== null ? '; for collections use (contains? coll x) or (some #{x} coll)' : '';
      throw typeError(`${fn} expected a string, got ${kindOf(s)}: ${show(s)}${hint}`);
    }
    return test(s, str(fn, x));
  };
}
sfn(
  'starts-with?',
  2,
  'True when s starts with the prefix',
  textTest('starts-with?', (s, x) => s.startsWith(x)),
  {
    params: ['[s prefix]'],
    examples: [['(starts-with? "hello" "he")', 'true']],
  },
);
sfn(
  'ends-with?',
  2,
  'True when s ends with the suffix',
  textTest('ends-with?', (s, x) => s.endsWith(x)),
  {
    params: ['[s suffix]'],
    examples: [['(ends-with? "hello" "lo")', 'true']],
  },
);
sfn(
  'includes?',
  2,
  'True when s contains the substring (strings only; use contains? for collections)',
  textTest('includes?', (s, x) => s.includes(x)),
  {
    params: ['[s substr]'],
    examples: [['(includes? "hello" "ell")', 'true']],
  },
);
sfn('blank?', 1, 'True when s is nil, empty or only whitespace', (s) => s === null || str('blank?', s).trim() === '', {
  params: ['[s]'],
  examples: [
    ['(blank? "  ")', 'true'],
    ['(blank? nil)', 'true'],
  ],
});

// ---- searching ----

/** Index of x in s from `from` (characters: graphemes), forwards or backwards; -1 when absent. */
function findIndex(fn: string, s: Value, x: Value, from: Value | undefined, last: boolean): number {
  const text = str(fn, s);
  const needle = str(fn, x);
  let unitFrom: number | undefined;
  if (from !== undefined) {
    const f = int(fn, from);
    if (f < 0) {
      if (last) return -1;
      unitFrom = 0;
    } else unitFrom = f >= graphemeCount(text) ? text.length : graphemeToUnit(text, f);
  }
  const i = last ? text.lastIndexOf(needle, unitFrom ?? Infinity) : text.indexOf(needle, unitFrom ?? 0);
  return i < 0 ? -1 : unitToGrapheme(text, i);
}

sfn(
  'index-of',
  [2, 3],
  'Character index of the first occurrence of value in s (from an optional index), or nil',
  (s, x, from) => {
    const i = findIndex('index-of', s, x, from, false);
    return i < 0 ? null : i;
  },
  {
    params: ['[s value]', '[s value from]'],
    examples: [
      ['(index-of "hello" "l")', '2'],
      ['(index-of "hello" "z")', 'nil'],
    ],
  },
);
sfn(
  'last-index-of',
  [2, 3],
  'Character index of the last occurrence of value in s (up to an optional index), or nil',
  (s, x, from) => {
    const i = findIndex('last-index-of', s, x, from, true);
    return i < 0 ? null : i;
  },
  { params: ['[s value]', '[s value from]'], examples: [['(last-index-of "hello" "l")', '3']] },
);

sfn('reverse', 1, 'The string with its characters in reverse order', (s) => graphemes(str('reverse', s)).reverse().join(''), {
  bare: false,
  params: ['[s]'],
  examples: [['(clojure.string/reverse "abc")', '"cba"']],
});

// ---- formatting and printing ----

sfn('format', [1, Infinity], 'Java-style format: %s %d %.2f %5d %-5s %05d %x %e %% …', (fmt, ...args) => sizedText(formatString(str('format', fmt), args)), {
  params: ['[fmt & args]'],
  examples: [
    ['(format "%s has %d items" "cart" 3)', '"cart has 3 items"'],
    ['(format "%.2f" 3.14159)', '"3.14"'],
  ],
});

sfn(
  'pr-str',
  [0, Infinity],
  'The arguments in readable form (strings quoted, nil as nil), joined by spaces',
  (...args) => sizedText(joined(args.map(printValue), ' ')),
  {
    params: ['[& xs]'],
    examples: [['(pr-str "a" nil [1 "b"])', '"\\"a\\" nil [1 \\"b\\"]"']],
  },
);

// ---- grep ----

function lineMatcher(fn: string, pattern: Value): (line: string) => boolean {
  if (typeof pattern === 'string') return (line) => line.includes(pattern);
  if (pattern instanceof PRegex) {
    const pace = new Pacer(pattern);
    return (line) => {
      guard(fn, pattern, line);
      pace.search(line.length);
      return pattern.re.test(line);
    };
  }
  throw expected(fn, 'a substring or regex pattern', pattern);
}

sfn(
  'grep',
  2,
  'Lines of text containing the pattern (a substring, or a regex from re-pattern); "" keeps every line',
  (pattern, text) => {
    const test = lineMatcher('grep', pattern);
    return sized(splitLines(str('grep', text)).filter(test));
  },
  { params: ['[pattern text]'], examples: [['(grep "err" "ok\\nerr 1\\nerr 2")', '["err 1" "err 2"]']] },
);

const LINE = Keyword.of('line');
const TEXT = Keyword.of('text');
sfn(
  'grep-n',
  2,
  'Like grep, but returns [{:line n :text s}] with 1-based line numbers',
  (pattern, text) => {
    const test = lineMatcher('grep-n', pattern);
    const out: Value[] = [];
    splitLines(str('grep-n', text)).forEach((line, i) => {
      if (test(line))
        out.push(
          PMap.fromEntries([
            [LINE, i + 1],
            [TEXT, line],
          ]),
        );
    });
    return sized(out);
  },
  { params: ['[pattern text]'], examples: [['(grep-n "b" "a\\nb")', '[{:line 2 :text "b"}]']] },
);
