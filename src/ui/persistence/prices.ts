// The app's price table as the person edited it, kept in localStorage. Only the changes against the
// built-in defaults are stored (models edited or added, defaults removed), so newer defaults of a later
// build still arrive. A stored value that cannot be read is ignored with a notice, never a crash, and is
// left in place until the next edit replaces it (nothing is destroyed behind the person's back).
import { createStore, type StoreApi } from 'zustand/vanilla';
import { DEFAULT_PRICES, type ModelPrice, type PriceEntry } from '../../agent/cost.ts';

export const PRICES_KEY = 'ptc-playground.prices';
const FORMAT = 1;

export interface StoredPrices {
  /** Models whose price differs from the default, or that have no default. */
  readonly edited: Readonly<Record<string, ModelPrice>>;
  /** Default models the person removed. */
  readonly removed: readonly string[];
}

export type PriceSource = 'default' | 'edited' | 'added';

export interface AppPrice extends PriceEntry {
  readonly source: PriceSource;
}

export type AppPriceTable = ReadonlyMap<string, AppPrice>;

export const NO_CHANGES: StoredPrices = { edited: {}, removed: [] };

const PRICE_FIELDS = ['input', 'output', 'cachedInput', 'cacheWrite'] as const;

function isPrice(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n >= 0;
}

/** A stored price, or null when any field is missing, unknown or not a number ≥ 0. */
function readPrice(raw: unknown): ModelPrice | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const o = raw as Record<string, unknown>;
  if (Object.keys(o).some((k) => !(PRICE_FIELDS as readonly string[]).includes(k))) return null;
  if (!isPrice(o.input) || !isPrice(o.output)) return null;
  if (o.cachedInput !== undefined && !isPrice(o.cachedInput)) return null;
  if (o.cacheWrite !== undefined && !isPrice(o.cacheWrite)) return null;
  return {
    input: o.input,
    output: o.output,
    ...(o.cachedInput !== undefined ? { cachedInput: o.cachedInput as number } : {}),
    ...(o.cacheWrite !== undefined ? { cacheWrite: o.cacheWrite as number } : {}),
  };
}

const IGNORED = 'the default prices are used; your next price edit replaces the saved value';

