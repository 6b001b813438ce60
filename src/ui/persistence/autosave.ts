// Autosave: the open session's text goes to its saved record after a pause, one save at a time.
//
// The playground store's `persistence` says which record the open view belongs to. Opening actions
// set it before the new view arrives (null for a new source: the first save creates a record; the
// record for a session opened from the list); this class updates its rev after each save. A save
// names the rev it was built on, so a record another tab saved since is never overwritten: the save
// is refused, `sessionConflict` is set, and autosave of that session waits for the person's choice
// (`keepMine`, or opening the stored version). Every save is announced on the channel, so a tab with
// the same session open learns of it at once rather than at its own next save.
import type { View } from '../../worker/views.ts';
import { sameSavedContent, samePieces, sessionTextOf } from '../engine/session-text.ts';
import type { SavedText } from '../../worker/view-patch.ts';
import type { PersistenceRef, PlaygroundState, PlaygroundStore } from '../state/store.ts';
import type { SessionChannel, SessionMessage } from './channel.ts';
import type { SessionMeta, SessionRecord, SessionStore } from './session-store.ts';

export const AUTOSAVE_DELAY_MS = 500;

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

export interface SessionSyncOptions {
  sessions: SessionStore;
  playground: PlaygroundStore;
  /** This tab's id (recorded as `savedBy`). */
  tabId: string;
  channel?: SessionChannel | null;
  tabMemory?: TabMemory | null;
  delayMs?: number;
}

/** The record one opened session is saved to (null id: not saved yet). */
interface Slot {
  id: string | null;
  rev: number;
  /**
   * The pieces of the text last saved or loaded (src/worker/view-patch.ts); the same text is not saved
   * again. Pieces, not the joined text: comparing them costs nothing, and the page keeps no second copy.
   */
  lastText: SavedText | null;
  /** The next view is the one just opened from the record: nothing to save. */
  baseline: boolean;
  /** Another tab saved this record since: no autosave until the person chooses. */
  conflict: boolean;
  /** Deleted here: never saved again. */
  closed: boolean;
}

interface Job {
  slot: Slot;
  /** The view to save: its text is joined from its pieces when the save runs, not at every Step. */
  view: View;
}

