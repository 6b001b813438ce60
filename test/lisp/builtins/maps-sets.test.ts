// Map and set builtins, run through the evaluator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callBuiltin, ev, expectErrors as errors, expectResults as table } from '../helpers.ts';
import { value } from '../arbitraries.ts';
import { equals } from '../../../src/lisp/equality.ts';
import { run } from '../../../src/lisp/run.ts';
import { kw, PMap, type Value } from '../../../src/lisp/values.ts';

describe('lookup: get, get-in, contains?, keys, vals', () => {
  table([
    ['(get {:a 1} :a)', '1'],
    ['(get {:a 1} :b)', 'nil'],
    ['(get {:a 1} :b "default")', '"default"'],
    ['(get {:a nil} :a "default")', 'nil'],
    ['(get {"name" "A"} :name)', '"A"'],
    ['(get {:name "A"} "name")', '"A"'],
    ['(get [10 20 30] 1)', '20'],
    ['(get [10 20 30] 5)', 'nil'],
    ['(get [10 20 30] -1 :x)', ':x'],
    ['(get "abc" 1)', '"b"'],
    ['(get #{:a} :a)', ':a'],
    ['(get #{:a} :b)', 'nil'],
    ['(get nil :a)', 'nil'],
    ['(get 5 :a)', 'nil'],
    ['(get-in {:user {:name "A"}} [:user :name])', '"A"'],
    ['(get-in {:a {:b 1}} [:a :c])', 'nil'],
    ['(get-in {:a {:b 1}} [:a :c] 0)', '0'],
    ['(get-in {:results [{:title "A"}]} [:results 0 :title])', '"A"'],
    ['(get-in {:r [1 2]} [:r 5])', 'nil'],
    ['(get-in {:r [1 2]} [:r -1])', 'nil'],
    ['(get-in [[1 2] [3 4]] [1 0])', '3'],
    ['(get-in {"user" {"name" "A"}} [:user :name])', '"A"'],
    ['(get-in {:a 1} [])', '{:a 1}'],
    ['(get-in {:a 1} nil)', '{:a 1}'],
    ['(get-in nil [:a])', 'nil'],
    // Keyword lookups (PMap.getKeyword): the string twin, a present nil, an indexed map, an older version.
    ['(:a {"a" 1})', '1'],
    ['(:a {:a nil "a" 2})', 'nil'],
    ['(:k9 (zipmap (map #(keyword (str "k" %)) (range 20)) (range 20)))', '9'],
    ['(:k9 (zipmap (map #(str "k" %) (range 20)) (range 20)))', '9'],
    ['(let [m {:a 1} m2 (assoc m :a 2)] [(:a m) (:a m2) (:a m)])', '[1 2 1]'],
    ['(let [m (zipmap (range 10) (range 10)) m2 (assoc m :z 1)] [(:z m) (:z m2) (get m2 :z)])', '[nil 1 1]'],
    ['(map :a [{:a 1} {"a" 2} #{:a} nil])', '[1 2 :a nil]'],
    ['(contains? {:a 1} :a)', 'true'],
    ['(contains? {:a nil} :a)', 'true'],
    ['(contains? {:a 1} :b)', 'false'],
    ['(contains? {"a" 1} :a)', 'true'],
    ['(contains? #{1 2} 2)', 'true'],
    ['(contains? #{1 2} 3)', 'false'],
    ['(contains? ["a" "b" "c"] "b")', 'true'],
    ['(contains? ["a" "b" "c"] "x")', 'false'],
    ['(contains? [1 2] 0)', 'false'],
    ['(contains? nil :a)', 'false'],
    ['(keys {:a 1 :b 2})', '[:a :b]'],
    ['(keys {})', '[]'],
    ['(keys nil)', '[]'],
    ['(vals {:a 1 :b 2})', '[1 2]'],
    ['(entries {:a 1 :b 2})', '[[:a 1] [:b 2]]'],
    ['(key [:a 1])', ':a'],
    ['(val [:a 1])', '1'],
    ['(map key {:a 1 :b 2})', '[:a :b]'],
  ]);
  errors([
    ['(keys [1 2])', 'type_error', /keys expected a map, got vector/],
    ['(contains? 5 1)', 'type_error', /contains\? expected a map, set, vector or nil/],
    ['(get-in {:a 1} :a)', 'type_error', /get-in expected a vector of keys/],
    ['(key 5)', 'type_error', /key expected a map entry/],
  ]);
});

