// `ptc experiment --batch`, in process, with the providers' batch interfaces played by an in-memory
// engine given through the io: waves on stderr, the folder's batch records, half the price, a process
// killed mid-wave and resumed without sending a batch twice, cut runs and their retry, Ctrl+C, and
// what is refused before any run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { LlmError } from '../../src/agent/llm.ts';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import type { BatchRecord, OutcomeRecord } from '../../src/experiment/batch-waves.ts';
import { FakeBatchEngine, yieldingSleep } from '../experiment/fake-batch-provider.ts';
import { EXAMPLE_ANSWER, exampleJson } from '../experiment/fixtures.ts';
import { memoryIo, root, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-experiment-batch-'));
const EXAMPLE = join(root, 'examples', 'reviews-and-inventory.json');
const SCRIPT = (exampleJson().llm as { replies: string[] }).replies;
const USAGE = { inputTokens: 1000, outputTokens: 100 };
const ENV = { OPENAI_API_KEY: 'sk-test-BATCH-OPENAI-7f1', ANTHROPIC_API_KEY: 'sk-ant-test-BATCH-2c9' };

let n = 0;
function file(json: unknown): string {
  const p = join(dir, `f${++n}.json`);
  writeFileSync(p, JSON.stringify(json));
  return p;
}
const folder = (): string => join(dir, `out${++n}`);

/** A variant per provider; both answer the example's script. */
const TWO = file({
  success: { expected: EXAMPLE_ANSWER },
  variants: [
    { name: 'mini', llm: { provider: 'openai', model: 'gpt-4o-mini' } },
    { name: 'haiku', llm: { provider: 'anthropic', model: 'claude-haiku-4-5' } },
  ],
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Call {
  readonly result: Promise<Result>;
  /** Ctrl+C, as the terminal would send it. */
  interrupt(): void;
}

/** `ptc experiment ARGS` in process, its batches made by `engine`, its polls waiting on no clock. */
function experiment(args: string[], engine: FakeBatchEngine, sleep = yieldingSleep().sleep): Call {
  const { io, out, err } = memoryIo({ env: ENV });
  let handler: (() => void) | undefined;
  const batchIo: CliIo = {
    ...io,
    batch: { createProvider: engine.factory, sleep },
    onInterrupt: (h) => {
      handler = h;
      return () => (handler = undefined);
    },
  };
  const result = main(['experiment', ...args], batchIo).then((code) => ({ code, out: out(), err: err() }));
  return { result, interrupt: () => handler?.() };
}

const ptc = (args: string[], engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE })): Promise<Result> => experiment(args, engine).result;

function lines<T>(path: string): T[] {
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as T)
    : [];
}

interface VariantJson {
  name: string;
  runs: number;
  successes: number;
  cut: number;
  cost: number | null;
}
const variants = (r: Result): VariantJson[] => (JSON.parse(r.out) as { variants: VariantJson[] }).variants;

