// The playground's UI state (zustand). Engine results arrive here from the actions; views read it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ReplResult, View } from '../../worker/engine.ts';
import type { Problem } from '../../lisp/problem.ts';
import { idleMachine, transition, type RunEvent, type RunMachine } from './run-machine.ts';

export interface Notice {
  kind: 'error' | 'info';
  text: string;
}

/** The saved session (IndexedDB record) the open view belongs to, and the rev this tab last saved or loaded. */
export interface PersistenceRef {
  id: string;
  rev: number;
}

/** Another tab saved the open session (rev) since this tab last saved or loaded it. */
export interface SessionConflict {
  id: string;
  rev: number;
  savedBy: string;
}

export interface ReplEntry {
  id: number;
  input: string;
  output: ReplResult;
}

/** A request to a real LLM in flight: waiting for its first text, then receiving it. */
export interface LlmCall {
  turn: number;
  phase: 'waiting' | 'receiving';
}

/** The last request to a real LLM that gave no turn (failed or stopped), and what Retry does again. */
export interface LlmFailure {
  turn: number;
  /** The error kind (auth, not_found, rate_limit, server, connection, cors, timeout, truncated, empty, aborted…). */
  kind: string;
  message: string;
  retry: 'step' | 'run';
}

/** A server's URL waiting for the person's yes before Connect first reaches it. */
export interface ServerUrlConfirmation {
  name: string;
  url: string;
}

/** A base URL waiting for the person's yes before the first request goes there, and what then goes on. */
export interface BaseUrlConfirmation {
  baseUrl: string;
  then: 'step' | 'run';
}

export interface PlaygroundState {
  /** The engine's latest view of the open session; null until one is open. */
  view: View | null;
  /** Turn whose messages are shown; null follows the next turn (or the last when the run ended). */
  selected: number | null;
  /** Strategy on the compressed side; null uses the session's own. */
  strategy: string | null;
  /** The reply the next Step sends (the mock's script, or what a person typed). */
  nextReply: string;
  /** True once the person edited the reply, so a refresh does not overwrite it. */
  replyEdited: boolean;
  /** True while the reply editor holds a real LLM's text (streaming, or what arrived before a failure). */
  replyFromLlm: boolean;
  /** The request to a real LLM in flight, if any. */
  llmCall: LlmCall | null;
  /** The last request that gave no turn, until the next request, a turn or another session. */
  llmFailure: LlmFailure | null;
  /**
   * A base URL that came with an opened session (a link, a file, a saved session) and was not yet
   * confirmed: the first request there asks first.
   */
  unconfirmedBaseUrl: string | null;
  /** The confirmation being asked, if any. */
  confirming: BaseUrlConfirmation | null;
  /**
   * The MCP servers' URLs (as `normalizeBaseUrl` gives them) that came with an opened session and
   * were not yet confirmed: Connect asks first.
   */
  unconfirmedServerUrls: readonly string[];
  /** The server confirmation being asked, if any. */
  confirmingServer: ServerUrlConfirmation | null;
  /** Problems of the last definition edit, by path (`tools[0].signature: …`, `data: …`). */
  /** The engine's reasons for refusing the last definition edit, by path. */
  definitionProblems: Problem[];
  /**
   * Problems of what a panel holds but cannot send (data JSON that does not parse), by panel: the
   * engine still has the last good value, so Step and Run refuse until they are fixed.
   */
  draftProblems: Readonly<Record<string, readonly Problem[]>>;
  /** Something to tell the user (an engine restart, a step that could not run). */
  notice: Notice | null;
  /**
   * Step/Run/Stop and the engine calls in flight (run-machine.ts): the buttons, the status text and
   * the actions all read it; only `dispatch` changes it.
   */
  machine: RunMachine;
  repl: ReplEntry[];
  /**
   * The REPL inputs that defined something, in order: the worker's REPL definitions are made again
   * from them after a restart. Edits, Steps and Run keep them; Reset and another session clear them.
   */
  replPrograms: string[];
  /** Why the REPL was last emptied (Reset, another session), said in one line above its history. */
  replCleared: string | null;
  /**
   * Where autosave writes the open session; null when it is not saved yet (a new source: an example,
   * a file, a link), so the next save creates a record. Opening actions set it; autosave updates it.
   */
  persistence: PersistenceRef | null;
  /** Set while another tab's save of the open session waits for the person's choice (no autosave meanwhile). */
  sessionConflict: SessionConflict | null;
}

