// Session files (docs/decisions.md S1; version 2 writes, 1 and 2 read): parse with every problem reported by
// path, write back as pretty JSON in the S1 field order, and turn a session into an agent definition.
// Version 2 leaves out the messages the engine re-renders identically (derived-messages.ts).
import { OPTION_KEYS } from '../compression/options.ts';
import type { Turn } from '../agent/turn.ts';
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { McpServerRecord } from '../records/mcp-tools.ts';
import { CURRENT_LANGUAGE } from '../agent/languages.ts';
import { problem, type Problem, type SourceRange } from '../lisp/problem.ts';
import { findLeftOut, nothingLeftOut, restoreMessages, storedMessages, type StoredMessages } from './derived-messages.ts';
// Defined beside the message restorer, which needs it; re-exported here where callers look for it.
export { sessionToAgent } from './derived-messages.ts';
export { MAIN_BRANCH, type BranchInfo, type StoredBranch } from './branch-types.ts';
export { parseJsonText, type JsonTextResult } from './json-text.ts';
import {
  MAX_TURNS_CAP,
  READ_VERSIONS,
  SESSION_FIELDS,
  turnLanguages,
  SESSION_VERSION,
  validateSessionFields,
  type LlmConfig,
  type Session,
  type SessionCompression,
  type SessionLimits,
} from './schema.ts';
import { depthOf, JsonNumber, mapChildren, MAX_JSON_DEPTH, toPlainJson, toTaggedJson } from '../lisp/json-reader.ts';
import { parseJsonText } from './json-text.ts';
import { readBranches, sharedCount, systemTextOf } from './branch-file.ts';
import { MAIN_BRANCH, type BranchInfo, type StoredBranch } from './branch-types.ts';
import { unknownTagWarnings } from './gallery-fields.ts';
import { encodeRecorded, type JsonValue } from './value-codec.ts';

export type { LlmConfig, Session, SessionCompression } from './schema.ts';
export { MAX_TURNS_CAP, READ_VERSIONS, SESSION_VERSION } from './schema.ts';

/** `warnings`: what was changed to open the session (such as a maxTurns raised to hold its turns); none stops it. */
export type ParseSessionResult =
  | { readonly ok: true; readonly session: Session; readonly warnings: readonly string[] }
  /** `errors` holds each problem's text, in order. */
  | { readonly ok: false; readonly problems: readonly Problem[]; readonly errors: string[] };

type Checked = { ok: true; session: Session; warnings: string[] } | { ok: false; problems: Problem[] };

const refused = (path: string, code: string, message: string, extra: { range?: SourceRange; text?: string } = {}): Checked => ({
  ok: false,
  problems: [problem('session', path, code, message, extra)],
});

/**
 * Read a session from its JSON text, or from an already parsed JSON value (anything that is not a
 * string). Unknown top-level fields are kept in `extra`. Never throws: any input, however deep,
 * large or hostile, gives a session or `{ok: false, errors}`.
 */
export function parseSession(input: unknown): ParseSessionResult {
  let r: Checked;
  try {
    r = parseChecked(input);
  } catch (e) {
    // Nothing known throws once the depth is capped; this keeps the promise for what is not known.
    const why = e instanceof RangeError ? 'it is too large to check' : 'it could not be checked';
    r = refused('session', 'refused', `refused, ${why}`);
  }
  if (r.ok) return r;
  const problems = r.problems.map(cutProblem);
  return { ok: false, problems, errors: problems.map((p) => p.text) };
}

