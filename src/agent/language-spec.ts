// LanguageSpec: the PTC-Lisp reference the LLM reads in the SYSTEM prompt (docs/decisions.md R2, R3).
// Static text, a pure function of the mode, so the prompt can be cached (C2). Every ```clojure
// example and every `; =>` claim in it is run against the interpreter by
// test/agent/system-prompt.test.ts, and every function name it lists must be a builtin.

export type PromptMode = 'single_shot' | 'multi_turn';

/** The core functions the reference names, by area. `ns/name` entries are reached with that prefix. */
export const FUNCTION_GROUPS: readonly { readonly area: string; readonly names: readonly string[] }[] = [
  {
    area: 'Access',
    names: ['first', 'second', 'last', 'nth', 'rest', 'next', 'take', 'drop', 'take-while', 'drop-while', 'get', 'get-in', 'keys', 'vals', 'find', 'some'],
  },
  {
    area: 'Transform',
    names: [
      'map',
      'mapv',
      'filter',
      'remove',
      'keep',
      'map-indexed',
      'mapcat',
      'pluck',
      'distinct',
      'distinct-by',
      'sort',
      'sort-by',
      'reverse',
      'group-by',
      'partition',
      'partition-all',
      'flatten',
      'zip',
    ],
  },
  { area: 'Aggregate', names: ['count', 'reduce', 'sum', 'sum-by', 'avg', 'avg-by', 'min-by', 'max-by', 'max', 'min', 'frequencies', 'apply'] },
  {
    area: 'Build',
    names: [
      'conj',
      'into',
      'concat',
      'assoc',
      'assoc-in',
      'update',
      'update-in',
      'dissoc',
      'merge',
      'merge-with',
      'select-keys',
      'zipmap',
      'update-vals',
      'vec',
      'set',
      'range',
      'repeat',
    ],
  },
  {
    area: 'Tests',
    names: [
      '=',
      'not=',
      '<',
      '>',
      '<=',
      '>=',
      'not',
      'nil?',
      'some?',
      'empty?',
      'not-empty',
      'contains?',
      'every?',
      'not-any?',
      'zero?',
      'pos?',
      'neg?',
      'even?',
      'odd?',
    ],
  },
  {
    area: 'Numbers',
    names: [
      '+',
      '-',
      '*',
      '/',
      'mod',
      'rem',
      'quot',
      'inc',
      'dec',
      'abs',
      'round',
      'floor',
      'ceil',
      'int',
      'double',
      'sqrt',
      'pow',
      'compare',
      'bit-and',
      'bit-or',
      'bit-shift-left',
    ],
  },
  {
    area: 'Strings',
    names: [
      'str',
      'subs',
      'join',
      'split',
      'split-lines',
      'trim',
      'upper-case',
      'lower-case',
      'starts-with?',
      'ends-with?',
      'includes?',
      'replace',
      'blank?',
      'index-of',
      'format',
      'name',
      'keyword',
      'parse-long',
      'parse-double',
    ],
  },
  { area: 'Regex', names: ['re-pattern', 're-find', 're-seq', 're-split'] },
  { area: 'Functions', names: ['identity', 'partial', 'comp', 'juxt', 'complement', 'every-pred', 'some-fn', 'fnil'] },
  { area: 'Sets', names: ['union', 'intersection', 'difference', 'disj'] },
  { area: 'Explore', names: ['describe', 'doc', 'apropos'] },
  { area: 'Program', names: ['println', 'return', 'fail', 'pmap'] },
];

/** Clojure names the reference says are missing; none of them may be a builtin. */
export const NOT_AVAILABLE: readonly string[] = [
  'eval',
  'read-string',
  'defmacro',
  'atom',
  'swap!',
  'reset!',
  'try',
  'catch',
  'throw',
  'slurp',
  'spit',
  'iterate',
  'cycle',
  'ns',
  'require',
  'import',
];

const FENCE = '```';

const INTRO = `# PTC-Lisp

PTC-Lisp is a small Clojure dialect run in a sandbox. A program is a sequence of forms evaluated in order; the last one's value is the result. It works on input data and tool results, with no other access to the outside world.`;

const VALUES = `## Values
- \`nil\`, \`true\`, \`false\`. Only \`nil\` and \`false\` are falsy; \`0\`, \`""\` and \`[]\` are true.
- Integers and floats differ: \`(+ 1 2)\` is \`3\`, \`(/ 10 4)\` is \`2.5\`, \`(/ 10 2)\` is \`5.0\`. \`round\`, \`floor\`, \`ceil\`, \`int\` give integers. Dividing by the integer \`0\` is an \`arithmetic_error\`; by \`0.0\` it gives \`##Inf\` or \`##NaN\`.
- Strings \`"text"\` (escapes \`\\n \\t \\" \\\\\`); a character \`\\a\` is the string \`"a"\`. Keywords \`:name\`, vectors \`[1 2]\`, maps \`{:id 7}\`, sets \`#{1 2}\`, regexes \`#"\\d+"\`.
- Values never change: \`(assoc m :k 1)\` returns a new map and \`m\` stays as it was, so keep results with let or def.
- Collection functions (map, filter, sort, ...) return vectors. A map seen as a sequence gives \`[key value]\` pairs; a string gives one-letter strings.
- Input data is maps with keyword keys (\`(:price p)\`), vectors, strings and numbers.`;

