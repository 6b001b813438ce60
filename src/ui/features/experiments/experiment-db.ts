// Saved experiments in IndexedDB (idb-keyval, a database of their own so the sessions' database is
// never upgraded for them), or in memory where the browser refuses IndexedDB. Entries:
//   exp:<id>                  → ExperimentRecord (settings, the session it ran, every ended run's record)
//   run:<id>:<variant>:<run>  → that run's session file text
// A run's text and the updated record are written as each run ends, so no finished run is lost.
import { createStore, del, get, keys, set, type UseStore } from 'idb-keyval';
import type { RunRecord } from '../../../experiment/records.ts';

export interface ExperimentRecord {
  readonly id: string;
  /** Milliseconds since the epoch. */
  readonly created: number;
  /** The session's title when the experiment started. */
  readonly title: string;
  /** The session the experiment runs (kept, so Resume runs the same one whatever is open). */
  readonly sessionText: string;
  readonly variantsText: string;
  readonly runs: number;
  readonly concurrency: number;
  /** Variant names in the plan's order (the results table's order). */
  readonly variants: readonly string[];
  /** Runs planned: runs × variants. */
  readonly total: number;
  /** Every run that ended, cut ones included (a resume runs the cut ones again). */
  readonly records: readonly RunRecord[];
}

export interface ExperimentDb {
  list(): Promise<ExperimentRecord[]>;
  get(id: string): Promise<ExperimentRecord | undefined>;
  put(record: ExperimentRecord): Promise<void>;
  putRunText(id: string, variant: string, run: number, text: string): Promise<void>;
  getRunText(id: string, variant: string, run: number): Promise<string | undefined>;
  /** The record and its runs' texts. */
  delete(id: string): Promise<void>;
  /** True once IndexedDB was refused: nothing outlives the page. */
  readonly inMemory: () => boolean;
}

export interface Kv {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

export const EXPERIMENTS_DB = 'ptc-playground-experiments';
const EXP = 'exp:';
const RUN = 'run:';

export function runTextKey(id: string, variant: string, run: number): string {
  return `${RUN}${id}:${variant}:${run}`;
}

export function memoryKv(): Kv {
  const map = new Map<string, unknown>();
  return {
    get: (k) => Promise.resolve(map.get(k)),
    set: (k, v) => Promise.resolve(void map.set(k, v)),
    del: (k) => Promise.resolve(void map.delete(k)),
    keys: () => Promise.resolve([...map.keys()]),
  };
}

function idbKv(dbName: string): Kv {
  let store: UseStore | null = null;
  const use = (): UseStore => (store ??= createStore(dbName, 'experiments'));
  return {
    get: (k) => Promise.resolve().then(() => get<unknown>(k, use())),
    set: (k, v) => Promise.resolve().then(() => set(k, v, use())),
    del: (k) => Promise.resolve().then(() => del(k, use())),
    keys: () => Promise.resolve().then(() => keys<string>(use())),
  };
}

/** IndexedDB, switching to memory for good at the first refusal (private modes, no IndexedDB). */
function fallingBack(primary: Kv, unavailable: boolean): { kv: Kv; inMemory: () => boolean } {
  let fellBack = unavailable;
  let current = fellBack ? memoryKv() : primary;
  const guard =
    <A extends unknown[], R>(pick: (kv: Kv) => (...a: A) => Promise<R>) =>
    async (...a: A): Promise<R> => {
      try {
        return await pick(current)(...a);
      } catch (e) {
        if (fellBack) throw e;
        fellBack = true;
        current = memoryKv();
        return pick(current)(...a);
      }
    };
  return {
    kv: { get: guard((kv) => kv.get), set: guard((kv) => kv.set), del: guard((kv) => kv.del), keys: guard((kv) => kv.keys) },
    inMemory: () => fellBack,
  };
}

export interface ExperimentDbOptions {
  dbName?: string;
  /** Another store than IndexedDB (tests). */
  kv?: Kv;
  /** With `kv`: fall back to memory when it refuses, as IndexedDB's store does. */
  fallback?: boolean;
}

export function createExperimentDb(options: ExperimentDbOptions = {}): ExperimentDb {
  const { kv, inMemory } = options.kv
    ? options.fallback
      ? fallingBack(options.kv, false)
      : { kv: options.kv, inMemory: () => false }
    : fallingBack(idbKv(options.dbName ?? EXPERIMENTS_DB), typeof indexedDB === 'undefined');
  return {
    async list() {
      // Keys first: listing never reads the runs' session texts.
      const ids = (await kv.keys()).filter((k) => k.startsWith(EXP));
      const records = await Promise.all(ids.map((k) => kv.get(k)));
      return records.filter((r): r is ExperimentRecord => r !== undefined).sort((a, b) => b.created - a.created);
    },
    get: async (id) => (await kv.get(EXP + id)) as ExperimentRecord | undefined,
    put: (record) => kv.set(EXP + record.id, record),
    putRunText: (id, variant, run, text) => kv.set(runTextKey(id, variant, run), text),
    getRunText: async (id, variant, run) => {
      const v = await kv.get(runTextKey(id, variant, run));
      return typeof v === 'string' ? v : undefined;
    },
    async delete(id) {
      const prefix = `${RUN}${id}:`;
      for (const k of await kv.keys()) if (k.startsWith(prefix)) await kv.del(k);
      await kv.del(EXP + id);
    },
    inMemory,
  };
}
