// Autosave (autosave.ts) on its own: the open session's text saved after a pause to its record, the
// rev it was built on checked (a conflict waits for the person), other tabs' news about that record.
import { describe, expect, it } from 'vitest';
import { Autosave } from '../../../src/ui/persistence/autosave.ts';
import { SavedSessions } from '../../../src/ui/persistence/saved-sessions.ts';
import type { SessionStore } from '../../../src/ui/persistence/session-store.ts';
import { createPlaygroundStore } from '../../../src/ui/state/store.ts';
import { freshStore, sessionText, tick, viewOf } from './helpers.ts';

const DELAY = 20;

function setup(sessions: SessionStore = freshStore()) {
  const playground = createPlaygroundStore();
  const announced: [string, string, number][] = [];
  const remembered: string[] = [];
  const reported: string[] = [];
  const saved = new SavedSessions({ sessions, tabId: 'tab-a', report: (m) => reported.push(m) });
  const autosave = new Autosave({
    playground,
    saved,
    tabId: 'tab-a',
    announce: (k, id, rev) => announced.push([k, id, rev]),
    remember: async (id) => void remembered.push(id),
    delayMs: DELAY,
  });
  const stop = autosave.start();
  const s = () => playground.getState();
  return { playground, sessions, saved, autosave, announced, remembered, reported, stop, s };
}

/** What an opening action does: the record first, then its view. */
function openRecord(t: ReturnType<typeof setup>, id: string | null, rev: number, text: string) {
  t.s().setPersistence(id === null ? null : { id, rev });
  t.s().setView(viewOf(text));
}

