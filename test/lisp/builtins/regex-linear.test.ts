// Regexes run in linear time: hostile patterns end quickly in every regex builtin, with the
// answer a correct engine gives or a clear error; features that need backtracking are refused with a
// clear message; ordinary patterns give exactly what the JavaScript engine gave before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareAgent } from '../../../src/agent/loop.ts';
import { printValue } from '../../../src/lisp/printer.ts';
import { compileRegex } from '../../../src/lisp/reader.ts';
import { run } from '../../../src/lisp/run.ts';
import type { Value } from '../../../src/lisp/values.ts';
import { parseSession, sessionToAgent } from '../../../src/session/session-file.ts';
import { callBuiltin } from '../helpers.ts';

const LANGUAGE_ERRORS = ['parse_error', 'invalid_form', 'type_error', 'runtime_error', 'timeout', 'memory_exceeded'];
const LINEAR = 'regexes match in linear time (no backtracking), which rules it out';

/** Every regex builtin, as a program calling it with pattern P (a literal) on input S (an expression). */
const BUILTINS: readonly (readonly [string, (p: string, s: string) => string])[] = [
  ['re-find', (p, s) => `(re-find ${p} ${s})`],
  ['re-seq', (p, s) => `(re-seq ${p} ${s})`],
  ['re-matches', (p, s) => `(re-matches ${p} ${s})`],
  ['re-split', (p, s) => `(re-split ${p} ${s})`],
  ['split', (p, s) => `(split ${s} ${p})`],
  ['split with a limit', (p, s) => `(split ${s} ${p} 3)`],
  ['replace', (p, s) => `(replace ${s} ${p} "<$0>")`],
  ['replace with a function', (p, s) => `(replace ${s} ${p} (fn [m] "x"))`],
  ['replace-first', (p, s) => `(replace-first ${s} ${p} "-")`],
  ['extract', (p, s) => `(extract ${p} ${s})`],
  ['extract-int', (p, s) => `(extract-int ${p} ${s})`],
  ['grep', (p, s) => `(grep ${p} ${s})`],
  ['grep-n', (p, s) => `(grep-n ${p} ${s})`],
];

const as = (n: number, tail = '') => `(str (apply str (repeat ${n} "a")) "${tail}")`;
const rep = (n: number, piece: string, tail = '') => `(str (apply str (repeat ${n} "${piece}")) "${tail}")`;

/** What a correct engine answers: no match, a match (re-find not nil), or an error of this type and message. */
type Outcome = 'none' | 'match' | { type: string; message: RegExp };
const tooLarge = { type: 'parse_error', message: /too large|above 1000|cannot follow another/ };
const tooLong = { type: 'runtime_error', message: /could take too long/ };

// [pattern literal as written in the program, input expression, outcome]
const HOSTILE: readonly (readonly [string, string, Outcome])[] = [
  ['#"(a+)+$"', as(30, '!'), 'none'],
  ['#"(a*)*b"', as(30), 'none'],
  ['#"(a|aa)+$"', as(30, '!'), 'none'],
  ['#"(a|a)+$"', as(30, '!'), 'none'],
  ['#"^(?:a|a?)+$"', as(30, '!'), 'none'],
  ['#"(.*a){20}"', as(19), 'none'],
  ['#"^(\\w+\\s?)*$"', rep(15, 'ab ', '!'), 'none'],
  ['#"^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$"', as(40, '!'), 'none'],
  ['#"^(([a-z])+.)+[A-Z]([a-z])+$"', as(30, '!'), 'none'],
  ['#"(x+x+)+y"', rep(30, 'x'), 'none'],
  ['#"^(\\d+)*$"', rep(30, '1', 'x'), 'none'],
  ['#"(a|b|ab)*c"', rep(20, 'ab'), 'none'],
  ['#"(a+){2,}$"', as(30, '!'), 'none'],
  ['#"([a-z]+)*[0-9]$"', as(30, '!'), 'none'],
  ['#"(.*)*x"', as(30), 'none'],
  ['#"(.+)+\\d"', as(30), 'none'],
  ['#"^(a+)+b"', as(5000), 'none'],
  ['#"(a|aa|aaa)*b"', as(30), 'none'],
  ['#"^(\\s*,\\s*)*$"', rep(20, ' ,', 'x'), 'none'],
  ['#"(?i)(A+)+$"', as(30, '!'), 'none'],
  ['#"^(\\w|\\d)+$"', rep(30, '1', '!'), 'none'],
  ['#"^(a?){30}a{30}$"', as(30), 'match'],
  ['#"((a{10}){10}){10}"', as(5000), 'match'],
  ['#"(\\w+\\s*)+="', rep(200, 'word '), 'none'],
  ['#"a{1000}{1000}"', as(10), tooLarge],
  ['#"(a{1000}){1000}"', as(10), tooLarge],
  ['#"((a{100}){100}){100}"', as(10), tooLarge],
  ['#"(.{1000}){10}"', as(10), tooLarge],
  ['#"a{5000}"', as(10), tooLarge],
  ['#"\\p{L}{1000}"', as(40000), tooLong],
  [`#"${'a'.repeat(1 << 20)}"`, as(10), { type: 'parse_error', message: /the pattern is 1048576 characters; the limit is 32768/ }],
  [`#"(${'a'.repeat(1 << 20)}"`, as(10), { type: 'parse_error', message: /the limit is 32768/ }],
  [`#"(${'a'.repeat(30000)}"`, as(10), { type: 'parse_error', message: /missing \)/ }],
  ['#"(a)\\1+$"', as(30, '!'), { type: 'parse_error', message: /backreferences/ }],
  ['#"(?=(a+))a*b"', as(30), { type: 'parse_error', message: /lookahead/ }],
];

