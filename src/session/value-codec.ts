// Lossless JSON encoding of PTC values, for saved sessions (docs/decisions.md L9).
//
// Plain JSON wherever L9's JSON → value mapping gives the value back exactly: nil, booleans,
// strings, safe integers, non-integral finite floats, vectors, and maps whose keys are all plain
// keywords. Everything else is a one-key object whose key is a tag starting with "$":
//
//   {"$float": "2.0"}  integral floats, ##Inf, ##-Inf, ##NaN, -0.0   {"$bigint": "123…"}
//   {"$kw": "a"}       keywords that cannot be plain (e.g. outside a map key position)
//   {"$list": [...]}   {"$set": [...]}   {"$map": [[k, v], ...]}
//   {"$regex": "src"}  {"$var": "name"}
//   {"$local-date": "2026-01-08"}  {"$instant": "2026-01-08T10:00:00.123456789Z"}
//   {"$duration": "PT1H0.5S"}  {"$date": "2026-01-08T10:00:00.123Z"}   the Java values, as Java prints them
//   {"$inst": "ISO"}   what sessions saved before the Java values had their kinds: read, never written
//   {"$fn": {"name", "params", "doc"?, "minArity"?, "maxArity"?}}
//   {"$unsaved": "why"}  a value too large or too deep to save (see encodeRecorded); reads as nil
//
// A map is a plain object only when no key could be mistaken for something else: every key is a
// keyword without a namespace, not starting with "$" (so a one-key map never looks like a tag), and
// not an array index such as "2" (JS objects put those first, which would reorder the map).
// Functions keep their description but not their code: decoding one gives a stub that fails when
// called, saying it must be redefined.
import { lookupBuiltin, lookupInterop } from '../lisp/builtins/index.ts';
import { PtcError } from '../lisp/errors.ts';
import { fromJson, MAX_INTEGER_DIGITS } from '../lisp/json.ts';
import { float, normBig } from '../lisp/numbers.ts';
import { formatFloat } from '../lisp/printer.ts';
import { Budget } from '../lisp/walk.ts';
import { compileRegex, readProgram } from '../lisp/reader.ts';
import { quotePattern } from '../lisp/regex-engine.ts';
import { legacyDate, localDate, parseDateText, parseDuration, parseInstant, parseLocalDate, type PJava as JavaValue } from '../lisp/java-time.ts';
import {
  Keyword,
  MapBuilder,
  makeFn,
  PDate,
  PDuration,
  PFloat,
  PInstant,
  PJava,
  PList,
  PLocalDate,
  PMap,
  PRegex,
  PSet,
  PVar,
  type FnMeta,
  type PtcFn,
  type Value,
} from '../lisp/values.ts';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export type PathSegment = string | number;

/** `turns[2].result.$set[1]`: keys joined by dots, indexes in brackets, odd keys quoted. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[^.[\]"\s]+$/.test(s)) out += out === '' ? s : '.' + s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** `prefix` followed by the formatted `segments`: `turns[2].result` + `$set[1]`. */
export function joinPath(prefix: string, segments: readonly PathSegment[]): string {
  const rest = formatPath(segments);
  if (prefix === '') return rest;
  if (rest === '' || rest.startsWith('[')) return prefix + rest;
  return prefix + '.' + rest;
}

/** A value that cannot be decoded; `segments` locate it below the point where decoding started. */
export class CodecError extends Error {
  /** The full path (prefix given to decodeValue plus `segments`), e.g. `turns[2].result.$set[1]`. */
  readonly path: string;
  constructor(
    readonly reason: string,
    readonly segments: readonly PathSegment[],
    prefix: string | readonly PathSegment[] = '',
  ) {
    const path = typeof prefix === 'string' ? joinPath(prefix, segments) : formatPath([...prefix, ...segments]);
    super(path === '' ? reason : `${path}: ${reason}`);
    this.name = 'CodecError';
    this.path = path;
  }
}

export const TAGS = [
  '$float',
  '$bigint',
  '$kw',
  '$list',
  '$set',
  '$map',
  '$regex',
  '$local-date',
  '$instant',
  '$duration',
  '$date',
  '$inst',
  '$var',
  '$fn',
  '$unsaved',
] as const;
export type Tag = (typeof TAGS)[number];

const ARRAY_INDEX = /^(0|[1-9]\d*)$/;

function plainKey(k: Value): string | null {
  if (!(k instanceof Keyword)) return null;
  const name = k.name;
  if (name.startsWith('$') || name.includes('/')) return null;
  if (ARRAY_INDEX.test(name) && Number(name) < 2 ** 32 - 1) return null;
  return name;
}

