// Benchmark: rendering the LLM's messages for a long run (goal: 50 turns with 1,000 tool calls
// and 500 println entries renders in under 5 ms). Turns are made by the real loop; only rendering is timed.
// usage: npm run bench:render [-- --runs N]
import { applyReply, initialStep, messagesFor, prepareAgent } from '../src/agent/loop.ts';
import type { Step } from '../src/agent/turn.ts';
import { STRATEGIES } from '../src/compression/strategies/index.ts';
import { dataFromJson } from '../src/lisp/json.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 200;
const TURNS = 50;

const prepared = prepareAgent({
  mission: 'Call every customer about their order and report who could not be reached',
  maxTurns: TURNS + 1,
  compression: true,
  tools: [
    {
      name: 'lookup',
      signature: '(id :int) -> :map',
      description: 'Customer record',
      impl: '(fn [id] {:id id :name (str "customer-" id) :tier (if (even? id) :gold :silver)})',
    },
    { name: 'make-call', signature: '(to :string message :string) -> nil', impl: '(fn [to message] nil)' },
  ],
  data: dataFromJson({ customers: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `customer-${i}`, phone: `+46-70-${1000 + i}` })) }),
});
if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
const agent = prepared.agent;

// Each turn: 20 tool calls, 10 println entries (some multi-line), and one definition.
let step: Step = initialStep();
for (let t = 0; t < TURNS; t++) {
  const program = `(def batch-${t} (mapv (fn [i] (tool/lookup (+ (* ${t} 10) i))) (range 10)))
(doseq [c batch-${t}] (tool/make-call (:name c) (str "Hello " (:name c) ", your order ships on Monday")))
(doseq [i (range 10)] (println (str "turn ${t} call " i (when (= i 9) "\\nsummary: 10 calls made"))))
(count batch-${t})`;
  step = applyReply(agent, step, '```clojure\n' + program + '\n```', []);
}
const calls = step.turns.reduce((n, t) => n + t.toolCalls.length, 0);
const prints = step.turns.reduce((n, t) => n + t.prints.length, 0);
console.log(`history: ${step.turns.length} turns, ${calls} tool calls, ${prints} println entries, ${step.memory.size} definitions`);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('| strategy | median ms | p90 ms | characters | goal < 5 ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const strategy of STRATEGIES) {
  for (let i = 0; i < 20; i++) messagesFor(agent, step, strategy); // warm up
  const times: number[] = [];
  let chars = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const r = messagesFor(agent, step, strategy);
    times.push(performance.now() - t0);
    chars = r.stats.characters;
  }
  const sorted = [...times].sort((a, b) => a - b);
  const m = median(times);
  console.log(`| ${strategy.name} | ${m.toFixed(3)} | ${sorted[Math.floor(sorted.length * 0.9)].toFixed(3)} | ${chars} | ${m < 5 ? 'met' : 'MISSED'} |`);
}
