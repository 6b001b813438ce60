// The parts put together (session-sync.ts): autosave, the saved sessions, the cross-tab channel and
// the tab's memory, as the sessions menu and <SessionPersistence> use them — two "tabs" over one
// database, wired by a channel hub.
import { describe, expect, it, vi } from 'vitest';
import { SessionSync } from '../../../src/ui/persistence/session-sync.ts';
import type { TabMemory } from '../../../src/ui/persistence/restore.ts';
import type { SessionStore } from '../../../src/ui/persistence/session-store.ts';
import { createPlaygroundStore } from '../../../src/ui/state/store.ts';
import { freshStore, hub, sessionText, tick, viewOf } from './helpers.ts';

function memory(): TabMemory & { value: string | null } {
  const m = { value: null as string | null, get: () => m.value, set: (id: string | null) => void (m.value = id) };
  return m;
}

function tab(sessions: SessionStore, tabId: string, channel: ReturnType<typeof hub>['channel'] | null) {
  const playground = createPlaygroundStore();
  const tabMemory = memory();
  const sync = new SessionSync({ sessions, playground, tabId, channel: channel?.() ?? null, tabMemory, delayMs: 10 });
  sync.start();
  return { sync, playground, tabMemory, s: () => playground.getState() };
}

describe('SessionSync', () => {
  it('a save in one tab: the other tab is told (its list changes; its open copy of that record conflicts)', async () => {
    const sessions = freshStore();
    const { channel, sent } = hub();
    const r = await sessions.create(sessionText('One'), { savedBy: 'x' });
    const a = tab(sessions, 'tab-a', channel);
    const b = tab(sessions, 'tab-b', channel);
    for (const t of [a, b]) {
      t.s().setPersistence({ id: r.id, rev: 1 });
      t.s().setView(viewOf(sessionText('One')));
    }
    const listChanged = vi.fn();
    b.sync.onChange(listChanged);
    a.s().setView(viewOf(sessionText('One', 'a')));
    await a.sync.flush();
    await tick(5);
    expect(sent.filter((m) => m.kind === 'saved')).toEqual([{ kind: 'saved', id: r.id, rev: 2, savedBy: 'tab-a' }]);
    expect(listChanged).toHaveBeenCalled();
    expect(b.s().sessionConflict).toEqual({ id: r.id, rev: 2, savedBy: 'tab-a' });
    expect(a.s().sessionConflict).toBeNull();
    // Tab b's own change is not written over tab a's.
    b.s().setView(viewOf(sessionText('One', 'b')));
    await b.sync.flush();
    expect((await sessions.get(r.id))?.text).toBe(sessionText('One', 'a'));
    await b.sync.keepMine();
    expect((await sessions.get(r.id))?.text).toBe(sessionText('One', 'b'));
  });

  it('remembers the open session for the next load (tab memory and last open)', async () => {
    const sessions = freshStore();
    const a = tab(sessions, 'tab-a', null);
    a.s().setPersistence(null);
    a.s().setView(viewOf(sessionText('One')));
    await tick(30);
    await a.sync.flush();
    const id = a.sync.openId;
    expect(id).not.toBeNull();
    expect(a.tabMemory.value).toBe(id);
    expect(await sessions.getLastOpen()).toBe(id);
  });

  it('deleting the open session: nothing more saved to it, the tab forgets it, the other tabs are told', async () => {
    const sessions = freshStore();
    const { channel, sent } = hub();
    const a = tab(sessions, 'tab-a', channel);
    a.s().setView(viewOf(sessionText('One')));
    await tick(30);
    await a.sync.flush();
    const id = a.sync.openId ?? '';
    a.s().setView(viewOf(sessionText('One', 'after')));
    await a.sync.remove(id);
    await a.sync.flush();
    expect(await sessions.list()).toEqual([]);
    expect(a.tabMemory.value).toBeNull();
    expect(sent.at(-1)).toEqual({ kind: 'deleted', id, rev: 0, savedBy: 'tab-a' });
  });

  it('renames and duplicates through the saved sessions; a copy of the open one includes its waiting change', async () => {
    const sessions = freshStore();
    const a = tab(sessions, 'tab-a', null);
    const other = await sessions.create(sessionText('Other'), { savedBy: 'x' });
    await a.sync.rename(other.id, 'Renamed');
    expect((await sessions.get(other.id))?.title).toBe('Renamed');
    a.s().setView(viewOf(sessionText('One')));
    await tick(30);
    await a.sync.flush();
    a.s().setView(viewOf(sessionText('One', 'waiting')));
    const copy = await a.sync.duplicate(a.sync.openId ?? '');
    expect(JSON.parse(copy?.text ?? '{}')).toEqual({ title: 'One (copy)', mission: 'mwaiting' });
    expect((await a.sync.list()).length).toBe(3);
  });

  it('dispose saves what waits, then stops listening; disable stops saving', async () => {
    const sessions = freshStore();
    const a = tab(sessions, 'tab-a', null);
    a.s().setView(viewOf(sessionText('One')));
    a.sync.dispose();
    await tick(30);
    expect((await sessions.list()).map((m) => m.title)).toEqual(['One']);
    a.s().setView(viewOf(sessionText('One', 'after dispose')));
    await tick(30);
    expect((await sessions.list())[0].rev).toBe(1);

    const b = tab(freshStore(), 'tab-b', null);
    expect(b.sync.active).toBe(true);
    b.sync.disable();
    expect(b.sync.active).toBe(false);
    b.s().setView(viewOf(sessionText('Two')));
    await b.sync.flush();
    expect(await b.sync.sessions.list()).toEqual([]);
    expect(b.sync.tabId).toBe('tab-b');
  });
});
