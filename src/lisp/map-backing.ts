// Storage shared by the versions of a map (PMap in collections.ts): entries in insertion order and,
// past a few entries, an index from hash key to position. Generic in the key and value types only
// so that it needs nothing from the modules above it.

/**
 * Entries in insertion order (keys, hash keys, values) and an index from hash key to position.
 * Several PMaps may share one backing, each seeing its first `size` entries.
 */
export interface MapBacking<K, V> {
  /** Hash key → position; null while the map is small enough to scan `hashes` directly. */
  index: Map<unknown, number> | null;
  /** (Not `keys`: PMap carries these fields and has a keys() method.) */
  keyList: K[];
  hashes: unknown[];
  readonly vals: V[];
  /** keys/hashes belong to a map literal's template and are copied before the first append. */
  sharedKeys: boolean;
}

/** Maps up to this size find keys by scanning (records are small; a JS Map costs more to build). */
export const SCAN_LIMIT = 8;

/** An index of the first `size` hash keys. */
export function indexHashes(hashes: readonly unknown[], size: number): Map<unknown, number> {
  const index = new Map<unknown, number>();
  for (let i = 0; i < size; i++) index.set(hashes[i], i);
  return index;
}

/** The position of hash key `h` among the first `size` entries, or -1. */
export function indexOf<K, V>(b: MapBacking<K, V>, h: unknown, size: number): number {
  if (b.index === null) {
    const hs = b.hashes;
    for (let i = 0; i < size; i++) if (hs[i] === h) return i;
    return -1;
  }
  const i = b.index.get(h);
  return i !== undefined && i < size ? i : -1;
}

export function appendEntry<K, V>(b: MapBacking<K, V>, key: K, h: unknown, value: V): void {
  if (b.sharedKeys) {
    b.keyList = b.keyList.slice();
    b.hashes = b.hashes.slice();
    b.sharedKeys = false;
  }
  const pos = b.keyList.length;
  b.keyList.push(key);
  b.hashes.push(h);
  b.vals.push(value);
  if (b.index !== null) b.index.set(h, pos);
  else if (pos + 1 > SCAN_LIMIT) b.index = indexHashes(b.hashes, pos + 1);
}

export function copyBacking<K, V>(b: MapBacking<K, V>, size: number): MapBacking<K, V> {
  const index = size > SCAN_LIMIT ? indexHashes(b.hashes, size) : null;
  return { index, keyList: b.keyList.slice(0, size), hashes: b.hashes.slice(0, size), vals: b.vals.slice(0, size), sharedKeys: false };
}
