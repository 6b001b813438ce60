// The `Value` type and the values made of other values: lists, maps, sets, and functions' metadata.
// One module because each refers to the others (a map holds values, a value may be a map).
// See values.ts for the representation of values as a whole.
import { Keyword, PFloat, PRegex, PVar } from './atoms.ts';
import { PJava } from './java-time.ts';
import { appendEntry, copyBacking, indexHashes, indexOf, SCAN_LIMIT, type MapBacking as Backing } from './map-backing.ts';

export interface FnMeta {
  /** Name shown in errors and when printed (`#fn[name]`), or null for anonymous functions. */
  readonly name: string | null;
  readonly kind: 'builtin' | 'closure' | 'tool';
  /** Smallest and largest argument count accepted (Infinity when variadic). */
  readonly minArity: number;
  readonly maxArity: number;
  /** Parameter vectors as written, for display: ['[x]', '[x y & more]']. */
  readonly params: readonly string[];
  readonly doc?: string;
  /** Optional allocation-free implementation for exactly two arguments (hot variadic builtins). */
  readonly binary?: (a: Value, b: Value) => Value;
}

/** What a closure's batch entry (`PtcFn.each1`) does with each result: see `Each1`. */
export const EACH_MAP = 0;
export const EACH_FILTER = 1;
export const EACH_REMOVE = 2;
export type EachMode = typeof EACH_MAP | typeof EACH_FILTER | typeof EACH_REMOVE;

/**
 * Calls a one-parameter closure on every item of `xs` in order, as that many separate calls would
 * (same depth, same clock ticks, same errors), but enters the closure once: builtins such as map
 * and filter call a function 10⁴–10⁵ times, and entry (runtime lookup, depth, frame) was most of
 * the cost of a small body. EACH_MAP sets out[i] to the result; EACH_FILTER / EACH_REMOVE append
 * the items whose result is truthy / falsy. Only for callers that call nothing else meanwhile: the
 * depth stays raised between items.
 */
export type Each1 = (xs: readonly Value[], mode: EachMode, out: Value[]) => void;

/**
 * Folds `xs` from index `from` through a two-parameter closure, `acc = f(acc, x)`, entering it once
 * (see `Each1`).
 */
export type Fold2 = (acc: Value, xs: readonly Value[], from: number) => Value;

export type PtcFn = ((...args: Value[]) => Value) & { ptc: FnMeta; each1?: Each1; fold2?: Fold2 };

export type Value = null | boolean | number | bigint | string | Keyword | PFloat | readonly Value[] | PList | PMap | PSet | PtcFn | PRegex | PVar | PJava;

export type Vector = readonly Value[];

/**
 * A key for JS Map lookups that is equal exactly when the PTC values are `=`.
 * Strings, integers, non-integral floats, booleans, nil and keywords are their own key; everything
 * else is turned into a canonical string starting with \u0001 (strings that start with \u0001 are
 * escaped so they cannot collide), see hash.ts. NaN equals nothing, so each NaN gets a fresh key:
 * every ##NaN map key is distinct and unreachable by get (Clojure), whatever the map's size.
 */
export function hashKey(v: Value): unknown {
  if (typeof v === 'string') return v.length > 0 && v.charCodeAt(0) === 1 ? '\u0001s' + v : v;
  if (v === null || typeof v !== 'object') return v !== v ? {} : v;
  if (v instanceof Keyword) return v;
  if (v instanceof PFloat) return '\u0001f' + String(v.v);
  if (v instanceof PRegex || v instanceof PVar) return v;
  if (v instanceof PJava) return '\u0001j' + v.key();
  return collectionKey(v);
}

/**
 * The hash key of a vector, list, map or set: hash.ts registers it (a hook, because hashing walks
 * maps and sets, so hash.ts sits above this module and cannot be imported by it).
 */
let collectionKey: (v: Value) => unknown = () => {
  throw new Error('collection hashing is not loaded (import values.ts)');
};

/** Called once by hash.ts as it loads. */
export function registerCollectionKey(f: (v: Value) => unknown): void {
  collectionKey = f;
}

type MapBacking = Backing<Value, Value>;

