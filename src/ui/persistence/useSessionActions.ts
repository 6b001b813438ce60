// What the sessions menu and the two-tabs notice do: open, start, rename, duplicate and delete saved
// sessions, and settle a conflict with another tab.
import { useController } from '../state/playground.tsx';
import { openDefaultExample } from './restore.ts';
import { useSessionPersistence } from './SessionPersistence.tsx';
import { linesOf } from '../lib/problems.ts';

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function useSessionActions() {
  const { sync } = useSessionPersistence();
  const c = useController();
  const store = c.store;
  const notice = (text: string) => store.getState().setNotice({ kind: 'error', text });

  /** Opens a saved session; autosave then saves to it. */
  const openSession = async (id: string): Promise<boolean> => {
    if (!sync) return false;
    try {
      const record = await sync.sessions.get(id);
      if (!record) {
        notice('That session is no longer saved (deleted in another tab?).');
        return false;
      }
      // A request to an LLM under way is stopped first (opening stops it anyway), so the edits sent
      // before opening wait for no turn.
      await c.settleRequest();
      await c.lane.flush();
      const r = await c.openSaved(record.text, { id: record.id, rev: record.rev });
      if (!r.ok && r.problems.length > 0) notice(`Could not open the saved session "${record.title}":\n${linesOf(r.problems)}`);
      return r.ok;
    } catch (e) {
      notice(`Could not open the saved session: ${messageOf(e)}`);
      return false;
    }
  };

  /** A new session from the default example (saved as a new record). */
  const newSession = async (): Promise<boolean> => {
    await c.settleRequest();
    await c.lane.flush();
    return openDefaultExample((text) => c.open(text), store);
  };

  const rename = async (id: string, title: string): Promise<void> => {
    if (!sync || title.trim() === '') return;
    const view = store.getState().view;
    if (id === sync.openId && view !== null) {
      // The open session is renamed in the engine, so its title, export and saved text agree.
      // An edit like any other: after the edits and turn under way, built on the definition they left.
      await c.lane.flush();
      const r = await c.edit((current) => ({ ...current, title }));
      if (!r.ok) {
        notice(`Could not rename the session:\n${linesOf(r.problems)}`);
        return;
      }
      await sync.flush();
      return;
    }
    await sync.rename(id, title);
  };

  const duplicate = async (id: string): Promise<void> => {
    if (!sync) return;
    if (id === sync.openId) await c.lane.flush();
    await sync.duplicate(id);
  };

  /** Deletes a saved session; when it was open, the newest other one opens (or a new one). */
  const remove = async (id: string): Promise<void> => {
    if (!sync) return;
    const wasOpen = id === sync.openId;
    await sync.remove(id);
    if (!wasOpen) return;
    const next = (await sync.list().catch(() => []))[0];
    if (!next || !(await openSession(next.id))) await newSession();
  };

  /** "Keep mine": this tab's version is saved over the other tab's. */
  const keepMine = async (): Promise<void> => {
    if (sync) await sync.keepMine();
  };

  /** "Load the other tab's version": the stored session replaces this tab's. */
  const loadTheirs = async (): Promise<void> => {
    const conflict = store.getState().sessionConflict;
    if (!sync || conflict === null) return;
    const record = await sync.sessions.get(conflict.id).catch(() => undefined);
    if (!record) {
      notice('The other tab\'s version is no longer saved; "Keep mine" saves this one.');
      return;
    }
    const r = await c.openSaved(record.text, { id: record.id, rev: record.rev });
    if (!r.ok && r.problems.length > 0) notice(`Could not open the other tab's version:\n${linesOf(r.problems)}`);
  };

  return { openSession, newSession, rename, duplicate, remove, keepMine, loadTheirs };
}
