// Sequence, transform, build and aggregate builtins, run through the evaluator.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { callBuiltin, ev, expectErrors as errors, expectResults as table } from '../helpers.ts';
import { value } from '../arbitraries.ts';
import { equals } from '../../../src/lisp/equality.ts';
import { printValue } from '../../../src/lisp/printer.ts';
import { run } from '../../../src/lisp/run.ts';
import { kw } from '../../../src/lisp/values.ts';

describe('sequence access', () => {
  table([
    ['(first [1 2 3])', '1'],
    ['(first [])', 'nil'],
    ['(first nil)', 'nil'],
    ['(first "hello")', '"h"'],
    ['(first "")', 'nil'],
    ['(first #{7})', '7'],
    ['(second [1])', 'nil'],
    ['(second "abc")', '"b"'],
    ['(last [])', 'nil'],
    ['(last "abc")', '"c"'],
    ['(nth [1 2 3] 1)', '2'],
    ['(nth [1 2 3] 10)', 'nil'],
    ['(nth [1 2 3] -1)', 'nil'],
    ['(nth [1 2 3] 5 :none)', ':none'],
    ['(nth "hello" 1)', '"e"'],
    ['(nth "h😀llo" 1)', '"😀"'],
    ['(nth nil 0)', 'nil'],
    ['(rest [1 2 3])', '[2 3]'],
    ['(rest [])', '[]'],
    ['(rest nil)', '[]'],
    ['(rest "abc")', '["b" "c"]'],
    ['(next [1 2 3])', '[2 3]'],
    ['(next [1])', 'nil'],
    ['(next nil)', 'nil'],
    ['(butlast [1 2 3])', '[1 2]'],
    ['(butlast [1])', 'nil'],
    ['(butlast [])', 'nil'],
    ['(butlast nil)', 'nil'],
    ['(butlast "ab")', '["a"]'],
    ['(ffirst [[1 2] [3]])', '1'],
    ['(fnext [1 2 3])', '2'],
    ['(nfirst [[1 2] [3]])', '[2]'],
    ['(nnext [1 2 3 4])', '[3 4]'],
    ['(nnext [1 2])', 'nil'],
    ['(nthnext [1 2 3 4] 2)', '[3 4]'],
    ['(nthnext [1 2] 2)', 'nil'],
    ['(nthrest [1 2] 5)', '[]'],
    ['(take 2 [1 2 3 4])', '[1 2]'],
    ['(take 10 [1 2])', '[1 2]'],
    ['(take 0 [1 2])', '[]'],
    ['(take -1 [1 2])', '[]'],
    ['(take 2 "hello")', '["h" "e"]'],
    ['(take 1 {:a 1 :b 2})', '[[:a 1]]'],
    ['(take 2 nil)', '[]'],
    ['(drop 2 [1 2 3 4])', '[3 4]'],
    ['(drop -1 [1 2])', '[1 2]'],
    ['(drop 9 [1 2])', '[]'],
    ['(take-last 2 [1 2 3])', '[2 3]'],
    ['(take-last 5 [1 2])', '[1 2]'],
    ['(drop-last [1 2 3])', '[1 2]'],
    ['(drop-last 2 [1 2 3])', '[1]'],
    ['(drop-last 5 [1 2 3])', '[]'],
    ['(take-while pos? [1 2 -1 3])', '[1 2]'],
    ['(take-while :ok [{:ok true} {:ok false} {:ok true}])', '[{:ok true}]'],
    ['(drop-while pos? [1 2 -1 3])', '[-1 3]'],
    ['(drop-while #(< % 5) [1 2])', '[]'],
    ['(split-at 2 [1 2 3])', '[[1 2] [3]]'],
    ['(split-with odd? [1 3 4 5])', '[[1 3] [4 5]]'],
    ['(peek [1 2 3])', '3'],
    ['(peek [])', 'nil'],
    ['(pop [1 2 3])', '[1 2]'],
    ['(peek (list 1 2))', '1'],
    ['(pop (list 1 2))', '(2)'],
    ['(pop [])', 'nil'],
    ['(pop (list))', 'nil'],
    ['(pop nil)', 'nil'],
    ['(subvec [1 2 3 4] 1)', '[2 3 4]'],
    ['(subvec [1 2 3 4] 1 3)', '[2 3]'],
    ['(subvec [1 2] 1 5)', '[2]'],
    ['(subvec [1 2 3] -2 2)', '[1 2]'],
    ['(subvec [1 2 3] 2 1)', '[]'],
    ['(subvec [1 2 3] 5)', '[]'],
    ['(cons 0 [1 2])', '[0 1 2]'],
    ['(cons 0 nil)', '[0]'],
    ['(seq [1 2 3])', '[1 2 3]'],
    ['(seq [])', 'nil'],
    ['(seq nil)', 'nil'],
    ['(seq "hi")', '["h" "i"]'],
    ['(seq "")', 'nil'],
    ['(seq {})', 'nil'],
    ['(seq {:a 1})', '[[:a 1]]'],
    ['(seq #{})', 'nil'],
    ['(count [1 2 3])', '3'],
    ['(count nil)', '0'],
    ['(count "héllo😀")', '6'],
    ['(count {:a 1 :b 2})', '2'],
    ['(count #{1 2 3})', '3'],
    ['(count (list 1 2))', '2'],
    ['(empty? [])', 'true'],
    ['(empty? nil)', 'true'],
    ['(empty? "")', 'true'],
    ['(empty? {})', 'true'],
    ['(empty? #{1})', 'false'],
    ['(not-empty [1 2])', '[1 2]'],
    ['(not-empty [])', 'nil'],
    ['(not-empty nil)', 'nil'],
    ['(not-empty "")', 'nil'],
    ['(not-empty {:a 1})', '{:a 1}'],
    ['(reverse [1 2 3])', '[3 2 1]'],
    ['(reverse "abc")', '["c" "b" "a"]'],
    ['(reverse nil)', '[]'],
  ]);
  errors([
    ['(first 5)', 'type_error', /first expected a collection, got integer: 5/],
    ['(count :a)', 'type_error', /count expected a collection, got keyword/],
    ['(take 1.5 [1 2])', 'type_error', /take expected an integer count/],
    ['(take [1 2] 1)', 'type_error', /take expected an integer count, got vector/],
    ['(nth [1 2] "a")', 'type_error', /nth expected an integer/],
    ['(pop #{1})', 'type_error', /pop expected a vector or list, got set/],
    ['(subvec {:a 1} 0)', 'type_error', /subvec expected a vector/],
    ['(empty? 5)', 'type_error', /empty\? expected a collection/],
  ]);
});

