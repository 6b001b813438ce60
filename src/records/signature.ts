// Tool signatures as sessions write them (FMT-004, C4):
//
//   (category :string) -> :string      (to :string, subject :string) -> nil      () -> [:map]
//   (query :string) -> {:count :int :items [{:id :int}]}
//
// A signature is a parameter list in parentheses, each parameter a PTC-Lisp symbol followed by
// its type, then optionally `->` and the return type; or, as a shorthand, the return type alone
// (`:map`, `[:string]`, `{count :int}`), which means `() -> …`. A type is a known keyword
// (KNOWN_TYPES, optionally ending in `?` for "or nil": `:string?`), `nil`, a vector holding one
// type (`[:map]`), or a map of field names to types (`{:name :string}`; fields may also be written
// as bare names, `{name :string}`), nested freely. Commas are whitespace. Types are kept as source
// text with normalised spacing; `parseType` reads that text back as a tree.
//
// In the records layer because both layers above read it: compression prints signatures in the
// `tool/` section, the agent checks tool calls against them, the session checks them when it reads a file.

/** The type keywords a signature may use, without the colon. */
export const KNOWN_TYPES: readonly string[] = ['string', 'int', 'float', 'number', 'bool', 'boolean', 'keyword', 'map', 'list', 'vector', 'set', 'any', 'nil'];

/** Edit distance counting a swap of neighbours as one edit (`:itn`), for suggesting the type a typo meant. */
function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** Why `:name` is not a type: the closest known type when there is a plausible one, else the list. */
export function unknownTypeMessage(name: string): string {
  const base = name.endsWith('?') ? name.slice(0, -1) : name;
  const suffix = name.endsWith('?') ? '?' : '';
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const known of KNOWN_TYPES) {
    const d = distance(base.toLowerCase(), known);
    if (d < bestDistance) [best, bestDistance] = [known, d];
  }
  // Two edits, or one for short names: further than that the "closest" type is a guess.
  if (best !== null && bestDistance <= Math.min(2, Math.max(1, Math.floor(base.length / 3)))) {
    return `unknown type :${name}; did you mean :${best}${suffix}?`;
  }
  return `unknown type :${name}; the types are ${KNOWN_TYPES.map((t) => ':' + t).join(' ')}`;
}

export interface SignatureParam {
  readonly name: string;
  /** The type as written, spacing normalised: `:string`, `[:map]`, `{:name :string :price :float}`. */
  readonly type: string;
}

export type SignatureResult =
  | { readonly ok: true; readonly params: readonly SignatureParam[]; readonly returns: string | null }
  | { readonly ok: false; readonly message: string; /** 1-based position in the signature text. */ readonly column: number };

const WHITESPACE = new Set([' ', '\t', '\n', '\r', '\f', ',']);
const DELIMITERS = new Set([...WHITESPACE, '(', ')', '[', ']', '{', '}', '"', ';']);

/**
 * A PTC-Lisp symbol name without namespace, as the reader reads one: no whitespace, commas,
 * brackets, quotes, semicolons or `/`; not starting with a digit (or + or - then a digit), nor with
 * a character the reader gives another meaning (`: # ' \\ @ ` ~ ^ %`); not nil, true, false or &.
 */
