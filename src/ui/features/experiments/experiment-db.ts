// Saved experiments in IndexedDB (idb-keyval, a database of their own so the sessions' database is
// never upgraded for them), or in memory where the browser refuses IndexedDB. Entries:
//   exp:<id>                  → the experiment's settings (ExperimentRecord less its session and runs)
//   session:<id>              → the session it runs (written once: it can be megabytes)
//   rec:<id>:<variant>:<run>  → an ended run's record
//   run:<id>:<variant>:<run>  → that run's session file text
// A run's text and record are written as each run ends, so no finished run is lost; each write is
// the size of what changed, not of the experiment (older saves kept all in `exp:` and still read).
import { createStore, del, get, getMany, keys, set, setMany, type UseStore } from 'idb-keyval';
import type { ExperimentSetup } from '../../../experiment/exports.ts';
import type { RunRecord } from '../../../experiment/records.ts';

/** Results `ptc experiment` made elsewhere, opened here: shown and exported, never resumed in the browser. */
export interface ImportedResults {
  /** The results folder's name as the browser gave it (null for files chosen one by one). */
  readonly folder: string | null;
  /** What the file's configuration said: exports made again say the same. */
  readonly setup: ExperimentSetup;
  /** The runs (runKey) whose session file was given: only they can be opened. */
  readonly runFiles: readonly string[];
  /** Where the file's own summary differed from its runs (the figures shown are the runs'). */
  readonly differences: readonly string[];
}

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
  /** Set when the results were opened from a folder rather than run here (then `sessionText` is empty). */
  readonly imported?: ImportedResults;
}

export interface ExperimentDb {
  list(): Promise<ExperimentRecord[]>;
  get(id: string): Promise<ExperimentRecord | undefined>;
  put(record: ExperimentRecord): Promise<void>;
  putRunText(id: string, variant: string, run: number, text: string): Promise<void>;
  /** Many runs' texts in one write where the store allows (an opened results folder). */
  putRunTexts(id: string, texts: readonly { readonly variant: string; readonly run: number; readonly text: string }[]): Promise<void>;
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
  /** Many entries in one transaction (IndexedDB); without it, one at a time. */
  setMany?(entries: [string, unknown][]): Promise<void>;
  getMany?(keys: string[]): Promise<unknown[]>;
}

async function setAll(kv: Kv, entries: [string, unknown][]): Promise<void> {
  if (kv.setMany !== undefined && entries.length > 1) await kv.setMany(entries);
  else for (const [k, v] of entries) await kv.set(k, v);
}

function getAll(kv: Kv, keyList: string[]): Promise<unknown[]> {
  return kv.getMany !== undefined && keyList.length > 1 ? kv.getMany(keyList) : Promise.all(keyList.map((k) => kv.get(k)));
}

/** Entries per transaction: one transaction per run is slow past thousands, one for all holds them all at once. */
const CHUNK = 500;

export const EXPERIMENTS_DB = 'ptc-playground-experiments';
const EXP = 'exp:';
const RUN = 'run:';
const REC = 'rec:';
const SESSION = 'session:';

type Head = Omit<ExperimentRecord, 'sessionText' | 'records'> & { sessionText?: string; records?: readonly RunRecord[] };

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
    setMany: (entries) => Promise.resolve().then(() => setMany(entries, use())),
    getMany: (keyList) => Promise.resolve().then(() => getMany<unknown>(keyList, use())),
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
    kv: {
      get: guard((kv) => kv.get),
      set: guard((kv) => kv.set),
      del: guard((kv) => kv.del),
      keys: guard((kv) => kv.keys),
      setMany: guard((kv) => (entries: [string, unknown][]) => setAll(kv, entries)),
      getMany: guard((kv) => (keyList: string[]) => getAll(kv, keyList)),
    },
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
  // What this page last wrote per key, so a put writes only what changed.
  const written = new Map<string, unknown>();
  let storeWasMemory = inMemory();
  const write = async (key: string, value: unknown): Promise<void> => {
    // A switch to memory (IndexedDB refused) starts an empty store: write everything again.
    if (inMemory() !== storeWasMemory) {
      storeWasMemory = inMemory();
      written.clear();
    }
    if (written.get(key) === value) return;
    await kv.set(key, value);
    written.set(key, value);
  };
  /** A stored head made whole again: its session and its runs' records. */
  const whole = async (head: Head, allKeys: readonly string[]): Promise<ExperimentRecord> => {
    const recPrefix = `${REC}${head.id}:`;
    const own = await getAll(
      kv,
      allKeys.filter((k) => k.startsWith(recPrefix)),
    );
    const byRun = new Map<string, RunRecord>();
    for (const r of [...(head.records ?? []), ...(own as RunRecord[])]) if (r !== undefined) byRun.set(`${r.variant}\u0000${r.run}`, r);
    const sessionText = head.sessionText ?? (await kv.get(SESSION + head.id));
    return { ...head, sessionText: typeof sessionText === 'string' ? sessionText : '', records: [...byRun.values()] };
  };
  return {
    async list() {
      const allKeys = await kv.keys();
      const heads = await getAll(
        kv,
        allKeys.filter((k) => k.startsWith(EXP)),
      );
      const records = await Promise.all(heads.filter((h): h is Head => h !== undefined).map((h) => whole(h, allKeys)));
      return records.sort((a, b) => b.created - a.created);
    },
    async get(id) {
      const head = (await kv.get(EXP + id)) as Head | undefined;
      return head === undefined ? undefined : whole(head, await kv.keys());
    },
    async put(record) {
      const { sessionText, records, ...head } = record;
      await write(SESSION + record.id, sessionText);
      const changed = records.map((r): [string, unknown] => [`${REC}${record.id}:${r.variant}:${r.run}`, r]).filter(([k, r]) => written.get(k) !== r);
      if (changed.length === 1) await write(changed[0][0], changed[0][1]);
      else
        for (let i = 0; i < changed.length; i += CHUNK) {
          const chunk = changed.slice(i, i + CHUNK);
          await setAll(kv, chunk);
          for (const [k, r] of chunk) written.set(k, r);
        }
      await kv.set(EXP + record.id, head);
    },
    putRunText: (id, variant, run, text) => kv.set(runTextKey(id, variant, run), text),
    putRunTexts: (id, texts) =>
      setAll(
        kv,
        texts.map((t): [string, unknown] => [runTextKey(id, t.variant, t.run), t.text]),
      ),
    getRunText: async (id, variant, run) => {
      const v = await kv.get(runTextKey(id, variant, run));
      return typeof v === 'string' ? v : undefined;
    },
    async delete(id) {
      const prefixes = [`${RUN}${id}:`, `${REC}${id}:`];
      for (const k of await kv.keys()) if (prefixes.some((p) => k.startsWith(p))) await kv.del(k);
      await kv.del(SESSION + id);
      await kv.del(EXP + id);
      for (const k of [...written.keys()]) if (k.includes(id)) written.delete(k);
    },
    inMemory,
  };
}
