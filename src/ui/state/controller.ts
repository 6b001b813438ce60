// The one owner of the page's state and actions: the store, the engine client, the key store, the
// session lane, the turn asked of an LLM, the token counts and the features' own stores. Made once at
// the root (PlaygroundProvider); its methods are the actions, each beside its "can it run now".
// Data flows one way: action → engine call → store → view.
import type { ExportOptions, OpenResult, SessionDefinition, View } from '../../worker/engine.ts';
import type { BranchSide, ForkRequest } from '../../worker/branch-ops.ts';
import type { Problem } from '../../lisp/problem.ts';
import { allowanceFor, EngineRestarted, watchdogFor, type EngineClient } from '../engine/client.ts';
import type { BranchResult } from '../engine/synced-api.ts';
import { sessionTextOf } from '../engine/session-text.ts';
import { KeyStore, normalizeBaseUrl } from '../persistence/keys.ts';
import { confirmServerHere, isConfirmedHere, isServerConfirmedHere } from './confirmed-urls.ts';
import { asksLlm, resetAvailability, runAvailability, stepAvailability, stopAvailability, type Availability } from './availability.ts';
import { realClock, type Clock } from './clock.ts';
import { requestTurn } from './request-turn.ts';
import { resetBlocker, stopEffect, type CallLane, type RunMachine } from './run-machine.ts';
import { SessionLane } from './session-lane.ts';
import { createPlaygroundStore, scriptedReply, type PersistenceRef, type PlaygroundStore } from './store.ts';
import { TokenCounts } from './token-counts.ts';
import { ServerHeaders, type HeaderValues } from './server-headers.ts';
import { createPriceBook, followOtherTabs, type PriceBook } from '../persistence/prices.ts';

export interface OpenOutcome {
  ok: boolean;
  /** Why it was refused, by path (empty when it opened, or when the engine did not answer). */
  problems: Problem[];
  /** Things worth knowing about a session that opened (e.g. a link rendered by another build). */
  warnings?: string[];
}

/** How a branch action ended: the errors say why it was refused (none when the engine did not answer). */
export interface BranchOutcome {
  readonly ok: boolean;
  readonly errors: readonly string[];
}

/** How long Stop waits for an engine call in flight to answer before it restarts the worker. */
export const STOP_GRACE_MS = 250;

/** How connecting, disconnecting or removing a server ended (the view shows the server's state). */
export interface ServerOutcome {
  readonly ok: boolean;
  readonly error?: string;
}

/** Where an opened session came from: a base URL it brings is confirmed before the first request. */
type Source = 'file' | 'link' | 'saved';

/** Makes a feature's own store, once per controller (the factory is its key). */
export type StoreFactory<T> = (controller: PlaygroundController) => T;