export interface PlaygroundActions {
  setView(view: View): void;
  select(turn: number | null): void;
  setStrategy(name: string | null): void;
  setNextReply(text: string): void;
  /** The reply editor back to the script's reply (or empty when the session asks a real LLM). */
  resetReply(): void;
  /** Text from a real LLM: shown in the reply editor, not counted as a person's edit. */
  setLlmReply(text: string): void;
  setLlmCall(call: LlmCall | null): void;
  setLlmFailure(failure: LlmFailure | null): void;
  setUnconfirmedBaseUrl(url: string | null): void;
  setConfirming(confirmation: BaseUrlConfirmation | null): void;
  setUnconfirmedServerUrls(urls: readonly string[]): void;
  setConfirmingServer(confirmation: ServerUrlConfirmation | null): void;
  setDefinitionProblems(problems: Problem[]): void;
  setDraftProblems(panel: string, problems: readonly Problem[]): void;
  setNotice(notice: Notice | null): void;
  /** Feeds the run machine one event; false when it does not apply now (the machine is unchanged). */
  dispatch(event: RunEvent): boolean;
  addRepl(input: string, output: ReplResult): void;
  /** Empties the REPL's history (its definitions stay). */
  clearRepl(): void;
  /** Forgets the REPL's history and definitions; `why` is said when there was anything to forget. */
  forgetRepl(why: string): void;
  setPersistence(persistence: PersistenceRef | null): void;
  setSessionConflict(conflict: SessionConflict | null): void;
}

export type PlaygroundStore = StoreApi<PlaygroundState & PlaygroundActions>;

export const initialState: PlaygroundState = {
  view: null,
  selected: null,
  strategy: null,
  nextReply: '',
  replyEdited: false,
  replyFromLlm: false,
  llmCall: null,
  llmFailure: null,
  unconfirmedBaseUrl: null,
  confirming: null,
  unconfirmedServerUrls: [],
  confirmingServer: null,
  definitionProblems: [],
  draftProblems: {},
  notice: null,
  machine: idleMachine,
  repl: [],
  replPrograms: [],
  replCleared: null,
  persistence: null,
  sessionConflict: null,
};

/** The mock's scripted reply for the next turn; a session that asks a real LLM has none to show. */
export function scriptedReply(view: View): string | null {
  return view.setup.definition.llm.provider === 'mock' ? view.nextReply : null;
}

export function createPlaygroundStore(): PlaygroundStore {
  let replIds = 0;
  return createStore<PlaygroundState & PlaygroundActions>()((set, get) => ({
    ...initialState,
    setView: (view) =>
      set((s) => {
        // A new turn (or a reset) moves the reply editor on to the script's next reply; a person's
        // edit and a real LLM's text (while the session still asks one) stay until then.
        const turnsChanged = s.view === null || s.view.turns.length !== view.turns.length;
        const keepLlm = !turnsChanged && s.replyFromLlm && view.setup.definition.llm.provider !== 'mock';
        const keep = !turnsChanged && (s.replyEdited || keepLlm);
        return {
          view,
          nextReply: keep ? s.nextReply : (scriptedReply(view) ?? ''),
          replyEdited: turnsChanged ? false : s.replyEdited,
          replyFromLlm: keepLlm,
          ...(turnsChanged ? { llmFailure: null } : {}),
        };
      }),
    select: (selected) => set({ selected }),
    setStrategy: (strategy) => set({ strategy }),
    setNextReply: (nextReply) => set({ nextReply, replyEdited: true, replyFromLlm: false }),
    resetReply: () => set((s) => ({ nextReply: s.view ? (scriptedReply(s.view) ?? '') : '', replyEdited: false, replyFromLlm: false })),
    setLlmReply: (nextReply) => set({ nextReply, replyEdited: false, replyFromLlm: true }),
    setLlmCall: (llmCall) => set({ llmCall }),
    setLlmFailure: (llmFailure) => set({ llmFailure }),
    setUnconfirmedBaseUrl: (unconfirmedBaseUrl) => set({ unconfirmedBaseUrl }),
    setConfirming: (confirming) => set({ confirming }),
    setUnconfirmedServerUrls: (unconfirmedServerUrls) => set({ unconfirmedServerUrls }),
    setConfirmingServer: (confirmingServer) => set({ confirmingServer }),
    setDefinitionProblems: (definitionProblems) => set({ definitionProblems }),
    setDraftProblems: (panel, problems) =>
      set((s) => {
        const before = s.draftProblems[panel] ?? [];
        if (before.length === 0 && problems.length === 0) return {};
        return { draftProblems: { ...s.draftProblems, [panel]: problems } };
      }),
    setNotice: (notice) => set({ notice }),
    dispatch: (event) => {
      const machine = get().machine;
      const next = transition(machine, event);
      if (next === machine) return false;
      set({ machine: next });
      return true;
    },
    addRepl: (input, output) =>
      set((s) => ({
        repl: [...s.repl, { id: ++replIds, input, output }],
        ...(output.ok && output.defined.length > 0 ? { replPrograms: [...s.replPrograms, input] } : {}),
      })),
    clearRepl: () => set({ repl: [], replCleared: null }),
    forgetRepl: (why) => set((s) => ({ repl: [], replPrograms: [], replCleared: s.repl.length > 0 || s.replPrograms.length > 0 ? why : null })),
    setPersistence: (persistence) => set({ persistence }),
    setSessionConflict: (sessionConflict) => set({ sessionConflict }),
  }));
}
