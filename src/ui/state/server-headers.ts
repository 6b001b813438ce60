// Header values for MCP servers (an Authorization token and the like), kept as the LLM panel keeps
// API keys: in this page's memory ("this page only", the default) or in localStorage ("remember in
// this browser") until forgotten. Never in the zustand store, the session, its autosave, an export or
// a link (T1). Each is kept for a server's name and URL together, so a session that names the same
// server elsewhere never gets them.
import { browserKeyStorage, type KeyStorage } from '../persistence/keys.ts';

export type HeaderValues = Readonly<Record<string, string>>;

/** The prefix of remembered header values in localStorage (one entry per server name and URL). */
export const HEADERS_STORAGE_PREFIX = 'ptc-playground:mcp-headers:';

/** Only string values are taken from storage: anything else there was not written by this page. */
function parseStored(text: string | null): HeaderValues | undefined {
  if (text === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const entries = Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string');
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  } catch {
    return undefined;
  }
}

export class ServerHeaders {
  private readonly memory = new Map<string, HeaderValues>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly storage: KeyStorage | null = browserKeyStorage()) {}

  /** The URL as the engine records it (`new URL(…).href`), so the form's text and the record's agree. */
  private static key(name: string, url: string): string {
    let href = url.trim();
    try {
      href = new URL(href).href;
    } catch {
      // Not a URL: the engine refuses it, and nothing is sent anywhere.
    }
    return `${name} ${href}`;
  }

  private readStored(key: string): HeaderValues | undefined {
    try {
      return parseStored(this.storage?.getItem(HEADERS_STORAGE_PREFIX + key) ?? null);
    } catch {
      return undefined;
    }
  }

  get(name: string, url: string): HeaderValues | undefined {
    const key = ServerHeaders.key(name, url);
    return this.memory.get(key) ?? this.readStored(key);
  }

  /** True when this server's header values are kept in localStorage. */
  isRemembered(name: string, url: string): boolean {
    return this.readStored(ServerHeaders.key(name, url)) !== undefined;
  }

  /** Whether localStorage can be used at all (else "remember" is not offered). */
  canRemember(): boolean {
    return this.storage !== null;
  }

  /** Keeps the headers for this server (none: forgets them); `remember` keeps them in localStorage too, else drops them from there. */
  set(name: string, url: string, headers: HeaderValues, remember = false): void {
    const key = ServerHeaders.key(name, url);
    const empty = Object.keys(headers).length === 0;
    if (empty) this.memory.delete(key);
    else this.memory.set(key, { ...headers });
    try {
      if (remember && !empty) this.storage?.setItem(HEADERS_STORAGE_PREFIX + key, JSON.stringify(headers));
      else this.storage?.removeItem(HEADERS_STORAGE_PREFIX + key);
    } catch {
      // A full or refused storage: the values still work for this page.
    }
    this.changed();
  }

  /** Switches between "this page only" and "remember in this browser", keeping the values. */
  setRemember(name: string, url: string, remember: boolean): void {
    this.set(name, url, this.get(name, url) ?? {}, remember);
  }

  /** Removes this server's header values everywhere. */
  forget(name: string, url: string): void {
    this.set(name, url, {}, false);
  }

  /** For useSyncExternalStore: changes whenever any server's header values change. */
  snapshot = (): number => this.version;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed(): void {
    this.version++;
    for (const l of this.listeners) l();
  }
}