export interface ControllerOptions {
  client: EngineClient;
  store?: PlaygroundStore;
  keys?: KeyStore;
  clock?: Clock;
  prices?: PriceBook;
  serverHeaders?: ServerHeaders;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class PlaygroundController {
  readonly store: PlaygroundStore;
  readonly client: EngineClient;
  /** API keys: kept apart from the store, handed only to LLM requests. */
  readonly keys: KeyStore;
  /** MCP servers' header values: kept apart from the store, handed only to their connections. */
  readonly serverHeaders: ServerHeaders;
  readonly clock: Clock;
  /** Edits and turns, one after the other. */
  readonly lane = new SessionLane();
  readonly tokens: TokenCounts;
  /** The prices costs are computed from (edited in the Prices dialog, saved in localStorage). */
  readonly prices: PriceBook;
  /** The turn being asked of an LLM: opening another session waits until it has settled. */
  private turnInFlight: Promise<boolean> | null = null;
  private readonly featureStores = new Map<StoreFactory<unknown>, unknown>();

  constructor({ client, store, keys, clock, prices, serverHeaders }: ControllerOptions) {
    this.client = client;
    this.serverHeaders = serverHeaders ?? new ServerHeaders();
    this.store = store ?? createPlaygroundStore();
    this.keys = keys ?? new KeyStore();
    this.clock = clock ?? realClock;
    this.tokens = new TokenCounts(client);
    this.prices = prices ?? createPriceBook();
  }

  private get s() {
    return this.store.getState();
  }

  /** A feature's store, made by `factory` on first use and kept for the controller's life. */
  storeFor<T>(factory: StoreFactory<T>): T {
    if (!this.featureStores.has(factory)) this.featureStores.set(factory, factory(this));
    return this.featureStores.get(factory) as T;
  }

  /**
   * Connects to the engine client: a restarted worker has the session back from its checkpoint, the
   * REPL's definitions are made again from the inputs that made them, and the servers connected
   * before connect again. Returns the disconnect.
   */
  attach(): () => void {
    this.client.onReopen((api) => {
      // The new worker has no connection: the servers this page had connected connect again (with
      // the header values given for them) once it has reopened the session, not waited for here.
      for (const s of this.s.view?.servers ?? []) {
        if ((s.status === 'connected' || s.status === 'connecting') && s.url !== undefined) void this.connectServer(s.name, s.url);
      }
      const programs = this.s.replPrograms;
      return programs.length > 0 ? api.restoreRepl(programs) : Promise.resolve();
    });
    // Prices saved in another tab are taken here too.
    const unfollow = followOtherTabs(this.prices);
    return () => {
      this.client.onReopen(null);
      unfollow();
    };
  }

  /** Takes a view that changed the session (remembered for a restart). */
  readonly accept = (view: View): void => {
    // The text is joined from the view's pieces only if a restart needs it.
    this.client.remember(() => sessionTextOf(view) ?? '');
    const limits = view.setup.definition.limits;
    // The interpreter stops a program at its time limit; the watchdog is the backstop past that.
    this.client.setWatchdog(watchdogFor(limits?.timeoutMs ?? 1000));
    this.s.setView(view);
  };

  /**
   * Runs an engine call, counted in the run machine under its lane, with notice bookkeeping; an
   * engine restart is reported (a run does not go on), the session kept.
   */
  readonly guarded = async <T>(fn: () => Promise<T>, lane: CallLane = 'other'): Promise<T | undefined> => {
    const s = this.store.getState;
    s().dispatch({ type: 'callStarted', lane });
    try {
      return await fn();
    } catch (e) {
      if (e instanceof EngineRestarted) {
        s().dispatch({ type: 'restarted' });
        s().setNotice({
          kind: 'error',
          text: e.afterMs > 0 ? e.message : 'Stopped. The engine was restarted; the session was kept as it was before the step.',
        });
        // A restart while the first session was opening leaves no session to show: the notice says
        // what happened, and the page keeps what it has.
        const view = await this.client.call('view', [this.viewOptions()]).catch(() => null);
        if (view !== null) s().setView(view);
        return undefined;
      }
      s().setNotice({ kind: 'error', text: messageOf(e) });
      return undefined;
    } finally {
      s().dispatch({ type: 'callEnded', lane });
    }
  };

  private turnCall<T>(fn: () => Promise<T>): Promise<T | undefined> {
    return this.guarded(fn, 'turn');
  }

  private viewOptions() {
    const { selected, strategy } = this.s;
    return { ...(selected !== null ? { selected } : {}), ...(strategy !== null ? { strategy } : {}) };
  }

  private strategyOption() {
    const { strategy } = this.s;
    return strategy !== null ? { strategy } : {};
  }

  /**
   * A session arrived from outside (example, file, link): a fresh UI state around it. `record` is the
   * saved session it is (opened from the sessions list), or null: a new source, saved as a new record.
   */
  private opened(r: OpenResult | undefined, source: Source, record: PersistenceRef | null = null): OpenOutcome {
    if (!r) return { ok: false, problems: [] };
    if (!r.ok) return { ok: false, problems: r.problems };
    const s = this.s;
    s.select(null);
    s.setStrategy(null);
    s.forgetRepl('Another session was opened: the REPL starts without definitions.');
    s.setDefinitionProblems([]);
    s.setNotice(null);
    s.setLlmFailure(null);
    s.setConfirming(null);
    // A base URL from a link or a file is confirmed before the first request; a saved session's only
    // when this browser never vouched for it (it may have come from a link before a reload).
    const baseUrl = r.view.setup.definition.llm.baseUrl;
    const ask = baseUrl !== undefined && (source !== 'saved' || !isConfirmedHere(baseUrl));
    s.setUnconfirmedBaseUrl(ask ? baseUrl : null);
    // The same for its MCP servers' URLs, asked when Connect is first pressed (nothing connects by itself).
    const serverUrls = r.view.servers.flatMap((x) =>
      x.url !== undefined && (source !== 'saved' || !isServerConfirmedHere(x.url)) ? [normalizeBaseUrl(x.url)] : [],
    );
    s.setUnconfirmedServerUrls(serverUrls);
    s.setConfirmingServer(null);
    // Before the view: autosave first finishes the session being replaced, then follows this one.
    s.setPersistence(record);
    this.accept(r.view);
    this.s.resetReply();
    return { ok: true, problems: [], ...(r.warnings && r.warnings.length > 0 ? { warnings: r.warnings } : {}) };
  }

  /**
   * A request to an LLM still under way belongs to the session open now: it is stopped, and its Step
   * has settled, before another session opens (its reply must not become the new session's turn).
   */
  async settleRequest(): Promise<void> {
    const turn = this.turnInFlight;
    if (!turn) return;
    if (this.s.llmCall !== null) await this.client.call('abortRequest');
    await turn.catch(() => undefined);
  }

  private openText(text: string) {
    // Opening megabytes of session (checked, resumed, rendered) is work a program's limit does not bound.
    return this.guarded(() => this.client.call('open', [text], { allowanceMs: allowanceFor(text.length) }));
  }

  /** Opens a session file's text (or its parsed object). */
  async open(input: string | object): Promise<OpenOutcome> {
    await this.settleRequest();
    const chars = typeof input === 'string' ? input.length : 0;
    return this.opened(await this.guarded(() => this.client.call('open', [input], { allowanceMs: allowanceFor(chars) })), 'file');
  }

  /**
   * Opens an example. `savedCopy` finds a saved session that already is this very session (the
   * example as it opens, untouched): that record is reopened, so opening an example again never saves
   * a duplicate; an example changed since (edits, turns) stays as it is and a fresh copy is saved.
   */
  async openExample(text: string, savedCopy: (view: View) => Promise<PersistenceRef | null>): Promise<OpenOutcome> {
    await this.settleRequest();
    const r = await this.openText(text);
    const record = r?.ok ? await savedCopy(r.view).catch(() => null) : null;
    return this.opened(r, 'file', record);
  }

  /** Opens a saved session (from the sessions list): autosave goes on saving to its record. */
  async openSaved(text: string, record: PersistenceRef): Promise<OpenOutcome> {
    await this.settleRequest();
    return this.opened(await this.openText(text), 'saved', record);
  }

  /** Opens a share link's fragment (`s=…`); a damaged one changes nothing. */
  async openLink(fragment: string): Promise<OpenOutcome> {
    await this.settleRequest();
    // A fragment inflates to up to four times its length (and at most 8 MB).
    return this.opened(await this.guarded(() => this.client.call('openLink', [fragment], { allowanceMs: allowanceFor(4 * fragment.length) })), 'link');
  }

  /** The session file's text as the engine writes it (for Export): made only when asked. */
  exportText(options?: ExportOptions): Promise<string | undefined> {
    return this.guarded(() => this.client.call('exportSession', [options]));
  }

  /** The share fragment of the open session, with or without its recorded turns. */
  share(options: boolean | { turns: boolean; branches?: boolean }) {
    return this.guarded(() => this.client.call('shareLink', [typeof options === 'boolean' ? { turns: options } : options]));
  }

  /** Asks the engine for the view again (another turn selected, another strategy shown). */
  async refresh(): Promise<void> {
    const view = await this.guarded(() => this.client.call('view', [this.viewOptions()]));
    if (view) this.s.setView(view);
  }

  async select(turn: number | null): Promise<void> {
    this.s.select(turn);
    await this.refresh();
  }

  async setStrategy(name: string | null): Promise<void> {
    this.s.setStrategy(name);
    await this.refresh();
  }

  /** A turn from the mock's script or from what a person typed as the LLM's reply. */
  private async typedStep(): Promise<boolean> {
    const { view, nextReply, replyEdited } = this.s;
    if (!view) return false;
    const scripted = scriptedReply(view);
    let reply: string | undefined;
    if (nextReply.trim() === '') {
      if (replyEdited || scripted !== null) {
        this.s.setNotice({
          kind: 'error',
          text: `The reply for turn ${view.turns.length + 1} is empty: write one${scripted !== null ? ', or Restore script' : ''}`,
        });
        return false;
      }
      // No script left and nothing typed: the engine refuses and says why; no turn is spent on nothing.
      reply = undefined;
    } else {
      // Send the editor's text only when it differs from the script (a person acting as the LLM).
      reply = nextReply !== scripted ? nextReply : undefined;
    }
    const r = await this.turnCall(() => this.client.call('stepTurn', [reply, this.strategyOption()]));
    if (!r) return false;
    this.s.select(null);
    if (!r.ok) {
      this.s.setNotice({ kind: r.stopped === true ? 'info' : 'error', text: r.error });
      this.s.setView(r.view);
      return false;
    }
    this.s.setNotice(null);
    this.accept(r.view);
    return r.view.status === 'running';
  }

  /** Asks the session's real LLM for the turn, remembered until it has settled. */
  private llmTurn(): Promise<boolean> {
    const turn = requestTurn({
      store: this.store,
      client: this.client,
      keys: this.keys,
      guarded: (fn) => this.turnCall(fn),
      accept: this.accept,
      viewOptions: () => this.strategyOption(),
      clock: this.clock,
    });
    this.turnInFlight = turn;
    const clear = () => {
      if (this.turnInFlight === turn) this.turnInFlight = null;
    };
    turn.then(clear, clear);
    return turn;
  }

  /**
   * One turn of a Step or of Run, in the session lane: after every edit sent before it (a waiting
   * one is sent now), so it is made on the definition the person sees. A Stop pressed while it waits
   * means it never starts. True when the run goes on.
   */
  private oneTurn(): Promise<boolean> {
    this.lane.sendWaitingEdits();
    return this.lane.enqueueTurn(async () => {
      if (this.s.machine.phase === 'stopping' || !this.s.view) return false;
      // A real LLM is asked unless a person typed the reply themselves.
      return asksLlm(this.s) ? this.llmTurn() : this.typedStep();
    });
  }

  /** One turn under the machine's phase (entered by the caller): the turn's end is always reported. */
  private async turnInPhase(): Promise<boolean> {
    let goOn = false;
    try {
      goOn = await this.oneTurn();
      return goOn;
    } finally {
      this.s.dispatch({ type: 'turnEnded', goOn });
    }
  }

  canStep(): Availability {
    return stepAvailability(this.s);
  }

  /** One turn; true when the run goes on. Refused unless idle (Run or another Step is under way). */
  async step(): Promise<boolean> {
    if (!this.s.dispatch({ type: 'step' })) return false;
    return this.turnInPhase();
  }

  canRun(): Availability {
    return runAvailability(this.s);
  }

  /** Turns until the run ends, fails or is stopped. */
  async run(): Promise<void> {
    if (!this.s.dispatch({ type: 'run' })) return;
    // Each turn ends in `running` (go on), `idle` (the run ended, failed, or Stop was pressed).
    while (this.s.machine.phase === 'running') await this.turnInPhase();
  }

  canStop(): Availability {
    return stopAvailability(this.s);
  }

  async stop(): Promise<void> {
    // Decided on the machine as Stop finds it: a request is aborted (its partial text comes back,
    // the worker is not restarted); a turn's call in flight may be a runaway program or a tool call
    // that never returns: the worker is restarted; a turn not started yet never starts.
    const effect = stopEffect(this.s.machine, this.s.llmCall !== null);
    this.s.dispatch({ type: 'stop' });
    if (effect === 'abort-request') await this.client.call('abortRequest');
    else if (effect === 'restart-worker') {
      // A turn waiting on tool calls leaves the worker free: it hears this at once, aborts the calls
      // and answers without the turn. A program that runs hears nothing until it ends.
      void this.client.call('abortToolCalls', [], { watchdog: false }).catch(() => undefined);
      // Most calls answer within milliseconds (a mock's turn): Stop between two of them ends the run
      // quietly, with the worker and everything it counted intact. A runaway does not answer.
      if (!(await this.machineSettles((m) => stopEffect(m, false) !== 'restart-worker', STOP_GRACE_MS))) await this.client.restart();
    }
  }

  /** True as soon as the run machine satisfies `done`; false when it still does not after `ms`. */
  private machineSettles(done: (m: RunMachine) => boolean, ms: number): Promise<boolean> {
    if (done(this.s.machine)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (settled: boolean) => {
        this.clock.clearTimeout(timer);
        unsubscribe();
        resolve(settled);
      };
      const timer = this.clock.setTimeout(() => finish(false), ms);
      const unsubscribe = this.store.subscribe((state) => {
        if (done(state.machine)) finish(true);
      });
    });
  }

