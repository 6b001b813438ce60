// The reference panel's own state (zustand): the language reference the worker gives, loaded once
// per engine client when the panel first opens (the entries never change), and the search typed in
// the panel, kept while it is closed so reopening it shows the same results.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RefEntry } from '../../../lisp/reference/index.ts';
import type { EngineClient } from '../../engine/client.ts';
import type { PlaygroundController } from '../../state/controller.ts';
import { useController } from '../../state/playground.tsx';
import { loadOnce } from '../../state/load-once.ts';

export interface ReferenceState {
  /** Every entry, aliases included; null until the first load answers. */
  entries: readonly RefEntry[] | null;
  loading: boolean;
  error: string | null;
  query: string;
  /** Asks the worker for the entries, unless they are loaded or loading already. */
  load(): Promise<void>;
  setQuery(query: string): void;
}

export type ReferenceStore = StoreApi<ReferenceState>;

export function createReferenceStore(client: EngineClient): ReferenceStore {
  return createStore<ReferenceState>()((set, get) => ({
    entries: null,
    loading: false,
    error: null,
    query: '',
    load: () => loadOnce(get, set, 'entries', () => client.call('reference')),
    setQuery: (query) => set({ query }),
  }));
}

/** The controller's reference store (`controller.storeFor(referenceStoreOf)`). */
export const referenceStoreOf = (c: PlaygroundController): ReferenceStore => createReferenceStore(c.client);

export function useReferenceStore(): ReferenceStore {
  return useController().storeFor(referenceStoreOf);
}

export function useReference<T>(selector: (s: ReferenceState) => T): T {
  return useStore(useReferenceStore(), selector);
}