describe('Autosave', () => {
  it('saves a new source as a new record after the pause, remembers and announces it', async () => {
    const t = setup();
    openRecord(t, null, 0, sessionText('One'));
    expect(await t.sessions.list()).toEqual([]);
    await tick(DELAY * 3);
    await t.saved.settled();
    const [meta] = await t.sessions.list();
    expect(meta).toMatchObject({ title: 'One', rev: 1, savedBy: 'tab-a', turns: 0 });
    expect((await t.sessions.get(meta.id))?.text).toBe(sessionText('One'));
    expect(t.s().persistence).toEqual({ id: meta.id, rev: 1 });
    expect(t.autosave.openId).toBe(meta.id);
    expect(t.remembered).toEqual([meta.id]);
    expect(t.announced).toEqual([['saved', meta.id, 1]]);
  });

  it('a record just opened is not saved again; each change then is, once per pause, on the last rev', async () => {
    const t = setup();
    const r = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    openRecord(t, r.id, 1, sessionText('One'));
    await t.saved.settled();
    expect(t.remembered).toEqual([r.id]);
    await tick(DELAY * 3);
    expect((await t.sessions.get(r.id))?.rev).toBe(1);
    t.s().setView(viewOf(sessionText('One', '1')));
    t.s().setView(viewOf(sessionText('One', '2')));
    await t.autosave.flush();
    expect(await t.sessions.get(r.id)).toMatchObject({ rev: 2, text: sessionText('One', '2') });
    expect(t.s().persistence).toEqual({ id: r.id, rev: 2 });
  });

  it('a view with the same saved pieces (a turn switch) saves nothing', async () => {
    const t = setup();
    const r = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    openRecord(t, r.id, 1, sessionText('One'));
    const v = viewOf(sessionText('One', '1'));
    t.s().setView(v);
    await t.autosave.flush();
    t.s().setView({ ...v, selected: 1 } as typeof v);
    await t.autosave.flush();
    expect((await t.sessions.get(r.id))?.rev).toBe(2);
  });

  it('another writer saved the record since: the save is refused, the conflict set, autosave waits; Keep mine saves over it', async () => {
    const t = setup();
    const r = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    openRecord(t, r.id, 1, sessionText('One'));
    await t.sessions.save(r.id, sessionText('One', 'theirs'), 1, { savedBy: 'tab-b' });
    t.s().setView(viewOf(sessionText('One', 'mine')));
    await t.autosave.flush();
    expect(t.s().sessionConflict).toEqual({ id: r.id, rev: 2, savedBy: 'tab-b' });
    t.s().setView(viewOf(sessionText('One', 'mine again')));
    await t.autosave.flush();
    expect((await t.sessions.get(r.id))?.text).toBe(sessionText('One', 'theirs'));
    await t.autosave.keepMine();
    expect(t.s().sessionConflict).toBeNull();
    expect(await t.sessions.get(r.id)).toMatchObject({ rev: 3, text: sessionText('One', 'mine again'), savedBy: 'tab-a' });
  });

  it("another tab's newer save of the open record is a conflict; an older one or another record's is not", () => {
    const t = setup();
    openRecord(t, 'r1', 3, sessionText('One'));
    t.autosave.otherTab({ kind: 'saved', id: 'r1', rev: 3, savedBy: 'tab-b' });
    t.autosave.otherTab({ kind: 'saved', id: 'r2', rev: 9, savedBy: 'tab-b' });
    expect(t.s().sessionConflict).toBeNull();
    t.autosave.otherTab({ kind: 'saved', id: 'r1', rev: 4, savedBy: 'tab-b' });
    expect(t.s().sessionConflict).toEqual({ id: 'r1', rev: 4, savedBy: 'tab-b' });
  });

  it('the open record deleted in another tab: stays open, said so, saved as a new record when it changes', async () => {
    const t = setup();
    const r = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    openRecord(t, r.id, 1, sessionText('One'));
    await t.sessions.delete(r.id);
    t.autosave.otherTab({ kind: 'deleted', id: r.id, rev: 0, savedBy: 'tab-b' });
    expect(t.s().persistence).toBeNull();
    expect(t.s().notice?.text).toMatch(/^Another tab deleted this session/);
    expect(t.autosave.openId).toBeNull();
    t.s().setView(viewOf(sessionText('One', '1')));
    await t.autosave.flush();
    const [meta] = await t.sessions.list();
    expect(meta.id).not.toBe(r.id);
    expect(t.s().persistence).toEqual({ id: meta.id, rev: 1 });
  });

  it('opening another session saves what waited for the old one to the old record first', async () => {
    const t = setup();
    const r1 = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    const r2 = await t.sessions.create(sessionText('Two'), { savedBy: 'x' });
    openRecord(t, r1.id, 1, sessionText('One'));
    t.s().setView(viewOf(sessionText('One', 'edited')));
    openRecord(t, r2.id, 1, sessionText('Two'));
    await t.saved.settled();
    expect(await t.sessions.get(r1.id)).toMatchObject({ rev: 2, text: sessionText('One', 'edited') });
    expect((await t.sessions.get(r2.id))?.rev).toBe(1);
    expect(t.autosave.openId).toBe(r2.id);
  });

  it('a record closed here (being deleted), or autosave disabled: nothing more is saved', async () => {
    const t = setup();
    const r = await t.sessions.create(sessionText('One'), { savedBy: 'x' });
    openRecord(t, r.id, 1, sessionText('One'));
    t.s().setView(viewOf(sessionText('One', '1')));
    t.autosave.close(r.id);
    t.s().setView(viewOf(sessionText('One', '2')));
    await t.autosave.flush();
    expect((await t.sessions.get(r.id))?.rev).toBe(1);

    const u = setup();
    expect(u.autosave.active).toBe(true);
    u.autosave.disable();
    expect(u.autosave.active).toBe(false);
    openRecord(u, null, 0, sessionText('One'));
    await u.autosave.flush();
    expect(await u.sessions.list()).toEqual([]);
  });

  it('a failed save is reported through the saved sessions (once), and stops nothing else', async () => {
    const sessions = freshStore();
    const failing = { ...sessions, create: () => Promise.reject(new Error('QuotaExceededError')) } as SessionStore;
    const t = setup(failing);
    openRecord(t, null, 0, sessionText('One'));
    await t.autosave.flush();
    t.s().setView(viewOf(sessionText('One', '1')));
    await t.autosave.flush();
    expect(t.reported).toEqual(['QuotaExceededError']);
  });

  it('stops following the store when stopped', async () => {
    const t = setup();
    t.stop();
    openRecord(t, null, 0, sessionText('One'));
    await t.autosave.flush();
    expect(await t.sessions.list()).toEqual([]);
  });
});
