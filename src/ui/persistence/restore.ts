// Restoring: what the page opens first — a session the caller opens itself (a share link), else the
// session this tab or the last tab had open, else the default example. A saved session that no longer
// opens is kept in the list and reported; the default example opens instead. Which session a tab has
// open is remembered here as it changes (the tab's sessionStorage and the store's last-open id).
import { DEFAULT_EXAMPLE, EXAMPLES, findExample } from '../state/examples.ts';
import type { OpenOutcome } from '../state/controller.ts';
import type { PersistenceRef, PlaygroundStore } from '../state/store.ts';
import type { SessionStore } from './session-store.ts';
import { linesOf, type Problem } from '../lib/problems.ts';

/** Which saved session this tab has open, kept across reloads of the tab (sessionStorage). */
export interface TabMemory {
  get(): string | null;
  set(id: string | null): void;
}

/** The tab's sessionStorage, or null where the page may not use it. */
export function sessionStorageMemory(key = 'ptc-playground-open-session'): TabMemory | null {
  try {
    const storage = globalThis.sessionStorage;
    if (!storage) return null;
    return {
      get: () => {
        try {
          return storage.getItem(key);
        } catch {
          return null;
        }
      },
      set: (id) => {
        try {
          if (id === null) storage.removeItem(key);
          else storage.setItem(key, id);
        } catch {
          // Full or refused: the last open session in IndexedDB still restores.
        }
      },
    };
  } catch {
    return null;
  }
}

/** Remembers `id` as the session this tab (and the next new tab) opens. */
export function rememberOpen(sessions: SessionStore, tabMemory: TabMemory | null | undefined, id: string): Promise<void> {
  tabMemory?.set(id);
  return sessions.setLastOpen(id);
}

/** A deleted session is no longer the one this tab reopens (the store forgets its own last-open id). */
export function forgetOpen(tabMemory: TabMemory | null | undefined, id: string): void {
  if (tabMemory?.get() === id) tabMemory.set(null);
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Opens the bundled default example (as a new source); false when it could not be opened. */
export async function openDefaultExample(open: (text: string) => Promise<OpenOutcome>, store: PlaygroundStore): Promise<boolean> {
  const entry = findExample(DEFAULT_EXAMPLE) ?? EXAMPLES[0];
  if (!entry) return false;
  try {
    const r = await open(await entry.load());
    if (!r.ok && r.problems.length > 0) store.getState().setNotice({ kind: 'error', text: `Could not open ${entry.name}.json:\n${linesOf(r.problems)}` });
    return r.ok;
  } catch (e) {
    store.getState().setNotice({ kind: 'error', text: `Could not load ${entry.name}.json: ${messageOf(e)}` });
    return false;
  }
}

export interface StartupOptions {
  store: PlaygroundStore;
  /** Null: sessions are not saved at all (not configured). */
  sessions: SessionStore | null;
  tabMemory: TabMemory | null;
  open: (text: string) => Promise<OpenOutcome>;
  openSaved: (args: { text: string; record: PersistenceRef }) => Promise<OpenOutcome>;
  /** Runs first; true when it opened a session itself (e.g. a share link in the address). */
  opening?: () => Promise<boolean>;
  /** Storage refused: autosave is switched off. */
  onUnavailable: (reason: string) => void;
}

export type StartupResult = 'opened-by-caller' | 'restored' | 'default';

export async function startup(o: StartupOptions): Promise<StartupResult> {
  let unavailable: string | null = null;
  const candidates: string[] = [];
  if (o.sessions) {
    try {
      // The first call doubles as the probe: private modes may refuse IndexedDB here.
      const lastOpen = await o.sessions.getLastOpen();
      const newest = (await o.sessions.list())[0]?.id ?? null;
      for (const id of [o.tabMemory?.get() ?? null, lastOpen, newest]) if (id !== null && !candidates.includes(id)) candidates.push(id);
    } catch (e) {
      unavailable = messageOf(e);
      o.onUnavailable(unavailable);
    }
  }
  const tellUnavailable = () => {
    if (unavailable !== null) {
      o.store.getState().setNotice({
        kind: 'info',
        text: `Sessions are not saved in this browser: it does not let the playground use IndexedDB here (${unavailable}). Everything else works; use Export to keep a copy.`,
      });
    }
  };

  if (o.opening && (await o.opening())) {
    if (o.store.getState().notice === null) tellUnavailable();
    return 'opened-by-caller';
  }

  let broken: { title: string; problems: Problem[] } | null = null;
  for (const id of candidates) {
    const record = await o.sessions?.get(id).catch(() => undefined);
    if (!record) continue;
    const r = await o.openSaved({ text: record.text, record: { id: record.id, rev: record.rev } });
    if (r.ok) return 'restored';
    broken = { title: record.title, problems: r.problems };
    break;
  }

  await openDefaultExample(o.open, o.store);
  if (broken) {
    const problems = broken.problems.length > 0 ? `:\n${linesOf(broken.problems)}` : '.';
    o.store
      .getState()
      .setNotice({ kind: 'error', text: `The saved session "${broken.title}" could not be opened, so the default example was opened instead${problems}` });
  }
  tellUnavailable();
  return 'default';
}
