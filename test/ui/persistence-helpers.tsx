// Helpers for the persistence tests: a fresh IndexedDB database per test (fake-indexeddb), channels
// wiring several "tabs" of one page together, and the App rendered as a tab with its own engine,
// store and tab memory over a shared database.
import { render } from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';
import type { TabMemory } from '../../src/ui/persistence/restore.ts';
import type { SessionChannel, SessionMessage } from '../../src/ui/persistence/channel.ts';
import { PersistenceProvider } from '../../src/ui/persistence/SessionPersistence.tsx';
import { createIdbSessionStore, type SessionStore } from '../../src/ui/persistence/session-store.ts';
import { PlaygroundProvider } from '../../src/ui/state/playground.tsx';
import { PlaygroundController } from '../../src/ui/state/controller.ts';
import { createPlaygroundStore } from '../../src/ui/state/store.ts';
import type { Harness } from './harness.tsx';
import type { Engine } from '../../src/worker/engine.ts';
import { inProcessClient } from './harness.tsx';
import './app-helpers.tsx';

let dbs = 0;

/** A store over a database no other test uses (give the same name to share it between "tabs"). */
export function freshSessions(dbName = `ptc-test-${++dbs}-${Math.random().toString(36).slice(2)}`): { sessions: SessionStore; dbName: string } {
  return { sessions: createIdbSessionStore({ dbName }), dbName };
}

/** Channels that deliver each message, asynchronously, to every other open channel of the hub. */
export function channelHub(): { channel: () => SessionChannel; sent: SessionMessage[] } {
  const open = new Set<{ listeners: Set<(m: SessionMessage) => void> }>();
  const sent: SessionMessage[] = [];
  const channel = (): SessionChannel => {
    const me = { listeners: new Set<(m: SessionMessage) => void>() };
    open.add(me);
    return {
      post: (m) => {
        if (!open.has(me)) return;
        sent.push(m);
        for (const other of open) {
          if (other === me) continue;
          setTimeout(() => {
            if (open.has(other)) for (const l of other.listeners) l(structuredClone(m));
          }, 0);
        }
      },
      subscribe: (l) => {
        me.listeners.add(l);
        return () => me.listeners.delete(l);
      },
      close: () => void open.delete(me),
    };
  };
  return { channel, sent };
}

/** A tab's own memory of its open session (what sessionStorage keeps across a reload). */
export function memoryTab(): TabMemory & { value: string | null } {
  const tab = {
    value: null as string | null,
    get: () => tab.value,
    set: (id: string | null) => void (tab.value = id),
  };
  return tab;
}

export interface TabOptions {
  sessions: SessionStore;
  channel?: () => SessionChannel | null;
  tabMemory?: TabMemory | null;
  tabId?: string;
  delayMs?: number;
  /** Makes the tab's engine (default: a plain one). */
  engine?: () => Engine;
}

/** Renders the App as one browser tab saving to `sessions`. */
export function renderTab(o: TabOptions): Harness {
  const { client } = inProcessClient(o.engine);
  const store = createPlaygroundStore();
  const controller = new PlaygroundController({ client, store });
  const result = render(
    <PlaygroundProvider controller={controller}>
      <PersistenceProvider sessions={o.sessions} channel={o.channel ?? (() => null)} tabMemory={o.tabMemory ?? null} tabId={o.tabId} delayMs={o.delayMs ?? 30}>
        <App />
      </PersistenceProvider>
    </PlaygroundProvider>,
  );
  return { ...result, store, client, controller };
}
