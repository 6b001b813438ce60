// Wiring of the playground: one store, one engine client and one react-query client per app, and the
// hooks views use. Data flows one way: action → engine call (react-query) → store → view.
import { QueryClient, QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ExportOptions, OpenResult, SessionDefinition, View } from '../../worker/engine.ts';
import type { Problem } from '../../lisp/problem.ts';
import { DEFINITION_KEYS } from '../../worker/view-patch.ts';
import { allowanceFor, EngineRestarted, watchdogFor, type EngineClient } from '../engine/client.ts';
import { sessionTextOf } from '../engine/session-text.ts';
import { isConfirmedHere } from './confirmed-urls.ts';
import { asksLlm } from './availability.ts';
import { requestTurn, turnInFlight } from './request-turn.ts';
import { KeyStore } from '../persistence/keys.ts';
import { enqueueTurn, sendWaitingEdits } from './pending-edits.ts';
import { stopEffect, type CallLane, type RunMachine } from './run-machine.ts';
import { createPlaygroundStore, scriptedReply, type PersistenceRef, type PlaygroundActions, type PlaygroundState, type PlaygroundStore } from './store.ts';

interface PlaygroundContextValue {
  store: PlaygroundStore;
  client: EngineClient;
  /** API keys: kept apart from the store, handed only to LLM requests. */
  keys: KeyStore;
}

const PlaygroundContext = createContext<PlaygroundContextValue | null>(null);

export function PlaygroundProvider({
  client,
  store,
  keys,
  queryClient,
  children,
}: {
  client: EngineClient;
  store?: PlaygroundStore;
  keys?: KeyStore;
  queryClient?: QueryClient;
  children: ReactNode;
}) {
  const value = useMemo(() => ({ client, store: store ?? createPlaygroundStore(), keys: keys ?? new KeyStore() }), [client, store, keys]);
  useEffect(() => {
    // A restarted worker has the session back from its checkpoint; the REPL's definitions are made
    // again from the inputs that made them.
    client.onReopen((api) => {
      const programs = value.store.getState().replPrograms;
      return programs.length > 0 ? api.restoreRepl(programs) : Promise.resolve();
    });
    return () => client.onReopen(null);
  }, [client, value.store]);
  const qc = useRef(queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } }));
  return (
    <QueryClientProvider client={qc.current}>
      <PlaygroundContext.Provider value={value}>{children}</PlaygroundContext.Provider>
    </QueryClientProvider>
  );
}

function usePlaygroundContext(): PlaygroundContextValue {
  const ctx = useContext(PlaygroundContext);
  if (!ctx) throw new Error('usePlayground must be used inside <PlaygroundProvider>');
  return ctx;
}

/** True when two views have the same definition's part (the same objects: the page keeps them). */
function sameDefinitionPart(a: View, b: View): boolean {
  return DEFINITION_KEYS.every((k) => a[k] === b[k]);
}

/**
 * The open view, for panels that show the definition alone (mission, tools, data, prompt, LLM): it
 * changes only when the definition's part does, so a Step or a turn switch does not render them again.
 * Only the definition's part of it (DEFINITION_KEYS) is current.
 */
export function useDefinitionView(): View | null {
  const kept = useRef<View | null>(null);
  return useStore(usePlaygroundContext().store, (s) => {
    const view = s.view;
    if (view === null || kept.current === null || !sameDefinitionPart(view, kept.current)) kept.current = view;
    return kept.current;
  });
}

/** Reads from the store; re-renders when the selected part changes. */
export function usePlayground<T>(selector: (s: PlaygroundState & PlaygroundActions) => T): T {
  return useStore(usePlaygroundContext().store, selector);
}

export function usePlaygroundStore(): PlaygroundStore {
  return usePlaygroundContext().store;
}

/** The engine client, for a feature's own store that calls the worker (e.g. the run comparison). */
export function useEngineClient(): EngineClient {
  return usePlaygroundContext().client;
}

export function useKeyStore(): KeyStore {
  return usePlaygroundContext().keys;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export interface OpenOutcome {
  ok: boolean;
  /** Why it was refused, by path (empty when it opened, or when the engine did not answer). */
  problems: Problem[];
  /** Things worth knowing about a session that opened (e.g. a link rendered by another build). */
  warnings?: string[];
}

/** How long Stop waits for an engine call in flight to answer before it restarts the worker. */
export const STOP_GRACE_MS = 250;

/** True as soon as the run machine satisfies `done`; false when it still does not after `ms`. */
function machineSettles(store: PlaygroundStore, done: (m: RunMachine) => boolean, ms: number): Promise<boolean> {
  if (done(store.getState().machine)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const finish = (settled: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(settled);
    };
    const timer = setTimeout(() => finish(false), ms);
    const unsubscribe = store.subscribe((state) => {
      if (done(state.machine)) finish(true);
    });
  });
}

