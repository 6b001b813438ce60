// The work a code cache is made after (scripts/build-cli.mjs): every builtin's examples and a few
// forms they leave out, run once, so V8 has compiled the reader, analyzer, evaluator and builtins
// that programs use and the cache gives a fresh `ptc` their bytecode instead of compiling it again.
import { allBuiltins } from '../lisp/builtins/registry.ts';
import { run } from '../lisp/run.ts';

const FORMS = [
  '(let [{:keys [a b] :or {b 2}} {:a 1} [x & more] [1 2 3]] (loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc (+ a b x i))) [acc more])))',
  '(defn f [m k] (update m k (fnil inc 0))) (reduce f {} (map :k (for [i (range 60)] {:k (mod i 7)})))',
  '(->> (range 600) (map (fn [i] {:id i :g (str "g" (mod i 5))})) (filter #(even? (:id %))) (group-by :g) (map (fn [[k v]] [k (count v)])) (sort-by first) vec)',
  // A loop long enough to be compiled to JavaScript, so the compiler's own code is in the cache too.
  '(loop [i 0 acc 0 m 0] (if (< i 300) (let [x (mod (* i 7) 11)] (recur (inc i) (+ acc (- x)) (if (neg? x) (inc m) (min m x)))) [acc m]))',
];

/** Runs the examples and forms; returns how many ran (whatever their outcome). */
export function warmUp(): number {
  let n = 0;
  for (const b of allBuiltins()) {
    for (const [code] of b.examples) {
      run({ program: code });
      n++;
    }
  }
  for (const program of FORMS) {
    run({ program });
    n++;
  }
  return n;
}
