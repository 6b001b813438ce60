// The engine as the playground sees it: one open session, its live run, and plain-JSON views of both.
// The Web Worker exposes an Engine through Comlink; tests use it directly. Values never cross to the
// UI as PTC values: everything in a view is text or numbers, so it survives structured cloning.
import { applyReply, initialStep, messagesFor, messagesForTurn, prepareAgent, resumeStep, type PreparedAgent } from '../agent/loop.ts';
import { formatCallForm, parseSignature } from '../agent/signature.ts';
import type { Memory, Message, Step, Turn } from '../agent/turn.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import { STRATEGIES, findStrategy } from '../compression/strategies/index.ts';
import type { RenderStats } from '../compression/strategy.ts';
import { isBlank, typeOf } from '../compression/type-vocabulary.ts';
import { format, printValue } from '../lisp/printer.ts';
import { run } from '../lisp/run.ts';
import type { Definition } from '../lisp/runtime.ts';
import { isFn, type Value } from '../lisp/values.ts';
import { buildLink, decodeLink, MAX_LINK_LENGTH } from '../session/link-codec.ts';
import { parseSession, serializeSession, type Session } from '../session/session-file.ts';
import type { JsonValue } from '../session/value-codec.ts';

/** The editable part of a session, as JSON (the session file without `version` and `turns`). */
export interface SessionDefinition {
  title: string;
  mission: string;
  maxTurns: number;
  compression: JsonValue;
  data: { [name: string]: JsonValue };
  tools: { name: string; signature: string; description?: string; impl: string }[];
  limits?: { [key: string]: number };
  llm: { provider: string; replies: string[]; model?: string; baseUrl?: string };
}

export interface ErrorView {
  type: string;
  message: string;
  line?: number;
  column?: number;
}

export interface ToolCallView {
  name: string;
  /** Each argument in Clojure notation (untruncated). */
  args: string[];
  /** The result in Clojure notation, cut to a readable size. */
  result: string;
  error?: string;
  durationMs: number;
}

export interface TurnView {
  number: number;
  rawResponse: string;
  program: string;
  success: boolean;
  signal: 'return' | 'fail' | null;
  /** The value in Clojure notation (cut past 20,000 characters); null for a failed turn. */
  result: string | null;
  error?: ErrorView;
  prints: string[];
  toolCalls: ToolCallView[];
  durationMs: number;
}

export interface DataView {
  name: string;
  type: string;
  sample: string | null;
}

export interface UserEntryView {
  name: string;
  kind: 'function' | 'value';
  type: string;
  /** Parameter vectors of a function: ["[x]", "[x y & more]"]. */
  params: string[];
  sample: string | null;
  doc?: string;
  returnType?: string;
}

export interface ToolView {
  name: string;
  signature: string;
  description?: string;
  impl: string;
  callForm: string;
  signatureError?: string;
}

export interface RenderView {
  strategy: string;
  messages: Message[];
  stats: RenderStats;
  /** True when these are the messages recorded with the turn: exactly what the LLM was sent. */
  recorded: boolean;
  /**
   * True when the recorded messages differ from what the current definition renders (the mission,
   * tools, data or options were edited after the turn ran).
   */
  stale: boolean;
}

export interface StrategyInfo {
  name: string;
  description: string;
}

export interface View {
  definition: SessionDefinition;
  /** Problems that stop the session from running (tool implementations, compression), by path. */
  problems: string[];
  warnings: string[];
  missionExpanded: string;
  status: Step['status'];
  returnValue?: string;
  failMessage?: string;
  maxTurns: number;
  tools: ToolView[];
  data: DataView[];
  turns: TurnView[];
  /** The turn whose messages are shown: 1…turns+1 (turns+1 is the next turn, when the run goes on). */
  selected: number;
  /** Definitions the LLM had when the selected turn started. */
  user: UserEntryView[];
  /** What the LLM gets for the selected turn under the chosen strategy, and the full history of the same turns. */
  compressed: RenderView;
  full: RenderView;
  /** The strategy the session itself uses (its `compression`). */
  sessionStrategy: string;
  strategies: StrategyInfo[];
  /** The mock's scripted reply for the next turn, if any. */
  nextReply: string | null;
  /** The whole session, as a session file (for saving and sharing). */
  sessionText: string;
}

export interface ViewOptions {
  /** Turn to show (default: the next turn while running, else the last one). */
  selected?: number;
  /** Strategy for the compressed side (default: the session's). */
  strategy?: string;
}