function outcome(program: string): { ok: true; printed: string } | { ok: false; type: string; message: string } {
  const r = run({ program });
  return r.ok ? { ok: true, printed: printValue(r.value) } : { ok: false, type: r.error.type, message: r.error.message };
}

describe('hostile patterns end quickly in every regex builtin', () => {
  it('the table is large enough', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(25);
  });
  describe.each(HOSTILE.map(([p, s, o], i) => [i, p.length > 60 ? p.slice(0, 40) + '…' : p, s, o, p] as const))('#%i %s', (_i, _name, s, expected, p) => {
    it.each(BUILTINS.map(([name, call]) => [name, call] as const))('%s', (name, call) => {
      const got = outcome(call(p, s));
      if (typeof expected === 'object') {
        expect(got.ok).toBe(false);
        if (got.ok) return;
        expect(got.type).toBe(expected.type);
        expect(got.message).toMatch(expected.message);
        expect(got.message.length).toBeLessThanOrEqual(2000);
        return;
      }
      if (!got.ok) {
        // A builtin may refuse the call itself (a bad argument), never by hanging or with a JavaScript message.
        expect(LANGUAGE_ERRORS).toContain(got.type);
        expect(got.message.length).toBeLessThanOrEqual(2000);
        expect(got.message).not.toMatch(/Internal error|undefined|RE2JS|SyntaxError/);
        return;
      }
      const input = outcome(s);
      const text = input.ok ? input.printed : '';
      if (expected === 'none') {
        const none: Record<string, string> = {
          're-find': 'nil',
          're-seq': '[]',
          're-matches': 'nil',
          're-split': `[${text}]`,
          split: `[${text}]`,
          'split with a limit': `[${text}]`,
          replace: text,
          'replace with a function': text,
          'replace-first': text,
          extract: 'nil',
          'extract-int': 'nil',
          grep: '[]',
          'grep-n': '[]',
        };
        expect(got.printed).toBe(none[name]);
      } else if (name === 're-find' || name === 'extract') {
        expect(got.printed).not.toBe('nil');
      }
    });
  });
});

