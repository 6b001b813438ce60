// Lessons 7–10: data/, tool/ calls, println, return and fail: what a program in an agent run reaches and how it ends.
import type { Lesson } from '../types.ts';

const CATALOG = `[{:id 1 :title "Desk lamp" :stock 4}
           {:id 2 :title "Floor lamp" :stock 1}
           {:id 3 :title "Lava lamp" :stock 0}
           {:id 4 :title "Desk" :stock 2}]`;

export const AGENT: readonly Lesson[] = [
  {
    id: 'data',
    title: 'Input data: data/',
    area: 'agent',
    text: `A session's input data is reached as \`data/NAME\`. JSON objects arrive as maps with keyword keys, arrays as vectors, so \`(:amount order)\` works on them.

Data is read-only: \`(def data/x 1)\` is an error. Compute new values and bind them with \`let\` or \`def\` instead.

The bare name also works when nothing else is called that (\`orders\` for \`data/orders\`), but the prefix is always safe.

\`group-by\` gathers items under the value of a field, \`update-vals\` changes every value of a map, and \`sum-by\` adds up one field:

\`\`\`clojure
(group-by :kind [{:kind "a" :n 1} {:kind "b" :n 2} {:kind "a" :n 3}])
;; => {"a" [{:kind "a" :n 1} {:kind "a" :n 3}] "b" [{:kind "b" :n 2}]}
(update-vals {"a" [1 2] "b" [5]} count)   ; => {"a" 2 "b" 1}
(sum-by :n [{:n 1} {:n 3}])               ; => 4
\`\`\``,
    task: 'Give a map from each customer in data/orders to the sum of their amounts, keeping only the customers whose total is above data/threshold.',
    data: {
      orders: [
        { customer: 'ada', amount: 120 },
        { customer: 'bo', amount: 40 },
        { customer: 'ada', amount: 30 },
        { customer: 'cy', amount: 75 },
        { customer: 'bo', amount: 70 },
      ],
      threshold: 100,
    },
    tools: [],
    starter: 'data/orders',
    check: {
      expected: '{"ada" 150 "bo" 110}',
      code: [{ pattern: 'threshold', present: true, message: 'expected the limit to be read from data/threshold, not written into the program' }],
    },
    hints: [
      '(group-by :customer data/orders), then (update-vals … #(sum-by :amount %)).',
      'A map seen as a sequence gives [key value] pairs: filter them with (fn [[_ total]] (> total data/threshold)) and put them back with (into {} …).',
    ],
    solution: `(->> data/orders
     (group-by :customer)
     (update-vals #(sum-by :amount %))
     (filter (fn [[_ total]] (> total data/threshold)))
     (into {}))`,
  },
  {
    id: 'describe',
    title: 'Looking at data before using it: describe and doc',
    area: 'agent',
    text: `Data from a tool or a log rarely has the shape you expect: a field is missing from some records, a number arrives as a string. Printing it all costs the model's attention and the turn's output budget; \`describe\` gives its shape as a small map instead:

\`\`\`clojure
(describe [{:id 1} {:id 2 :note "x"}])
;; => {:type "vector" :count 2 :scanned 2 :item_types {"map" 2} :keys {:id {:present 2 :pct 100.0 :types {"integer" 2} :examples [1 2] :distinct_count 2} :note {:present 1 :pct 50.0 :types {"string" 1} :examples ["x"] :distinct_count 1}} :key_types {"keyword" 3}}
\`\`\`

\`:pct\` says how often a key is present, \`:types\` what its values are. \`(describe x {:depth 2 :paths true})\` goes one level deeper and lists every path. \`(doc name)\` prints how to call a function, and \`(apropos "text")\` finds the names that mention a word.`,
    task: 'data/events is a log whose records do not all have the same keys. Use describe to find the one key that only some events have, and give that key (a keyword).',
    data: {
      events: [
        { kind: 'view', at: 1, user: 'ann' },
        { kind: 'click', at: 2, user: 'bo' },
        { kind: 'error', at: 3, user: 'ann', error: 'timeout' },
        { kind: 'view', at: 4, user: 'cy' },
      ],
    },
    tools: [],
    starter: '(describe data/events)',
    check: {
      expected: ':error',
      code: [{ pattern: '\\(describe\\b', present: true, message: 'expected the shape to come from (describe …)' }],
    },
    hints: [
      '(:keys (describe data/events)) maps each key to its summary; :pct below 100.0 means some events lack it.',
      'Keep the entries whose summary has :pct under 100.0, then take the key of the first: (key (first …)).',
    ],
    solution: `(->> (:keys (describe data/events))
     (filter (fn [[_ summary]] (< (:pct summary) 100.0)))
     first
     key)`,
  },
  {
    id: 'tools',
    title: 'Calling tools: tool/',
    area: 'agent',
    text: `Tools are the only way out of the sandbox. \`(tool/NAME arg …)\` calls one with the arguments its signature lists; the call really happens and is recorded, and the history shows the model which calls were made.

\`\`\`clojure
(tool/get-weather "Lyon")
(def hits (tool/search "lamp"))   ; keep a result you need again
\`\`\`

Calling a tool twice for the same thing costs twice (time, money, rate limits). Call once, bind the result with \`let\` or \`def\`, and work on the value.

\`(into {} pairs)\` builds a map from \`[key value]\` pairs; \`(juxt f g)\` makes the function that gives \`[(f x) (g x)]\`.`,
    task: 'Find lamps with one call of tool/search-products, keep those in stock, and give a map from title to price (tool/get-price takes an id).',
    data: {},
    tools: [
      {
        name: 'search-products',
        signature: '(query :string) -> [:map]',
        description: 'Products whose title contains the query, with :id :title :stock',
        impl: `(fn [query]
  (filter #(includes? (lower-case (:title %)) (lower-case query))
          ${CATALOG}))`,
      },
      {
        name: 'get-price',
        signature: '(id :int) -> :int',
        description: 'The price of one product',
        impl: '(fn [id] (get {1 40 2 90 3 25 4 300} id))',
      },
    ],
    starter: '(tool/search-products "lamp")',
    check: {
      expected: '{"Desk lamp" 40 "Floor lamp" 90}',
      calls: ['search-products', 'get-price'],
      maxCalls: { tool: 'search-products', max: 1 },
    },
    hints: [
      'Bind the search once: (let [hits (tool/search-products "lamp")] …), then (filter #(pos? (:stock %)) hits).',
      'For each in-stock hit, make [title price]: (map (juxt :title #(tool/get-price (:id %))) …), and (into {} …).',
    ],
    solution: `(let [hits (tool/search-products "lamp")
      in-stock (filter #(pos? (:stock %)) hits)]
  (into {} (map (juxt :title #(tool/get-price (:id %))) in-stock)))`,
  },
  {
    id: 'println',
    title: 'println: notes for the next turn',
    area: 'agent',
    text: `\`(println a b …)\` writes its arguments joined by one space (strings without quotes) as one line of output, and returns \`nil\`.

In an agent run, output is how a turn leaves notes for the next: the history shows the printed lines under \`;; Output:\`, and some strategies keep them when the code and results of old turns are gone.

\`doseq\` runs its body once per item, for the printing, and returns \`nil\`; \`map\` would collect the \`nil\`s of println into a vector. Keep the value you want as the last form.

\`\`\`clojure
(doseq [x [1 2]]
  (println "item" x))   ; prints "item 1" and "item 2"
\`\`\``,
    task: 'Print one line "#ID STATUS" per ticket in data/tickets (e.g. "#1 open"), then give the number of tickets.',
    data: {
      tickets: [
        { id: 1, status: 'open' },
        { id: 2, status: 'closed' },
        { id: 3, status: 'pending' },
      ],
    },
    tools: [],
    starter: '(count data/tickets)',
    check: { expected: '3', prints: ['#1 open', '#2 closed', '#3 pending'] },
    hints: [
      'println puts a space between its arguments: build "#1" with (str "#" (:id t)) first.',
      '(doseq [t data/tickets] (println …)) then (count data/tickets).',
    ],
    solution: `(doseq [t data/tickets]
  (println (str "#" (:id t)) (:status t)))
(count data/tickets)`,
  },
  {
    id: 'fail',
    title: 'Ending a run: return and fail',
    area: 'agent',
    text: `In an agent run each turn's program runs, and the loop goes on to another turn until the program ends the mission:

- \`(return value)\` stops at once and ends the run with that value as the answer.
- \`(fail reason)\` stops at once and ends the run as failed; the reason says why.

A program that just ends with a value does not end the mission: the value is shown to the model, and the loop asks for another turn, until the turns run out. (Only a run of a single turn takes the last value as the answer.) There is no try/catch or throw; test with \`if\` and \`fail\` when the task cannot be done.

\`\`\`clojure
(if-let [hit (first (filter #(= (:id %) 7) accounts))]
  (return (:balance hit))
  (fail "no account 7"))
\`\`\``,
    task: 'Look up the account whose id is data/wanted in data/accounts. Return its balance with (return …) if it is there; if not, end with (fail …) and a reason naming the id.',
    data: {
      wanted: 9,
      accounts: [
        { id: 3, balance: 250 },
        { id: 7, balance: 10 },
      ],
    },
    tools: [],
    starter: '(first (filter #(= (:id %) data/wanted) data/accounts))',
    check: {
      ending: 'fail',
      predicate: '(fn [reason] (or (and (string? reason) (includes? reason "9")) "the reason should name the missing id 9"))',
    },
    hints: [
      'if-let binds the found account, or takes the else branch when (first (filter …)) gives nil.',
      'Build the reason with (str "no account " data/wanted).',
    ],
    solution: `(if-let [account (first (filter #(= (:id %) data/wanted) data/accounts))]
  (return (:balance account))
  (fail (str "no account " data/wanted)))`,
  },
];
