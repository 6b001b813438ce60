// The engine as the playground sees it: one open session, its live run, and plain-JSON views of both
// (./views.ts). The worker exposes it to the page through PageApi (./page-api.ts); tests use it directly.
import { addUsage, LlmError } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import { applyReply, applyReplyLive, initialStep, messagesFor, prepareAgent, resumeStep, type PreparedAgent, type ReplyMeta } from '../agent/loop.ts';
import { DEFAULT_TOOL_WAIT_MS } from '../agent/external-tools.ts';
import type { McpServerRecord } from '../records/mcp-tools.ts';
import { createLlm, type ProviderOptions } from '../agent/providers/index.ts';
import { formatCallForm, parseSignature } from '../records/signature.ts';
import type { Step, Turn } from '../agent/turn.ts';
import type { Memory, Message } from '../records/records.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import { STRATEGIES, findStrategy } from '../compression/strategies/index.ts';
import { typeOf } from '../compression/type-vocabulary.ts';
import { loadTokenizer, memoizedCounter } from '../compression/tokens.ts';
import { printValue } from '../lisp/printer.ts';
import { problem, type Problem } from '../lisp/problem.ts';
import { decodeLink } from '../session/link-codec.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../session/session-file.ts';
import type { DiscardedRequest } from '../session/schema.ts';
import { compareView, requestMessages, type CompareView } from './compare-view.ts';
import { diagnoseProgram } from './editor-help.ts';
import { sentWithOf } from './sent-with.ts';
import { requestView } from './request-view.ts';
import { shareLinkOf, type ShareOptions } from './share-link.ts';
import { branchList } from '../session/branches.ts';
import { withPreviousRunCalls } from '../session/previous-run.ts';
import { messageSides, strategyNameOf } from './message-views.ts';
import { referenceEntries, type RefEntry } from '../lisp/reference/index.ts';
import { checkLessonCode, lessonList } from './lessons.ts';
import { headOf, SavedPieces } from './saved-text.ts';
import type { SavedText } from './view-parts.ts';
import { readDefinition } from './definition-input.ts';
import { ReplScratch, type ReplContext } from './repl-scratch.ts';
import { metaOf, type PendingReply } from './pending-reply.ts';
import type { SessionRenders } from './tokenizer-need.ts';
import { cachedTurnView, cut, dataCharsOf, definitionOf, sampleOf, serverToolsOf, systemPromptViewOf, userView } from './views.ts';
import type { AgentDef } from '../agent/agent.ts';
import { checkTarget, LiveServers, withoutServer, withServer, withToolChanged, type LiveServersOptions, type ToolChange } from './mcp-servers.ts';
import { withProgress } from './turn-progress.ts';
import type {
  DefinitionPart,
  ExportOptions,
  OpenResult,
  RenderView,
  ReplResult,
  RequestResult,
  SessionDefinition,
  ShareLinkResult,
  StepResult,
  TurnProgress,
  View,
  ViewOptions,
} from './views.ts';

export type * from './views.ts';
export { turnView, userView } from './views.ts';

const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * One open session and its run. Every method is synchronous except token counting, LLM requests,
 * connecting MCP servers and the turns that call them (`stepTurnLive`, `applyRequestedLive`).
 */
export class Engine {
  private pending: PendingReply | null = null;
  private inFlight: AbortController | null = null;
  /** The tool calls of the turn being made, aborted by Stop. */
  private turnCalls: AbortController | null = null;
  /** The open session's live MCP servers: none until the person connects one. */
  private live: LiveServers;
  /** Counts the sessions opened from outside: a turn or a connect that waited across one is dropped. */
  private openings = 0;

  /** `providerOptions` reach the real providers, `mcpOptions` the MCP servers' connections (tests give their own). */
  constructor(
    private readonly providerOptions: ProviderOptions = {},
    private readonly mcpOptions: LiveServersOptions = {},
  ) {
    this.live = new LiveServers(mcpOptions);
  }