function parseChecked(input: unknown): Checked {
  let raw = input;
  if (typeof input === 'string') {
    const parsed = parseJsonText(input);
    if (!parsed.ok) return { ok: false, problems: [jsonTextProblem(parsed)] };
    raw = parsed.value;
  } else if (depthOf(input) > MAX_JSON_DEPTH) {
    return refused('session', 'refused', `nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are read`);
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || raw instanceof JsonNumber) {
    return refused(
      'session',
      'invalid_type',
      `expected a JSON object, got ${raw === null ? 'null' : Array.isArray(raw) ? 'an array' : raw instanceof JsonNumber ? 'number' : typeof raw}`,
    );
  }
  const rawTurns = (raw as Record<string, unknown>).turns;
  // Refused before any turn is checked: a hostile file must not cost the work of a million turns.
  if (Array.isArray(rawTurns) && rawTurns.length > MAX_TURNS_CAP) {
    return refused('turns', 'refused', `${count(rawTurns.length)} recorded turns; a session holds at most ${count(MAX_TURNS_CAP)}`);
  }
  raw = lowerNumbers(raw) as Record<string, unknown>;
  const version = (raw as Record<string, unknown>).version;
  if (version === undefined)
    return refused('version', 'missing_field', `missing; this build reads versions ${READ_VERSIONS.join(' and ')} (add "version": ${SESSION_VERSION})`);
  if (typeof version !== 'number' || !READ_VERSIONS.includes(version)) {
    return refused(
      'version',
      'unsupported_version',
      `unsupported session version ${excerpt(JSON.stringify(version) ?? String(version))}; this build reads versions ${READ_VERSIONS.join(' and ')}`,
    );
  }
  const leftOut = findLeftOut(rawTurns);
  // Version 1 has no messages to derive: a turn without them had none, and a SYSTEM message has text.
  if (version === 1 && leftOut.systemText.size > 0) {
    return {
      ok: false,
      problems: [...leftOut.systemText].flatMap(([i, at]) =>
        at.map((j) => problem('session', `turns[${i}].messages[${j}].content`, 'missing_field', 'required')),
      ),
    };
  }
  const checked = validateSessionFields(raw);
  if (!checked.ok) return checked;
  const f = checked.fields;
  const known: readonly string[] = SESSION_FIELDS;
  const extra = new Map<string, unknown>();
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) if (!known.includes(k)) extra.set(k, v);
  // A tag outside the vocabulary is kept: a newer build may know it.
  const warnings: string[] = unknownTagWarnings(f.tags);
  // A file holding more turns than its maxTurns (saved by an older build, or edited) opens whole:
  // the limit grows to the turns, and the reader is told, rather than showing "200/100 turns".
  let maxTurns = f.maxTurns;
  if (f.turns.length > maxTurns) {
    warnings.push(`maxTurns raised from ${count(maxTurns)} to ${count(f.turns.length)} to hold the ${count(f.turns.length)} recorded turns`);
    maxTurns = f.turns.length;
  }
  const session: Session = {
    version: SESSION_VERSION,
    title: f.title,
    ...(f.description !== undefined ? { description: f.description } : {}),
    ...(f.tags !== undefined ? { tags: f.tags } : {}),
    mission: f.mission,
    maxTurns,
    compression: f.compression,
    data: f.data,
    tools: f.tools,
    ...(f.mcpServers !== undefined && f.mcpServers.length > 0 ? { mcpServers: f.mcpServers } : {}),
    ...(f.limits !== undefined ? { limits: definedOnly(f.limits) } : {}),
    llm: f.llm,
    ...(f.systemPrompt !== undefined ? { systemPrompt: f.systemPrompt } : {}),
    ...(f.prices !== undefined ? { prices: f.prices } : {}),
    ...(f.discardedRequests !== undefined ? { discardedRequests: f.discardedRequests } : {}),
    ...(f.previousRunCalls !== undefined && f.previousRunCalls.length > 0 ? { previousRunCalls: f.previousRunCalls } : {}),
    turns: turnLanguages(f.turns, f.language),
    extra,
  };
  let whole = session;
  if (version !== 1 && !nothingLeftOut(leftOut)) {
    const restored = restoreMessages(session, leftOut);
    if (!restored.ok) return restored;
    whole = { ...session, turns: restored.turns };
    warnings.push(...restored.warnings);
  }
  const fields = raw as Record<string, unknown>;
  const branches = readBranches(fields.branch, fields.branches, whole, f.language);
  if (!branches.ok) return branches;
  const { ok: _ok, ...tree } = branches;
  return { ok: true, session: { ...whole, ...tree }, warnings };
}

/** Why JSON text was not read, with where. */
export function jsonTextProblem(p: { kind: 'syntax' | 'limit'; line: number; column: number; message: string }): Problem {
  const range = { line: p.line, column: p.column };
  return p.kind === 'syntax'
    ? problem('session', 'session', 'invalid_json', p.message, { range, text: `invalid JSON at line ${p.line}, column ${p.column}: ${p.message}` })
    : problem('session', 'session', 'refused', p.message, { range, text: `session: refused at line ${p.line}, column ${p.column}: ${p.message}` });
}

