// Saved sessions in IndexedDB, through idb-keyval's custom store ('ptc-playground' / 'sessions').
// Each session is two entries, so listing never reads the session texts:
//   meta:<id> → SessionMeta (title, times, rev, who saved it, turns)
//   text:<id> → the session file text
//   lastOpen  → the id of the session last opened or saved
// A save names the rev it was built on; when the stored rev differs (another tab saved since), the
// save is refused and the stored record returned, so nothing is overwritten silently.
import { createStore, type UseStore } from 'idb-keyval';

export interface SessionMeta {
  id: string;
  /** The session's own title (the session file's `title`). */
  title: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  updatedAt: number;
  /** 1 when created, +1 per save that changed the text. */
  rev: number;
  /** The tab id of the last writer. */
  savedBy: string;
  /** Recorded turns in the text (0 when the text does not parse). */
  turns: number;
}

export interface SessionRecord extends SessionMeta {
  /** The session file (JSON text, the format `ptc` reads). */
  text: string;
}

/** What a save records beside the text; title and turns are read from the text when not given. */
export interface SaveOptions {
  savedBy: string;
  title?: string;
  turns?: number;
}

export type SaveResult =
  /** Saved (`written`), or the stored text was already this text (nothing written, its rev adopted). */
  | { ok: true; record: SessionMeta; written: boolean }
  /** The stored rev is not the one the caller built on: nothing was written. */
  | { ok: false; reason: 'conflict'; stored: SessionRecord }
  /** No such session (deleted). */
  | { ok: false; reason: 'missing' };

export interface SessionStore {
  /** Every saved session, most recently updated first, without the texts. */
  list(): Promise<SessionMeta[]>;
  get(id: string): Promise<SessionRecord | undefined>;
  /** A new record (new id, rev 1). */
  create(text: string, options: SaveOptions): Promise<SessionRecord>;
  /** Replaces the text if the stored rev is still `expectedRev` (then rev + 1). */
  save(id: string, text: string, expectedRev: number, options: SaveOptions): Promise<SaveResult>;
  /** Sets the session's title (in its text too, when the text is a JSON object); rev + 1. */
  rename(id: string, title: string, savedBy: string): Promise<SessionMeta | undefined>;
  /** A copy under a new id, titled "<title> (copy)". */
  duplicate(id: string, savedBy: string): Promise<SessionRecord | undefined>;
  delete(id: string): Promise<void>;
  getLastOpen(): Promise<string | null>;
  setLastOpen(id: string | null): Promise<void>;
}

export const DB_NAME = 'ptc-playground';
export const STORE_NAME = 'sessions';
const META = 'meta:';
const TEXT = 'text:';
const LAST_OPEN = 'lastOpen';

/** A random id: crypto.randomUUID where the page may use it (secure contexts), else one built alike. */
export function newId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const b = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(b);
  else for (let i = 0; i < 16; i++) b[i] = Math.floor(Math.random() * 256);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Title and turn count of a session text; "Untitled" and 0 when it is not a session-like object. */
export function describeText(text: string): { title: string; turns: number } {
  try {
    const json = JSON.parse(text) as { title?: unknown; turns?: unknown };
    const title = json !== null && typeof json === 'object' && typeof json.title === 'string' && json.title.trim() !== '' ? json.title : 'Untitled';
    const turns = json !== null && typeof json === 'object' && Array.isArray(json.turns) ? json.turns.length : 0;
    return { title, turns };
  } catch {
    return { title: 'Untitled', turns: 0 };
  }
}

/** The text with its `title` replaced, formatted as session files are; unchanged when not a JSON object. */
export function retitleText(text: string, title: string): string {
  try {
    const json = JSON.parse(text) as unknown;
    if (json === null || typeof json !== 'object' || Array.isArray(json)) return text;
    (json as Record<string, unknown>).title = title;
    return `${JSON.stringify(json, null, 2)}\n`;
  } catch {
    return text;
  }
}

export interface IdbSessionStoreOptions {
  dbName?: string;
  storeName?: string;
  /** The clock (tests); times never go backwards and two writes never share a time. */
  now?: () => number;
}

/**
 * The IndexedDB store. Nothing is opened until the first call, and a browser without IndexedDB (or
 * one refusing it, as some private modes do) makes every call reject instead of throwing.
 */
