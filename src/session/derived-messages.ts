// Messages a saved session need not hold (docs/decisions.md R1). Rendering is pure, so a recorded turn's
// messages are left out when the session's own definition renders them identically from the turns
// before it, and a kept SYSTEM message loses its text when that text is the session's SYSTEM prompt.
// Session files (version 2) and share links (version 2 and later) both store turns this way; the
// reader renders what was left out and says so when its rendering is not what the writer's was.
import type { AgentDef } from '../agent/agent.ts';
import { messagesForTurn, prepareAgent, type PreparedAgent } from '../agent/loop.ts';
import type { Turn } from '../agent/turn.ts';
import type { MemoryEntry, Message } from '../records/records.ts';
import { problem, type Problem } from '../lisp/problem.ts';
import type { Limits, ToolCallRecord } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import type { Session, SessionLimits } from './schema.ts';
import { CURRENT_LANGUAGE, type LanguageId } from '../agent/languages.ts';
import { SystemPrompt } from '../agent/system-prompt.ts';
import { decodeValue, encodeRecorded } from './value-codec.ts';

/**
 * The session's agent for each SYSTEM prompt its turns were sent: the default their language
 * taught, in the released version whose fingerprint the turn recorded (languages.ts, system-prompt.ts).
 * Everything else renders the same. Prepared once per prompt used.
 */
export class AgentsByLanguage {
  private readonly agents = new Map<string, PreparedAgent>();

  private constructor(
    private readonly def: AgentDef,
    first: PreparedAgent,
  ) {
    this.agents.set(`${first.language}#`, first);
  }

  /** Null with the errors when the definition cannot render. */
  static for(def: AgentDef): { ok: true; agents: AgentsByLanguage } | { ok: false; errors: readonly string[] } {
    const prepared = prepareAgent(def);
    return prepared.ok ? { ok: true, agents: new AgentsByLanguage(def, prepared.agent) } : { ok: false, errors: prepared.errors };
  }

  private agent(language: LanguageId, version: number | undefined): PreparedAgent {
    const key = `${language}#${version ?? ''}`;
    let agent = this.agents.get(key);
    if (agent === undefined) {
      const prepared = prepareAgent({ ...this.def, language, ...(version !== undefined ? { promptVersion: version } : {}) });
      // The same definition prepared once already: only the SYSTEM text differs.
      if (!prepared.ok) throw new Error(`the session's definition no longer prepares: ${prepared.errors.join('; ')}`);
      this.agents.set(key, (agent = prepared.agent));
    }
    return agent;
  }

  /** The agent turn `t` was rendered by: its language's prompt in the version it recorded, else the latest. */
  of(t: Pick<Turn, 'language' | 'promptHash'>): PreparedAgent {
    const language = t.language ?? CURRENT_LANGUAGE;
    const latest = this.agent(language, undefined);
    if (t.promptHash === undefined || t.promptHash === latest.promptHash) return latest;
    const version = SystemPrompt.versionOf(latest.mode, this.def.systemPrompt ?? {}, language, t.promptHash);
    return version === undefined ? latest : this.agent(language, version);
  }
}

/** The messages turn `n` (1-based) gets from `agent`, as plain role/content pairs. */
export function renderedMessages(agent: PreparedAgent, turns: readonly Turn[], n: number): Message[] {
  return messagesForTurn(agent, turns, n).messages.map((m) => ({ role: m.role, content: m.content }));
}