const FORMS = `## Forms
${FENCE}clojure
(let [n 10
      {:keys [title price] :or {price 0}} {:title "Lamp"}
      [head & tail] [1 2 3]]
  [n title price head tail])               ; => [10 "Lamp" 0 1 [2 3]]
(if (> 3 2) "big" "small")                 ; => "big"
(cond (< 7 5) :low (< 7 10) :mid :else :high)  ; => :mid
(if-let [hit (first [])] hit :none)        ; => :none
(when-let [hit (first [4 5])] (* hit 2))   ; => 8
(map (fn [x] (* x x)) [1 2 3])             ; => [1 4 9]
(map #(+ %1 %2) [1 2] [10 20])             ; => [11 22]
(defn line-total "price times quantity" [{:keys [price qty]}]
  (* price qty))
(line-total {:price 2 :qty 3})             ; => 6
(def tax-rate "VAT as a fraction" 0.2)     ; => #'tax-rate
(loop [i 0 acc []]
  (if (< i 3) (recur (inc i) (conj acc (* i i))) acc))  ; => [0 1 4]
(for [x [1 2 3] :when (odd? x)] (* x 10))  ; => [10 30]
(->> [5 1 4 2] (filter even?) (map inc) sort)  ; => [3 5]
(-> {:a 1} (assoc :b 2) (dissoc :a))       ; => {:b 2}
${FENCE}
- Destructuring (\`[a b & more]\`, \`{:keys [a] :or {a 0} :as all}\`) works in let, fn, defn and loop. \`if-let\`/\`when-let\` bind one plain name.
- \`if\` without else gives nil; \`when\`, \`when-not\` and \`do\` work as in Clojure; \`case\` and \`condp\` give nil when no clause matches and there is no default. \`and\`/\`or\` return the deciding value.
- \`#(...)\`: \`%\` or \`%1\`, \`%2\` are the arguments; no \`#(...)\` inside another.
- \`def\`/\`defn\` take an optional docstring; \`def\` returns \`#'name\`. \`(defonce name value)\` defines only if the name is not defined yet. One parameter vector per function (no multi-arity); \`[x & more]\` for extra arguments.
- \`recur\` only in tail position of loop or fn. A loop stops with an error after 1000 iterations, and calls nest at most 1000 deep; prefer map, filter, reduce.
- \`for\` (\`:when\` \`:let\` \`:while\`) returns a vector; \`doseq\` runs its body per item and returns nil.
- \`->\` threads as first argument (maps: assoc, update), \`->>\` as last (collections: map, filter, reduce); also \`as->\`, \`some->\`, \`cond->\`.`;

function namespaces(mode: PromptMode): string {
  const defs =
    mode === 'multi_turn'
      ? `- Your \`def\`/\`defn\` names form \`user/\` and persist into later turns; def a name again to replace it. \`*1\` is the previous turn's result (\`*2\`, \`*3\` older).`
      : `- Your \`def\`/\`defn\` names last for the rest of the program.`;
  return `## Namespaces and names
- \`tool/NAME\` calls a tool with the arguments its signature lists: \`(tool/search-reviews "Electronics")\`, \`(tool/send-email {:to "a@b.c"})\`. Each call really happens: def a result you need instead of calling again, and make independent calls side by side with \`pmap\` or \`pcalls\`.
- \`data/NAME\` reads input, read-only: \`(def data/x 1)\` is an error.
${defs}
- A bare name is a local, else your definition, else a builtin, else \`tool/NAME\` or \`data/NAME\` when exactly one exists. If both exist it is the error \`ambiguous_reference\`: write the prefix (always safe).
- \`def\`/\`defn\` may reuse a builtin's name: the next top-level forms and later turns then get yours, while functions defined before keep the builtin. Special forms and macros (\`if\`, \`let\`, \`->>\` …) cannot be redefined; let and fn parameters may shadow anything.
- Prefixes \`str/\` and \`set/\` work: \`(str/join ", " xs)\`, \`(set/union a b)\`.`;
}

const PREDICATES = `## Predicates
${FENCE}clojure
(def items [{:name "Desk" :price 300 :tags ["wood"]}
            {:name "Pen" :price 2 :tags []}])
(map :name (filter #(> (:price %) 100) items))   ; => ["Desk"]
(count (filter (some-fn #(< (:price %) 5)
                        #(some #{"wood"} (:tags %))) items))  ; => 2
(first (filter #(= (:name %) "Pen") items))      ; => {:name "Pen" :price 2 :tags []}
${FENCE}
A predicate is any function: \`#(...)\`, a keyword (\`:active\`) or a set (\`#{"a" "b"}\`); combine them with \`every-pred\`, \`some-fn\`, \`complement\`. \`<\` or \`>\` on nil is an error: guard fields that may be missing, e.g. \`#(when-let [p (:price %)] (> p 100))\`.`;