describe('map, filter and friends', () => {
  table([
    ['(map inc [1 2 3])', '[2 3 4]'],
    ['(map inc [])', '[]'],
    ['(map inc nil)', '[]'],
    ['(map :name [{:name "A"} {:name "B"}])', '["A" "B"]'],
    ['(map :name [{"name" "A"}])', '["A"]'],
    ['(map #{1 2} [1 3])', '[1 nil]'],
    ['(map {:a 1} [:a :b])', '[1 nil]'],
    ['(map str "ab")', '["a" "b"]'],
    ['(map (fn [[k v]] v) {:a 1 :b 2})', '[1 2]'],
    ['(map + [1 2 3] [10 20 30])', '[11 22 33]'],
    ['(map + [1 2 3] [10 20])', '[11 22]'],
    ['(map (fn [a b c] (+ a b c)) [1 2] [10 20] [100 200])', '[111 222]'],
    ['(map + [1 2] [3 4] [5 6] [7 8])', '[16 20]'],
    ['(mapv inc [1 2])', '[2 3]'],
    ['(filter even? [1 2 3 4])', '[2 4]'],
    ['(filter even? nil)', '[]'],
    ['(filter #(= "e" %) "hello")', '["e"]'],
    ['(filter :active [{:active true :id 1} {:active false :id 2} {:id 3}])', '[{:active true :id 1}]'],
    ['(filter #{2 3} [1 2 3 4])', '[2 3]'],
    ['(filter (fn [[k v]] (> v 1)) {:a 1 :b 2})', '[[:b 2]]'],
    ['(filter #(> (:x %) 1) [{:x 1} {:x 2}])', '[{:x 2}]'],
    ['(filterv odd? #{1})', '[1]'],
    ['(remove even? [1 2 3 4])', '[1 3]'],
    ['(remove nil? [1 nil 2])', '[1 2]'],
    ['(keep :a [{:a 1} {:b 2} {:a false}])', '[1 false]'],
    ['(keep-indexed (fn [i x] (when (odd? i) x)) [:a :b :c :d])', '[:b :d]'],
    ['(map-indexed (fn [i x] [i x]) "ab")', '[[0 "a"] [1 "b"]]'],
    ['(mapcat (fn [x] [x x]) [1 2])', '[1 1 2 2]'],
    ['(mapcat reverse [[1 2] [3 4]])', '[2 1 4 3]'],
    ['(mapcat (fn [a b] [a b]) [1 2] [:x :y])', '[1 :x 2 :y]'],
    ['(pluck :name [{:name "A"} {:name "B"} {}])', '["A" "B" nil]'],
    ['(pluck "name" [{:name "A"}])', '["A"]'],
    ['(distinct [1 2 1 3 2])', '[1 2 3]'],
    ['(distinct [1 1.0 [1] [1]])', '[1 1.0 [1]]'],
    ['(distinct "hello")', '["h" "e" "l" "o"]'],
    ['(distinct-by :id [{:id 1 :v "a"} {:id 2} {:id 1 :v "b"}])', '[{:id 1 :v "a"} {:id 2}]'],
    ['(distinct-by count ["a" "bb" "c"])', '["a" "bb"]'],
    ['(dedupe [1 1 2 2 1])', '[1 2 1]'],
    ['(dedupe [])', '[]'],
    ['(flatten [[1 2] [3 [4]]])', '[1 2 3 4]'],
    ['(flatten [1 [2 {:a 3}] "str" #{5}])', '[1 2 {:a 3} "str" #{5}]'],
    ['(flatten nil)', '[]'],
    ['(flatten [])', '[]'],
    ['(flatten [[[[]]]])', '[]'],
  ]);
  errors([
    ['(map [1 2] inc)', 'type_error', /map takes the function first/],
    ['(map 5 [1 2])', 'type_error', /map expected a function/],
    ['(filter "x" ["x"])', 'type_error', /filter expected a function/],
    ['(filter even? 5)', 'type_error', /filter expected a collection, got integer/],
    ['(map (fn [a b] a) [1 2])', 'arity_error', /expects 2 arguments, got 1.*called by map/],
  ]);
});

