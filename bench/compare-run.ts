// Benchmark: comparing every strategy over a whole run, as the worker's Whole run tab does
// (`Engine.compare`: every strategy's request for every turn, counted and searched, beside full
// history), for runs of 100, 1,000 and 5,000 turns recorded by the real loop with the mock LLM (each
// turn a tool call, a definition and a println line, as bench/long-sessions.ts records them).
// Prints the curve. Recording the run is not timed. CPU time is shown beside wall time: on a shared
// machine the wall time also counts the time other processes held the cores.
// With `--shape busy` each turn makes three calls, defines a new value (so user/ grows with the run),
// prints two lines, and every tenth turn fails.
// usage: npm run bench:compare-run [-- --turns 100,1000,5000] [--runs N] [--shape long|busy]
import { longSessionJson } from '../e2e/long-session.ts';
import { STRATEGIES } from '../src/compression/strategies/index.ts';
import { loadTokenizer } from '../src/compression/tokens.ts';
import { Engine } from '../src/worker/engine.ts';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const SIZES = (arg('turns') ?? '100,1000,5000').split(',').map(Number);
const RUNS = Number(arg('runs') ?? 3);
const SHAPE = arg('shape') ?? 'long';

/** The mock's reply for turn n of a busy run. */
function busyReply(n: number): string {
  if (n % 10 === 0) return '```clojure\n(check-orders ' + n + ')\n```';
  const program = [
    `(def orders-${n} (mapv tool/fetch-order [${n} ${n + 1} ${n + 2}]))`,
    `(println "turn ${n}:" (count (filter #(= :late (:status %)) orders-${n})) "late")`,
    `(println "checked" (mapv :id orders-${n}))`,
  ].join('\n');
  return '```clojure\n' + program + '\n```';
}

function sessionJson(turns: number): Record<string, unknown> {
  const session = longSessionJson({ turns });
  if (SHAPE !== 'busy') return session;
  const replies = Array.from({ length: turns + 1 }, (_, i) => busyReply(i + 1));
  return { ...session, llm: { provider: 'mock', replies } };
}

interface Figures {
  wall: number[];
  cpu: number[];
  tokens: number;
  requests: number;
}

async function measure(turns: number): Promise<Figures> {
  const engine = new Engine();
  const opened = engine.open(sessionJson(turns));
  if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('; '));
  for (let i = 0; i < turns; i++) {
    const r = engine.stepTurn();
    if (!r.ok) throw new Error(`turn ${i + 1}: ${r.error}`);
    if (r.view.status !== 'running' && i + 1 < turns) throw new Error(`the run ended at turn ${i + 1}`);
  }
  const f: Figures = { wall: [], cpu: [], tokens: 0, requests: 0 };
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const view = await engine.compare();
    f.wall.push(performance.now() - t);
    const used = process.cpuUsage(cpu);
    f.cpu.push((used.user + used.system) / 1000);
    if (view === null || view.turns !== turns) throw new Error('the comparison did not cover the whole run');
    f.tokens = view.strategies.reduce((n, s) => n + s.total, 0);
    f.requests = view.strategies.reduce((n, s) => n + s.requests.length, 0);
  }
  return f;
}

const min = (xs: readonly number[]): number => Math.min(...xs);
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x: number): string => Math.round(x).toLocaleString('en');

await loadTokenizer('o200k_base');
console.log(`Every strategy (${STRATEGIES.length}) over the whole run of a ${SHAPE} session, ${RUNS} run(s) each`);
console.log('| turns | requests | tokens counted | CPU ms (best) | wall ms (best) | wall ms (median) | CPU µs per request |');
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const turns of SIZES) {
  const f = await measure(turns);
  const cells = [
    turns.toLocaleString('en'),
    f.requests.toLocaleString('en'),
    f.tokens.toLocaleString('en'),
    ms(min(f.cpu)),
    ms(min(f.wall)),
    ms(median(f.wall)),
    ((min(f.cpu) * 1000) / f.requests).toFixed(0),
  ];
  console.log(`| ${cells.join(' | ')} |`);
}
