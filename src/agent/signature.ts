// Tool signatures as the seeds write them (FMT-004, C4):
//
//   (category :string) -> :string      (to :string, subject :string) -> nil      () -> [:map]
//   (query :string) -> {:count :int :items [{:id :int}]}
//
// A signature is a parameter list in parentheses, each parameter a PTC-Lisp symbol followed by
// its type, then optionally `->` and the return type. A type is a keyword (`:string`, `:int`,
// `:map`, … any keyword is accepted, including optional forms such as `:string?`), `nil`, a vector
// holding one type (`[:map]`), or a map of field names to types (`{:name :string}`; fields may
// also be written as bare names, `{name :string}`), nested freely. Commas are whitespace.
// Types are kept as source text with normalised spacing.

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
      this.fail(`expected ( to start the parameter list, found ${this.describeHere()} (a signature looks like (category :string) -> :string)`);
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
    if (!this.startsType()) this.fail(`parameter ${name} has no type: expected a type such as :string, [:map] or {:name :string}, found ${this.describeHere()}`);
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