export type OpenResult = { ok: true; view: View; warnings?: string[] } | { ok: false; errors: string[] };

/** A share link's fragment (`s=<version>.<payload>`, put after `#`) and whether it can be shared. */
export interface ShareLinkResult {
  fragment: string;
  /** Characters of fragment. */
  length: number;
  /** MAX_LINK_LENGTH: the most a shared link should hold. */
  limit: number;
  /** True when the link is at most `limit` long and opens again (within the decoder's caps). */
  fits: boolean;
  withTurns: boolean;
  /** Why it does not fit, when it does not. */
  reason?: string;
}
export type StepResult = { ok: true; view: View } | { ok: false; error: string; view: View };

export interface ReplResult {
  ok: boolean;
  /** Clojure notation of the value, or of the return/fail value. */
  result?: string;
  error?: ErrorView;
  prints: string[];
  signal: 'return' | 'fail' | null;
  durationMs: number;
}

const RESULT_MAX = 20_000;
const TOOL_RESULT_LIMIT = { limit: 10, printableLimit: 200 };
const SAMPLE = { limit: 3, printableLimit: 80 };

function cut(text: string, max = RESULT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

function errorView(e: { type: string; message: string; line?: number; column?: number }): ErrorView {
  return { type: e.type, message: e.message, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.column !== undefined ? { column: e.column } : {}) };
}

export function turnView(t: Turn): TurnView {
  return {
    number: t.number,
    rawResponse: t.rawResponse,
    program: t.program,
    success: t.success,
    signal: t.signal,
    result: t.success || t.signal === 'fail' ? cut(printValue(t.result)) : null,
    ...(t.error ? { error: errorView(t.error) } : {}),
    prints: [...t.prints],
    toolCalls: t.toolCalls.map((c) => ({
      name: c.name,
      args: c.args.map((a) => cut(printValue(a))),
      result: format(c.result, TOOL_RESULT_LIMIT).text,
      ...(c.error !== undefined ? { error: c.error } : {}),
      durationMs: c.durationMs,
    })),
    durationMs: t.durationMs,
  };
}

function sampleOf(v: Value): string | null {
  return isBlank(v) ? null : format(v, SAMPLE).text;
}

export function userView(memory: Memory): UserEntryView[] {
  return [...memory.values()].map((e) => {
    const fn = isFn(e.value);
    return {
      name: e.name,
      kind: fn ? 'function' : 'value',
      type: typeOf(e.value),
      params: isFn(e.value) ? [...e.value.ptc.params] : [],
      sample: fn ? null : sampleOf(e.value),
      ...(e.doc !== undefined ? { doc: e.doc } : {}),
      ...(e.returnType !== undefined ? { returnType: e.returnType } : {}),
    };
  });
}

/** The session file's JSON without `version` and `turns`: what the editors change. */
function definitionOf(session: Session): SessionDefinition {
  const json = JSON.parse(serializeSession({ ...session, turns: [] })) as Record<string, JsonValue>;
  const llm = json.llm as { provider: string; replies?: string[]; model?: string; baseUrl?: string };
  return {
    title: json.title as string,
    mission: json.mission as string,
    maxTurns: json.maxTurns as number,
    compression: json.compression,
    data: json.data as { [name: string]: JsonValue },
    tools: json.tools as SessionDefinition['tools'],
    ...(json.limits !== undefined ? { limits: json.limits as { [key: string]: number } } : {}),
    llm: { ...llm, replies: llm.replies ?? [] },
  };
}

function strategyName(agent: PreparedAgent): string {
  return agent.strategy.name;
}

/** One open session and its run. Every method is synchronous except token counting. */
export class Engine {
  private session: Session | null = null;
  private agent: PreparedAgent | null = null;
  private problems: string[] = [];
  private step: Step = initialStep();
  private replMemory: Map<string, Definition> = new Map();
  private replHistory: Value[] = [];
  private tokenizer: Promise<(text: string) => number> | null = null;

  /** Opens a session file's text (or parsed JSON); recorded turns are resumed. */
  open(input: string | object): OpenResult {
    let parsed: ReturnType<typeof parseSession>;
    try {
      parsed = parseSession(input);
    } catch (e) {
      // A hostile file can be too large or deep for the schema checker's stack: refuse it, keep the session.
      return { ok: false, errors: [`The session file is too large or too deeply nested to check (${e instanceof Error ? e.message : String(e)})`] };
    }
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    return this.openSession(parsed.session);
  }

