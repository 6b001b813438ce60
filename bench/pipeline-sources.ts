// The benchmark's data pipelines, each written once in Clojure that both PTC-Lisp and nbb (Clojure
// on Node via SCI) run: records built with range/mapv, then filter, group-by, sort-by, frequencies,
// reduce, update and string building. bench/js-pipelines/ holds the same work in plain JavaScript.

/** The limits the pipelines need: up to 20,000 loop iterations and collections, a minute of time. */
export const PIPELINE_LIMITS = { timeoutMs: 60000, maxLoopIterations: 1e7, maxValueSize: 1e8 };

/** Records shared by most pipelines: 20,000 orders with integer prices (cents) so CLJS numbers print alike. */
export const ORDERS = `(mapv (fn [i]
         {:id i
          :category (nth ["books" "games" "music" "garden" "tools" "toys" "food" "shoes" "office" "sports"] (mod (* i 7) 10))
          :price (+ 100 (mod (* i 37) 9900))
          :qty (mod (* i 13) 17)
          :name (str "item-" (mod (* i 31) 997) "-" (nth ["red" "blue" "green" "black"] (mod i 4)))})
       (range 20000))`;

export const PIPELINES: { name: string; source: string }[] = [
  {
    name: 'revenue-by-category',
    source: `(let [orders ${ORDERS}]
  (->> orders
       (filter #(pos? (:qty %)))
       (group-by :category)
       (map (fn [[c os]] [c (count os) (reduce + (map #(* (:price %) (:qty %)) os))]))
       (sort-by first)
       vec))`,
  },
  {
    name: 'top-10-by-price',
    source: `(let [orders ${ORDERS}]
  (->> orders
       (filter #(> (:qty %) 3))
       (sort-by (juxt (comp - :price) :id))
       (take 10)
       (mapv (juxt :id :name :price))))`,
  },
  {
    name: 'word-frequencies',
    source: `(let [orders ${ORDERS}
      words (mapcat #(str/split (:name %) #"-") orders)]
  (->> (frequencies words)
       (sort-by (juxt (comp - val) key))
       (take 8)
       (mapv (fn [[w n]] (str w "=" n)))))`,
  },
  {
    name: 'csv-report',
    source: `(let [orders ${ORDERS}
      lines (map (fn [o] (str/join "," [(:id o) (:name o) (:category o) (:price o) (:qty o) (* (:price o) (:qty o))]))
                 (filter #(even? (:id %)) orders))
      report (str "id,name,category,price,qty,total\\n" (str/join "\\n" lines))]
  [(count report) (subs report 0 80) (count (str/split-lines report))])`,
  },
  {
    name: 'category-stats',
    source: `(let [orders ${ORDERS}
      stats (update-vals (group-by :category orders)
                         (fn [os] {:n (count os)
                                   :units (reduce + (map :qty os))
                                   :max-price (apply max (map :price os))
                                   :names (count (distinct (map :name os)))}))]
  (into [] (sort-by key stats)))`,
  },
  {
    name: 'inventory-ledger',
    source: `(let [events (mapv (fn [i] {:sku (str "sku-" (mod (* i 17) 500)) :delta (- (mod (* i 11) 21) 10)}) (range 20000))
      stock (reduce (fn [m e] (update m (:sku e) (fnil + 0) (:delta e))) {} events)
      short (->> stock (filter (fn [[_ v]] (neg? v))) (map key) sort)]
  {:skus (count stock) :total (reduce + (vals stock)) :short (count short) :first-short (vec (take 5 short))})`,
  },
  {
    name: 'join-customers',
    source: `(let [customers (into {} (map (fn [c] [c {:region (nth [:north :south :east :west] (mod c 4)) :vip (zero? (mod c 9))}]) (range 1000)))
      orders (mapv (fn [i] {:id i :customer (mod (* i 7) 1000) :amount (+ 5 (mod (* i 29) 500))}) (range 15000))
      enriched (mapv #(merge % (get customers (:customer %))) orders)
      by-region (reduce (fn [acc o] (update-in acc [(:region o) (if (:vip o) :vip :regular)] (fnil + 0) (:amount o))) {} enriched)]
  (into [] (sort-by key (update-vals by-region #(into [] (sort-by key %))))))`,
  },
  {
    // Small maps made lazily (map, not mapv), then filter, group-by and a sort on a reduced sum with
    // a comparator. (The program, with 109 for 101 so that no two sums tie: tied groups
    // keep group-by's hash order, which the hand-written JavaScript would have to imitate.)
    name: 'group-sum-sort',
    source: `(->> (range 20000)
     (map (fn [i] {:id i :k (mod i 37) :v (mod (* i 7) 109)}))
     (filter #(odd? (:v %)))
     (group-by :k)
     (map (fn [[k xs]] [k (reduce + (map :v xs))]))
     (sort-by second >)
     vec)`,
  },
  {
    name: 'running-balance-loop',
    source: `(let [txs (mapv (fn [i] (if (zero? (mod i 5)) (- (mod (* i 3) 700)) (mod (* i 7) 300))) (range 20000))]
  (loop [i 0 bal 0 low 0 overdrafts 0]
    (if (< i (count txs))
      (let [b (+ bal (nth txs i))]
        (recur (inc i) b (min low b) (if (neg? b) (inc overdrafts) overdrafts)))
      {:balance bal :low low :overdrafts overdrafts})))`,
  },
];

/** Clojure's printer separates map entries with ", "; PTC's does not. Drop commas outside strings. */
export function normalizePrinted(printed: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < printed.length; i++) {
    const c = printed[i];
    if (inString) {
      out += c;
      if (c === '\\') out += printed[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== ',') out += c;
  }
  return out.replace(/ +/g, ' ');
}
