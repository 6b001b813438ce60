import { describe, expect, it } from 'vitest';
import { ev, evErr } from './helpers.ts';
import { run } from '../../src/lisp/run.ts';

describe('special forms', () => {
  it.each([
    ['(if true 1 2)', '1'],
    ['(if nil 1)', 'nil'],
    ['(if-not false 1 2)', '1'],
    ['(when (> 2 1) :a :b)', ':b'],
    ['(when-not true 1)', 'nil'],
    ['(cond (< 2 1) :a (> 2 1) :b :else :c)', ':b'],
    ['(condp = 2 1 :one 2 :two :other)', ':two'],
    ['(condp = 9 1 :one :other)', ':other'],
    ['(case 2 1 :one (2 3) :two-or-three :default)', ':two-or-three'],
    ['(case "x" "x" 1 2)', '1'],
    ['(case :zz :a 1 :fallback)', ':fallback'],
    ['(and 1 2 3)', '3'],
    ['(and 1 nil 3)', 'nil'],
    ['(and)', 'true'],
    ['(or nil false)', 'false'],
    ['(or nil 2)', '2'],
    ['(do 1 2 3)', '3'],
    ['(if-let [x 5] (* x 2) :none)', '10'],
    ['(if-some [x false] [x] :none)', '[false]'],
    ['(when-some [x nil] 1)', 'nil'],
    ['(when-first [x [7 8]] x)', '7'],
    ['(when-first [x (list 1 2)] x)', '1'],
    ['(when-first [x "ab"] x)', '"a"'],
    ['(when-first [x {:a 1}] x)', '[:a 1]'],
    ['(when-first [x #{5}] x)', '5'],
    ['(when-first [x (range 3)] (inc x))', '1'],
    ['(when-first [x []] x)', 'nil'],
    ['(when-first [x nil] x)', 'nil'],
    ['(quote [a b])', '["a" "b"]'],
    ["(def foo 1) [#'foo (def foo 2)]", "[1 #'foo]"],
    ['(comment (undefined-thing))', 'nil'],
  ])('%s → %s', (src, expected) => {
    expect(ev(src)).toBe(expected);
  });

  it('when-first of something that is not a collection is a type error at the form', () => {
    const r = run({ program: '(do\n  (when-first [x 5] x))' });
    expect(r.ok ? null : [r.error.type, r.error.message, r.error.line]).toEqual(['type_error', 'when-first expected a collection, got integer: 5', 2]);
  });

  it('case and condp with no match and no default give nil', () => {
    expect(ev('(case 5 1 :a)')).toBe('nil');
    expect(ev('(condp = 5 1 :a)')).toBe('nil');
  });
});

describe('let and destructuring', () => {
  it.each([
    ['(let [[a b & more :as all] [1 2 3 4]] [a b more all])', '[1 2 [3 4] [1 2 3 4]]'],
    ['(let [[a b] [1]] [a b])', '[1 nil]'],
    ['(let [[a [b c]] [1 [2 3]]] (+ a b c))', '6'],
    ['(let [[x y] "hi"] [x y])', '["h" "i"]'],
    ['(let [{:keys [a b] :or {b 2} :as m} {:a 1}] [a b m])', '[1 2 {:a 1}]'],
    ['(let [{:strs [a]} {"a" 5}] a)', '5'],
    ['(let [{:keys [a]} {"a" 5}] a)', '5'],
    ['(let [{x :x [y] :ys} {:x 1 :ys [2 3]}] [x y])', '[1 2]'],
    ['(let [{{c :c} :b} {:b {:c 3}}] c)', '3'],
    ['(let [{:keys [a]} nil] a)', 'nil'],
    ['(let [{:keys [a] :or {a 7}} {:a nil}] a)', 'nil'],
    ['(let [x 1 x (inc x)] x)', '2'],
    ['(let [f (fn [& {:keys [a]}] a)] (f :a 4))', '4'],
  ])('%s → %s', (src, expected) => {
    expect(ev(src)).toBe(expected);
  });

  it('rejects odd binding vectors', () => {
    const e = evErr('(let [x] x)');
    expect(e.type).toBe('invalid_form');
    expect(e.message).toContain('even number');
  });
});

