// Lessons 5–6: predicates as functions and their combinators; def and defn with docstrings.
import type { Lesson } from '../types.ts';

export const FUNCTIONS: readonly Lesson[] = [
  {
    id: 'predicate-functions',
    title: 'Predicates: #(…), every-pred, some-fn',
    area: 'functions',
    text: `A predicate is a function of one item that says true or false, ready for \`filter\`, \`remove\` or \`some\`. Any function will do: \`#(…)\` with \`%\` for the item, a keyword (truthy field), a set (one of these values):

\`\`\`clojure
(filter #(> (:price %) 100) items)
(first (filter #(= (:name %) "Pen") items))   ; the first match, or nil
(filter #(= (get-in % [:owner :city]) "Lyon") items)
(filter :done items)                           ; truthy field
(filter (comp #{"open" "pending"} :status) items)
\`\`\`

Combine predicates with \`(every-pred p q …)\` (every one), \`(some-fn p q …)\` (at least one) and \`(complement p)\` (not). They nest. \`<\` and \`>\` on a missing field are an error, not false: guard it, e.g. \`#(when-let [p (:price %)] (> p 100))\`.`,
    task: 'From data/tickets, give the ids of the tickets whose status is "open" or "pending" and that either have priority 4 or more or are tagged "billing". Use every-pred and some-fn.',
    data: {
      tickets: [
        { id: 1, status: 'open', priority: 3, tags: ['billing'] },
        { id: 2, status: 'closed', priority: 5, tags: ['bug'] },
        { id: 3, status: 'open', priority: 5, tags: ['bug', 'urgent'] },
        { id: 4, status: 'pending', priority: 1, tags: [] },
        { id: 5, status: 'open', priority: 4, tags: ['bug'] },
      ],
    },
    tools: [],
    starter: '(filter #(= (:status %) "open") data/tickets)',
    check: {
      expected: '[1 3 5]',
      noun: 'ids',
      code: [
        { pattern: '\\(every-pred\\b', present: true, message: 'expected the conditions to be combined with (every-pred …)' },
        { pattern: '\\(some-fn\\b', present: true, message: 'expected the alternatives to be combined with (some-fn …)' },
      ],
    },
    hints: [
      'The status test is (comp #{"open" "pending"} :status); the tag test is #(some #{"billing"} (:tags %)).',
      'Put the two alternatives in (some-fn …) and both conditions in (every-pred …), then (map :id …).',
    ],
    solution: `(->> data/tickets
     (filter (every-pred (comp #{"open" "pending"} :status)
                         (some-fn #(>= (:priority %) 4)
                                  #(some #{"billing"} (:tags %)))))
     (map :id))`,
  },
  {
    id: 'def-and-defn',
    title: 'def and defn, with docstrings',
    area: 'functions',
    text: `\`def\` names a value, \`defn\` names a function. Both take an optional docstring after the name, and in an agent run it matters: the names you define are listed for the model in the next turn's \`user/\` section, with their docstrings, so a short doc tells the next turn what the name holds.

\`\`\`clojure
(def tax-rate "VAT as a fraction" 0.2)
(defn net "price without VAT" [gross]
  (/ gross (+ 1 tax-rate)))
(net 120)   ; => 100.0
\`\`\`

Two things to know: \`def\` itself returns the var \`#'tax-rate\`, not the value, so a program that should give the value ends with the name. And a definition may take a builtin's name: after \`(defn count [x] …)\` the next forms and later turns call yours, so choose your own names unless you mean to replace one.`,
    task: 'Define line-total with a docstring (qty times price of one line, taking the line map), then def grand-total as the sum of line-total over data/lines, and end with the value of grand-total.',
    data: {
      lines: [
        { qty: 2, price: 5 },
        { qty: 1, price: 20 },
        { qty: 4, price: 3 },
      ],
    },
    tools: [],
    starter: `(defn line-total [line]
  0)

(def grand-total (reduce + (map line-total data/lines)))`,
    check: {
      expected: '42',
      code: [
        {
          pattern: '\\(defn\\s+line-total\\s+"',
          present: true,
          message: 'expected a docstring on line-total: (defn line-total "what it gives" [line] …)',
        },
        { pattern: '\\(def\\s+grand-total\\b', present: true, message: 'expected grand-total to be defined with (def grand-total …)' },
      ],
    },
    hints: [
      'The docstring goes between the name and the parameters. The body is (* (:qty line) (:price line)), or destructure {:keys [qty price]}.',
      "A program ending with (def …) gives the var #'grand-total: add grand-total as the last form.",
    ],
    solution: `(defn line-total
  "qty times price of one order line"
  [{:keys [qty price]}]
  (* qty price))

(def grand-total "sum of every line's total" (reduce + (map line-total data/lines)))
grand-total`,
  },
];
