// Builtins: a key's entry (find) and maps from alternating keys and values (hash-map, array-map).
// A map entry is a plain [k v] vector, as first, seq and map give them.
import { arityError, PtcError } from '../errors.ts';
import { rt } from '../runtime.ts';
import { Keyword, MapBuilder, PMap, PSet, type PtcFn, type Value } from '../values.ts';
import { presentKey } from './callers.ts';
import { chargeStep, kindOf, show, STEP_MASK } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

/**
 * find on something that has no keys. The commonest slip is the search some dialects call find,
 * (find pred coll): the message says what to write for that.
 */
function notAssociative(coll: Value): PtcError {
  const search = typeof coll === 'function' || coll instanceof Keyword || coll instanceof PSet;
  const hint = search
    ? 'find looks up a key: (find m k) gives [k v]. To get the first item matching a predicate use (first (filter pred coll)).'
    : 'find looks up a key in a map, (find m k) gives [k v], or an index in a vector, (find v i) gives [i item].';
  return new PtcError('type_error', `find expected a map or vector, got ${kindOf(coll)}: ${show(coll)};`, null, hint);
}

// The reference area of the builtins below (registry.ts).
builtinArea('maps');

builtin(
  'find',
  2,
  'The entry [k v] of key k in a map (keyword and string keys match each other), or [i item] of index i in a vector; nil when absent.',
  (coll, k) => {
    if (coll instanceof PMap) {
      // The key as the map holds it, so the entry is one the map really has.
      const key = presentKey(coll, k);
      const v = coll.lookup(key);
      return v === undefined ? null : [key, v];
    }
    if (Array.isArray(coll)) return typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < coll.length ? [k, coll[k]] : null;
    if (coll === null) return null;
    throw notAssociative(coll);
  },
  {
    params: ['[coll k]'],
    examples: [
      ['(find {:a 1 :b 2} :b)', '[:b 2]'],
      ['(find {:a nil} :a)', '[:a nil]'],
      ['(find {:a 1} :z)', 'nil'],
      ['(find [10 20 30] 2)', '[2 30]'],
      ['(find #{1 2} 1)', 'error: type_error'],
    ],
  },
);

/** A map of alternating keys and values; a later key wins over an equal earlier one. */
function mapOf(fn: string, kvs: readonly Value[]): PMap {
  if (kvs.length % 2 !== 0) {
    throw arityError(
      `${fn} expects keys and values in pairs, got an odd number of arguments (${kvs.length}): the last key ${show(kvs[kvs.length - 1])} has no value`,
    );
  }
  const r = rt();
  if (kvs.length / 2 > r.limits.maxValueSize) r.checkSize(kvs.length / 2, 'map');
  const b = new MapBuilder();
  for (let i = 0; i < kvs.length; i += 2) {
    if ((i & STEP_MASK) === STEP_MASK - 1) chargeStep();
    b.set(kvs[i], kvs[i + 1]);
  }
  return b.build();
}

function mapBuilder(name: string, doc: string, examples: readonly (readonly [string, string])[]): PtcFn {
  return builtin(name, [0, Infinity], doc, (...kvs) => mapOf(name, kvs), {
    // (apply hash-map kvs) with 10⁵ or more items: one array, not a JS call with that many arguments.
    spread: (kvs) => mapOf(name, kvs),
    params: ['[& kvs]'],
    examples,
  });
}

mapBuilder('hash-map', 'A map of the arguments taken as key value pairs, as a map literal {k v …} is; a later equal key wins.', [
  ['(hash-map :a 1 :b 2)', '{:a 1 :b 2}'],
  ['(hash-map)', '{}'],
  ['(apply hash-map [:x 1 :y 2])', '{:x 1 :y 2}'],
  ['(hash-map :a)', 'error: arity_error'],
]);
mapBuilder('array-map', 'The same as hash-map: a map of the arguments taken as key value pairs (every map keeps insertion order).', [
  ['(array-map :a 1 :b 2)', '{:a 1 :b 2}'],
  ['(array-map)', '{}'],
]);