describe('sort and sort-by', () => {
  table([
    ['(sort [3 1 2])', '[1 2 3]'],
    ['(sort [])', '[]'],
    ['(sort nil)', '[]'],
    ['(sort [2.5 1 3])', '[1 2.5 3]'],
    ['(sort ["b" "a" "c"])', '["a" "b" "c"]'],
    ['(sort "cab")', '["a" "b" "c"]'],
    ['(sort [:b :a])', '[:a :b]'],
    ['(sort [[1 2] [1 1] [0 5]])', '[[0 5] [1 1] [1 2]]'],
    ['(sort > [3 1 2])', '[3 2 1]'],
    ['(sort < [3 1 2])', '[1 2 3]'],
    ['(sort :desc [3 1 2])', '[3 2 1]'],
    ['(sort :asc [3 1 2])', '[1 2 3]'],
    ['(sort compare [3 1 2])', '[1 2 3]'],
    ['(sort > [1 2.5 2.0 -1])', '[2.5 2.0 1 -1]'],
    ['(sort :desc [1 1.0 2])', '[2 1 1.0]'],
    ['(sort #{3 1 2})', '[1 2 3]'],
    ['(sort {:b 1 :a 2})', '[[:a 2] [:b 1]]'],
    ['(sort-by :k :desc [{:k "a" :i 1} {:k "b"} {:k "a" :i 2}])', '[{:k "b"} {:k "a" :i 1} {:k "a" :i 2}]'],
    ['(sort-by :k < [{:k 2} {:k 1}])', '[{:k 1} {:k 2}]'],
    ['(sort-by :k [{:k 2} {:k nil} {:k 1}])', '[{:k nil} {:k 1} {:k 2}]'],
    ['(sort (fn [a b] (compare b a)) ["a" "c" "b"])', '["c" "b" "a"]'],
    ['(sort-by :age [{:age 30} {:age 20} {:age 25}])', '[{:age 20} {:age 25} {:age 30}]'],
    ['(sort-by "age" [{:age 30} {:age 20}])', '[{:age 20} {:age 30}]'],
    ['(sort-by :age [{"age" 30} {"age" 20}])', '[{"age" 20} {"age" 30}]'],
    ['(sort-by :age > [{:age 20} {:age 30}])', '[{:age 30} {:age 20}]'],
    ['(sort-by :age :desc [{:age 20} {:age 30}])', '[{:age 30} {:age 20}]'],
    ['(sort-by count ["ccc" "a" "bb"])', '["a" "bb" "ccc"]'],
    ['(sort-by second {:a 3 :b 1})', '[[:b 1] [:a 3]]'],
    ['(sort-by :k [{:k 1 :i 1} {:k 0} {:k 1 :i 2}])', '[{:k 0} {:k 1 :i 1} {:k 1 :i 2}]'],
    ['(sort-by :k > [{:k 1 :i 1} {:k 2} {:k 1 :i 2}])', '[{:k 2} {:k 1 :i 1} {:k 1 :i 2}]'],
  ]);
  errors([
    ['(sort [1 "a"])', 'type_error', /Cannot compare/],
    ['(sort [{:a 1} {:a 2}])', 'type_error', /Cannot compare/],
    ['(sort-by :k [{:k 1}] >)', 'type_error', /\(sort-by keyfn > coll\)/],
    ['(sort [3 1] >)', 'type_error', /comparator first/],
    ['(sort :up [1])', 'type_error', /:asc, :desc/],
    ['(sort (fn [a b] "x") [1 2])', 'type_error', /boolean or a number/],
  ]);
});

