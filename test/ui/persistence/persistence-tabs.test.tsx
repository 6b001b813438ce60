// @vitest-environment happy-dom
// Two tabs with the same saved session (two Apps in one page, each with its own engine, store and
// channel, over one fake IndexedDB): a save in one tells the other, which stops autosaving that
// session until the person loads the other tab's version or keeps theirs (saved over it).
import 'fake-indexeddb/auto';
import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { broadcastSessionChannel, type SessionChannel } from '../../../src/ui/persistence/channel.ts';
import { createIdbSessionStore, type SessionStore } from '../../../src/ui/persistence/session-store.ts';
import type { Harness } from '../harness.tsx';
import { channelHub, freshSessions, memoryTab, renderTab } from '../persistence-helpers.tsx';
import { textOf } from '../harness.tsx';

afterEach(cleanup);

type User = ReturnType<typeof userEvent.setup>;

function tab(h: Harness) {
  const q = within(h.container);
  return {
    h,
    q,
    button: (id: string) => q.getByTestId(id) as HTMLButtonElement,
    turns: () => h.store.getState().view?.turns.length ?? -1,
    text: () => textOf(h.store.getState().view) ?? '',
  };
}

async function opened(t: ReturnType<typeof tab>) {
  await waitFor(() => expect(t.q.getByTestId('session-title').textContent).toBe('Reviews and inventory'));
  await waitFor(() => expect(t.h.store.getState().persistence).not.toBeNull());
}

async function step(user: User, t: ReturnType<typeof tab>) {
  const before = t.turns();
  await waitFor(() => expect(t.button('step').disabled).toBe(false));
  await user.click(t.button('step'));
  await waitFor(() => expect(t.turns()).toBe(before + 1));
}

async function stored(sessions: SessionStore, id: string) {
  const r = await sessions.get(id);
  if (!r) throw new Error('record missing');
  return r;
}

/** Tab A opens the default example and saves it; tab B then opens with the same session restored. */
async function twoTabs(channel: () => SessionChannel | null) {
  const { dbName } = freshSessions();
  const sessionsA = createIdbSessionStore({ dbName });
  const sessionsB = createIdbSessionStore({ dbName });
  const a = tab(renderTab({ sessions: sessionsA, channel, tabMemory: memoryTab(), tabId: 'tab-a' }));
  await opened(a);
  const id = a.h.store.getState().persistence?.id ?? '';
  await waitFor(async () => expect(await sessionsA.getLastOpen()).toBe(id));
  const b = tab(renderTab({ sessions: sessionsB, channel, tabMemory: memoryTab(), tabId: 'tab-b' }));
  await opened(b);
  expect(b.h.store.getState().persistence).toEqual({ id, rev: 1 });
  return { a, b, id, sessions: sessionsA };
}

