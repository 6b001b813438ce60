// JSON text with located errors. The lossless reader does the work (numbers as written, nesting and
// digits capped); when the text is not JSON, a small scanner walks it to say where and why in plain
// words (it stops at the first error, which the reader reached within its depth cap).
import { readJson, type JsonInput } from '../lisp/json-reader.ts';

export type JsonTextResult = { ok: true; value: JsonInput } | { ok: false; kind: 'syntax' | 'limit'; message: string; line: number; column: number };

export function parseJsonText(text: string): JsonTextResult {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const r = readJson(src);
  if (r.ok) return r;
  if (r.kind === 'limit') return { ok: false, kind: 'limit', message: r.message, line: r.line, column: r.column };
  const found = new JsonScanner(src).firstError() ?? { pos: r.offset, message: r.message };
  const before = src.slice(0, found.pos);
  const line = before.split('\n').length;
  const column = found.pos - (before.lastIndexOf('\n') + 1) + 1;
  return { ok: false, kind: 'syntax', message: found.message, line, column };
}

class JsonSyntaxError {
  constructor(
    readonly pos: number,
    readonly message: string,
  ) {}
}

function show(c: string | undefined): string {
  if (c === undefined) return 'end of input';
  return c < ' ' ? `character U+${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}` : `'${c}'`;
}

class JsonScanner {
  private i = 0;
  constructor(private readonly s: string) {}

  firstError(): { pos: number; message: string } | null {
    try {
      this.ws();
      if (this.i >= this.s.length) return { pos: 0, message: 'the text is empty (expected a JSON object)' };
      this.value();
      this.ws();
      if (this.i < this.s.length) this.fail(`unexpected ${show(this.s[this.i])} after the end of the JSON value`);
      return null;
    } catch (e) {
      if (e instanceof JsonSyntaxError) return { pos: e.pos, message: e.message };
      throw e;
    }
  }

  private fail(message: string, pos = this.i): never {
    throw new JsonSyntaxError(pos, message);
  }

  private ws(): void {
    while (this.i < this.s.length && ' \t\n\r'.includes(this.s[this.i])) this.i++;
  }

  private value(): void {
    const c = this.s[this.i];
    if (c === '{') return this.members('}', () => this.property(), 'a property value');
    if (c === '[') return this.members(']', () => this.value(), 'an array element');
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    for (const word of ['true', 'false', 'null']) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return;
      }
    }
    if (c === "'") this.fail('strings must use double quotes ("), not \'');
    this.fail(`unexpected ${show(c)} (expected a value: an object, array, string, number, true, false or null)`);
  }

  private property(): void {
    if (this.s[this.i] !== '"') this.fail(`unexpected ${show(this.s[this.i])} (expected a property name in double quotes)`);
    this.string();
    this.ws();
    if (this.s[this.i] !== ':') this.fail(`unexpected ${show(this.s[this.i])} (expected ':' after the property name)`);
    this.i++;
    this.ws();
    this.value();
  }

  /** The members of an object or array after its opening bracket, up to `close`. */
  private members(close: '}' | ']', member: () => void, what: string): void {
    this.i++;
    this.ws();
    if (this.s[this.i] === close) {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      if (this.s[this.i] === close) this.fail(`trailing comma before '${close}'`);
      member();
      this.ws();
      const c = this.s[this.i];
      if (c === close) {
        this.i++;
        return;
      }
      if (c !== ',') this.fail(`unexpected ${show(c)} (expected ',' or '${close}' after ${what})`);
      this.i++;
    }
  }

  private string(): void {
    const start = this.i;
    this.i++;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail('unterminated string (missing closing ")', start);
      if (c === '"') {
        this.i++;
        return;
      }
      if (c < ' ') this.fail(`${show(c)} inside a string (write it as an escape such as \\n)`);
      if (c === '\\') {
        const e = this.s[this.i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(this.s.slice(this.i + 2, this.i + 6))) this.fail('bad \\u escape in a string (expected four hex digits)');
          this.i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) this.fail(`bad escape \\${e ?? ''} in a string`);
        this.i += 2;
        continue;
      }
      this.i++;
    }
  }

  private number(): void {
    const re = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
    re.lastIndex = this.i;
    const m = re.exec(this.s);
    if (m === null) this.fail('bad number');
    this.i += m[0].length;
  }
}
