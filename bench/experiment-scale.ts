// `npm run bench:experiment-scale`: what an experiment of 1,000 runs would cost and take, run directly
// (one process at the CLI's default concurrency of 2; 8 shards of it) and through the providers' batch
// interfaces, at the providers' published limits. A model, not a network run: the tokens per request
// and requests per run are measured here, on the benchmark sessions (each run with its own strategy,
// the simulated model following its script without mistakes, which reports the o200k token counts of
// what it was sent and said); prices are DEFAULT_PRICES and batchPrice; limits and latencies are the
// constants below, printed with the figures as the assumptions they are.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchPrice, costOf, DEFAULT_PRICES, findPrice, formatUsd, type ModelPrice } from '../src/agent/cost.ts';
import { loadTokenizer } from '../src/compression/tokens.ts';
import { planExperiment } from '../src/experiment/plan.ts';
import { runExperiment } from '../src/experiment/runner.ts';
import { parseSession } from '../src/session/session-file.ts';

const RUNS = Number(process.env.RUNS ?? 1000);
const SHARDS = 8;
/** The CLI's default --concurrency: runs (so requests) in flight per process. */
const CONCURRENCY = 2;
/** A request body's bytes per prompt token (JSON of the messages; English text and code run near 4 characters a token). */
const BYTES_PER_TOKEN = 4.2;
const HOUR = 3600;

interface DirectLimits {
  /** Requests per minute. */
  readonly rpm: number;
  /** Requests per day, where the tier has one. */
  readonly rpd?: number;
  /** Tokens per minute, input and output together (OpenAI). */
  readonly tpm?: number;
  /** Input and output tokens per minute, counted apart (Anthropic). */
  readonly itpm?: number;
  readonly otpm?: number;
}

interface BatchLimits {
  readonly requestsPerBatch: number;
  readonly bytesPerBatch: number;
  /** Prompt tokens that may wait in the queue at once for the model (OpenAI's batch queue limit); a larger wave goes in rounds. */
  readonly queueTokens?: number;
  /** Requests that may wait in the queue at once (Anthropic's). */
  readonly queueRequests?: number;
  /** How long a batch typically takes, and at most (its window). */
  readonly typicalSeconds: number;
  readonly maxSeconds: number;
}

interface Target {
  readonly provider: string;
  readonly model: string;
  /** The usage tier whose limits apply (a new account starts at 1; spending raises it). */
  readonly tier: number;
  readonly direct: DirectLimits;
  readonly batch: BatchLimits;
  /** Time to the first token and output speed of one direct request (assumed, typical for the model). */
  readonly firstTokenSeconds: number;
  readonly outputTokensPerSecond: number;
}

// OpenAI: usage tier 1 and 4 rate limits and Batch API limits, as published, November 2025 (OpenAI's "Rate
// limits" guide and model pages; "Batch API" guide: 50,000 requests or 200 MB per batch, a 24-hour
// completion window, most batches sooner — an hour is assumed typical here).
const OPENAI_BATCH = { requestsPerBatch: 50_000, bytesPerBatch: 200 * 1024 * 1024, typicalSeconds: 1 * HOUR, maxSeconds: 24 * HOUR };
// Anthropic: tier 1 and 4 rate limits and Message Batches limits, as published, November 2025 (Anthropic's
// "Rate limits" and "Batch processing" docs: 100,000 requests or 256 MB per batch, most batches
// finish within 1 hour, results within 24 hours at most; 100,000 batch requests queued at tier 1, 500,000 at tier 4).
const ANTHROPIC_BATCH = {
  requestsPerBatch: 100_000,
  bytesPerBatch: 256 * 1024 * 1024,
  queueRequests: 100_000,
  typicalSeconds: 1 * HOUR,
  maxSeconds: 24 * HOUR,
};

const TARGETS: readonly Target[] = [
  {
    provider: 'OpenAI',
    model: 'gpt-4o-mini',
    tier: 1,
    direct: { rpm: 500, rpd: 10_000, tpm: 200_000 },
    batch: { ...OPENAI_BATCH, queueTokens: 2_000_000 },
    firstTokenSeconds: 0.5,
    outputTokensPerSecond: 80,
  },
  {
    provider: 'OpenAI',
    model: 'gpt-4o-mini',
    tier: 4,
    direct: { rpm: 10_000, tpm: 10_000_000 },
    batch: { ...OPENAI_BATCH, queueTokens: 1_000_000_000 },
    firstTokenSeconds: 0.5,
    outputTokensPerSecond: 80,
  },
  {
    provider: 'OpenAI',
    model: 'gpt-4o',
    tier: 1,
    direct: { rpm: 500, tpm: 30_000 },
    batch: { ...OPENAI_BATCH, queueTokens: 90_000 },
    firstTokenSeconds: 0.6,
    outputTokensPerSecond: 60,
  },
  {
    provider: 'Anthropic',
    model: 'claude-haiku-4-5',
    tier: 1,
    direct: { rpm: 50, itpm: 50_000, otpm: 10_000 },
    batch: ANTHROPIC_BATCH,
    firstTokenSeconds: 0.6,
    outputTokensPerSecond: 100,
  },
  {
    provider: 'Anthropic',
    model: 'claude-haiku-4-5',
    tier: 4,
    direct: { rpm: 4_000, itpm: 4_000_000, otpm: 800_000 },
    batch: { ...ANTHROPIC_BATCH, queueRequests: 500_000 },
    firstTokenSeconds: 0.6,
    outputTokensPerSecond: 100,
  },
  {
    provider: 'Anthropic',
    model: 'claude-sonnet-4-5',
    tier: 1,
    direct: { rpm: 50, itpm: 30_000, otpm: 8_000 },
    batch: ANTHROPIC_BATCH,
    firstTokenSeconds: 0.8,
    outputTokensPerSecond: 60,
  },
];

