// Reader: source text → forms, each with its line and column (1-based).
import { PtcError, type Loc } from './errors.ts';
import { literalKeywordProblem } from './keyword-names.ts';
import { float, normBig } from './numbers.ts';
import { LinearRegex, quotePattern } from './regex-engine.ts';
import { hashKey, kw, MapBuilder, PList, PRegex, PSet, type Value } from './values.ts';
import { printBrief } from './printer.ts';

export type Form =
  | { t: 'lit'; v: Value; loc: Loc }
  | { t: 'sym'; ns: string | null; name: string; loc: Loc }
  | { t: 'list'; items: Form[]; loc: Loc }
  | { t: 'vec'; items: Form[]; loc: Loc }
  | { t: 'map'; items: Form[]; loc: Loc }
  | { t: 'set'; items: Form[]; loc: Loc };

export type SymForm = Extract<Form, { t: 'sym' }>;

const DELIMS = new Set([' ', '\t', '\n', '\r', '\f', ',', '(', ')', '[', ']', '{', '}', '"', ';']);
const CLOSERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };
const CHAR_NAMES: Record<string, string> = {
  newline: '\n',
  space: ' ',
  tab: '\t',
  return: '\r',
  formfeed: '\f',
  backspace: '\b',
};
const INT_RE = /^[+-]?\d+$/;
const FLOAT_RE = /^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?$/;

export const sym = (name: string, loc: Loc, ns: string | null = null): SymForm => ({ t: 'sym', ns, name, loc });

class Reader {
  private i = 0;
  private line = 1;
  private col = 1;
  /** Inside `#( … )`: the highest %N seen, and whether %& was used. */
  private fnArgs: { max: number; rest: boolean } | null = null;

  constructor(
    private readonly src: string,
    private readonly source?: string,
  ) {}

  private loc(): Loc {
    return this.source === undefined ? { line: this.line, column: this.col } : { line: this.line, column: this.col, source: this.source };
  }

  private fail(message: string, loc: Loc = this.loc()): never {
    throw new PtcError('parse_error', message, loc);
  }

  private advance(): string {
    const c = this.src[this.i++];
    if (c === '\n') {
      this.line++;
      this.col = 1;
    } else this.col++;
    return c;
  }

