// The playground's UI state (zustand). Engine results arrive here from the actions; views read it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ReplResult, View } from '../../worker/engine-api.ts';

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
  /** Problems of the last definition edit, by path (`tools[0].signature: …`, `data: …`). */
  definitionErrors: string[];
  /** Something to tell the user (an engine restart, a step that could not run). */
  notice: Notice | null;
  /** Whether Run is looping. */
  running: boolean;
  /** Whether a call to the engine is in flight. */
  busy: boolean;
  repl: ReplEntry[];
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
  setDefinitionErrors(errors: string[]): void;
  setNotice(notice: Notice | null): void;
  setRunning(running: boolean): void;
  setBusy(busy: boolean): void;
  addRepl(input: string, output: ReplResult): void;
  clearRepl(): void;
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
  definitionErrors: [],
  notice: null,
  running: false,
  busy: false,
  repl: [],
  persistence: null,
  sessionConflict: null,
};

let replIds = 0;

export function createPlaygroundStore(): PlaygroundStore {
  return createStore<PlaygroundState & PlaygroundActions>()((set) => ({
    ...initialState,
    setView: (view) =>
      set((s) => {
        // A new turn (or a reset) moves the reply editor on to the script's next reply.
        const turnsChanged = s.view === null || s.view.turns.length !== view.turns.length;
        const reply = turnsChanged || !s.replyEdited ? (view.nextReply ?? '') : s.nextReply;
        return { view, nextReply: reply, replyEdited: turnsChanged ? false : s.replyEdited };
      }),
    select: (selected) => set({ selected }),
    setStrategy: (strategy) => set({ strategy }),
    setNextReply: (nextReply) => set({ nextReply, replyEdited: true }),
    setDefinitionErrors: (definitionErrors) => set({ definitionErrors }),
    setNotice: (notice) => set({ notice }),
    setRunning: (running) => set({ running }),
    setBusy: (busy) => set({ busy }),
    addRepl: (input, output) => set((s) => ({ repl: [...s.repl, { id: ++replIds, input, output }] })),
    clearRepl: () => set({ repl: [] }),
    setPersistence: (persistence) => set({ persistence }),
    setSessionConflict: (sessionConflict) => set({ sessionConflict }),
  }));
}