describe('ptc experiment --batch', () => {
  test('runs in waves through each provider’s batch interface, at half the price, every batch and outcome recorded, no key written', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const out = folder();
    const r = await ptc([EXAMPLE, '--runs', '2', '--variants', TWO, '--batch', '--out', out, '--json'], engine);
    expect(r.code, r.err).toBe(0);
    const [mini, haiku] = variants(r);
    expect(mini).toMatchObject({ runs: 2, successes: 2, cut: 0 });
    expect(haiku).toMatchObject({ runs: 2, successes: 2, cut: 0 });
    // gpt-4o-mini lists at $0.15 in and $0.60 out per million: 3 requests of 1000 in, 100 out per run, halved.
    expect(mini.cost).toBeCloseTo((2 * 3 * (1000 * 0.15 + 100 * 0.6)) / 1e6 / 2, 12);
    expect(haiku.cost).toBeCloseTo((2 * 3 * (1000 * 1 + 100 * 5)) / 1e6 / 2, 12);
    // Three waves, a batch per provider in each, a request per run in each batch.
    expect(engine.batches.map((b) => `${b.provider}:${b.items.length}`)).toEqual(Array(3).fill(['openai:2', 'anthropic:2']).flat());
    expect(r.err).toContain('wave 1: batch openai-batch-1 submitted to openai (2 requests)');
    expect(r.err).toContain('wave 3: batch anthropic-batch-6 ended: 2 succeeded, 0 failed of 2');
    expect(engine.made.map((m) => [m.settings.provider, m.apiKey])).toEqual([
      ['openai', ENV.OPENAI_API_KEY],
      ['anthropic', ENV.ANTHROPIC_API_KEY],
    ]);
    const batches = lines<BatchRecord>(join(out, 'batches.jsonl'));
    expect(batches.map((b) => [b.wave, b.id, b.provider, b.model, b.customIds])).toEqual([
      [1, 'openai-batch-1', 'openai', 'gpt-4o-mini', ['v1-r1-t1', 'v1-r2-t1']],
      [1, 'anthropic-batch-2', 'anthropic', undefined, ['v2-r1-t1', 'v2-r2-t1']],
      [2, 'openai-batch-3', 'openai', 'gpt-4o-mini', ['v1-r1-t2', 'v1-r2-t2']],
      [2, 'anthropic-batch-4', 'anthropic', undefined, ['v2-r1-t2', 'v2-r2-t2']],
      [3, 'openai-batch-5', 'openai', 'gpt-4o-mini', ['v1-r1-t3', 'v1-r2-t3']],
      [3, 'anthropic-batch-6', 'anthropic', undefined, ['v2-r1-t3', 'v2-r2-t3']],
    ]);
    expect(batches.every((b) => !Number.isNaN(Date.parse(b.created)))).toBe(true);
    const outcomes = lines<OutcomeRecord>(join(out, 'batch-outcomes.jsonl'));
    expect(outcomes).toHaveLength(12);
    expect(outcomes[0]).toMatchObject({ customId: 'v1-r1-t1', batchId: 'openai-batch-1', ok: true, reply: { text: SCRIPT[0], usage: USAGE } });
    expect(JSON.parse(readFileSync(join(out, 'experiment.json'), 'utf8'))).toMatchObject({ batch: true });
    const results = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { configuration: Record<string, unknown> };
    expect(results.configuration).toMatchObject({ batch: true });
    expect(results.configuration).not.toHaveProperty('concurrency');
    const csv = readFileSync(join(out, 'results-runs.csv'), 'utf8').trim().split('\r\n');
    expect(csv[0].endsWith(',price_basis')).toBe(true);
    expect(csv.slice(1).every((row) => row.endsWith(',half-list'))).toBe(true);
    for (const name of ['experiment.json', 'batches.jsonl', 'batch-outcomes.jsonl', 'runs.jsonl', 'results.json']) {
      const text = readFileSync(join(out, name), 'utf8');
      for (const key of Object.values(ENV)) expect(text).not.toContain(key);
    }
  });

  test('killed mid-wave: --resume polls the batches it recorded, answers what was read from the record, and sends nothing twice', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const out = folder();
    // The first process: wave 2's batches are held at the provider; once both are recorded and being
    // polled, the process dies (its polls never come back: nothing of it runs again).
    engine.onSubmit = () => {
      if (engine.batches.length === 3) engine.hold = true;
    };
    let dead = false;
    let died = (): void => {};
    const killed = new Promise<void>((resolve) => (died = resolve));
    const inner = yieldingSleep().sleep;
    const dying = (ms: number, signal: AbortSignal): Promise<void> => {
      if (!dead && engine.batches.length === 4 && lines(join(out, 'batches.jsonl')).length === 4) {
        dead = true;
        died();
      }
      return dead ? new Promise<void>(() => {}) : inner(ms, signal);
    };
    void experiment([EXAMPLE, '--runs', '2', '--variants', TWO, '--batch', '--out', out], engine, dying).result;
    await killed;
    expect(lines(join(out, 'runs.jsonl'))).toEqual([]);
    expect(lines(join(out, 'batch-outcomes.jsonl'))).toHaveLength(4);
    engine.hold = false;

    const r = await ptc(['--resume', out, '--poll-ms', '50', '--json'], engine);
    expect(r.code, r.err).toBe(0);
    expect(variants(r).map((v) => [v.name, v.successes, v.cut])).toEqual([
      ['mini', 2, 0],
      ['haiku', 2, 0],
    ]);
    expect(r.err).toContain('wave 2: batch openai-batch-3 (openai, 2 requests) was submitted before: polling it');
    expect(r.err).toContain('wave 2: batch anthropic-batch-4 (anthropic, 2 requests) was submitted before: polling it');
    // Wave 2 was not sent again: six batches in all, each request in exactly one.
    expect(engine.batches).toHaveLength(6);
    const sent = engine.batches.flatMap((b) => b.items.map((i) => i.customId));
    expect(new Set(sent).size).toBe(12);
    expect(lines<BatchRecord>(join(out, 'batches.jsonl')).map((b) => b.wave)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  test('an expired batch and a failed request cut their runs (exit 3, left out of the rate); --resume retries them', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    // Wave 2's Anthropic batch expires with run 1's request done; run 2 of mini fails at turn 3.
    engine.endAs = (b) => (b.provider === 'anthropic' && b.items[0].customId.endsWith('-t2') ? 'expired' : 'ended');
    engine.completedBeforeEnd = (item) => item.customId.includes('-r1-');
    engine.failing = (item) => (item.customId === 'v1-r2-t3' && engine.batches.length <= 6 ? new LlmError('overloaded', 'server') : undefined);
    const out = folder();
    const r = await ptc([EXAMPLE, '--runs', '2', '--variants', TWO, '--batch', '--out', out, '--json'], engine);
    expect(r.code).toBe(3);
    expect(variants(r).map((v) => [v.name, v.runs, v.successes, v.cut])).toEqual([
      ['mini', 2, 1, 1],
      ['haiku', 2, 1, 1],
    ]);
    expect(r.err).toContain('wave 2: batch anthropic-batch-4 expired: 1 succeeded, 0 failed of 2');
    const outcomes = lines<OutcomeRecord>(join(out, 'batch-outcomes.jsonl'));
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      {
        customId: 'v2-r2-t2',
        batchId: 'anthropic-batch-4',
        ok: false,
        error: { kind: 'provider', message: 'batch anthropic-batch-4 expired before this request was done' },
      },
      { customId: 'v1-r2-t3', batchId: 'openai-batch-5', ok: false, error: { kind: 'server', message: 'overloaded' } },
    ]);

    engine.endAs = () => 'ended';
    const again = await ptc(['--resume', out, '--json'], engine);
    expect(again.code, again.err).toBe(0);
    expect(variants(again).map((v) => [v.name, v.runs, v.successes, v.cut])).toEqual([
      ['mini', 2, 2, 0],
      ['haiku', 2, 2, 0],
    ]);
    // Only the cut requests went out again (mini's run 2 at turn 3, haiku's run 2 from turn 2), together in wave 4.
    expect(
      lines<BatchRecord>(join(out, 'batches.jsonl'))
        .slice(6)
        .map((b) => [b.wave, b.customIds]),
    ).toEqual([
      [4, ['v1-r2-t3']],
      [4, ['v2-r2-t2']],
      [5, ['v2-r2-t3']],
    ]);
  });

  test('Ctrl+C: the runs are cut, the batches keep running at the provider, and the folder says how to pick them up', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.hold = true;
    const out = folder();
    engine.onSubmit = () => {
      if (engine.batches.length === 2) setImmediate(() => call.interrupt());
    };
    const call = experiment([EXAMPLE, '--runs', '1', '--variants', TWO, '--batch', '--out', out], engine);
    const r = await call.result;
    expect(r.code).toBe(130);
    expect(r.err).toContain(`the batches in flight keep running at the provider (ptc experiment --resume ${out} polls them and reads their results)`);
    expect(r.err).toContain(`left running at the provider, not read: openai-batch-1, anthropic-batch-2; ptc experiment --resume ${out} polls them`);
    expect(engine.batches.every((b) => b.phase === 'running')).toBe(true);
    engine.hold = false;
    const again = await ptc(['--resume', out, '--json'], engine);
    expect(again.code, again.err).toBe(0);
    expect(engine.batches).toHaveLength(6);
  });

  test('a budget stops a batched experiment between waves (exit 1); --resume answers what was read from the record', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const out = folder();
    const r = await ptc([EXAMPLE, '--runs', '2', '--variants', TWO, '--batch', '--budget-tokens', '2000', '--out', out, '--json'], engine);
    expect(r.code).toBe(1);
    expect(variants(r).map((v) => [v.runs, v.cut])).toEqual([
      [2, 2],
      [2, 2],
    ]);
    expect(engine.batches).toHaveLength(2);
    expect(r.err).not.toContain('not read');
    const again = await ptc(['--resume', out, '--json'], engine);
    expect(again.code, again.err).toBe(0);
    // Wave 1 came from the record: only turns 2 and 3 went out.
    expect(engine.batches.slice(2).map((b) => b.items[0].customId.slice(-2))).toEqual(['t2', 't2', 't3', 't3']);
  });

  test('a batch refused for a bad key stops the experiment: exit 3, no run retried one by one', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.refuse = (items) => (items[0].settings.provider === 'anthropic' ? new LlmError('invalid x-api-key', 'auth', { status: 401 }) : undefined);
    const r = await ptc([EXAMPLE, '--runs', '3', '--variants', TWO, '--batch', '--json'], engine);
    expect(r.code).toBe(3);
    expect(r.err).toContain('wave 1: anthropic refused a batch of 3 requests: invalid x-api-key');
    expect(engine.batches.filter((b) => b.provider === 'anthropic')).toHaveLength(0);
    expect(variants(r).every((v) => v.successes === 0)).toBe(true);
  });

  test('refused before any run: nothing to batch, too many runs in flight, --poll-ms without batches, --batch on a folder run directly', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT });
    const mockOnly = await ptc([EXAMPLE, '--runs', '1', '--batch'], engine);
    expect(mockOnly.code).toBe(2);
    expect(mockOnly.err).toContain('--batch needs a variant with a real provider');
    const withConcurrency = await ptc([EXAMPLE, '--runs', '1', '--variants', TWO, '--batch', '--concurrency', '50001'], engine);
    expect(withConcurrency.code).toBe(2);
    expect(withConcurrency.err).toContain('--concurrency: expected a whole number from 1 to 50,000');
    const pollAlone = await ptc([EXAMPLE, '--runs', '1', '--poll-ms', '500'], engine);
    expect(pollAlone.code).toBe(2);
    expect(pollAlone.err).toContain('--poll-ms: only with --batch');
    const out = folder();
    expect((await ptc([EXAMPLE, '--runs', '1', '--out', out], engine)).code).toBe(0);
    const resumed = await ptc(['--resume', out, '--batch'], engine);
    expect(resumed.code).toBe(2);
    expect(resumed.err).toContain('was run one request at a time; resume it without --batch');
    const batchedOut = folder();
    expect((await ptc([EXAMPLE, '--runs', '1', '--variants', TWO, '--batch', '--out', batchedOut], engine)).code).toBe(0);
    const fromFlags = await experiment([EXAMPLE, '--runs', '1', '--llm', 'anthropic', '--model', 'claude-haiku-4-5', '--batch'], engine).result;
    expect(fromFlags.code).toBe(0);
    expect(engine.batches).toHaveLength(9);
  });

  test('--concurrency caps the runs in flight: a run that ends makes room for the next, whose first request joins the next wave', async () => {
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const r = await ptc([EXAMPLE, '--runs', '3', '--variants', TWO, '--batch', '--concurrency', '2', '--json'], engine);
    expect(r.code, r.err).toBe(0);
    expect(variants(r).map((v) => [v.name, v.successes])).toEqual([
      ['mini', 3],
      ['haiku', 3],
    ]);
    // Never more than 2 runs' requests in a wave, and every run's turns asked once each.
    const waves = new Map<number, number>();
    engine.batches.forEach((b, i) => waves.set(i, b.items.length));
    expect(Math.max(...waves.values())).toBeLessThanOrEqual(2);
    const asked = engine.batches.flatMap((b) => b.items.map((q) => q.customId)).sort();
    expect(asked).toHaveLength(6 * SCRIPT.length);
    expect(new Set(asked).size).toBe(asked.length);
  });

  test('--help describes --batch and --poll-ms', async () => {
    const r = await ptc(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['--batch', '--poll-ms MS', 'batch price']) expect(r.out).toContain(word);
  });
});
