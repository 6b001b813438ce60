// Autosave: the open session's text goes to its saved record after a pause, one save at a time.
//
// The playground store's `persistence` says which record the open view belongs to. Opening actions
// set it before the new view arrives (null for a new source: the first save creates a record; the
// record for a session opened from the list); this class updates its rev after each save. A save
// names the rev it was built on, so a record another tab saved since is never overwritten: the save
// is refused, `sessionConflict` is set, and autosave of that session waits for the person's choice
// (`keepMine`, or opening the stored version). Every save is announced to the other tabs; what they
// announce about the open session (a newer save, a deletion) comes in through `otherTab`.
// Saves go through the saved sessions' write queue (saved-sessions.ts), which reports failures.
import type { View } from '../../worker/views.ts';
import { sameSavedContent, samePieces, sessionTextOf } from '../engine/session-text.ts';
import type { SavedText } from '../../worker/view-patch.ts';
import type { PersistenceRef, PlaygroundState, PlaygroundStore } from '../state/store.ts';
import type { SessionMessage } from './channel.ts';
import type { SavedSessions } from './saved-sessions.ts';

export const AUTOSAVE_DELAY_MS = 500;

export interface AutosaveOptions {
  playground: PlaygroundStore;
  /** Where saves go, one write at a time. */
  saved: SavedSessions;
  /** This tab's id (recorded as `savedBy`). */
  tabId: string;
  /** Tells the other tabs about a save. */
  announce?: (kind: SessionMessage['kind'], id: string, rev: number) => void;
  /** Remembers the session this tab has open (restore.ts: reopened on the next load). */
  remember?: (id: string) => Promise<void>;
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

export class Autosave {
  private slot: Slot;
  private pending: Job | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** True while this class writes `persistence`/`sessionConflict` (not an opening action). */
  private own = false;
  private enabled = true;
  private readonly delayMs: number;

  constructor(private readonly o: AutosaveOptions) {
    this.delayMs = o.delayMs ?? AUTOSAVE_DELAY_MS;
    const state = o.playground.getState();
    this.slot = slotFor(state.persistence, false);
    this.slot.lastText = state.view?.saved ?? null;
  }

  /** The saved session open in this tab; null when it is not saved (yet). */
  get openId(): string | null {
    return this.slot.id;
  }

  get active(): boolean {
    return this.enabled;
  }

  /** Follows the playground store; returns the stop. */
  start(): () => void {
    return this.o.playground.subscribe((s, prev) => this.changed(s, prev));
  }

  /** Stops saving (storage refused): the playground works on without it. */
  disable(): void {
    this.enabled = false;
    this.pending = null;
    this.clearTimer();
  }

  /** Queues the save waiting for its pause now. */
  saveNow(): void {
    this.clearTimer();
    const job = this.pending;
    this.pending = null;
    if (job) void this.o.saved.enqueue(() => this.save(job));
  }

  /** Saves what is waiting now; resolves when every write so far has finished. */
  flush(): Promise<void> {
    this.saveNow();
    return this.o.saved.settled();
  }

  /** The open session's record is being deleted here: nothing more is saved to it. */
  close(id: string): void {
    if (id !== this.slot.id) return;
    this.slot.closed = true;
    this.pending = null;
    this.clearTimer();
  }

  /** Another tab saved or deleted a session: the open one's record conflicts, or is gone. */
  otherTab(m: SessionMessage): void {
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
      this.o.playground
        .getState()
        .setNotice({ kind: 'info', text: 'Another tab deleted this session. It stays open here and is saved as a new session when it changes.' });
      return;
    }
    if (m.rev > slot.rev) this.conflict(slot, { id: m.id, rev: m.rev, savedBy: m.savedBy });
  }

  /** "Keep mine": saves this tab's session over the other tab's version (with the stored rev). */
  keepMine(): Promise<void> {
    const slot = this.slot;
    this.clearTimer();
    this.pending = null;
    return this.o.saved.enqueue(async () => {
      const view = this.o.playground.getState().view;
      if (view === null) return;
      const stored = slot.id !== null ? await this.o.saved.sessions.get(slot.id) : undefined;
      if (stored) slot.rev = stored.rev;
      else slot.id = null;
      slot.conflict = false;
      slot.lastText = null;
      if (slot === this.slot) this.write_(() => this.o.playground.getState().setSessionConflict(null));
      await this.save({ slot, view });
    });
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
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
    this.saveNow();
    this.slot = slotFor(p, true);
    if (this.o.playground.getState().sessionConflict !== null) this.write_(() => this.o.playground.getState().setSessionConflict(null));
    const remember = this.o.remember;
    if (p && this.enabled && remember) void this.o.saved.enqueue(() => remember(p.id));
  }

  private schedule(job: Job): void {
    if (!this.enabled) return;
    this.pending = job;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.saveNow(), this.delayMs);
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
    const sessions = this.o.saved.sessions;
    const options = { savedBy: this.o.tabId, title: job.view.setup.definition.title, turns: job.view.turns.length };
    if (slot.id !== null) {
      const r = await sessions.save(slot.id, text, slot.rev, options);
      if (r.ok) {
        slot.rev = r.record.rev;
        slot.lastText = pieces;
        if (r.written) this.o.announce?.('saved', slot.id, slot.rev);
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
    const record = await sessions.create(text, options);
    slot.id = record.id;
    slot.rev = record.rev;
    slot.lastText = pieces;
    this.o.announce?.('saved', record.id, record.rev);
    if (slot === this.slot && this.o.remember) await this.o.remember(record.id);
    this.saved(slot);
  }

  private saved(slot: Slot): void {
    this.o.saved.succeeded();
    if (slot === this.slot && slot.id !== null) {
      const ref = { id: slot.id, rev: slot.rev };
      this.write_(() => this.o.playground.getState().setPersistence(ref));
    }
    this.o.saved.notify();
  }

  private conflict(slot: Slot, stored: { id: string; rev: number; savedBy: string }): void {
    slot.conflict = true;
    if (slot === this.slot) this.write_(() => this.o.playground.getState().setSessionConflict(stored));
  }
}