describe('grouping and partitioning', () => {
  table([
    ['(group-by :type [{:type "a" :v 1} {:type "b" :v 2} {:type "a" :v 3}])', '{"a" [{:type "a" :v 1} {:type "a" :v 3}] "b" [{:type "b" :v 2}]}'],
    ['(group-by "t" [{:t 1} {:t 1}])', '{1 [{:t 1} {:t 1}]}'],
    ['(group-by even? [])', '{}'],
    ['(group-by count ["a" "bb" "c"])', '{1 ["a" "c"] 2 ["bb"]}'],
    // Equal keys of any kind share a group ([1 2] and '(1 2) are =); each ##NaN is a group of its own.
    ["(group-by first [[[1 2] :a] ['(1 2) :b] [{:k 1} :c] [{:k 1} :d]])", '{[1 2] [[[1 2] :a] [(1 2) :b]] {:k 1} [[{:k 1} :c] [{:k 1} :d]]}'],
    ['(count (group-by identity [##NaN ##NaN 1 1]))', '3'],
    // Past the size maps are scanned at: groups in order of first appearance, found by key, and the
    // map grows like any other.
    ['(keys (group-by #(mod % 11) (range 30 0 -1)))', '[8 7 6 5 4 3 2 1 0 10 9]'],
    ['(get (group-by #(mod % 11) (range 30)) 3)', '[3 14 25]'],
    ['(count (assoc (group-by #(mod % 11) (range 30)) :x 1))', '12'],
    ['(frequencies ["a" "b" "a"])', '{"a" 2 "b" 1}'],
    ['(frequencies "aba")', '{"a" 2 "b" 1}'],
    ['(frequencies [])', '{}'],
    ['(frequencies [[1] [1] 2])', '{[1] 2 2 1}'],
    ['(partition 2 [1 2 3 4 5])', '[[1 2] [3 4]]'],
    ['(partition 2 1 [1 2 3])', '[[1 2] [2 3]]'],
    ['(partition 3 3 [0 0] [1 2 3 4])', '[[1 2 3] [4 0 0]]'],
    ['(partition 3 3 [] [1 2 3 4])', '[[1 2 3] [4]]'],
    ['(partition 2 [])', '[]'],
    ['(partition-all 2 [1 2 3])', '[[1 2] [3]]'],
    ['(partition-all 2 1 [1 2 3])', '[[1 2] [2 3] [3]]'],
    ['(partition-by odd? [1 3 2 4 5])', '[[1 3] [2 4] [5]]'],
    ['(partition-by odd? [])', '[]'],
    ['(interleave [1 2 3] [:a :b])', '[1 :a 2 :b]'],
    ['(interleave)', '[]'],
    ['(interleave [1 2])', '[1 2]'],
    ['(interpose ", " ["a" "b" "c"])', '["a" ", " "b" ", " "c"]'],
    ['(interpose 0 [])', '[]'],
    ['(zip [1 2 3] [:a :b])', '[[1 :a] [2 :b]]'],
    ['(zip [1] [2] [3])', '[[1 2 3]]'],
    ['(combinations [1 2 3] 2)', '[[1 2] [1 3] [2 3]]'],
    ['(combinations [1 2] 0)', '[[]]'],
    ['(combinations [1 2] 3)', '[]'],
    ['(count (combinations (range 10) 3))', '120'],
    ['(tree-seq vector? seq [1 [2 [3]]])', '[[1 [2 [3]]] 1 [2 [3]] 2 [3] 3]'],
    ['(count (tree-seq map? :kids {:id 1 :kids [{:id 2} {:id 3 :kids [{:id 4}]}]}))', '4'],
  ]);
  errors([
    ['(partition 0 [1 2])', 'runtime_error', /positive chunk size/],
    ['(partition-all 2 0 [1 2])', 'runtime_error', /positive step/],
    ['(combinations (range 60) 30)', 'memory_exceeded', /exceeds the limit/],
  ]);
});

