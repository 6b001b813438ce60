// API keys the person typed, one per provider and base URL. They live here only: in memory ("this page
// only", the default) or in localStorage ("remember in this browser"). They never enter the zustand
// store, the session, an export, a share link, a log line or a notice; the Step action reads the key
// of the session's endpoint and hands it to the engine's requestReply for that request alone.
import type { Endpoint } from '../lib/endpoint.ts';

/** The prefix of remembered keys in localStorage (one entry per endpoint). */
export const KEY_STORAGE_PREFIX = 'ptc-playground:api-key:';

/** The base URL compared loosely: scheme and host in lower case, no trailing slash. */
export function normalizeBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '');
  try {
    const url = new URL(trimmed);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${url.search}`;
  } catch {
    return trimmed;
  }
}

export function endpointId(endpoint: Endpoint): string {
  return `${endpoint.provider} ${normalizeBaseUrl(endpoint.baseUrl)}`;
}

/** The part of Storage the key store uses (localStorage in the page; a fake in tests). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where the browser refuses it (some private modes): keys then stay in memory. */
export function browserKeyStorage(): KeyStorage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

export class KeyStore {
  private readonly memory = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(private readonly storage: KeyStorage | null = browserKeyStorage()) {}

  private storageKey(endpoint: Endpoint): string {
    return KEY_STORAGE_PREFIX + endpointId(endpoint);
  }

  private readStored(endpoint: Endpoint): string | null {
    try {
      return this.storage?.getItem(this.storageKey(endpoint)) ?? null;
    } catch {
      return null;
    }
  }

  /** The key for this endpoint ('' when none was entered). */
  get(endpoint: Endpoint): string {
    return this.memory.get(endpointId(endpoint)) ?? this.readStored(endpoint) ?? '';
  }

  /** True when the key of this endpoint is kept in localStorage. */
  isRemembered(endpoint: Endpoint): boolean {
    return this.readStored(endpoint) !== null;
  }

  /** Whether localStorage can be used at all (else "remember" is not offered). */
  canRemember(): boolean {
    return this.storage !== null;
  }

  /** Sets the key; `remember` keeps it in localStorage too, else it is dropped from there. */
  set(endpoint: Endpoint, key: string, remember: boolean): void {
    const id = endpointId(endpoint);
    if (key === '') this.memory.delete(id);
    else this.memory.set(id, key);
    try {
      if (remember && key !== '') this.storage?.setItem(this.storageKey(endpoint), key);
      else this.storage?.removeItem(this.storageKey(endpoint));
    } catch {
      // A full or refused storage: the key still works for this page.
    }
    this.changed();
  }

  /** Switches between "this page only" and "remember in this browser", keeping the key. */
  setRemember(endpoint: Endpoint, remember: boolean): void {
    this.set(endpoint, this.get(endpoint), remember);
  }

  /** Removes the key of this endpoint everywhere. */
  forget(endpoint: Endpoint): void {
    this.set(endpoint, '', false);
  }

  /** For useSyncExternalStore: changes whenever any key changes. */
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