/** A list, e.g. from `(list 1 2)` or a quoted form. Immutable. */
export class PList {
  constructor(readonly items: readonly Value[]) {}
}

/** The key arrays of the last PMap.mergeSmall result and the key arrays it came from. */
let lastMerge: { tk: Value[] | null; n: number; ok: Value[] | null; m: number; keys: Value[]; hashes: unknown[] } = {
  tk: null,
  n: 0,
  ok: null,
  m: 0,
  keys: [],
  hashes: [],
};

/** How a non-current version differs from the next one: value `val` at `pos` (pos -1: no change). */
interface MapDiff {
  readonly pos: number;
  readonly val: Value;
  readonly next: PMap;
}

/**
 * An immutable map with any values as keys, iterated in insertion order.
 *
 * Versions share storage (Baker's "rerooting" persistent arrays): the newest version owns the
 * values array, and each older version records the one value it differs by. Changing or adding
 * a key of the newest version is O(1), so building or updating a map in a loop is linear; reading an
 * older version first replays the recorded differences. Keys only ever get appended, so positions
 * below a version's size mean the same key in every version of a backing.
 *
 * Each version holds the backing's fields itself (a MapBacking), not a shared backing object: one
 * object less per record, and records are most of what a data pipeline keeps alive (measured: the
 * garbage collector's copying was a quarter of a 15,000-record join). The values array is what the
 * versions share: the newest version is the one whose size is its length. A version's key arrays
 * and index may be older than the newest's (copied or created since), but hold the same first
 * `size` entries.
 */
export class PMap implements MapBacking {
  static readonly EMPTY = new PMap([], [], [], null, false, 0);

  private diff: MapDiff | null = null;

  /** @internal The backing's fields (see MapBacking); read only by this module and map-backing.ts. */
  private constructor(
    public keyList: Value[],
    public hashes: unknown[],
    public readonly vals: Value[],
    public index: Map<unknown, number> | null,
    public sharedKeys: boolean,
    readonly size: number,
  ) {}

  static fromEntries(entries: Iterable<readonly [Value, Value]>): PMap {
    const builder = new MapBuilder();
    for (const [k, v] of entries) builder.set(k, v);
    return builder.build();
  }

  /**
   * A small map from keys known to be distinct, with their hash keys computed once by the caller
   * (map literals with constant keys). The key arrays are shared until the map grows. `index`: hash
   * key → position, when the caller has made it already (group-by); the map takes it over.
   */
  static fromDistinct(keys: Value[], hashes: unknown[], vals: Value[], index?: Map<unknown, number>): PMap {
    if (keys.length === 0) return PMap.EMPTY;
    return new PMap(keys, hashes, vals, keys.length > SCAN_LIMIT ? (index ?? indexHashes(hashes, hashes.length)) : null, true, keys.length);
  }

  /** @internal Used by MapBuilder: the map takes over `b`'s arrays. */
  static fromBacking(b: MapBacking): PMap {
    return b.keyList.length === 0 ? PMap.EMPTY : new PMap(b.keyList, b.hashes, b.vals, b.index, b.sharedKeys, b.keyList.length);
  }

  /** A version of this backing of size `size`. */
  private version(size: number): PMap {
    return new PMap(this.keyList, this.hashes, this.vals, this.index, this.sharedKeys, size);
  }

  /** Make the backing's values this version's values. */
  private reroot(): void {
    if (this.diff === null) return;
    const chain: PMap[] = [];
    // Walks the chain of versions from this one to the root.
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    for (let t: PMap = this; t.diff !== null; t = t.diff.next) chain.push(t);
    const vals = this.vals;
    for (let k = chain.length - 1; k >= 0; k--) {
      const v = chain[k];
      const d = v.diff!;
      let undo: Value = null;
      if (d.pos >= 0) {
        undo = vals[d.pos];
        vals[d.pos] = d.val;
      }
      d.next.diff = { pos: d.pos, val: undo, next: v };
      v.diff = null;
    }
  }

  private position(h: unknown): number {
    return indexOf(this, h, this.size);
  }

  has(key: Value): boolean {
    return this.position(hashKey(key)) >= 0;
  }

