// PTC-Lisp runtime values.
//
// Representation choices (for speed, since most data is small integers, strings and keywords):
// - nil is `null`, booleans are JS booleans, strings are JS strings (a character is a 1-char string).
// - Integers are JS numbers holding integral values in the safe range, or `bigint` beyond it.
// - Floats are JS numbers that are not integral (2.5, NaN, Infinity); an integral float such as 2.0
//   is boxed as `PFloat` so it stays a float. Use the helpers in numbers.ts, never `typeof`, to ask.
// - Vectors are plain JS arrays, never mutated after construction.
// - Lists, maps, sets, keywords, regexes, vars are small classes; functions are JS functions tagged
//   with `FnMeta`.
//
// The kinds live in atoms.ts (values with no parts) and collections.ts (the `Value` type, lists,
// maps, sets, functions' metadata); this module gathers them with the predicates on values.
import './hash.ts'; // registers collection hashing with collections.ts: every user of values loads it
import { PList, PMap, PSet, type FnMeta, type PtcFn, type Value, type Vector } from './collections.ts';

export { Keyword, kw, PFloat, PRegex, PVar } from './atoms.ts';
export { PDate, PDuration, PInstant, PJava, PLocalDate } from './java-time.ts';
export { EACH_FILTER, EACH_MAP, EACH_REMOVE, hashKey, MapBuilder, PList, PMap, PSet } from './collections.ts';
export type { Each1, EachMode, FnMeta, Fold2, PtcFn, Value, Vector } from './collections.ts';

export function isFn(v: Value): v is PtcFn {
  return typeof v === 'function';
}

export function isVector(v: Value): v is Vector {
  return Array.isArray(v);
}

export function isMap(v: Value): v is PMap {
  return v instanceof PMap;
}

export function isSet(v: Value): v is PSet {
  return v instanceof PSet;
}

export function isList(v: Value): v is PList {
  return v instanceof PList;
}

/** Vectors and lists: ordered, indexed collections. */
export function isSequential(v: Value): v is Vector | PList {
  return Array.isArray(v) || v instanceof PList;
}

export function truthy(v: Value): boolean {
  return v !== null && v !== false;
}

/** Tag a JS function as a PTC function. */
export function makeFn<F extends (...args: Value[]) => Value>(f: F, meta: FnMeta): PtcFn {
  const g = f as unknown as PtcFn;
  g.ptc = meta;
  return g;
}