describe('some, every? and friends', () => {
  table([
    ['(some even? [1 2 3])', 'true'],
    ['(some even? [1 3])', 'nil'],
    ['(some #{"x"} ["a" "x"])', '"x"'],
    ['(some :id [{} {:id 4}])', '4'],
    ['(some even? nil)', 'nil'],
    ['(every? even? [2 4])', 'true'],
    ['(every? even? [])', 'true'],
    ['(every? :ok [{:ok true} {:ok nil}])', 'false'],
    ['(not-any? even? [1 3])', 'true'],
    ['(not-any? even? [1 2])', 'false'],
    ['(not-every? even? [2 3])', 'true'],
    ['(not-every? even? [2 4])', 'false'],
  ]);
});

describe('building collections', () => {
  table([
    ['(conj [1 2] 3)', '[1 2 3]'],
    ['(conj [1 2] 3 4)', '[1 2 3 4]'],
    ['(conj nil 1)', '[1]'],
    ['(conj [1])', '[1]'],
    ['(conj)', '[]'],
    ['(conj #{1} 2 1)', '#{1 2}'],
    ['(conj {:a 1} [:b 2])', '{:a 1 :b 2}'],
    ['(conj {:a 1} {:b 2 :c 3})', '{:a 1 :b 2 :c 3}'],
    ['(conj (list 2 3) 1)', '(1 2 3)'],
    ['(into [] [1 2 3])', '[1 2 3]'],
    ['(into [0] #{1})', '[0 1]'],
    ['(into [] {:a 1})', '[[:a 1]]'],
    ['(into {} [[:a 1] [:b 2]])', '{:a 1 :b 2}'],
    ['(into {} #{[:a 1]})', '{:a 1}'],
    ['(into {:a 1} {:a 2 :b 3})', '{:a 2 :b 3}'],
    ['(into #{} [1 1 2])', '#{1 2}'],
    ['(into nil [1])', '[1]'],
    ['(into [] "ab")', '["a" "b"]'],
    ['(concat [1 2] [3 4])', '[1 2 3 4]'],
    ['(concat)', '[]'],
    ['(concat [1] nil "ab" #{2})', '[1 "a" "b" 2]'],
    ['(vec #{1})', '[1]'],
    ['(vec nil)', '[]'],
    ['(vec "ab")', '["a" "b"]'],
    ['(vec {:a 1})', '[[:a 1]]'],
    ['(vector)', '[]'],
    ['(vector 1 [2])', '[1 [2]]'],
    ['(set [1 2 1])', '#{1 2}'],
    ['(set nil)', '#{}'],
    ['(set "aba")', '#{"a" "b"}'],
    ['(hash-set 1 1 2)', '#{1 2}'],
    ['(list 1 2)', '(1 2)'],
    ['(= (list 1 2) [1 2])', 'true'],
    ['(range 5)', '[0 1 2 3 4]'],
    ['(range 0)', '[]'],
    ['(range -3)', '[]'],
    ['(range 5 10)', '[5 6 7 8 9]'],
    ['(range 0 10 2)', '[0 2 4 6 8]'],
    ['(range 10 0 -2)', '[10 8 6 4 2]'],
    ['(range 0 10 3)', '[0 3 6 9]'],
    ['(range 5 5)', '[]'],
    ['(range 0 5 -1)', '[]'],
    ['(range 0 1 0.25)', '[0 0.25 0.5 0.75]'],
    ['(range 0.5 3)', '[0.5 1.5 2.5]'],
    ['(range 2.0)', '[0 1]'],
    ['(empty [1 2])', '[]'],
    ['(empty {:a 1})', '{}'],
    ['(empty #{1})', '#{}'],
    ['(empty nil)', 'nil'],
    ['(distinct? 1 2 3)', 'true'],
    ['(distinct? 1 2 1)', 'false'],
    ['(distinct? 1)', 'true'],
    ['(distinct? [1] [1])', 'false'],
    ['(repeat 3 "x")', '["x" "x" "x"]'],
    ['(repeat 0 1)', '[]'],
    ['(repeat -2 1)', '[]'],
  ]);
  errors([
    ['(conj {:a 1} [:b])', 'type_error', /\[key value\] pairs/],
    ['(conj {:a 1} 5)', 'type_error', /\[key value\] pairs or maps/],
    ['(conj 5 1)', 'type_error', /conj expected a collection/],
    ['(into {} [1 2])', 'type_error', /into into a map needs/],
    ['(range)', 'arity_error', /range expects 1 to 3 arguments, got 0/],
    ['(range 1 5 0)', 'runtime_error', /step 0/],
    ['(range "a")', 'type_error', /range expected a number/],
    ['(range 10000000)', 'memory_exceeded', /exceeds the limit/],
    ['(count (range 0 1e9 0.5))', 'memory_exceeded', /exceeds the limit/],
    ['(repeat 5)', 'arity_error', /\(repeat n x\)/],
    ['(repeat "x" 3)', 'type_error', /\(repeat n x\)/],
    ['(repeat 100000000 1)', 'memory_exceeded', /exceeds the limit/],
    ['(concat [1] 2)', 'type_error', /concat expected a collection, got integer/],
  ]);
});

