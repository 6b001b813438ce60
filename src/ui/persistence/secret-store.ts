// Secrets the person typed (API keys, MCP servers' header values), each kept under an id: in this
// page's memory ("this page only", the default) or also in localStorage ("remember in this
// browser") until forgotten. They never enter the zustand store, a session, an export or a link.

/** The part of Storage a secret store uses (localStorage in the page; a fake in tests). */
export type KeyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage, or null where the browser refuses it (some private modes): secrets then stay in memory. */
export function browserKeyStorage(): KeyStorage | null {
  try {
    return typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** How a kind of secret is written to storage and read back; `empty` is "none". */
export interface SecretCodec<V> {
  readonly prefix: string;
  readonly empty: V;
  isEmpty(v: V): boolean;
  encode(v: V): string;
  /** Undefined for text this page did not write. */
  decode(text: string): V | undefined;
}

export class SecretStore<V> {
  private readonly memory = new Map<string, V>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  constructor(
    private readonly codec: SecretCodec<V>,
    private readonly storage: KeyStorage | null = browserKeyStorage(),
  ) {}

  private readStored(id: string): V | undefined {
    try {
      const text = this.storage?.getItem(this.codec.prefix + id) ?? null;
      return text === null ? undefined : this.codec.decode(text);
    } catch {
      return undefined;
    }
  }

  /** The secret kept under `id`, or the codec's empty value. */
  get(id: string): V {
    return this.memory.get(id) ?? this.readStored(id) ?? this.codec.empty;
  }

  /** True when the secret under `id` is kept in localStorage. */
  isRemembered(id: string): boolean {
    return this.readStored(id) !== undefined;
  }

  /** Whether localStorage can be used at all (else "remember" is not offered). */
  canRemember(): boolean {
    return this.storage !== null;
  }

  /** Keeps `value` under `id` (empty: forgets it); `remember` keeps it in localStorage too, else drops it from there. */
  set(id: string, value: V, remember = false): void {
    const empty = this.codec.isEmpty(value);
    if (empty) this.memory.delete(id);
    else this.memory.set(id, value);
    try {
      if (remember && !empty) this.storage?.setItem(this.codec.prefix + id, this.codec.encode(value));
      else this.storage?.removeItem(this.codec.prefix + id);
    } catch {
      // A full or refused storage: the secret still works for this page.
    }
    this.changed();
  }

  /** Switches between "this page only" and "remember in this browser", keeping the value. */
  setRemember(id: string, remember: boolean): void {
    this.set(id, this.get(id), remember);
  }

  /** Removes the secret under `id` everywhere. */
  forget(id: string): void {
    this.set(id, this.codec.empty, false);
  }

  /** For useSyncExternalStore: changes whenever any secret changes. */
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