export function createIdbSessionStore(options: IdbSessionStoreOptions = {}): SessionStore {
  const dbName = options.dbName ?? DB_NAME;
  const storeName = options.storeName ?? STORE_NAME;
  const clock = options.now ?? Date.now;
  let last = 0;
  const now = () => (last = Math.max(clock(), last + 1));
  let use: UseStore | null = null;

  /**
   * One transaction: `body` issues requests and reports its result with `done`; the promise resolves
   * when the transaction has committed (so a write is durable before anyone is told about it).
   */
  function transact<T>(mode: IDBTransactionMode, body: (os: IDBObjectStore, done: (value: T) => void) => void): Promise<T> {
    return Promise.resolve().then(() => {
      use ??= createStore(dbName, storeName);
      return use(
        mode,
        (os) =>
          new Promise<T>((resolve, reject) => {
            let result: T | undefined;
            const tx = os.transaction;
            tx.oncomplete = () => resolve(result as T);
            tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
            body(os, (value) => (result = value));
          }),
      );
    });
  }

  /** Reads the meta and text of `id`, then calls `next` with them (undefined when missing). */
  function read(os: IDBObjectStore, id: string, next: (record: SessionRecord | undefined) => void): void {
    const meta = os.get(META + id);
    const text = os.get(TEXT + id);
    text.onsuccess = () => {
      const m = meta.result as SessionMeta | undefined;
      const t = text.result as string | undefined;
      next(m && typeof t === 'string' ? { ...m, text: t } : undefined);
    };
  }

  function write(os: IDBObjectStore, record: SessionRecord): SessionMeta {
    const { text, ...meta } = record;
    os.put(meta, META + record.id);
    os.put(text, TEXT + record.id);
    return meta;
  }

  function fresh(text: string, options: SaveOptions): SessionRecord {
    const described = options.title === undefined || options.turns === undefined ? describeText(text) : null;
    const t = now();
    return {
      id: newId(),
      title: options.title ?? described?.title ?? 'Untitled',
      createdAt: t,
      updatedAt: t,
      rev: 1,
      savedBy: options.savedBy,
      turns: options.turns ?? described?.turns ?? 0,
      text,
    };
  }

  return {
    list: () =>
      transact<SessionMeta[]>('readonly', (os, done) => {
        const all = os.getAll(IDBKeyRange.bound(META, `${META}\uffff`));
        all.onsuccess = () => done((all.result as SessionMeta[]).sort((a, b) => b.updatedAt - a.updatedAt || b.createdAt - a.createdAt));
      }),

    get: (id) => transact<SessionRecord | undefined>('readonly', (os, done) => read(os, id, done)),

    create: (text, options) =>
      transact<SessionRecord>('readwrite', (os, done) => {
        const record = fresh(text, options);
        write(os, record);
        done(record);
      }),

    save: (id, text, expectedRev, options) =>
      transact<SaveResult>('readwrite', (os, done) =>
        read(os, id, (stored) => {
          if (!stored) return done({ ok: false, reason: 'missing' });
          const { text: storedText, ...meta } = stored;
          // Someone else saved exactly this text: nothing to write, and nothing to disagree about.
          if (storedText === text) return done({ ok: true, record: meta, written: false });
          if (stored.rev !== expectedRev) return done({ ok: false, reason: 'conflict', stored });
          const described = options.title === undefined || options.turns === undefined ? describeText(text) : null;
          const next: SessionRecord = {
            ...stored,
            title: options.title ?? described?.title ?? stored.title,
            turns: options.turns ?? described?.turns ?? stored.turns,
            updatedAt: now(),
            rev: stored.rev + 1,
            savedBy: options.savedBy,
            text,
          };
          done({ ok: true, record: write(os, next), written: true });
        }),
      ),

    rename: (id, title, savedBy) =>
      transact<SessionMeta | undefined>('readwrite', (os, done) =>
        read(os, id, (stored) => {
          if (!stored) return done(undefined);
          const next: SessionRecord = { ...stored, title, text: retitleText(stored.text, title), updatedAt: now(), rev: stored.rev + 1, savedBy };
          done(write(os, next));
        }),
      ),

    duplicate: (id, savedBy) =>
      transact<SessionRecord | undefined>('readwrite', (os, done) =>
        read(os, id, (stored) => {
          if (!stored) return done(undefined);
          const title = `${stored.title} (copy)`;
          const copy = fresh(retitleText(stored.text, title), { savedBy, title, turns: stored.turns });
          write(os, copy);
          done(copy);
        }),
      ),

    delete: (id) =>
      transact<void>('readwrite', (os) => {
        os.delete(META + id);
        os.delete(TEXT + id);
        const last = os.get(LAST_OPEN);
        last.onsuccess = () => {
          if (last.result === id) os.delete(LAST_OPEN);
        };
      }),

    getLastOpen: () =>
      transact<string | null>('readonly', (os, done) => {
        const r = os.get(LAST_OPEN);
        r.onsuccess = () => done(typeof r.result === 'string' ? r.result : null);
      }),

    setLastOpen: (id) =>
      transact<void>('readwrite', (os) => {
        if (id === null) os.delete(LAST_OPEN);
        else os.put(id, LAST_OPEN);
      }),
  };
}