function slotFor(p: PersistenceRef | null, baseline: boolean): Slot {
  return { id: p?.id ?? null, rev: p?.rev ?? 0, lastText: null, baseline: baseline && p !== null, conflict: false, closed: false };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class SessionSync {
  private slot: Slot;
  private pending: Job | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();
  /** True while this class writes `persistence`/`sessionConflict` (not an opening action). */
  private own = false;
  private enabled = true;
  private stops: (() => void)[] = [];
  private listeners = new Set<() => void>();
  private lastError: string | null = null;
  private readonly delayMs: number;

  constructor(private readonly o: SessionSyncOptions) {
    this.delayMs = o.delayMs ?? AUTOSAVE_DELAY_MS;
    const state = o.playground.getState();
    this.slot = slotFor(state.persistence, false);
    this.slot.lastText = state.view?.saved ?? null;
  }

  get tabId(): string {
    return this.o.tabId;
  }

  /** The saved session open in this tab; null when it is not saved (yet). */
  get openId(): string | null {
    return this.slot.id;
  }

  get sessions(): SessionStore {
    return this.o.sessions;
  }

  start(): void {
    this.stops.push(this.o.playground.subscribe((s, prev) => this.changed(s, prev)));
    if (this.o.channel) this.stops.push(this.o.channel.subscribe((m) => this.received(m)));
  }

  /** Saves what is waiting, then stops listening (the channel is closed). */
  dispose(): void {
    this.flushPending();
    for (const stop of this.stops.splice(0)) stop();
    this.o.channel?.close();
    this.listeners.clear();
  }

  /** Stops saving (storage refused): the playground works on without it. */
  disable(): void {
    this.enabled = false;
    this.pending = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Called when the saved sessions changed (here or in another tab); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Saves what is waiting now; resolves when every save so far has finished. */
  flush(): Promise<void> {
    this.flushPending();
    return this.queue;
  }

  /** Remembers `id` as the session this tab (and the next new tab) opens. */
  remember(id: string): Promise<void> {
    this.o.tabMemory?.set(id);
    return this.o.sessions.setLastOpen(id);
  }

  private changed(s: PlaygroundState, prev: PlaygroundState): void {
    if (s.persistence !== prev.persistence && !this.own) this.adopt(s.persistence);
    if (s.view === null || s.view === prev.view) return;
    if (this.slot.baseline) {
      // The view just opened from the record: it is what is stored.
      this.slot.baseline = false;
      this.slot.lastText = s.view.saved ?? null;
      return;
    }
    // A turn switch or another strategy changes the view, not what is saved.
    if (!sameSavedContent(s.view, prev.view)) this.schedule({ slot: this.slot, view: s.view });
  }

  /** An opening action replaced the session: what waits for the old one is saved to it first. */
  private adopt(p: PersistenceRef | null): void {
    this.flushPending();
    this.slot = slotFor(p, true);
    if (this.o.playground.getState().sessionConflict !== null) this.write_(() => this.o.playground.getState().setSessionConflict(null));
    if (p && this.enabled) this.enqueue(() => this.remember(p.id));
  }

  private schedule(job: Job): void {
    if (!this.enabled) return;
    this.pending = job;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flushPending(), this.delayMs);
  }

  private flushPending(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const job = this.pending;
    this.pending = null;
    if (job) this.enqueue(() => this.save(job));
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task).catch((e: unknown) => this.failed(e));
    return this.queue;
  }

  /** Writes the store's persistence fields as autosave (not as an opening action). */
  private write_(fn: () => void): void {
    this.own = true;
    try {
      fn();
    } finally {
      this.own = false;
    }
  }

  private async save(job: Job): Promise<void> {
    const { slot } = job;
    if (!this.enabled || slot.conflict || slot.closed) return;
    const pieces = job.view.saved;
    if (pieces === undefined || samePieces(pieces, slot.lastText)) return;
    // Joined only now, once per save (after the pause), never at every Step.
    const text = sessionTextOf(job.view);
    if (text === null) return;
    const options = { savedBy: this.o.tabId, title: job.view.definition.title, turns: job.view.turns.length };
    if (slot.id !== null) {
      const r = await this.o.sessions.save(slot.id, text, slot.rev, options);
      if (r.ok) {
        slot.rev = r.record.rev;
        slot.lastText = pieces;
        if (r.written) this.post({ kind: 'saved', id: slot.id, rev: slot.rev, savedBy: this.o.tabId });
        this.saved(slot);
        return;
      }
      if (r.reason === 'conflict') {
        this.conflict(slot, { id: r.stored.id, rev: r.stored.rev, savedBy: r.stored.savedBy });
        return;
      }
      // Deleted (in another tab) since: saved again, as a new record.
      slot.id = null;
      slot.rev = 0;
    }
    const record = await this.o.sessions.create(text, options);
    slot.id = record.id;
    slot.rev = record.rev;
    slot.lastText = pieces;
    this.post({ kind: 'saved', id: record.id, rev: record.rev, savedBy: this.o.tabId });
    if (slot === this.slot) await this.remember(record.id);
    this.saved(slot);
  }

  private saved(slot: Slot): void {
    this.lastError = null;
    if (slot === this.slot && slot.id !== null) {
      const ref = { id: slot.id, rev: slot.rev };
      this.write_(() => this.o.playground.getState().setPersistence(ref));
    }
    this.notify();
  }

  private conflict(slot: Slot, stored: { id: string; rev: number; savedBy: string }): void {
    slot.conflict = true;
    if (slot === this.slot) this.write_(() => this.o.playground.getState().setSessionConflict(stored));
  }

  private failed(e: unknown): void {
    const message = messageOf(e);
    if (message === this.lastError) return;
    this.lastError = message;
    this.o.playground.getState().setNotice({ kind: 'error', text: `Could not save the session in this browser: ${message}` });
  }

  private post(message: SessionMessage): void {
    this.o.channel?.post(message);
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private received(m: SessionMessage): void {
    if (m.savedBy === this.o.tabId) return;
    this.notify();
    const slot = this.slot;
    if (slot.id !== m.id) return;
    if (m.kind === 'deleted') {
      // Still open here: saved as a new session when it next changes.
      slot.id = null;
      slot.rev = 0;
      slot.lastText = null;
      slot.conflict = false;
      this.write_(() => {
        const s = this.o.playground.getState();
        s.setPersistence(null);
        s.setSessionConflict(null);
      });
      this.o.playground.getState().setNotice({ kind: 'info', text: 'Another tab deleted this session. It stays open here and is saved as a new session when it changes.' });
      return;
    }
    if (m.rev > slot.rev) this.conflict(slot, { id: m.id, rev: m.rev, savedBy: m.savedBy });
  }

  /** "Keep mine": saves this tab's session over the other tab's version (with the stored rev). */
  keepMine(): Promise<void> {
    const slot = this.slot;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    return this.enqueue(async () => {
      const view = this.o.playground.getState().view;
      if (view === null) return;
      const stored = slot.id !== null ? await this.o.sessions.get(slot.id) : undefined;
      if (stored) slot.rev = stored.rev;
      else slot.id = null;
      slot.conflict = false;
      slot.lastText = null;
      if (slot === this.slot) this.write_(() => this.o.playground.getState().setSessionConflict(null));
      await this.save({ slot, view });
    });
  }

  list(): Promise<SessionMeta[]> {
    return this.o.sessions.list();
  }

  /** Renames a session that is not the open one (the open one is renamed through its definition). */
  rename(id: string, title: string): Promise<void> {
    return this.enqueue(async () => {
      const meta = await this.o.sessions.rename(id, title, this.o.tabId);
      if (meta) this.post({ kind: 'saved', id, rev: meta.rev, savedBy: this.o.tabId });
      this.notify();
    });
  }

  /** A copy of a saved session (of the open one as it is now). */
  async duplicate(id: string): Promise<SessionRecord | undefined> {
    let copy: SessionRecord | undefined;
    if (id === this.slot.id) this.flushPending();
    await this.enqueue(async () => {
      copy = await this.o.sessions.duplicate(id, this.o.tabId);
      if (copy) this.post({ kind: 'saved', id: copy.id, rev: copy.rev, savedBy: this.o.tabId });
      this.notify();
    });
    return copy;
  }

  /** Deletes a saved session; when it is the open one, nothing more is saved to it. */
  remove(id: string): Promise<void> {
    if (id === this.slot.id) {
      this.slot.closed = true;
      this.pending = null;
      if (this.timer !== null) clearTimeout(this.timer);
      this.timer = null;
    }
    return this.enqueue(async () => {
      await this.o.sessions.delete(id);
      if (this.o.tabMemory?.get() === id) this.o.tabMemory.set(null);
      this.post({ kind: 'deleted', id, rev: 0, savedBy: this.o.tabId });
      this.notify();
    });
  }
}