  private session: Session | null = null;
  private agent: PreparedAgent | null = null;
  private problems: Problem[] = [];
  private step: Step = initialStep();
  private readonly pieces = new SavedPieces();
  private scratch = new ReplScratch();
  /** The REPL's calls in flight, if any (Stop aborts them as a turn's). */
  private replCalls: AbortController | null = null;
  /** This engine's own prefix of epochs, so a restarted worker's views never pass for the old one's. */
  private readonly instance = Math.random().toString(36).slice(2, 10);
  private epochs = 0;
  private epoch = `${this.instance}.0`;
  private definitionRev = 0;
  private tracked: { session: Session | null; turns: readonly Turn[] } = { session: null, turns: [] };
  private partCache: { session: Session; agent: PreparedAgent | null; part: DefinitionPart } | null = null;
  /** The turn and strategy of the last view given: an edit of the definition keeps showing them. */
  private shown: ViewOptions = {};
  /**
   * The last messages rendered for this session (with the turn and strategy they are for): while an
   * edit leaves the session unable to run, the view keeps them, marked out of date, instead of none.
   */
  private lastRendered: { selected: number; strategy: string; compressed: RenderView; full: RenderView } | null = null;

  /** Opens a session file's text (or parsed JSON); recorded turns are resumed. Never throws. */
  open(input: string | object): OpenResult {
    const parsed = parseSession(input);
    if (!parsed.ok) return { ok: false, problems: [...parsed.problems] };
    // What was changed to open it (a turn limit raised to hold its turns) is said, not hidden.
    return this.openTotally(parsed.session, [...parsed.warnings], true);
  }

  /** Opens a session already decoded (another branch of the open one), as open does. */
  replace(session: Session): OpenResult {
    return this.openTotally(session, []);
  }

  /**
   * Opens a share link's fragment (`s=…`, with or without `#`). A damaged, hostile or newer link
   * changes nothing and says why; session problems are listed by path, as `open` does. Never throws.
   */
  openLink(fragment: string): OpenResult {
    const decoded = decodeLink(fragment);
    if (!decoded.ok) return { ok: false, problems: decoded.details ?? [problem('link', '', 'refused', decoded.error)] };
    return this.openTotally(decoded.session, decoded.warnings, true);
  }

  /**
   * openSession, or a refusal that leaves the open session as it was when anything in it throws. A
   * session from outside (`fresh`: a file, a link, not another branch of this one) starts with no
   * server connected, whatever the one before had.
   */
  private openTotally(session: Session, warnings: string[], fresh = false): OpenResult {
    const before = {
      session: this.session,
      agent: this.agent,
      problems: this.problems,
      step: this.step,
      scratch: this.scratch,
      pending: this.pending,
      live: this.live,
    };
    try {
      if (fresh) this.live = new LiveServers(this.mcpOptions);
      const r = this.openSession(session);
      if (fresh) {
        before.live.close();
        this.openings++;
        this.turnCalls?.abort(new Error('another session was opened'));
      }
      return warnings.length > 0 && r.ok ? { ...r, warnings } : r;
    } catch (e) {
      Object.assign(this, before);
      const why = e instanceof RangeError ? 'it is too large or too deeply nested' : 'something in it could not be prepared';
      return { ok: false, problems: [problem('session', 'session', 'refused', `could not be opened: ${why}`)] };
    }
  }

  /** The open session as a share link's fragment (without its turns or other branches when asked). */
  shareLink(options: ShareOptions): ShareLinkResult {
    return shareLinkOf(this.current(), options);
  }

  private openSession(session: Session): OpenResult {
    this.install(session);
    // Another session (or branch): the REPL's scratch definitions belonged to the one before.
    this.scratch = new ReplScratch();
    this.lastRendered = null;
    this.pending = null;
    this.step = this.agent ? resumeStep(this.agent, session.turns) : { ...initialStep(), turns: session.turns };
    return { ok: true, view: this.view() };
  }