describe('reduce and aggregates', () => {
  table([
    ['(reduce + [1 2 3])', '6'],
    ['(reduce + 0 [1 2 3])', '6'],
    ['(reduce + [])', '0'],
    ['(reduce max [])', 'nil'],
    ['(reduce + [5])', '5'],
    ['(reduce + 10 [])', '10'],
    ['(reduce + 0 nil)', '0'],
    ['(reduce (fn [acc [k v]] (+ acc v)) 0 {:a 1 :b 2})', '3'],
    ['(reduce (fn [acc x] (str acc "-" x)) "a" "bc")', '"a-b-c"'],
    ['(reduce + 0 #{1 2 3})', '6'],
    ['(reduce conj [] [1 2])', '[1 2]'],
    ['(reduce-kv (fn [acc k v] (+ acc v)) 0 {:a 1 :b 2})', '3'],
    ['(reduce-kv (fn [acc i v] (+ acc (* i v))) 0 [5 6 7])', '20'],
    ['(reduce-kv (fn [acc k v] (assoc acc v k)) {} {:a 1})', '{1 :a}'],
    ['(reduce-kv (fn [acc k v] acc) 7 nil)', '7'],
    ['(sum [1 2 3])', '6'],
    ['(sum [])', '0'],
    ['(sum [1 2.5])', '3.5'],
    ['(sum [1.5 1.5])', '3.0'],
    ['(sum [9007199254740991 1])', '9007199254740992'],
    ['(avg [1 2 3 4])', '2.5'],
    ['(avg [2 4])', '3.0'],
    ['(avg [])', 'nil'],
    ['(sum-by :amount [{:amount 10} {:amount nil} {:other 5}])', '10'],
    ['(sum-by :amount [])', '0'],
    ['(sum-by "amount" [{:amount 2} {"amount" 3}])', '5'],
    ['(sum-by :a [{:a 1.5} {:a 1}])', '2.5'],
    ['(sum-by count ["ab" "c"])', '3'],
    ['(avg-by :amount [{:amount 10} {:amount nil} {:amount 20}])', '15.0'],
    ['(avg-by :amount [])', 'nil'],
    ['(avg-by :amount [{:x 1}])', 'nil'],
    ['(avg-by :a [{:a 1} {:a 2}])', '1.5'],
    ['(min-by :price [{:price nil} {:price 10} {:price 5}])', '{:price 5}'],
    ['(max-by :price [{:price 10} {:price 50} {:price 5}])', '{:price 50}'],
    ['(max-by :price [{:price 1 :i 1} {:price 1 :i 2}])', '{:price 1 :i 1}'],
    ['(min-by :price [])', 'nil'],
    ['(min-by :price [{:x 1}])', 'nil'],
    ['(max-by count ["a" "abc" "ab"])', '"abc"'],
    ['(max-by :name [{:name "b"} {:name "c"} {:name "a"}])', '{:name "c"}'],
    ['(max-key count "a" "abc" "ab")', '"abc"'],
    ['(min-key count "ab" "a" "b")', '"b"'],
    ['(max-key count "a")', '"a"'],
    ['(max-key :a {:a "x"})', '{:a "x"}'],
    ['(max-key #(nth % 1) ["a" 1] ["b" 5] ["c" 3])', '["b" 5]'],
  ]);
  errors([
    ['(sum-by :a [{:a 1} {:a "x"}])', 'arithmetic_error', /sum-by expected numbers, got string: "x" for item \{:a "x"\}/],
    ['(avg-by :a [{:a :k}])', 'arithmetic_error', /avg-by expected numbers, got keyword/],
    ['(avg-by :value [{:value {:x 1}}])', 'arithmetic_error', /avg-by expected numbers, got map/],
    ['(sum [1 "2"])', 'arithmetic_error', /sum expected numbers/],
    ['(avg [1 nil :a])', 'arithmetic_error', /avg expected numbers/],
    ['(max-key :a {:a "x"} {:a "y"})', 'type_error', /max-key keys must be numbers/],
    ['(reduce + 5)', 'type_error', /reduce expected a collection/],
    ['(reduce-kv + 0 5)', 'type_error', /reduce-kv expected a map or vector/],
    ['(reduce inc 0 [1])', 'arity_error', /called by reduce/],
  ]);
});