describe('assoc, update, dissoc', () => {
  table([
    ['(assoc {:a 1} :b 2)', '{:a 1 :b 2}'],
    ['(assoc {:a 1} :a 2)', '{:a 2}'],
    ['(assoc {} :a 1 :b 2 :c 3)', '{:a 1 :b 2 :c 3}'],
    ['(assoc {:x 0} :a 1 :b 2 :c 3)', '{:x 0 :a 1 :b 2 :c 3}'],
    ['(assoc nil :a 1)', '{:a 1}'],
    ['(assoc [1 2 3] 1 5)', '[1 5 3]'],
    ['(assoc [1 2 3] 3 4)', '[1 2 3 4]'],
    ['(assoc-in {} [:a :b] 1)', '{:a {:b 1}}'],
    ['(assoc-in {:a {:c 2}} [:a :b] 1)', '{:a {:c 2 :b 1}}'],
    ['(assoc-in [1 2 3] [1] 99)', '[1 99 3]'],
    ['(assoc-in {:a [{:b 1}]} [:a 0 :b] 2)', '{:a [{:b 2}]}'],
    ['(assoc-in nil [:a] 1)', '{:a 1}'],
    ['(update {:n 1} :n inc)', '{:n 2}'],
    ['(update {:n 1} :n + 10 100)', '{:n 111}'],
    ['(update {} :n (fnil inc 0))', '{:n 1}'],
    ['(update {"n" 1} :n inc)', '{"n" 2}'],
    ['(update [1 2] 0 inc)', '[2 2]'],
    ['(update {:a [1]} :a conj 2)', '{:a [1 2]}'],
    ['(update-in {:a {:b 1}} [:a :b] inc)', '{:a {:b 2}}'],
    ['(update-in [1 2 3] [1] inc)', '[1 3 3]'],
    ['(update-in {} [:a :b] (fnil inc 0))', '{:a {:b 1}}'],
    ['(update-in {:a {:b 1}} [:a :b] + 5)', '{:a {:b 6}}'],
    ['(update-in {"a" {:b 1}} [:a "b"] (fnil + 0) 5)', '{"a" {:b 6}}'],
    ['(update-in {:a {"b" nil}} [:a :b] (fnil + 0) 5)', '{:a {"b" 5}}'],
    ['(update {:n nil} :n (fnil inc 0))', '{:n 1}'],
    ['(update nil :n (fnil inc 0))', '{:n 1}'],
    ['(update {"n" 1 :n 2} :n inc)', '{"n" 1 :n 3}'],
    ['(dissoc {:a 1 :b 2} :b)', '{:a 1}'],
    ['(dissoc {:a 1 :b 2} :a :b)', '{}'],
    ['(dissoc {:a 1} :z)', '{:a 1}'],
    ['(dissoc {"a" 1} :a)', '{}'],
    ['(dissoc nil :a)', 'nil'],
    ['(dissoc {:a 1})', '{:a 1}'],
  ]);
  errors([
    ['(assoc [1 2 3] 5 0)', 'runtime_error', /index 5 is out of bounds for a vector of 3 items/],
    ['(assoc [1 2] :a 0)', 'type_error', /integer index/],
    ['(assoc {:a 1} :b)', 'arity_error', /assoc expects 3 or more arguments|at least 3/],
    ['(assoc {:a 1} :b 2 :c)', 'arity_error', /odd number/],
    ['(assoc 5 :a 1)', 'type_error', /assoc expected a map or vector, got integer/],
    ['(assoc-in [1 2] [7] 0)', 'runtime_error', /out of bounds/],
    ['(assoc-in {} [] 1)', 'runtime_error', /non-empty key path/],
    ['(update {:n "x"} :n inc)', 'type_error', /inc|number/],
    ['(dissoc [1 2] 0)', 'type_error', /dissoc expected a map/],
  ]);
});