describe('two tabs with one session', () => {
  it("a save in one tab stops the other's autosave and offers both versions", async () => {
    const user = userEvent.setup();
    const hub = channelHub();
    const { a, b, id, sessions } = await twoTabs(hub.channel);

    // Tab A steps: saved as rev 2 and announced.
    await step(user, a);
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(2));
    expect(hub.sent.at(-1)).toEqual({ kind: 'saved', id, rev: 2, savedBy: 'tab-a' });
    // Tab B is told; tab A is not.
    await waitFor(() => expect(b.q.getByTestId('session-conflict')).toBeTruthy());
    expect(b.q.getByTestId('session-conflict').textContent).toContain('Another tab saved this session');
    expect(a.q.queryByTestId('session-conflict')).toBeNull();
    expect(b.h.store.getState().sessionConflict).toEqual({ id, rev: 2, savedBy: 'tab-a' });

    // Until the person chooses, tab B's changes are not saved over tab A's.
    await step(user, b);
    await step(user, b);
    await new Promise((r) => setTimeout(r, 120));
    const kept = await stored(sessions, id);
    expect(kept.rev).toBe(2);
    expect(kept.text).toBe(a.text());
    expect(kept.savedBy).toBe('tab-a');

    // "Load the other tab's version": tab B shows tab A's session (one turn) and saves to it again.
    await user.click(b.button('conflict-load'));
    await waitFor(() => expect(b.turns()).toBe(1));
    expect(b.text()).toBe(kept.text);
    expect(b.q.queryByTestId('session-conflict')).toBeNull();
    expect(b.h.store.getState().persistence).toEqual({ id, rev: 2 });
    await step(user, b);
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(3));
    expect((await stored(sessions, id)).text).toBe(b.text());

    // Now tab A is told; "Keep mine" saves tab A's version over it, and tab B hears of that.
    await waitFor(() => expect(a.q.getByTestId('session-conflict')).toBeTruthy());
    await user.click(a.button('conflict-keep'));
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(4));
    const mine = await stored(sessions, id);
    expect(mine.text).toBe(a.text());
    expect(mine.turns).toBe(1);
    expect(mine.savedBy).toBe('tab-a');
    expect(a.q.queryByTestId('session-conflict')).toBeNull();
    expect(a.h.store.getState().persistence).toEqual({ id, rev: 4 });
    await waitFor(() => expect(b.q.getByTestId('session-conflict')).toBeTruthy());
    // Tab A autosaves again after its choice.
    await step(user, a);
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(5));
  });

  it('without the channel, the rev check alone refuses the stale save and asks', async () => {
    const user = userEvent.setup();
    const { a, b, id, sessions } = await twoTabs(() => null);
    await step(user, a);
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(2));
    // Tab B heard nothing; its own save is refused and it asks.
    expect(b.q.queryByTestId('session-conflict')).toBeNull();
    await step(user, b);
    await step(user, b);
    await waitFor(() => expect(b.q.getByTestId('session-conflict')).toBeTruthy());
    expect((await stored(sessions, id)).text).toBe(a.text());
    await user.click(b.button('conflict-keep'));
    await waitFor(async () => expect((await stored(sessions, id)).rev).toBe(3));
    expect((await stored(sessions, id)).text).toBe(b.text());
    expect((await stored(sessions, id)).turns).toBe(2);
  });

  it('a session deleted in another tab stays open and is saved again as a new session', async () => {
    const user = userEvent.setup();
    const hub = channelHub();
    const { a, b, id, sessions } = await twoTabs(hub.channel);
    // Tab A deletes it from its sessions menu (it was open there: tab A moves on to a new one).
    await user.click(a.button('sessions-button'));
    const item = await a.q.findByTestId(`session-item-${id}`);
    await user.click(within(item).getByTestId('session-delete'));
    await user.click(within(item).getByTestId('session-delete-confirm'));
    await waitFor(() => expect(b.q.getByTestId('notice-text').textContent).toContain('Another tab deleted this session'));
    expect(b.h.store.getState().persistence).toBeNull();
    await step(user, b);
    await waitFor(() => expect(b.h.store.getState().persistence).not.toBeNull());
    const again = b.h.store.getState().persistence?.id ?? '';
    expect(again).not.toBe(id);
    expect((await stored(sessions, again)).text).toBe(b.text());
    expect(await sessions.get(id)).toBeUndefined();
  });
});

describe('the BroadcastChannel adapter', () => {
  it('delivers session messages to the other channels only, and ignores anything else', async () => {
    const name = `ptc-test-${Math.random()}`;
    const one = broadcastSessionChannel(name);
    const two = broadcastSessionChannel(name);
    const raw = new BroadcastChannel(name);
    if (!one || !two) throw new Error('BroadcastChannel missing');
    const got: { to: string; id: string }[] = [];
    one.subscribe((m) => got.push({ to: 'one', id: m.id }));
    const stop = two.subscribe((m) => got.push({ to: 'two', id: m.id }));
    try {
      raw.postMessage({ hello: 'world' });
      raw.postMessage({ kind: 'saved', id: 7, rev: 1, savedBy: 'x' });
      one.post({ kind: 'saved', id: 's1', rev: 2, savedBy: 'tab-1' });
      await waitFor(() => expect(got).toEqual([{ to: 'two', id: 's1' }]));
      stop();
      two.post({ kind: 'deleted', id: 's2', rev: 0, savedBy: 'tab-2' });
      await waitFor(() =>
        expect(got).toEqual([
          { to: 'two', id: 's1' },
          { to: 'one', id: 's2' },
        ]),
      );
    } finally {
      one.close();
      two.close();
      raw.close();
    }
    // Posting on a closed channel is harmless (a page going away).
    expect(() => one.post({ kind: 'saved', id: 'x', rev: 1, savedBy: 'y' })).not.toThrow();
  });
});
