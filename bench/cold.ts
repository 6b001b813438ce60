// Benchmark: the compiler's cost on programs never seen before (nothing in its cache), as an agent
// runs them: one fresh program per turn. Times running-balance-loop with fresh constants over
// collections of 10 to 20,000 items, with the compiler on and off, in one process (engine warmed
// on other programs first). Tunes jitSettings.hot / late; prints figures, asserts nothing.
// usage: npm run bench:cold [-- --runs N]
import { loadEngine } from './engine-bundle.ts';

const { jitSettings, jitStats, run } = await loadEngine();

const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 41;
const LIMITS = { timeoutMs: 60000, maxLoopIterations: 1e7, maxValueSize: 1e8 };
const SIZES = [10, 100, 1000, 5000, 20000, 200000];

let fresh = 0;
/** A program no earlier run has compiled: its constants differ every time. */
function program(n: number): string {
  const k = 1000 + fresh++;
  return `(let [xs (mapv (fn [i] (if (zero? (mod i ${k})) (- (mod (* i 3) 700)) (mod (* i 7) 300))) (range ${n}))]
  (loop [i 0 bal 0 low 0 od 0]
    (if (< i (count xs))
      (let [b (+ bal (nth xs i))] (recur (inc i) b (min low b) (if (neg? b) (inc od) od)))
      {:balance bal :low low :overdrafts od})))`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

function time(n: number, compiler: boolean): number {
  jitSettings.enabled = compiler;
  const ts: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const src = program(n);
    const t = performance.now();
    const r = run({ program: src, limits: LIMITS });
    ts.push(performance.now() - t);
    if (!r.ok) throw new Error(r.error.message);
  }
  return median(ts);
}

const available = jitSettings.enabled;
// Warm the engine itself (not the programs) both ways.
for (let i = 0; i < 20; i++) for (const on of [true, false]) time(200, on && available);
console.log(
  `fresh programs, median of ${RUNS} (compiler: ${jitSettings.hot} calls or iterations in a program that ran before, ${jitSettings.late} in a first run)\n`,
);
console.log('items   compiler ms  interpreter ms  compiling ms/program');
for (const n of SIZES) {
  const before = { ...jitStats };
  const on = time(n, available);
  const compiling = (jitStats.ms - before.ms) / RUNS;
  const off = time(n, false);
  console.log(`${String(n).padStart(5)}   ${on.toFixed(3).padStart(11)}  ${off.toFixed(3).padStart(14)}  ${compiling.toFixed(3).padStart(20)}`);
}
jitSettings.enabled = available;
