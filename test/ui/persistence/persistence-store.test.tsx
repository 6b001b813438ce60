// The saved-sessions storage layer over IndexedDB (fake-indexeddb): records, revs and conflicts,
// rename, duplicate, delete, the last open session, and a browser that refuses IndexedDB.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createIdbSessionStore, describeText, newId, retitleText } from '../../../src/ui/persistence/session-store.ts';
import { exampleText } from '../harness.tsx';

let dbs = 0;
/** A store over a database of its own. */
function freshSessions(dbName = `store-test-${++dbs}`) {
  return { sessions: createIdbSessionStore({ dbName }), dbName };
}

const text = exampleText('reviews-and-inventory.json');
const withTitle = (title: string, turns = 0) => JSON.stringify({ version: 1, title, turns: Array.from({ length: turns }, () => ({})) }, null, 2) + '\n';

describe('session store', () => {
  it('creates a record (rev 1, title and turns from the text) and reads it back', async () => {
    const { sessions } = freshSessions();
    const created = await sessions.create(text, { savedBy: 'tab-a' });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.rev).toBe(1);
    expect(created.title).toBe('Reviews and inventory');
    expect(created.turns).toBe(0);
    expect(created.savedBy).toBe('tab-a');
    expect(created.createdAt).toBe(created.updatedAt);
    const got = await sessions.get(created.id);
    expect(got).toEqual(created);
    expect(await sessions.get('nope')).toBeUndefined();
  });

  it('lists sessions newest first, without their texts', async () => {
    const { sessions } = freshSessions();
    const a = await sessions.create(withTitle('A'), { savedBy: 't' });
    const b = await sessions.create(withTitle('B', 2), { savedBy: 't' });
    let list = await sessions.list();
    expect(list.map((s) => s.title)).toEqual(['B', 'A']);
    expect(list[0].turns).toBe(2);
    expect('text' in list[0]).toBe(false);
    // Saving A makes it the newest.
    await sessions.save(a.id, withTitle('A', 1), 1, { savedBy: 't' });
    list = await sessions.list();
    expect(list.map((s) => s.id)).toEqual([a.id, b.id]);
  });

  it('saves on the expected rev (rev + 1) and refuses a stale rev with the stored record', async () => {
    const { sessions } = freshSessions();
    const r = await sessions.create(withTitle('S'), { savedBy: 'tab-a' });
    const first = await sessions.save(r.id, withTitle('S', 1), 1, { savedBy: 'tab-a', title: 'S', turns: 1 });
    expect(first).toMatchObject({ ok: true, written: true, record: { rev: 2, turns: 1, savedBy: 'tab-a' } });
    // Tab B still holds rev 1: its save is refused and tab A's text stays.
    const stale = await sessions.save(r.id, withTitle('S', 5), 1, { savedBy: 'tab-b' });
    expect(stale.ok).toBe(false);
    if (stale.ok || stale.reason !== 'conflict') throw new Error('expected a conflict');
    expect(stale.stored.rev).toBe(2);
    expect(stale.stored.savedBy).toBe('tab-a');
    expect(stale.stored.text).toBe(withTitle('S', 1));
    expect((await sessions.get(r.id))?.text).toBe(withTitle('S', 1));
    // A stale save of exactly the stored text is no conflict: nothing is written, the rev is adopted.
    const same = await sessions.save(r.id, withTitle('S', 1), 1, { savedBy: 'tab-b' });
    expect(same).toMatchObject({ ok: true, written: false, record: { rev: 2, savedBy: 'tab-a' } });
    // Built on the stored rev, tab B's save goes through.
    const next = await sessions.save(r.id, withTitle('S', 5), 2, { savedBy: 'tab-b' });
    expect(next).toMatchObject({ ok: true, written: true, record: { rev: 3, savedBy: 'tab-b', turns: 5 } });
    expect(await sessions.save('missing', text, 1, { savedBy: 't' })).toEqual({ ok: false, reason: 'missing' });
  });

  it('renames in the record and in the session text (rev + 1); a broken text keeps its text', async () => {
    const { sessions } = freshSessions();
    const r = await sessions.create(text, { savedBy: 't' });
    const renamed = await sessions.rename(r.id, 'My review run', 'tab-b');
    expect(renamed).toMatchObject({ title: 'My review run', rev: 2, savedBy: 'tab-b' });
    const got = await sessions.get(r.id);
    expect(JSON.parse(got?.text ?? '')).toEqual({ ...JSON.parse(text), title: 'My review run' });
    expect(got?.text.endsWith('}\n')).toBe(true);
    const broken = await sessions.create('{"version": 1, "title": ', { savedBy: 't' });
    expect(broken.title).toBe('Untitled');
    await sessions.rename(broken.id, 'Fixed name', 't');
    expect(await sessions.get(broken.id)).toMatchObject({ title: 'Fixed name', text: '{"version": 1, "title": ' });
    expect(await sessions.rename('missing', 'x', 't')).toBeUndefined();
  });

  it('duplicates under a new id as "<title> (copy)"', async () => {
    const { sessions } = freshSessions();
    const r = await sessions.create(withTitle('Orig', 3), { savedBy: 't' });
    const copy = await sessions.duplicate(r.id, 'tab-c');
    expect(copy).toBeDefined();
    expect(copy?.id).not.toBe(r.id);
    expect(copy).toMatchObject({ title: 'Orig (copy)', rev: 1, turns: 3, savedBy: 'tab-c' });
    expect(JSON.parse(copy?.text ?? '').title).toBe('Orig (copy)');
    expect((await sessions.get(r.id))?.title).toBe('Orig');
    expect((await sessions.list()).length).toBe(2);
    expect(await sessions.duplicate('missing', 't')).toBeUndefined();
  });

  it('keeps the last open session id; deleting that session forgets it', async () => {
    const { sessions } = freshSessions();
    expect(await sessions.getLastOpen()).toBeNull();
    const a = await sessions.create(withTitle('A'), { savedBy: 't' });
    const b = await sessions.create(withTitle('B'), { savedBy: 't' });
    await sessions.setLastOpen(a.id);
    expect(await sessions.getLastOpen()).toBe(a.id);
    await sessions.delete(b.id);
    expect(await sessions.getLastOpen()).toBe(a.id);
    expect(await sessions.get(b.id)).toBeUndefined();
    await sessions.delete(a.id);
    expect(await sessions.getLastOpen()).toBeNull();
    expect(await sessions.list()).toEqual([]);
    await sessions.setLastOpen('x');
    await sessions.setLastOpen(null);
    expect(await sessions.getLastOpen()).toBeNull();
  });

  it('two stores over one database see each other (two tabs)', async () => {
    const { sessions: a, dbName } = freshSessions();
    const b = createIdbSessionStore({ dbName });
    const r = await a.create(text, { savedBy: 'tab-a' });
    expect((await b.get(r.id))?.text).toBe(text);
    await b.save(r.id, withTitle('B'), 1, { savedBy: 'tab-b' });
    const stale = await a.save(r.id, withTitle('A'), 1, { savedBy: 'tab-a' });
    expect(stale.ok).toBe(false);
  });

  it('rejects (never throws) when the browser has no IndexedDB', async () => {
    const original = globalThis.indexedDB;
    (globalThis as { indexedDB?: IDBFactory }).indexedDB = undefined;
    try {
      const sessions = createIdbSessionStore({ dbName: 'no-idb' });
      const call = sessions.list();
      await expect(call).rejects.toThrow();
      await expect(sessions.getLastOpen()).rejects.toThrow();
    } finally {
      globalThis.indexedDB = original;
    }
  });

  it('times never repeat, so "newest first" is a total order', async () => {
    const { dbName } = freshSessions();
    const sessions = createIdbSessionStore({ dbName, now: () => 1000 });
    const a = await sessions.create(withTitle('A'), { savedBy: 't' });
    const b = await sessions.create(withTitle('B'), { savedBy: 't' });
    expect(b.createdAt).toBeGreaterThan(a.createdAt);
    expect((await sessions.list()).map((s) => s.title)).toEqual(['B', 'A']);
  });
});

describe('helpers', () => {
  it('newId is a v4 UUID, also without crypto.randomUUID', () => {
    expect(newId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const c = globalThis.crypto as { randomUUID?: unknown };
    const original = c.randomUUID;
    Object.defineProperty(c, 'randomUUID', { value: undefined, configurable: true, writable: true });
    try {
      const id = newId();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(newId()).not.toBe(id);
    } finally {
      Object.defineProperty(c, 'randomUUID', { value: original, configurable: true, writable: true });
    }
  });

  it('describeText and retitleText', () => {
    expect(describeText(withTitle('T', 2))).toEqual({ title: 'T', turns: 2 });
    expect(describeText('[1]')).toEqual({ title: 'Untitled', turns: 0 });
    expect(describeText('not json')).toEqual({ title: 'Untitled', turns: 0 });
    expect(retitleText(withTitle('T'), 'U')).toBe(withTitle('U'));
    expect(retitleText('[1]', 'U')).toBe('[1]');
  });
});
