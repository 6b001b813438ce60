// JSON as the data editor needs it: the first syntax error with its line and column and a plain
// message (the same in every browser, unlike JSON.parse's), and where each key is written, so the
// engine's problems (`data.products[2].$kw: …`) can be pointed at in the text.
import { JsonNumber, readJson, toTaggedJson } from '../../../lisp/json-reader.ts';

export interface JsonLocation {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as editors count). */
  column: number;
}

export interface JsonSyntaxError extends JsonLocation {
  message: string;
  offset: number;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

class ScanError extends Error {
  constructor(
    readonly reason: string,
    readonly offset: number,
  ) {
    super(reason);
  }
}

/** Offsets → line and column. */
class Lines {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
  }
  locate(offset: number): JsonLocation {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo] + 1 };
  }
}

/** Path segments written as the engine writes them (src/session/value-codec.ts formatPath). */
function extend(path: string, segment: string | number): string {
  if (typeof segment === 'number') return `${path}[${segment}]`;
  if (/^[^.[\]"\s]+$/.test(segment)) return path === '' ? segment : `${path}.${segment}`;
  return `${path}[${JSON.stringify(segment)}]`;
}

function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  if (ch === '\n' || ch === '\r') return 'a line break';
  if (ch === '\t') return 'a tab';
  return `"${ch}"`;
}

const WS = new Set([' ', '\t', '\n', '\r']);

class Scanner {
  private i = 0;
  /** Where each key (or array item) starts, by path. */
  readonly places = new Map<string, number>();
  private readonly lines: Lines;

  constructor(
    private readonly text: string,
    private readonly root: string,
  ) {
    this.lines = new Lines(text);
  }

  private where(offset: number): string {
    const at = this.lines.locate(offset);
    return `line ${at.line}, column ${at.column}`;
  }

  private fail(reason: string, offset = this.i): never {
    throw new ScanError(reason, offset);
  }

  private ws(): void {
    while (this.i < this.text.length && WS.has(this.text[this.i])) this.i++;
  }

  scan(): void {
    this.ws();
    this.places.set(this.root, this.i);
    this.value(this.root);
    this.ws();
    if (this.i < this.text.length) this.fail(`Unexpected ${describe(this.text[this.i])} after the end of the JSON value`);
  }

  private value(path: string): void {
    const ch = this.text[this.i];
    switch (ch) {
      case '{':
        return this.object(path);
      case '[':
        return this.array(path);
      case '"':
        this.string();
        return;
      case 't':
      case 'f':
      case 'n':
        return this.word();
      default:
        if (ch === '-' || (ch >= '0' && ch <= '9')) return this.number();
        if (ch === undefined) this.fail('Unexpected end of the text: a value is missing');
        if (ch === "'") this.fail('Strings need double quotes (") in JSON, not single quotes');
        if (/[A-Za-z_]/.test(ch)) this.word();
        this.fail(`Unexpected ${describe(ch)}: expected a value (an object, array, string, number, true, false or null)`);
    }
  }

  private word(): void {
    const m = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.i, this.i + 40));
    const w = m ? m[0] : this.text[this.i];
    if (w === 'true' || w === 'false' || w === 'null') {
      this.i += w.length;
      return;
    }
    this.fail(`Unexpected word ${w}: text must be a string in double quotes ("${w}"); only true, false and null are bare words`);
  }

  private number(): void {
    const start = this.i;
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.i, this.i + 400));
    if (!m) this.fail(`Invalid number: ${this.text.slice(start, start + 12).split(/[\s,\]}]/)[0]}`);
    this.i += m[0].length;
    const next = this.text[this.i];
    if (next !== undefined && /[\d.eE]/.test(next)) {
      this.fail(m[1] === '0' && /\d/.test(next) ? 'Invalid number: numbers do not start with 0 (leading zeros are not allowed)' : `Invalid number: ${this.text.slice(start, this.i + 1)}`, start);
    }
  }

  private string(): string {
    const start = this.i;
    this.i++;
    let out = '';
    for (;;) {
      const ch = this.text[this.i];
      if (ch === undefined) this.fail(`Unterminated string: the " at ${this.where(start)} is never closed`, start);
      if (ch === '"') {
        this.i++;
        return out;
      }
      if (ch === '\\') {
        const e = this.text[this.i + 1];
        if (e === 'u') {
          const hex = this.text.slice(this.i + 2, this.i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('Invalid escape: \\u needs four hex digits (\\u00e9)');
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
          continue;
        }
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e === undefined || !(e in simple)) this.fail(`Invalid escape \\${e ?? ''} in a string (use \\\\ for a backslash)`);
        out += simple[e];
        this.i += 2;
        continue;
      }
      if (ch.charCodeAt(0) < 0x20) {
        this.fail(ch === '\n' || ch === '\r' ? `Line break inside a string (the " at ${this.where(start)} is not closed on its line; write \\n for a line break)` : 'Control character inside a string: escape it (\\t, \\u0001…)');
      }
      out += ch;
      this.i++;
    }
  }

  private object(path: string): void {
    const open = this.i;
    this.i++;
    this.ws();
    if (this.text[this.i] === '}') {
      this.i++;
      return;
    }
    for (;;) {
      this.ws();
      const ch = this.text[this.i];
      if (ch !== '"') {
        if (ch === '}') this.fail('Trailing comma: remove the , before }');
        if (ch === undefined) this.fail(`Unexpected end of the text: the { at ${this.where(open)} is never closed`);
        if (ch === "'") this.fail('Property names need double quotes (") in JSON, not single quotes');
        if (/[A-Za-z_$]/.test(ch)) this.fail('Property names need double quotes in JSON: "name": …');
        this.fail(`Unexpected ${describe(ch)}: expected a property name in double quotes`);
      }
      const keyAt = this.i;
      const key = this.string();
      const keyPath = extend(path, key);
      this.places.set(keyPath, keyAt);
      this.ws();
      if (this.text[this.i] !== ':') this.fail(`Expected : after the property name "${key}", found ${describe(this.text[this.i])}`);
      this.i++;
      this.ws();
      this.value(keyPath);
      this.ws();
      const after = this.text[this.i];
      if (after === ',') {
        this.i++;
        continue;
      }
      if (after === '}') {
        this.i++;
        return;
      }
      if (after === undefined) this.fail(`Unexpected end of the text: the { at ${this.where(open)} is never closed`);
      if (after === '"') this.fail('Missing , between two properties');
      this.fail(`Unexpected ${describe(after)}: expected , or } after the value of "${key}"`);
    }
  }

  private array(path: string): void {
    const open = this.i;
    this.i++;
    this.ws();
    if (this.text[this.i] === ']') {
      this.i++;
      return;
    }
    for (let n = 0; ; n++) {
      this.ws();
      const ch = this.text[this.i];
      if (ch === ']') this.fail('Trailing comma: remove the , before ]');
      if (ch === undefined) this.fail(`Unexpected end of the text: the [ at ${this.where(open)} is never closed`);
      const itemPath = extend(path, n);
      this.places.set(itemPath, this.i);
      this.value(itemPath);
      this.ws();
      const after = this.text[this.i];
      if (after === ',') {
        this.i++;
        continue;
      }
      if (after === ']') {
        this.i++;
        return;
      }
      if (after === undefined) this.fail(`Unexpected end of the text: the [ at ${this.where(open)} is never closed`);
      if (after === '{' || after === '[' || after === '"' || /[\d-]/.test(after)) this.fail('Missing , between two items');
      this.fail(`Unexpected ${describe(after)}: expected , or ] after an item`);
    }
  }

  locate(offset: number): JsonLocation {
    return this.lines.locate(offset);
  }
}

