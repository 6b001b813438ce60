// JSON as the data editor needs it: the first syntax error with its line and column and a plain
// message (the same in every browser, unlike JSON.parse's), and where each key is written, so the
// engine's problems (`data.products[2].$kw: …`) can be pointed at in the text.
// The text is read by two libraries, each for what it does: the engine's lossless reader
// (src/lisp/json-reader.ts) makes the value, keeping integers past 2^53 and floats such as 1.0 exactly
// as written; jsonc-parser's visitor, in strict JSON mode (no comments, no trailing commas), gives the
// errors and where keys and items are written. This file only words its errors for people.
// It loads when the data panel first has an error or a problem to place (jsonc-parser stays out of the
// page's first JavaScript); ./data-text.ts reads the value and is all a valid edit needs.
import { visit, type ParseErrorCode } from 'jsonc-parser';
import { readDataText, type JsonLocation, type JsonParse, type JsonSyntaxError } from './data-text.ts';

export type { JsonLocation, JsonParse, JsonSyntaxError } from './data-text.ts';

/** jsonc-parser's ParseErrorCode values this file tells apart (a const enum: not importable as a value here). */
const INVALID_NUMBER_FORMAT = 2;
const INVALID_COMMENT = 10;
const END_OF_NUMBER = 13;
/** Errors in a string token: its end, \u escape, other escape, control character. */
const STRING_ERRORS: ReadonlySet<number> = new Set([12, 14, 15, 16]);
/** Errors jsonc-parser gives after the end of an unclosed object or array (CloseBraceExpected, CloseBracketExpected). */
const NEVER_CLOSED: ReadonlySet<number> = new Set([7, 8]);

/** Strict JSON, as JSON.parse accepts it. */
const STRICT = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false } as const;

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

interface Frame {
  kind: 'object' | 'array';
  path: string;
  /** The open bracket, 1-based. */
  at: JsonLocation;
  /** Items so far (arrays). */
  items: number;
  /** The last property name (objects) and its path. */
  key: string;
  keyPath: string;
}

/** What the text needs next, from the visitor's events up to the first error. */
type Expect = 'value' | 'key' | 'colon' | 'after' | 'end';

/** Thrown from the visitor to stop at the first error (jsonc-parser would read on to the end). */
const STOP = Symbol('stop');

/**
 * Walks the text with jsonc-parser: the places of keys and items under `root` (if `places` is given)
 * and the first syntax error, worded. Stops at the first error.
 */