/** The one line that says why JSON text was not read. */
export function jsonProblem(p: { kind: 'syntax' | 'limit'; line: number; column: number; message: string }): string {
  return jsonTextProblem(p).text;
}

/** A problem line quotes paths and keys from the input: cut, so a hostile megabyte key stays a short line. */
const MAX_PROBLEM_CHARS = 500;

function cutLine(s: string): string {
  return s.length > MAX_PROBLEM_CHARS ? s.slice(0, MAX_PROBLEM_CHARS - 1) + '…' : s;
}

function cutProblem(p: Problem): Problem {
  return p.text.length <= MAX_PROBLEM_CHARS && p.path.length <= MAX_PROBLEM_CHARS && p.message.length <= MAX_PROBLEM_CHARS
    ? p
    : { ...p, path: cutLine(p.path), message: cutLine(p.message), text: cutLine(p.text) };
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function excerpt(s: string): string {
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}

// ---------------------------------------------------------------------------------------------
// Numbers the lossless reader kept as text become value-codec tags where the session holds PTC
// values (data, recorded results, arguments and definitions) and plain numbers everywhere else.

type FieldMap = (key: string, value: unknown) => unknown;

function mapFields(x: unknown, f: FieldMap): unknown {
  if (x === null || typeof x !== 'object' || Array.isArray(x) || x instanceof JsonNumber) return toPlainJson(x);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(x)) Object.defineProperty(out, k, { value: f(k, v), enumerable: true, writable: true, configurable: true });
  return out;
}

const plainFields =
  (values: readonly string[]): FieldMap =>
  (k, v) =>
    values.includes(k) ? toTaggedJson(v) : toPlainJson(v);

const toolCallFields = plainFields(['args', 'result']);
const memoryFields = plainFields(['value']);

function turnFields(k: string, v: unknown): unknown {
  if (k === 'result') return toTaggedJson(v);
  if (k === 'toolCalls') return Array.isArray(v) ? v.map((c) => mapFields(c, toolCallFields)) : toPlainJson(v);
  if (k === 'memory') return Array.isArray(v) ? v.map((m) => mapFields(m, memoryFields)) : toPlainJson(v);
  return toPlainJson(v);
}

function lowerNumbers(raw: object): unknown {
  return mapFields(raw, (k, v) => {
    if (k === 'data') return mapChildren(v, toTaggedJson);
    if (k === 'turns') return Array.isArray(v) ? v.map((t) => mapFields(t, turnFields)) : toPlainJson(v);
    if (k === 'previousRunCalls') return Array.isArray(v) ? v.map((c) => mapFields(c, toolCallFields)) : toPlainJson(v);
    if (k === 'branches') return Array.isArray(v) ? v.map((b) => lowerNumbers(b as object)) : toPlainJson(v);
    return toPlainJson(v);
  });
}

function definedOnly(limits: SessionLimits): SessionLimits {
  const out: { -readonly [K in keyof SessionLimits]: SessionLimits[K] } = {};
  for (const key of LIMIT_KEYS) if (limits[key] !== undefined) out[key] = limits[key];
  return out;
}

const LIMIT_KEYS = ['timeoutMs', 'maxLoopIterations', 'maxDepth', 'maxOutputChars', 'maxValueSize', 'toolTimeoutMs', 'toolWaitMs'] as const;
/** The compression object's keys as a file writes them: the strategy, then every option (src/compression/options.ts). */
const COMPRESSION_KEYS = ['strategy', ...OPTION_KEYS] as const;

type JsonObject = { [key: string]: JsonValue };

/** A prototype-free object, so any key (even "__proto__") is an ordinary property. */
function obj(): JsonObject {
  return Object.create(null) as JsonObject;
}

export interface SerializeOptions {
  /** Write every turn's messages whole (the SYSTEM text too), as version 1 did; a valid version-2 file still. */
  readonly keepMessages?: boolean;
}