/** The requests of a run as measured: prompt and output tokens of request 1, 2, … (the mean over the sessions). */
interface Measured {
  readonly sessions: number;
  readonly requestsPerRun: number;
  readonly inputByRequest: readonly number[];
  readonly outputByRequest: readonly number[];
}

async function measure(): Promise<Measured> {
  await loadTokenizer('o200k_base');
  const dir = fileURLToPath(new URL('sessions', import.meta.url));
  const perRun: { input: number; output: number }[][] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = parseSession(readFileSync(join(dir, file), 'utf8'));
    if (!parsed.ok) throw new Error(`${file}: ${parsed.errors.join('; ')}`);
    // The session's own strategy; the simulated model without slips or guesses is its script, with usage.
    const plan = planExperiment(parsed.session, { variants: [{ name: 'script', llm: { provider: 'simulated', slip: 0, guess: 0 } }] }, 1);
    if (!plan.ok) throw new Error(`${file}: ${plan.errors.join('; ')}`);
    await runExperiment(plan.plan, {
      llmFor: () => {
        throw new Error('simulated only');
      },
      onRunDone: (_record, session) => {
        perRun.push(session.turns.map((t) => ({ input: t.usage?.inputTokens ?? 0, output: t.usage?.outputTokens ?? 0 })));
      },
    });
  }
  const requestsPerRun = Math.round(perRun.reduce((n, r) => n + r.length, 0) / perRun.length);
  // Request k's mean over the runs that made it; runs are taken as requestsPerRun requests long.
  const meanAt = (k: number, pick: (x: { input: number; output: number }) => number): number => {
    const at = perRun.filter((r) => r.length > k).map((r) => pick(r[k]));
    return at.reduce((n, x) => n + x, 0) / at.length;
  };
  const ks = Array.from({ length: requestsPerRun }, (_, k) => k);
  return {
    sessions: perRun.length,
    requestsPerRun,
    inputByRequest: ks.map((k) => meanAt(k, (x) => x.input)),
    outputByRequest: ks.map((k) => meanAt(k, (x) => x.output)),
  };
}

const sum = (xs: readonly number[]): number => xs.reduce((n, x) => n + x, 0);

/** Seconds for the experiment's requests sent directly, `inFlight` at once, under the tier's limits; and what bounds it. */
function directSeconds(t: Target, m: Measured, inFlight: number): { seconds: number; bound: string } {
  const requests = RUNS * m.requestsPerRun;
  const input = sum(m.inputByRequest) / m.requestsPerRun;
  const output = sum(m.outputByRequest) / m.requestsPerRun;
  const latency = t.firstTokenSeconds + output / t.outputTokensPerSecond;
  const rates: [string, number][] = [
    [`${inFlight} in flight`, inFlight / latency],
    ['RPM', t.direct.rpm / 60],
  ];
  if (t.direct.tpm !== undefined) rates.push(['TPM', t.direct.tpm / 60 / (input + output)]);
  if (t.direct.itpm !== undefined) rates.push(['ITPM', t.direct.itpm / 60 / input]);
  if (t.direct.otpm !== undefined) rates.push(['OTPM', t.direct.otpm / 60 / output]);
  const [bound, rate] = rates.reduce((a, b) => (b[1] < a[1] ? b : a));
  let seconds = requests / rate;
  let why = bound;
  // A daily request cap: the last day's requests wait for the day before's to be allowed.
  if (t.direct.rpd !== undefined && requests > t.direct.rpd && (Math.ceil(requests / t.direct.rpd) - 1) * 24 * HOUR > seconds) {
    seconds = (Math.ceil(requests / t.direct.rpd) - 1) * 24 * HOUR;
    why = 'RPD';
  }
  return { seconds, bound: why };
}

