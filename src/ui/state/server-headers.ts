// Header values for MCP servers (an Authorization token and the like), kept as the LLM panel keeps
// API keys: in this page's memory ("this page only", the default) or in localStorage ("remember in
// this browser") until forgotten. Never in the zustand store, the session, its autosave, an export or
// a link (T1). Each is kept for a server's name and URL together, so a session that names the same
// server elsewhere never gets them.
import { browserKeyStorage, SecretStore, type KeyStorage } from '../persistence/secret-store.ts';

export type HeaderValues = Readonly<Record<string, string>>;

/** The prefix of remembered header values in localStorage (one entry per server name and URL). */
export const HEADERS_STORAGE_PREFIX = 'ptc-playground:mcp-headers:';

/** Only string values are taken from storage: anything else there was not written by this page. */
function parseStored(text: string): HeaderValues | undefined {
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
  private readonly store: SecretStore<HeaderValues>;

  constructor(storage: KeyStorage | null = browserKeyStorage()) {
    this.store = new SecretStore<HeaderValues>(
      {
        prefix: HEADERS_STORAGE_PREFIX,
        empty: {},
        isEmpty: (h) => Object.keys(h).length === 0,
        encode: (h) => JSON.stringify(h),
        decode: parseStored,
      },
      storage,
    );
  }

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

  get(name: string, url: string): HeaderValues | undefined {
    const values = this.store.get(ServerHeaders.key(name, url));
    return Object.keys(values).length > 0 ? values : undefined;
  }

  /** True when this server's header values are kept in localStorage. */
  isRemembered(name: string, url: string): boolean {
    return this.store.isRemembered(ServerHeaders.key(name, url));
  }

  /** Whether localStorage can be used at all (else "remember" is not offered). */
  canRemember(): boolean {
    return this.store.canRemember();
  }

  /** Keeps the headers for this server (none: forgets them); `remember` keeps them in localStorage too, else drops them from there. */
  set(name: string, url: string, headers: HeaderValues, remember = false): void {
    this.store.set(ServerHeaders.key(name, url), { ...headers }, remember);
  }

  /** Switches between "this page only" and "remember in this browser", keeping the values. */
  setRemember(name: string, url: string, remember: boolean): void {
    this.store.setRemember(ServerHeaders.key(name, url), remember);
  }

  /** Removes this server's header values everywhere. */
  forget(name: string, url: string): void {
    this.store.forget(ServerHeaders.key(name, url));
  }

  /** For useSyncExternalStore: changes whenever any server's header values change. */
  snapshot = (): number => this.store.snapshot();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);
}
