// `npm run bench:experiments`: how often the simulated model still answers right under each strategy,
// over the benchmark sessions. For each session the right answer is what its own script returns (a
// mock run); each strategy then runs N times with the simulated model (seeded by run), judged against
// that answer. Prints success rates with 95% Wilson intervals, mean turns and prompt tokens.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mockLlm } from '../src/agent/llm.ts';
import { prepareAgent, runAgent } from '../src/agent/loop.ts';
import { loadTokenizer } from '../src/compression/tokens.ts';
import { planExperiment } from '../src/experiment/plan.ts';
import type { RunRecord } from '../src/experiment/records.ts';
import { runExperiment } from '../src/experiment/runner.ts';
import { percent, wilson } from '../src/experiment/stats.ts';
import { encodeValue } from '../src/session/value-codec.ts';
import { parseSession, sessionToAgent } from '../src/session/session-file.ts';

const RUNS = Number(process.env.RUNS ?? 20);
const STRATEGIES = [
  'full-history',
  'single-user-coalesced',
  'trim',
  'observation-masking',
  'rolling-window',
  'per-turn-summary',
  'aggressive',
  'legacy-summary',
];
const dir = fileURLToPath(new URL('sessions', import.meta.url));

await loadTokenizer('o200k_base');
const records: RunRecord[] = [];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
for (const file of files) {
  const parsed = parseSession(readFileSync(join(dir, file), 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.join('; ')}`);
  const session = parsed.session;
  const prepared = prepareAgent(sessionToAgent(session));
  if (!prepared.ok) throw new Error(`${file}: ${prepared.errors.join('; ')}`);
  const scripted = await runAgent(prepared.agent, mockLlm(session.llm.replies ?? []));
  if (scripted.status !== 'returned') throw new Error(`${file}: its script does not return`);
  const variants = STRATEGIES.map((s) => ({ name: s, compression: s === 'full-history' ? false : s, llm: { provider: 'simulated' } }));
  const plan = planExperiment(session, { success: { expected: encodeValue(scripted.return ?? null) }, variants }, RUNS);
  if (!plan.ok) throw new Error(`${file}: ${plan.errors.join('; ')}`);
  const result = await runExperiment(plan.plan, { llmFor: () => ({ llm: mockLlm([]) }), concurrency: 4 });
  records.push(...result.records);
  process.stderr.write(`${file}: ${result.records.length} runs\n`);
}

const rows = [['strategy', 'runs', 'success', '95% interval', 'mean turns', 'prompt tokens per run']];
for (const s of STRATEGIES) {
  const mine = records.filter((r) => r.variant === s);
  const ok = mine.filter((r) => r.outcome === 'success').length;
  const [lo, hi] = wilson(ok, mine.length);
  const turns = mine.reduce((n, r) => n + r.turns, 0) / mine.length;
  const tokens = mine.reduce((n, r) => n + (r.usage.inputTokens ?? 0), 0) / mine.length;
  rows.push([s, String(mine.length), percent(ok / mine.length), `${percent(lo)}–${percent(hi)}`, turns.toFixed(2), Math.round(tokens).toLocaleString('en-US')]);
}
const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
console.log(`Simulated model (slip 0.1, guess 0.5), ${files.length} sessions × ${RUNS} runs per strategy, judged against each script's answer:\n`);
for (const r of rows) console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
