// The cross-tab channel: tabs tell each other about saved sessions over a BroadcastChannel
// ('ptc-playground-sessions'). The channel is an interface so tests can wire two "tabs" together in
// one page; TabChannel is this tab's end of it (its own messages signed, never heard back).

export const CHANNEL_NAME = 'ptc-playground-sessions';

/** A tab saved (`rev`) or deleted a session. */
export interface SessionMessage {
  kind: 'saved' | 'deleted';
  id: string;
  rev: number;
  savedBy: string;
}

export interface SessionChannel {
  post(message: SessionMessage): void;
  /** Messages from other tabs (never this tab's own); returns the unsubscribe. */
  subscribe(listener: (message: SessionMessage) => void): () => void;
  close(): void;
}

function isMessage(m: unknown): m is SessionMessage {
  if (m === null || typeof m !== 'object') return false;
  const o = m as Record<string, unknown>;
  return (o.kind === 'saved' || o.kind === 'deleted') && typeof o.id === 'string' && typeof o.rev === 'number' && typeof o.savedBy === 'string';
}

/** The browser's BroadcastChannel, or null where there is none (then tabs are not told). */
export function broadcastSessionChannel(name = CHANNEL_NAME): SessionChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel(name);
  } catch {
    return null;
  }
  return {
    post: (message) => {
      try {
        channel.postMessage(message);
      } catch {
        // A closed channel (the page is going away): nobody to tell.
      }
    },
    subscribe: (listener) => {
      const handler = (e: MessageEvent) => {
        if (isMessage(e.data)) listener(e.data);
      };
      channel.addEventListener('message', handler);
      return () => channel.removeEventListener('message', handler);
    },
    close: () => channel.close(),
  };
}

/** This tab's end of the channel: announces its saves and deletions, hears the other tabs'. */
export class TabChannel {
  constructor(
    private readonly channel: SessionChannel | null | undefined,
    readonly tabId: string,
  ) {}

  /** Tells the other tabs this tab saved (`rev`) or deleted a session. */
  announce(kind: SessionMessage['kind'], id: string, rev: number): void {
    this.channel?.post({ kind, id, rev, savedBy: this.tabId });
  }

  /** Other tabs' messages (this tab's own never); returns the unsubscribe. */
  listen(listener: (message: SessionMessage) => void): () => void {
    if (!this.channel) return () => undefined;
    return this.channel.subscribe((m) => {
      if (m.savedBy !== this.tabId) listener(m);
    });
  }

  close(): void {
    this.channel?.close();
  }
}