  /**
   * Opens a share link's fragment (`s=…`, with or without `#`). A damaged, hostile or newer link
   * changes nothing and says why; session problems are listed by path, as `open` does.
   */
  openLink(fragment: string): OpenResult {
    const decoded = decodeLink(fragment);
    if (!decoded.ok) return { ok: false, errors: decoded.problems ?? [decoded.error] };
    const r = this.openSession(decoded.session);
    return decoded.warnings.length > 0 && r.ok ? { ...r, warnings: decoded.warnings } : r;
  }

  /** The open session (with its recorded turns unless `turns` is false) as a share link's fragment. */
  shareLink({ turns }: { turns: boolean }): ShareLinkResult {
    const built = buildLink({ ...this.requireSession(), turns: [...this.step.turns] }, { turns });
    const length = built.fragment.length;
    const reason =
      built.unopenable ?? (length > MAX_LINK_LENGTH ? `the link would be ${length.toLocaleString('en-US')} characters long, more than the ${MAX_LINK_LENGTH.toLocaleString('en-US')} a link can safely carry` : undefined);
    return { fragment: built.fragment, length, limit: MAX_LINK_LENGTH, fits: reason === undefined, withTurns: turns, ...(reason !== undefined ? { reason } : {}) };
  }

  private openSession(session: Session): OpenResult {
    this.install(session);
    this.step = this.agent ? resumeStep(this.agent, session.turns) : { ...initialStep(), turns: session.turns };
    return { ok: true, view: this.view() };
  }

  /** Replaces the editable part; recorded turns are kept (Reset runs again with the new definition). */
  setDefinition(def: SessionDefinition): OpenResult {
    const parsed = parseSession({ version: 1, ...def, turns: [] });
    if (!parsed.ok) return { ok: false, errors: parsed.errors };
    const turns = this.step.turns;
    this.install({ ...parsed.session, turns });
    if (this.agent) this.step = resumeStep(this.agent, turns);
    return { ok: true, view: this.view() };
  }

  private install(session: Session): void {
    this.session = session;
    this.replMemory = new Map();
    this.replHistory = [];
    const prepared = prepareAgent({
      mission: session.mission,
      tools: session.tools,
      data: session.data,
      maxTurns: session.maxTurns,
      compression: session.compression,
      ...(session.limits ? { limits: session.limits } : {}),
    });
    this.agent = prepared.ok ? prepared.agent : null;
    this.problems = prepared.ok ? [] : prepared.errors;
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('No session is open');
    return this.session;
  }

  /**
   * Runs the next turn. `reply` (what a person typed as the LLM) replaces the mock's scripted reply
   * for this turn and is kept in the script, so the session replays the same way.
   */
  stepTurn(reply?: string, options: ViewOptions = {}): StepResult {
    const session = this.requireSession();
    const n = this.step.turns.length + 1;
    if (!this.agent) return { ok: false, error: `The session cannot run: ${this.problems.join('; ')}`, view: this.view(options) };
    if (this.step.status !== 'running') return { ok: false, error: `The run has ended (${this.step.status.replace(/_/g, ' ')}); reset it to run again`, view: this.view(options) };
    const replies = [...(session.llm.replies ?? [])];
    const text = reply ?? replies[n - 1];
    if (text === undefined) {
      return { ok: false, error: `The mock LLM has no reply for turn ${n} (its script has ${replies.length}); write one to continue`, view: this.view(options) };
    }
    if (reply !== undefined) {
      while (replies.length < n - 1) replies.push('');
      replies[n - 1] = reply;
      this.session = { ...session, llm: { ...session.llm, replies } };
    }
    const { messages } = messagesFor(this.agent, this.step);
    this.step = applyReply(this.agent, this.step, text, messages);
    return { ok: true, view: this.view({ ...options, selected: undefined }) };
  }

  reset(options: ViewOptions = {}): View {
    this.step = initialStep();
    this.replMemory = new Map();
    this.replHistory = [];
    return this.view({ ...options, selected: undefined });
  }