describe('features that need backtracking are refused with a clear message', () => {
  it.each([
    ['#"(a)\\1"', `Invalid regex #"(a)\\1": backreferences (\\1) are not supported: ${LINEAR} (at character 4)`],
    ['#"(?<n>a)\\k<n>"', `Invalid regex #"(?<n>a)\\k<n>": backreferences (\\k<name>) are not supported: ${LINEAR} (at character 8)`],
    ['#"a(?=b)"', `Invalid regex #"a(?=b)": lookahead (?=…) is not supported: ${LINEAR} (at character 2)`],
    ['#"a(?!b)"', `Invalid regex #"a(?!b)": lookahead (?!…) is not supported: ${LINEAR} (at character 2)`],
    ['#"(?<=a)b"', `Invalid regex #"(?<=a)b": lookbehind (?<=…) is not supported: ${LINEAR} (at character 1)`],
    ['#"(?<!a)b"', `Invalid regex #"(?<!a)b": lookbehind (?<!…) is not supported: ${LINEAR} (at character 1)`],
    [
      '#"a++"',
      'Invalid regex #"a++": possessive quantifiers (++) are not supported by the linear-time regex engine; drop the + (with no backtracking it is rarely needed) (at character 2)',
    ],
    [
      '#"(?>a+)b"',
      'Invalid regex #"(?>a+)b": atomic groups (?>…) are not supported by the linear-time regex engine; use (?:…) (with no backtracking it is rarely needed) (at character 1)',
    ],
    [
      '#"a{1001}"',
      'Invalid regex #"a{1001}": repetition counts above 1000 are not supported ({1001}): the engine unrolls them, and matching time grows with the count (at character 2)',
    ],
  ])('%s as a literal: parse_error', (literal, message) => {
    const got = outcome(`(re-find ${literal} "ab")`);
    expect(got).toEqual({ ok: false, type: 'parse_error', message });
  });

  it.each([
    ['(a)\\\\1', `re-pattern: invalid regex "(a)\\\\1": backreferences (\\1) are not supported: ${LINEAR} (at character 4)`],
    ['a(?=b)', `re-pattern: invalid regex "a(?=b)": lookahead (?=…) is not supported: ${LINEAR} (at character 2)`],
    ['(?<=a)b', `re-pattern: invalid regex "(?<=a)b": lookbehind (?<=…) is not supported: ${LINEAR} (at character 1)`],
  ])('(re-pattern "%s"): runtime_error', (pattern, message) => {
    expect(outcome(`(re-pattern "${pattern}")`)).toEqual({ ok: false, type: 'runtime_error', message });
  });

  it('a pattern quoted in an error is cut to 80 characters', () => {
    const got = outcome(`#"${'b'.repeat(5000)}("`);
    expect(got.ok).toBe(false);
    if (got.ok) return;
    expect(got.message).toContain(`#"${'b'.repeat(80)}…"`);
    expect(got.message.length).toBeLessThan(300);
  });

  it('a saved regex that is refused gives a short problem, not an exception', () => {
    const r = parseSession({ ...SESSION, data: { re: { $regex: `(${'x'.repeat(100000)}` } } });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.join('\n').length).toBeLessThan(500);
  });
});

// The reference: the JavaScript engine as the builtins used it before (leading flags become JS flags).
function nativeOf(source: string, sticky = false): RegExp {
  const m = /^\(\?([imsx]+)\)/.exec(source);
  const flags = 'u' + (m ? m[1].replace('x', '') : '');
  const body = m ? source.slice(m[0].length) : source;
  return sticky ? new RegExp(`(?:${body})(?![\\s\\S])`, flags + 'y') : new RegExp(body, flags + 'g');
}
const asValue = (m: RegExpMatchArray): Value => (m.length === 1 ? m[0] : Array.from(m, (g) => g ?? null));

const BENIGN = [
  '\\d+',
  '(\\d+)-(\\d+)',
  '(a)|(b)',
  'a|ab',
  '(\\w+)@(\\w+)',
  '(?m)^a$',
  'a*',
  '\\s+',
  ',',
  '(,)',
  '(?i)hello',
  '.',
  '.+',
  '(?s).+',
  '[^a-c]+',
  '[\\s,]+',
  '[\\S]+',
  '\\S+',
  '\\W+',
  '\\bfoo\\b',
  '(?<y>\\d{4})-(?<m>\\d\\d)',
  '[]',
  '[^]',
  'x*?',
  '(a|b)*c',
  '(?:ab)+',
  '\\p{L}+',
  '\\p{Lu}',
  '[\\p{L}\\d]+',
  '\\u00e9',
  '\\u{1F600}',
  '\\uD83D\\uDE00',
  '😀+',
  '[😀-😂]',
  '\\x41',
  '\\cJ',
  '\\0',
  '[\\b]',
  '[a\\-z]',
  '\\.',
  '\\/',
  '\\$\\^',
  '(?i)[a-z]+',
  '(?i)é',
  'a{2,3}',
  'a{2,}?',
  '^$',
  '$',
  '^',
  'a.c',
  '[.]',
  '[\\]]',
  '[\\[]',
  '[-a]',
  '[a-]',
  '(?i)\\w+',
  '\\p{Script=Greek}+',
  '\\p{Letter}+',
  '[=#@!~]',
  '(\\w+)=(\\w+)?',
  '[A-Z][a-z]{2,15}',
  '\\d{4}-\\d{2}-\\d{2}',
  'é+',
  '[^\\d\\s]+',
];
const INPUTS = [
  '',
  'a',
  'ab',
  'abc',
  'aaa',
  'b',
  'v1',
  '10-20',
  'me@host',
  'a\nb',
  'baa',
  'a,b,c',
  'a  b\t\u00a0c\u2028d',
  'HeLLo',
  'STRASSE Straße',
  'foo bar foobar',
  '2024-05 2025-11',
  'x😀y😁z😂',
  'Élan élan ÉLAN',
  'αβγ ABC',
  'a.c abc a\rc',
  'ab\u0000\n\b',
  '[]-a',
  'a=b#c@d!',
  'k=v x= y=1',
  'On 2026-01-08 Bob met Alice',
];