/** An object without a prototype, so a key such as "__proto__" is an ordinary own property. */
function jsonObject(): { [key: string]: JsonValue } {
  return Object.create(null) as { [key: string]: JsonValue };
}

function tagged(tag: Tag, body: JsonValue): JsonValue {
  const o = jsonObject();
  o[tag] = body;
  return o;
}

/**
 * Nesting levels saved and read at most: JSON.stringify recurses (a few thousand levels overflow
 * the stack), and one PTC level takes up to three JSON levels (`{"$map": [[k, v]]}`).
 */
export const MAX_CODEC_DEPTH = 500;

/**
 * Throws a PtcError (depth_limit_exceeded, or memory_exceeded when the value, its shared parts
 * counted each time, is over the default value size limit: it would be written out that large).
 */
export function encodeValue(v: Value): JsonValue {
  return encodeIn(v, new Budget('save'), 0);
}

/**
 * A recorded value (a turn's result, a tool call's arguments and result, a definition) as saved: when
 * it is too large or too deep to write out, a note saying so stands in for it (it reads back as nil),
 * so one oversized value never stops a session from being saved, exported or shared.
 */
export function encodeRecorded(v: Value): JsonValue {
  try {
    return encodeValue(v);
  } catch (e) {
    if (!(e instanceof PtcError)) throw e;
    return tagged('$unsaved', e.message);
  }
}

function encodeIn(v: Value, budget: Budget, depth: number): JsonValue {
  if (v === null) return null;
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'string':
      budget.chars(v.length);
      return v;
    case 'number':
      if (Number.isInteger(v)) return v + 0;
      return Number.isFinite(v) ? v : tagged('$float', formatFloat(v));
    case 'bigint':
      return tagged('$bigint', v.toString());
    case 'function':
      return encodeFn(v);
  }
  if (v instanceof Keyword) return tagged('$kw', v.name);
  if (v instanceof PFloat) return tagged('$float', formatFloat(v.v));
  if (v instanceof PRegex) return tagged('$regex', v.source);
  if (v instanceof PJava) return tagged(javaTag(v), v.text());
  if (v instanceof PVar) return tagged('$var', v.name);
  if (depth >= MAX_CODEC_DEPTH) throw new PtcError('depth_limit_exceeded', `value nested deeper than ${MAX_CODEC_DEPTH} levels cannot be saved`);
  const sub = (x: Value): JsonValue => encodeIn(x, budget, depth + 1);
  if (Array.isArray(v)) {
    budget.spend(v.length);
    return v.map(sub);
  }
  if (v instanceof PList) {
    budget.spend(v.items.length);
    return tagged('$list', v.items.map(sub));
  }
  if (v instanceof PSet) {
    budget.spend(v.size);
    return tagged('$set', v.values().map(sub));
  }
  if (v instanceof PMap) {
    budget.spend(2 * v.size);
    return encodeMap(v, sub);
  }
  throw new Error(`encodeValue: not a PTC value: ${String(v)}`);
}

function encodeMap(m: PMap, sub: (x: Value) => JsonValue): JsonValue {
  const keys = m.keys();
  if (keys.every((k) => plainKey(k) !== null)) {
    const o = jsonObject();
    m.forEach((val, key) => {
      o[(key as Keyword).name] = sub(val);
    });
    return o;
  }
  return tagged(
    '$map',
    m.entries().map(([k, val]) => [sub(k), sub(val)]),
  );
}

function encodeFn(f: PtcFn): JsonValue {
  const meta = f.ptc;
  const o = jsonObject();
  o.name = meta.name;
  // A builtin kept as a value, e.g. (def f inc), comes back as the builtin itself.
  if (meta.kind === 'builtin') o.builtin = true;
  o.params = [...meta.params];
  if (meta.doc !== undefined) o.doc = meta.doc;
  const implied = arityOfParams(meta.params);
  if (implied === null || implied.minArity !== meta.minArity || implied.maxArity !== meta.maxArity) {
    o.minArity = meta.minArity;
    o.maxArity = meta.maxArity === Infinity ? null : meta.maxArity;
  }
  return tagged('$fn', o);
}

