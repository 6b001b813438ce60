// Loading a store's part once from the worker: one call while it is on its way, none once it is
// there, and a failure's reason kept until a new try succeeds.
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { loadOnce, type LoadOnceState } from '../../../src/ui/state/load-once.ts';

interface State extends LoadOnceState {
  items: readonly string[] | null;
}

function setup() {
  const store = createStore<State>()(() => ({ items: null, loading: false, error: null }));
  const calls: { resolve: (v: string[]) => void; reject: (e: Error) => void }[] = [];
  const fetch = () => new Promise<string[]>((resolve, reject) => calls.push({ resolve, reject }));
  const load = () => loadOnce(store.getState, store.setState, 'items', fetch);
  return { store, calls, load };
}

describe('loadOnce', () => {
  it('asks once while the answer is on its way, and not again once it is there', async () => {
    const { store, calls, load } = setup();
    const first = load();
    expect(store.getState()).toMatchObject({ loading: true, error: null, items: null });
    await load();
    expect(calls).toHaveLength(1);
    calls[0].resolve(['a', 'b']);
    await first;
    expect(store.getState()).toMatchObject({ loading: false, error: null, items: ['a', 'b'] });
    await load();
    expect(calls).toHaveLength(1);
  });

  it('keeps why it failed, and a new try asks again and clears it', async () => {
    const { store, calls, load } = setup();
    const first = load();
    calls[0].reject(new Error('worker gone'));
    await first;
    expect(store.getState()).toMatchObject({ loading: false, error: 'worker gone', items: null });
    const second = load();
    expect(store.getState()).toMatchObject({ loading: true, error: null });
    calls[1].resolve(['c']);
    await second;
    expect(store.getState()).toMatchObject({ loading: false, error: null, items: ['c'] });
  });
});