/** Reads the stored text; `problem` says what was ignored and why. */
export function readStoredPrices(text: string | null): { stored: StoredPrices; problem: string | null } {
  if (text === null) return { stored: NO_CHANGES, problem: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { stored: NO_CHANGES, problem: `The saved prices are not valid JSON and were ignored: ${IGNORED}.` };
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return { stored: NO_CHANGES, problem: `The saved prices are not a price table and were ignored: ${IGNORED}.` };
  const o = raw as Record<string, unknown>;
  if (o.version !== FORMAT)
    return {
      stored: NO_CHANGES,
      problem: `The saved prices have an unknown format (version ${JSON.stringify(o.version) ?? 'missing'}) and were ignored: ${IGNORED}.`,
    };
  const editedRaw = o.edited;
  const removedRaw = o.removed;
  if (editedRaw === null || typeof editedRaw !== 'object' || Array.isArray(editedRaw) || !Array.isArray(removedRaw)) {
    return { stored: NO_CHANGES, problem: `The saved prices are not a price table and were ignored: ${IGNORED}.` };
  }
  const edited: Record<string, ModelPrice> = {};
  const bad: string[] = [];
  for (const [model, value] of Object.entries(editedRaw as Record<string, unknown>)) {
    const price = readPrice(value);
    if (price && model.trim() !== '') edited[model] = price;
    else bad.push(model);
  }
  const removed = removedRaw.filter((m): m is string => typeof m === 'string' && DEFAULT_PRICES.has(m));
  const problem =
    bad.length > 0 ? `Saved prices of ${bad.map((m) => JSON.stringify(m)).join(', ')} were unreadable and ignored (the defaults are used for them).` : null;
  return { stored: { edited, removed }, problem };
}

export function writeStoredPrices(stored: StoredPrices): string {
  return JSON.stringify({ version: FORMAT, edited: stored.edited, removed: stored.removed });
}

/** The table the app prices with: defaults, minus removed ones, with the edits over them. */
export function appPriceTable(stored: StoredPrices): AppPriceTable {
  const table = new Map<string, AppPrice>();
  for (const [model, entry] of DEFAULT_PRICES) {
    if (stored.removed.includes(model)) continue;
    const edit = stored.edited[model];
    table.set(model, edit ? { ...edit, source: 'edited' } : { ...entry, source: 'default' });
  }
  for (const [model, price] of Object.entries(stored.edited)) {
    if (!DEFAULT_PRICES.has(model)) table.set(model, { ...price, source: 'added' });
  }
  return table;
}

function samePrice(a: ModelPrice, b: ModelPrice): boolean {
  return PRICE_FIELDS.every((k) => a[k] === b[k]);
}

/** The changes with `model` priced at `price` (an edit back to the default is no edit). */
export function withPrice(stored: StoredPrices, model: string, price: ModelPrice): StoredPrices {
  const { [model]: _old, ...edited } = stored.edited;
  const byDefault = DEFAULT_PRICES.get(model);
  const removed = stored.removed.filter((m) => m !== model);
  if (byDefault && samePrice(byDefault, price)) return { edited, removed };
  return { edited: { ...edited, [model]: price }, removed };
}

export function withoutModel(stored: StoredPrices, model: string): StoredPrices {
  const { [model]: _old, ...edited } = stored.edited;
  const removed = DEFAULT_PRICES.has(model) && !stored.removed.includes(model) ? [...stored.removed, model] : stored.removed;
  return { edited, removed };
}

// ---------------------------------------------------------------------------------------------
// The price book: one per page (the controller holds it), shared by every view that prices something.

export interface PriceBookState {
  stored: StoredPrices;
  table: AppPriceTable;
  /** Why the saved prices were (partly) ignored, or could not be saved; null when all is well. */
  problem: string | null;
  /** Changes when the table is replaced from outside the editor (reset, another tab): editors start over. */
  generation: number;
}

export interface PriceBookActions {
  setPrice(model: string, price: ModelPrice): void;
  removeModel(model: string): void;
  reset(): void;
  dismissProblem(): void;
  /** Reads localStorage again (another tab saved; tests start over). */
  reload(): void;
}

export type PriceBook = StoreApi<PriceBookState & PriceBookActions>;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    // Some privacy modes throw on access.
    return null;
  }
}

function load(): Pick<PriceBookState, 'stored' | 'table' | 'problem'> {
  let text: string | null = null;
  try {
    text = storage()?.getItem(PRICES_KEY) ?? null;
  } catch {
    text = null;
  }
  const { stored, problem } = readStoredPrices(text);
  return { stored, table: appPriceTable(stored), problem };
}

export function createPriceBook(): PriceBook {
  return createStore<PriceBookState & PriceBookActions>()((set, get) => {
    /** Keeps the change and says so when the browser would not store it. */
    const commit = (stored: StoredPrices): void => {
      let problem: string | null = null;
      try {
        const s = storage();
        if (!s) problem = 'Prices cannot be saved in this browser; edits last until the page is closed.';
        else if (stored.removed.length === 0 && Object.keys(stored.edited).length === 0) s.removeItem(PRICES_KEY);
        else s.setItem(PRICES_KEY, writeStoredPrices(stored));
      } catch (e) {
        problem = `The prices could not be saved (${e instanceof Error ? e.message : String(e)}); edits last until the page is closed.`;
      }
      set({ stored, table: appPriceTable(stored), problem });
    };
    return {
      ...load(),
      generation: 0,
      setPrice: (model, price) => commit(withPrice(get().stored, model, price)),
      removeModel: (model) => commit(withoutModel(get().stored, model)),
      reset: () => {
        commit(NO_CHANGES);
        set((s) => ({ generation: s.generation + 1 }));
      },
      dismissProblem: () => set({ problem: null }),
      reload: () => set((s) => ({ ...load(), generation: s.generation + 1 })),
    };
  });
}

/**
 * Reloads the book when another tab saves prices (or clears the storage). Returns the disconnect.
 */
export function followOtherTabs(book: PriceBook): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === PRICES_KEY || e.key === null) book.getState().reload();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
