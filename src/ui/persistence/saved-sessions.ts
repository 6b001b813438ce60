// The saved sessions as the page writes them: one write at a time (autosave's saves and the sessions
// menu's rename, duplicate and delete share one queue), a failure told once (until a save succeeds),
// and whoever lists the sessions told when they changed (here or, through the channel, in another tab).
import type { SessionMessage } from './channel.ts';
import type { SessionMeta, SessionRecord, SessionStore } from './session-store.ts';

export interface SavedSessionsOptions {
  sessions: SessionStore;
  /** This tab's id (recorded as `savedBy`). */
  tabId: string;
  /** Tells the other tabs (the cross-tab channel). */
  announce?: (kind: SessionMessage['kind'], id: string, rev: number) => void;
  /** A write failed: told once per message, until a save succeeds. */
  report?: (message: string) => void;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export class SavedSessions {
  private queue: Promise<void> = Promise.resolve();
  private listeners = new Set<() => void>();
  private lastError: string | null = null;

  constructor(private readonly o: SavedSessionsOptions) {}

  get sessions(): SessionStore {
    return this.o.sessions;
  }

  /** Runs `task` after every write queued before it; a failure is reported, never thrown. */
  enqueue(task: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(task).catch((e: unknown) => this.failed(e));
    return this.queue;
  }

  /** Settles when every write queued so far has. */
  settled(): Promise<void> {
    return this.queue;
  }

  /** A save succeeded: the next failure is told again. */
  succeeded(): void {
    this.lastError = null;
  }

  /** Called when the saved sessions changed (here or in another tab); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells the listeners the saved sessions changed. */
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  clearListeners(): void {
    this.listeners.clear();
  }

  list(): Promise<SessionMeta[]> {
    return this.o.sessions.list();
  }

  /** Renames a session (the open one is renamed through its definition instead). */
  rename(id: string, title: string): Promise<void> {
    return this.enqueue(async () => {
      const meta = await this.o.sessions.rename(id, title, this.o.tabId);
      if (meta) this.o.announce?.('saved', id, meta.rev);
      this.notify();
    });
  }

  /** A copy of a saved session, as it is stored once the writes queued before have run. */
  async duplicate(id: string): Promise<SessionRecord | undefined> {
    let copy: SessionRecord | undefined;
    await this.enqueue(async () => {
      copy = await this.o.sessions.duplicate(id, this.o.tabId);
      if (copy) this.o.announce?.('saved', copy.id, copy.rev);
      this.notify();
    });
    return copy;
  }

  /** Deletes a saved session; `deleted` runs once it is gone, before the other tabs are told. */
  remove(id: string, deleted?: () => void): Promise<void> {
    return this.enqueue(async () => {
      await this.o.sessions.delete(id);
      deleted?.();
      this.o.announce?.('deleted', id, 0);
      this.notify();
    });
  }

  private failed(e: unknown): void {
    const message = messageOf(e);
    if (message === this.lastError) return;
    this.lastError = message;
    this.o.report?.(message);
  }
}
