// Translates the language's regex syntax into RE2 syntax for the linear-time engine (regex-engine.ts).
//
// The language's syntax is what it always was: JavaScript's with the `u` flag, plus Java's leading
// inline flags `(?imsx)` and `\Q…\E` quoting. Everything is re-emitted in an explicit form so that
// RE2 gives the same answers JavaScript gave: `.` excludes \r \u2028 \u2029 as well as \n, `\s` is
// JavaScript's Unicode whitespace, `[]` matches nothing, `[^]` anything. Features that need
// backtracking (backreferences, lookaround, atomic groups, possessive quantifiers) are refused with
// a message saying so, as are repetition counts above RE2's 1000 and patterns whose program would be
// too large to match quickly.

/** A pattern the translator refuses; the message is short and never quotes more than a snippet. */
export class RegexSyntaxError extends Error {}

export interface Translated {
  /** The pattern in RE2 syntax. */
  body: string;
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
  /** An upper bound on the engine's program size, computed before compiling. */
  size: number;
}

export const MAX_REPEAT = 1000;
/** Estimated program size above which a pattern is refused: matching cost grows with it. */
export const MAX_PROGRAM_SIZE = 10_000;

const LINEAR = 'regexes match in linear time (no backtracking), which rules it out';

type Range = [number, number];
const MAX_CP = 0x10ffff;
const DIGIT: Range[] = [[0x30, 0x39]];
const WORD: Range[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
// JavaScript's \s: WhiteSpace plus LineTerminator.
const SPACE: Range[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATORS: Range[] = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function complement(rs: readonly Range[]): Range[] {
  const out: Range[] = [];
  let next = 0;
  for (const [lo, hi] of rs) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`;
const rangesText = (rs: readonly Range[]): string => rs.map(([lo, hi]) => (lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`)).join('');
const CLASS_ESCAPES: Record<string, string> = {
  d: rangesText(DIGIT),
  D: rangesText(complement(DIGIT)),
  w: rangesText(WORD),
  W: rangesText(complement(WORD)),
  s: rangesText(SPACE),
  S: rangesText(complement(SPACE)),
};
// With (?i), JavaScript's \w also takes ſ (U+017F) and K (U+212A), which fold to s and k; so \W
// inside a class must leave them out, or case folding would bring s and k back in.
const W_FOLDED = rangesText(complement([...WORD.slice(0, 3), [0x61, 0x7a], [0x17f, 0x17f], [0x212a, 0x212a]]));
/** The negated escapes outside a class: RE2 folds the class and then negates it, as JavaScript does. */
const NEGATED: Record<string, string> = { D: 'd', W: 'w', S: 's' };
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
const SYNTAX = '^$\\.*+?()[]{}|/';
const GC_LONG: Record<string, string> = {
  Letter: 'L',
  Cased_Letter: 'LC',
  Uppercase_Letter: 'Lu',
  Lowercase_Letter: 'Ll',
  Titlecase_Letter: 'Lt',
  Modifier_Letter: 'Lm',
  Other_Letter: 'Lo',
  Mark: 'M',
  Nonspacing_Mark: 'Mn',
  Spacing_Mark: 'Mc',
  Enclosing_Mark: 'Me',
  Number: 'N',
  Decimal_Number: 'Nd',
  Letter_Number: 'Nl',
  Other_Number: 'No',
  Punctuation: 'P',
  Connector_Punctuation: 'Pc',
  Dash_Punctuation: 'Pd',
  Open_Punctuation: 'Ps',
  Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi',
  Final_Punctuation: 'Pf',
  Other_Punctuation: 'Po',
  Symbol: 'S',
  Math_Symbol: 'Sm',
  Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk',
  Other_Symbol: 'So',
  Separator: 'Z',
  Space_Separator: 'Zs',
  Line_Separator: 'Zl',
  Paragraph_Separator: 'Zp',
  Other: 'C',
  Control: 'Cc',
  Format: 'Cf',
  Surrogate: 'Cs',
  Private_Use: 'Co',
  Unassigned: 'Cn',
};

/** One item of a sequence: its RE2 text, its size estimate, and whether a quantifier may follow. */
interface Item {
  text: string;
  size: number;
  quantifiable: boolean;
}

/** Translate a pattern; throws RegexSyntaxError with a clear message for anything refused. */
export function translate(source: string): Translated {
  let body = source;
  let ignoreCase = false;
  let multiline = false;
  let dotAll = false;
  const lead = /^\(\?([imsx]+)\)/.exec(body);
  if (lead) {
    body = body.slice(lead[0].length);
    ignoreCase = lead[1].includes('i');
    multiline = lead[1].includes('m');
    dotAll = lead[1].includes('s');
  }
  const p = new Translator(Array.from(body), dotAll, ignoreCase);
  const { text, size } = p.pattern();
  if (size > MAX_PROGRAM_SIZE) {
    throw new RegexSyntaxError(
      `the pattern is too large (about ${size} steps per input character; the limit is ${MAX_PROGRAM_SIZE}): matching time grows with it; use smaller repetition counts`,
    );
  }
  return { body: text, ignoreCase, multiline, dotAll, size };
}

class Translator {
  private i = 0;
  /** Where the construct being read starts, for messages. */
  private at = 0;
  private depth = 0;
  constructor(
    private readonly cs: readonly string[],
    private readonly dotAll: boolean,
    private readonly ignoreCase: boolean,
  ) {}

  private fail(what: string): never {
    throw new RegexSyntaxError(`${what} (at character ${this.at + 1})`);
  }

  private peek(k = 0): string | undefined {
    return this.cs[this.i + k];
  }

  pattern(): { text: string; size: number } {
    const r = this.alternation();
    if (this.i < this.cs.length) this.fail(this.peek() === ')' ? 'unmatched )' : `unexpected ${this.peek()}`);
    return r;
  }

  private alternation(): { text: string; size: number } {
    const branches = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      branches.push(this.sequence());
    }
    return { text: branches.map((b) => b.text).join('|'), size: branches.reduce((n, b) => n + b.size + 1, 0) };
  }

  private sequence(): { text: string; size: number } {
    let text = '';
    let size = 0;
    for (;;) {
      const c = this.peek();
      if (c === undefined || c === '|' || c === ')') break;
      const item = this.quantified(this.atom());
      text += item.text;
      size += item.size;
    }
    return { text, size };
  }

  private quantified(item: Item): Item {
    this.at = this.i;
    const c = this.peek();
    // How many copies of the item the engine's program holds: counted repetitions are unrolled.
    let copies = 1;
    let q: string = c ?? '';
    if (c === '*' || c === '+' || c === '?') {
      this.i++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.cs.slice(this.i, this.i + 24).join(''));
      if (m === null) this.fail('lone { (write \\{ for a literal brace)');
      const lo = Number(m[1]);
      const hi = m[2] === undefined ? lo : m[3] === '' ? Infinity : Number(m[3]);
      if (hi < lo) this.fail(`repetition {${m[1]}${m[2]}} has its numbers out of order`);
      if (lo > MAX_REPEAT || (hi !== Infinity && hi > MAX_REPEAT)) {
        this.fail(
          `repetition counts above ${MAX_REPEAT} are not supported (${m[0].slice(0, 24)}): the engine unrolls them, and matching time grows with the count`,
        );
      }
      this.i += m[0].length;
      copies = Math.max(hi === Infinity ? lo : hi, 1);
      q = m[0];
    } else return item;
    if (!item.quantifiable) this.fail('nothing to repeat');
    if (this.peek() === '+')
      this.fail(`possessive quantifiers (${q}+) are not supported by the linear-time regex engine; drop the + (with no backtracking it is rarely needed)`);
    if (this.peek() === '?') {
      this.i++;
      q += '?';
    }
    this.at = this.i;
    const next = this.peek();
    if (next === '*' || next === '+' || next === '?' || (next === '{' && /^\{\d+(,\d*)?\}/.test(this.cs.slice(this.i, this.i + 24).join('')))) {
      this.fail('nothing to repeat (a quantifier cannot follow another)');
    }
    return { text: item.text + q, size: item.size * copies + 1, quantifiable: false };
  }

  private atom(): Item {
    this.at = this.i;
    const c = this.cs[this.i++];
    switch (c) {
      case '.':
        return { text: this.dotAll ? '[\\x{0}-\\x{10ffff}]' : `[^${rangesText(LINE_TERMINATORS)}]`, size: 1, quantifiable: true };
      case '^':
      case '$':
        return { text: c, size: 1, quantifiable: false };
      case '(':
        return this.group();
      case '[':
        return { text: this.charClass(), size: 1, quantifiable: true };
      case '\\':
        return this.escape();
      case '*':
      case '+':
      case '?':
        return this.fail('nothing to repeat');
      case '{':
        return this.fail('lone { (write \\{ for a literal brace)');
      case '}':
      case ']':
        return this.fail(`lone ${c} (write \\${c} for a literal one)`);
      default:
        return literal(c.codePointAt(0)!);
    }
  }

  private group(): Item {
    let open = '(';
    if (this.peek() === '?') {
      const rest = this.cs.slice(this.i, this.i + 4).join('');
      if (rest.startsWith('?:')) {
        open = '(?:';
        this.i += 2;
      } else if (rest.startsWith('?=') || rest.startsWith('?!')) {
        this.fail(`lookahead (${rest.slice(0, 2)}…) is not supported: ${LINEAR}`);
      } else if (rest.startsWith('?<=') || rest.startsWith('?<!')) {
        this.fail(`lookbehind (${rest.slice(0, 3)}…) is not supported: ${LINEAR}`);
      } else if (rest.startsWith('?>')) {
        this.fail('atomic groups (?>…) are not supported by the linear-time regex engine; use (?:…) (with no backtracking it is rarely needed)');
      } else if (rest.startsWith('?<')) {
        this.i += 2;
        open = `(?P<${this.groupName()}>`;
      } else if (/^\?[imsx-]/.test(rest)) {
        this.fail('inline flags are only supported at the start of the pattern, as (?i), (?m), (?s) or (?x)');
      } else this.fail('invalid group: (? must be followed by :, <name> or a supported construct');
    }
    if (++this.depth > 200) this.fail('groups nested more than 200 deep');
    const inner = this.alternation();
    this.depth--;
    if (this.peek() !== ')') this.fail('missing )');
    this.i++;
    return { text: open + inner.text + ')', size: inner.size + 2, quantifiable: true };
  }

  private groupName(): string {
    let name = '';
    while (this.i < this.cs.length && this.peek() !== '>') name += this.cs[this.i++];
    if (this.peek() !== '>') this.fail('unterminated group name');
    this.i++;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) this.fail(`invalid group name ${JSON.stringify(name.slice(0, 40))} (use letters, digits and _)`);
    return name;
  }

  private escape(): Item {
    const c = this.cs[this.i++];
    if (c === undefined) this.fail('\\ at end of pattern');
    if (c in NEGATED) return { text: `[^${CLASS_ESCAPES[NEGATED[c]]}]`, size: 1, quantifiable: true };
    if (c in CLASS_ESCAPES) return { text: `[${CLASS_ESCAPES[c]}]`, size: 1, quantifiable: true };
    if (c === 'b' || c === 'B') return { text: '\\' + c, size: 1, quantifiable: false };
    if (c >= '1' && c <= '9') this.fail(`backreferences (\\${c}) are not supported: ${LINEAR}`);
    if (c === 'k') this.fail(`backreferences (\\k<name>) are not supported: ${LINEAR}`);
    if (c === 'p' || c === 'P') return { text: this.property(c), size: 1, quantifiable: true };
    if (c === 'Q') return this.quoted();
    return literal(this.charEscape(c));
  }

  /** Java's \Q…\E: everything up to \E (or the end) is literal. */
  private quoted(): Item {
    let text = '';
    let size = 0;
    while (this.i < this.cs.length && !(this.peek() === '\\' && this.peek(1) === 'E')) {
      text += literal(this.cs[this.i++].codePointAt(0)!).text;
      size++;
    }
    if (this.i < this.cs.length) this.i += 2;
    return { text: text === '' ? '(?:)' : `(?:${text})`, size, quantifiable: true };
  }

  /** A character escape (outside or inside a class) as a code point. */
  private charEscape(c: string): number {
    if (c in CONTROL_ESCAPES) return CONTROL_ESCAPES[c];
    if (c === '0') {
      const d = this.peek();
      if (d !== undefined && d >= '0' && d <= '9') this.fail('invalid escape \\0 followed by a digit');
      return 0;
    }
    if (c === 'c') {
      const l = this.peek();
      if (l === undefined || !/^[A-Za-z]$/.test(l)) this.fail('invalid escape \\c (it takes a letter)');
      this.i++;
      return l.charCodeAt(0) % 32;
    }
    if (c === 'x') {
      const h = this.cs.slice(this.i, this.i + 2).join('');
      if (!/^[0-9a-fA-F]{2}$/.test(h)) this.fail('invalid escape \\x (it takes two hex digits)');
      this.i += 2;
      return parseInt(h, 16);
    }
    if (c === 'u') return this.unicodeEscape();
    if (SYNTAX.includes(c)) return c.charCodeAt(0);
    return this.fail(`invalid escape \\${c}`);
  }

  private unicodeEscape(): number {
    if (this.peek() === '{') {
      const m = /^\{([0-9a-fA-F]{1,6})\}/.exec(this.cs.slice(this.i, this.i + 9).join(''));
      if (m === null || parseInt(m[1], 16) > MAX_CP) this.fail('invalid escape \\u{…}');
      this.i += m[0].length;
      return parseInt(m[1], 16);
    }
    const h = this.cs.slice(this.i, this.i + 4).join('');
    if (!/^[0-9a-fA-F]{4}$/.test(h)) this.fail('invalid escape \\u (it takes four hex digits or {…})');
    this.i += 4;
    const cp = parseInt(h, 16);
    // A surrogate pair written as two escapes is one code point, as in JavaScript's u mode.
    const low = this.cs.slice(this.i, this.i + 6).join('');
    if (cp >= 0xd800 && cp <= 0xdbff && /^\\u[dD][c-fC-F][0-9a-fA-F]{2}$/.test(low)) {
      this.i += 6;
      return 0x10000 + ((cp - 0xd800) << 10) + (parseInt(low.slice(2), 16) - 0xdc00);
    }
    return cp;
  }

  private property(c: string): string {
    const m = /^\{([A-Za-z_]+)(=([A-Za-z_]+))?\}/.exec(this.cs.slice(this.i, this.i + 64).join(''));
    if (m === null) this.fail(`invalid Unicode property escape \\${c}`);
    this.i += m[0].length;
    let name = m[3] ?? m[1];
    if (m[3] !== undefined && !['General_Category', 'gc', 'Script', 'sc', 'Script_Extensions', 'scx'].includes(m[1])) {
      this.fail(`unknown Unicode property ${m[1].slice(0, 40)}`);
    }
    name = GC_LONG[name] ?? name;
    return `\\${c}{${name}}`;
  }

  private charClass(): string {
    const negated = this.peek() === '^';
    if (negated) this.i++;
    let members = '';
    for (;;) {
      const c = this.peek();
      if (c === undefined) this.fail('missing ] to close a character class');
      if (c === ']') {
        this.i++;
        break;
      }
      const lo = this.classAtom();
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined) {
        this.i++;
        const hi = this.classAtom();
        if (typeof lo !== 'number' || typeof hi !== 'number') this.fail('invalid character class range (a range cannot use a class escape)');
        if (hi < lo) this.fail('character class range out of order');
        members += `${hex(lo)}-${hex(hi)}`;
      } else members += typeof lo === 'number' ? hex(lo) : lo;
    }
    // RE2 has no empty class: [] matches nothing and [^] anything, as in JavaScript.
    if (members === '') return negated ? '[\\x{0}-\\x{10ffff}]' : '[^\\x{0}-\\x{10ffff}]';
    return `[${negated ? '^' : ''}${members}]`;
  }

  /** A class member: a code point, or the RE2 text of a class escape. */
  private classAtom(): number | string {
    this.at = this.i;
    const c = this.cs[this.i++];
    if (c !== '\\') return c.codePointAt(0)!;
    const e = this.cs[this.i++];
    if (e === undefined) this.fail('\\ at end of pattern');
    if (e === 'W' && this.ignoreCase) return W_FOLDED;
    if (e in CLASS_ESCAPES) return CLASS_ESCAPES[e];
    if (e === 'p' || e === 'P') return this.property(e);
    if (e === 'b') return 8;
    if (e === '-') return 0x2d;
    if (e >= '1' && e <= '9') this.fail(`backreferences (\\${e}) are not supported: ${LINEAR}`);
    return this.charEscape(e);
  }
}

/** A literal code point: ASCII letters and digits as themselves, everything else escaped. */
function literal(cp: number): Item {
  const ch = String.fromCodePoint(cp);
  return { text: /^[A-Za-z0-9 _,;:'"=@#%&~<>!`-]$/.test(ch) ? ch : hex(cp), size: 1, quantifiable: true };
}