  canReset(): Availability {
    return resetAvailability(this.s);
  }

  async reset(): Promise<void> {
    // After the edits sent so far, like a turn.
    this.lane.sendWaitingEdits();
    const view = await this.lane.enqueueTurn(() => this.guarded(() => this.client.call('reset', [this.strategyOption()])));
    if (!view) return;
    const s = this.s;
    s.select(null);
    s.setNotice(null);
    s.setLlmFailure(null);
    s.forgetRepl("Reset: the REPL's definitions were cleared with the run.");
    this.accept(view);
  }

  /** Sends a definition now (a panel's edit goes through `edit`, in the lane). */
  async setDefinition(def: SessionDefinition): Promise<OpenOutcome> {
    // Megabytes of data cross, are checked and written again: the watchdog allows for that.
    const chars = this.s.view?.setup.dataChars ?? 0;
    const r = await this.guarded(() => this.client.call('setDefinition', [def], { allowanceMs: allowanceFor(chars) }), 'edit');
    if (!r) return { ok: false, problems: [] };
    if (!r.ok) {
      this.s.setDefinitionProblems(r.problems);
      return { ok: false, problems: r.problems };
    }
    this.s.setDefinitionProblems([]);
    this.accept(r.view);
    return { ok: true, problems: [] };
  }

