// API keys the person typed, one per provider and base URL. They live here only: in memory ("this page
// only", the default) or in localStorage ("remember in this browser"). They never enter the zustand
// store, the session, an export, a share link, a log line or a notice; the Step action reads the key
// of the session's endpoint and hands it to the engine's requestReply for that request alone.
import type { Endpoint } from '../lib/endpoint.ts';
import { browserKeyStorage, SecretStore, type KeyStorage } from './secret-store.ts';

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

export { browserKeyStorage, type KeyStorage } from './secret-store.ts';

/** One key per endpoint, as a string ('' for none). */
export class KeyStore {
  private readonly store: SecretStore<string>;

  constructor(storage: KeyStorage | null = browserKeyStorage()) {
    this.store = new SecretStore<string>({ prefix: KEY_STORAGE_PREFIX, empty: '', isEmpty: (k) => k === '', encode: (k) => k, decode: (t) => t }, storage);
  }

  /** The key for this endpoint ('' when none was entered). */
  get(endpoint: Endpoint): string {
    return this.store.get(endpointId(endpoint));
  }

  /** True when the key of this endpoint is kept in localStorage. */
  isRemembered(endpoint: Endpoint): boolean {
    return this.store.isRemembered(endpointId(endpoint));
  }

  /** Whether localStorage can be used at all (else "remember" is not offered). */
  canRemember(): boolean {
    return this.store.canRemember();
  }

  /** Sets the key; `remember` keeps it in localStorage too, else it is dropped from there. */
  set(endpoint: Endpoint, key: string, remember: boolean): void {
    this.store.set(endpointId(endpoint), key, remember);
  }

  /** Switches between "this page only" and "remember in this browser", keeping the key. */
  setRemember(endpoint: Endpoint, remember: boolean): void {
    this.store.setRemember(endpointId(endpoint), remember);
  }

  /** Removes the key of this endpoint everywhere. */
  forget(endpoint: Endpoint): void {
    this.store.forget(endpointId(endpoint));
  }

  /** For useSyncExternalStore: changes whenever any key changes. */
  snapshot = (): number => this.store.snapshot();

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);
}