/**
 * The data text as the session's value encoding, read losslessly (DECISIONS L9): an integer past 2^53
 * becomes {"$bigint": "…"} and a whole number written as a float (1.0, 1e3) {"$float": "…"}, so the
 * engine gets exactly what was typed. Errors are located and readable; nesting and digits are capped.
 */
export function parseJson(text: string): JsonParse {
  const read = readJson(text);
  // A lone number is no data object either way; the engine says so about the number, not a tag.
  if (read.ok) return { ok: true, value: read.value instanceof JsonNumber ? read.value.toJSON() : toTaggedJson(read.value) };
  const at = { line: read.line, column: read.column, offset: read.offset };
  if (read.kind === 'limit') return { ok: false, error: { ...at, message: read.message } };
  const scanner = new Scanner(text, '');
  try {
    scanner.scan();
  } catch (se) {
    if (se instanceof ScanError) return { ok: false, error: { ...scanner.locate(se.offset), offset: se.offset, message: se.reason } };
    // The scanner stops at the first error, which the reader reached within its depth cap; keep its words if not.
    return { ok: false, error: { ...at, message: read.message } };
  }
  // The scanner found nothing the reader did: report the reader's own words, where it says.
  return { ok: false, error: { ...at, message: read.message } };
}

/**
 * Where each path of a valid JSON text is written: object keys at their opening quote, array items at
 * their first character. `root` prefixes every path (`data` gives `data.products[0].name`).
 */
export function jsonPlaces(text: string, root: string): Map<string, JsonLocation> {
  const scanner = new Scanner(text, root);
  const out = new Map<string, JsonLocation>();
  try {
    scanner.scan();
  } catch {
    return out;
  }
  for (const [path, offset] of scanner.places) out.set(path, scanner.locate(offset));
  return out;
}

/** The place of `path`, or of its nearest ancestor that is written in the text. */
export function placeOf(places: ReadonlyMap<string, JsonLocation>, path: string): JsonLocation | undefined {
  let p = path;
  for (;;) {
    const at = places.get(p);
    if (at) return at;
    const cut = Math.max(p.lastIndexOf('.'), p.lastIndexOf('['));
    if (cut <= 0) return undefined;
    p = p.slice(0, cut);
  }
}
