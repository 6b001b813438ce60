// Lessons 5–6: where and the predicate builders; def and defn with docstrings.
import type { Lesson } from '../types.ts';

export const FUNCTIONS: readonly Lesson[] = [
  {
    id: 'where-and-predicates',
    title: 'where, all-of, any-of, none-of',
    area: 'functions',
    text: `\`(where field op value)\` builds a predicate, a function of one map that says true or false, ready for \`filter\`, \`remove\` or \`find\`:

\`\`\`clojure
(filter (where :price > 100) items)
(find (where :name = "Pen") items)         ; the first match, or nil
(filter (where [:owner :city] = "Lyon") items)   ; a path into nested maps
(filter (where :done) items)               ; truthy field
\`\`\`

The operators: \`=\` \`not=\` \`>\` \`<\` \`>=\` \`<=\`, \`includes\` (a substring, or a member of a vector field) and \`in\` (the field is one of the given values). A missing field is simply false for \`>\` and \`<\`, not an error.

Combine predicates with \`(all-of p q …)\` (every one), \`(any-of p q …)\` (at least one) and \`(none-of p q …)\` (not one). They nest.`,
    task: 'From data/tickets, give the ids of the tickets whose status is "open" or "pending" and that either have priority 4 or more or are tagged "billing". Use where.',
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
    starter: '(filter (where :status = "open") data/tickets)',
    check: {
      expected: '[1 3 5]',
      noun: 'ids',
      code: [{ pattern: '\\(where\\b', present: true, message: 'expected the tests to be written with (where …)' }],
    },
    hints: [
      'The status test is (where :status in ["open" "pending"]); the tag test is (where :tags includes "billing").',
      'Put the two alternatives in (any-of …) and both conditions in (all-of …), then (map :id …).',
    ],
    solution: `(->> data/tickets
     (filter (all-of (where :status in ["open" "pending"])
                     (any-of (where :priority >= 4)
                             (where :tags includes "billing"))))
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

Two things to know: \`def\` itself returns the var \`#'tax-rate\`, not the value, so a program that should give the value ends with the name. And a builtin's name cannot be defined again: \`(def count 3)\` is an error (\`let\` may shadow it).`,
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