describe('merge, select-keys, update-vals and friends', () => {
  table([
    ['(merge {:a 1} {:b 2} {:a 3})', '{:a 3 :b 2}'],
    ['(merge {:a 1} nil)', '{:a 1}'],
    ['(merge nil {:a 1})', '{:a 1}'],
    ['(merge)', 'nil'],
    ['(merge nil nil)', 'nil'],
    ['(merge-with + {:a 1 :b 2} {:a 10} {:a 100 :c 1})', '{:a 111 :b 2 :c 1}'],
    ['(merge-with into {:a [1]} {:a [2]})', '{:a [1 2]}'],
    ['(select-keys {:a 1 :b 2 :c 3} [:a :c])', '{:a 1 :c 3}'],
    ['(select-keys {:a 1} [:a :z])', '{:a 1}'],
    ['(select-keys {"a" 1} [:a])', '{"a" 1}'],
    ['(select-keys nil [:a])', '{}'],
    ['(update-vals {:a 1 :b 2} inc)', '{:a 2 :b 3}'],
    ['(update-vals inc {:a 1})', '{:a 2}'],
    ['(update-vals {} inc)', '{}'],
    ['(update-keys {:a 1} str)', '{":a" 1}'],
    ['(zipmap [:a :b] [1 2])', '{:a 1 :b 2}'],
    ['(zipmap [:a :b :c] [1])', '{:a 1}'],
    ['(zipmap [] [])', '{}'],
  ]);
  errors([
    ['(merge {:a 1} [1 2])', 'type_error', /merge expected maps, got vector/],
    ['(update-vals [1] inc)', 'type_error', /update-vals expected a map/],
  ]);
});

describe('sets', () => {
  table([
    ['(disj #{1 2 3} 2)', '#{1 3}'],
    ['(disj #{1 2 3} 2 3 4)', '#{1}'],
    ['(disj nil 1)', 'nil'],
    ['(clojure.set/union #{1 2} #{2 3})', '#{1 2 3}'],
    ['(set/union)', '#{}'],
    ['(set/union #{1} nil)', '#{1}'],
    ['(set/union #{1} [2 2])', '#{1 2}'],
    ['(set/intersection #{1 2 3} #{2 3 4} #{3})', '#{3}'],
    ['(set/intersection #{1 2} #{3})', '#{}'],
    ['(set/difference #{1 2 3} #{2} #{3})', '#{1}'],
    ['(set/difference #{1 2})', '#{1 2}'],
    ['(set/subset? #{1} #{1 2})', 'true'],
    ['(set/subset? #{1 3} #{1 2})', 'false'],
    ['(set/subset? #{} #{})', 'true'],
    ['(set/superset? #{1 2} #{1})', 'true'],
    ['(set/select odd? #{1 2 3})', '#{1 3}'],
    ['(set/rename-keys {:a 1 :b 2} {:a :x})', '{:b 2 :x 1}'],
    ['(set/rename-keys {:a 1 :b 2} {:a :b :b :a})', '{:b 1 :a 2}'],
    ['(set/map-invert {:a 1 :b 2})', '{1 :a 2 :b}'],
    ['(set/index [{:a 1 :b 2} {:a 1 :b 3} {:a 2}] [:a])', '{{:a 1} #{{:a 1 :b 2} {:a 1 :b 3}} {:a 2} #{{:a 2}}}'],
    ['(#{1 2 3} 2)', '2'],
    ['(count (set/union (set (range 1000)) (set (range 500 1500))))', '1500'],
    ['(union #{1} #{2})', '#{1 2}'],
    ['(union)', '#{}'],
    ['(intersection #{1 2} #{2 3})', '#{2}'],
    ['(difference #{1 2} #{2})', '#{1}'],
    ['(= union clojure.set/union set/union)', 'true'],
  ]);
  errors([
    ['(set/union #{1} 5)', 'type_error', /union expected a set, got integer/],
    ['(disj [1 2] 1)', 'type_error', /disj expected a set/],
    ['(set/project [{:a 1}] [:a])', 'unbound_var', /project/],
  ]);
});