export function sameMessages(a: readonly Message[], b: readonly Message[]): boolean {
  return a.length === b.length && a.every((m, i) => m.role === b[i].role && m.content === b[i].content);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnvText(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/**
 * A fingerprint (8 hex digits) of a turn's messages: FNV-1a (32 bits) over the FNV-1a of each
 * message's role and content. Stored with a turn whose messages were left out, so a reader that
 * renders them differently notices. Not for security. `texts` caches the hash of each text: the
 * turns of a long run repeat the same texts (the SYSTEM prompt, earlier replies) over and over.
 */
export function messagesHash(messages: readonly Message[], texts: Map<string, number> = new Map()): string {
  let h = FNV_OFFSET;
  const add = (n: number): void => {
    for (let k = 0; k < 4; k++, n >>>= 8) h = Math.imul(h ^ (n & 0xff), FNV_PRIME);
  };
  for (const m of messages) {
    let t = texts.get(m.content);
    if (t === undefined) {
      t = fnvText(m.content);
      texts.set(m.content, t);
    }
    add(fnvText(m.role));
    add(t);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** One message as stored: a SYSTEM message without `content` stands for the session's SYSTEM prompt. */
export interface StoredMessage {
  readonly role: Message['role'];
  readonly content?: string;
}

/** How one turn's messages are stored: left out (with the hash of the rendering), or kept. */
export type StoredMessages = { readonly derived: true; readonly hash: string } | { readonly derived: false; readonly messages: readonly StoredMessage[] };

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Values as a reader gets them back (through their saved encoding), so the writer renders exactly
 * what the reader will: a value too large to save reads back as nil, and renders differently.
 */
class AsSaved {
  private readonly entries = new WeakMap<MemoryEntry, MemoryEntry>();
  private readonly turns = new WeakMap<Turn, Turn>();

  value(v: Value): Value {
    return decodeValue(encodeRecorded(v));
  }

  private entry(m: MemoryEntry): MemoryEntry {
    let out = this.entries.get(m);
    if (out === undefined) {
      out = { ...m, value: this.value(m.value) };
      this.entries.set(m, out);
    }
    return out;
  }

  private call(c: ToolCallRecord): ToolCallRecord {
    return { ...c, args: c.args.map((a) => this.value(a)), result: this.value(c.result) };
  }

  turn(t: Turn): Turn {
    let out = this.turns.get(t);
    if (out === undefined) {
      const memory = new Map<string, MemoryEntry>();
      for (const [name, m] of t.memory) memory.set(name, this.entry(m));
      out = { ...t, result: this.value(t.result), toolCalls: t.toolCalls.map((c) => this.call(c)), memory };
      this.turns.set(t, out);
    }
    return out;
  }
}

/**
 * A data value as a reader gets it back. Data is read from JSON, and its saved encoding reads back as
 * the same value, unless it is too large to save (it then reads back as nil): the value itself is kept
 * rather than a copy (megabytes of data would be held twice).
 */
function dataAsSaved(v: Value): Value {
  const encoded = encodeRecorded(v);
  return isUnsaved(encoded) ? decodeValue(encoded) : v;
}

function isUnsaved(j: unknown): boolean {
  return j !== null && typeof j === 'object' && !Array.isArray(j) && Object.prototype.hasOwnProperty.call(j, '$unsaved');
}

/**
 * Stores turns one at a time for a session definition: `store(turns, i)` says how turn `i` (0-based)
 * is written, given the turns before it (asked once per turn, in order). A writer is made once per definition (a changed definition
 * renders differently), and may be asked turn by turn as a run grows.
 */
export class MessageWriter {
  private readonly saved = new AsSaved();
  private readonly texts = new Map<string, number>();
  /** What the turns left out so far render to, and how many they are (the reader's budget, below). */
  private derived = 0;
  private messages = 0;
  private chars = 0;

  private constructor(
    private readonly agents: AgentsByLanguage,
    private readonly budget: RenderBudget,
  ) {}

  /**
   * The writer for a session's definition as it will be read back; null when it cannot render (every
   * message is kept). `budget`: what a reader renders again at most (a longer run keeps the messages
   * of its later turns, so its file still opens).
   */
  static for(session: Session, turnCount: number, budget: RenderBudget = RESTORE_BUDGET): MessageWriter | null {
    const data = new Map<string, Value>();
    for (const [name, v] of session.data) data.set(name, dataAsSaved(v));
    const prepared = AgentsByLanguage.for({
      mission: session.mission,
      tools: session.tools,
      data,
      // The reader raises maxTurns to hold the turns (parseSession), and renders with the raised one.
      maxTurns: Math.max(session.maxTurns, turnCount),
      compression: session.compression,
      ...(session.limits !== undefined ? { limits: session.limits } : {}),
      ...(session.systemPrompt !== undefined ? { systemPrompt: session.systemPrompt } : {}),
      ...(session.mcpServers !== undefined ? { mcpServers: session.mcpServers } : {}),
    });
    return prepared.ok ? new MessageWriter(prepared.agents, budget) : null;
  }

  /**
   * Whether one more turn rendering to `rendered` may be left out: the reader refuses a file whose
   * left-out turns render past its budget, or whose last left-out turn, times their number, halved,
   * would (it checks that first, to refuse after one rendering). Counted once per turn, in order.
   */
  private fits(rendered: readonly Message[]): boolean {
    const chars = rendered.reduce((n, m) => n + m.content.length, 0);
    const n = this.derived + 1;
    const b = this.budget;
    if ((n * rendered.length) / 2 > b.messages || (n * chars) / 2 > b.chars) return false;
    if (this.messages + rendered.length > b.messages || this.chars + chars > b.chars) return false;
    this.derived = n;
    this.messages += rendered.length;
    this.chars += chars;
    return true;
  }

  store(turns: readonly Turn[], i: number): StoredMessages {
    const sent = turns[i].messages;
    const agent = this.agents.of(turns[i]);
    if (sent.length > 0) {
      const before = turns.slice(0, i).map((t) => this.saved.turn(t));
      const rendered = renderedMessages(agent, before, i + 1);
      if (sameMessages(sent, rendered) && this.fits(rendered)) return { derived: true, hash: messagesHash(rendered, this.texts) };
    }
    const system = agent.systemPrompt;
    return {
      derived: false,
      messages: sent.map((m) => (m.role === 'system' && m.content === system ? { role: m.role } : { role: m.role, content: m.content })),
    };
  }
}

/** How every turn of a session is stored (all kept, SYSTEM text included, when the session cannot render). */
export function storedMessages(session: Session, budget: RenderBudget = RESTORE_BUDGET): StoredMessages[] {
  const writer = MessageWriter.for(session, session.turns.length, budget);
  return session.turns.map((t, i) => (writer ? writer.store(session.turns, i) : { derived: false, messages: t.messages }));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** What a file left out, found in its JSON before it was decoded. */
export interface LeftOut {
  /** Turn indexes (0-based) without `messages`, with the hash stored in their place when there is one. */
  readonly derived: ReadonlyMap<number, string | undefined>;
  /** Turn indexes with SYSTEM messages stored without their text, and the indexes of those messages. */
  readonly systemText: ReadonlyMap<number, readonly number[]>;
}

export function nothingLeftOut(l: LeftOut): boolean {
  return l.derived.size === 0 && l.systemText.size === 0;
}

function field(x: unknown, key: string): unknown {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>)[key] : undefined;
}

function has(x: unknown, key: string): boolean {
  return x !== null && typeof x === 'object' && !Array.isArray(x) && Object.prototype.hasOwnProperty.call(x, key);
}

/** What the raw turns of a file leave out (a turn that is not an object is the schema's to report). */
export function findLeftOut(rawTurns: unknown): LeftOut {
  const derived = new Map<number, string | undefined>();
  const systemText = new Map<number, number[]>();
  if (!Array.isArray(rawTurns)) return { derived, systemText };
  rawTurns.forEach((t, i) => {
    if (t === null || typeof t !== 'object' || Array.isArray(t)) return;
    const messages = field(t, 'messages');
    if (!has(t, 'messages')) {
      const hash = field(t, 'messagesHash');
      derived.set(i, typeof hash === 'string' ? hash : undefined);
    } else if (Array.isArray(messages)) {
      const at = messages.flatMap((m, j) => (field(m, 'role') === 'system' && !has(m, 'content') ? [j] : []));
      if (at.length > 0) systemText.set(i, at);
    }
  });
  return { derived, systemText };
}

function turnList(indexes: Iterable<number>): string {
  const ns = [...indexes].map((i) => i + 1);
  return `turn${ns.length === 1 ? '' : 's'} ${ns.join(', ')}`;
}

/**
 * The most a reader renders again. A few kilobytes of file can stand for gigabytes: a full history of
 * n turns holds about n² messages, and a compressed turn shows every definition made before it. A
 * 1,000-turn full history makes 1,001,000 messages of 180 million characters; 2,500,000 messages
 * is the full history of about 1,580 turns.
 */
export interface RenderBudget {
  readonly messages: number;
  readonly chars: number;
}

export const RESTORE_BUDGET: RenderBudget = { messages: 2_500_000, chars: 400_000_000 };

export function overBudget(where: string, budget: RenderBudget): string {
  return `${where}: ${overBudgetMessage(budget)}`;
}

function overBudgetMessage(budget: RenderBudget): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  return `rendering the messages left out would make more than ${n(budget.messages)} messages or ${n(budget.chars)} characters, more than this build holds`;
}

/** Counts what rendering makes against a budget. */
export class RenderCount {
  private messages = 0;
  private chars = 0;
  constructor(private readonly budget: RenderBudget = RESTORE_BUDGET) {}

  /**
   * Before rendering `turns` turns: a full history's last turn is its longest, and the turns
   * together hold about half of `turns` times it. Refusing then costs one rendering, not all of them.
   */
  wouldExceed(last: readonly Message[], turns: number): boolean {
    const chars = last.reduce((n, m) => n + m.content.length, 0);
    return (turns * last.length) / 2 > this.budget.messages || (turns * chars) / 2 > this.budget.chars;
  }

  /** Adds a rendering; true once over the budget. */
  add(messages: readonly Message[]): boolean {
    this.messages += messages.length;
    for (const m of messages) this.chars += m.content.length;
    return this.messages > this.budget.messages || this.chars > this.budget.chars;
  }
}

export type Restored = { ok: true; turns: readonly Turn[]; warnings: string[] } | { ok: false; problems: Problem[]; errors: string[] };

function refusedTurns(path: string, message: string): Restored {
  const p = problem('session', path, 'refused', message);
  return { ok: false, problems: [p], errors: [p.text] };
}

/**
 * The turns with what was left out rendered again from the session's definition. A file whose
 * definition cannot render them is refused (nothing is shown as sent that was not).
 */
export function restoreMessages(session: Session, leftOut: LeftOut, budget: RenderBudget = RESTORE_BUDGET): Restored {
  if (nothingLeftOut(leftOut)) return { ok: true, turns: session.turns, warnings: [] };
  const prepared = AgentsByLanguage.for(sessionToAgent(session));
  if (!prepared.ok) {
    const which = new Set([...leftOut.derived.keys(), ...leftOut.systemText.keys()]);
    const message = `the messages of ${turnList([...which].sort((a, b) => a - b))} are left out, and the session cannot render them (${prepared.errors.join('; ')})`;
    return refusedTurns('turns', message);
  }
  const agents = prepared.agents;
  const turns = [...session.turns];
  const differ: number[] = [];
  const texts = new Map<string, number>();
  const count = new RenderCount(budget);
  const last = Math.max(-1, ...leftOut.derived.keys());
  if (last >= 0 && count.wouldExceed(renderedMessages(agents.of(turns[last]), turns, last + 1), leftOut.derived.size)) {
    return refusedTurns('turns', overBudgetMessage(budget));
  }
  for (let i = 0; i < turns.length; i++) {
    const agent = agents.of(turns[i]);
    if (leftOut.derived.has(i)) {
      const messages = renderedMessages(agent, turns, i + 1);
      if (count.add(messages)) return refusedTurns(`turns[${i}].messages`, overBudgetMessage(budget));
      const hash = leftOut.derived.get(i);
      if (hash !== undefined && hash !== messagesHash(messages, texts)) differ.push(i);
      turns[i] = { ...turns[i], messages };
    } else {
      const at = leftOut.systemText.get(i);
      if (at === undefined) continue;
      const turn = turns[i];
      turns[i] = { ...turn, messages: turn.messages.map((m, j) => (at.includes(j) ? { role: m.role, content: agent.systemPrompt } : m)) };
      if (turn.promptHash !== undefined && turn.promptHash !== agent.promptHash) differ.push(i);
    }
  }
  const warnings =
    differ.length > 0
      ? [
          `This session was saved by a version of the playground that rendered the LLM's messages differently: ${turnList(differ)} show${differ.length === 1 ? 's' : ''} this version's rendering, not exactly what was sent.`,
        ]
      : [];
  return { ok: true, turns, warnings };
}

/** The agent a session describes (everything but the LLM and the recorded turns). */
export function sessionToAgent(session: Session): AgentDef {
  return {
    mission: session.mission,
    tools: session.tools,
    data: session.data,
    maxTurns: session.maxTurns,
    compression: session.compression,
    ...(session.limits !== undefined ? { limits: programLimits(session.limits) } : {}),
    ...(session.limits?.toolTimeoutMs !== undefined || session.limits?.toolWaitMs !== undefined
      ? {
          toolLimits: {
            ...(session.limits.toolTimeoutMs !== undefined ? { toolTimeoutMs: session.limits.toolTimeoutMs } : {}),
            ...(session.limits.toolWaitMs !== undefined ? { toolWaitMs: session.limits.toolWaitMs } : {}),
          },
        }
      : {}),
    ...(session.systemPrompt !== undefined ? { systemPrompt: session.systemPrompt } : {}),
    ...(session.mcpServers !== undefined ? { mcpServers: session.mcpServers } : {}),
  };
}

/** The limits of the program itself (L8), without the MCP calls' (T4). */
function programLimits(limits: SessionLimits): Partial<Limits> {
  const { toolTimeoutMs: _call, toolWaitMs: _wait, ...program } = limits;
  return program;
}