/** Batches, wave after wave: each wave holds the next request of every run, split where a limit says. */
function batched(t: Target, m: Measured): { batches: number; rounds: number; typical: number; worst: number } {
  let batches = 0;
  let rounds = 0;
  for (const input of m.inputByRequest) {
    const tokens = RUNS * input;
    const bytes = RUNS * input * BYTES_PER_TOKEN;
    const parts = Math.max(1, Math.ceil(RUNS / t.batch.requestsPerBatch), Math.ceil(bytes / t.batch.bytesPerBatch));
    // What the queue holds at once: a wave beyond it waits for the batch before it, in rounds.
    const waits = Math.max(
      1,
      t.batch.queueTokens !== undefined ? Math.ceil(tokens / t.batch.queueTokens) : 1,
      t.batch.queueRequests !== undefined ? Math.ceil(RUNS / t.batch.queueRequests) : 1,
    );
    batches += Math.max(parts, waits);
    rounds += waits;
  }
  return { batches, rounds, typical: rounds * t.batch.typicalSeconds, worst: rounds * t.batch.maxSeconds };
}

function cost(price: ModelPrice, m: Measured, model: string): number {
  let usd = 0;
  m.inputByRequest.forEach((input, k) => {
    const c = costOf({ inputTokens: Math.round(input), outputTokens: Math.round(m.outputByRequest[k]) }, price, model);
    if (!c.known) throw new Error(c.why);
    usd += c.usd;
  });
  return usd * RUNS;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds.toFixed(0)} s`;
  if (seconds < HOUR) return `${(seconds / 60).toFixed(0)} min`;
  if (seconds < 48 * HOUR) return `${(seconds / HOUR).toFixed(1)} h`;
  return `${(seconds / (24 * HOUR)).toFixed(1)} days`;
}

const num = (n: number): string => Math.round(n).toLocaleString('en-US');

const m = await measure();
const requests = RUNS * m.requestsPerRun;
console.log(
  `Measured on ${m.sessions} benchmark sessions: ${m.requestsPerRun} requests per run; per request ${num(sum(m.inputByRequest) / m.requestsPerRun)} prompt tokens (request 1: ${num(m.inputByRequest[0])}, request ${m.requestsPerRun}: ${num(m.inputByRequest[m.requestsPerRun - 1])}) and ${num(sum(m.outputByRequest) / m.requestsPerRun)} output tokens (o200k counts; no prompt caching assumed).`,
);
console.log(
  `An experiment of ${num(RUNS)} runs: ${num(requests)} requests, ${num(RUNS * sum(m.inputByRequest))} prompt and ${num(RUNS * sum(m.outputByRequest))} output tokens.\n`,
);
for (const t of TARGETS) {
  const entry = findPrice(DEFAULT_PRICES, t.model);
  if (entry === undefined) throw new Error(`no price for ${t.model}`);
  const one = directSeconds(t, m, CONCURRENCY);
  const sharded = directSeconds(t, m, CONCURRENCY * SHARDS);
  const b = batched(t, m);
  const listUsd = cost(entry, m, t.model);
  const batchUsd = cost(batchPrice(entry).price, m, t.model);
  const limits = [
    `${num(t.direct.rpm)} RPM`,
    ...(t.direct.rpd !== undefined ? [`${num(t.direct.rpd)} RPD`] : []),
    ...(t.direct.tpm !== undefined ? [`${num(t.direct.tpm)} TPM`] : []),
    ...(t.direct.itpm !== undefined ? [`${num(t.direct.itpm)} ITPM`, `${num(t.direct.otpm ?? 0)} OTPM`] : []),
  ].join(', ');
  const queue = t.batch.queueTokens !== undefined ? `${num(t.batch.queueTokens)} queued tokens` : `${num(t.batch.queueRequests ?? 0)} queued requests`;
  console.log(
    `${t.provider} ${t.model} — tier ${t.tier}: ${limits}; batch: ${num(t.batch.requestsPerBatch)} requests / ${num(t.batch.bytesPerBatch / 1024 / 1024)} MB per batch, ${queue}, ${duration(t.batch.typicalSeconds)} typical, ${duration(t.batch.maxSeconds)} at most`,
  );
  const rows = [
    ['how', 'time', 'bound by', 'cost'],
    [`direct, 1 process (concurrency ${CONCURRENCY})`, duration(one.seconds), one.bound, formatUsd(listUsd)],
    [`direct, ${SHARDS} shards (concurrency ${CONCURRENCY} each)`, duration(sharded.seconds), sharded.bound, formatUsd(listUsd)],
    [
      `batched: ${m.requestsPerRun} waves, ${b.batches} batches`,
      `${duration(b.typical)} (≤ ${duration(b.worst)})`,
      b.rounds > m.requestsPerRun ? `queue limit (${b.rounds} rounds)` : 'batch latency',
      `${formatUsd(batchUsd)} (${batchPrice(entry).basis})`,
    ],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log('  ' + r.map((cell, c) => (c === 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  '));
  console.log('');
}
console.log(
  `Direct latency per request: time to first token + output tokens at the model's speed (assumed: ${[...new Set(TARGETS.map((t) => `${t.model} ${t.firstTokenSeconds} s + ${t.outputTokensPerSecond} tok/s`))].join('; ')}). Shards share the organisation's limits: past them, more shards do not help.`,
);
