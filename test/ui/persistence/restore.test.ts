// Restoring (restore.ts): which session a tab remembers having open, and what the page opens first —
// the caller's own (a link), else this tab's session, the last open one, the newest one, else the
// default example; a broken record or a refused IndexedDB is said, never fatal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOpen, rememberOpen, sessionStorageMemory, startup, type StartupOptions, type TabMemory } from '../../../src/ui/persistence/restore.ts';
import type { SessionStore } from '../../../src/ui/persistence/session-store.ts';
import type { OpenOutcome } from '../../../src/ui/state/controller.ts';
import { createPlaygroundStore } from '../../../src/ui/state/store.ts';
import { freshStore, sessionText } from './helpers.ts';
import { problem } from '../../../src/lisp/problem.ts';

function memory(value: string | null = null): TabMemory & { value: string | null } {
  const m = { value, get: () => m.value, set: (id: string | null) => void (m.value = id) };
  return m;
}

describe('the tab’s memory', () => {
  afterEach(() => {
    delete (globalThis as { sessionStorage?: unknown }).sessionStorage;
  });

  it('is null where there is no sessionStorage', () => {
    expect(sessionStorageMemory()).toBeNull();
  });

  it('keeps the id in sessionStorage under its key; null removes it', () => {
    const items = new Map<string, string>();
    (globalThis as { sessionStorage?: unknown }).sessionStorage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    };
    const m = sessionStorageMemory('k');
    m?.set('s1');
    expect(items.get('k')).toBe('s1');
    expect(m?.get()).toBe('s1');
    m?.set(null);
    expect(items.has('k')).toBe(false);
  });

  it('a storage that refuses is read as empty and written as nothing', () => {
    const refuse = () => {
      throw new Error('SecurityError');
    };
    (globalThis as { sessionStorage?: unknown }).sessionStorage = { getItem: refuse, setItem: refuse, removeItem: refuse };
    const m = sessionStorageMemory();
    expect(m?.get()).toBeNull();
    expect(() => m?.set('s1')).not.toThrow();
  });

  it('rememberOpen writes the tab’s memory and the store’s last open id; forgetOpen forgets only that id', async () => {
    const sessions = freshStore();
    const tab = memory();
    await rememberOpen(sessions, tab, 's1');
    expect(tab.value).toBe('s1');
    expect(await sessions.getLastOpen()).toBe('s1');
    forgetOpen(tab, 'other');
    expect(tab.value).toBe('s1');
    forgetOpen(tab, 's1');
    expect(tab.value).toBeNull();
    await rememberOpen(sessions, null, 's2');
    expect(await sessions.getLastOpen()).toBe('s2');
  });
});

describe('startup', () => {
  function options(sessions: SessionStore | null, tabMemory: TabMemory | null, over: Partial<StartupOptions> = {}) {
    const store = createPlaygroundStore();
    const opened: string[] = [];
    const open = vi.fn(async (text: string): Promise<OpenOutcome> => {
      opened.push(`example ${(JSON.parse(text) as { title: string }).title}`);
      return { ok: true, problems: [] };
    });
    const openSaved = vi.fn(async ({ text, record }: { text: string; record: { id: string } }): Promise<OpenOutcome> => {
      const ok = !text.includes('broken');
      if (ok) opened.push(`saved ${record.id}`);
      return ok ? { ok: true, problems: [] } : { ok: false, problems: [problem('session', 'mission', 'missing_field', 'required')] };
    });
    const onUnavailable = vi.fn();
    return { store, opened, onUnavailable, o: { store, sessions, tabMemory, open, openSaved, onUnavailable, ...over } };
  }

  it("opens this tab's session first, then the last open one, then the newest", async () => {
    const sessions = freshStore();
    const a = await sessions.create(sessionText('A'), { savedBy: 'x' });
    const b = await sessions.create(sessionText('B'), { savedBy: 'x' });
    await sessions.setLastOpen(a.id);
    let t = options(sessions, memory(b.id));
    expect(await startup(t.o)).toBe('restored');
    expect(t.opened).toEqual([`saved ${b.id}`]);
    t = options(sessions, memory(null));
    await startup(t.o);
    expect(t.opened).toEqual([`saved ${a.id}`]);
    await sessions.setLastOpen(null);
    t = options(sessions, memory('gone'));
    await startup(t.o);
    expect(t.opened).toEqual([`saved ${b.id}`]);
  });

  it('a session the caller opens itself (a link) comes first; nothing else opens', async () => {
    const sessions = freshStore();
    await sessions.create(sessionText('A'), { savedBy: 'x' });
    const t = options(sessions, null, { opening: async () => true });
    expect(await startup(t.o)).toBe('opened-by-caller');
    expect(t.opened).toEqual([]);
  });

  it('with nothing saved, or without persistence, the default example opens', async () => {
    let t = options(freshStore(), null);
    expect(await startup(t.o)).toBe('default');
    expect(t.opened).toEqual(['example Reviews and inventory']);
    t = options(null, null);
    expect(await startup(t.o)).toBe('default');
    expect(t.opened).toEqual(['example Reviews and inventory']);
    expect(t.store.getState().notice).toBeNull();
  });

  it('a broken record: the default example opens instead, and the notice says why; the record is kept', async () => {
    const sessions = freshStore();
    const bad = await sessions.create('{"title": "Bad", "broken": true}', { savedBy: 'x' });
    const t = options(sessions, memory(bad.id));
    expect(await startup(t.o)).toBe('default');
    expect(t.opened).toEqual(['example Reviews and inventory']);
    expect(t.store.getState().notice?.text).toBe('The saved session "Bad" could not be opened, so the default example was opened instead:\nmission: required');
    expect(await sessions.get(bad.id)).toBeDefined();
  });

  it('IndexedDB refused: told to the caller and said once; the default example opens', async () => {
    const refused = { getLastOpen: () => Promise.reject(new Error('no IndexedDB here')) } as unknown as SessionStore;
    const t = options(refused, null);
    expect(await startup(t.o)).toBe('default');
    expect(t.onUnavailable).toHaveBeenCalledWith('no IndexedDB here');
    expect(t.store.getState().notice?.text).toMatch(/^Sessions are not saved in this browser: .*\(no IndexedDB here\)/);
  });
});