/**
 * Pretty JSON (2-space indent, trailing newline), fields in the S1 order, unknown fields last. A turn's
 * messages are left out when the session re-renders them identically (derived-messages.ts).
 */
export function serializeSession(session: Session, options: SerializeOptions = {}): string {
  const o = obj();
  o.version = SESSION_VERSION;
  // What a turn without its own `language` ran under: today's, as every turn made now does.
  o.language = CURRENT_LANGUAGE;
  o.title = session.title;
  if (session.description !== undefined) o.description = session.description;
  if (session.tags !== undefined) o.tags = [...session.tags];
  o.mission = session.mission;
  o.maxTurns = session.maxTurns;
  o.compression = compressionJson(session.compression);
  const data = obj();
  for (const [name, value] of session.data) data[name] = encodeRecorded(value);
  o.data = data;
  o.tools = session.tools.map((t) => {
    const j = obj();
    j.name = t.name;
    j.signature = t.signature;
    if (t.description !== undefined) j.description = t.description;
    j.impl = t.impl;
    return j;
  });
  if (session.mcpServers !== undefined && session.mcpServers.length > 0) o.mcpServers = session.mcpServers.map(mcpServerJson);
  if (session.limits !== undefined) {
    const limits = obj();
    for (const key of LIMIT_KEYS) {
      const v = session.limits[key];
      if (v !== undefined) limits[key] = v;
    }
    o.limits = limits;
  }
  o.llm = llmJson(session.llm);
  if (session.systemPrompt !== undefined) o.systemPrompt = definedJson(session.systemPrompt);
  if (session.prices !== undefined) {
    const prices = obj();
    for (const [model, p] of session.prices) {
      const { batch, ...list } = p;
      const j = definedJson(list);
      if (batch !== undefined && typeof j === 'object' && j !== null && !Array.isArray(j)) j.batch = definedJson(batch);
      prices[model] = j;
    }
    o.prices = prices;
  }
  if (session.discardedRequests !== undefined) o.discardedRequests = session.discardedRequests.map(definedJson);
  if (session.previousRunCalls !== undefined && session.previousRunCalls.length > 0) o.previousRunCalls = session.previousRunCalls.map(toolCallJson);
  const stored = session.turns.length > 0 && options.keepMessages !== true ? storedMessages(session) : [];
  o.turns = session.turns.map((t, i) => turnToJson(t, stored[i]));
  if (session.branch !== undefined) o.branch = branchInfoJson(session.branch);
  if (session.branches !== undefined && session.branches.length > 0) o.branches = session.branches.map((b) => storedBranchJson(session, b));
  if (session.extra) {
    const known: readonly string[] = SESSION_FIELDS;
    for (const [k, v] of session.extra) if (!known.includes(k)) o[k] = v as JsonValue;
  }
  return JSON.stringify(o, null, 2) + '\n';
}

/** A server as T1 keeps it: name, transport, URL for http, and the snapshot of its tools (schemas as they came). */
function mcpServerJson(s: McpServerRecord): JsonValue {
  const j = obj();
  j.name = s.name;
  j.transport = s.transport;
  if (s.url !== undefined) j.url = s.url;
  j.tools = s.tools.map((t) => {
    const tj = obj();
    tj.name = t.name;
    if (t.as !== undefined) tj.as = t.as;
    if (t.hidden === true) tj.hidden = true;
    if (t.description !== undefined) tj.description = t.description;
    tj.inputSchema = t.inputSchema as JsonValue;
    if (t.outputSchema !== undefined) tj.outputSchema = t.outputSchema as JsonValue;
    return tj;
  });
  return j;
}

function compressionJson(c: SessionCompression): JsonValue {
  if (c === null || typeof c !== 'object') return c;
  const j = obj();
  for (const key of COMPRESSION_KEYS) {
    const v = c[key];
    if (v !== undefined) j[key] = v;
  }
  return j;
}

const LLM_KEYS = ['provider', 'baseUrl', 'model', 'temperature', 'maxOutputTokens', 'requestTimeoutMs'] as const;

function llmJson(llm: LlmConfig): JsonValue {
  const j = obj();
  for (const key of LLM_KEYS) {
    const v = llm[key];
    if (v !== undefined) j[key] = v;
  }
  if (llm.replies !== undefined) j.replies = [...llm.replies];
  return j;
}

