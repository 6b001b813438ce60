// Lessons 11–13: the mistakes models and people make most (the SYSTEM prompt's list), and what the
// history shows the model.
import type { Lesson } from '../types.ts';

export const MISTAKES: readonly Lesson[] = [
  {
    id: 'java-interop',
    title: 'Mistake: reaching for Java',
    area: 'mistakes',
    text: `Models trained on Clojure reach for Java: \`(Integer/parseInt s)\`, \`(.length s)\`, \`(.contains s "x")\`. A few of these are accepted for compatibility, but they are not the language: \`Integer/parseInt\` stops the program on text that is not a number, and anything else from Java is an error.

The PTC way:

- \`(parse-long "42")\` is \`42\` and \`(parse-long "4x")\` is \`nil\`; \`parse-double\` for decimals. \`(int "7")\` is a type error: \`int\` takes numbers.
- \`(count s)\` for the length, \`(includes? s "x")\` for a substring, \`(upper-case s)\`, \`(split s #",")\`.
- \`(name :open)\` is \`"open"\`, while \`(str :open)\` is \`":open"\`.

\`keep\` is \`map\` that drops the \`nil\` results, which suits parse-long well.`,
    task: 'data/raw holds strings, some of them not numbers. Give the sum of the ones that are whole numbers, without Java interop.',
    data: { raw: ['12', '7', 'n/a', '30', ''] },
    tools: [],
    starter: '(reduce + (map #(Integer/parseInt %) data/raw))',
    check: {
      expected: '49',
      code: [
        {
          pattern: '\\b(Integer|Long|Double|Math|String)/|\\(\\.[a-zA-Z]',
          present: false,
          message: 'expected no Java interop (Integer/parseInt, .length, …): use the PTC functions',
          hint: '(parse-long s) gives the number, or nil when s is not one.',
        },
      ],
    },
    hints: ['(parse-long s) gives nil for text that is not a number.', '(keep parse-long data/raw) keeps only the numbers; then (reduce + …).'],
    solution: '(reduce + (keep parse-long data/raw))',
  },
  {
    id: 'common-slips',
    title: 'Mistakes: forgetting return, and three slips',
    area: 'mistakes',
    text: `The slips that cost models the most turns:

- **Forgetting \`return\`.** When the answer is ready, \`(return answer)\`. A program that just ends with the answer leaves the run going, and the next turn starts over from the history.
- **\`(max xs)\` on a vector.** \`max\`, \`min\` and \`+\` take numbers as arguments: \`(apply max xs)\`, or \`(reduce + xs)\`.
- **The comparator after the collection.** It is \`(sort-by :score > xs)\`, not \`(sort-by :score xs >)\`.
- **\`includes?\` on a vector.** It is for strings; for a collection use \`(contains? #{"a" "b"} x)\` or \`(some #{x} xs)\`.

\`\`\`clojure
(apply max [3 9 4])                          ; => 9
(sort-by :n > [{:n 1} {:n 3}])               ; => [{:n 3} {:n 1}]
(contains? #{"a" "b"} "a")                   ; => true
\`\`\``,
    task: 'From data/scores, return (with return) {:best B :ranking NAMES}: the highest score, and the names of the players whose team is "red" or "blue", highest score first.',
    data: {
      scores: [
        { name: 'ana', team: 'red', score: 7 },
        { name: 'ben', team: 'green', score: 9 },
        { name: 'cai', team: 'blue', score: 8 },
        { name: 'dee', team: 'red', score: 5 },
      ],
    },
    tools: [],
    starter: `(let [scores (map :score data/scores)]
  {:best (max scores)})`,
    check: { expected: '{:best 9 :ranking ["cai" "ana" "dee"]}', ending: 'return' },
    hints: [
      '(apply max (map :score data/scores)) is the best score; the team test is #(contains? #{"red" "blue"} (:team %)).',
      '(sort-by :score > …) sorts highest first; wrap the map in (return …).',
    ],
    solution: `(let [best (apply max (map :score data/scores))
      ranked (->> data/scores
                  (filter #(contains? #{"red" "blue"} (:team %)))
                  (sort-by :score >)
                  (map :name))]
  (return {:best best :ranking ranked}))`,
  },
  {
    id: 'history',
    title: 'What the history shows the model',
    area: 'history',
    text: `Each turn the model gets the history of the run so far, and a strategy decides what it shows (see the Strategies docs). Full history repeats every turn's code and feedback; the default, \`single-user-coalesced\`, packs one USER message instead:

- the mission, \`tool/\` and \`data/\` as always, and \`user/\`: the names defined so far, with their docstrings;
- \`;; Tool calls made:\` every tool call of every turn, failed turns included, with its arguments but not its result (the last 20);
- \`;; Output:\` the println lines of the successful turns only (the last 15);
- the failing attempt, code and error, only while the run is still failing.

Old code is not shown, nor old results: a value reaches the next turn only as printed output, or as a name in \`user/\` (with a short sample of its value only while nothing has been printed). That is why a good turn prints what it learned and defs what it will need.`,
    task: 'data/turns describes three finished turns. Give the map {:output LINES :calls NAMES} that single-user-coalesced shows next: the printed lines it keeps and the tool names of the calls it lists, in order.',
    data: {
      turns: [
        { number: 1, ok: true, prints: ['3 lamps found'], calls: ['search-products'], result: [1, 2, 3] },
        { number: 2, ok: false, prints: ['checking prices'], calls: ['get-price'], error: 'get-price expected an integer' },
        { number: 3, ok: true, prints: ['Desk lamp 40', 'Floor lamp 90'], calls: ['get-price', 'get-price'], result: { 'Desk lamp': 40 } },
      ],
    },
    tools: [],
    starter: `{:output (vec (mapcat :prints data/turns))
 :calls []}`,
    check: {
      expected: '{:output ["3 lamps found" "Desk lamp 40" "Floor lamp 90"] :calls ["search-products" "get-price" "get-price" "get-price"]}',
    },
    hints: [
      'Output comes from the successful turns only: (filter :ok data/turns) before taking :prints.',
      'Tool calls are listed for every turn, the failed one too: (mapcat :calls data/turns).',
    ],
    solution: `(let [ok (filter :ok data/turns)]
  {:output (vec (mapcat :prints ok))
   :calls (vec (mapcat :calls data/turns))})`,
  },
];