  /**
   * An edit of the definition, in the session lane: made from the definition the engine has when its
   * turn comes (after a turn in flight, after the edits before it). `change` returns null to send nothing.
   */
  edit(change: (current: SessionDefinition) => SessionDefinition | null): Promise<OpenOutcome> {
    return this.lane.enqueueEdit(async () => {
      const view = this.s.view;
      const next = view ? change(view.setup.definition) : null;
      return next === null ? { ok: false, problems: [] } : this.setDefinition(next);
    });
  }

  /** Runs a REPL input against the open session. */
  async repl(program: string): Promise<void> {
    const out = await this.guarded(() => this.client.call('repl', [program]));
    if (out) this.s.addRepl(program, out);
  }

  /**
   * Connects to an MCP server over HTTP (a new name joins the session). It may take seconds, so it
   * waits in no queue and counts as no engine work (Step and Stop are not held up by it); the view
   * taken just after it is sent shows the server connecting. `headers` are kept for this server (in
   * this page's memory, or remembered in this browser); without them, the ones kept for the same
   * name and URL go again.
   */
  async connectServer(name: string, url: string, headers?: HeaderValues, remember = false): Promise<ServerOutcome> {
    if (headers !== undefined) this.serverHeaders.set(name, url, headers, remember);
    const sent = headers ?? this.serverHeaders.get(name, url);
    const connecting = this.client.call('connectServer', [name, url, sent]);
    void this.client
      .call('view', [this.viewOptions()])
      .then((view) => {
        if (view.servers.some((s) => s.name === name && s.status === 'connecting')) this.accept(view);
      })
      .catch(() => undefined);
    try {
      const r = await connecting;
      if (r.ok || r.view.servers.some((s) => s.name === name)) this.accept(r.view);
      return r.ok ? { ok: true } : { ok: false, error: r.error };
    } catch (e) {
      // A restart ended it: the new worker has no connection, and its view says so.
      if (e instanceof EngineRestarted) return { ok: false, error: 'The engine was restarted while connecting' };
      return { ok: false, error: messageOf(e) };
    }
  }

