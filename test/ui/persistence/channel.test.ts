// This tab's end of the cross-tab channel (channel.ts: TabChannel): its messages signed with the tab
// id, other tabs' heard, its own never; without a channel (no BroadcastChannel) nothing happens.
import { describe, expect, it, vi } from 'vitest';
import { TabChannel, type SessionMessage } from '../../../src/ui/persistence/channel.ts';
import { hub, tick } from './helpers.ts';

describe('TabChannel', () => {
  it('announces saves and deletions signed with the tab id; other tabs hear them, the sender does not', async () => {
    const { channel, sent } = hub();
    const a = new TabChannel(channel(), 'tab-a');
    const b = new TabChannel(channel(), 'tab-b');
    const heardA: SessionMessage[] = [];
    const heardB: SessionMessage[] = [];
    a.listen((m) => heardA.push(m));
    b.listen((m) => heardB.push(m));
    a.announce('saved', 's1', 3);
    a.announce('deleted', 's2', 0);
    await tick(5);
    expect(sent).toEqual([
      { kind: 'saved', id: 's1', rev: 3, savedBy: 'tab-a' },
      { kind: 'deleted', id: 's2', rev: 0, savedBy: 'tab-a' },
    ]);
    expect(heardB).toEqual(sent);
    expect(heardA).toEqual([]);
  });

  it("ignores a message signed with its own id (the same tab's other channel, after a reload)", () => {
    const listeners: ((m: SessionMessage) => void)[] = [];
    const raw = { post: vi.fn(), subscribe: (l: (m: SessionMessage) => void) => (listeners.push(l), () => undefined), close: vi.fn() };
    const me = new TabChannel(raw, 'tab-a');
    const heard: SessionMessage[] = [];
    me.listen((m) => heard.push(m));
    listeners[0]({ kind: 'saved', id: 's', rev: 2, savedBy: 'tab-a' });
    listeners[0]({ kind: 'saved', id: 's', rev: 2, savedBy: 'tab-b' });
    expect(heard).toEqual([{ kind: 'saved', id: 's', rev: 2, savedBy: 'tab-b' }]);
    me.close();
    expect(raw.close).toHaveBeenCalledTimes(1);
  });

  it('stops listening when unsubscribed', async () => {
    const { channel } = hub();
    const a = new TabChannel(channel(), 'tab-a');
    const b = new TabChannel(channel(), 'tab-b');
    const heard = vi.fn();
    const stop = b.listen(heard);
    stop();
    a.announce('saved', 's', 1);
    await tick(5);
    expect(heard).not.toHaveBeenCalled();
  });

  it('without a channel, announcing, listening and closing do nothing', () => {
    const none = new TabChannel(null, 'tab-a');
    expect(() => none.announce('saved', 's', 1)).not.toThrow();
    expect(typeof none.listen(() => undefined)).toBe('function');
    expect(() => none.close()).not.toThrow();
    expect(none.tabId).toBe('tab-a');
  });
});
