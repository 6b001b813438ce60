// Reference entries of the special forms and macros, in the order the reference lists them (the
// order of the modules under forms/ that analyze them). Examples follow the specification's where
// it has some.
import type { FormDoc } from './types.ts';

export const FORM_DOCS: Readonly<Record<string, FormDoc>> = {
  // Deciding and binding: quote, var, do, comment, the conditionals, and/or, let and the conditional
  // bindings (forms/control.ts).
  quote: {
    kind: 'special-form',
    arities: ['[form]'],
    doc: 'The form itself, unevaluated: a list stays a list instead of being called.',
    details: "'x is read as (quote x). There is no symbol type: a quoted symbol gives its name as a string.",
    area: 'control',
    examples: [
      ['(quote (1 2 3))', '(1 2 3)'],
      ["'(inc x)", '("inc" "x")'],
    ],
  },
  var: {
    kind: 'special-form',
    arities: ['[name]'],
    doc: "A reference to a definition's name; #'name is read as (var name).",
    details: 'A var is a plain value: it can be stored in collections and printed. def and defn return one.',
    area: 'definitions',
    examples: [
      ["#'total", "#'total"],
      ["[#'a #'b]", "[#'a #'b]"],
    ],
  },
  do: {
    kind: 'special-form',
    arities: ['[& exprs]'],
    doc: 'Evaluate the expressions in order and give the value of the last one; (do) is nil.',
    details: 'Every expression runs, none is skipped (unlike and/or). A program, let, fn and when bodies are already an implicit do.',
    area: 'control',
    examples: [
      ['(do 1 2 3)', '3'],
      ['(do)', 'nil'],
      ['(do (println "step") :done)', ':done'],
    ],
  },
  comment: {
    kind: 'macro',
    arities: ['[& forms]'],
    doc: 'Ignore the forms (they are read but never analyzed or run); gives nil.',
    area: 'control',
    examples: [['(comment (this is never run))', 'nil']],
  },
  if: {
    kind: 'special-form',
    arities: ['[test then]', '[test then else]'],
    doc: 'Evaluate then when test is truthy (anything but nil and false), else the else branch (nil when absent).',
    details: 'Only the chosen branch runs. Zero, "", [] and {} are truthy.',
    area: 'control',
    examples: [
      ['(if true "yes" "no")', '"yes"'],
      ['(if (> 5 3) "bigger" "smaller")', '"bigger"'],
      ['(if 0 "truthy" "falsy")', '"truthy"'],
      ['(if nil "truthy" "falsy")', '"falsy"'],
      ['(if false "yes")', 'nil'],
      ['(if)', 'error: arity_error'],
    ],
  },
  'if-not': {
    kind: 'macro',
    arities: ['[test then]', '[test then else]'],
    doc: 'if with the branches swapped: then runs when test is falsy.',
    area: 'control',
    examples: [
      ['(if-not true "yes" "no")', '"no"'],
      ['(if-not (> 3 5) "smaller" "bigger")', '"smaller"'],
      ['(if-not true "yes")', 'nil'],
    ],
  },
  when: {
    kind: 'macro',
    arities: ['[test & body]'],
    doc: 'Evaluate the body (an implicit do) when test is truthy; otherwise nil.',
    area: 'control',
    examples: [
      ['(when true "yes")', '"yes"'],
      ['(when (< 5 3) "smaller")', 'nil'],
      ['(when (> 5 3) (println "checked") "bigger")', '"bigger"'],
    ],
  },
  'when-not': {
    kind: 'macro',
    arities: ['[test & body]'],
    doc: 'Evaluate the body when test is falsy; otherwise nil.',
    area: 'control',
    examples: [
      ['(when-not false "yes")', '"yes"'],
      ['(when-not true "yes")', 'nil'],
    ],
  },
  cond: {
    kind: 'macro',
    arities: ['[& test-expr-pairs]'],
    doc: 'Try the tests in order and give the expression after the first truthy one; nil when none is.',
    details: ':else is the usual last test: a keyword is always truthy. The forms must come in pairs.',
    area: 'control',
    examples: [
      ['(cond false "a" false "b" :else "c")', '"c"'],
      ['(let [total 250] (cond (> total 1000) "high" (> total 100) "medium" :else "low"))', '"medium"'],
      ['(cond false "only")', 'nil'],
      ['(cond true)', 'error: validation_error'],
    ],
  },
  condp: {
    kind: 'macro',
    arities: ['[pred expr & clauses]'],
    doc: 'Give the result of the first clause whose test satisfies (pred test expr), else the default.',
    details: 'The clauses are test/result pairs, optionally followed by one default. Without a default, no match is an execution_error.',
    area: 'control',
    examples: [
      ['(condp = 2 1 "one" 2 "two" "many")', '"two"'],
      ['(condp < 15 100 "huge" 10 "big" "small")', '"big"'],
      ['(condp = 9 1 "one")', 'error: execution_error'],
    ],
  },
  case: {
    kind: 'macro',
    arities: ['[expr & clauses]'],
    doc: 'Compare the value with literal constants and give the matching result, else the default.',
    details:
      'The constants are not evaluated; a list of constants matches any of them. Without a trailing default, a value that matches nothing is an execution_error.',
    area: 'control',
    examples: [
      ['(case 2 1 "one" 2 "two" "other")', '"two"'],
      ['(case :b (:a :b) "a or b" "other")', '"a or b"'],
      ['(case 5 1 "one")', 'error: execution_error'],
    ],
  },
  and: {
    kind: 'macro',
    arities: ['[& exprs]'],
    doc: 'The first falsy value, stopping there, or the last value when all are truthy; (and) is true.',
    details: 'To combine predicate functions use all-of, not and.',
    area: 'control',
    examples: [
      ['(and true true)', 'true'],
      ['(and nil "x")', 'nil'],
      ['(and 1 2 3)', '3'],
      ['(and)', 'true'],
    ],
  },
  or: {
    kind: 'macro',
    arities: ['[& exprs]'],
    doc: 'The first truthy value, stopping there, or the last value when none is; (or) is nil.',
    details: 'Common for defaults: (or x 0). To combine predicate functions use any-of.',
    area: 'control',
    examples: [
      ['(or false true)', 'true'],
      ['(or nil false "x")', '"x"'],
      ['(or nil false)', 'false'],
      ['(or)', 'nil'],
    ],
  },
  let: {
    kind: 'special-form',
    arities: ['[[bindings*] & body]'],
    doc: 'Bind names to values, left to right, for the body (an implicit do).',
    details:
      'A later binding sees the earlier ones, and an inner let may shadow an outer name. Names may destructure: [a b & more] for sequences, {:keys [k] :or {k default} :as whole} or {local :key} for maps.',
    area: 'definitions',
    examples: [
      ['(let [x 10 y (+ x 5)] (* x y))', '150'],
      ['(let [x 1] (let [x 2] x))', '2'],
      ['(let [[a b & more] [1 2 3 4 5]] [a b more])', '[1 2 [3 4 5]]'],
      ['(let [{:keys [name age] :or {age 0}} {:name "Bob"}] [name age])', '["Bob" 0]'],
      ['(let [x] x)', 'error: validation_error'],
    ],
  },
  'if-let': {
    kind: 'macro',
    arities: ['[[name expr] then]', '[[name expr] then else]'],
    doc: 'Bind the value of expr and evaluate then when it is truthy, else the else branch.',
    details: 'The name is bound in then only. It may destructure.',
    area: 'control',
    examples: [
      ['(if-let [x 0] "truthy" "falsy")', '"truthy"'],
      ['(if-let [x nil] "yes" "no")', '"no"'],
      ['(if-let [m (first [{:id 7}])] (:id m) :none)', '7'],
    ],
  },
  'when-let': {
    kind: 'macro',
    arities: ['[[name expr] & body]'],
    doc: 'Bind the value of expr and evaluate the body when it is truthy; otherwise nil.',
    area: 'control',
    examples: [
      ['(when-let [x false] "never")', 'nil'],
      ['(when-let [n (parse-long "42")] (inc n))', '43'],
    ],
  },
  'if-some': {
    kind: 'macro',
    arities: ['[[name expr] then]', '[[name expr] then else]'],
    doc: 'Like if-let, but only nil counts as missing (false is bound and then runs).',
    area: 'control',
    examples: [
      ['(if-some [x false] [:some x] :none)', '[:some false]'],
      ['(if-some [x nil] [:some x] :none)', ':none'],
    ],
  },
  'when-some': {
    kind: 'macro',
    arities: ['[[name expr] & body]'],
    doc: 'Like when-let, but only nil counts as missing.',
    area: 'control',
    examples: [
      ['(when-some [x false] (str "got " x))', '"got false"'],
      ['(when-some [x nil] "never")', 'nil'],
    ],
  },
  'when-first': {
    kind: 'macro',
    arities: ['[[name coll] & body]'],
    doc: 'Bind the first item of a collection and evaluate the body, unless the collection is empty (then nil).',
    area: 'control',
    examples: [
      ['(when-first [x [3 4]] (* x 10))', '30'],
      ['(when-first [x []] "never")', 'nil'],
    ],
  },
  // Functions and definitions (forms/functions.ts).
  fn: {
    kind: 'special-form',
    arities: ['[[params*] & body]', '[name [params*] & body]', '[([params*] & body) +]'],
    doc: 'A function: parameters (which may destructure, with & for the rest) and a body.',
    details:
      'A function closes over the locals it uses. An optional name lets it call itself; several ([params] body) lists give it several arities. #(+ % 1) is short for (fn [p1] (+ p1 1)), with %1 %2 … for more parameters.',
    area: 'functions',
    examples: [
      ['((fn [x] (* x 2)) 21)', '42'],
      ['(map (fn [[k v]] (str (name k) "=" v)) {:a 1})', '["a=1"]'],
      ['((fn [a & more] [a more]) 1 2 3)', '[1 [2 3]]'],
      ['((fn f ([] (f 1)) ([x] (* x 10))))', '10'],
      ['(#(+ %1 %2) 1 2)', '3'],
    ],
  },
  'fn*': {
    kind: 'special-form',
    arities: ['[[params*] & body]'],
    doc: 'The same as fn (the name Clojure gives fn underneath).',
    area: 'functions',
    examples: [['((fn* [x] (inc x)) 1)', '2']],
    aliasOf: 'fn',
  },
  def: {
    kind: 'special-form',
    arities: ['[name value]', '[name doc value]'],
    doc: "Define a name for the rest of the program and the turns after it; gives the var #'name.",
    details:
      'Defining again replaces the value. A failed program keeps none of its definitions. Builtins and special forms cannot be redefined; nil, true and false neither.',
    area: 'definitions',
    examples: [
      ['(def x 42)', "#'x"],
      ['(def x 10) x', '10'],
      ['(def a 1) (def b (+ a 1)) b', '2'],
      ['(def map {})', 'error: validation_error'],
    ],
  },
  defn: {
    kind: 'macro',
    arities: ['[name [params*] & body]', '[name doc [params*] & body]', '[name doc? ([params*] & body) +]'],
    doc: "Define a named function, as (def name (fn [params] body)); gives the var #'name.",
    details: 'Parameters destructure as in fn. A docstring after the name is kept with the definition and shown to the LLM.',
    area: 'definitions',
    examples: [
      ['(defn twice [x] (* x 2)) (twice 21)', '42'],
      ['(def rate 0.1) (defn apply-rate [x] (* x rate)) (apply-rate 100)', '10.0'],
      ['(defn greet [{:keys [name]}] (str "Hello " name)) (greet {:name "World"})', '"Hello World"'],
      ['(defn count [x] x)', 'error: validation_error'],
    ],
  },
  'defn-': {
    kind: 'macro',
    arities: ['[name [params*] & body]'],
    doc: 'The same as defn (there is no private scope in a program).',
    area: 'definitions',
    examples: [['(defn- half [x] (/ x 2)) (half 5)', '2.5']],
    aliasOf: 'defn',
  },
  // loop and recur (forms/loops.ts).
  loop: {
    kind: 'special-form',
    arities: ['[[bindings*] & body]'],
    doc: 'Bind names as let does and mark the point that recur in the body jumps back to.',
    details: 'Each pass counts toward the maxLoopIterations limit, so a loop that never ends stops with loop_limit_exceeded.',
    area: 'iteration',
    examples: [
      ['(loop [i 0 acc 0] (if (< i 5) (recur (inc i) (+ acc i)) acc))', '10'],
      ['(loop [[head & tail] [1 2 3 4] sum 0] (if head (recur tail (+ sum head)) sum))', '10'],
    ],
  },
  recur: {
    kind: 'special-form',
    arities: ['[& values]'],
    doc: 'Jump back to the nearest loop or fn with new values for its bindings, without growing the stack.',
    details: 'Only allowed in tail position, and with as many values as the loop has bindings (or the function parameters).',
    area: 'iteration',
    examples: [
      ['((fn [n acc] (if (> n 0) (recur (dec n) (* acc n)) acc)) 5 1)', '120'],
      ['(loop [i 0] (if (< i 3) (recur (inc i) 1) i))', 'error: arity_error'],
      ['(recur 1)', 'error: validation_error'],
    ],
  },
  // The threading macros (forms/threading.ts).
  '->': {
    kind: 'macro',
    arities: ['[x & forms]'],
    doc: 'Thread a value through the forms as their first argument: (-> x (f a)) is (f x a).',
    details: 'A bare symbol or keyword as a form is called with the value: (-> m :a) is (:a m).',
    area: 'threading',
    examples: [
      ['(-> {:a 1} (assoc :b 2))', '{:a 1 :b 2}'],
      ['(-> {:a {:b 1}} (get-in [:a :b]))', '1'],
      ['(-> {:a 1} (update :a inc) :a)', '2'],
    ],
  },
  '->>': {
    kind: 'macro',
    arities: ['[x & forms]'],
    doc: 'Thread a value through the forms as their last argument: (->> x (f a)) is (f a x).',
    details: 'The usual shape of a collection pipeline: filter, map, sort-by and reduce take the collection last.',
    area: 'threading',
    examples: [
      ['(->> [1 2 3] (map inc) (filter even?))', '[2 4]'],
      ['(->> [1 2 3 4 5] (filter odd?) (take 2))', '[1 3]'],
      ['(->> (range 10) (filter odd?) (reduce +))', '25'],
    ],
  },
  'some->': {
    kind: 'macro',
    arities: ['[x & forms]'],
    doc: 'Like -> but stop and give nil as soon as a step gives nil.',
    area: 'threading',
    examples: [
      ['(some-> {:a {:b 5}} :a :b inc)', '6'],
      ['(some-> {:a nil} :a inc)', 'nil'],
    ],
  },
  'some->>': {
    kind: 'macro',
    arities: ['[x & forms]'],
    doc: 'Like ->> but stop and give nil as soon as a step gives nil.',
    area: 'threading',
    examples: [
      ['(some->> [1 2 3] (map inc) (reduce +))', '9'],
      ['(some->> nil (map inc))', 'nil'],
    ],
  },
  'as->': {
    kind: 'macro',
    arities: ['[x name & forms]'],
    doc: 'Bind the value to name and thread it through forms that use name wherever it belongs.',
    area: 'threading',
    examples: [['(as-> [1 2 3] v (map inc v) (nth v 1))', '3']],
  },
  'cond->': {
    kind: 'macro',
    arities: ['[x & test-form-pairs]'],
    doc: 'Thread a value as first argument through each form whose test is truthy, skipping the others.',
    area: 'threading',
    examples: [['(cond-> {:n 1} true (assoc :a 1) false (assoc :b 2))', '{:n 1 :a 1}']],
  },
  'cond->>': {
    kind: 'macro',
    arities: ['[x & test-form-pairs]'],
    doc: 'Thread a value as last argument through each form whose test is truthy, skipping the others.',
    area: 'threading',
    examples: [['(cond->> [1 2 3 4] true (filter even?) false (map inc))', '[2 4]']],
  },
  // for, doseq, dotimes (forms/iteration.ts).
  for: {
    kind: 'macro',
    arities: ['[[bindings*] body]'],
    doc: 'A vector of the body evaluated for every combination of the bound items (the last binding varies fastest).',
    details: 'After a binding, :let [name value] adds locals, :when test skips items and :while test ends that binding early.',
    area: 'iteration',
    examples: [
      ['(for [x [1 2 3]] (* x x))', '[1 4 9]'],
      ['(for [x [1 2] y [:a :b]] [x y])', '[[1 :a] [1 :b] [2 :a] [2 :b]]'],
      ['(for [x (range 10) :when (odd? x) :let [y (* x 10)] :while (< y 60)] y)', '[10 30 50]'],
    ],
  },
  doseq: {
    kind: 'macro',
    arities: ['[[bindings*] & body]'],
    doc: 'Run the body for every combination of the bound items, for what it does (println, def); gives nil.',
    details: 'Takes the same :let, :when and :while modifiers as for.',
    area: 'iteration',
    examples: [['(doseq [x [1 2 3]] (println "item" x))', 'nil']],
  },
  dotimes: {
    kind: 'macro',
    arities: ['[[name n] & body]'],
    doc: 'Run the body n times with name bound to 0, 1, … n-1; gives nil.',
    area: 'iteration',
    examples: [['(dotimes [i 2] (println "pass" i))', 'nil']],
  },
  // where (forms/where.ts) and doc (doc-form.ts).
  where: {
    kind: 'macro',
    arities: ['[field]', '[field op value]'],
    doc: 'A predicate on maps that tests a field (a key, or a vector path) with an operator, or for truthiness.',
    details:
      'The operators are = not= > < >= <= includes in. A keyword key also matches a string key. Ordering a nil or missing field is false, not an error, so filters over incomplete data are safe. For = not= in and includes, a keyword value matches the string of its name.',
    area: 'predicates',
    examples: [
      ['(count (filter (where :x > 1) [{:x 1} {:x 2} {:x 3}]))', '2'],
      ['(count (filter (where [:a :b] = 1) [{:a {:b 1}} {:a {:b 2}}]))', '1'],
      ['(count (filter (where :a) [{:a 1} {:a nil} {:a false}]))', '1'],
      ['(count (filter (where :s in [:a :b]) [{:s "a"} {:s "c"}]))', '1'],
      ['(filter (where :age > 18) [{:age 20} {:name "no age"}])', '[{:age 20}]'],
      ['(where :status "active")', 'error: validation_error'],
    ],
  },
  doc: {
    kind: 'special-form',
    arities: ['[name]'],
    doc: "Print a name's reference entry (kinds, parameters, what it does, examples) with println; gives nil.",
    details: 'The name is not evaluated. An unknown name is an undefined_error that suggests the closest names.',
    area: 'definitions',
    examples: [
      ['(doc map)', 'nil'],
      ['(doc str/join)', 'nil'],
      ['(doc mapp)', 'error: undefined_error'],
    ],
  },
};
