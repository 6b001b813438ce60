// Share links: a whole session in a URL fragment, `s=<version>.<payload>`, the payload being
// base64url (no padding) of raw DEFLATE (level 9) of UTF-8 JSON.
//
//   version 1  the payload is a version-1 session file exactly as serializeSession wrote it.
//   version 2  the session file as serializeSession writes it now (session version 2, which leaves
//              out the messages the engine re-renders identically: derived-messages.ts), without
//              indentation. Links made before session version 2 hold a version-1 session whose
//              turns' `messages` are left out the same way, with a top-level "$rendered" checksum of
//              the messages left out; they are still read.
//
// Decoding never throws: every problem, from a truncated link to a deflate bomb, comes back as one
// clear sentence. Nothing in a link is evaluated except tool implementations, and those only by the
// PTC-Lisp interpreter (prepareAgent); API keys are refused by the session schema.
import { deflateSync, Inflate } from 'fflate';
import type { Message } from '../records/records.ts';
import { problem, type Problem } from '../lisp/problem.ts';
import { AgentsByLanguage, overBudget, RenderCount, renderedMessages, RESTORE_BUDGET } from './derived-messages.ts';
import { MAX_INTEGER_DIGITS, MAX_JSON_DEPTH } from '../lisp/json-reader.ts';
import { MAX_TURNS_CAP, parseJsonText, parseSession, serializeSession, sessionToAgent, type Session } from './session-file.ts';

/** The version the encoder writes. */
export const LINK_VERSION = 2;
/** The oldest version the decoder still reads. */
export const OLDEST_LINK_VERSION = 1;
/** Characters of fragment a shared link may hold (the UI offers export or a link without turns past this). */
export const MAX_LINK_LENGTH = 32_768;
/** Longer fragments are refused before any decoding. */
export const MAX_FRAGMENT_CHARS = 2 * 1024 * 1024;
/** Decompression stops past this many bytes (a deflate bomb never gets further). */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;
/** JSON nested deeper than this is refused before it is parsed (the lossless reader's cap, for every input). */
export { MAX_JSON_DEPTH };
/** More recorded turns than a session may hold are refused. */
export const MAX_LINK_TURNS = MAX_TURNS_CAP;

const PREFIX = 's=';
/** A value-codec integer past the digits the decoder reads (quotes inside strings are escaped, so only tags match). */
const LONG_BIGINT = new RegExp(`"\\$bigint":"[+-]?\\d{${MAX_INTEGER_DIGITS + 1}}`);
/** Top-level field of an older version-2 payload: checksum of the messages left out (session version 2 has one per turn). */
const CHECK_FIELD = '$rendered';
/** Session problems named in the error sentence, and listed at most (a hostile link can have thousands). */
const SUMMARY_PROBLEMS = 10;
const LISTED_PROBLEMS = 100;
/** Compressed bytes per push: DEFLATE expands at most ~1032×, so each push yields at most ~2 MB. */
const INFLATE_STEP = 2048;

export interface LinkOptions {
  /** Include the recorded turns (default true); without them the mock replies replay the run. */
  turns?: boolean;
}

export type DecodeLinkResult =
  | { ok: true; session: Session; version: number; warnings: string[] }
  /** `problems`: the session's problems as lines (at most 100, then how many more); `details`: the same as structures. */
  | { ok: false; error: string; problems?: string[]; details?: Problem[] };