/** Arity implied by parameter vectors as displayed (`[x y & more]`), or null when they do not say. */
export function arityOfParams(params: readonly string[]): { minArity: number; maxArity: number } | null {
  if (params.length === 0) return null;
  let min = Infinity;
  let max = 0;
  for (const p of params) {
    let forms;
    try {
      forms = readProgram(p);
    } catch {
      return null;
    }
    if (forms.length !== 1 || forms[0].t !== 'vec') return null;
    const items = forms[0].items;
    const amp = items.findIndex((f) => f.t === 'sym' && f.ns === null && f.name === '&');
    const fixed = amp < 0 ? items.length : amp;
    min = Math.min(min, fixed);
    max = Math.max(max, amp < 0 ? fixed : Infinity);
  }
  return { minArity: min, maxArity: max };
}

// ---------------------------------------------------------------------------------------------

const FLOAT_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL_FLOATS: ReadonlyMap<string, number> = new Map([
  ['##Inf', Infinity],
  ['##-Inf', -Infinity],
  ['##NaN', NaN],
]);
/** Longer float texts are not something this encoder wrote; refusing them keeps parsing and messages short. */
const MAX_FLOAT_TEXT = 400;
const VAR_NAME = /^[^\s()[\]{}"',;`~^@\\]{1,1000}$/;

/** A string for an error message: quoted, and cut so a hostile megabyte never becomes the message. */
function quote(s: string): string {
  return JSON.stringify(s.length > 60 ? s.slice(0, 60) + '…' : s);
}
const DATE_ONLY = /^[+-]?\d{4,6}-\d{2}-\d{2}$/;
const DATE_TIME = /^[+-]?\d{4,6}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

type JavaTag = '$local-date' | '$instant' | '$duration' | '$date';

function javaTag(v: PJava): JavaTag {
  if (v instanceof PLocalDate) return '$local-date';
  if (v instanceof PInstant) return '$instant';
  if (v instanceof PDuration) return '$duration';
  if (v instanceof PDate) return '$date';
  throw new Error(`encodeValue: not a Java value PTC-Lisp has: ${v.className}`);
}

const JAVA_TEXT: Readonly<Record<JavaTag, string>> = {
  '$local-date': 'a java.time.LocalDate such as "2026-01-08"',
  $instant: 'a java.time.Instant such as "2026-01-08T10:00:00Z"',
  $duration: 'a java.time.Duration such as "PT1H30M0.5S"',
  $date: 'a java.util.Date such as "2026-01-08T10:00:00.123Z"',
};

const JAVA_READERS: Readonly<Record<JavaTag, (s: string) => JavaValue | null>> = {
  '$local-date': parseLocalDate,
  $instant: parseInstant,
  $duration: parseDuration,
  $date: parseDateText,
};

function describe(x: unknown): string {
  if (x === undefined) return 'nothing';
  if (Array.isArray(x)) return 'an array';
  if (x === null) return 'null';
  if (typeof x === 'object') return 'an object';
  const s = JSON.stringify(x);
  return `${typeof x} ${s && s.length > 40 ? s.slice(0, 40) + '…' : s}`;
}

/**
 * The value a JSON value encodes. Plain JSON decodes exactly as L9 says (as fromJson does).
 * `path` locates `json` in a larger document and prefixes error paths. Throws CodecError.
 */
export function decodeValue(json: unknown, path: string | readonly PathSegment[] = ''): Value {
  return new Decoder(path).decode(json, []);
}

class Decoder {
  private depth = 0;
  constructor(private readonly prefix: string | readonly PathSegment[]) {}

  private fail(reason: string, at: readonly PathSegment[]): never {
    throw new CodecError(reason, at, this.prefix);
  }

  decode(x: unknown, at: PathSegment[]): Value {
    if (x === null) return null;
    switch (typeof x) {
      case 'boolean':
      case 'string':
        return x;
      case 'number':
        if (!Number.isFinite(x)) this.fail(`${x} is not a JSON number (write {"$float": "##Inf"} and the like)`, at);
        return fromJson(x);
      case 'object':
        break;
      default:
        return this.fail(`not a JSON value: ${describe(x)}`, at);
    }
    // One level per array or object, as encodeValue counts them (decoding recurses).
    if (this.depth >= MAX_CODEC_DEPTH) this.fail(`nested deeper than ${MAX_CODEC_DEPTH} levels`, at);
    this.depth++;
    try {
      if (Array.isArray(x)) return x.map((item, i) => this.decode(item, [...at, i]));
      const obj = x as Record<string, unknown>;
      const keys = Object.keys(obj);
      if (keys.length === 1 && keys[0].startsWith('$')) return this.decodeTagged(keys[0], obj[keys[0]], at);
      const b = new MapBuilder();
      for (const k of keys) b.set(Keyword.of(k), this.decode(obj[k], [...at, k]));
      return b.build();
    } finally {
      this.depth--;
    }
  }

  private decodeTagged(tag: string, body: unknown, outer: PathSegment[]): Value {
    const at = [...outer, tag];
    switch (tag) {
      case '$float':
        return this.decodeFloat(this.text(body, at, 'a float such as "2.0" or "##Inf"'), at);
      case '$bigint': {
        const s = this.text(body, at, 'the digits of an integer');
        if (!/^[+-]?\d+$/.test(s)) this.fail(`expected the digits of an integer, got ${quote(s)}`, at);
        // BigInt's decimal conversion grows faster than linearly: the same cap as integer literals.
        const digits = s.length - (/^[+-]/.test(s) ? 1 : 0);
        if (digits > MAX_INTEGER_DIGITS)
          this.fail(`an integer of ${digits.toLocaleString('en-US')} digits; at most ${MAX_INTEGER_DIGITS.toLocaleString('en-US')} are read`, at);
        return normBig(BigInt(s));
      }
      case '$kw':
        return Keyword.of(this.text(body, at, 'a keyword name'));
      case '$list':
        return new PList(this.items(body, at));
      case '$set':
        return this.decodeSet(this.items(body, at), at);
      case '$map':
        return this.decodeMap(body, at);
      case '$regex': {
        const s = this.text(body, at, 'a regex source');
        try {
          return compileRegex(s);
        } catch (e) {
          // Cut: a saved pattern can be huge, the message must not be.
          return this.fail(`invalid regex ${JSON.stringify(quotePattern(s))}: ${(e as Error).message}`, at);
        }
      }
      case '$local-date':
      case '$instant':
      case '$duration':
      case '$date':
        return this.decodeJava(tag, this.text(body, at, JAVA_TEXT[tag]), at);
      case '$inst':
        return this.decodeInst(this.text(body, at, 'an ISO date such as "2026-01-08" or "2026-01-08T10:00:00.000Z"'), at);
      case '$var': {
        const name = this.text(body, at, 'a var name');
        if (!VAR_NAME.test(name)) this.fail(`expected a var name such as "total", got ${quote(name)}`, at);
        return new PVar(name);
      }
      case '$fn':
        return this.decodeFn(body, at);
      case '$unsaved':
        this.text(body, at, 'why the value was not saved');
        return null;
    }
    return this.fail(`unknown tag ${quote(tag)} (known: ${TAGS.join(', ')}; a map with one key starting with "$" is written {"$map": [[k, v]]})`, outer);
  }

  private text(body: unknown, at: PathSegment[], what: string): string {
    if (typeof body !== 'string') this.fail(`expected a string (${what}), got ${describe(body)}`, at);
    return body;
  }

  private items(body: unknown, at: PathSegment[]): Value[] {
    if (!Array.isArray(body)) this.fail(`expected an array, got ${describe(body)}`, at);
    return body.map((item, i) => this.decode(item, [...at, i]));
  }

  private decodeFloat(s: string, at: PathSegment[]): Value {
    // Own keys only: "constructor" or "toString" must not find Object.prototype's functions.
    const special = SPECIAL_FLOATS.get(s);
    if (special !== undefined) return special;
    if (!FLOAT_TEXT.test(s) || s.length > MAX_FLOAT_TEXT) this.fail(`expected a float such as "2.0", "1.0E21", "-0.0" or "##Inf", got ${quote(s)}`, at);
    const n = Number(s);
    if (!Number.isFinite(n)) this.fail(`${quote(s)} is too large for a float (write "##Inf" for infinity)`, at);
    return float(n);
  }

  private decodeSet(items: Value[], at: PathSegment[]): PSet {
    const set = PSet.from(items);
    if (set.size !== items.length) this.fail('a set cannot hold the same value twice', at);
    return set;
  }

  private decodeMap(body: unknown, at: PathSegment[]): PMap {
    if (!Array.isArray(body)) this.fail(`expected an array of [key, value] pairs, got ${describe(body)}`, at);
    const b = new MapBuilder();
    body.forEach((pair, i) => {
      if (!Array.isArray(pair) || pair.length !== 2) this.fail(`expected a [key, value] pair, got ${describe(pair)}`, [...at, i]);
      const key = this.decode(pair[0], [...at, i, 0]);
      const val = this.decode(pair[1], [...at, i, 1]);
      if (b.lookup(key) !== undefined) this.fail('a map cannot hold the same key twice', [...at, i, 0]);
      b.set(key, val);
    });
    return b.build();
  }

  private decodeJava(tag: JavaTag, s: string, at: PathSegment[]): JavaValue {
    const v = s.length > 100 ? null : JAVA_READERS[tag](s);
    if (v === null) this.fail(`expected ${JAVA_TEXT[tag]}, got ${quote(s)}`, at);
    return v;
  }

  /**
   * A date as sessions saved them before the Java values had their kinds: a date alone was a
   * LocalDate's, a date and time a java.util.Date's (milliseconds, as those dates held).
   */
  private decodeInst(s: string, at: PathSegment[]): JavaValue {
    const dateOnly = DATE_ONLY.test(s);
    if (!dateOnly && !DATE_TIME.test(s)) this.fail(`expected an ISO date such as "2026-01-08" or "2026-01-08T10:00:00.000Z", got ${quote(s)}`, at);
    const ms = Date.parse(dateOnly ? s + 'T00:00:00Z' : s);
    if (Number.isNaN(ms)) this.fail(`not a valid date: ${quote(s)}`, at);
    const v = dateOnly ? localDate(Math.floor(ms / 86_400_000)) : legacyDate(BigInt(ms));
    if (v === null) this.fail(`not a valid date: ${quote(s)}`, at);
    return v;
  }

  private decodeFn(body: unknown, at: PathSegment[]): PtcFn {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      this.fail(`expected {"name", "params", "doc"?}, got ${describe(body)}`, at);
    }
    const o = body as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (!['name', 'builtin', 'params', 'doc', 'minArity', 'maxArity'].includes(k))
        this.fail('unknown field (expected name, builtin, params, doc, minArity, maxArity)', [...at, k]);
    }
    const name = o.name ?? null;
    if (name !== null && typeof name !== 'string') this.fail(`expected a string or null, got ${describe(name)}`, [...at, 'name']);
    if (o.builtin !== undefined && typeof o.builtin !== 'boolean') this.fail(`expected true or false, got ${describe(o.builtin)}`, [...at, 'builtin']);
    if (o.builtin === true && name !== null) {
      // Interop functions (Math/abs, .length) are builtins under their full symbol.
      const b = lookupBuiltin(name) ?? lookupInterop(name);
      if (b !== undefined) return b.fn;
    }
    const params = o.params;
    if (!Array.isArray(params) || params.some((p) => typeof p !== 'string')) {
      this.fail(`expected an array of parameter vectors such as ["[x]", "[x y & more]"], got ${describe(params)}`, [...at, 'params']);
    }
    const doc = o.doc;
    if (doc !== undefined && typeof doc !== 'string') this.fail(`expected a string, got ${describe(doc)}`, [...at, 'doc']);
    const implied = arityOfParams(params as string[]) ?? { minArity: 0, maxArity: Infinity };
    const minArity = o.minArity === undefined ? implied.minArity : o.minArity;
    if (typeof minArity !== 'number' || !Number.isInteger(minArity) || minArity < 0) {
      this.fail(`expected a whole number ≥ 0, got ${describe(minArity)}`, [...at, 'minArity']);
    }
    const maxArity = o.maxArity === undefined ? implied.maxArity : o.maxArity === null ? Infinity : o.maxArity;
    if (typeof maxArity !== 'number' || !(maxArity === Infinity || (Number.isInteger(maxArity) && maxArity >= minArity))) {
      this.fail(`expected null (variadic) or a whole number ≥ minArity, got ${describe(o.maxArity)}`, [...at, 'maxArity']);
    }
    const meta: FnMeta = {
      name,
      kind: 'closure',
      minArity,
      maxArity,
      params: params as string[],
      ...(doc !== undefined ? { doc } : {}),
    };
    return restoredFunction(meta);
  }
}

const restoredFns = new WeakSet<object>();

/** A function restored from a saved session: same description, no code; calling it says so. */
export function restoredFunction(meta: FnMeta): PtcFn {
  const label = meta.name ?? 'an anonymous function';
  const fn = makeFn(() => {
    throw new PtcError(
      'runtime_error',
      `Function ${label} was restored from a saved session without its code; it must be redefined (run its defn again) before it can be called`,
    );
  }, meta);
  restoredFns.add(fn);
  return fn;
}

/** True for a function made by restoredFunction (a stub without code). */
export function isRestoredFunction(v: Value): boolean {
  return typeof v === 'function' && restoredFns.has(v);
}