  /** Skip whitespace, commas and comments; true if a form may follow. */
  private skip(): boolean {
    for (;;) {
      if (this.i >= this.src.length) return false;
      const c = this.src[this.i];
      if (c === ';') {
        while (this.i < this.src.length && this.src[this.i] !== '\n') this.advance();
      } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ',' || c === '\f') {
        this.advance();
      } else if (c === '#' && this.src[this.i + 1] === '_') {
        this.advance();
        this.advance();
        if (!this.skip()) this.fail('Expected a form after #_');
        this.read();
      } else return true;
    }
  }

  /** The form that starts at offset `i` (line and column as the reader counts them) and the offset after it. */
  formAt(i: number, line: number, column: number): number {
    this.i = i;
    this.line = line;
    this.col = column;
    this.read();
    return this.i;
  }

  /** With `warnings`, stray closers after the last form are forgiven (models often write one too many). */
  readAll(warnings?: string[]): Form[] {
    const forms: Form[] = [];
    while (this.skip()) {
      const c = this.src[this.i];
      if (warnings !== undefined && forms.length > 0 && (c === ')' || c === ']' || c === '}')) {
        warnings.push(this.skipTrailingClosers());
        break;
      }
      forms.push(this.read());
    }
    return forms;
  }

  /**
   * At a stray closer: skip it and every closer after it, if only whitespace and comments lie between; the
   * warning to record. Anything else after them keeps the stray closer the parse error it was.
   */
  private skipTrailingClosers(): string {
    const at = this.loc();
    const first = this.src[this.i];
    let closers = '';
    while (this.skip()) {
      const c = this.src[this.i];
      if (c !== ')' && c !== ']' && c !== '}') this.fail(`Unexpected ${first}: nothing to close`, at);
      closers += this.advance();
    }
    const n = closers.length;
    return `ignored ${n} stray closing ${n === 1 ? 'bracket' : 'brackets'} \`${closers}\` after the last form (line ${at.line}, column ${at.column})`;
  }

  private token(): string {
    const start = this.i;
    while (this.i < this.src.length && !DELIMS.has(this.src[this.i])) this.advance();
    return this.src.slice(start, this.i);
  }

  read(): Form {
    const loc = this.loc();
    const c = this.src[this.i];
    switch (c) {
      case '(':
        return { t: 'list', items: this.readSeq(loc), loc };
      case '[':
        return { t: 'vec', items: this.readSeq(loc), loc };
      case '{': {
        const items = this.readSeq(loc);
        if (items.length % 2 !== 0) this.fail('A map literal needs an even number of forms (key value pairs)', loc);
        uniqueKeys(items);
        return { t: 'map', items, loc };
      }
      case ')':
      case ']':
      case '}':
        return this.fail(`Unexpected ${c}: nothing to close`);
      case '"':
        return { t: 'lit', v: this.readString(), loc };
      case ':':
        return this.readKeyword(loc);
      case '\\':
        return { t: 'lit', v: this.readChar(), loc };
      case "'":
        this.advance();
        return { t: 'list', items: [sym('quote', loc), this.readAfterPrefix("'")], loc };
      case '#':
        return this.readDispatch(loc);
      case '@':
        return this.fail('Deref (@) is not supported: PTC-Lisp has no atoms or refs');
      case '`':
      case '~':
        return this.fail('Syntax quote and unquote are not supported: PTC-Lisp has no macros');
      case '^':
        return this.fail('Metadata (^) is not supported');
    }
    return this.readAtom(loc);
  }

  private readAfterPrefix(prefix: string): Form {
    if (!this.skip()) this.fail(`Expected a form after ${prefix}`);
    return this.read();
  }

  private readSeq(open: Loc): Form[] {
    const opener = this.advance();
    const closer = CLOSERS[opener];
    const items: Form[] = [];
    for (;;) {
      if (!this.skip()) {
        this.fail(`Unexpected end of input: missing ${closer} to close the ${opener} that starts here`, open);
      }
      const c = this.src[this.i];
      if (c === closer) {
        this.advance();
        return items;
      }
      if (c === ')' || c === ']' || c === '}') {
        this.fail(`Mismatched ${c}: expected ${closer} to close ${opener} opened at line ${open.line}, column ${open.column}`);
      }
      items.push(this.read());
    }
  }

  private readString(): string {
    const start = this.loc();
    this.advance();
    let out = '';
    for (;;) {
      if (this.i >= this.src.length) this.fail('Unterminated string literal', start);
      const c = this.advance();
      if (c === '"') return out;
      if (c !== '\\') {
        out += c;
        continue;
      }
      if (this.i >= this.src.length) this.fail('Unterminated string literal', start);
      const e = this.advance();
      switch (e) {
        case 'n':
          out += '\n';
          break;
        case 't':
          out += '\t';
          break;
        case 'r':
          out += '\r';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case 'u': {
          const hex = this.src.slice(this.i, this.i + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid unicode escape in string: expected \\uXXXX');
          for (let k = 0; k < 4; k++) this.advance();
          out += String.fromCharCode(parseInt(hex, 16));
          break;
        }
        default:
          this.fail(`Unsupported escape \\${e} in string (use \\n \\t \\r \\" \\\\ or \\uXXXX)`);
      }
    }
  }

  private readChar(): string {
    const loc = this.loc();
    this.advance();
    if (this.i >= this.src.length) this.fail('Expected a character after \\', loc);
    // The first character is always part of the literal, even a delimiter: \( \space \,
    const first = this.advance();
    let rest = '';
    while (this.i < this.src.length && !DELIMS.has(this.src[this.i])) rest += this.advance();
    if (rest === '') return first;
    const name = first + rest;
    // Own keys only: `in` would find \constructor on Object.prototype.
    if (Object.hasOwn(CHAR_NAMES, name)) return CHAR_NAMES[name];
    if (/^u[0-9a-fA-F]{4}$/.test(name)) return String.fromCharCode(parseInt(name.slice(1), 16));
    return this.fail(`Unknown character literal \\${name}`, loc);
  }

  private readKeyword(loc: Loc): Form {
    this.advance();
    if (this.src[this.i] === ':') this.fail('Auto-resolved keywords (::name) are not supported', loc);
    const name = this.token();
    if (name === '') this.fail('Expected a keyword name after :', loc);
    const problem = literalKeywordProblem(name);
    if (problem !== null) this.fail(`Invalid keyword :${name.length > 60 ? name.slice(0, 57) + '...' : name}: ${problem}`, loc);
    return { t: 'lit', v: kw(name), loc };
  }

  private readDispatch(loc: Loc): Form {
    const next = this.src[this.i + 1];
    if (next === '{') {
      this.advance();
      return { t: 'set', items: this.readSeq(loc), loc };
    }
    if (next === '(') {
      this.advance();
      return this.readShortFn(loc);
    }
    if (next === '"') {
      this.advance();
      return { t: 'lit', v: this.readRegex(loc), loc };
    }
    if (next === "'") {
      this.advance();
      this.advance();
      return { t: 'list', items: [sym('var', loc), this.readAfterPrefix("#'")], loc };
    }
    if (next === '#') {
      this.advance();
      this.advance();
      const name = this.token();
      const specials: Record<string, number> = { Inf: Infinity, '-Inf': -Infinity, NaN: NaN };
      if (Object.hasOwn(specials, name)) return { t: 'lit', v: specials[name], loc };
      return this.fail(`Unknown symbolic value ##${name} (use ##Inf, ##-Inf or ##NaN)`, loc);
    }
    return this.fail(`Unsupported dispatch #${next ?? ''}`, loc);
  }

  private readShortFn(loc: Loc): Form {
    if (this.fnArgs !== null) this.fail('Nested #() short functions are not allowed; use (fn [x] ...) for the inner one', loc);
    const used = { max: 0, rest: false };
    this.fnArgs = used;
    let body: Form[];
    try {
      body = this.readSeq(loc);
    } finally {
      this.fnArgs = null;
    }
    const params: Form[] = [];
    for (let k = 1; k <= used.max; k++) params.push(sym('%' + k, loc));
    if (used.rest) params.push(sym('&', loc), sym('%&', loc));
    return {
      t: 'list',
      items: [sym('fn', loc), { t: 'vec', items: params, loc }, { t: 'list', items: body, loc }],
      loc,
    };
  }

  private readRegex(loc: Loc): PRegex {
    this.advance();
    let src = '';
    for (;;) {
      if (this.i >= this.src.length) this.fail('Unterminated regex literal', loc);
      const c = this.advance();
      if (c === '"') break;
      if (c === '\\' && this.i < this.src.length) {
        const e = this.advance();
        src += e === '"' ? '"' : '\\' + e;
      } else src += c;
    }
    try {
      return compileRegex(src);
    } catch (e) {
      // The pattern is cut: a huge literal must not make a huge message.
      return this.fail(`Invalid regex #"${quotePattern(src)}": ${(e as Error).message}`, loc);
    }
  }

  private readAtom(loc: Loc): Form {
    const tok = this.token();
    if (tok === '') this.fail(`Unexpected character ${JSON.stringify(this.src[this.i])}`);
    if (tok === 'nil') return { t: 'lit', v: null, loc };
    if (tok === 'true') return { t: 'lit', v: true, loc };
    if (tok === 'false') return { t: 'lit', v: false, loc };
    const c0 = tok[0];
    const startsNumber = (c0 >= '0' && c0 <= '9') || ((c0 === '-' || c0 === '+') && tok.length > 1 && tok[1] >= '0' && tok[1] <= '9');
    if (startsNumber) return { t: 'lit', v: parseNumber(tok, loc), loc };
    if (this.fnArgs !== null && tok[0] === '%') return sym(this.shortFnArg(tok, loc), loc);
    const slash = tok.indexOf('/');
    if (slash > 0 && slash < tok.length - 1) return sym(tok.slice(slash + 1), loc, tok.slice(0, slash));
    return sym(tok, loc);
  }

  private shortFnArg(tok: string, loc: Loc): string {
    const args = this.fnArgs!;
    if (tok === '%' || tok === '%1') {
      args.max = Math.max(args.max, 1);
      return '%1';
    }
    if (tok === '%&') {
      args.rest = true;
      return '%&';
    }
    const n = /^%([1-9]\d?)$/.exec(tok);
    if (!n) throw new PtcError('invalid_placeholder', `Invalid short-function argument ${tok} (use %, %1, %2 … or %&)`, loc);
    args.max = Math.max(args.max, Number(n[1]));
    return tok;
  }
}

