// Searching the language reference: by name, by another spelling (an alias: `str/join` finds join's
// entry and says so), and by the words of the doc (every word must appear, case-insensitive). The
// results are grouped by area; exact name matches come first. Pure: entries and a query in, groups out.
import type { Area, RefEntry, RefExample } from '../../../lisp/reference/index.ts';

/** The areas in the order the panel lists them, with their headings. */
export const AREAS: readonly (readonly [Area, string])[] = [
  ['collections', 'Collections'],
  ['maps', 'Maps'],
  ['sets', 'Sets'],
  ['strings', 'Strings'],
  ['regex', 'Regular expressions'],
  ['math', 'Math'],
  ['comparison', 'Comparison'],
  ['predicates', 'Predicates'],
  ['functions', 'Functions'],
  ['control', 'Control flow'],
  ['definitions', 'Definitions'],
  ['iteration', 'Iteration'],
  ['threading', 'Threading'],
  ['agent', 'Agent and tools'],
  ['json', 'JSON'],
  ['interop', 'Java interop'],
];

const AREA_RANK: ReadonlyMap<Area, number> = new Map(AREAS.map(([area], i) => [area, i]));

/** One name the reference knows and every other spelling of it. */
export interface RefItem {
  readonly entry: RefEntry;
  readonly aliases: readonly RefEntry[];
  /** Names, doc and details, lower-cased: what the words are looked for in. */
  readonly text: string;
}

export interface RefHit {
  readonly entry: RefEntry;
  /** The other spellings of the name. */
  readonly aliases: readonly string[];
  /** The alias the search matched by name (not the entry's own name): shown as "an alias of". */
  readonly via: RefEntry | null;
  /** Whether the query is exactly the name or the alias matched. */
  readonly exact: boolean;
  /** The examples to show: the alias's own (written its way) first, when matched through one. */
  readonly examples: readonly RefExample[];
}

export interface RefGroup {
  readonly area: Area;
  readonly label: string;
  readonly hits: readonly RefHit[];
}

/** The entries by the name they stand for: each alias beside the entry it is another spelling of. */
export function indexReference(entries: readonly RefEntry[]): RefItem[] {
  const byName = new Map<string, RefEntry>();
  for (const e of entries) if (e.aliasOf === undefined) byName.set(e.name, e);
  const aliases = new Map<string, RefEntry[]>();
  const items: RefEntry[] = [];
  for (const e of entries) {
    // An alias of a name the reference lacks stands on its own.
    if (e.aliasOf !== undefined && byName.has(e.aliasOf)) {
      const list = aliases.get(e.aliasOf) ?? [];
      list.push(e);
      aliases.set(e.aliasOf, list);
    } else items.push(e);
  }
  return items.map((entry) => {
    const own = aliases.get(entry.name) ?? [];
    const text = [entry.name, ...own.map((a) => a.name), entry.doc, entry.details ?? ''].join('\n').toLowerCase();
    return { entry, aliases: own, text };
  });
}

/** 0: exactly the name; 1: the name starts with the query; 2: the name holds it; 3: only the words match. */
function nameRank(name: string, q: string): number {
  const n = name.toLowerCase();
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  return n.includes(q) ? 2 : 3;
}

function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}

function hitOf(item: RefItem, q: string): { hit: RefHit; rank: number } | null {
  const { entry } = item;
  const aliasNames = item.aliases.map((a) => a.name);
  if (q === '') return { hit: { entry, aliases: aliasNames, via: null, exact: false, examples: entry.examples }, rank: 3 };
  const words = q.split(/\s+/);
  if (!words.every((w) => item.text.includes(w))) return null;
  const own = nameRank(entry.name, q);
  // The best-matching alias, when it matches the name better than the entry's own name does.
  let via: RefEntry | null = null;
  let rank = own;
  for (const alias of item.aliases) {
    const r = nameRank(alias.name, q);
    if (r < rank || (r === rank && r < 3 && via !== null && alias.name.length < via.name.length)) {
      via = alias;
      rank = r;
    }
  }
  const examples = via === null ? entry.examples : [...via.examples, ...entry.examples.slice(1)];
  return { hit: { entry, aliases: aliasNames, via, exact: rank === 0, examples }, rank };
}

/** The entries the query finds, grouped by area: every entry for an empty query, in the areas' order. */
export function searchReference(items: readonly RefItem[], query: string): RefGroup[] {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ');
  const groups = new Map<Area, { hit: RefHit; rank: number }[]>();
  for (const item of items) {
    const found = hitOf(item, q);
    if (found === null) continue;
    const list = groups.get(item.entry.area) ?? [];
    list.push(found);
    groups.set(item.entry.area, list);
  }
  const sorted = [...groups].map(([area, hits]) => {
    hits.sort((a, b) => a.rank - b.rank || compareNames(a.hit.entry.name, b.hit.entry.name));
    return { area, hits, best: hits[0]?.rank ?? 3 };
  });
  // The area holding an exact match first; otherwise the areas' own order.
  sorted.sort((a, b) => Math.min(a.best, 1) - Math.min(b.best, 1) || (AREA_RANK.get(a.area) ?? 99) - (AREA_RANK.get(b.area) ?? 99));
  return sorted.map(({ area, hits }) => ({
    area,
    label: AREAS.find(([a]) => a === area)?.[1] ?? area,
    hits: hits.map((h) => h.hit),
  }));
}