  /**
   * Replaces the editable part; recorded turns are kept (Reset runs again with the new definition).
   * The view shows the turn and strategy the last view showed, unless `options` say otherwise.
   */
  setDefinition(def: SessionDefinition, options: ViewOptions = this.shown): OpenResult {
    const parsed = readDefinition(def, this.session);
    if (!parsed.ok) return { ok: false, problems: [...parsed.problems] };
    const turns = this.step.turns;
    // What the definition does not hold stays as it was: the servers, the other branches, the requests
    // this run discarded, the calls kept from the run before, the file's fields this build does not know.
    const { mcpServers, branch, branches, discardedRequests, previousRunCalls, extra } = this.session ?? {};
    this.install({
      ...parsed.session,
      ...(mcpServers !== undefined ? { mcpServers } : {}),
      ...(branch !== undefined ? { branch } : {}),
      ...(branches !== undefined ? { branches } : {}),
      ...(discardedRequests !== undefined ? { discardedRequests } : {}),
      ...(previousRunCalls !== undefined ? { previousRunCalls } : {}),
      ...(extra !== undefined ? { extra } : {}),
      turns,
    });
    if (this.agent) this.step = resumeStep(this.agent, turns);
    return { ok: true, view: this.view(options) };
  }

  private install(session: Session): void {
    this.session = session;
    const prepared = prepareAgent({ ...sessionToAgent(session), ...this.liveTools() });
    this.agent = prepared.ok ? prepared.agent : null;
    this.problems = prepared.ok ? [] : prepared.problems;
  }

  private requireSession(): Session {
    if (!this.session) throw new Error('No session is open');
    return this.session;
  }

  /**
   * Runs the next turn. `reply` (what a person typed as the LLM) replaces the mock's scripted reply
   * for this turn and is kept in the script, so the session replays the same way. Calls of MCP
   * servers are answered from the record: with a server connected, stepTurnLive makes the turn.
   */
  stepTurn(reply?: string, options: ViewOptions = {}): StepResult {
    const next = this.nextTurn(reply, options);
    if (!next.ok) return next.refused;
    if (next.agent.external.host !== null) return { ok: false, error: 'A server is connected: stepTurnLive makes its calls', view: this.view(options) };
    this.step = applyReply(next.agent, this.step, next.text, next.messages);
    return { ok: true, view: this.view({ ...options, selected: undefined }) };
  }

  /** What an agent of this session adds: connected servers make their calls live, the others' answer from the record. */
  liveTools(): Partial<AgentDef> {
    // T5: the calls kept from the run before the last Reset answer this run's, the session's field so a reload keeps them.
    const kept = this.session?.previousRunCalls;
    return { ...(kept !== undefined ? { toolRecord: [{ toolCalls: kept }] } : {}), ...(this.live.anyConnected() ? { mcp: this.live } : {}) };
  }

  /** stepTurn, with the calls of connected servers made live; `onProgress` hears when the program waits on them. */
  async stepTurnLive(reply?: string, options: ViewOptions = {}, onProgress?: TurnProgress): Promise<StepResult> {
    if (this.turnCalls !== null) return { ok: false, error: 'A turn is still waiting on its tool calls', view: this.view(options) };
    const next = this.nextTurn(reply, options);
    if (!next.ok) return next.refused;
    return this.makeTurn(next.agent, next.text, next.messages, {}, options, onProgress);
  }

  /** The agent, reply and messages of the next turn, or why it cannot be made. */
  private nextTurn(
    reply: string | undefined,
    options: ViewOptions,
  ): { ok: true; agent: PreparedAgent; text: string; messages: readonly Message[] } | { ok: false; refused: StepResult } {
    const session = this.requireSession();
    const n = this.step.turns.length + 1;
    const refuse = (error: string) => ({ ok: false as const, refused: { ok: false as const, error, view: this.view(options) } });
    if (!this.agent) return refuse(`The session cannot run: ${this.problems.map((p) => p.text).join('; ')}`);
    if (this.step.status !== 'running') return refuse(`The run has ended (${this.step.status.replace(/_/g, ' ')}); reset it to run again`);
    const replies = [...(session.llm.replies ?? [])];
    const text = reply ?? replies[n - 1];
    if (text === undefined) return refuse(`The mock LLM has no reply for turn ${n} (its script has ${replies.length}); write one to continue`);
    if (reply !== undefined) {
      while (replies.length < n - 1) replies.push('');
      replies[n - 1] = reply;
      this.session = { ...session, llm: { ...session.llm, replies } };
    }
    return { ok: true, agent: this.agent, text, messages: messagesFor(this.agent, this.step).messages };
  }

