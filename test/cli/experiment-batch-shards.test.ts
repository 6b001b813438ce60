// Shards run in provider batches merge as shards run directly do: two batched shards merged give the
// folder one unsharded batched run gives (every figure but wall times), each shard's waves holding
// only its own runs' requests; a batched shard and a direct one merge into the direct run's runs and
// tokens, each run priced as it was sent.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { FakeBatchEngine, yieldingSleep } from '../experiment/fake-batch-provider.ts';
import { startFakeAnthropic, startFakeOpenAi, type RecordedRequest } from '../fakes/llm-servers.ts';
import { EXAMPLE_ANSWER, exampleJson } from '../experiment/fixtures.ts';
import { memoryIo, root, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-batch-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXAMPLE = join(root, 'examples', 'reviews-and-inventory.json');
const SCRIPT = (exampleJson().llm as { replies: string[] }).replies;
const ENV = { OPENAI_API_KEY: 'sk-test-SHARDS-1', ANTHROPIC_API_KEY: 'sk-ant-test-SHARDS-2' };
const VARIANTS = join(dir, 'variants.json');
writeFileSync(
  VARIANTS,
  JSON.stringify({
    success: { expected: EXAMPLE_ANSWER },
    variants: [
      { name: 'mini', llm: { provider: 'openai', model: 'gpt-4o-mini' } },
      { name: 'haiku', llm: { provider: 'anthropic', model: 'claude-haiku-4-5' } },
    ],
  }),
);

async function ptc(args: string[], engine = new FakeBatchEngine({ script: SCRIPT, usage: { inputTokens: 1000, outputTokens: 100 } })): Promise<Result> {
  const { io, out, err } = memoryIo({ env: ENV });
  const batchIo: CliIo = { ...io, batch: { createProvider: engine.factory, sleep: yieldingSleep().sleep } };
  const code = await main(['experiment', ...args], batchIo);
  return { code, out: out(), err: err() };
}

/** A CSV file's rows without the named columns (wall times, which differ from one run of the same runs to the next). */
function csvWithout(path: string, columns: readonly string[]): string[][] {
  const [head, ...rows] = readFileSync(path, 'utf8')
    .trim()
    .split(/\r?\n/)
    .map((l) => l.split(','));
  const keep = head.map((h, i) => (columns.includes(h) ? -1 : i)).filter((i) => i >= 0);
  return [head, ...rows].map((r) => keep.map((i) => r[i]));
}

describe('shards run in batches', () => {
  test('merge into the folder one unsharded batched run gives; each shard batches only its own runs', async () => {
    const runs = ['--runs', '3', '--variants', VARIANTS, '--batch'];
    const whole = join(dir, 'whole');
    expect((await ptc([EXAMPLE, ...runs, '--out', whole])).code).toBe(0);

    const engines = [1, 2].map(() => new FakeBatchEngine({ script: SCRIPT, usage: { inputTokens: 1000, outputTokens: 100 } }));
    for (const [i, engine] of engines.entries()) {
      const r = await ptc([EXAMPLE, ...runs, '--shard', `${i + 1}/2`, '--out', join(dir, `shard-${i + 1}`)], engine);
      expect(r.code, r.err).toBe(0);
    }
    // 2 variants × 3 runs, numbered variant by variant: shard 1 holds mini 1, 3 and haiku 2; shard 2 the others.
    const asked = (engine: FakeBatchEngine) => [...new Set(engine.batches.flatMap((b) => b.items.map((q) => q.customId.replace(/-t\d+$/, ''))))].sort();
    expect(asked(engines[0])).toEqual(['v1-r1', 'v1-r3', 'v2-r2']);
    expect(asked(engines[1])).toEqual(['v1-r2', 'v2-r1', 'v2-r3']);

    const merged = join(dir, 'merged');
    const m = await ptc(['merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--out', merged]);
    expect(m.code, m.err).toBe(0);
    expect(m.out).toContain('priced at half the list price');
    expect(csvWithout(join(merged, 'results-runs.csv'), ['duration_ms'])).toEqual(csvWithout(join(whole, 'results-runs.csv'), ['duration_ms']));
    expect(csvWithout(join(merged, 'results-variants.csv'), ['mean_duration_ms_per_run'])).toEqual(
      csvWithout(join(whole, 'results-variants.csv'), ['mean_duration_ms_per_run']),
    );
    const configuration = (path: string) =>
      (JSON.parse(readFileSync(join(path, 'results.json'), 'utf8')) as { configuration: Record<string, unknown> }).configuration;
    expect(configuration(merged)).toMatchObject({ batch: true, shards: 2 });
    expect(configuration(whole)).toMatchObject({ batch: true });
  });

  test('a shard run in batches and one run directly merge too: the same runs and tokens, each run priced as it was sent', async () => {
    const reply = (q: RecordedRequest) => ({ text: SCRIPT[turnOf(q) - 1] ?? '', usage: { inputTokens: 1000, outputTokens: 100 } });
    const [openai, anthropic] = await Promise.all([startFakeOpenAi({ defaultResponse: reply }), startFakeAnthropic({ defaultResponse: reply })]);
    try {
      // One variants file for both shards: the batch engine is the fake in memory, the direct requests go to the fakes over HTTP.
      const variants = join(dir, 'mixed-variants.json');
      writeFileSync(
        variants,
        JSON.stringify({
          success: { expected: EXAMPLE_ANSWER },
          variants: [
            { name: 'mini', compression: false, llm: { provider: 'openai', model: 'gpt-4o-mini', baseUrl: openai.url } },
            { name: 'haiku', compression: false, llm: { provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: anthropic.url } },
          ],
        }),
      );
      const runs = ['--runs', '3', '--variants', variants];
      const whole = join(dir, 'mixed-whole');
      expect((await ptc([EXAMPLE, ...runs, '--out', whole])).code).toBe(0);
      expect((await ptc([EXAMPLE, ...runs, '--batch', '--shard', '1/2', '--out', join(dir, 'mixed-1')])).code).toBe(0);
      expect((await ptc([EXAMPLE, ...runs, '--shard', '2/2', '--out', join(dir, 'mixed-2')])).code).toBe(0);
      const merged = join(dir, 'mixed-merged');
      const m = await ptc(['merge', join(dir, 'mixed-1'), join(dir, 'mixed-2'), '--out', merged]);
      expect(m.code, m.err).toBe(0);
      const without = ['duration_ms', 'cost_usd_all_requests', 'price_basis'];
      expect(csvWithout(join(merged, 'results-runs.csv'), without)).toEqual(csvWithout(join(whole, 'results-runs.csv'), without));
      const basis = csvWithout(join(merged, 'results-runs.csv'), [])
        .slice(1)
        .map((r) => `${r[0]} ${r[1]} ${r[r.length - 1]}`);
      expect(basis).toEqual(['mini 1 half-list', 'haiku 1 list', 'mini 2 list', 'haiku 2 half-list', 'mini 3 half-list', 'haiku 3 list']);
    } finally {
      await Promise.all([openai.close(), anthropic.close()]);
    }
  });
});

/** 1 + the assistant messages of a request with the whole history: the turn it asks for. */
function turnOf(q: RecordedRequest): number {
  const messages = (q.body as { messages?: { role: string }[] } | undefined)?.messages ?? [];
  return 1 + messages.filter((x) => x.role === 'assistant').length;
}
