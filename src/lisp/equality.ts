// Structural equality (Clojure `=`) and the natural order used by sort/compare.
import { typeError } from './errors.ts';
import { isNumber, numCompare, numStrictEquals } from './numbers.ts';
import { printValue } from './printer.ts';
import { Keyword, PInst, PList, PMap, PSet, type Value } from './values.ts';

export function equals(a: Value, b: Value): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (a === null || b === null) return false;
  const ta = typeof a;
  if (ta === 'string' || ta === 'boolean' || ta === 'function') return false;
  if (isNumber(a)) return isNumber(b) && numStrictEquals(a, b);
  if (ta !== 'object' || typeof b !== 'object') return false;
  const sa = Array.isArray(a) ? a : a instanceof PList ? a.items : null;
  if (sa !== null) {
    const sb = Array.isArray(b) ? b : b instanceof PList ? b.items : null;
    if (sb === null || sa.length !== sb.length) return false;
    for (let i = 0; i < sa.length; i++) if (!equals(sa[i], sb[i])) return false;
    return true;
  }
  if (a instanceof PMap) {
    if (!(b instanceof PMap) || a.size !== b.size) return false;
    let same = true;
    a.forEach((v, k) => {
      if (!same) return;
      const w = b.lookup(k);
      if (w === undefined || !equals(v, w)) same = false;
    });
    return same;
  }
  if (a instanceof PSet) {
    if (!(b instanceof PSet) || a.size !== b.size) return false;
    for (const x of a.values()) if (!b.has(x)) return false;
    return true;
  }
  if (a instanceof PInst) return b instanceof PInst && a.ms === b.ms && a.dateOnly === b.dateOnly;
  return false;
}

function kindRank(v: Value): string {
  if (isNumber(v)) return 'number';
  if (typeof v === 'string') return 'string';
  if (v instanceof Keyword) return 'keyword';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v) || v instanceof PList) return 'vector';
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
    default: {
      const x = Array.isArray(a) ? a : (a as PList).items;
      const y = Array.isArray(b) ? b : (b as PList).items;
      if (x.length !== y.length) return x.length - y.length;
      for (let i = 0; i < x.length; i++) {
        const c = compareValues(x[i], y[i]);
        if (c !== 0) return c;
      }
      return 0;
    }
  }
}

function printShort(v: Value): string {
  const s = printValue(v);
  return s.length > 40 ? s.slice(0, 40) + '…' : s;
}