  /** The value for `key`, or `undefined` when absent (distinct from a present nil). */
  lookup(key: Value): Value | undefined {
    const i = this.position(hashKey(key));
    if (i < 0) return undefined;
    this.reroot();
    return this.vals[i];
  }

  /**
   * The value for keyword `k`, else for its name as a string key (getFlex's rule), else undefined:
   * the commonest lookup of a pipeline, in one call (a keyword is its own hash key). In a fresh
   * process this runs in V8's interpreter, where lookup's chain of small calls cost most.
   */
  getKeyword(k: Keyword): Value | undefined {
    let i = -1;
    if (this.index === null) {
      const hs = this.hashes;
      for (let j = 0; j < this.size; j++) {
        if (hs[j] === k) {
          i = j;
          break;
        }
      }
    } else {
      const p = this.index.get(k);
      if (p !== undefined && p < this.size) i = p;
    }
    if (i < 0) return this.lookup(k.name);
    if (this.diff !== null) this.reroot();
    return this.vals[i];
  }

  get(key: Value, notFound: Value = null): Value {
    const v = this.lookup(key);
    return v === undefined ? notFound : v;
  }

  forEach(f: (value: Value, key: Value) => void): void {
    // Iterate a snapshot: the callback may read other versions of this backing.
    const vals = this.values();
    const keys = this.keyList;
    for (let i = 0; i < vals.length; i++) f(vals[i], keys[i]);
  }

  keys(): Value[] {
    return this.keyList.slice(0, this.size);
  }

  values(): Value[] {
    this.reroot();
    return this.vals.slice(0, this.size);
  }

  entries(): [Value, Value][] {
    const vals = this.values();
    const keys = this.keyList;
    const out = new Array<[Value, Value]>(vals.length);
    for (let i = 0; i < vals.length; i++) out[i] = [keys[i], vals[i]];
    return out;
  }

  assoc(key: Value, value: Value): PMap {
    const h = hashKey(key);
    const i = this.position(h);
    if (i >= 0) {
      this.reroot();
      const vals = this.vals;
      if (vals[i] === value) return this;
      const next = this.version(this.size);
      this.diff = { pos: i, val: vals[i], next };
      vals[i] = value;
      return next;
    }
    if (this.size === 0) return MapBuilder.single(key, value);
    if (this.vals.length !== this.size) {
      // Another version already appended to this backing: branch off a copy.
      this.reroot();
      const b = copyBacking(this, this.size);
      appendEntry(b, key, h, value);
      return PMap.fromBacking(b);
    }
    this.reroot();
    // The new version's key arrays and index may be replaced as it appends; this one keeps its own.
    const next = this.version(this.size + 1);
    appendEntry(next, key, h, value);
    this.diff = { pos: -1, val: null, next };
    return next;
  }

  /**
   * This map with the entries of `other` added in order (`f` combines values of keys in both), when
   * the result is small enough to scan. Built in fresh exact-size arrays: merging a few fields onto
   * a record is common, and appending to the base would grow its arrays and add a version to it.
   * Returns null when the result would be larger.
   */
  mergeSmall(other: PMap, f: ((a: Value, b: Value) => Value) | null): PMap | null {
    const n = this.size;
    const m = other.size;
    if (m === 0) return this;
    const oh = other.hashes;
    const th = this.hashes;
    let added = 0;
    for (let j = 0; j < m; j++) if (indexOf(this, oh[j], n) < 0) added++;
    const size = n + added;
    if (size > SCAN_LIMIT) return null;
    this.reroot();
    const tk = this.keyList;
    const tv = this.vals;
    const ok = other.keyList;
    // Records merged in a loop repeat the same key arrays: reuse the last result's (shared, so
    // copied before any append).
    const memo = lastMerge;
    const same = memo.tk === tk && memo.n === n && memo.ok === ok && memo.m === m;
    const keys = same ? memo.keys : new Array<Value>(size);
    const hashes = same ? memo.hashes : new Array<unknown>(size);
    const vals = new Array<Value>(size);
    for (let i = 0; i < n; i++) vals[i] = tv[i];
    if (!same) {
      for (let i = 0; i < n; i++) {
        keys[i] = tk[i];
        hashes[i] = th[i];
      }
    }
    // A snapshot of other's values: f is user code and may reroot other's backing meanwhile.
    const ov = f === null ? (other.reroot(), other.vals) : other.values();
    let len = n;
    for (let j = 0; j < m; j++) {
      const h = oh[j];
      let i = -1;
      for (let q = 0; q < len; q++) {
        if (hashes[q] === h) {
          i = q;
          break;
        }
      }
      if (i < 0) {
        if (!same) {
          keys[len] = ok[j];
          hashes[len] = h;
        }
        vals[len++] = ov[j];
      } else {
        vals[i] = f === null ? ov[j] : f(vals[i], ov[j]);
      }
    }
    if (!same) lastMerge = { tk, n, ok, m, keys, hashes };
    return new PMap(keys, hashes, vals, null, true, size);
  }

