// The one lossless JSON reader (docs/decisions.md L9, amended): every JSON text that becomes PTC values goes
// through here, never through JSON.parse, which turns 9007199254740993 into ...992 and 1.0 into 1.
// Numbers a JS number would misrepresent come back as JsonNumber (their text); callers turn them
// into exact integers or floats. Bounded: nesting and integer digits are capped, so hostile text
// (links, files, --data) can neither overflow the stack nor make BigInt conversion take seconds.
// No imports: the app's data panel uses it in the main bundle.

/** Deepest nesting of arrays and objects read (the same cap as share links). */
export const MAX_JSON_DEPTH = 200;
/**
 * Digits of one integer literal. Past 2^53 integers become BigInt, whose decimal conversion grows
 * faster than linearly: 10,000 digits cost under a millisecond to read and print, so even 8 MB of
 * them opens in well under a second, while no real datum (IDs, amounts, 4096-bit keys) comes near.
 */
export const MAX_INTEGER_DIGITS = 10_000;

/**
 * A number JSON.parse would change: an integer past 2^53, or a number written with a fraction or an
 * exponent whose value is whole (`1.0`, `1e3`, `-0.0`), which L9 reads as a float.
 */
export class JsonNumber {
  constructor(
    readonly text: string,
    readonly integer: boolean,
  ) {}
  /** Written back (JSON.stringify) as the nearest JS number: what JSON.parse would have kept. */
  toJSON(): number {
    return Number(this.text);
  }
}

export type JsonInput = null | boolean | number | string | JsonNumber | JsonInput[] | { [key: string]: JsonInput };

/** `syntax`: not JSON (callers may locate it with a friendlier scanner); `limit`: JSON past a cap. */
export type ReadJsonResult =
  | { readonly ok: true; readonly value: JsonInput }
  | {
      readonly ok: false;
      readonly kind: 'syntax' | 'limit';
      /** Which cap a `limit` failure hit. */
      readonly cap?: JsonCap;
      readonly message: string;
      readonly offset: number;
      readonly line: number;
      readonly column: number;
    };

/** The caps: nesting depth, digits of one integer, a float's magnitude. */
export type JsonCap = 'depth' | 'digits' | 'float';

class ReadError {
  constructor(
    readonly kind: 'syntax' | 'limit',
    readonly message: string,
    readonly offset: number,
    readonly cap?: JsonCap,
  ) {}
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** Reads JSON text exactly as JSON.parse accepts it, keeping every number as written. Never throws. */
export function readJson(text: string): ReadJsonResult {
  const r = new Reader(text);
  try {
    r.ws();
    const value = r.value(0);
    r.ws();
    if (r.i < text.length) r.fail(`unexpected ${JSON.stringify(text[r.i])} after the end of the JSON value`);
    return { ok: true, value };
  } catch (e) {
    if (!(e instanceof ReadError)) throw e;
    const before = text.slice(0, e.offset);
    const line = before.split('\n').length;
    const column = e.offset - (before.lastIndexOf('\n') + 1) + 1;
    return { ok: false, kind: e.kind, ...(e.cap !== undefined ? { cap: e.cap } : {}), message: e.message, offset: e.offset, line, column };
  }
}

/**
 * The value of the top-level property `name` of a JSON object's text, for text the reader refused
 * (nested too deep or a number too long further on, or broken after the property): the other
 * properties' values are passed over at any depth without being read, and this one is read as
 * readJson reads it. Only the text before `end` is looked at (for broken text, where it broke).
 * Undefined when the text holds no readable value for it; the last one counts, as in readJson.
 */
export function readMember(text: string, name: string, end = text.length): JsonInput | undefined {
  const s = text.slice(0, end);
  const r = new Reader(s);
  let found: JsonInput | undefined;
  try {
    r.ws();
    if (s.charCodeAt(r.i) !== 0x7b) return undefined;
    r.i++;
    for (;;) {
      r.ws();
      if (s.charCodeAt(r.i) !== 0x22) return found;
      const key = r.string();
      r.ws();
      if (s.charCodeAt(r.i) !== 0x3a) return found;
      r.i++;
      r.ws();
      if (key !== name) r.skip();
      else {
        // The last one counts: if it cannot be read, there is none.
        found = undefined;
        found = r.value(1);
      }
      r.ws();
      if (s.charCodeAt(r.i) !== 0x2c) return found;
      r.i++;
    }
  } catch (e) {
    if (!(e instanceof ReadError)) throw e;
    return found;
  }
}

/** Closes a number or a word: a separator, a closing bracket or whitespace. */
const SCALAR_END = new Set([0x2c, 0x7d, 0x5d, 0x20, 0x0a, 0x0d, 0x09]);

const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;

class Reader {
  i = 0;
  constructor(private readonly s: string) {}

