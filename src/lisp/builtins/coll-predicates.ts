// Builtins: what a collection can do (seq?, associative?, counted?, indexed?, reversible?, sorted?)
// and the two kinds of value this language does not have (symbol?, map-entry?). Sequences are eager
// vectors here, so seq? is sequential?; map entries are plain [k v] vectors, so nothing is a
// map-entry; quoted names read as strings, so nothing is a symbol.
import { PList, PMap, PSet, type Value } from '../values.ts';
import { builtin, builtinArea } from './registry.ts';

type Example = readonly [string, string];

function pred(name: string, doc: string, test: (v: Value) => boolean, examples: readonly Example[]): void {
  builtin(name, 1, doc, test, { params: ['[x]'], examples });
}

const isSequential = (v: Value): boolean => Array.isArray(v) || v instanceof PList;

// The reference area of the builtins below (registry.ts).
builtinArea('predicates');

pred('seq?', 'True when x is a sequence: a vector or list (there are no lazy sequences, so the same as sequential?)', isSequential, [
  ['(seq? [1 2 3])', 'true'],
  ['(seq? {:a 1})', 'false'],
]);
pred('associative?', 'True when x takes assoc by key or index: a map or vector', (v) => v instanceof PMap || Array.isArray(v), [
  ['(associative? {:a 1})', 'true'],
  ['(associative? [1 2])', 'true'],
  ['(associative? #{1})', 'false'],
]);
pred(
  'counted?',
  'True when count is immediate: vectors, lists, maps, sets and strings',
  (v) => typeof v === 'string' || isSequential(v) || v instanceof PMap || v instanceof PSet,
  [
    ['(counted? #{1 2})', 'true'],
    ['(counted? "abc")', 'true'],
    ['(counted? 3)', 'false'],
  ],
);
pred('indexed?', 'True when nth reads by position directly: a vector or string', (v) => Array.isArray(v) || typeof v === 'string', [
  ['(indexed? [1 2])', 'true'],
  ['(indexed? "ab")', 'true'],
  ['(indexed? {:a 1})', 'false'],
]);
pred('reversible?', 'True when reverse keeps the order as written: a vector or string', (v) => Array.isArray(v) || typeof v === 'string', [
  ['(reversible? [1 2])', 'true'],
  ['(reversible? #{1 2})', 'false'],
]);
pred('sorted?', 'Always false: there are no sorted collections (sort gives a vector)', () => false, [['(sorted? (sort [3 1 2]))', 'false']]);
pred('symbol?', 'Always false: a quoted name reads as a string, and there are no symbol values', () => false, [
  ["(symbol? 'a)", 'false'],
  ['(symbol? "a")', 'false'],
]);
pred('map-entry?', 'Always false: a map entry is a plain [k v] vector (first, seq and map on a map give them)', () => false, [
  ['(map-entry? (first {:a 1}))', 'false'],
  ['(vector? (first {:a 1}))', 'true'],
]);