export function isSymbolName(name: string): boolean {
  if (name === '' || /[\s,()[\]{}";/]/u.test(name)) return false;
  if (/^([:#'\\@`~^%]|\d|[+-]\d)/.test(name)) return false;
  return name !== 'nil' && name !== 'true' && name !== 'false' && name !== '&';
}

class SignatureError extends Error {
  constructor(
    readonly reason: string,
    readonly column: number,
  ) {
    super(`${reason} (column ${column})`);
  }
}

const CLOSER: Record<string, string> = { '[': ']', '{': '}' };

class SignatureParser {
  private i = 0;
  constructor(private readonly src: string) {}

  private fail(reason: string, at: number = this.i): never {
    throw new SignatureError(reason, at + 1);
  }

  private skip(): void {
    while (this.i < this.src.length && WHITESPACE.has(this.src[this.i])) this.i++;
  }

  private atEnd(): boolean {
    return this.i >= this.src.length;
  }

  /** A run of non-delimiter characters (possibly empty). */
  private token(): string {
    const start = this.i;
    while (this.i < this.src.length && !DELIMITERS.has(this.src[this.i])) this.i++;
    return this.src.slice(start, this.i);
  }

  private describeHere(): string {
    if (this.atEnd()) return 'the end of the signature';
    const c = this.src[this.i];
    if (DELIMITERS.has(c)) return JSON.stringify(c);
    const start = this.i;
    const tok = this.token();
    this.i = start;
    return tok;
  }

  parse(): { params: SignatureParam[]; returns: string | null } {
    this.skip();
    if (this.atEnd()) this.fail('empty signature: expected a parameter list such as (category :string) -> :string');
    if (this.src[this.i] !== '(') {
      // The output-only shorthand: a return type alone means no parameters.
      if (!this.startsType()) {
        this.fail(
          `expected ( to start the parameter list, or a return type alone, found ${this.describeHere()} (a signature looks like (category :string) -> :string)`,
        );
      }
      const returns = this.type('the return type');
      this.skip();
      if (!this.atEnd()) this.fail(`unexpected text after the return type: ${this.src.slice(this.i).trim()}`);
      return { params: [], returns };
    }
    const open = this.i;
    this.i++;
    const params: SignatureParam[] = [];
    for (;;) {
      this.skip();
      if (this.atEnd()) this.fail('missing ) to close the parameter list', open);
      const c = this.src[this.i];
      if (c === ')') {
        this.i++;
        break;
      }
      params.push(this.param(params));
    }
    this.skip();
    if (this.atEnd()) return { params, returns: null };
    const next = this.src[this.i];
    if (next === ')' || next === ']' || next === '}') this.fail(`unexpected ${next}: nothing to close here`);
    if (!this.src.startsWith('->', this.i)) {
      this.fail(`expected -> and a return type after the parameter list, found ${this.describeHere()}`);
    }
    const arrow = this.i;
    this.i += 2;
    this.skip();
    if (this.atEnd()) this.fail('missing return type after ->', arrow);
    const returns = this.type('the return type');
    this.skip();
    if (!this.atEnd()) this.fail(`unexpected text after the return type: ${this.src.slice(this.i).trim()}`);
    return { params, returns };
  }

  private param(seen: readonly SignatureParam[]): SignatureParam {
    const start = this.i;
    const c = this.src[this.i];
    if (c === ':' || c === '[' || c === '{') this.fail(`expected a parameter name before its type, found ${this.describeHere()}`);
    if (c === ']' || c === '}' || c === '(' || c === '"' || c === ';') this.fail(`unexpected ${JSON.stringify(c)} in the parameter list`);
    const name = this.token();
    if (!isSymbolName(name)) this.fail(`invalid parameter name ${name}: parameter names are PTC-Lisp symbols such as category or max-price`, start);
    if (seen.some((p) => p.name === name)) this.fail(`parameter ${name} appears twice`, start);
    this.skip();
    if (this.atEnd() || this.src[this.i] === ')') this.fail(`parameter ${name} has no type (write e.g. ${name} :string)`, start);
    const c2 = this.src[this.i];
    if (c2 === ']' || c2 === '}') this.fail(`unexpected ${c2}: nothing to close here`);
    if (!this.startsType())
      this.fail(`parameter ${name} has no type: expected a type such as :string, [:map] or {:name :string}, found ${this.describeHere()}`);
    return { name, type: this.type(`the type of ${name}`) };
  }

  private startsType(): boolean {
    const c = this.src[this.i];
    if (c === ':' || c === '[' || c === '{') return true;
    const start = this.i;
    const tok = this.token();
    this.i = start;
    return tok === 'nil';
  }

  /** One type, returned as normalised text. */
  private type(what: string): string {
    const start = this.i;
    const c = this.src[this.i];
    if (c === ':') {
      this.i++;
      const name = this.token();
      if (name === '') this.fail(`expected a type name after : in ${what}`, start);
      if (!KNOWN_TYPES.includes(name.endsWith('?') ? name.slice(0, -1) : name)) this.fail(unknownTypeMessage(name), start);
      return ':' + name;
    }
    if (c === '[') {
      this.i++;
      this.skip();
      if (this.atEnd()) this.fail('missing ] to close this [', start);
      if (this.src[this.i] === ']') this.fail('a vector type needs an element type, e.g. [:map]', start);
      const inner = this.typeOrFail(`the element type of the vector at column ${start + 1}`);
      this.skip();
      this.close(start, '[');
      return `[${inner}]`;
    }
    if (c === '{') return this.mapType(start);
    if (c === ']' || c === '}' || c === ')') this.fail(`unexpected ${c}: nothing to close here`);
    const tok = this.token();
    if (tok === 'nil') return 'nil';
    this.i = start;
    return this.fail(`expected ${what}: a type such as :string, [:map] or {:name :string}, found ${this.describeHere()}`);
  }

  private typeOrFail(what: string): string {
    if (this.atEnd()) this.fail(`missing ${what}`);
    return this.type(what);
  }

  private close(open: number, opener: '[' | '{'): void {
    const closer = CLOSER[opener];
    if (this.atEnd()) this.fail(`missing ${closer} to close this ${opener}`, open);
    const c = this.src[this.i];
    if (c === closer) {
      this.i++;
      return;
    }
    if (c === ']' || c === '}' || c === ')') this.fail(`mismatched ${c}: expected ${closer} to close the ${opener} at column ${open + 1}`);
    if (opener === '[') this.fail(`a vector type holds exactly one element type, e.g. [:map]; found ${this.describeHere()} after it`);
    this.fail(`expected ${closer}, found ${this.describeHere()}`);
  }

  private mapType(open: number): string {
    this.i++;
    const fields: string[] = [];
    const names = new Set<string>();
    for (;;) {
      this.skip();
      if (this.atEnd()) this.fail('missing } to close this {', open);
      const c = this.src[this.i];
      if (c === '}') {
        this.i++;
        return `{${fields.join(' ')}}`;
      }
      if (c === ']' || c === ')') this.fail(`mismatched ${c}: expected } to close the { at column ${open + 1}`);
      const start = this.i;
      let field: string;
      if (c === ':') {
        this.i++;
        const name = this.token();
        if (name === '') this.fail('expected a field name after :', start);
        field = ':' + name;
      } else {
        const name = this.token();
        if (!isSymbolName(name)) this.fail(`expected a field name such as :name, found ${this.describeHere()}`, start);
        field = name;
      }
      const key = field.startsWith(':') ? field.slice(1) : field;
      if (names.has(key)) this.fail(`field ${field} appears twice`, start);
      names.add(key);
      this.skip();
      if (this.atEnd() || this.src[this.i] === '}') this.fail(`field ${field} has no type (write e.g. ${field} :string)`, start);
      fields.push(`${field} ${this.type(`the type of field ${field}`)}`);
    }
  }
}

/** Parse a tool signature; a failure says what is wrong and at which column. */
export function parseSignature(text: string): SignatureResult {
  try {
    const { params, returns } = new SignatureParser(text).parse();
    return { ok: true, params, returns };
  } catch (e) {
    if (e instanceof SignatureError) return { ok: false, message: e.message, column: e.column };
    throw e;
  }
}

/** The signature in normalised form: `(category :string) -> :string`. */
export function formatSignature(params: readonly SignatureParam[], returns: string | null): string {
  const list = `(${params.map((p) => `${p.name} ${p.type}`).join(' ')})`;
  return returns === null ? list : `${list} -> ${returns}`;
}

/** How the LLM calls a tool: `(tool/NAME p1 p2)`, or `(tool/NAME)` without parameters (C4). */
export function formatCallForm(name: string, params: readonly (string | { readonly name: string })[]): string {
  const names = params.map((p) => (typeof p === 'string' ? p : p.name));
  return names.length === 0 ? `(tool/${name})` : `(tool/${name} ${names.join(' ')})`;
}

/** What a signature derived from a schema of many properties ends its parameters with (T2's cap). */
export const MORE_PARAMS = ', & more)';

/**
 * The call form of a tool from its signature as shown: its parameters, and `& more` after them when
 * the signature says there are more than it lists. A signature that does not parse gives no parameters.
 */
export function callFormOfSignature(name: string, signature: string): string {
  const at = signature.indexOf(MORE_PARAMS);
  const listed = at < 0 ? signature : signature.slice(0, at) + ')' + signature.slice(at + MORE_PARAMS.length);
  const sig = parseSignature(listed);
  if (!sig.ok) return formatCallForm(name, []);
  return formatCallForm(name, at < 0 ? sig.params : [...sig.params.map((p) => p.name), '& more']);
}

/** A type as a tree: a keyword type (`optional` when written with `?`), nil, a vector of one type, or a map of fields. */
export type TypeNode =
  | { readonly kind: 'keyword'; readonly name: string; readonly optional: boolean }
  | { readonly kind: 'nil' }
  | { readonly kind: 'vector'; readonly of: TypeNode }
  | { readonly kind: 'map'; readonly fields: readonly { readonly name: string; readonly type: TypeNode }[] };

/**
 * Read a type as `parseSignature` gives it back (normalised, known to be well formed). Field names
 * lose their colon: `{:a :int}` and `{a :int}` both describe the key a.
 */
export function parseType(text: string): TypeNode {
  let i = 0;
  const word = (): string => {
    const start = i;
    while (i < text.length && !DELIMITERS.has(text[i])) i++;
    return text.slice(start, i);
  };
  const space = (): void => {
    while (i < text.length && WHITESPACE.has(text[i])) i++;
  };
  const one = (): TypeNode => {
    space();
    const c = text[i];
    if (c === '[') {
      i++;
      const of = one();
      space();
      i++; // ]
      return { kind: 'vector', of };
    }
    if (c === '{') {
      i++;
      const fields: { name: string; type: TypeNode }[] = [];
      for (space(); i < text.length && text[i] !== '}'; space()) {
        const name = word();
        fields.push({ name: name.startsWith(':') ? name.slice(1) : name, type: one() });
      }
      i++; // }
      return { kind: 'map', fields };
    }
    const w = word();
    if (w === 'nil') return { kind: 'nil' };
    const name = w.slice(1);
    return name.endsWith('?') ? { kind: 'keyword', name: name.slice(0, -1), optional: true } : { kind: 'keyword', name, optional: false };
  };
  return one();
}