  fail(message: string, at = this.i, kind: 'syntax' | 'limit' = 'syntax', cap?: JsonCap): never {
    throw new ReadError(kind, message, at, cap);
  }

  ws(): void {
    const s = this.s;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else return;
    }
  }

  /** Passes over one value, at any depth, without reading it (strings are scanned to find their end). */
  skip(): void {
    const s = this.s;
    const first = s.charCodeAt(this.i);
    if (first === 0x22) {
      this.string();
      return;
    }
    if (first !== 0x7b && first !== 0x5b) {
      const start = this.i;
      while (this.i < s.length && !SCALAR_END.has(s.charCodeAt(this.i))) this.i++;
      if (this.i === start) this.fail(this.i >= s.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(s[this.i])}`);
      return;
    }
    // Brackets counted, not recursed into: any depth passes in constant stack.
    let depth = 0;
    do {
      const c = s.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail('unexpected end of input');
      if (c === 0x22) {
        this.string();
        continue;
      }
      if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d || c === 0x5d) depth--;
      this.i++;
    } while (depth > 0);
  }

  value(depth: number): JsonInput {
    const c = this.s.charCodeAt(this.i);
    if (c === 0x7b || c === 0x5b) {
      // Checked before descending, so the reader's own stack stays within MAX_JSON_DEPTH frames.
      if (depth >= MAX_JSON_DEPTH)
        this.fail(`JSON nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are read`, this.i, 'limit', 'depth');
      return c === 0x7b ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (c === 0x22) return this.string();
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return this.number();
    for (const [word, v] of WORDS) {
      if (this.s.startsWith(word, this.i)) {
        this.i += word.length;
        return v;
      }
    }
    return this.fail(this.i >= this.s.length ? 'unexpected end of input' : `unexpected ${JSON.stringify(this.s[this.i])}`);
  }

  private object(depth: number): JsonInput {
    // An ordinary object, as JSON.parse makes; defineProperty so "__proto__" is an own key, not the prototype.
    const o: { [key: string]: JsonInput } = {};
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 0x7d) {
      this.i++;
      return o;
    }
    for (;;) {
      this.ws();
      if (this.s.charCodeAt(this.i) !== 0x22) this.fail('expected a property name in double quotes');
      const key = this.string();
      this.ws();
      if (this.s.charCodeAt(this.i) !== 0x3a) this.fail("expected ':' after the property name");
      this.i++;
      this.ws();
      const v = this.value(depth);
      if (key === '__proto__') Object.defineProperty(o, key, { value: v, enumerable: true, writable: true, configurable: true });
      else o[key] = v;
      this.ws();
      const c = this.s.charCodeAt(this.i);
      this.i++;
      if (c === 0x7d) return o;
      if (c !== 0x2c) this.fail("expected ',' or '}'", this.i - 1);
    }
  }

  private array(depth: number): JsonInput {
    const a: JsonInput[] = [];
    this.i++;
    this.ws();
    if (this.s.charCodeAt(this.i) === 0x5d) {
      this.i++;
      return a;
    }
    for (;;) {
      this.ws();
      a.push(this.value(depth));
      this.ws();
      const c = this.s.charCodeAt(this.i);
      this.i++;
      if (c === 0x5d) return a;
      if (c !== 0x2c) this.fail("expected ',' or ']'", this.i - 1);
    }
  }

  string(): string {
    const s = this.s;
    const start = this.i;
    this.i++;
    let out = '';
    let run = this.i;
    for (;;) {
      const c = s.charCodeAt(this.i);
      if (Number.isNaN(c)) this.fail('unterminated string', start);
      if (c === 0x22) {
        out += s.slice(run, this.i);
        this.i++;
        return out;
      }
      if (c < 0x20) this.fail('control character inside a string');
      if (c === 0x5c) {
        out += s.slice(run, this.i);
        const e = s[this.i + 1];
        if (e === 'u') {
          const hex = s.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
        } else {
          const ch = e === undefined ? undefined : ESCAPES.get(e);
          if (ch === undefined) this.fail('bad escape');
          out += ch;
          this.i += 2;
        }
        run = this.i;
        continue;
      }
      this.i++;
    }
  }

  private number(): number | JsonNumber {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (m === null) return this.fail('bad number');
    const text = m[0];
    const at = this.i;
    this.i += text.length;
    const written = m[1] !== undefined || m[2] !== undefined;
    if (!written) {
      const digits = text.length - (text.startsWith('-') ? 1 : 0);
      if (digits > MAX_INTEGER_DIGITS) this.fail(`an integer of ${count(digits)} digits; at most ${count(MAX_INTEGER_DIGITS)} are read`, at, 'limit', 'digits');
      const n = Number(text);
      return Number.isSafeInteger(n) ? n : new JsonNumber(text, true);
    }
    const n = Number(text);
    if (!Number.isFinite(n)) this.fail(`the number ${text.length > 40 ? text.slice(0, 40) + '…' : text} is too large for a float`, at, 'limit', 'float');
    // Whole values would print as integers once they are JS numbers; keep the text so they stay floats.
    return Number.isInteger(n) ? new JsonNumber(text, false) : n;
  }
}

const WORDS: readonly (readonly [string, JsonInput])[] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

const ESCAPES = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
]);

/**
 * The JSON with each JsonNumber written as a value-codec tag (`{"$bigint": "…"}`, `{"$float": "1.0"}`),
 * for JSON that is already in the session's value encoding (session data, recorded values, the data
 * panel). Plain JSON structures are shared, not copied, when nothing inside them changes.
 */
export function toTaggedJson(x: unknown): unknown {
  if (x instanceof JsonNumber) return tag(x.integer ? '$bigint' : '$float', x.text);
  return mapChildren(x, toTaggedJson);
}

/** The JSON with each JsonNumber as the nearest JS number, for fields that are not PTC values (counts, settings). */
export function toPlainJson(x: unknown): unknown {
  if (x instanceof JsonNumber) return Number(x.text);
  return mapChildren(x, toPlainJson);
}

function tag(name: string, body: string): unknown {
  const o: { [key: string]: unknown } = {};
  o[name] = body;
  return o;
}

/** Applies `f` to the elements or property values of an array or object; the same object when none changed. */
export function mapChildren(x: unknown, f: (child: unknown) => unknown): unknown {
  if (Array.isArray(x)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < x.length; i++) {
      const v: unknown = x[i];
      const w = f(v);
      if (w !== v && out === null) out = x.slice(0, i);
      if (out !== null) out.push(w);
    }
    return out ?? x;
  }
  if (x === null || typeof x !== 'object') return x;
  const src = x as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  const keys = Object.keys(src);
  for (let i = 0; i < keys.length; i++) {
    const v = src[keys[i]];
    const w = f(v);
    if (w !== v && out === null) {
      out = {};
      for (let j = 0; j < i; j++) Object.defineProperty(out, keys[j], { value: src[keys[j]], enumerable: true, writable: true, configurable: true });
    }
    if (out !== null) Object.defineProperty(out, keys[i], { value: w, enumerable: true, writable: true, configurable: true });
  }
  return out ?? x;
}

/** Nesting depth of a JSON-like value, counted without recursion; stops once past `cap` (also ends on cycles). */
export function depthOf(x: unknown, cap: number = MAX_JSON_DEPTH): number {
  let max = 0;
  const stack: [unknown, number][] = [[x, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v === null || typeof v !== 'object' || v instanceof JsonNumber) continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max > cap) return max;
    for (const child of Object.values(v as object) as unknown[]) stack.push([child, depth]);
  }
  return max;
}
