// Benchmark: realistic data pipelines, each written once in Clojure that both PTC-Lisp and nbb
// (Clojure on Node via SCI) run. Times parse + analyze + evaluate + printing of the result, in process,
// and checks both print the same value. Goal: every PTC time at most half of nbb's.
// usage: npm run bench [-- --runs N --warmup N --only NAME --engine BUNDLE.mjs]
// --engine times a bundle built earlier (e.g. from a previous commit) instead of building this tree,
// so full runs of two engines can be alternated on a noisy machine.
import { loadString, version as nbbVersion } from 'nbb';
import { loadEngine } from './engine-bundle.ts';

const engineAt = process.argv.indexOf('--engine');
const { run, printValue } = await loadEngine(engineAt >= 0 ? process.argv[engineAt + 1] : undefined);

/** Records shared by most pipelines: 20,000 orders with integer prices (cents) so CLJS numbers print alike. */
const ORDERS = `(mapv (fn [i]
         {:id i
          :category (nth ["books" "games" "music" "garden" "tools" "toys" "food" "shoes" "office" "sports"] (mod (* i 7) 10))
          :price (+ 100 (mod (* i 37) 9900))
          :qty (mod (* i 13) 17)
          :name (str "item-" (mod (* i 31) 997) "-" (nth ["red" "blue" "green" "black"] (mod i 4)))})
       (range 20000))`;

const PIPELINES: { name: string; source: string }[] = [
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
    name: 'running-balance-loop',
    source: `(let [txs (mapv (fn [i] (if (zero? (mod i 5)) (- (mod (* i 3) 700)) (mod (* i 7) 300))) (range 20000))]
  (loop [i 0 bal 0 low 0 overdrafts 0]
    (if (< i (count txs))
      (let [b (+ bal (nth txs i))]
        (recur (inc i) b (min low b) (if (neg? b) (inc overdrafts) overdrafts)))
      {:balance bal :low low :overdrafts overdrafts})))`,
  },
];

const LIMITS = { timeoutMs: 60000, maxLoopIterations: 1e7, maxValueSize: 1e8 };

function argValue(flag: string, fallback: number): number {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const RUNS = argValue('--runs', 20);
const WARMUP = argValue('--warmup', 5);
const onlyAt = process.argv.indexOf('--only');
const ONLY = onlyAt >= 0 ? process.argv[onlyAt + 1] : null;

function runPtc(source: string): string {
  const r = run({ program: source, limits: LIMITS });
  if (!r.ok) throw new Error(`ptc ${r.error.type}: ${r.error.message}${r.error.line ? ` (line ${r.error.line}, column ${r.error.column})` : ''}`);
  if (r.signal === 'fail') throw new Error(`ptc fail: ${printValue(r.value)}`);
  return printValue(r.value);
}

async function runNbb(source: string): Promise<string> {
  return String(await loadString(`(pr-str (do ${source}))`));
}

/** Clojure's printer separates map entries with ", "; PTC's does not. Drop commas outside strings. */
function normalize(printed: string): string {
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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

async function time<T>(f: () => T | Promise<T>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

async function main(): Promise<void> {
  // nbb: PTC-Lisp knows str/ without a require; Clojure needs the alias once.
  await loadString("(require '[clojure.string :as str])");
  console.log(`PTC-Lisp vs nbb ${nbbVersion()} (Node ${process.version}) — median of ${RUNS} runs after ${WARMUP} warm-up runs\n`);
  const header = ['program', 'ptc ms', 'nbb ms', 'ptc/nbb', 'result'];
  const rows: string[][] = [];
  let allFast = true;
  let allMatch = true;
  for (const p of PIPELINES) {
    if (ONLY && p.name !== ONLY) continue;
    let ptcOut: string;
    let nbbOut: string;
    try {
      ptcOut = runPtc(p.source);
    } catch (e) {
      console.log(`!!! ${p.name}: PTC-Lisp failed: ${(e as Error).message}`);
      allMatch = false;
      rows.push([p.name, 'error', '-', '-', 'PTC ERROR']);
      continue;
    }
    try {
      nbbOut = await runNbb(p.source);
    } catch (e) {
      console.log(`!!! ${p.name}: nbb failed: ${(e as Error).message}`);
      allMatch = false;
      rows.push([p.name, '-', 'error', '-', 'NBB ERROR']);
      continue;
    }
    const match = normalize(ptcOut) === normalize(nbbOut);
    if (!match) {
      allMatch = false;
      console.log(`!!! MISMATCH in ${p.name}\n    ptc: ${ptcOut.slice(0, 400)}\n    nbb: ${nbbOut.slice(0, 400)}`);
    }
    for (let i = 0; i < WARMUP; i++) {
      runPtc(p.source);
      await runNbb(p.source);
    }
    const ptcTimes: number[] = [];
    const nbbTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      ptcTimes.push(await time(() => runPtc(p.source)));
      nbbTimes.push(await time(() => runNbb(p.source)));
    }
    const a = median(ptcTimes);
    const b = median(nbbTimes);
    const ratio = a / b;
    if (ratio > 0.5) allFast = false;
    rows.push([p.name, a.toFixed(2), b.toFixed(2), ratio.toFixed(2), match ? 'same' : 'MISMATCH']);
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]): string => r.map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log();
  console.log(allMatch ? 'results: every program printed the same value in PTC-Lisp and nbb' : 'results: MISMATCH OR ERROR — see above');
  console.log(`goal (every ptc/nbb ≤ 0.5): ${allFast && allMatch ? 'met' : 'NOT met'}`);
  process.exitCode = allMatch ? 0 : 1;
}

await main();