/** Every action the UI can take on the engine. */
/** Where an opened session came from: a base URL it brings is confirmed before the first request. */
type Source = 'file' | 'link' | 'saved';

export function useEngineActions() {
  const { store, client, keys } = usePlaygroundContext();
  const s = store.getState;

  const accept = (view: View): void => {
    // The text is joined from the view's pieces only if a restart needs it.
    client.remember(() => sessionTextOf(view) ?? '');
    const limits = view.definition.limits;
    // The interpreter stops a program at its time limit; the watchdog is the backstop past that.
    client.setWatchdog(watchdogFor(limits?.timeoutMs ?? 1000));
    s().setView(view);
  };

  /**
   * Runs an engine call, counted in the run machine under its lane, with notice bookkeeping; an
   * engine restart is reported (a run does not go on), the session kept.
   */
  async function guarded<T>(fn: () => Promise<T>, lane: CallLane = 'other'): Promise<T | undefined> {
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
        const view = await client.call('view', [viewOptions()]).catch(() => null);
        if (view !== null) s().setView(view);
        return undefined;
      }
      s().setNotice({ kind: 'error', text: messageOf(e) });
      return undefined;
    } finally {
      s().dispatch({ type: 'callEnded', lane });
    }
  }
  const turnCall = <T,>(fn: () => Promise<T>): Promise<T | undefined> => guarded(fn, 'turn');

  const viewOptions = () => ({
    ...(s().selected !== null ? { selected: s().selected as number } : {}),
    ...(s().strategy !== null ? { strategy: s().strategy as string } : {}),
  });

  /**
   * A session arrived from outside (example, file, link): a fresh UI state around it. `record` is the
   * saved session it is (opened from the sessions list), or null: a new source, saved as a new record.
   */
  const opened = (r: OpenResult | undefined, source: Source, record: PersistenceRef | null = null): OpenOutcome => {
    if (!r) return { ok: false, problems: [] };
    if (!r.ok) return { ok: false, problems: r.problems };
    s().select(null);
    s().setStrategy(null);
    s().forgetRepl('Another session was opened: the REPL starts without definitions.');
    s().setDefinitionProblems([]);
    s().setNotice(null);
    s().setLlmFailure(null);
    s().setConfirming(null);
    // A base URL from a link or a file is confirmed before the first request; a saved session's only
    // when this browser never vouched for it (it may have come from a link before a reload).
    const baseUrl = r.view.definition.llm.baseUrl;
    const ask = baseUrl !== undefined && (source !== 'saved' || !isConfirmedHere(baseUrl));
    s().setUnconfirmedBaseUrl(ask ? baseUrl : null);
    // Before the view: autosave first finishes the session being replaced, then follows this one.
    s().setPersistence(record);
    accept(r.view);
    s().resetReply();
    return { ok: true, problems: [], ...(r.warnings && r.warnings.length > 0 ? { warnings: r.warnings } : {}) };
  };

  /**
   * A request to an LLM still under way belongs to the session open now: it is stopped, and its Step
   * has settled, before another session opens (its reply must not become the new session's turn).
   */
  const settleRequest = async (): Promise<void> => {
    const turn = turnInFlight(store);
    if (!turn) return;
    if (s().llmCall !== null) await client.call('abortRequest');
    await turn.catch(() => undefined);
  };

  const open = useMutation({
    mutationFn: async (input: string | object): Promise<OpenOutcome> => {
      await settleRequest();
      const chars = typeof input === 'string' ? input.length : 0;
      return opened(await guarded(() => client.call('open', [input], { allowanceMs: allowanceFor(chars) })), 'file');
    },
  });

  /**
   * Opens an example. `savedCopy` finds a saved session that already is this very session (the
   * example as it opens, untouched): that record is reopened, so opening an example again never saves
   * a duplicate; an example changed since (edits, turns) stays as it is and a fresh copy is saved.
   */
  const openExample = useMutation({
    mutationFn: async ({ text, savedCopy }: { text: string; savedCopy: (view: View) => Promise<PersistenceRef | null> }): Promise<OpenOutcome> => {
      await settleRequest();
      const r = await guarded(() => client.call('open', [text], { allowanceMs: allowanceFor(text.length) }));
      const record = r?.ok ? await savedCopy(r.view).catch(() => null) : null;
      return opened(r, 'file', record);
    },
  });

  /** Opens a saved session (from the sessions list): autosave goes on saving to its record. */
  const openSaved = useMutation({
    mutationFn: async ({ text, record }: { text: string; record: PersistenceRef }): Promise<OpenOutcome> => {
      await settleRequest();
      // Opening megabytes of session (checked, resumed, rendered) is work a program's limit does not bound.
      return opened(await guarded(() => client.call('open', [text], { allowanceMs: allowanceFor(text.length) })), 'saved', record);
    },
  });

  /** Opens a share link's fragment (`s=…`); a damaged one changes nothing. */
  const openLink = useMutation({
    mutationFn: async (fragment: string): Promise<OpenOutcome> => {
      await settleRequest();
      // A fragment inflates to up to four times its length (and at most 8 MB).
      return opened(await guarded(() => client.call('openLink', [fragment], { allowanceMs: allowanceFor(4 * fragment.length) })), 'link');
    },
  });

  /** The session file's text as the engine writes it (for Export): made only when asked. */
  const exportText = (options?: ExportOptions): Promise<string | undefined> => guarded(() => client.call('exportSession', [options]));

  /** The share fragment of the open session, with or without its recorded turns. */
  const share = useMutation({
    mutationFn: async (options: boolean | { turns: boolean; branches?: boolean }) =>
      guarded(() => client.call('shareLink', [typeof options === 'boolean' ? { turns: options } : options])),
  });

  const refresh = useMutation({
    mutationFn: async () => {
      const view = await guarded(() => client.call('view', [viewOptions()]));
      if (view) s().setView(view);
    },
  });

  const strategyOption = () => (s().strategy !== null ? { strategy: s().strategy as string } : {});

  /** A turn from the mock's script or from what a person typed as the LLM's reply. */
  const typedStep = async (): Promise<boolean> => {
    const { view, nextReply, replyEdited } = s();
    if (!view) return false;
    const scripted = scriptedReply(view);
    let reply: string | undefined;
    if (nextReply.trim() === '') {
      if (replyEdited || scripted !== null) {
        s().setNotice({
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
    const r = await turnCall(() => client.call('stepTurn', [reply, strategyOption()]));
    if (!r) return false;
    s().select(null);
    if (!r.ok) {
      s().setNotice({ kind: 'error', text: r.error });
      s().setView(r.view);
      return false;
    }
    s().setNotice(null);
    accept(r.view);
    return r.view.status === 'running';
  };

  /**
   * One turn of a Step or of Run, in the session lane: after every edit sent before it (a waiting
   * one is sent now), so it is made on the definition the person sees. A Stop pressed while it waits
   * means it never starts. True when the run goes on.
   */
  const oneTurn = (): Promise<boolean> => {
    sendWaitingEdits(store);
    return enqueueTurn(store, async () => {
      if (s().machine.phase === 'stopping' || !s().view) return false;
      // A real LLM is asked unless a person typed the reply themselves.
      if (asksLlm(s())) return requestTurn({ store, client, keys, guarded: turnCall, accept, viewOptions: strategyOption });
      return typedStep();
    });
  };

  /** One turn under the machine's phase (entered by the caller): the turn's end is always reported. */
  const turnInPhase = async (): Promise<boolean> => {
    let goOn = false;
    try {
      goOn = await oneTurn();
      return goOn;
    } finally {
      s().dispatch({ type: 'turnEnded', goOn });
    }
  };

  const step = useMutation({
    mutationFn: async (): Promise<boolean> => {
      // Refused unless idle (Run or another Step is under way): the buttons say so.
      if (!s().dispatch({ type: 'step' })) return false;
      return turnInPhase();
    },
  });

  const run = useMutation({
    mutationFn: async () => {
      if (!s().dispatch({ type: 'run' })) return;
      // Each turn ends in `running` (go on), `idle` (the run ended, failed, or Stop was pressed).
      while (s().machine.phase === 'running') await turnInPhase();
    },
  });

  const stop = useMutation({
    mutationFn: async () => {
      // Decided on the machine as Stop finds it: a request is aborted (its partial text comes back,
      // the worker is not restarted); a turn's call in flight may be a runaway program or a tool call
      // that never returns: the worker is restarted (L8); a turn not started yet never starts.
      const effect = stopEffect(s().machine, s().llmCall !== null);
      s().dispatch({ type: 'stop' });
      if (effect === 'abort-request') await client.call('abortRequest');
      // Most calls answer within milliseconds (a mock's turn): Stop between two of them ends the run
      // quietly, with the worker and everything it counted intact. A runaway does not answer.
      else if (effect === 'restart-worker' && !(await machineSettles(store, (m) => stopEffect(m, false) !== 'restart-worker', STOP_GRACE_MS)))
        await client.restart();
    },
  });

  const reset = useMutation({
    mutationFn: async () => {
      // After the edits sent so far, like a turn.
      sendWaitingEdits(store);
      const view = await enqueueTurn(store, () => guarded(() => client.call('reset', [s().strategy !== null ? { strategy: s().strategy as string } : {}])));
      if (!view) return;
      s().select(null);
      s().setNotice(null);
      s().setLlmFailure(null);
      s().forgetRepl("Reset: the REPL's definitions were cleared with the run.");
      accept(view);
    },
  });

  const setDefinition = useMutation({
    mutationFn: async (def: SessionDefinition): Promise<OpenOutcome> => {
      // Megabytes of data cross, are checked and written again: the watchdog allows for that.
      const chars = s().view?.dataChars ?? 0;
      const r = await guarded(() => client.call('setDefinition', [def], { allowanceMs: allowanceFor(chars) }), 'edit');
      if (!r) return { ok: false, problems: [] };
      if (!r.ok) {
        s().setDefinitionProblems(r.problems);
        return { ok: false, problems: r.problems };
      }
      s().setDefinitionProblems([]);
      accept(r.view);
      return { ok: true, problems: [] };
    },
  });

  const repl = useMutation({
    mutationFn: async (program: string) => {
      const out = await guarded(() => client.call('repl', [program]));
      if (out) s().addRepl(program, out);
    },
  });

  const select = async (turn: number | null): Promise<void> => {
    s().select(turn);
    await refresh.mutateAsync();
  };
  const setStrategy = async (name: string | null): Promise<void> => {
    s().setStrategy(name);
    await refresh.mutateAsync();
  };

  return {
    open,
    openExample,
    openSaved,
    openLink,
    share,
    exportText,
    refresh,
    step,
    run,
    stop,
    reset,
    setDefinition,
    repl,
    select,
    setStrategy,
    settleRequest,
    // For feature hooks that call the engine the same way (the branches').
    guarded,
    accept,
  };
}

/**
 * Token counts already known, by text: a turn switch shows mostly the same messages again (the full
 * history of turn n is that of turn n−1 and one more exchange), so only new texts go to the worker.
 */
const tokenCounts = new Map<string, number>();
const TOKEN_CACHE_ENTRIES = 20_000;

/** Counts of `texts`: known ones from the cache, the others counted in the worker (once each). */
async function countTokensCached(client: EngineClient, texts: readonly string[]): Promise<number[]> {
  // What is known now is kept aside: another count may evict it from the cache meanwhile.
  const counted = new Map<string, number>();
  for (const t of texts) {
    const n = tokenCounts.get(t);
    if (n !== undefined) counted.set(t, n);
  }
  const missing = [...new Set(texts.filter((t) => !counted.has(t)))];
  if (missing.length > 0) {
    const counts = await client.call('countTokens', [missing]);
    missing.forEach((t, i) => {
      counted.set(t, counts[i]);
      tokenCounts.set(t, counts[i]);
    });
    // The oldest entries go first (a Map keeps insertion order).
    for (const key of tokenCounts.keys()) {
      if (tokenCounts.size <= TOKEN_CACHE_ENTRIES) break;
      tokenCounts.delete(key);
    }
  }
  return texts.map((t) => counted.get(t) ?? 0);
}

/** Token counts of the given texts, counted in the worker; the tokenizer loads on first use. */
export function useTokenCounts(texts: readonly string[] | null) {
  const { client } = usePlaygroundContext();
  return useQuery({
    queryKey: ['tokens', texts],
    enabled: texts !== null,
    queryFn: () => countTokensCached(client, texts ?? []),
    // A count cut by a restart of the worker is asked again of the new one (counting changes nothing).
    retry: (failures, error) => error instanceof EngineRestarted && failures < 3,
  });
}
