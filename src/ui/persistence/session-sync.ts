// One tab's persistence, put together from its parts, one module per job: the saved sessions and
// their write queue (saved-sessions.ts), autosave of the open session (autosave.ts), the cross-tab
// channel (channel.ts) and what the tab reopens on the next load (restore.ts). The sessions menu, the
// conflict banner and <SessionPersistence> use this one object.
import type { PlaygroundStore } from '../state/store.ts';
import { Autosave } from './autosave.ts';
import { TabChannel, type SessionChannel } from './channel.ts';
import { forgetOpen, rememberOpen, type TabMemory } from './restore.ts';
import { SavedSessions } from './saved-sessions.ts';
import type { SessionMeta, SessionRecord, SessionStore } from './session-store.ts';

export interface SessionSyncOptions {
  sessions: SessionStore;
  playground: PlaygroundStore;
  /** This tab's id (recorded as `savedBy`). */
  tabId: string;
  channel?: SessionChannel | null;
  tabMemory?: TabMemory | null;
  delayMs?: number;
}

export class SessionSync {
  private readonly channel: TabChannel;
  private readonly saved: SavedSessions;
  private readonly autosave: Autosave;
  private stops: (() => void)[] = [];

  constructor(private readonly o: SessionSyncOptions) {
    this.channel = new TabChannel(o.channel, o.tabId);
    const announce = this.channel.announce.bind(this.channel);
    this.saved = new SavedSessions({
      sessions: o.sessions,
      tabId: o.tabId,
      announce,
      report: (message) => o.playground.getState().setNotice({ kind: 'error', text: `Could not save the session in this browser: ${message}` }),
    });
    this.autosave = new Autosave({
      playground: o.playground,
      saved: this.saved,
      tabId: o.tabId,
      announce,
      remember: (id) => this.remember(id),
      ...(o.delayMs !== undefined ? { delayMs: o.delayMs } : {}),
    });
  }

  get tabId(): string {
    return this.o.tabId;
  }

  /** The saved session open in this tab; null when it is not saved (yet). */
  get openId(): string | null {
    return this.autosave.openId;
  }

  get sessions(): SessionStore {
    return this.o.sessions;
  }

  get active(): boolean {
    return this.autosave.active;
  }

  start(): void {
    this.stops.push(this.autosave.start());
    this.stops.push(
      this.channel.listen((m) => {
        // Another tab's save or deletion changes the list, and maybe the open session's record.
        this.saved.notify();
        this.autosave.otherTab(m);
      }),
    );
  }

  /** Saves what is waiting, then stops listening (the channel is closed). */
  dispose(): void {
    this.autosave.saveNow();
    for (const stop of this.stops.splice(0)) stop();
    this.channel.close();
    this.saved.clearListeners();
  }

  /** Stops saving (storage refused): the playground works on without it. */
  disable(): void {
    this.autosave.disable();
  }

  /** Called when the saved sessions changed (here or in another tab); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    return this.saved.onChange(listener);
  }

  /** Saves what is waiting now; resolves when every save so far has finished. */
  flush(): Promise<void> {
    return this.autosave.flush();
  }

  /** Remembers `id` as the session this tab (and the next new tab) opens. */
  remember(id: string): Promise<void> {
    return rememberOpen(this.o.sessions, this.o.tabMemory, id);
  }

  /** "Keep mine": saves this tab's session over the other tab's version (with the stored rev). */
  keepMine(): Promise<void> {
    return this.autosave.keepMine();
  }

  list(): Promise<SessionMeta[]> {
    return this.saved.list();
  }

  /** Renames a session that is not the open one (the open one is renamed through its definition). */
  rename(id: string, title: string): Promise<void> {
    return this.saved.rename(id, title);
  }

  /** A copy of a saved session (of the open one as it is now). */
  duplicate(id: string): Promise<SessionRecord | undefined> {
    if (id === this.openId) this.autosave.saveNow();
    return this.saved.duplicate(id);
  }

  /** Deletes a saved session; when it is the open one, nothing more is saved to it. */
  remove(id: string): Promise<void> {
    this.autosave.close(id);
    return this.saved.remove(id, () => forgetOpen(this.o.tabMemory, id));
  }
}