  dissoc(key: Value): PMap {
    const i = this.position(hashKey(key));
    if (i < 0) return this;
    const vals = this.values();
    const keys = this.keyList;
    const builder = new MapBuilder();
    for (let j = 0; j < vals.length; j++) if (j !== i) builder.set(keys[j], vals[j]);
    return builder.build();
  }

  /** A builder pre-filled with this map's entries, for bulk updates without quadratic copying. */
  toBuilder(): MapBuilder {
    this.reroot();
    return new MapBuilder(copyBacking(this, this.size));
  }
}

/** Mutable while building; `build()` hands the storage to an immutable PMap and must be last. */
export class MapBuilder {
  constructor(private b: MapBacking = { index: null, keyList: [], hashes: [], vals: [], sharedKeys: false }) {}
  get size(): number {
    return this.b.keyList.length;
  }
  set(key: Value, value: Value): this {
    const h = hashKey(key);
    const i = indexOf(this.b, h, this.b.keyList.length);
    if (i >= 0) this.b.vals[i] = value;
    else appendEntry(this.b, key, h, value);
    return this;
  }
  lookup(key: Value): Value | undefined {
    const i = indexOf(this.b, hashKey(key), this.b.keyList.length);
    return i < 0 ? undefined : this.b.vals[i];
  }
  delete(key: Value): this {
    const h = hashKey(key);
    if (indexOf(this.b, h, this.b.keyList.length) < 0) return this;
    const old = this.b;
    const fresh = new MapBuilder();
    for (let j = 0; j < old.keyList.length; j++) if (old.hashes[j] !== h) fresh.set(old.keyList[j], old.vals[j]);
    this.b = fresh.b;
    return this;
  }
  build(): PMap {
    return PMap.fromBacking(this.b);
  }
  static single(key: Value, value: Value): PMap {
    return new MapBuilder().set(key, value).build();
  }
}

/** An immutable set; iteration follows insertion order (printing is stable, though sets are unordered). */
export class PSet {
  static readonly EMPTY = new PSet(new Map());

  constructor(private readonly members: Map<unknown, Value>) {}

  static from(items: Iterable<Value>): PSet {
    const m = new Map<unknown, Value>();
    for (const x of items) {
      const h = hashKey(x);
      if (!m.has(h)) m.set(h, x);
    }
    return m.size === 0 ? PSet.EMPTY : new PSet(m);
  }

  get size(): number {
    return this.members.size;
  }

  has(x: Value): boolean {
    return this.members.has(hashKey(x));
  }

  /** The member equal to x (sets as functions return it), or undefined. */
  lookup(x: Value): Value | undefined {
    return this.members.get(hashKey(x));
  }

  values(): Value[] {
    return Array.from(this.members.values());
  }

  conj(...xs: Value[]): PSet {
    let m: Map<unknown, Value> | null = null;
    for (const x of xs) {
      const h = hashKey(x);
      if ((m ?? this.members).has(h)) continue;
      m ??= new Map(this.members);
      m.set(h, x);
    }
    return m === null ? this : new PSet(m);
  }

  disj(...xs: Value[]): PSet {
    let m: Map<unknown, Value> | null = null;
    for (const x of xs) {
      const h = hashKey(x);
      if (!(m ?? this.members).has(h)) continue;
      m ??= new Map(this.members);
      m.delete(h);
    }
    return m === null ? this : new PSet(m);
  }
}