describe('functions', () => {
  it.each([
    ['((fn [x] (* x 2)) 4)', '8'],
    ['((fn [a & more] [a more]) 1)', '[1 nil]'],
    ['((fn [a & more] [a more]) 1 2 3)', '[1 [2 3]]'],
    ['((fn ([x] x) ([x y] (+ x y)) ([x y & zs] (apply + x y zs))) 1 2 3 4)', '10'],
    ['((fn ([x] x) ([x y] (+ x y))) 1 2)', '3'],
    ['((fn fact [n] (if (< n 2) 1 (* n (fact (dec n))))) 10)', '3628800'],
    ['(defn f ([x] (f x 10)) ([x y] (+ x y))) (f 1)', '11'],
    ['(defn sum-to [n] (loop [i 0 acc 0] (if (> i n) acc (recur (inc i) (+ acc i))))) (sum-to 100)', '5050'],
    ['(defn countdown [n acc] (if (zero? n) acc (recur (dec n) (conj acc n)))) (countdown 3 [])', '[3 2 1]'],
    ['(defn v [x & xs] (if (empty? xs) x (recur (+ x (first xs)) (rest xs)))) (v 1 2 3)', '6'],
    ['(let [adders (map (fn [n] (fn [x] (+ x n))) [1 2 3])] (map #(% 10) adders))', '[11 12 13]'],
    ['(let [x 1 f (fn [] (let [y 2] (fn [] (+ x y))))] ((f)))', '3'],
    ['(#(vector %1 %2) 1 2)', '[1 2]'],
    ['(#(count %&) 1 2 3)', '3'],
    ['(defn g "Doubles." [x] (* 2 x)) (g 4)', '8'],
  ])('%s → %s', (src, expected) => {
    expect(ev(src)).toBe(expected);
  });

  it('reports wrong argument counts', () => {
    const e = evErr('((fn [x] x) 1 2)');
    expect(e.type).toBe('arity_error');
    expect(e.message).toContain('anonymous function expects 1 argument, got 2');
    expect(evErr('(inc 1 2)').message).toContain('inc expects 1 argument, got 2');
  });

  it('keeps recur arguments intact when an argument re-enters the same loop', () => {
    const src = '(defn f [n] (loop [i 0 acc 0] (if (< i n) (recur (inc i) (+ acc (if (> n 1) (f (dec n)) 1))) acc))) (f 4)';
    expect(ev(src)).toBe('24');
    expect(ev('(defn g [n] (loop [[a b] [0 n]] (if (< a b) (recur [(+ a (if (> b 1) (g (dec b)) 1)) b]) a))) (g 3)')).toBe('4');
  });

  it('checks that recur is in tail position', () => {
    expect(evErr('(loop [i 0] (inc (recur i)))').message).toContain('tail position');
    expect(evErr('(recur 1)').message).toContain('inside loop or fn');
    expect(evErr('(loop [i 0 j 1] (recur i))').type).toBe('invalid_arity');
  });

  it('prints functions as #fn[name]', () => {
    expect(ev('(defn h [x] x) h')).toBe('#fn[h]');
    expect(ev('inc')).toBe('#fn[inc]');
  });
});

describe('map literals', () => {
  it('builds each record literal as its own value, even when later grown', () => {
    expect(ev('(let [mk (fn [i] {:a i :b 0}) x (mk 1) y (assoc x :c 2) z (mk 3)] [x y z (assoc z :d 4) (assoc x :e 5)])')).toBe(
      '[{:a 1 :b 0} {:a 1 :b 0 :c 2} {:a 3 :b 0} {:a 3 :b 0 :d 4} {:a 1 :b 0 :e 5}]',
    );
  });

  it('keeps the last value of a key computed twice', () => {
    expect(ev('(let [k :a] {k 1 :a 2})')).toBe('{:a 2}');
  });
});

describe('threading and iteration', () => {
  it.each([
    ['(-> 5 (- 2) (* 3))', '9'],
    ['(->> 5 (- 2) (* 3))', '-9'],
    ['(-> {:a {:b 1}} :a :b)', '1'],
    ['(some-> {:a nil} :a inc)', 'nil'],
    ['(some->> [1 2] (map inc))', '[2 3]'],
    ['(as-> 2 x (* x x) (+ x 1))', '5'],
    ['(cond-> 1 true inc false (* 100) true (* 2))', '4'],
    ['(cond->> [1 2] true (map inc))', '[2 3]'],
    ['(for [x [1 2] y [:a :b]] [x y])', '[[1 :a] [1 :b] [2 :a] [2 :b]]'],
    ['(for [x (range 10) :let [y (* x x)] :when (odd? x) :while (< y 30)] y)', '[1 9 25]'],
    ['(for [[k v] {:a 1 :b 2}] (str (name k) v))', '["a1" "b2"]'],
    ['(doseq [x [1 2]] (println x))', 'nil'],
    ['(dotimes [i 3] (println i))', 'nil'],
  ])('%s → %s', (src, expected) => {
    expect(ev(src)).toBe(expected);
  });
});

describe('names the 2026-08 reference removed', () => {
  it.each([
    ['(filter (where :age > 18) [])', 'where', '(filter #(> (:price %) 100) coll)'],
    ['(filter (all-of pos? even?) [])', 'all-of', '(every-pred p q)'],
    ['(filter (any-of pos? even?) [])', 'any-of', '(some-fn p q)'],
    ['(filter (none-of pos? even?) [])', 'none-of', '(complement (some-fn p q))'],
  ])('%s fails with what to write instead', (program, name, replacement) => {
    const r = run({ program });
    expect(r.ok ? null : r.error.type).toBe('unbound_var');
    expect(r.ok ? '' : r.error.message).toMatch(new RegExp(`^${name} was removed from PTC-Lisp\\.`));
    expect(r.ok ? '' : r.error.hint).toContain(replacement);
  });

  it('are free for the user to define', () => {
    expect(ev('(defn where [k] #(get % k)) (map (where :a) [{:a 1}])')).toBe('[1]');
  });
});