  /** Whether Connect must first show this URL and have it confirmed: it came with a link, a file or a saved session. */
  serverUrlUnconfirmed(url: string): boolean {
    return this.s.unconfirmedServerUrls.includes(normalizeBaseUrl(url));
  }

  /** The person vouched for a server's URL (typed it, or confirmed it): Connect goes without asking, in this browser too. */
  confirmServerUrl(url: string): void {
    confirmServerHere(url);
    const normalized = normalizeBaseUrl(url);
    const left = this.s.unconfirmedServerUrls.filter((u) => u !== normalized);
    if (left.length !== this.s.unconfirmedServerUrls.length) this.s.setUnconfirmedServerUrls(left);
  }

  /** Closes a server's connection: its calls are answered from the record. In the session lane, as an edit. */
  disconnectServer(name: string): Promise<ServerOutcome> {
    return this.serverEdit(() => this.client.call('disconnectServer', [name]));
  }

  /** Takes a server out of the session, and forgets its header values (remembered ones too). */
  removeServer(name: string): Promise<ServerOutcome> {
    const url = this.s.view?.servers.find((s) => s.name === name)?.url;
    if (url !== undefined) this.serverHeaders.forget(name, url);
    return this.serverEdit(() => this.client.call('removeServer', [name]));
  }

