// Figures for long sessions: the size of a saved session file, with every turn's messages
// kept (as files were written before) and as written now, and the time to serialize and parse it.
// Sessions are made by the real loop answered by the mock LLM. Prints figures; asserts nothing.
// usage: npx tsx bench/session-size.ts [--turns 100,1000] [--runs N]
import { mockLlm } from '../src/agent/llm.ts';
import { initialStep, prepareAgent, runTurn } from '../src/agent/loop.ts';
import type { Step } from '../src/agent/turn.ts';
import { dataFromJson } from '../src/lisp/json.ts';
import { parseSession, serializeSession, type Session } from '../src/session/session-file.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i > 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const TURN_COUNTS = arg('--turns', '100,1000').split(',').map(Number);
const RUNS = Number(arg('--runs', '3'));

/** Each turn defines a value, calls a tool, prints a line; the last one returns. */
function reply(n: number, last: boolean): string {
  const body = last ? `(return {:turns ${n} :total (:n latest)})` : `(def latest (tool/lookup ${n}))\n(println "turn" ${n} (:name latest))\n(:n latest)`;
  return 'Looking at the next customer.\n```clojure\n' + body + '\n```';
}

function definition(turns: number, compression: boolean): Omit<Session, 'turns'> {
  return {
    version: 1,
    title: `${turns} turns`,
    mission: 'Go through the customers one by one and report the last one',
    maxTurns: turns,
    compression,
    data: dataFromJson({ customers: Array.from({ length: 20 }, (_, i) => ({ id: i, name: `customer-${i}` })) }),
    tools: [{ name: 'lookup', signature: '(id :int) -> :map', description: 'Customer record', impl: '(fn [id] {:n id :name (str "customer-" id)})' }],
    llm: { provider: 'mock', replies: Array.from({ length: turns }, (_, i) => reply(i + 1, i + 1 === turns)) },
  };
}

async function session(turns: number, compression: boolean): Promise<Session> {
  const def = definition(turns, compression);
  const prepared = prepareAgent({ mission: def.mission, tools: def.tools, data: def.data, maxTurns: def.maxTurns, compression: def.compression });
  if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
  const llm = mockLlm(def.llm.replies ?? []);
  let step: Step = initialStep();
  while (step.status === 'running') step = await runTurn(prepared.agent, step, llm);
  return { ...def, turns: step.turns };
}

/** Median milliseconds of `RUNS` calls. */
function time(f: () => void): number {
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    f();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return ms[Math.floor(ms.length / 2)];
}

const kb = (bytes: number): string => `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
const msText = (ms: number): string => `${ms.toFixed(ms < 10 ? 2 : 0)} ms`;

console.log(`runs per timing: ${RUNS} (median)`);
for (const turns of TURN_COUNTS) {
  for (const compression of [false, true]) {
    const s = await session(turns, compression);
    const what = `${String(turns).padStart(5)} turns, ${compression ? 'compression on' : 'full history  '}`;
    for (const keepMessages of [true, false]) {
      const text = serializeSession(s, { keepMessages });
      const bytes = new TextEncoder().encode(text).length;
      const serializeMs = time(() => serializeSession(s, { keepMessages }));
      const parseMs = time(() => {
        const r = parseSession(text);
        if (!r.ok) throw new Error(r.errors.join('\n'));
      });
      const form = keepMessages ? 'every message kept (before)' : 'as written now            ';
      console.log(`${what}, ${form}: ${kb(bytes).padStart(12)}; serialize ${msText(serializeMs)}, parse ${msText(parseMs)}`);
    }
  }
}