  /**
   * Applies a reply, its calls made live when a server is connected. Stop (abortToolCalls) aborts
   * the calls in flight and the turn is not made; nor is it when another session was opened or the
   * run was reset meanwhile. `stopped` runs when Stop ended it.
   */
  private async makeTurn(
    agent: PreparedAgent,
    text: string,
    messages: readonly Message[],
    meta: ReplyMeta,
    options: ViewOptions,
    onProgress: TurnProgress | undefined,
    stopped?: () => void,
  ): Promise<StepResult> {
    if (agent.external.host === null) {
      this.step = applyReply(agent, this.step, text, messages, meta);
      return { ok: true, view: this.view({ ...options, selected: undefined }) };
    }
    const start = this.step;
    const openings = this.openings;
    const controller = new AbortController();
    this.turnCalls = controller;
    const changed = () => this.openings !== openings || this.step.turns !== start.turns;
    let step: Step;
    try {
      step = await applyReplyLive(withProgress(agent, onProgress), start, text, messages, meta, controller.signal);
    } catch (e) {
      if (!controller.signal.aborted) throw e;
      if (changed())
        return { ok: false, error: 'Another session was opened while the turn waited on its tool calls: it was not made', view: this.view(options) };
      stopped?.();
      return { ok: false, stopped: true, error: 'Stopped: the tool calls in flight were aborted and the turn was not made', view: this.view(options) };
    } finally {
      if (this.turnCalls === controller) this.turnCalls = null;
    }
    if (changed()) return { ok: false, error: 'The run changed while the turn waited on its tool calls: it was not made', view: this.view(options) };
    this.step = step;
    return { ok: true, view: this.view({ ...options, selected: undefined }) };
  }

  /** Stops the tool calls of the turn being made (Stop): the turn is not made. False when none are in flight. */
  abortToolCalls(): boolean {
    const calls = this.turnCalls;
    calls?.abort(new Error('stopped'));
    const repl = this.replCalls;
    repl?.abort(new Error('stopped'));
    return calls !== null || repl !== null;
  }

  /**
   * Connects to an HTTP server (again): a new name joins the session's servers at once, shown
   * connecting; once connected, its record holds the tools it listed now (T1), and turns call it live.
   * `headers` go with its requests and nowhere else. Never throws.
   */
  async connectServer(name: string, url: string, headers?: Readonly<Record<string, string>>): Promise<StepResult> {
    const session = this.requireSession();
    const target = checkTarget(name, url);
    if (!target.ok) return { ok: false, error: target.error, view: this.view(this.shown) };
    const recordOf = (servers: readonly McpServerRecord[] | undefined): McpServerRecord => {
      const old = servers?.find((s) => s.name === name);
      return { name, transport: 'http', url: target.url, tools: old?.tools ?? [] };
    };
    this.installKeepingTurns(withServer(session, recordOf(session.mcpServers)));
    const live = this.live;
    // Meanwhile, any view shows the server connecting.
    const outcome = await live.connect({ name, transport: 'http', url: target.url, ...(headers !== undefined ? { headers: { ...headers } } : {}) });
    if (outcome.kind === 'superseded' || live !== this.live) return { ok: false, error: `Connecting to ${name} was superseded`, view: this.view(this.shown) };
    const now = this.requireSession();
    if (outcome.kind === 'failed') {
      this.install(now);
      return { ok: false, error: outcome.error, view: this.view(this.shown) };
    }
    this.installKeepingTurns(withServer(now, outcome.refresh(recordOf(now.mcpServers))));
    return { ok: true, view: this.view(this.shown) };
  }

  /** Closes a server's connection: its calls are answered from the record again. */
  disconnectServer(name: string): StepResult {
    this.live.disconnect(name);
    this.install(this.requireSession());
    return { ok: true, view: this.view(this.shown) };
  }

