// Helpers shared by the collection builtins: turning user-supplied callables (functions, keywords,
// sets, maps, string keys) into plain JS functions once per call, comparators for sort, and count
// arguments. Registers no builtins itself.
import { arityError, typeError } from '../errors.ts';
import { compareValues } from '../equality.ts';
import { numCompare, isNumber } from '../numbers.ts';
import { arityMessage, getFlex, invoke, invokeData } from '../runtime.ts';
import { Keyword, PMap, PSet, type PtcFn, type Value } from '../values.ts';
import { expected, kindOf, show } from './coerce.ts';

export type Fn1 = (x: Value) => Value;
export type Fn2 = (x: Value, y: Value) => Value;

function notCallable(fn: string, f: Value, coll?: Value): never {
  if (coll !== undefined && typeof coll === 'function') {
    throw typeError(`${fn} takes the function first and the collection last, e.g. (${fn} f coll); got ${kindOf(f)} ${show(f)} where the function goes`);
  }
  throw expected(fn, 'a function (or keyword, set or map) as its function argument', f);
}

/** A keyword or string key used as a function of a map (keyword↔string lookup both ways). */
function keyGetter(k: Keyword | string): Fn1 {
  if (k instanceof Keyword) {
    return (x) => (x instanceof PMap ? (x.getKeyword(k) ?? null) : x instanceof PSet ? (x.has(k) ? k : null) : null);
  }
  return (x) => (x instanceof PMap ? (getFlex(x, k) ?? null) : null);
}

/**
 * A one-argument caller for `f`. `stringKey` lets a string act as a map key (sort-by, group-by,
 * pluck, sum-by...). `coll` is only used to spot swapped arguments in error messages.
 */
export function fn1(fn: string, f: Value, coll?: Value, stringKey = false): Fn1 {
  if (typeof f === 'function') {
    const m = f.ptc;
    if (m.minArity <= 1 && m.maxArity >= 1) return f as PtcFn;
    return () => {
      throw arityError(`${arityMessage(f, 1)} (called by ${fn} with one item at a time)`);
    };
  }
  if (typeof coll === 'function') notCallable(fn, f, coll);
  if (f instanceof Keyword) return keyGetter(f);
  if (typeof f === 'string' && stringKey) return keyGetter(f);
  if (f instanceof PMap || f instanceof PSet || Array.isArray(f)) return (x) => invokeData(f, [x]);
  return notCallable(fn, f, coll);
}

/** A two-argument caller for `f` (reduce, map-indexed, merge-with...). */
export function fn2(fn: string, f: Value, coll?: Value): Fn2 {
  if (typeof f === 'function') {
    const m = f.ptc;
    // The two-argument entry of a variadic builtin (+, max, ...) allocates no argument array.
    if (m.minArity <= 2 && m.maxArity >= 2) return m.binary ?? (f as PtcFn);
    return () => {
      throw arityError(`${arityMessage(f, 2)} (called by ${fn} with two arguments)`);
    };
  }
  if (typeof coll === 'function') notCallable(fn, f, coll);
  if (f instanceof Keyword || f instanceof PMap) return (x, y) => invokeData(f, [x, y]);
  if (f instanceof PSet || Array.isArray(f)) return (x, y) => invokeData(f, [x, y]);
  return notCallable(fn, f, coll);
}

/** A caller for any number of arguments. */
export function fnN(fn: string, f: Value, coll?: Value): (args: Value[]) => Value {
  if (typeof f === 'function' || f instanceof Keyword || f instanceof PMap || f instanceof PSet || Array.isArray(f)) {
    return (args) => invoke(f, args);
  }
  return notCallable(fn, f, coll);
}

/** Natural order, descending. */
const descending = (a: Value, b: Value): number => compareValues(b, a);

/**
 * A JS comparator from a PTC comparator: :asc / :desc, a boolean predicate such as `<` / `>`
 * (Clojure's rule: (f a b) → -1, else (f b a) → 1, else 0), or a compare-style fn returning a number.
 */
export function comparator(fn: string, c: Value): (a: Value, b: Value) => number {
  if (c instanceof Keyword) {
    if (c.name === 'asc') return compareValues;
    if (c.name === 'desc') return descending;
    throw typeError(`${fn} comparator must be :asc, :desc or a function, got ${show(c)}`);
  }
  if (typeof c !== 'function') {
    throw expected(fn, 'a comparator (:asc, :desc, a function like < or >, or compare)', c);
  }
  const f = fn2(fn, c);
  return (a, b) => {
    const r = f(a, b);
    if (r === true) return -1;
    if (r === false || r === null) return f(b, a) === true ? 1 : 0;
    if (isNumber(r)) {
      const s = numCompare(r, 0);
      return s < 0 ? -1 : s > 0 ? 1 : 0;
    }
    throw typeError(`${fn} comparator must return a boolean or a number, got ${kindOf(r)}: ${show(r)}`);
  };
}

/**
 * A count or index argument (take, drop, nth...): an integer. A BigInt is clamped to a huge
 * number so "more than everything" still works; a float or anything else is a type error.
 */
export function countArg(fn: string, v: Value): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'bigint') return v > 0n ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
  throw expected(fn, 'an integer count', v);
}

/** The key actually stored in `m` for `k` (the keyword/string twin when only that exists), else `k`. */
export function presentKey(m: PMap, k: Value): Value {
  if (m.has(k)) return k;
  if (k instanceof Keyword) {
    if (m.has(k.name)) return k.name;
  } else if (typeof k === 'string') {
    const w = Keyword.of(k);
    if (m.has(w)) return w;
  }
  return k;
}
