// A store's part the worker gives once (the lessons, the reference's entries): null until it answers,
// asked for at most once at a time, and why the last try failed, kept until the next one.

export interface LoadOnceState {
  loading: boolean;
  error: string | null;
}

/** Asks `fetch` for the store's `key`, unless it is there or on its way already. */
export async function loadOnce<S extends LoadOnceState, K extends keyof S>(
  get: () => S,
  set: (change: Partial<S>) => void,
  key: K,
  fetch: () => Promise<S[K]>,
): Promise<void> {
  if (get()[key] !== null || get().loading) return;
  set({ loading: true, error: null } as Partial<S>);
  try {
    const loaded = { loading: false } as Partial<S>;
    loaded[key] = await fetch();
    set(loaded);
  } catch (e) {
    set({ loading: false, error: e instanceof Error ? e.message : String(e) } as Partial<S>);
  }
}