  /** Takes a server out of the session (its connection closed); recorded turns keep their calls. */
  removeServer(name: string): StepResult {
    const session = this.requireSession();
    this.live.disconnect(name);
    this.installKeepingTurns(withoutServer(session, name));
    return { ok: true, view: this.view(this.shown) };
  }

  /** Renames one of a server's tools (`as`, '' for its own) or hides it, in the session's snapshot (withToolChanged). */
  setServerTool(server: string, tool: string, change: ToolChange): StepResult {
    const problemsOf = (next: Session): string[] => {
      const prepared = prepareAgent(sessionToAgent(next));
      return prepared.ok ? [] : prepared.problems.map((p) => p.text);
    };
    const r = withToolChanged(this.requireSession(), server, tool, change, problemsOf);
    if (!r.ok) return { ok: false, error: r.error, view: this.view(this.shown) };
    this.installKeepingTurns(r.session);
    return { ok: true, view: this.view(this.shown) };
  }

  /** Installs a changed session around the run's turns, replayed as after an edit (their calls from the record). */
  private installKeepingTurns(session: Session): void {
    const turns = this.step.turns;
    this.install({ ...session, turns });
    if (this.agent) this.step = resumeStep(this.agent, turns);
  }

  reset(options: ViewOptions = {}): View {
    // T5: the run's calls of servers answer the next run's (a run without turns leaves what was kept).
    if (this.step.turns.length > 0 && this.session !== null) this.session = withPreviousRunCalls(this.session, this.step.turns);
    this.step = initialStep();
    this.lastRendered = null;
    this.pending = null;
    // A new run: the tokens of the last run's unused requests are no longer its cost.
    if (this.session?.discardedRequests !== undefined) {
      const { discardedRequests: _dropped, ...rest } = this.session;
      this.session = rest;
    }
    this.scratch = new ReplScratch();
    if (this.session !== null) this.install(this.session);
    return this.view({ ...options, selected: undefined });
  }

  view(options: ViewOptions = {}): View {
    const session = this.requireSession();
    const turns = this.step.turns;
    this.track(session, turns);
    this.shown = {
      ...(options.selected !== undefined ? { selected: options.selected } : {}),
      ...(options.strategy !== undefined ? { strategy: options.strategy } : {}),
    };
    const running = this.step.status === 'running';
    const last = running ? turns.length + 1 : Math.max(turns.length, 1);
    const selected = Math.min(Math.max(options.selected ?? last, 1), last);
    const before = turns.slice(0, selected - 1);
    const memoryBefore: Memory = before.length > 0 ? before[before.length - 1].memory : new Map();
    const agent = this.agent;
    const chosen = (options.strategy !== undefined ? findStrategy(options.strategy) : undefined) ?? agent?.strategy ?? fullHistory;
    const unavailable = `The messages cannot be rendered: ${this.problems.map((p) => p.text).join('; ')}`;
    const label = options.strategy ?? strategyNameOf(session.compression);
    let { compressed, full } = messageSides({ agent, turns, selected, chosen, label, unavailable });
    const kept = this.lastRendered;
    if (agent) this.lastRendered = { selected, strategy: compressed.strategy, compressed, full };
    else if (kept !== null && kept.selected === selected && kept.strategy === compressed.strategy) {
      compressed = { ...kept.compressed, unavailable };
      full = { ...kept.full, unavailable };
    }
    const replies = session.llm.replies ?? [];
    return {
      setup: this.definitionPart(session),
      epoch: this.epoch,
      definitionRev: this.definitionRev,
      status: this.step.status,
      ...(this.step.status === 'returned' ? { returnValue: cut(printValue(this.step.return ?? null)) } : {}),
      ...(this.step.fail ? { failMessage: this.step.fail.message } : {}),
      // Each turn's view is made once (turns never change): a view costs the new turns, not all.
      turns: turns.map(cachedTurnView),
      selected,
      user: userView(memoryBefore),
      compressed,
      full,
      nextReply: running ? (replies[turns.length] ?? null) : null,
      usage: {
        ...(this.step.usage.tokens !== undefined ? { tokens: { ...this.step.usage.tokens } } : {}),
        ...(session.discardedRequests !== undefined ? { discarded: session.discardedRequests.map((r) => ({ ...r })) } : {}),
        durationMs: this.step.usage.durationMs,
        llmMs: this.step.usage.llmMs,
      },
      request: requestView(this.agent, session, this.step, selected),
      branches: branchList({ ...session, turns }),
      servers: this.live.view(session.mcpServers ?? []),
    };
  }