  /** Renames a server's tool (`as`, '' for its own name) or hides it: the session's snapshot changes. In the session lane, as an edit. */
  setServerTool(server: string, tool: string, change: { as?: string; hidden?: boolean }): Promise<ServerOutcome> {
    return this.serverEdit(() => this.client.call('setServerTool', [server, tool, change]));
  }

  /** Lists a connected server's tools again (connecting again with its header values); renames and hiding are kept. */
  refreshServer(name: string): Promise<ServerOutcome> {
    const url = this.s.view?.servers.find((s) => s.name === name)?.url;
    if (url === undefined) return Promise.resolve({ ok: false, error: `${name} has no URL to connect to` });
    return this.connectServer(name, url);
  }

  private serverEdit(call: () => Promise<{ ok: boolean; error?: string; view: View }>): Promise<ServerOutcome> {
    return this.lane.enqueueEdit(async () => {
      const r = await this.guarded(call, 'edit');
      if (r === undefined) return { ok: false };
      this.accept(r.view);
      return r.ok ? { ok: true } : { ok: false, ...(r.error !== undefined ? { error: r.error } : {}) };
    });
  }

  /** Whether the branches can be changed now (fork, open, remove): not while a Step or Run makes turns. */
  canBranch(): Availability {
    const why = resetBlocker(this.s.machine);
    return { ok: why === null, why: why ?? '' };
  }

  /** A branch action, made as Reset is: after the edits sent so far, in the turn queue. */
  private async branchOp(call: () => Promise<BranchResult>): Promise<BranchOutcome> {
    const can = this.canBranch();
    if (!can.ok) return { ok: false, errors: [can.why] };
    this.lane.sendWaitingEdits();
    const r = await this.lane.enqueueTurn(() => this.guarded(call));
    if (!r) return { ok: false, errors: [] };
    if (!r.ok) return { ok: false, errors: r.errors };
    // Another branch is another run: the UI state of the one left goes with it.
    const s = this.s;
    s.select(null);
    s.setStrategy(null);
    s.setNotice(null);
    s.setLlmFailure(null);
    s.forgetRepl("Another branch was opened: the REPL's definitions were cleared.");
    this.accept(r.view);
    this.s.resetReply();
    return { ok: true, errors: [] };
  }

  fork(request: ForkRequest): Promise<BranchOutcome> {
    return this.branchOp(() => this.client.call('fork', [request]));
  }

  checkout(id: string): Promise<BranchOutcome> {
    return this.branchOp(() => this.client.call('checkoutBranch', [id]));
  }

  removeBranch(id: string): Promise<BranchOutcome> {
    return this.branchOp(() => this.client.call('removeBranch', [id]));
  }

  /** Two branches side by side (null where one is gone). */
  async compareBranches(a: string, b: string): Promise<[BranchSide | null, BranchSide | null]> {
    return (await this.guarded(() => this.client.call('compareBranches', [a, b]))) ?? [null, null];
  }
}
