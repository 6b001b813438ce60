// The REPL's input as a tiny store of its own (one per controller, so tests and the page never
// share one): the REPL pane edits it, and other panels put a program there for the person to run
// (the reference's "try it"), which also asks the pane to focus its editor.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { useController } from './playground.tsx';

export interface ReplDraftState {
  /** The text in the REPL's input. */
  text: string;
  /** Counts the requests to focus the input: the pane focuses it each time this changes. */
  focusRequests: number;
  setText(text: string): void;
  /** Puts a program in the input (not run: the person presses Ctrl/Cmd+Enter) and asks for the focus. */
  put(text: string): void;
}

export type ReplDraftStore = StoreApi<ReplDraftState>;

export function createReplDraftStore(): ReplDraftStore {
  return createStore<ReplDraftState>()((set) => ({
    text: '',
    focusRequests: 0,
    setText: (text) => set({ text }),
    put: (text) => set((s) => ({ text, focusRequests: s.focusRequests + 1 })),
  }));
}

/** The controller's REPL draft (`controller.storeFor(replDraftOf)`). */
export const replDraftOf = (): ReplDraftStore => createReplDraftStore();

export function useReplDraftStore(): ReplDraftStore {
  return useController().storeFor(replDraftOf);
}

export function useReplDraft<T>(selector: (s: ReplDraftState) => T): T {
  return useStore(useReplDraftStore(), selector);
}