  /**
   * Notices what changed since the last view: a new session object is a new definition (every edit,
   * typed reply or discarded request makes one), and turns that do not extend the last ones are a new
   * epoch (another session, a reset), so the page never keeps turns from before.
   */
  private track(session: Session, turns: readonly Turn[]): void {
    if (session !== this.tracked.session) {
      this.tracked.session = session;
      this.definitionRev++;
    }
    const known = this.tracked.turns;
    const extends_ = turns.length >= known.length && (known.length === 0 || turns[known.length - 1] === known[known.length - 1]);
    if (!extends_) this.epoch = `${this.instance}.${++this.epochs}`;
    this.tracked.turns = turns;
  }

  /** The definition's part of the view, made again only when the session or its prepared agent changed. */
  private definitionPart(session: Session): DefinitionPart {
    const agent = this.agent;
    const cached = this.partCache;
    if (cached && cached.session === session && cached.agent === agent) return cached.part;
    const head = headOf(session);
    const part: DefinitionPart = {
      definition: definitionOf(session, head),
      dataChars: head.dataText?.length ?? dataCharsOf(head.text),
      problems: [...this.problems],
      warnings: agent ? [...agent.warnings] : [],
      missionExpanded: agent ? agent.mission.text : session.mission,
      maxTurns: session.maxTurns,
      tools: session.tools.map((t, i) => {
        const sig = parseSignature(t.signature);
        // prepareAgent words it once, as `tools[i]: …`; the panel shows it at the tool without the path.
        const prefix = `tools[${i}]: `;
        const arity = agent?.warnings.find((w) => w.startsWith(prefix));
        return {
          name: t.name,
          signature: t.signature,
          ...(t.description !== undefined ? { description: t.description } : {}),
          impl: t.impl,
          callForm: formatCallForm(t.name, sig.ok ? sig.params : []),
          ...(sig.ok ? {} : { signatureError: sig.message }),
          ...(arity !== undefined ? { arityWarning: arity.slice(prefix.length) } : {}),
        };
      }),
      data: [...session.data].map(([name, v]) => ({ name, type: typeOf(v), sample: sampleOf(v) })),
      sessionStrategy: agent ? agent.strategy.name : strategyNameOf(session.compression),
      strategies: STRATEGIES.map((s) => ({ name: s.name, description: s.description, options: [...s.options] })),
      systemPrompt: systemPromptViewOf(session, this.agent),
      mcpServers: serverToolsOf(session.mcpServers ?? []),
    };
    this.partCache = { session, agent, part };
    return part;
  }

  /** The session's text in pieces, each made once per turn and definition (saved-text.ts). */
  savedText(): SavedText {
    return this.pieces.text(this.requireSession(), this.step.turns);
  }

  /** What the open session renders with (its settings, its other branches'), and the strategy its view shows. */
  renders(): SessionRenders {
    const s = this.session;
    if (s === null) return { settings: [] };
    const branches = (s.branches ?? []).map((b) => ({ compression: b.compression, maxTurns: s.maxTurns }));
    return { settings: [s, ...branches], ...(this.shown.strategy !== undefined ? { shown: this.shown.strategy } : {}) };
  }