describe('find: the entry of a key', () => {
  table([
    ['(find {:a 1 :b 2} :b)', '[:b 2]'],
    ['(find {:a 1} :z)', 'nil'],
    ['(find {:a nil} :a)', '[:a nil]'],
    ['(find {:a false} :a)', '[:a false]'],
    ['(find {"name" "A"} :name)', '["name" "A"]'],
    ['(find {:name "A"} "name")', '[:name "A"]'],
    ['(find {[1 2] :v} [1 2])', '[[1 2] :v]'],
    ['(find {1 :one} 1.0)', 'nil'],
    ['(find [10 20 30] 2)', '[2 30]'],
    ['(find [10 20 30] 0)', '[0 10]'],
    ['(find [10 20] 5)', 'nil'],
    ['(find [10 20] -1)', 'nil'],
    ['(find [10 20] 1.0)', 'nil'],
    ['(find [10 20] :a)', 'nil'],
    ['(find nil :a)', 'nil'],
    ['(key (find {:a 1} :a))', ':a'],
    ['(val (find {:a 1} :a))', '1'],
    ['(first (filter even? [1 3 4 6]))', '4'],
  ]);
  errors([
    ['(find #{1 2} 1)', 'type_error', /find expected a map or vector, got set/],
    ['(find "abc" 1)', 'type_error', /find expected a map or vector, got string/],
    ['(find (list 1 2) 0)', 'type_error', /got list/],
    ['(find 5 0)', 'type_error', /got integer/],
    // The search some dialects call find: the message says what to write instead.
    ['(find even? [1 2])', 'type_error', /\(first \(filter pred coll\)\)/],
    ['(find :admin [{:admin true}])', 'type_error', /\(first \(filter pred coll\)\)/],
  ]);
  it('agrees with get and contains? on maps and vectors', () => {
    fc.assert(
      fc.property(fc.oneof(value, fc.array(value, { maxLength: 5 })), value, fc.integer({ min: -2, max: 6 }), (coll, k, i) => {
        for (const key of [k, i]) {
          const r = run({ program: '[(find data/c data/k) (contains? data/c data/k) (get data/c data/k)]', data: { c: coll, k: key } });
          if (!r.ok) {
            // Only a collection without keys is refused, as contains? refuses it (or has no vector index to find).
            expect(r.error.type).toBe('type_error');
            continue;
          }
          const [found, has, got] = r.value as Value[];
          if (Array.isArray(coll)) {
            const inRange = typeof key === 'number' && Number.isInteger(key) && key >= 0 && key < coll.length;
            expect(found === null ? !inRange : inRange && equals(found, [key, got])).toBe(true);
          } else if (coll instanceof PMap) {
            expect(found !== null).toBe(has);
            if (found !== null) expect(equals((found as Value[])[1], got)).toBe(true);
          } else if (coll === null) {
            expect(found).toBe(null);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('hash-map and array-map', () => {
  table([
    ['(hash-map :a 1 :b 2)', '{:a 1 :b 2}'],
    ['(hash-map)', '{}'],
    ['(hash-map :a 1 :a 2)', '{:a 2}'],
    ['(hash-map [1] nil "k" #{})', '{[1] nil "k" #{}}'],
    ['(array-map :a 1 :b 2)', '{:a 1 :b 2}'],
    ['(= (hash-map :a 1) {:a 1} (array-map :a 1))', 'true'],
    ['(apply hash-map (interleave [:x :y] [1 2]))', '{:x 1 :y 2}'],
    ['(count (apply hash-map (range 200000)))', '100000'],
  ]);
  errors([
    ['(hash-map :a)', 'arity_error', /odd number of arguments \(1\): the last key :a has no value/],
    ['(apply array-map [:a 1 :b])', 'arity_error', /array-map expects keys and values in pairs/],
  ]);
  it('is zipmap of the keys and values taken in pairs', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, value), { maxLength: 6 }), (pairs) => {
        const r = run({ program: '(= (apply hash-map (apply concat data/pairs)) (zipmap (map first data/pairs) (map second data/pairs)))', data: { pairs } });
        expect(r.ok && r.value).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('direct calls', () => {
  it('assoc and dissoc leave the input map unchanged', () => {
    const m = PMap.fromEntries([[kw('a'), 1]]);
    callBuiltin('assoc', m, kw('b'), 2);
    callBuiltin('dissoc', m, kw('a'));
    callBuiltin('merge', m, PMap.fromEntries([[kw('a'), 5]]));
    expect(m.size).toBe(1);
    expect(m.get(kw('a'))).toBe(1);
  });
  it('group-by on many items builds one map efficiently', () => {
    expect(ev('(count (group-by #(mod % 100) (range 100000)))')).toBe('100');
  });
});