function functions(): string {
  const lines = FUNCTION_GROUPS.map((g) => `- ${g.area}: ${g.names.join(' ')}`).join('\n');
  return `## Core functions
${lines}
${FENCE}clojure
(sort-by :price > [{:price 1} {:price 3}])     ; => [{:price 3} {:price 1}]
(group-by :kind [{:kind "a"} {:kind "b"} {:kind "a"}])
;; => {"a" [{:kind "a"} {:kind "a"}] "b" [{:kind "b"}]}
(max-by :score [{:score 2} {:score 9}])        ; => {:score 9}
(sum-by :qty [{:qty 2} {:qty nil} {:qty 5}])   ; => 7
(into {} (map (juxt :id :name) [{:id 1 :name "A"}]))  ; => {1 "A"}
(some #(when (> % 2) (* % 10)) [1 3 5])        ; => 30
(find {:a 1 :b 2} :b)                          ; => [:b 2]
(str/join ", " (map name [:a :b]))             ; => "a, b"
(re-find #"(\\w+)@(\\w+)" "mail bob@host")       ; => ["bob@host" "bob" "host"]
(format "%.2f" 3.14159)                        ; => "3.14"
${FENCE}
- \`(first (filter pred coll))\` gives the first matching item, \`(some f coll)\` the first truthy result of f; \`(find m k)\` is a key's entry \`[k v]\`. \`(describe x)\` summarizes the shape of data (types, keys, how often each is present, examples) without printing it all; \`(doc name)\` prints how to call a function. \`sum-by\`, \`avg-by\`, \`min-by\`, \`max-by\` skip nil fields; \`min-by\`/\`max-by\` return the item. \`(pluck :k coll)\` is \`(map :k coll)\`.
- \`(println a b)\` prints the arguments joined by a space (strings unquoted) and returns nil.
- JSON text: \`(json/parse-string s)\` reads it (keys stay strings; nil if not JSON), \`(json/generate-string v)\` writes it.
- Java interop is a fixed set: \`(LocalDate/parse "2026-01-08")\` with \`.plusDays\` \`.minusDays\` \`.toEpochDay\` \`.isBefore\` \`.isAfter\`; \`(Instant/parse "2026-01-08T10:00:00Z")\` with \`.toEpochMilli\`, and \`(Duration/between a b)\` with \`.toMillis\` \`.toDays\`; \`(System/currentTimeMillis)\`; \`Math/abs\` \`Math/pow\` \`Math/sqrt\` \`Math/round\`; \`(Integer/parseInt "7")\` \`(Double/parseDouble "2.5")\` \`(Boolean/parseBoolean "true")\`; string methods \`.indexOf\` \`.substring\` \`.length\` \`.contains\`, which count UTF-16 units (\`count\` and \`subs\` count characters).`;
}

const NOT_THERE = `## Not available
No eval, read-string or defmacro. No mutable state (atom, swap!, reset!): compute new values and bind them. No try, catch or throw: test with if and end with \`(fail reason)\`. No I/O (slurp, spit, files, network): only \`tool/\` reaches outside. No lazy or infinite sequences (iterate, cycle, \`range\` without arguments). No ns, require, import or other Java classes.`;

const MISTAKES = `## Common mistakes
- Comparator before the collection: \`(sort-by :price > items)\`, not \`(sort-by :price items >)\`.
- \`(apply max xs)\`, not \`(max xs)\`; likewise min and +.
- \`includes?\` is for strings; for collections use \`(contains? #{"a" "b"} x)\` or \`(some #{x} coll)\` (on a vector, \`contains?\` checks values).
- Keywords are not strings: \`(= :open "open")\` is false; data values are usually strings (\`"Electronics"\`). Key lookup is lenient (\`(:name m)\` also finds a \`"name"\` key); \`group-by\` and \`frequencies\` keys are the values themselves.
- \`<\` and \`>\` take numbers only; order strings with \`compare\` or \`sort\`.
- Parse text with \`parse-long\`/\`parse-double\` (nil if not a number), not \`int\`.
- \`(str :a)\` is \`":a"\`, \`(name :a)\` is \`"a"\`; \`(take 3 s)\` on a string gives letters, use \`subs\`.`;

function build(mode: PromptMode): string {
  return [INTRO, VALUES, FORMS, namespaces(mode), PREDICATES, functions(), NOT_THERE, MISTAKES].join('\n\n');
}

const cache = new Map<PromptMode, string>();

export const LanguageSpec = {
  /** The PTC-Lisp reference for the given mode (multi_turn adds what persists between turns). */
  get(mode: PromptMode): string {
    if (mode !== 'single_shot' && mode !== 'multi_turn') throw new Error(`unknown prompt mode: ${String(mode)}`);
    let text = cache.get(mode);
    if (text === undefined) cache.set(mode, (text = build(mode)));
    return text;
  },
};
