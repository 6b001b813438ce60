// Hash keys of collections (see `hashKey` in collections.ts): a canonical string that is equal exactly
// when the values are `=`. Every part is self-delimiting — strings and keyword names are written
// length first, numbers are digits or `f` + digits, functions, regexes and vars (equal only to
// themselves) by an identity number — so no two unequal values share a key. Vectors and lists share
// `[…]` because `(= [1 2] '(1 2))`; map entries and set members are sorted so order does not count.
// A value holding NaN is equal to nothing but itself, so its key is the value itself (identity).
import { Keyword, PFloat, PRegex, PVar } from './atoms.ts';
import { PJava } from './java-time.ts';
import { PList, PMap, PSet, registerCollectionKey, type Value } from './collections.ts';
import { Budget, charge, REC_DEPTH } from './walk.ts';

const ids = new WeakMap<object, number>();
let nextId = 1;
function idOf(x: object): number {
  let id = ids.get(x);
  if (id === undefined) {
    id = nextId++;
    ids.set(x, id);
  }
  return id;
}

/** State of the current top-level walk (hashing never re-enters itself). */
let budget: Budget | null = null;
let spent = 0;
let chars = 0;
let sawNaN = false;

function spend(n: number): void {
  if ((spent += n) < 4096) return;
  budget ??= new Budget('hash');
  budget.spend(spent);
  spent = 0;
}

/** A string, length first (cheaper than escaping, and as self-delimiting). */
function text(s: string): string {
  if ((chars += s.length) > 1 << 18) {
    budget ??= new Budget('hash');
    budget.chars(chars);
    chars = 0;
  }
  return s.length + ':' + s;
}

/** The hash key of a vector, list, map or set. */
export function collectionKey(v: Value): unknown {
  budget = null;
  spent = 0;
  chars = 0;
  sawNaN = false;
  const s = canon(v, 0);
  if (spent > 64) charge(spent);
  return sawNaN ? v : '\u0001c' + s;
}

function atom(v: Value): string {
  if (v === null) return 'nil';
  switch (typeof v) {
    case 'string':
      return '"' + text(v);
    case 'number':
      if (Number.isInteger(v)) return String(v);
      if (v !== v) sawNaN = true;
      return 'f' + String(v);
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'function':
      return '#fn@' + idOf(v);
  }
  if (v instanceof Keyword) return ':' + text(v.name);
  if (v instanceof PFloat) return 'f' + String(v.v);
  if (v instanceof PRegex) return '#re@' + idOf(v);
  if (v instanceof PVar) return '#var@' + idOf(v);
  if (v instanceof PJava) return '#j' + v.key();
  return '?';
}

function isColl(v: Value): boolean {
  return Array.isArray(v) || v instanceof PList || v instanceof PMap || v instanceof PSet;
}

function canon(v: Value, depth: number): string {
  if (v === null || typeof v !== 'object' || v instanceof Keyword) return atom(v);
  let items: readonly Value[];
  if (Array.isArray(v)) items = v;
  else if (v instanceof PList) items = v.items;
  else if (v instanceof PMap || v instanceof PSet) return canonUnordered(v, depth);
  else return atom(v);
  if (depth > REC_DEPTH) return canonDeep(v);
  spend(items.length);
  const n = items.length;
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = canon(items[i], depth + 1);
  return '[' + parts.join(' ') + ']';
}

function canonUnordered(v: PMap | PSet, depth: number): string {
  if (depth > REC_DEPTH) return canonDeep(v);
  if (v instanceof PMap) {
    const keys = v.keys();
    const vals = v.values();
    spend(2 * keys.length);
    const parts = new Array<string>(keys.length);
    for (let i = 0; i < keys.length; i++) parts[i] = canon(keys[i], depth + 1) + ' ' + canon(vals[i], depth + 1);
    return '{' + parts.sort().join(',') + '}';
  }
  const members = v.values();
  spend(members.length);
  const parts = members.map((x) => canon(x, depth + 1));
  return '#{' + parts.sort().join(' ') + '}';
}

interface Frame {
  readonly v: Value;
  /** Children in order; for a map keys and values alternate. */
  readonly items: readonly Value[];
  /** Children's keys, for maps and sets (sorted at the end); vectors and lists build `s` directly. */
  readonly parts: string[] | null;
  s: string;
  i: number;
}

function frame(v: Value): Frame {
  if (Array.isArray(v) || v instanceof PList) {
    const items: readonly Value[] = Array.isArray(v) ? v : (v as PList).items;
    spend(items.length);
    return { v, items, parts: null, s: '[', i: 0 };
  }
  let items: readonly Value[];
  if (v instanceof PMap) {
    const keys = v.keys();
    const vals = v.values();
    const kv = new Array<Value>(2 * keys.length);
    for (let i = 0; i < keys.length; i++) {
      kv[2 * i] = keys[i];
      kv[2 * i + 1] = vals[i];
    }
    items = kv;
  } else items = (v as PSet).values();
  spend(items.length);
  return { v, items, parts: [], s: '', i: 0 };
}

function add(f: Frame, part: string): void {
  if (f.parts !== null) f.parts.push(part);
  else f.s += f.i > 1 ? ' ' + part : part;
}

function finish(f: Frame): string {
  if (f.parts === null) return f.s + ']';
  if (f.v instanceof PMap) {
    const entries: string[] = [];
    for (let i = 0; i < f.parts.length; i += 2) entries.push(f.parts[i] + ' ' + f.parts[i + 1]);
    return '{' + entries.sort().join(',') + '}';
  }
  return '#{' + f.parts.sort().join(' ') + '}';
}

/** `canon` on an explicit stack (post-order), for values nested too deep to recurse. */
function canonDeep(root: Value): string {
  const stack: Frame[] = [frame(root)];
  for (;;) {
    const f = stack[stack.length - 1];
    if (f.i < f.items.length) {
      const x = f.items[f.i++];
      if (isColl(x)) stack.push(frame(x));
      else add(f, atom(x));
      continue;
    }
    stack.pop();
    const s = finish(f);
    if (stack.length === 0) return s;
    add(stack[stack.length - 1], s);
  }
}

registerCollectionKey(collectionKey);