describe('walk, prewalk and postwalk', () => {
  table([
    ['(walk inc #(apply + %) [1 2 3])', '9'],
    ['(walk identity identity [1 2 3])', '[1 2 3]'],
    ['(walk inc identity #{1 2 3})', '#{2 3 4}'],
    ['(walk inc identity (list 1 2))', '(2 3)'],
    ['(walk identity count "abc")', '3'],
    ['(walk (fn [[k v]] [v k]) identity {:a 1})', '{1 :a}'],
    ['(walk (constantly nil) identity {:a 1})', '{}'],
    ['(walk (fn [[k v]] {k v :extra 1}) identity {:a 1})', '{:a 1 :extra 1}'],
    ['(prewalk #(if (number? %) (inc %) %) [1 [2 3]])', '[2 [3 4]]'],
    ['(postwalk #(if (number? %) (inc %) %) [1 [2 3]])', '[2 [3 4]]'],
    ['(postwalk #(if (vector? %) (apply + %) %) [[1 2] [3 4]])', '10'],
    ['(prewalk #(if (and (map? %) (:value %)) (update % :value inc) %) {:value 1 :nested {:value 2}})', '{:value 2 :nested {:value 3}}'],
    ['(postwalk #(if (keyword? %) (name %) %) {:a {:b [:c #{:d}]}})', '{"a" {"b" ["c" #{"d"}]}}'],
    ['(prewalk #(if (vector? %) (vec (remove nil? %)) %) [1 nil [2 nil]])', '[1 [2]]'],
    ['(postwalk identity nil)', 'nil'],
    ['(prewalk identity "text")', '"text"'],
    ['(postwalk :a {:a 1})', 'nil'],
  ]);
  errors([
    ['(walk (constantly 5) identity {:a 1})', 'type_error', /walk into a map needs \[key value\] pairs/],
    ['(prewalk 3 [1])', 'type_error', /prewalk expected a function/],
    ['(postwalk inc [1 :a])', 'type_error', /inc/],
    ['(prewalk (fn [x] (if (number? x) [x x] x)) [1])', 'depth_limit_exceeded'],
    ['(postwalk identity (reduce (fn [a _] [a]) 1 (range 5000)))', 'depth_limit_exceeded'],
  ]);
  it('visits parts in order, children before the collection for postwalk and after it for prewalk', () => {
    const post = run({ program: '(postwalk #(do (println (pr-str %)) %) [1 [2] {:k 3}])' });
    const pre = run({ program: '(prewalk #(do (println (pr-str %)) %) [1 [2] {:k 3}])' });
    expect(post.prints).toEqual(['1', '2', '[2]', ':k', '3', '[:k 3]', '{:k 3}', '[1 [2] {:k 3}]']);
    expect(pre.prints).toEqual(['[1 [2] {:k 3}]', '1', '[2]', '2', '{:k 3}', '[:k 3]', ':k', '3']);
  });
  it('gives back an equal value when the function is identity', () => {
    fc.assert(
      fc.property(value, (v) => {
        for (const program of ['(postwalk identity data/v)', '(prewalk identity data/v)', '(walk identity identity data/v)']) {
          const r = run({ program, data: { v } });
          expect(r.ok && equals(r.value, v), program).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('take of a range', () => {
  table([
    ['(take 3 (range 1 5 0))', '[1 1 1]'],
    ['(take 3 (range 5 5 0))', '[]'],
    ['(take 2 (range 0.5 1 0))', '[0.5 0.5]'],
    ['(take 0 (range 1 5 0))', '[]'],
    ['(take -2 (range 1 5 0))', '[]'],
    ['(->> (range 1 5 0) (take 2))', '[1 1]'],
    ['(take 4 (range 100000000000))', '[0 1 2 3]'],
    ['(take 3 (range 10 0 -3))', '[10 7 4]'],
    ['(take 9 (range 3))', '[0 1 2]'],
    ['(take 2 (range 0 1 0.25))', '[0 0.25]'],
    ['(mapv #(take % (range 7 8 0)) [1 2])', '[[7] [7 7]]'],
    // A local of either name is what the program means.
    ['(let [range (fn [& _] [:x :y :z])] (take 2 (range 1 5 0)))', '[:x :y]'],
  ]);
  errors([
    ['(range 1 5 0)', 'runtime_error', /never ends.*\(take n \(range a b 0\)\)/],
    ['(let [r (range 1 5 0)] (take 3 r))', 'runtime_error', /never ends/],
    ['(count (range 1 5 0))', 'runtime_error', /never ends/],
    ['(let [take (fn [n c] c)] (take 2 (range 1 5 0)))', 'runtime_error', /never ends/],
    ['(take 1000001 (range 1 5 0))', 'memory_exceeded'],
    ['(take "a" (range 3))', 'type_error', /take expected an integer count/],
    ['(take 2 (range "a"))', 'type_error', /range expected a number/],
    ['(take 2 (range))', 'arity_error', /range expects 1 to 3 arguments/],
  ]);
  it('agrees with take of the whole range for every non-zero step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 30 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: -4, max: 4 }),
        (n, a, b, step) => {
          fc.pre(step !== 0);
          expect(ev(`(take ${n} (range ${a} ${b} ${step}))`)).toBe(ev(`(let [r (range ${a} ${b} ${step})] (take ${n} r))`));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('direct calls', () => {
  it('never mutates input vectors', () => {
    const v = [3, 1, 2];
    callBuiltin('sort', v);
    callBuiltin('conj', v, 4);
    callBuiltin('reverse', v);
    callBuiltin('assoc', v, 0, 9);
    expect(v).toEqual([3, 1, 2]);
  });
  it('returns keyword results from pluck on nested data', () => {
    expect(printValue(callBuiltin('first', [kw('a')]))).toBe(':a');
  });
  it('handles a large range and sum quickly', () => {
    expect(ev('(sum (range 100000))')).toBe('4999950000');
    expect(ev('(count (frequencies (map #(mod % 7) (range 50000))))')).toBe('7');
  });
});
