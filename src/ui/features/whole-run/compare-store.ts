// The run comparison's own state (zustand): the engine's figures for every strategy over the recorded
// run, the diff's messages, and the panel's choices. Data flows one way: an action here calls the
// worker, the result lands here, the panel's views read it. One store per engine client (so tests and
// the page never share one), kept while the panel is closed so reopening it shows its last choices.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Message } from '../../../records/records.ts';
import { compareAllowanceFor, type EngineClient } from '../../engine/client.ts';
import type { CompareView } from '../../../worker/compare-view.ts';
import type { PlaygroundController } from '../../state/controller.ts';

export type ChartMode = 'cumulative' | 'perTurn';

/** The two sides of a diff: two strategies at one turn, or one strategy at turn k against turn k−1. */
export type DiffChoice =
  | { readonly mode: 'strategies'; readonly a: string; readonly b: string; readonly turn: number }
  | { readonly mode: 'previous'; readonly a: string; readonly turn: number };

export interface DiffResult {
  readonly choice: DiffChoice;
  /** The messages of each side (null: the engine has no such strategy or turn). */
  readonly before: readonly Message[] | null;
  readonly after: readonly Message[] | null;
}

export interface CompareState {
  /** The figures of the run the key names; null until the first load answers. */
  view: CompareView | null;
  /** Which run `view` is: the session's epoch, its turns and its definition's revision. */
  key: string | null;
  loading: boolean;
  error: string | null;
  chartMode: ChartMode;
  withSystem: boolean;
  /** The strategy whose hidden items are listed (null: the session's own, else the first compressed one). */
  hiddenOf: string | null;
  diffChoice: DiffChoice | null;
  diff: DiffResult | null;
  diffLoading: boolean;
  /** The model whose price the cost uses (null: the session's model). */
  priceModel: string | null;
}

export interface CompareActions {
  /** Loads the figures for the run `key` names, unless they are loaded or loading already. */
  /** Loads the figures of run `key`, of `turns` turns (the longer the run, the longer the comparison may take). */
  load(key: string, turns?: number): Promise<void>;
  setChartMode(mode: ChartMode): void;
  setWithSystem(on: boolean): void;
  setHiddenOf(name: string): void;
  /** Asks the worker for both sides' messages; a later choice wins over an answer still on its way. */
  chooseDiff(choice: DiffChoice): Promise<void>;
  setPriceModel(model: string | null): void;
}

export type CompareStore = StoreApi<CompareState & CompareActions>;

const initial: CompareState = {
  view: null,
  key: null,
  loading: false,
  error: null,
  chartMode: 'cumulative',
  withSystem: true,
  hiddenOf: null,
  diffChoice: null,
  diff: null,
  diffLoading: false,
  priceModel: null,
};

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The two requests a diff compares: [before, after]. */
function sidesOf(choice: DiffChoice): [{ strategy: string; turn: number }, { strategy: string; turn: number }] {
  return choice.mode === 'strategies'
    ? [
        { strategy: choice.a, turn: choice.turn },
        { strategy: choice.b, turn: choice.turn },
      ]
    : [
        { strategy: choice.a, turn: choice.turn - 1 },
        { strategy: choice.a, turn: choice.turn },
      ];
}

export function createCompareStore(client: EngineClient): CompareStore {
  let loads = 0;
  let diffs = 0;
  return createStore<CompareState & CompareActions>()((set, get) => ({
    ...initial,
    load: async (key, turns = 0) => {
      if (get().key === key && (get().view !== null || get().loading)) return;
      const id = ++loads;
      set({ key, loading: true, error: null });
      try {
        const view = await client.call('compare', [], { allowanceMs: compareAllowanceFor(turns) });
        if (id === loads) set({ view, loading: false });
      } catch (e) {
        if (id === loads) set({ loading: false, error: messageOf(e) });
      }
      // The diff shown belongs to the run before: asked again for this one (at a turn it has).
      const { diffChoice: choice, view } = get();
      if (id === loads && choice !== null && view !== null && view.turns > 0) await get().chooseDiff({ ...choice, turn: Math.min(choice.turn, view.turns) });
    },
    setChartMode: (chartMode) => set({ chartMode }),
    setWithSystem: (withSystem) => set({ withSystem }),
    setHiddenOf: (hiddenOf) => set({ hiddenOf }),
    chooseDiff: async (choice) => {
      const id = ++diffs;
      set({ diffChoice: choice, diffLoading: true });
      const [a, b] = sidesOf(choice);
      try {
        const before = a.turn >= 1 ? await client.call('requestMessages', [a.strategy, a.turn]) : [];
        const after = await client.call('requestMessages', [b.strategy, b.turn]);
        if (id === diffs) set({ diff: { choice, before, after }, diffLoading: false });
      } catch (e) {
        if (id === diffs) set({ diff: null, diffLoading: false, error: messageOf(e) });
      }
    },
    setPriceModel: (priceModel) => set({ priceModel }),
  }));
}

/** The controller's comparison store (`controller.storeFor(compareStoreOf)`). */
export const compareStoreOf = (c: PlaygroundController): CompareStore => createCompareStore(c.client);