  view(options: ViewOptions = {}): View {
    const session = this.requireSession();
    const turns = this.step.turns;
    const running = this.step.status === 'running';
    const last = running ? turns.length + 1 : Math.max(turns.length, 1);
    const selected = Math.min(Math.max(options.selected ?? last, 1), last);
    const before = turns.slice(0, selected - 1);
    const memoryBefore: Memory = before.length > 0 ? before[before.length - 1].memory : new Map();
    const agent = this.agent;
    const chosen = (options.strategy !== undefined ? findStrategy(options.strategy) : undefined) ?? agent?.strategy ?? fullHistory;
    const recordedTurn = selected <= turns.length ? turns[selected - 1] : undefined;
    const render = (strategy: typeof chosen): RenderView => {
      if (!agent) return { strategy: strategy.name, messages: [], stats: emptyStats(), recorded: false, stale: false };
      const r = messagesForTurn(agent, turns, selected, strategy);
      const rendered = r.messages.map((m) => ({ role: m.role, content: m.content }));
      // A turn that ran shows what it was really sent under the session's strategy (R1, DBG-005).
      if (recordedTurn && strategy === agent.strategy && recordedTurn.messages.length > 0) {
        const sent = recordedTurn.messages.map((m) => ({ role: m.role, content: m.content }));
        const stale = JSON.stringify(sent) !== JSON.stringify(rendered);
        const characters = sent.reduce((n, m) => n + m.content.length, 0);
        return { strategy: strategy.name, messages: sent, stats: { ...r.stats, messages: sent.length, characters }, recorded: true, stale };
      }
      return { strategy: strategy.name, messages: rendered, stats: r.stats, recorded: false, stale: false };
    };
    const replies = session.llm.replies ?? [];
    return {
      definition: definitionOf(session),
      problems: [...this.problems],
      warnings: agent ? [...agent.warnings] : [],
      missionExpanded: agent ? agent.mission.text : session.mission,
      status: this.step.status,
      ...(this.step.status === 'returned' ? { returnValue: cut(printValue(this.step.return ?? null)) } : {}),
      ...(this.step.fail ? { failMessage: this.step.fail.message } : {}),
      maxTurns: session.maxTurns,
      tools: session.tools.map((t) => {
        const sig = parseSignature(t.signature);
        return {
          name: t.name,
          signature: t.signature,
          ...(t.description !== undefined ? { description: t.description } : {}),
          impl: t.impl,
          callForm: formatCallForm(t.name, sig.ok ? sig.params : []),
          ...(sig.ok ? {} : { signatureError: sig.message }),
        };
      }),
      data: [...session.data].map(([name, v]) => ({ name, type: typeOf(v), sample: sampleOf(v) })),
      turns: turns.map(turnView),
      selected,
      user: userView(memoryBefore),
      compressed: render(chosen),
      full: render(fullHistory),
      sessionStrategy: agent ? strategyName(agent) : 'full-history',
      strategies: STRATEGIES.map((s) => ({ name: s.name, description: s.description })),
      nextReply: running ? (replies[turns.length] ?? null) : null,
      sessionText: serializeSession({ ...session, turns: [...turns] }),
    };
  }

  /**
   * Evaluates a program against the session's data and tools and the definitions after the latest
   * turn, plus the REPL's own definitions (which never change the session).
   */
  repl(program: string): ReplResult {
    const session = this.requireSession();
    const memory = new Map<string, Definition>(this.step.memory);
    for (const [k, d] of this.replMemory) memory.set(k, d);
    const r = run({ program, memory, data: session.data, tools: this.agent?.tools ?? [], limits: session.limits, history: this.replHistory });
    if (!r.ok) return { ok: false, error: errorView(r.error), prints: r.prints, signal: null, durationMs: r.durationMs };
    for (const d of r.defined) this.replMemory.set(d.name, d);
    this.replHistory = [r.value, ...this.replHistory].slice(0, 3);
    return { ok: true, result: cut(printValue(r.value)), prints: r.prints, signal: r.signal, durationMs: r.durationMs };
  }

  /** Token counts (o200k_base, as GPT-4o counts) of each text; the tokenizer loads on first use. */
  async countTokens(texts: readonly string[]): Promise<number[]> {
    this.tokenizer ??= import('gpt-tokenizer/encoding/o200k_base').then((m) => (text: string) => m.countTokens(text));
    const count = await this.tokenizer;
    return texts.map(count);
  }

  exportSession(): string {
    return serializeSession({ ...this.requireSession(), turns: [...this.step.turns] });
  }
}

function emptyStats(): RenderStats {
  return { turnsSummarized: 0, toolCallsShown: 0, toolCallsDropped: 0, printsShown: 0, printsDropped: 0, failedTurnsCollapsed: 0, messages: 0, characters: 0 };
}