describe('ordinary patterns give what the JavaScript engine gave', () => {
  it.each(BENIGN)('%s', (source) => {
    const re = compileRegex(source);
    for (const s of INPUTS) {
      const all = [...s.matchAll(nativeOf(source))];
      expect(callBuiltin('re-seq', re, s), `re-seq on ${JSON.stringify(s)}`).toEqual(all.map(asValue));
      expect(callBuiltin('re-find', re, s), `re-find on ${JSON.stringify(s)}`).toEqual(all.length === 0 ? null : asValue(all[0]));
      const whole = nativeOf(source, true).exec(s);
      expect(callBuiltin('re-matches', re, s), `re-matches on ${JSON.stringify(s)}`).toEqual(whole === null ? null : asValue(whole));
      const replaced = s.replace(nativeOf(source), (m) => `<${m}>`);
      expect(callBuiltin('replace', s, re, '<$0>'), `replace on ${JSON.stringify(s)}`).toBe(replaced);
    }
  });

  it('named groups, $n and ${name} in replacements, split limits and case-insensitive Unicode still work', () => {
    const date = compileRegex('(?<y>\\d{4})-(?<m>\\d\\d)');
    expect(callBuiltin('replace', '2024-05 and 2025-11', date, '${m}/${y}')).toBe('05/2024 and 11/2025');
    expect(callBuiltin('replace-first', '2024-05 and 2025-11', date, '$2.$1')).toBe('05.2024 and 2025-11');
    expect(callBuiltin('split', 'a1b2c3d', compileRegex('\\d'), 2)).toEqual(['a', 'b2c3d']);
    expect(callBuiltin('split', 'a1b2c3', compileRegex('\\d'))).toEqual(['a', 'b', 'c']);
    expect(callBuiltin('re-find', compileRegex('(?i)élan'), 'ÉLAN')).toBe('ÉLAN');
    expect(callBuiltin('re-seq', compileRegex('\\p{Lu}'), 'aÉbΩ')).toEqual(['É', 'Ω']);
  });

  // Where RE2 differs and the translation cannot make up for it (documented in regex-engine.ts).
  it('known differences: (?m) lines end only at \\n; a group inside a repetition keeps its last value', () => {
    expect(callBuiltin('re-seq', compileRegex('(?m)^\\w+$'), 'a\r\nb')).toEqual(['b']); // JavaScript: ['a', 'b']
    expect(callBuiltin('re-seq', compileRegex('(?m)^\\w+\\r?$'), 'a\r\nb')).toEqual(['a\r', 'b']);
    expect(callBuiltin('re-find', compileRegex('(?:(a)|b)+'), 'ab')).toEqual(['ab', 'a']);
    // A repetition whose body can match empty: JavaScript refuses the empty iteration and tries on.
    expect(callBuiltin('re-find', compileRegex('(?:a*?)*'), 'a')).toBe(''); // JavaScript: "a"
  });

  it('(?i) with \\W keeps out the letters that fold into \\w (k, s), as JavaScript does', () => {
    expect(callBuiltin('re-find', compileRegex('(?i)\\W'), 'k')).toBeNull();
    expect(callBuiltin('re-find', compileRegex('(?i)[\\W]'), 's')).toBeNull();
    expect(callBuiltin('re-find', compileRegex('(?i)[^\\W]'), '\u212a')).toBe('\u212a');
  });

  // Generated patterns (no group inside a repetition, no repetition of what can be empty: the known
  // differences above) must find exactly the matches the JavaScript engine finds.
  const solid = fc.constantFrom(
    'a',
    'b',
    'é',
    'É',
    '😀',
    '.',
    '\\d',
    '\\w',
    '\\W',
    '\\s',
    '\\S',
    '[ab]',
    '[^a]',
    '[a-c\\d]',
    '[\\s1]',
    'k',
    'K',
    '\\.',
    '-',
    '\\u{1F600}',
    '\\p{L}',
    '\\P{L}',
    '[é-ë]',
    '[\\W]',
    '[^\\W]',
    '[\\D]',
    '[^\\S]',
  );
  const { body } = fc.letrec((tie) => ({
    body: fc.oneof({ depthSize: 'small' }, solid, tie('seq'), tie('alt')),
    seq: fc.tuple(tie('body'), tie('body')).map(([a, b]) => `${a}${b}`),
    alt: fc.tuple(tie('body'), tie('body')).map(([a, b]) => `(?:${a}|${b})`),
  }));
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof({ depthSize: 'small' }, solid, fc.constantFrom('\\b', '^', '$'), tie('seq'), tie('alt'), tie('rep')),
    seq: fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `${a}${b}`),
    alt: fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `(?:${a}|${b})`),
    rep: fc.tuple(body, fc.constantFrom('*', '+', '?', '{1,2}', '*?', '+?', '{2}')).map(([a, q]) => `(?:${a})${q}`),
  }));
  const generated = fc.tuple(fc.constantFrom('', '(?i)', '(?s)', '(?m)'), tree, fc.boolean()).map(([f, t, group]) => f + (group ? `(${t})` : t));
  const text = fc.array(fc.constantFrom('a', 'b', 'é', 'É', '😀', ' ', '1', '\n', 'A', '_', '-', 'k', 'K', '.'), { maxLength: 8 }).map((cs) => cs.join(''));
  it('generated patterns match as the JavaScript engine did', () => {
    fc.assert(
      fc.property(generated, fc.array(text, { minLength: 1, maxLength: 4 }), (source, texts) => {
        const re = compileRegex(source);
        for (const s of texts) expect(callBuiltin('re-seq', re, s)).toEqual([...s.matchAll(nativeOf(source))].map(asValue));
      }),
      { numRuns: 400, seed: 12 },
    );
  });

  it('the printed form and equality of regexes are unchanged', () => {
    expect(outcome('#"(?i)a+\\d"')).toEqual({ ok: true, printed: '#"(?i)a+\\d"' });
    expect(outcome('(re-pattern "a+")')).toEqual({ ok: true, printed: '#"a+"' });
    const a = compileRegex('a+');
    expect(callBuiltin('=', a, a)).toBe(true);
  });
});