  /**
   * Asks the session's LLM (a real provider) for the next turn's reply, streaming its text to `onText`.
   * Nothing is applied: `applyRequested` makes the turn. A failed or stopped request changes no turn;
   * what it cost is added to the session's discarded requests. The key is used for this request only.
   */
  async requestReply(apiKey: string, onText?: (textSoFar: string) => void): Promise<RequestResult> {
    const session = this.requireSession();
    const fail = (kind: LlmError['kind'], message: string, partialText?: string): RequestResult => ({
      ok: false,
      error: { kind, message },
      ...(partialText !== undefined && partialText !== '' ? { partialText } : {}),
      view: this.view(),
    });
    if (!this.agent) return fail('provider', `The session cannot run: ${this.problems.map((p) => p.text).join('; ')}`);
    if (this.step.status !== 'running') return fail('provider', `The run has ended (${this.step.status.replace(/_/g, ' ')}); reset it to run again`);
    if (session.llm.provider === 'mock') return fail('provider', 'The session uses the mock LLM: Step takes its scripted reply');
    if (this.inFlight) return fail('provider', 'A request to the LLM is already running');
    const number = this.step.turns.length + 1;
    const { messages } = messagesFor(this.agent, this.step);
    const sentWith = sentWithOf(session.llm);
    let llm;
    try {
      llm = createLlm(session.llm, apiKey, this.providerOptions);
    } catch (e) {
      return fail('provider', e instanceof Error ? e.message : String(e));
    }
    const controller = new AbortController();
    this.inFlight = controller;
    let received = '';
    const t0 = clock();
    try {
      const reply = await llm.complete({
        messages,
        turn: number,
        signal: controller.signal,
        stablePrefix: this.agent.stablePrefix,
        onText: (text) => {
          received = text;
          onText?.(text);
        },
      });
      const llmMs = clock() - t0;
      this.pending = { number, text: reply.text, messages, llmMs, sentWith, ...(reply.usage !== undefined ? { usage: reply.usage } : {}) };
      return { ok: true, reply: reply.text, llmMs, ...(reply.usage !== undefined ? { usage: reply.usage } : {}) };
    } catch (e) {
      const err = e instanceof LlmError ? e : new LlmError(e instanceof Error ? e.message : String(e), 'provider');
      this.discard(err, sentWith);
      const partial = err.partialText ?? received;
      const result = fail(err.kind, err.message, partial);
      if (!result.ok) {
        if (err.status !== undefined) result.error.status = err.status;
        if (err.retryAfterSeconds !== undefined) result.error.retryAfterSeconds = err.retryAfterSeconds;
      }
      return result;
    } finally {
      this.inFlight = null;
    }
  }

  /** Stops the request in flight, if any (its partial text comes back in requestReply's result). */
  abortRequest(): boolean {
    this.inFlight?.abort();
    return this.inFlight !== null;
  }

  /** Makes the next turn from the reply requestReply got, recorded with its usage and provider (calls answered from the record). */
  applyRequested(options: ViewOptions = {}): StepResult {
    const taken = this.takePending(options);
    if (!taken.ok) return taken.refused;
    if (taken.agent.external.host !== null) return { ok: false, error: 'A server is connected: applyRequestedLive makes its calls', view: this.view(options) };
    this.step = applyReply(taken.agent, this.step, taken.pending.text, taken.pending.messages, metaOf(taken.pending));
    return { ok: true, view: this.view({ ...options, selected: undefined }) };
  }

  /**
   * applyRequested, with the calls of connected servers made live. Stopped, the reply is not applied
   * and what it cost is counted with the requests this run discarded.
   */
  async applyRequestedLive(options: ViewOptions = {}, onProgress?: TurnProgress): Promise<StepResult> {
    if (this.turnCalls !== null) return { ok: false, error: 'A turn is still waiting on its tool calls', view: this.view(options) };
    const taken = this.takePending(options);
    if (!taken.ok) return taken.refused;
    const { pending } = taken;
    const stopped = () =>
      this.discard(new LlmError('stopped while its tool calls ran', 'aborted', pending.usage ? { usage: pending.usage } : {}), pending.sentWith);
    return this.makeTurn(taken.agent, pending.text, pending.messages, metaOf(pending), options, onProgress, stopped);
  }

