// Helpers for the persistence modules' own tests: a fresh IndexedDB database (fake-indexeddb) per
// store, views carrying just what autosave reads (their text's pieces, title, turns), and a channel
// hub wiring several "tabs" of one test together.
import 'fake-indexeddb/auto';
import type { SessionChannel, SessionMessage } from '../../../src/ui/persistence/channel.ts';
import { createIdbSessionStore, type SessionStore } from '../../../src/ui/persistence/session-store.ts';
import type { View } from '../../../src/worker/engine.ts';

let dbs = 0;

export function freshStore(dbName = `ptc-unit-${++dbs}-${Math.random().toString(36).slice(2)}`): SessionStore {
  return createIdbSessionStore({ dbName });
}

let revs = 0;

/** A view whose saved text is `text` (a session file's JSON), with its title and turn count. */
export function viewOf(text: string, turns = 0): View {
  const parsed = JSON.parse(text) as { title?: string };
  return {
    saved: { head: text, turns: [] },
    setup: { definition: { title: parsed.title ?? 'Untitled', llm: { provider: 'mock', replies: [] } } },
    turns: Array.from({ length: turns }, (_, i) => ({ number: i + 1 })),
    nextReply: '',
    epoch: 0,
    definitionRev: ++revs,
  } as unknown as View;
}

export const sessionText = (title: string, extra = ''): string => JSON.stringify({ title, mission: `m${extra}` });

/** Channels delivering each message, asynchronously, to every other open channel of the hub. */
export function hub(): { channel: () => SessionChannel; sent: SessionMessage[] } {
  const open = new Set<Set<(m: SessionMessage) => void>>();
  const sent: SessionMessage[] = [];
  const channel = (): SessionChannel => {
    const mine = new Set<(m: SessionMessage) => void>();
    open.add(mine);
    return {
      post: (m) => {
        sent.push(m);
        for (const other of open) if (other !== mine) setTimeout(() => other.forEach((l) => l(structuredClone(m))), 0);
      },
      subscribe: (l) => {
        mine.add(l);
        return () => mine.delete(l);
      },
      close: () => void open.delete(mine),
    };
  };
  return { channel, sent };
}

export const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
