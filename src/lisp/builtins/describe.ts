// describe: the shape of a value as a small map, for a program (and the LLM reading its output) to
// learn what data looks like without printing all of it: its type and count, the types of its
// items, for maps which keys appear how often with which types and a few example values, and on
// request nested levels and the paths to every field. Work and output are bounded: at most SCAN
// items of a collection, KEYS keys and DISTINCT distinct values per key are looked at, and the
// answer says when a cap was reached (:truncated, :caps_hit). Distinct values are counted by value
// for scalars and by identity for collections.
import { float } from '../numbers.ts';
import { printBrief } from '../printer.ts';
import { hashKey, isFn, Keyword, MapBuilder, PList, PMap, PSet, type Value } from '../values.ts';
import { expected, kindOf } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

const SCAN = 1000;
const KEYS = 100;
const DISTINCT = 1000;
const PATHS = 200;
/** Values looked at in all, over every level: depth 5 of wide maps must not multiply the caps. */
const WORK = 200_000;

interface Options {
  readonly depth: number;
  readonly sample: number;
  readonly paths: boolean;
}

const kw = (name: string): Keyword => Keyword.of(name);

function options(v: Value | undefined): Options {
  if (v === undefined || v === null) return { depth: 1, sample: 3, paths: false };
  if (!(v instanceof PMap)) throw expected('describe', 'an options map such as {:depth 2 :sample 3 :paths true}', v);
  const int = (key: string, lo: number, hi: number, dflt: number): number => {
    const x = v.get(kw(key));
    if (x === undefined || x === null) return dflt;
    if (typeof x !== 'number' || !Number.isInteger(x) || x < lo || x > hi) throw expected('describe', `:${key} from ${lo} to ${hi}`, x);
    return x;
  };
  return { depth: int('depth', 1, 5, 1), sample: int('sample', 1, 3, 3), paths: v.get(kw('paths')) === true };
}

/** The items of a sequential collection, or null for anything else. */
function itemsOf(v: Value): readonly Value[] | null {
  if (Array.isArray(v)) return v as readonly Value[];
  if (v instanceof PList) return v.items;
  if (v instanceof PSet) return v.values();
  return null;
}

function isScalar(v: Value): boolean {
  return v === null || typeof v === 'boolean' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'string' || v instanceof Keyword;
}

/** An example as shown: scalars as they are, anything else as a short printed string. */
function example(v: Value): Value {
  if (isScalar(v)) {
    return typeof v === 'string' && v.length > 80 ? v.slice(0, 77) + '...' : v;
  }
  return isFn(v) ? '#fn' : printBrief(v, 80);
}

/** Counts by type name, in the order first seen. */
class Histogram {
  readonly counts = new Map<string, number>();
  add(v: Value): void {
    const t = kindOf(v);
    this.counts.set(t, (this.counts.get(t) ?? 0) + 1);
  }
  value(): Value {
    const b = new MapBuilder();
    for (const [t, n] of this.counts) b.set(t, n);
    return b.build();
  }
}

/** What one key's values look like across the maps that have it. */
class KeySummary {
  present = 0;
  readonly types = new Histogram();
  readonly examples: Value[] = [];
  private readonly seen = new Set<unknown>();
  capped = false;
  readonly nested: Value[] = [];

  add(v: Value, sample: number): void {
    this.present++;
    this.types.add(v);
    if (this.seen.size >= DISTINCT) {
      this.capped = true;
      return;
    }
    // Collections are told apart by identity: hashing each one would cost its whole size.
    const h = isScalar(v) ? hashKey(v) : v;
    if (this.seen.has(h)) return;
    this.seen.add(h);
    if (this.examples.length < sample) this.examples.push(example(v));
    if ((v instanceof PMap || itemsOf(v) !== null) && this.nested.length < SCAN) this.nested.push(v);
  }

  get distinct(): number {
    return this.seen.size;
  }
}

/** The walk's caps that were reached, named as :caps_hit lists them, and the work done so far. */
class Caps extends Set<string> {
  private work = 0;
  /** Whether `n` more values may be looked at. */
  spend(n: number): boolean {
    this.work += n;
    if (this.work <= WORK) return true;
    this.add('work');
    return false;
  }
}

function summarizeMaps(maps: readonly PMap[], opts: Options, level: number, caps: Caps, out: MapBuilder): void {
  const keys = new Map<unknown, { key: Value; summary: KeySummary }>();
  const keyTypes = new Histogram();
  for (const m of maps) {
    if (!caps.spend(m.size)) break;
    for (const [k, v] of m.entries()) {
      keyTypes.add(k);
      const h = hashKey(k);
      let entry = keys.get(h);
      if (entry === undefined) {
        if (keys.size >= KEYS) {
          caps.add('keys');
          continue;
        }
        keys.set(h, (entry = { key: k, summary: new KeySummary() }));
      }
      entry.summary.add(v, opts.sample);
    }
  }
  const b = new MapBuilder();
  for (const { key, summary: s } of keys.values()) {
    if (s.capped) caps.add('distinct');
    const k = new MapBuilder();
    k.set(kw('present'), s.present);
    k.set(kw('pct'), pct(s.present, maps.length));
    k.set(kw('types'), s.types.value());
    k.set(kw('examples'), s.examples);
    k.set(kw('distinct_count'), s.distinct);
    if (level < opts.depth && s.nested.length > 0) k.set(kw('nested'), summarizeAll(s.nested, opts, level + 1, caps));
    b.set(key, k.build());
  }
  out.set(kw('keys'), b.build());
  out.set(kw('key_types'), keyTypes.value());
}