/** The most digits a number literal's integer part may have, as in the specification. */
export const MAX_LITERAL_DIGITS = 100;

function parseNumber(tok: string, loc: Loc): Value {
  const fail = (why: string): never => {
    // The token is cut: a literal of a million digits must not make a message of a million.
    throw new PtcError('parse_error', `Invalid number ${tok.length > 40 ? tok.slice(0, 37) + '...' : tok}: ${why}`, loc);
  };
  const digits = /^[+-]?(\d*)/.exec(tok)![1].length;
  if (digits > MAX_LITERAL_DIGITS) {
    return fail(`its ${digits} digits are more than the ${MAX_LITERAL_DIGITS} a literal may have; compute a large number (e.g. with *) instead`);
  }
  if (INT_RE.test(tok)) {
    const n = Number(tok);
    return Number.isSafeInteger(n) ? n + 0 : normBig(BigInt(tok));
  }
  if (FLOAT_RE.test(tok)) return float(Number(tok));
  if (/^[+-]?\d+N$/.test(tok)) return fail(`the N suffix is not supported; integers grow as needed: write ${tok.slice(0, -1)}`);
  if (/^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?M$/.test(tok)) return fail('BigDecimal literals (M) are not supported; floats are doubles');
  if (/^[+-]?0[xX]/.test(tok)) return fail('hexadecimal literals are not supported');
  if (/^[+-]?\d+\/\d+$/.test(tok)) return fail('ratios are not supported; use (/ a b), which gives a float');
  return fail('not a number');
}