const SESSION = {
  version: 1,
  title: 'Hostile regex',
  mission: 'Find it',
  maxTurns: 3,
  compression: true,
  data: {},
  tools: [] as { name: string; signature: string; description: string; impl: string }[],
  llm: { provider: 'mock', replies: ['```clojure\n(def x 1)\n```'] },
  turns: [],
};

describe('a session whose tool implementation builds a catastrophic regex opens', () => {
  it.each([
    ['matches on open', '(let [hit (re-find #"(a+)+$" (str (apply str (repeat 30 "a")) "!"))] (fn [q] hit))', true],
    ['matches when called', '(fn [q] (re-seq #"(x+x+)+y" q))', true],
    ['splits on open', '(let [parts (split (apply str (repeat 5000 "a")) #"(a|aa)+$")] (fn [q] parts))', true],
    ['refused pattern', '(fn [q] (re-find #"(a)\\1" q))', false],
  ])('%s', (_name, impl, ok) => {
    const r = parseSession({ ...SESSION, tools: [{ name: 'find', signature: '(q :string) -> :any', description: 'Find', impl }] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const prepared = prepareAgent(sessionToAgent(r.session));
    expect(prepared.ok).toBe(ok);
    if (!prepared.ok) expect(prepared.errors.join('\n')).toMatch(/backreferences \(\\1\) are not supported/);
  });
});
