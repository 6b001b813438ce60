// The comparison's store, loaded while the panel is open: the figures are asked again whenever the
// run changes (another session or a reset: the epoch; a Step: the turns; an edit: the definition's
// revision), once the run controls are idle, so a Run is not slowed by a comparison per turn.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { useController, usePlayground } from '../../state/playground.tsx';
import { compareStoreOf, type CompareActions, type CompareState, type CompareStore } from './compare-store.ts';

export function useCompareStore(): CompareStore {
  return useController().storeFor(compareStoreOf);
}

export function useCompare<T>(selector: (s: CompareState & CompareActions) => T): T {
  return useStore(useCompareStore(), selector);
}

/** Which run the page shows now (null: no session yet). */
export function useRunKey(): string | null {
  return usePlayground((s) => (s.view ? `${s.view.epoch}/${s.view.turns.length}/${s.view.definitionRev}` : null));
}

/** Loads the figures of the run on screen, and again after each Step, reset or edit. */
export function useCompareLoader(): { key: string | null; current: boolean } {
  const store = useCompareStore();
  const key = useRunKey();
  const turns = usePlayground((s) => s.view?.turns.length ?? 0);
  const idle = usePlayground((s) => s.machine.phase === 'idle');
  const loadedKey = useStore(store, (s) => s.key);
  useEffect(() => {
    if (key !== null && idle) void store.getState().load(key, turns);
  }, [store, key, idle, turns]);
  return { key, current: key !== null && key === loadedKey };
}
