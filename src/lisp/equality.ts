// Structural equality (Clojure `=`) and the natural order used by sort/compare.
import { typeError } from './errors.ts';
import { isNumber, numCompare, numStrictEquals } from './numbers.ts';
import { printBrief } from './printer.ts';
import { javaEquals } from './java-time.ts';
import { Keyword, PJava, PList, PMap, PSet, type Value } from './values.ts';
import { Budget, charge, REC_DEPTH } from './walk.ts';

export function equals(a: Value, b: Value): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (a === null || b === null) return false;
  const ta = typeof a;
  if (ta === 'string' || ta === 'boolean' || ta === 'function') return false;
  if (isNumber(a)) return isNumber(b) && numStrictEquals(a, b);
  if (ta !== 'object' || typeof b !== 'object') return false;
  eqBudget = null;
  eqSpent = 0;
  const same = eqRec(a, b, 0);
  if (eqSpent > 64) charge(eqSpent);
  return same;
}

/** Elements compared by the current top-level `equals` (allocated only for large values). */
let eqBudget: Budget | null = null;
let eqSpent = 0;

function spend(n: number): void {
  if ((eqSpent += n) < 4096) return;
  eqSpent = 0;
  eqBudget ??= new Budget('compare');
  eqBudget.spend(4096);
}

/** `equals` below the top: recursive while shallow, then on an explicit stack. */
function eqRec(a: Value, b: Value, depth: number): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return equals(a, b);
  if (depth > REC_DEPTH) return eqDeep(a, b);
  const sa = Array.isArray(a) ? a : a instanceof PList ? a.items : null;
  if (sa !== null) {
    const sb = Array.isArray(b) ? b : b instanceof PList ? b.items : null;
    if (sb === null || sa.length !== sb.length) return false;
    spend(sa.length);
    for (let i = 0; i < sa.length; i++) if (!eqRec(sa[i], sb[i], depth + 1)) return false;
    return true;
  }
  if (a instanceof PMap) {
    if (!(b instanceof PMap) || a.size !== b.size) return false;
    spend(2 * a.size);
    const keys = a.keys();
    const vals = a.values();
    for (let i = 0; i < keys.length; i++) {
      const w = b.lookup(keys[i]);
      if (w === undefined || !eqRec(vals[i], w, depth + 1)) return false;
    }
    return true;
  }
  return eqOther(a, b);
}

/** Boxed floats, sets and dates (set members are compared through hashing, which has its own bound). */
function eqOther(a: Value, b: Value): boolean {
  if (isNumber(a)) return isNumber(b) && numStrictEquals(a, b);
  if (a instanceof PSet) {
    if (!(b instanceof PSet) || a.size !== b.size) return false;
    spend(a.size);
    for (const x of a.values()) if (!b.has(x)) return false;
    return true;
  }
  if (a instanceof PJava) return b instanceof PJava && javaEquals(a, b);
  return false;
}

/** `equals` on an explicit stack of pairs still to compare. */
function eqDeep(a0: Value, b0: Value): boolean {
  const stack: Value[] = [a0, b0];
  while (stack.length > 0) {
    const b = stack.pop() as Value;
    const a = stack.pop() as Value;
    if (a === b) {
      if (typeof a === 'number' && Number.isNaN(a)) return false;
      continue;
    }
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
      if (!equals(a, b)) return false;
      continue;
    }
    const sa = Array.isArray(a) ? a : a instanceof PList ? a.items : null;
    if (sa !== null) {
      const sb = Array.isArray(b) ? b : b instanceof PList ? b.items : null;
      if (sb === null || sa.length !== sb.length) return false;
      spend(sa.length);
      for (let i = sa.length - 1; i >= 0; i--) stack.push(sa[i], sb[i]);
    } else if (a instanceof PMap) {
      if (!(b instanceof PMap) || a.size !== b.size) return false;
      spend(2 * a.size);
      const keys = a.keys();
      const vals = a.values();
      for (let i = keys.length - 1; i >= 0; i--) {
        const w = b.lookup(keys[i]);
        if (w === undefined) return false;
        stack.push(vals[i], w);
      }
    } else if (!eqOther(a, b)) return false;
  }
  return true;
}

function kindRank(v: Value): string {
  if (isNumber(v)) return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof Keyword) return 'keyword';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v) || v instanceof PList) return 'vector';
  // Java values order within their class only (a LocalDate never against an Instant).
  if (v instanceof PJava) return v.className;
  return 'other';
}

/**
 * Natural order for sort, sort-by and compare: numbers with numbers, strings with strings,
 * keywords by name, booleans false < true, vectors element by element then by length.
 * nil sorts first. Anything else, or mixing kinds, is a type error.
 */
export function compareValues(a: Value, b: Value): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const ka = kindRank(a);
  const kb = kindRank(b);
  if (ka !== kb || ka === 'other') {
    throw typeError(`Cannot compare ${printShort(a)} with ${printShort(b)}: sorting needs values of one kind (numbers, strings, keywords)`);
  }
  switch (ka) {
    case 'number': {
      const c = numCompare(a as never, b as never);
      return Number.isNaN(c) ? 0 : c;
    }
    case 'string':
      return a < b ? -1 : a > b ? 1 : 0;
    case 'keyword': {
      const x = (a as Keyword).name;
      const y = (b as Keyword).name;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'boolean':
      return a === b ? 0 : a ? 1 : -1;
    case 'vector':
      return a === b ? 0 : compareSeqs(a, b);
    default:
      return (a as PJava).compareSame(b as PJava);
  }
}

/**
 * Vectors element by element, then by length, on an explicit stack (values may nest deeper than the
 * JavaScript stack), counting the elements compared.
 */
function compareSeqs(a: Value, b: Value): number {
  let budget: Budget | null = null;
  let spent = 0;
  const xs: (readonly Value[])[] = [];
  const ys: (readonly Value[])[] = [];
  const at: number[] = [];
  let x = Array.isArray(a) ? a : (a as PList).items;
  let y = Array.isArray(b) ? b : (b as PList).items;
  let i = 0;
  if (x.length !== y.length) return x.length - y.length;
  for (;;) {
    if (i < x.length) {
      const p = x[i];
      const q = y[i];
      i++;
      if (p === q) continue;
      if ((Array.isArray(p) || p instanceof PList) && (Array.isArray(q) || q instanceof PList)) {
        xs.push(x);
        ys.push(y);
        at.push(i);
        x = Array.isArray(p) ? p : (p as PList).items;
        y = Array.isArray(q) ? q : (q as PList).items;
        i = 0;
        if (x.length !== y.length) return x.length - y.length;
        if ((spent += x.length) > 4096) {
          budget ??= new Budget('compare');
          budget.spend(spent);
          spent = 0;
        }
        continue;
      }
      const c = compareValues(p, q);
      if (c !== 0) return c;
      continue;
    }
    // This pair is equal: go on in the enclosing pair.
    const px = xs.pop();
    if (px === undefined) return 0;
    x = px;
    y = ys.pop() as readonly Value[];
    i = at.pop() as number;
  }
}

function printShort(v: Value): string {
  return printBrief(v);
}