/** A percentage with one decimal, always a float. */
function pct(n: number, of: number): Value {
  return float(Math.round((1000 * n) / of) / 10);
}

/** What several values look like together (the values of one key, nested). */
function summarizeAll(values: readonly Value[], opts: Options, level: number, caps: Caps): Value {
  const b = new MapBuilder();
  const types = new Histogram();
  if (!caps.spend(values.length)) return b.build();
  for (const v of values) types.add(v);
  b.set(kw('types'), types.value());
  const maps = values.filter((v): v is PMap => v instanceof PMap);
  if (maps.length > 0) summarizeMaps(maps, opts, level, caps, b);
  const inner = values.flatMap((v) => itemsOf(v) ?? []).slice(0, SCAN);
  if (inner.length > 0) b.set(kw('items'), summarizeItems(inner, opts, level, caps));
  return b.build();
}

/** The items of one collection: their types, and their keys when they are maps or a few examples. */
function summarizeItems(items: readonly Value[], opts: Options, level: number, caps: Caps): Value {
  const b = new MapBuilder();
  const types = new Histogram();
  caps.spend(items.length);
  for (const v of items) types.add(v);
  b.set(kw('item_types'), types.value());
  const maps = items.filter((v): v is PMap => v instanceof PMap);
  if (maps.length > 0) summarizeMaps(maps, opts, level, caps, b);
  else {
    const s = new KeySummary();
    for (const v of items) s.add(v, opts.sample);
    if (s.capped) caps.add('distinct');
    b.set(kw('examples'), s.examples);
    b.set(kw('distinct_count'), s.distinct);
  }
  return b.build();
}

/** Every path to a field, with the types found there: "[].user.name" → {"string" 3}. */
function collectPaths(v: Value, path: string, depth: number, out: Map<string, Histogram>, caps: Caps): void {
  if (out.size >= PATHS) {
    caps.add('paths');
    return;
  }
  if (!caps.spend(1)) return;
  const items = itemsOf(v);
  if (items !== null && depth > 0) {
    for (const x of items.slice(0, SCAN)) collectPaths(x, `${path}[]`, depth - 1, out, caps);
    return;
  }
  if (v instanceof PMap && depth > 0) {
    let n = 0;
    for (const [k, x] of v.entries()) {
      if (n++ >= KEYS) break;
      const name = k instanceof Keyword ? k.name : typeof k === 'string' ? k : printBrief(k, 20);
      collectPaths(x, path === '' ? name : `${path}.${name}`, depth - 1, out, caps);
    }
    return;
  }
  let h = out.get(path === '' ? '.' : path);
  if (h === undefined) out.set(path === '' ? '.' : path, (h = new Histogram()));
  h.add(v);
}

function describe(v: Value, opts: Options): Value {
  const caps = new Caps();
  const b = new MapBuilder();
  b.set(kw('type'), kindOf(v));
  const items = itemsOf(v);
  if (items !== null) {
    b.set(kw('count'), items.length);
    const scanned = items.slice(0, SCAN);
    b.set(kw('scanned'), scanned.length);
    if (scanned.length < items.length) caps.add('scan');
    const summary = summarizeItems(scanned, opts, 1, caps) as PMap;
    for (const [k, x] of summary.entries()) b.set(k, x);
  } else if (v instanceof PMap) {
    b.set(kw('count'), v.size);
    summarizeMaps([v], opts, 1, caps, b);
  } else {
    b.set(kw('examples'), [example(v)]);
  }
  if (opts.paths) {
    const paths = new Map<string, Histogram>();
    collectPaths(v, '', opts.depth + 1, paths, caps);
    const p = new MapBuilder();
    for (const [path, h] of paths) p.set(path, h.value());
    b.set(kw('paths'), p.build());
  }
  if (caps.size > 0) {
    b.set(kw('truncated'), true);
    b.set(kw('caps_hit'), [...caps].sort().map(kw));
  }
  return b.build();
}

builtinArea('collections');

builtin(
  'describe',
  [1, 2],
  'The shape of a value as a map: :type and :count, the types of its items, for maps each key with how often it is present, its types, a few examples and how many distinct values; bounded, and says so when it stopped short.',
  (v, opts) => describe(v, options(opts)),
  {
    params: ['[x]', '[x opts]'],
    examples: [
      [
        '(describe [{"event" "turn"} {"event" "done" "ok" true}])',
        '{:type "vector" :count 2 :scanned 2 :item_types {"map" 2} :keys {"event" {:present 2 :pct 100.0 :types {"string" 2} :examples ["turn" "done"] :distinct_count 2} "ok" {:present 1 :pct 50.0 :types {"boolean" 1} :examples [true] :distinct_count 1}} :key_types {"string" 3}}',
      ],
      ['(describe [1 2 2 3])', '{:type "vector" :count 4 :scanned 4 :item_types {"integer" 4} :examples [1 2 3] :distinct_count 3}'],
      ['(:paths (describe {:user {:name "Ada"}} {:paths true}))', '{"user.name" {"string" 1}}'],
    ],
  },
);
