// Lessons 1–4: values and let, collections, threading, destructuring.
import type { Lesson } from '../types.ts';

const PRODUCTS = [
  { name: 'Desk', price: 300, category: 'furniture' },
  { name: 'Pen', price: 2, category: 'office' },
  { name: 'Lamp', price: 45, category: 'furniture' },
  { name: 'Stapler', price: 12, category: 'office' },
];

export const BASICS: readonly Lesson[] = [
  {
    id: 'values-and-let',
    title: 'Values and let',
    area: 'basics',
    text: `A PTC-Lisp program is a list of forms; the value of the last one is the result.

Values: integers (\`42\`), floats (\`2.5\`), strings (\`"text"\`), keywords (\`:name\`), \`nil\`, \`true\` and \`false\`. Only \`nil\` and \`false\` count as false in a test; \`0\` and \`""\` are true.

Integers and floats are different values: \`(/ 10 4)\` is \`2.5\`, \`(/ 10 2)\` is \`5.0\`, and \`(= 5 5.0)\` is false. \`str\` glues anything into a string: \`(str "n=" 3)\` is \`"n=3"\`.

\`let\` names values for the forms inside it. Each name can use the ones before it:

\`\`\`clojure
(let [w 4
      h 3
      area (* w h)]
  (str w "x" h " = " area))   ; => "4x3 = 12"
\`\`\``,
    task: 'With let, name price 12 and qty 3, and give the map {:total 36 :label "3 x 12"}, computing both from the names.',
    data: {},
    tools: [],
    starter: `(let [price 12
      qty 3]
  ;; build the map here
  nil)`,
    check: {
      expected: '{:total 36 :label "3 x 12"}',
      code: [{ pattern: '\\(let\\s*\\[', present: true, message: 'expected the values to be named with (let [price 12 qty 3] …)' }],
    },
    hints: ['A map is written {:key value :key value}; (* price qty) is the total.', 'The label is (str qty " x " price): mind the spaces around the x.'],
    solution: `(let [price 12
      qty 3]
  {:total (* price qty)
   :label (str qty " x " price)})`,
  },
  {
    id: 'collections',
    title: 'Vectors, maps and the sequence functions',
    area: 'collections',
    text: `Vectors \`[1 2 3]\`, maps \`{:name "Pen" :price 2}\` and sets \`#{"a" "b"}\` hold other values. They never change: \`(assoc m :price 3)\` is a new map and \`m\` stays as it was.

A keyword is also a function that looks itself up in a map: \`(:price {:price 2})\` is \`2\`.

\`map\`, \`filter\`, \`remove\`, \`sort\` and friends take the function first and the collection last, and give a vector:

\`\`\`clojure
(map :price [{:price 2} {:price 5}])     ; => [2 5]
(filter even? [1 2 3 4])                 ; => [2 4]
(filter #(> (:price %) 3) [{:price 2} {:price 5}])  ; => [{:price 5}]
(sort ["b" "c" "a"])                     ; => ["a" "b" "c"]
\`\`\`

\`#(…)\` is a short function: \`%\` is its argument.`,
    task: 'data/products is a vector of products. Give the names of those priced under 50, sorted alphabetically.',
    data: { products: PRODUCTS },
    tools: [],
    starter: 'data/products',
    check: { expected: '["Lamp" "Pen" "Stapler"]', noun: 'names' },
    hints: [
      'Filter first with #(< (:price %) 50), then take the names with (map :name …).',
      'sort orders strings alphabetically: wrap the whole thing in (sort …).',
    ],
    solution: '(sort (map :name (filter #(< (:price %) 50) data/products)))',
  },
  {
    id: 'threading',
    title: 'Pipelines with ->>',
    area: 'collections',
    text: `Nested calls read inside out. \`->>\` writes them as a pipeline: it puts each result as the last argument of the next form.

\`\`\`clojure
(->> [5 1 4 2]
     (filter even?)    ; (filter even? [5 1 4 2])
     (map inc)         ; (map inc [4 2])
     sort)             ; => [3 5]
\`\`\`

\`->\` does the same as the first argument, which suits maps: \`(-> {:a 1} (assoc :b 2) (dissoc :a))\` is \`{:b 2}\`. Use \`->>\` for collections (map, filter, reduce take the collection last) and \`->\` for one map.

Data values are usually strings: compare with \`"office"\`, not \`:office\` (a keyword is never equal to a string).`,
    task: 'With ->>, add up the prices of the products in the "office" category of data/products.',
    data: { products: PRODUCTS },
    tools: [],
    starter: '(->> data/products)',
    check: {
      expected: '14',
      code: [{ pattern: '->>', present: true, message: 'expected a pipeline written with ->>' }],
    },
    hints: [
      'Three steps: (filter #(= (:category %) "office")), (map :price), (reduce +).',
      'The category is the string "office": a keyword :office never matches it.',
    ],
    solution: `(->> data/products
     (filter #(= (:category %) "office"))
     (map :price)
     (reduce +))`,
  },
  {
    id: 'destructuring',
    title: 'Destructuring',
    area: 'collections',
    text: `Destructuring takes a value apart where names are bound: in \`let\`, \`fn\` and \`defn\` parameters, and \`loop\`.

\`\`\`clojure
(let [[first-one second-one & more] [1 2 3 4]]
  more)                                   ; => [3 4]
(let [{:keys [title price] :or {price 0}} {:title "Lamp"}]
  [title price])                          ; => ["Lamp" 0]
(map (fn [{:keys [qty price]}] (* qty price))
     [{:qty 2 :price 5}])                 ; => [10]
\`\`\`

\`{:keys [a b]}\` binds \`a\` to \`(:a m)\` and \`b\` to \`(:b m)\`; \`:or\` gives defaults for missing keys, \`:as whole\` keeps the whole map too.`,
    task: 'Using {:keys […]} destructuring, turn data/order into the string "Ada (Lyon): 30": the customer\'s name, the city, and the order total (qty times price over the lines).',
    data: {
      order: {
        id: 7,
        customer: { name: 'Ada', city: 'Lyon' },
        lines: [
          { sku: 'A1', qty: 2, price: 5 },
          { sku: 'B2', qty: 1, price: 20 },
        ],
      },
    },
    tools: [],
    starter: `(let [order data/order]
  order)`,
    check: {
      expected: '"Ada (Lyon): 30"',
      code: [{ pattern: ':keys', present: true, message: 'expected {:keys […]} destructuring instead of looking each key up by hand' }],
    },
    hints: [
      'Two steps of :keys: {:keys [customer lines]} from the order, then {:keys [name city]} from the customer.',
      'The total: (reduce + (map (fn [{:keys [qty price]}] (* qty price)) lines)).',
    ],
    solution: `(let [{:keys [customer lines]} data/order
      {:keys [name city]} customer
      total (reduce + (map (fn [{:keys [qty price]}] (* qty price)) lines))]
  (str name " (" city "): " total))`,
  },
];