/** A flat object of strings and numbers, without its undefined fields, in its own key order. */
function definedJson(o: object): JsonValue {
  const j = obj();
  for (const [k, v] of Object.entries(o)) if (typeof v === 'string' || typeof v === 'number') j[k] = v;
  return j;
}

/** A recorded tool call as a file writes it (values encoded losslessly). */
function toolCallJson(c: ToolCallRecord): JsonValue {
  const call = obj();
  call.name = c.name;
  call.args = c.args.map(encodeRecorded);
  call.result = encodeRecorded(c.result);
  call.durationMs = roundMs(c.durationMs);
  if (c.error !== undefined) call.error = c.error;
  if (c.server !== undefined) call.server = c.server;
  if (c.tool !== undefined) call.tool = c.tool;
  return call;
}

/** Microseconds are noise in a saved file; three decimals keep files stable and small. */
function roundMs(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}

/**
 * A recorded turn as it is stored in a session file (values encoded losslessly). Its messages are
 * written whole unless `stored` says how (left out, or a SYSTEM message without its text).
 */
export function turnToJson(t: Turn, stored?: StoredMessages): JsonValue {
  const j = obj();
  j.number = t.number;
  j.rawResponse = t.rawResponse;
  j.program = t.program;
  j.result = encodeRecorded(t.result);
  if (t.error !== undefined) {
    const e = obj();
    e.type = t.error.type;
    e.message = t.error.message;
    if (t.error.line !== undefined) e.line = t.error.line;
    if (t.error.column !== undefined) e.column = t.error.column;
    if (t.error.hint !== undefined) e.hint = t.error.hint;
    j.error = e;
  }
  j.signal = t.signal;
  j.prints = [...t.prints];
  if (t.warnings !== undefined && t.warnings.length > 0) j.warnings = [...t.warnings];
  j.toolCalls = t.toolCalls.map(toolCallJson);
  j.memory = [...t.memory].map(([name, m]) => {
    const entry = obj();
    entry.name = name;
    entry.value = encodeRecorded(m.value);
    if (m.doc !== undefined) entry.doc = m.doc;
    if (m.returnType !== undefined) entry.returnType = m.returnType;
    return entry;
  });
  j.success = t.success;
  if (stored?.derived === true) j.messagesHash = stored.hash;
  else {
    j.messages = (stored?.messages ?? t.messages).map((m) => {
      const msg = obj();
      msg.role = m.role;
      if (m.content !== undefined) msg.content = m.content;
      return msg;
    });
  }
  j.durationMs = roundMs(t.durationMs);
  if (t.usage !== undefined) j.usage = definedJson(t.usage);
  if (t.promptHash !== undefined) j.promptHash = t.promptHash;
  if (t.llm !== undefined) j.llm = definedJson(t.llm);
  if (t.language !== undefined) j.language = t.language;
  return j;
}

function branchInfoJson(b: BranchInfo): JsonObject {
  const j = obj();
  j.id = b.id;
  j.name = b.name;
  j.parent = b.parent;
  j.forkedAt = b.forkedAt;
  return j;
}

/**
 * A branch that is not open: its settings, how many turns it shares with its parent, and its own turns
 * with whole messages but for the SYSTEM text of its own prompt (branch-file.ts fills it in again).
 */
function storedBranchJson(session: Session, b: StoredBranch): JsonValue {
  const j = branchInfoJson(b);
  const open = session.branch?.id ?? MAIN_BRANCH;
  const parentTurns = b.parent === null ? [] : b.parent === open ? session.turns : (session.branches?.find((p) => p.id === b.parent)?.turns ?? []);
  const shared = sharedCount(b.turns, parentTurns, b.forkedAt - 1);
  j.shared = shared;
  j.compression = compressionJson(b.compression);
  if (b.systemPrompt !== undefined) j.systemPrompt = definedJson(b.systemPrompt);
  j.llm = llmJson(b.llm);
  j.turns = b.turns.slice(shared).map((t) => {
    const system = systemTextOf(session, b, t);
    return turnToJson(t, { derived: false, messages: t.messages.map((m) => (m.role === 'system' && m.content === system ? { role: m.role } : m)) });
  });
  return j;
}