  private takePending(options: ViewOptions): { ok: true; agent: PreparedAgent; pending: PendingReply } | { ok: false; refused: StepResult } {
    const pending = this.pending;
    this.pending = null;
    if (!this.agent || pending === null || pending.number !== this.step.turns.length + 1 || this.step.status !== 'running') {
      return { ok: false, refused: { ok: false, error: 'There is no reply from the LLM waiting to be applied; step again', view: this.view(options) } };
    }
    return { ok: true, agent: this.agent, pending };
  }

  /** Records a request that did not become a turn: where it went, why, and the tokens it still cost. */
  private discard(err: LlmError, sentWith: SentWith): void {
    const session = this.requireSession();
    const request: DiscardedRequest = {
      provider: sentWith.provider,
      ...(sentWith.model !== undefined ? { model: sentWith.model } : {}),
      kind: err.kind,
      ...(err.status !== undefined ? { status: err.status } : {}),
      ...addUsage(undefined, err.usage),
    };
    this.session = { ...session, discardedRequests: [...(session.discardedRequests ?? []), request] };
  }

  /**
   * Evaluates a program against the session's data and tools and the definitions after the latest
   * turn, plus the REPL's own definitions (which never change the session).
   */
  repl(program: string): ReplResult {
    return this.scratch.evaluate(program, this.replContext());
  }

  /** repl, with connected servers' calls made live: `onProgress` hears when it waits (as a turn's), Stop aborts them. */
  async replLive(program: string, onProgress?: TurnProgress): Promise<ReplResult> {
    const agent = this.agent;
    const host = agent === null ? null : withProgress(agent, onProgress).external.host;
    if (agent === null || host === null) return this.repl(program);
    const controller = new AbortController();
    this.replCalls = controller;
    const waitMs = agent.def.toolLimits?.toolWaitMs ?? DEFAULT_TOOL_WAIT_MS;
    try {
      return await this.scratch.evaluateLive(program, this.replContext(), host, { waitMs, signal: controller.signal });
    } finally {
      if (this.replCalls === controller) this.replCalls = null;
    }
  }

  /** The REPL's definitions made again from the programs that made them (after a worker restart). */
  restoreRepl(programs: readonly string[]): string[] {
    return this.scratch.restore(programs, this.replContext());
  }

  private replContext(): ReplContext {
    const session = this.requireSession();
    return { memory: this.step.memory, data: session.data, tools: this.agent?.tools ?? [], limits: session.limits };
  }

  /** Token counts (o200k_base, as GPT-4o counts) of each text; the tokenizer loads on first use. */
  async countTokens(texts: readonly string[]): Promise<number[]> {
    return texts.map(await loadTokenizer('o200k_base'));
  }

  readonly lessons = lessonList; // the course and its checker need no open session (./lessons.ts)
  readonly checkLesson = checkLessonCode;
  /** The language reference: every special form, macro, function and constant, each spelling its own entry. */
  reference(): RefEntry[] {
    return [...referenceEntries()];
  }

  /** Problems of a program being typed, against the session and the latest definitions (nothing runs). */
  diagnose(program: string): Problem[] {
    return diagnoseProgram(program, this.session, [...this.step.memory.keys(), ...this.scratch.names()]);
  }

  /** Every strategy's figures over the recorded run, beside full history (the tokenizer loads on first use). */
  async compare(): Promise<CompareView | null> {
    if (!this.agent) return null;
    return compareView(this.agent, this.step.turns, memoizedCounter(await loadTokenizer('o200k_base')));
  }

  /** Turn `turn`'s request under a strategy, as the comparison renders it (null: no such strategy or turn). */
  requestMessages(strategy: string, turn: number): Message[] | null {
    return this.agent ? requestMessages(this.agent, this.step.turns, strategy, turn) : null;
  }

  /** The session file as serializeSession writes it (messages the engine re-renders left out). */
  exportSession(options: ExportOptions = {}): string {
    const session = this.current();
    if (options.withoutGallery !== true) return serializeSession(session);
    const { description: _description, tags: _tags, ...rest } = session;
    return serializeSession(rest);
  }

  /** The open session with its run's turns: what an export, a link or an experiment is made of. */
  current(): Session {
    return { ...this.requireSession(), turns: [...this.step.turns] };
  }
}
