// Function combinators, predicate combinators and apply.
import { describe, expect, test } from 'vitest';
import { callBuiltin, errors, evErr, table } from '../helpers.ts';
import { lookupBuiltin } from '../../../src/lisp/builtins/index.ts';
import type { PtcFn } from '../../../src/lisp/values.ts';

table('apply spreads the last argument', [
  ['(apply + [1 2 3])', '6'],
  ['(apply + [])', '0'],
  ['(apply str ["a" "b" "c"])', '"abc"'],
  ['(apply + 1 2 [3 4])', '10'],
  ['(apply merge {:a 1} [{:b 2} {:c 3}])', '{:a 1 :b 2 :c 3}'],
  ['(apply :name [{:name "Alice"}])', '"Alice"'],
  ['(apply #{1 2 3} [2])', '2'],
  ['(apply {:a 1} [:a])', '1'],
  ['(map #(apply + %) [[1 2] [3 4]])', '[3 7]'],
  ['(apply max-key second (seq {:a 3 :b 7 :c 2}))', '[:b 7]'],
  ['(apply + #{5})', '5'],
  ['(apply str "abc")', '"abc"'],
  ['(apply vector {:a 1})', '[[:a 1]]'],
  ['(apply (fn [a b] (- a b)) [10 3])', '7'],
  ['(apply max [3 9 2])', '9'],
]);

errors('apply errors', [
  ['(apply + 1 nil)', 'type_error', /last argument/],
  ['(apply + nil)', 'type_error'],
  ['(apply + 5)', 'type_error', /integer/],
  ['(apply (fn [a] a) [1 2])', 'arity_error'],
  ['(apply 5 [1])', 'not_callable', /not a function/],
]);

table('identity, constantly, complement', [
  ['(identity 5)', '5'],
  ['(map identity "abc")', '["a" "b" "c"]'],
  ['((constantly 7) 1 2)', '7'],
  ['((constantly nil))', 'nil'],
  ['(map (constantly 0) [1 2])', '[0 0]'],
  ['((complement even?) 3)', 'true'],
  ['((complement :done) {:done false})', 'true'],
  ['((complement identity) 1)', 'false'],
  ['(filter (complement nil?) [1 nil 2])', '[1 2]'],
]);

table('partial and comp', [
  ['((partial + 10) 5)', '15'],
  ['((partial + 1 2) 3 4)', '10'],
  ['((partial str "a"))', '"a"'],
  ['((partial +))', '0'],
  ['(map (partial * 2) [1 2 3])', '[2 4 6]'],
  ['((comp inc inc) 1)', '3'],
  ['((comp str +) 1 2)', '"3"'],
  ['((comp) 5)', '5'],
  ['((comp inc) 5)', '6'],
  ['((comp :name first) [{:name "a"}])', '"a"'],
  ['((comp - *) 2 3)', '-6'],
  ['((comp #(* 10 %) inc) 1)', '20'],
]);

table('juxt', [
  ['((juxt :a :b) {:a 1 :b 2})', '[1 2]'],
  ['((juxt first count) [5 6 7])', '[5 3]'],
  ['((juxt) 1)', '[]'],
  ['(map (juxt identity inc) [1 2])', '[[1 2] [2 3]]'],
]);

table('fnil replaces nil arguments', [
  ['((fnil inc 0) nil)', '1'],
  ['((fnil inc 0) 5)', '6'],
  ['((fnil + 0 0) nil nil)', '0'],
  ['((fnil + 0) nil 5)', '5'],
  ['(update {} :n (fnil inc 0))', '{:n 1}'],
  ['(update {:n 1} :n (fnil inc 0))', '{:n 2}'],
  ['((fnil str "x") false)', '"false"'],
]);

table('every-pred and some-fn', [
  ['((every-pred number? pos?) 3)', 'true'],
  ['((every-pred number? pos?) -3)', 'false'],
  ['((every-pred odd?) 1 3 5)', 'true'],
  ['((every-pred odd?) 1 2)', 'false'],
  ['((every-pred :a) {:a 1})', 'true'],
  ['((some-fn :a :b) {:b 2})', '2'],
  ['((some-fn :a :b) {})', 'nil'],
  ['((some-fn even?) 1)', 'false'],
  ['((some-fn even? neg?) 1 -3)', 'true'],
]);

errors('combinators check their function arguments', [
  ['(partial 5)', 'type_error', /partial expected a function/],
  ['(comp inc 5)', 'type_error', /comp/],
  ['(juxt "a")', 'type_error'],
  ['(complement nil)', 'type_error'],
  ['(every-pred 1)', 'type_error'],
]);

describe('returned functions', () => {
  test('are anonymous builtins with their arity recorded', () => {
    const f = callBuiltin('comp') as PtcFn;
    expect(f.ptc.name).toBeNull();
    expect(f.ptc.kind).toBe('builtin');
    expect([f.ptc.minArity, f.ptc.maxArity]).toEqual([1, 1]);
  });
  test('the identity from (comp) rejects a wrong argument count', () => {
    expect(evErr('((comp) 1 2)').type).toBe('arity_error');
  });
  test('partial with no fixed arguments returns the function itself', () => {
    const inc = lookupBuiltin('inc')!.fn;
    expect(callBuiltin('partial', inc)).toBe(inc);
    expect(callBuiltin('comp', inc)).toBe(inc);
  });
});