function walk(text: string, root: string, places?: Map<string, JsonLocation>): JsonSyntaxError | undefined {
  const frames: Frame[] = [];
  let expect: Expect = 'value';
  let afterComma = false;
  let lastClosed: Frame | undefined;
  // The last number read, to tell `01` and `1.5.3` from two values.
  let numberStart = -1;
  let numberEnd = -1;
  let numberAt: JsonLocation = { line: 1, column: 1 };
  let error: JsonSyntaxError | undefined;

  const loc = (line: number, character: number): JsonLocation => ({ line: line + 1, column: character + 1 });

  /** A value starts: its path, placed when it is the root or an array item. */
  const begin = (at: JsonLocation): string => {
    const top = frames[frames.length - 1];
    if (top === undefined) {
      places?.set(root, at);
      return root;
    }
    if (top.kind === 'object') return top.keyPath;
    const path = extend(top.path, top.items++);
    places?.set(path, at);
    return path;
  };
  const ended = (): void => {
    expect = frames.length > 0 ? 'after' : 'end';
    afterComma = false;
  };
  const open = (kind: Frame['kind'], line: number, character: number): void => {
    const at = loc(line, character);
    frames.push({ kind, path: begin(at), at, items: 0, key: '', keyPath: '' });
    expect = kind === 'object' ? 'key' : 'value';
    afterComma = false;
  };
  const close = (): void => {
    lastClosed = frames.pop();
    ended();
  };

  const fail = (code: ParseErrorCode, offset: number, length: number, line: number, character: number): never => {
    const at = (message: string, o = offset, c = character): never => {
      error = { line: line + 1, column: c + 1, offset: o, message };
      throw STOP;
    };
    const ch = text[offset];
    const top = frames[frames.length - 1];
    const neverClosed = (f: Frame): string =>
      `Unexpected end of the text: the ${f.kind === 'object' ? '{' : '['} at line ${f.at.line}, column ${f.at.column} is never closed`;

    // A number followed by more of one (`01`, `1.5.3`): said of the number, where it starts.
    if (offset === numberEnd && ch !== undefined && /[\d.eE]/.test(ch)) {
      const written = text.slice(numberStart, numberEnd);
      error = {
        ...numberAt,
        offset: numberStart,
        message:
          /^-?0$/.test(written) && /\d/.test(ch)
            ? 'Invalid number: numbers do not start with 0 (leading zeros are not allowed)'
            : `Invalid number: ${text.slice(numberStart, offset + 1)}`,
      };
      throw STOP;
    }
    if (STRING_ERRORS.has(code) && ch === '"') {
      // The token is the string up to its closing quote, a line break or the end of the text; the
      // first thing wrong inside it is the error (jsonc-parser reports the string as a whole).
      const end = offset + length;
      // eslint-disable-next-line no-control-regex -- JSON strings may not hold U+0000 to U+001F unescaped
      const bad = /\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])|(\\u)|(\\)|([\x00-\x1f])/g;
      bad.lastIndex = offset + 1;
      for (let m = bad.exec(text); m !== null && m.index < end; m = bad.exec(text)) {
        const c = character + (m.index - offset);
        if (m[1] !== undefined) at('Invalid escape: \\u needs four hex digits (\\u00e9)', m.index, c);
        if (m[2] !== undefined) at(`Invalid escape \\${text[m.index + 1] ?? ''} in a string (use \\\\ for a backslash)`, m.index, c);
        if (m[3] !== undefined) at('Control character inside a string: escape it (\\t, \\u0001…)', m.index, c);
      }
      const where = `line ${line + 1}, column ${character + 1}`;
      if (end >= text.length) at(`Unterminated string: the " at ${where} is never closed`);
      at(`Line break inside a string (the " at ${where} is not closed on its line; write \\n for a line break)`, end, character + length);
    }
    if (code === END_OF_NUMBER || code === INVALID_NUMBER_FORMAT) at(`Invalid number: ${text.slice(offset, offset + length)}`);
    if (code === INVALID_COMMENT) at(`Comments are not allowed in JSON: remove the ${text.startsWith('//', offset) ? '//' : '/* */'} comment`);
    if (NEVER_CLOSED.has(code) && lastClosed !== undefined && ch === undefined) at(neverClosed(lastClosed));

    switch (expect) {
      case 'value':
        if (ch === undefined) at(top?.kind === 'array' ? neverClosed(top) : 'Unexpected end of the text: a value is missing');
        if (ch === ']' && afterComma) at('Trailing comma: remove the , before ]');
        if (ch === "'") at('Strings need double quotes (") in JSON, not single quotes');
        if (ch === '-') at(`Invalid number: ${text.slice(offset, offset + 12).split(/[\s,\]}]/)[0]}`);
        if (/[A-Za-z_]/.test(ch)) {
          const w = /^[A-Za-z_$][\w$]*/.exec(text.slice(offset, offset + 40))?.[0] ?? ch;
          at(`Unexpected word ${w}: text must be a string in double quotes ("${w}"); only true, false and null are bare words`);
        }
        return at(`Unexpected ${describe(ch)}: expected a value (an object, array, string, number, true, false or null)`);
      case 'key':
        if (ch === '}' && afterComma) at('Trailing comma: remove the , before }');
        if (ch === undefined && top !== undefined) at(neverClosed(top));
        if (ch === "'") at('Property names need double quotes (") in JSON, not single quotes');
        if (/[A-Za-z_$]/.test(ch)) at('Property names need double quotes in JSON: "name": …');
        return at(`Unexpected ${describe(ch)}: expected a property name in double quotes`);
      case 'colon':
        return at(`Expected : after the property name "${top?.key ?? ''}", found ${describe(ch)}`);
      case 'after':
        if (ch === undefined && top !== undefined) at(neverClosed(top));
        if (top?.kind === 'object') {
          if (ch === '"') at('Missing , between two properties');
          return at(`Unexpected ${describe(ch)}: expected , or } after the value of "${top.key}"`);
        }
        if (/[{["\d-]/.test(ch)) at('Missing , between two items');
        return at(`Unexpected ${describe(ch)}: expected , or ] after an item`);
      case 'end':
        return at(`Unexpected ${describe(ch)} after the end of the JSON value`);
    }
  };

  try {
    visit(
      text,
      {
        onObjectBegin: (_o, _l, line, character) => open('object', line, character),
        onArrayBegin: (_o, _l, line, character) => open('array', line, character),
        onObjectEnd: close,
        onArrayEnd: close,
        onObjectProperty: (name, _o, _l, line, character) => {
          const top = frames[frames.length - 1];
          top.key = name;
          top.keyPath = extend(top.path, name);
          places?.set(top.keyPath, loc(line, character));
          expect = 'colon';
        },
        onSeparator: (sep) => {
          if (sep === ':') expect = 'value';
          else {
            expect = frames[frames.length - 1]?.kind === 'object' ? 'key' : 'value';
            afterComma = true;
          }
        },
        onLiteralValue: (_v, offset, length, line, character) => {
          const at = loc(line, character);
          begin(at);
          const c = text.charCodeAt(offset);
          if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
            numberStart = offset;
            numberEnd = offset + length;
            numberAt = at;
          }
          ended();
        },
        onError: fail,
      },
      STRICT,
    );
  } catch (e) {
    if (e !== STOP) throw e;
  }
  return error;
}

/**
 * The data text as the session's value (readDataText: lossless, docs/decisions.md L9), with a syntax
 * error located and worded for people.
 */
export function parseJson(text: string): JsonParse {
  const read = readDataText(text);
  if (read.ok) return read;
  return { ok: false, error: read.final ? read.error : wordSyntaxError(text, read.error) };
}

/** A syntax error the reader found in `text`, located and worded for people. */
export function wordSyntaxError(text: string, read: JsonSyntaxError): JsonSyntaxError {
  try {
    // Nothing found that the reader did: report the reader's own words, where it says.
    return walk(text, '') ?? read;
  } catch {
    // Past the visitor's stack (the reader caps nesting first, so hardly reached): keep the reader's words.
    return read;
  }
}

/**
 * Where each path of a valid JSON text is written: object keys at their opening quote, array items at
 * their first character. `root` prefixes every path (`data` gives `data.products[0].name`).
 */
export function jsonPlaces(text: string, root: string): Map<string, JsonLocation> {
  const places = new Map<string, JsonLocation>();
  try {
    if (walk(text, root, places) === undefined) return places;
  } catch {
    // Nested past the visitor's stack: no places.
  }
  return new Map();
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