/** A link and what went into it. */
export interface LinkBuild {
  fragment: string;
  version: number;
  /** Bytes of JSON before compression. */
  jsonBytes: number;
  /** Deepest nesting of that JSON. */
  depth: number;
  turns: number;
  /** Turns whose messages were left out (derived again when the link is opened). */
  turnsDerived: number;
  /** Why the link would be refused when opened (over a decoder's cap), if it would be. */
  unopenable?: string;
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** The share fragment for a session: `s=2.<payload>`. */
export function encodeLink(session: Session, options: LinkOptions = {}): string {
  return buildLink(session, options).fragment;
}

/** encodeLink with the figures and a check that the decoder will accept the result. */
export function buildLink(session: Session, options: LinkOptions = {}): LinkBuild {
  // A session with a field of the checksum's name keeps every message, so the field stays the session's.
  const keepMessages = session.extra?.has(CHECK_FIELD) === true;
  const json = JSON.parse(serializeSession(session, { keepMessages })) as Record<string, unknown>;
  // Without its turns a link carries no run, so nothing of the run before a Reset either.
  if (options.turns === false) {
    json.turns = [];
    delete json.previousRunCalls;
  }
  const derived = Array.isArray(json.turns) ? json.turns.filter((t) => t !== null && typeof t === 'object' && !('messages' in t)).length : 0;
  const text = JSON.stringify(json);
  const bytes = new TextEncoder().encode(text);
  const fragment = `${PREFIX}${LINK_VERSION}.${toBase64Url(deflateSync(bytes, { level: 9 }))}`;
  const depth = jsonDepth(text, Infinity);
  const turns = Array.isArray(json.turns) ? json.turns.length : 0;
  const unopenable =
    depth > MAX_JSON_DEPTH
      ? `the session is nested ${depth} levels deep; a link holds at most ${MAX_JSON_DEPTH}`
      : bytes.length > MAX_INFLATED_BYTES
        ? `the session takes ${megabytes(bytes.length)} as JSON; a link holds at most ${megabytes(MAX_INFLATED_BYTES)}`
        : LONG_BIGINT.test(text)
          ? `the session holds an integer of more than ${count(MAX_INTEGER_DIGITS)} digits; a link reads at most ${count(MAX_INTEGER_DIGITS)}`
          : turns > MAX_LINK_TURNS
            ? `the session has ${count(turns)} recorded turns; a link holds at most ${count(MAX_LINK_TURNS)}`
            : fragment.length > MAX_FRAGMENT_CHARS
              ? `the link would be ${count(fragment.length)} characters long; at most ${count(MAX_FRAGMENT_CHARS)} are read`
              : undefined;
  return { fragment, version: LINK_VERSION, jsonBytes: bytes.length, depth, turns, turnsDerived: derived, ...(unopenable !== undefined ? { unopenable } : {}) };
}

/** FNV-1a (32 bits) of the messages as JSON, in hex: enough to notice a different rendering. */
function checksum(messages: readonly Message[][]): string {
  const text = JSON.stringify(messages);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

// ---------------------------------------------------------------------------------------------
// Decoding

class LinkError extends Error {
  constructor(
    message: string,
    readonly details?: Problem[],
  ) {
    super(message);
  }
}

/**
 * The session a share fragment holds (with or without the leading `#`). Never throws: a damaged,
 * hostile or newer link gives `{ok: false, error}`; session problems are also listed by path.
 */
export function decodeLink(fragment: string): DecodeLinkResult {
  try {
    return decode(fragment);
  } catch (e) {
    if (e instanceof LinkError)
      return { ok: false, error: cutLine(e.message), ...(e.details ? { problems: e.details.map((p) => p.text), details: e.details } : {}) };
    // A RangeError is a stack or size limit of the JavaScript engine, reached by a hostile session;
    // anything else is said plainly too, never in JavaScript's own words.
    const why = e instanceof RangeError ? 'its session is too large or too deeply nested to check' : 'its session could not be checked';
    return { ok: false, error: `This link could not be opened: ${why}.` };
  }
}

/**
 * The JSON a share link's fragment holds, or null when it is not a link that opens: what a host reads
 * before opening one (the settings it renders with), without checking the session.
 */
export function linkJson(fragment: string): unknown {
  try {
    return readLinkJson(fragment).raw;
  } catch {
    return null;
  }
}

/** The link's version and its JSON, read and bounded; throws LinkError. */
function readLinkJson(input: string): { version: number; raw: unknown } {
  if (typeof input !== 'string') throw new LinkError('This link could not be opened: expected its text.');
  if (input.length > MAX_FRAGMENT_CHARS) {
    throw new LinkError(`This link is too long to open: ${count(input.length)} characters, more than the ${count(MAX_FRAGMENT_CHARS)} the playground reads.`);
  }
  const hash = input.startsWith('#') ? 1 : 0;
  const text = input.slice(hash);
  if (!text.startsWith(PREFIX)) throw new LinkError('This is not a playground share link: it should start with "s=" followed by a version and the session.');
  const dot = text.indexOf('.');
  const versionText = dot < 0 ? text.slice(PREFIX.length) : text.slice(PREFIX.length, dot);
  if (dot < 0 || !/^[1-9][0-9]{0,8}$/.test(versionText)) {
    throw new LinkError('This link is damaged: it should start with "s=<version>." (such as "s=2."), followed by the session.');
  }
  const version = Number(versionText);
  if (version > LINK_VERSION) {
    throw new LinkError(
      `This link was made by a newer version of the playground (link version ${version}); this one reads ${OLDEST_LINK_VERSION}–${LINK_VERSION}.`,
    );
  }
  const payload = text.slice(dot + 1);
  if (payload === '') throw new LinkError(`This link is damaged: it holds nothing after "s=${version}.".`);
  const bytes = fromBase64Url(payload, hash + dot + 1);
  const json = utf8(inflateCapped(bytes));
  const depth = jsonDepth(json, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) throw new LinkError(`This link is refused: its session is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  const parsed = parseJsonText(json);
  if (!parsed.ok && parsed.kind === 'limit')
    throw new LinkError(`This link is refused: at line ${parsed.line}, column ${parsed.column} of its session, ${parsed.message}.`);
  if (!parsed.ok) throw new LinkError(`This link is damaged: its session is not valid JSON (line ${parsed.line}, column ${parsed.column}: ${parsed.message}).`);
  return { version, raw: parsed.value };
}

function decode(input: string): DecodeLinkResult {
  const { version, raw } = readLinkJson(input);
  const rawTurns = field(raw, 'turns');
  if (Array.isArray(rawTurns) && rawTurns.length > MAX_LINK_TURNS) {
    throw new LinkError(`This link is refused: it holds ${count(rawTurns.length)} recorded turns; a session has at most ${count(MAX_LINK_TURNS)}.`);
  }
  return version === 2 ? decodeV2(raw as Record<string, unknown>) : decodeWhole(raw, version);
}

/** A payload that is a session file: parseSession reads all of it. */
function decodeWhole(raw: unknown, version: number): DecodeLinkResult {
  const { session, warnings } = sessionOf(raw);
  return { ok: true, session, version, warnings: [...warnings] };
}

function decodeV2(raw: Record<string, unknown>): DecodeLinkResult {
  let check: unknown;
  const missing = new Set<number>();
  const rawTurns = field(raw, 'turns');
  if (Array.isArray(rawTurns)) {
    rawTurns.forEach((t, i) => {
      if (t !== null && typeof t === 'object' && !Array.isArray(t) && !Object.prototype.hasOwnProperty.call(t, 'messages')) missing.add(i);
    });
  }
  // The checksum is there only with messages left out; otherwise a field of that name is the session's.
  if (missing.size > 0) {
    check = raw[CHECK_FIELD];
    delete raw[CHECK_FIELD];
  }
  const { session, warnings: opened } = sessionOf(raw);
  if (missing.size === 0) return { ok: true, session, version: 2, warnings: [...opened] };
  // A version-2 session renders what it leaves out itself; only an older link's checksum is checked here.
  if (session.version === 2 && field(raw, 'version') === 2) {
    const derived = [...missing].map((i) => [...(session.turns[i]?.messages ?? [])]);
    return { ok: true, session, version: 2, warnings: [...opened, ...checkWarning(check, derived, missing)] };
  }
  const prepared = AgentsByLanguage.for(sessionToAgent(session));
  const which = `turn${missing.size === 1 ? '' : 's'} ${[...missing].map((i) => i + 1).join(', ')}`;
  if (!prepared.ok) {
    throw new LinkError(`This link is damaged: it leaves out the messages of ${which}, and its session cannot render them (${prepared.errors.join('; ')}).`);
  }
  const turns = [...session.turns];
  const derived: Message[][] = [];
  const count = new RenderCount();
  const last = Math.max(...missing);
  if (count.wouldExceed(renderedMessages(prepared.agents.of(turns[last]), turns, last + 1), missing.size))
    throw new LinkError(`This link is refused: ${overBudget('its turns', RESTORE_BUDGET)}.`);
  for (let i = 0; i < turns.length; i++) {
    if (!missing.has(i)) continue;
    const messages = renderedMessages(prepared.agents.of(turns[i]), turns, i + 1);
    if (count.add(messages)) throw new LinkError(`This link is refused: ${overBudget(`turn ${i + 1}`, RESTORE_BUDGET)}.`);
    turns[i] = { ...turns[i], messages };
    derived.push(messages);
  }
  return { ok: true, session: { ...session, turns }, version: 2, warnings: [...opened, ...checkWarning(check, derived, missing)] };
}

function checkWarning(check: unknown, derived: readonly Message[][], missing: ReadonlySet<number>): string[] {
  if (typeof check !== 'string' || check === checksum(derived)) return [];
  const which = `turn${missing.size === 1 ? '' : 's'} ${[...missing].map((i) => i + 1).join(', ')}`;
  return [
    `This link was made by a playground that rendered the LLM's messages differently: ${which} show${missing.size === 1 ? 's' : ''} this version's rendering, not exactly what was sent.`,
  ];
}

function sessionOf(raw: unknown): { session: Session; warnings: readonly string[] } {
  // parseSession reads a string as JSON text; in a link a string is just the wrong type.
  const r =
    typeof raw === 'string'
      ? { ok: false as const, problems: [problem('link', 'session', 'invalid_type', 'expected a JSON object, got a string')] }
      : parseSession(raw);
  if (r.ok) return { session: r.session, warnings: r.warnings };
  const n = r.problems.length;
  const more = (shown: number): Problem[] => (n > shown ? [problem('link', '', 'more_problems', `… and ${count(n - shown)} more`)] : []);
  const summary = [...r.problems.slice(0, SUMMARY_PROBLEMS), ...more(SUMMARY_PROBLEMS)].map((p) => p.text).join('; ');
  throw new LinkError(`This link holds a session with ${n === 1 ? 'a problem' : `${count(n)} problems`}: ${summary}`, [
    ...r.problems.slice(0, LISTED_PROBLEMS),
    ...more(LISTED_PROBLEMS),
  ]);
}

function field(x: unknown, key: string): unknown {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>)[key] : undefined;
}

function inflateCapped(bytes: Uint8Array): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  const inflater = new Inflate((chunk) => {
    if (over) return;
    total += chunk.length;
    if (total > MAX_INFLATED_BYTES) over = true;
    else chunks.push(chunk);
  });
  for (let i = 0; i < bytes.length && !over; i += INFLATE_STEP) {
    const end = Math.min(bytes.length, i + INFLATE_STEP);
    try {
      inflater.push(bytes.subarray(i, end), end === bytes.length);
    } catch {
      throw new LinkError('This link is damaged: its data does not decompress (it was cut off or changed).');
    }
  }
  if (over) throw new LinkError(`This link is refused: its session decompresses to more than ${megabytes(MAX_INFLATED_BYTES)}.`);
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function utf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new LinkError('This link is damaged: its data is not UTF-8 text.');
  }
}

/** Deepest bracket nesting of JSON text (strings skipped); stops counting once past `cap`. */
function jsonDepth(text: string, cap: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > cap) return max;
      }
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return max;
}

// ---------------------------------------------------------------------------------------------
// base64url without padding

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SEXTET = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) SEXTET[ALPHABET.charCodeAt(i)] = i;

export function toBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    line += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    if (left > 1) line += ALPHABET[(n >> 6) & 63];
    if (left > 2) line += ALPHABET[n & 63];
    if (line.length >= 4096) {
      parts.push(line);
      line = '';
    }
  }
  parts.push(line);
  return parts.join('');
}

/** Bytes of base64url text; `offset` places the text in the fragment for error messages. */
export function fromBase64Url(text: string, offset = 0): Uint8Array {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || SEXTET[c] < 0) {
      throw new LinkError(
        `This link is damaged: it holds ${describeChar(text, i)} at character ${count(offset + i + 1)}, where only letters, digits, "-" and "_" can appear (was it cut or changed when copied?).`,
      );
    }
  }
  if (text.length % 4 === 1) throw new LinkError('This link is damaged: its data ends in the middle of a byte (it was probably cut off).');
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const a = SEXTET[text.charCodeAt(i)];
    const b = SEXTET[text.charCodeAt(i + 1)];
    const c = i + 2 < text.length ? SEXTET[text.charCodeAt(i + 2)] : 0;
    const d = i + 3 < text.length ? SEXTET[text.charCodeAt(i + 3)] : 0;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

function describeChar(text: string, i: number): string {
  const cp = text.codePointAt(i) ?? 0;
  const hex = `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
  if (cp === 0x20) return 'a space';
  return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ? `the control character ${hex}` : `"${String.fromCodePoint(cp)}" (${hex})`;
}

/** Messages stay readable whatever a link holds (a problem can quote a hostile key). */
const MAX_MESSAGE_CHARS = 2000;

function cutLine(s: string): string {
  return s.length > MAX_MESSAGE_CHARS ? s.slice(0, MAX_MESSAGE_CHARS - 1) + '…' : s;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function megabytes(n: number): string {
  return `${(n / (1024 * 1024)).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}
