// The shape of a value in words, for the lesson checker's messages ("a list of 3 strings", "a map
// with 2 keys (:name, :age)"). The words are the type vocabulary's (src/compression/type-vocabulary.ts),
// the ones the model reads in data/ and user/, so a learner meets them once.
import { typeOf } from '../../compression/type-vocabulary.ts';
import { equals } from '../../lisp/equality.ts';
import { printBrief } from '../../lisp/printer.ts';
import { isSequential, Keyword, PList, PMap, PSet, PVar, type Value } from '../../lisp/values.ts';

/** The vocabulary's label without its count: `list[3]` → `list`. */
export function kindOf(v: Value): string {
  // What (def x …) returns: the vocabulary has no word for it, and a program ending with a def is common.
  if (v instanceof PVar) return 'var';
  const t = typeOf(v);
  const i = t.indexOf('[');
  return t === '#fn[...]' ? 'function' : i > 0 ? t.slice(0, i) : t;
}

const PLURALS: Readonly<Record<string, string>> = { nil: 'nils', function: 'functions' };

function plural(kind: string, n: number): string {
  return n === 1 ? kind : (PLURALS[kind] ?? kind + 's');
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? 'an' : 'a';
}

function itemsOf(v: Value): readonly Value[] | null {
  if (Array.isArray(v)) return v as readonly Value[];
  if (v instanceof PList) return v.items;
  if (v instanceof PSet) return [...v.values()];
  return null;
}

/** The element kind shared by every item, or null when they differ (or there are none). */
function elementKind(items: readonly Value[]): string | null {
  let kind: string | null = null;
  for (const x of items) {
    const k = kindOf(x);
    if (kind !== null && k !== kind) return null;
    kind = k;
  }
  return kind;
}

function keyList(m: PMap, max = 5): string {
  const keys = m.keys();
  const shown = keys.slice(0, max).map((k) => printBrief(k, 30));
  return shown.join(', ') + (keys.length > max ? `, … ${keys.length - max} more` : '');
}

/**
 * The shape in words: count and element kind for collections, keys for maps, the value itself for
 * anything small. `noun` names the items ("names") instead of their kind.
 */
export function describeShape(v: Value, noun?: string): string {
  const items = itemsOf(v);
  if (items !== null) {
    const kind = kindOf(v);
    if (items.length === 0) return `an empty ${kind}`;
    const el = elementKind(items);
    const what = noun ?? (el === null ? plural('item', items.length) : plural(el, items.length));
    return `${article(kind)} ${kind} of ${items.length} ${what}`;
  }
  if (v instanceof PMap) {
    if (v.size === 0) return 'an empty map';
    return `a map with ${v.size} ${v.size === 1 ? 'key' : 'keys'} (${keyList(v)})`;
  }
  if (v === null) return 'nil';
  const kind = kindOf(v);
  if (kind === 'function') return 'a function';
  return `${article(kind)} ${kind} (${printBrief(v)})`;
}

function isScalar(v: Value): boolean {
  return itemsOf(v) === null && !(v instanceof PMap);
}

function lookupText(k: Value, subject: string): string {
  return k instanceof Keyword ? `(${printBrief(k)} ${subject})` : `(get ${subject} ${printBrief(k)})`;
}

/** Where two maps part: a missing key, an extra one, or the first key whose values differ. */
function mapDifference(want: PMap, got: PMap, subject: string): string | null {
  const missing = want.keys().filter((k) => got.lookup(k) === undefined);
  if (missing.length > 0) return `missing ${missing.length === 1 ? 'key' : 'keys'} ${missing.map((k) => printBrief(k)).join(', ')}`;
  const extra = got.keys().filter((k) => want.lookup(k) === undefined);
  if (extra.length > 0) return `unexpected ${extra.length === 1 ? 'key' : 'keys'} ${extra.map((k) => printBrief(k)).join(', ')}`;
  for (const k of want.keys()) {
    const w = want.lookup(k) ?? null;
    const g = got.lookup(k) ?? null;
    if (equals(w, g)) continue;
    const at = lookupText(k, subject);
    // A nested collection is described as the top one is, so the learner sees where inside it went wrong.
    if (!isScalar(w) && !isScalar(g)) return `${at}: ${describeDifference(w, g, undefined, at) ?? ''}`;
    return `${at} should be ${printBrief(w)}, got ${printBrief(g)}`;
  }
  return null;
}

/**
 * What is wrong with `got` when `want` was expected, in one sentence; null when they are equal.
 * Shapes first (what kind, how many, of what), then the first place the values part. `subject` is
 * how the value is named in the code shown (`(nth result 2)`).
 */
export function describeDifference(want: Value, got: Value, noun?: string, subject = 'result'): string | null {
  if (equals(want, got)) return null;
  if (isScalar(want) && isScalar(got)) {
    if (kindOf(want) === kindOf(got)) return `expected ${printBrief(want)}, got ${printBrief(got)}`;
    return `expected ${describeShape(want)}, got ${describeShape(got)}`;
  }
  const wantShape = describeShape(want, noun);
  const gotShape = describeShape(got);
  const sameKind = kindOf(want) === kindOf(got) || (isSequential(want) && isSequential(got));
  if (!sameKind) return `expected ${wantShape}, got ${gotShape}`;
  if (want instanceof PMap && got instanceof PMap) {
    const diff = mapDifference(want, got, subject);
    return `expected ${wantShape}: ${diff ?? `got ${printBrief(got, 80)}`}`;
  }
  const ws = itemsOf(want) ?? [];
  const gs = itemsOf(got) ?? [];
  const wantEl = elementKind(ws);
  const gotEl = elementKind(gs);
  if (ws.length !== gs.length || (wantEl !== null && gotEl !== null && wantEl !== gotEl)) return `expected ${wantShape}, got ${gotShape}`;
  if (want instanceof PSet && got instanceof PSet) {
    const missing = ws.filter((x) => !got.has(x));
    return `expected ${wantShape}: missing ${missing.map((x) => printBrief(x)).join(', ')}`;
  }
  const i = ws.findIndex((w, j) => !equals(w, gs[j]));
  return `expected ${wantShape}: (nth ${subject} ${i}) should be ${printBrief(ws[i])}, got ${printBrief(gs[i])}`;
}
