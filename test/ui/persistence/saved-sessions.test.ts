// The saved sessions as the page writes them (saved-sessions.ts): one write at a time, a failure told
// once, listeners told of changes, and the other tabs told of renames, copies and deletions.
import { describe, expect, it, vi } from 'vitest';
import { SavedSessions } from '../../../src/ui/persistence/saved-sessions.ts';
import type { SessionStore } from '../../../src/ui/persistence/session-store.ts';
import { freshStore, sessionText, tick } from './helpers.ts';

function setup(sessions: SessionStore = freshStore()) {
  const announced: [string, string, number][] = [];
  const reported: string[] = [];
  const saved = new SavedSessions({ sessions, tabId: 'tab-a', announce: (k, id, rev) => announced.push([k, id, rev]), report: (m) => reported.push(m) });
  const changes = vi.fn();
  saved.onChange(changes);
  return { saved, sessions, announced, reported, changes };
}

describe('SavedSessions', () => {
  it('lists the store’s sessions', async () => {
    const { saved, sessions } = setup();
    const r = await sessions.create(sessionText('One'), { savedBy: 'x' });
    expect((await saved.list()).map((m) => m.id)).toEqual([r.id]);
    expect(saved.sessions).toBe(sessions);
  });

  it('renames (rev + 1), tells the other tabs and the listeners', async () => {
    const { saved, sessions, announced, changes } = setup();
    const r = await sessions.create(sessionText('One'), { savedBy: 'x' });
    await saved.rename(r.id, 'Two');
    expect((await sessions.get(r.id))?.title).toBe('Two');
    expect((await sessions.get(r.id))?.savedBy).toBe('tab-a');
    expect(announced).toEqual([['saved', r.id, 2]]);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('duplicates under a new id and announces the copy', async () => {
    const { saved, sessions, announced, changes } = setup();
    const r = await sessions.create(sessionText('One'), { savedBy: 'x' });
    const copy = await saved.duplicate(r.id);
    expect(copy?.title).toBe('One (copy)');
    expect(copy?.id).not.toBe(r.id);
    expect(announced).toEqual([['saved', copy?.id, copy?.rev]]);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(await saved.duplicate('missing')).toBeUndefined();
  });

  it('deletes; the `deleted` hook runs once it is gone, before the other tabs are told', async () => {
    const { saved, sessions, announced, changes } = setup();
    const r = await sessions.create(sessionText('One'), { savedBy: 'x' });
    const order: string[] = [];
    await saved.remove(r.id, () => {
      order.push(`hook (announced ${announced.length})`);
    });
    expect(await sessions.get(r.id)).toBeUndefined();
    expect(order).toEqual(['hook (announced 0)']);
    expect(announced).toEqual([['deleted', r.id, 0]]);
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('runs writes one at a time, in order', async () => {
    const { saved } = setup();
    const log: string[] = [];
    const slow = saved.enqueue(async () => {
      log.push('+1');
      await tick(30);
      log.push('-1');
    });
    const fast = saved.enqueue(async () => {
      log.push('+2');
      log.push('-2');
    });
    await Promise.all([slow, fast]);
    expect(log).toEqual(['+1', '-1', '+2', '-2']);
    await saved.settled();
  });

  it('reports a failure once per message (never throws), again after a save succeeded; later writes still run', async () => {
    const { saved, reported } = setup();
    const fail = () => saved.enqueue(() => Promise.reject(new Error('quota exceeded')));
    await fail();
    await fail();
    expect(reported).toEqual(['quota exceeded']);
    let ran = false;
    await saved.enqueue(async () => void (ran = true));
    expect(ran).toBe(true);
    saved.succeeded();
    await fail();
    expect(reported).toEqual(['quota exceeded', 'quota exceeded']);
  });

  it('listeners unsubscribe, and are all dropped by clearListeners', () => {
    const { saved, changes } = setup();
    const other = vi.fn();
    const stop = saved.onChange(other);
    saved.notify();
    stop();
    saved.notify();
    expect(other).toHaveBeenCalledTimes(1);
    expect(changes).toHaveBeenCalledTimes(2);
    saved.clearListeners();
    saved.notify();
    expect(changes).toHaveBeenCalledTimes(2);
  });
});