/**
 * Compile a regex source (the language's syntax: JavaScript's, with leading (?imsx) flags and \Q…\E)
 * for the linear-time engine. Throws RegexSyntaxError, with a short message, for a pattern refused.
 */
export function compileRegex(source: string): PRegex {
  return new PRegex(source, new LinearRegex(source));
}

/**
 * Read every top-level form of a program. Throws PtcError('parse_error') on bad input. Given `warnings`, the
 * reader is lenient about stray closing brackets after the last complete form: it ignores them and pushes a
 * warning there (programs only; quoted data and saved values stay strict). `marked`: every location
 * also names the program it is in (its text), so an error raised in a function read from another
 * program (an earlier turn's, a tool's) can be told from one in this program.
 */
export function readProgram(src: string, warnings?: string[], marked = false): Form[] {
  return new Reader(src, marked ? src : undefined).readAll(warnings);
}

/**
 * A map literal's keys that are written the same (a constant or a name) are refused, as the
 * reference does: the second would silently replace the first. Keys computed when the map is built
 * are not known here; equal ones then keep the last value.
 */
function uniqueKeys(items: readonly Form[]): void {
  const constants = new Set<unknown>();
  const names = new Set<string>();
  for (let k = 0; k < items.length; k += 2) {
    const f = items[k];
    let repeated: string | null = null;
    if (f.t === 'lit') {
      const key = hashKey(f.v);
      if (constants.has(key)) repeated = printBrief(f.v, 60);
      constants.add(key);
    } else if (f.t === 'sym') {
      const name = f.ns === null ? f.name : `${f.ns}/${f.name}`;
      if (names.has(name)) repeated = name;
      names.add(name);
    }
    if (repeated !== null) throw new PtcError('duplicate_key', `Duplicate key ${repeated} in a map literal: each key may appear once`, f.loc);
  }
}

/**
 * The text of the form that starts at `loc` in the program it was read from (`loc.source`, set when
 * the program was read `marked`); undefined when the program is not known.
 */
export function formText(loc: Loc): string | undefined {
  const src = loc.source;
  if (src === undefined) return undefined;
  let offset = 0;
  for (let l = 1; l < loc.line; l++) {
    offset = src.indexOf('\n', offset) + 1;
    if (offset === 0) return undefined;
  }
  offset += loc.column - 1;
  try {
    return src.slice(offset, new Reader(src).formAt(offset, loc.line, loc.column));
  } catch {
    return undefined;
  }
}

/** The value a form denotes when quoted: symbols become strings' counterparts (symbols are not values). */
export function formToValue(f: Form): Value {
  // Used for quoted data and for round-trip tests.
  switch (f.t) {
    case 'lit':
      return f.v;
    case 'sym':
      return f.ns === null ? f.name : `${f.ns}/${f.name}`;
    case 'vec':
      return f.items.map(formToValue);
    default:
      return formToValueSlow(f);
  }
}

function formToValueSlow(f: Form): Value {
  switch (f.t) {
    case 'list':
      return new PList(f.items.map(formToValue));
    case 'set':
      return PSet.from(f.items.map(formToValue));
    case 'map': {
      const b = new MapBuilder();
      for (let k = 0; k < f.items.length; k += 2) b.set(formToValue(f.items[k]), formToValue(f.items[k + 1]));
      return b.build();
    }
    default:
      return null;
  }
}
