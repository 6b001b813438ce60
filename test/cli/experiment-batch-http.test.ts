// `ptc experiment --batch` end to end: the real batch clients (the official SDKs' batch methods)
// against fake servers in OpenAI's and Anthropic's wire formats on 127.0.0.1. Waves of one batch per
// provider, every request of a wave in it, no direct request; the same turns as the same experiment
// run directly, at half its cost; a stop mid-wave and a process killed (SIGKILL) resumed without a
// batch sent twice; a batch that expires, one cancelled at the provider and a request that fails
// cutting their runs, and --resume running them again.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import type { CliIo } from '../../src/cli/io.ts';
import { main } from '../../src/cli/main.ts';
import { startFakeAnthropicBatches, startFakeOpenAiBatches, type FakeBatchOptions, type FakeBatchServer } from '../fakes/batch-servers.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../fakes/llm-servers.ts';
import type { RecordedRequest } from '../fakes/llm-servers.ts';
import { EXAMPLE_ANSWER, exampleJson } from '../experiment/fixtures.ts';
import { bin, memoryIo, root, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-batch-http-'));
const EXAMPLE = join(root, 'examples', 'reviews-and-inventory.json');
const SCRIPT = (exampleJson().llm as { replies: string[] }).replies;
const USAGE = { inputTokens: 1000, outputTokens: 100 };
const ENV = { OPENAI_API_KEY: 'sk-test-HTTPBATCH-openai-41', ANTHROPIC_API_KEY: 'sk-ant-test-HTTPBATCH-77' };
const RUNS = 3;

const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
const folder = (): string => join(dir, `out${++n}`);

async function batchServers(options: FakeBatchOptions = {}): Promise<{ openai: FakeBatchServer; anthropic: FakeBatchServer }> {
  const answer = options.answer ?? ((r: { turn: number }) => ({ text: SCRIPT[r.turn - 1] ?? '', usage: USAGE }));
  const [openai, anthropic] = await Promise.all([
    startFakeOpenAiBatches({ ...options, answer, requiredKey: ENV.OPENAI_API_KEY }),
    startFakeAnthropicBatches({ ...options, answer, requiredKey: ENV.ANTHROPIC_API_KEY }),
  ]);
  servers.push(openai, anthropic);
  return { openai, anthropic };
}

/** A variant per provider, each at its fake's base URL; full history, so a request's turn is 1 + its assistant messages. */
function variantsFor(openaiUrl: string, anthropicUrl: string): string {
  const path = join(dir, `variants${++n}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      success: { expected: EXAMPLE_ANSWER },
      variants: [
        { name: 'mini', compression: false, llm: { provider: 'openai', model: 'gpt-4o-mini', baseUrl: openaiUrl } },
        { name: 'haiku', compression: false, llm: { provider: 'anthropic', model: 'claude-haiku-4-5', baseUrl: anthropicUrl } },
      ],
    }),
  );
  return path;
}

/** `ptc experiment ARGS` in process; every poll's wait is a turn of the event loop, then `onPoll`. */
function experiment(args: string[], onPoll: () => void = () => {}): { result: Promise<Result>; interrupt(): void } {
  const { io, out, err } = memoryIo({ env: ENV });
  let handler: (() => void) | undefined;
  const withBatches: CliIo = {
    ...io,
    batch: {
      sleep: (_ms, signal) =>
        new Promise((resolve, reject) =>
          setImmediate(() => {
            onPoll();
            if (signal.aborted) reject(new Error('stopped'));
            else resolve();
          }),
        ),
    },
    onInterrupt: (h) => {
      handler = h;
      return () => (handler = undefined);
    },
  };
  const result = main(['experiment', ...args], withBatches).then((code) => ({ code, out: out(), err: err() }));
  return { result, interrupt: () => handler?.() };
}

interface VariantJson {
  name: string;
  runs: number;
  successes: number;
  cut: number;
  cost: number | null;
  inputTokens: number | null;
}
const variantsOf = (r: Result): VariantJson[] => (JSON.parse(r.out) as { variants: VariantJson[] }).variants;

const lines = (path: string): Record<string, unknown>[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

/** Every run's session file of a results folder, by its path under runs/. */
function runFiles(out: string): Map<string, { turns: Record<string, unknown>[] }> {
  const files = new Map<string, { turns: Record<string, unknown>[] }>();
  for (const v of readdirSync(join(out, 'runs')).sort())
    for (const f of readdirSync(join(out, 'runs', v)).sort()) files.set(`${v}/${f}`, JSON.parse(readFileSync(join(out, 'runs', v, f), 'utf8')) as never);
  return files;
}

/** A turn without what differs between two runs of it at two servers: times, and the base URL it recorded. */
function timeless(turn: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(turn, (k, v: unknown) => (k === 'durationMs' || k === 'baseUrl' ? undefined : v))) as Record<string, unknown>;
}

describe('ptc experiment --batch against the providers’ batch interfaces over HTTP', () => {
  test('runs in waves, one batch per provider per wave, no direct request: the same turns as a direct run at half its cost', async () => {
    const { openai, anthropic } = await batchServers();
    const out = folder();
    const r = await experiment([EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(openai.url, anthropic.url), '--batch', '--out', out, '--json'])
      .result;
    expect(r.code, r.err).toBe(0);
    expect(variantsOf(r).map((v) => [v.name, v.runs, v.successes, v.cut])).toEqual([
      ['mini', RUNS, RUNS, 0],
      ['haiku', RUNS, RUNS, 0],
    ]);
    // A wave per turn of the script, each holding the turn's request of every run: one batch per provider.
    for (const [fake, variant] of [
      [openai, 1],
      [anthropic, 2],
    ] as const) {
      expect(fake.counts().direct).toBe(0);
      expect(fake.batches().map((b) => b.requests.map((q) => q.customId))).toEqual(
        SCRIPT.map((_, t) => Array.from({ length: RUNS }, (_, run) => `v${variant}-r${run + 1}-t${t + 1}`)),
      );
    }
    expect(openai.counts().uploads).toBe(SCRIPT.length);
    expect(
      lines(join(out, 'batches.jsonl'))
        .map((b) => [b.wave, b.provider])
        .sort(),
    ).toEqual(
      SCRIPT.flatMap((_, t) => [
        [t + 1, 'anthropic'],
        [t + 1, 'openai'],
      ]),
    );
    // No key in anything written: the records, the results, each run's session file.
    const written = [...readdirSync(out).filter((f) => f !== 'runs'), ...[...runFiles(out).keys()].map((p) => join('runs', p))];
    for (const f of written) expect(readFileSync(join(out, f), 'utf8'), f).not.toMatch(/HTTPBATCH/);

    // The same experiment, each request sent on its own to the providers' direct endpoints.
    const turnOf = (q: RecordedRequest): number => {
      const messages = (q.body as { messages?: { role: string }[] } | undefined)?.messages ?? [];
      return 1 + messages.filter((m) => m.role === 'assistant').length;
    };
    const reply = (q: RecordedRequest) => ({ text: SCRIPT[turnOf(q) - 1] ?? '', usage: USAGE });
    const [direct1, direct2]: FakeLlmServer[] = await Promise.all([
      startFakeOpenAi({ defaultResponse: reply, requiredKey: ENV.OPENAI_API_KEY }),
      startFakeAnthropic({ defaultResponse: reply, requiredKey: ENV.ANTHROPIC_API_KEY }),
    ]);
    servers.push(direct1, direct2);
    const directOut = folder();
    const d = await experiment([EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(direct1.url, direct2.url), '--out', directOut, '--json']).result;
    expect(d.code, d.err).toBe(0);

    const batched = runFiles(out);
    const direct = runFiles(directOut);
    expect([...batched.keys()]).toEqual([...direct.keys()]);
    for (const [path, run] of batched) {
      const other = direct.get(path);
      expect(run.turns.map(timeless), path).toEqual(other?.turns.map(timeless));
    }
    const costs = (res: Result) => variantsOf(res).map((v) => [v.name, v.inputTokens, v.cost]);
    expect(costs(r).map(([name, tokens]) => [name, tokens])).toEqual(costs(d).map(([name, tokens]) => [name, tokens]));
    variantsOf(r).forEach((v, i) => expect(v.cost).toBeCloseTo((variantsOf(d)[i].cost ?? NaN) / 2, 12));
  });

  test('stopped while a wave waits, then resumed: the recorded batches are polled and read, never sent again', async () => {
    const { openai, anthropic } = await batchServers({ completeAfterPolls: Infinity });
    const out = folder();
    const variants = variantsFor(openai.url, anthropic.url);
    const args = [EXAMPLE, '--runs', String(RUNS), '--variants', variants, '--batch', '--out', out, '--json'];
    // The first process stops once wave 2 is out (its batches recorded), with those batches held.
    let stopped = false;
    const release = () => {
      for (const fake of [openai, anthropic]) for (const b of fake.batches()) if (b.state === 'running' && b.requests[0].turn === 1) fake.release(b.id);
    };
    const first = experiment(args, () => {
      release();
      if (!stopped && openai.batches().length === 2 && anthropic.batches().length === 2) {
        stopped = true;
        first.interrupt();
      }
    });
    const r1 = await first.result;
    expect(r1.code).toBe(130);
    expect(r1.err).toMatch(/--resume/);
    expect(lines(join(out, 'batches.jsonl'))).toHaveLength(4);
    expect(openai.batch(openai.batches()[1].id).state).toBe('running');

    // The resumed process waits on wave 2's batches as recorded, then sends the rest; the provider ends each batch.
    const releaseAll = () => {
      for (const fake of [openai, anthropic]) for (const b of fake.batches()) if (b.state === 'running') fake.release(b.id);
    };
    const r2 = await experiment(['--resume', out, '--json'], releaseAll).result;
    expect(r2.code, r2.err).toBe(0);
    expect(variantsOf(r2).map((v) => [v.successes, v.cut])).toEqual([
      [RUNS, 0],
      [RUNS, 0],
    ]);
    for (const fake of [openai, anthropic]) {
      expect(fake.counts().batchesCreated).toBe(SCRIPT.length);
      const ids = fake.batches().flatMap((b) => b.requests.map((q) => q.customId));
      expect(new Set(ids).size).toBe(ids.length);
      expect(fake.counts().direct).toBe(0);
    }
  });

  test('a process killed (SIGKILL) while its first wave waits: --resume reads those batches and never sends them again', async () => {
    const { openai, anthropic } = await batchServers({ completeAfterPolls: Infinity });
    const out = folder();
    const args = [EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(openai.url, anthropic.url), '--batch', '--poll-ms', '20', '--out', out];
    const child = spawn(process.execPath, [bin, 'experiment', ...args], { cwd: root, env: { ...process.env, ...ENV }, stdio: 'ignore' });
    const ended = new Promise<number | null>((resolve) => child.on('close', (code, signal) => resolve(signal === 'SIGKILL' ? -9 : code)));
    try {
      // Both providers' batches of wave 1 are recorded: the process is killed while it polls them.
      await vi.waitFor(
        () => {
          const path = join(out, 'batches.jsonl');
          expect(existsSync(path) ? lines(path).length : 0).toBe(2);
        },
        { timeout: 60_000, interval: 50 },
      );
    } finally {
      child.kill('SIGKILL');
    }
    expect(await ended).toBe(-9);
    expect([openai.counts().batchesCreated, anthropic.counts().batchesCreated]).toEqual([1, 1]);

    const releaseAll = () => {
      for (const fake of [openai, anthropic]) for (const b of fake.batches()) if (b.state === 'running') fake.release(b.id);
    };
    const r = await experiment(['--resume', out, '--json'], releaseAll).result;
    expect(r.code, r.err).toBe(0);
    expect(variantsOf(r).map((v) => [v.successes, v.cut])).toEqual([
      [RUNS, 0],
      [RUNS, 0],
    ]);
    // Wave 1's batches were read, not sent again: one batch per provider per turn in all.
    expect([openai.counts().batchesCreated, anthropic.counts().batchesCreated]).toEqual([SCRIPT.length, SCRIPT.length]);
  });

  test('an expired batch and a request failing inside its batch cut their runs (exit 3); --resume runs them again', async () => {
    const { openai, anthropic } = await batchServers({
      completeAfterPolls: Infinity,
      failRequests: { 'v1-r2-t2': { status: 500, message: 'The server had an error processing your request.' } },
    });
    const out = folder();
    // Wave 2's Anthropic batch expires with only run 1's request done; everything else ends normally.
    const settle = () => {
      for (const b of openai.batches()) if (b.state === 'running') openai.release(b.id);
      for (const b of anthropic.batches())
        if (b.state === 'running') {
          if (b.requests[0].turn === 2) anthropic.expire(b.id, ['v2-r1-t2']);
          else anthropic.release(b.id);
        }
    };
    const r = await experiment(
      [EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(openai.url, anthropic.url), '--batch', '--out', out, '--json'],
      settle,
    ).result;
    expect(r.code).toBe(3);
    expect(variantsOf(r).map((v) => [v.name, v.runs, v.successes, v.cut])).toEqual([
      ['mini', RUNS, RUNS - 1, 1],
      ['haiku', RUNS, 1, 2],
    ]);
    const cut = (
      JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as { runs: { variant: string; run: number; outcome: string; errorKind?: string }[] }
    ).runs
      .filter((x) => x.outcome === 'cut')
      .map((x) => [x.variant, x.run, x.errorKind]);
    expect(cut).toEqual([
      ['mini', 2, 'server'],
      ['haiku', 2, 'provider'],
      ['haiku', 3, 'provider'],
    ]);

    // Resumed with a provider that now answers every request: only the cut runs run again from turn 1,
    // their requests that a batch answered answered from the record, the others in new waves.
    const before = { openai: openai.counts().batchesCreated, anthropic: anthropic.counts().batchesCreated };
    const again = await batchServers();
    writeFileSync(
      join(out, 'experiment.json'),
      readFileSync(join(out, 'experiment.json'), 'utf8').replaceAll(openai.url, again.openai.url).replaceAll(anthropic.url, again.anthropic.url),
    );
    const r2 = await experiment(['--resume', out, '--json']).result;
    expect(r2.code, r2.err).toBe(0);
    expect(variantsOf(r2).map((v) => [v.successes, v.cut])).toEqual([
      [RUNS, 0],
      [RUNS, 0],
    ]);
    expect(again.openai.batches().map((b) => b.requests.map((q) => q.customId))).toEqual(SCRIPT.slice(1).map((_, t) => [`v1-r2-t${t + 2}`]));
    expect(again.anthropic.batches().map((b) => b.requests.map((q) => q.customId))).toEqual(
      SCRIPT.slice(1).map((_, t) => [`v2-r2-t${t + 2}`, `v2-r3-t${t + 2}`]),
    );
    expect({ openai: openai.counts().batchesCreated, anthropic: anthropic.counts().batchesCreated }).toEqual(before);
  });

  test('a batch cancelled at the provider (by a person, in its console) cuts the runs it had not done; the done ones go on', async () => {
    const { openai, anthropic } = await batchServers({ completeAfterPolls: Infinity });
    const settle = () => {
      for (const b of openai.batches()) if (b.state === 'running') openai.release(b.id);
      for (const b of anthropic.batches())
        if (b.state === 'running') {
          if (b.requests[0].turn === 1) anthropic.cancel(b.id, ['v2-r3-t1']);
          else anthropic.release(b.id);
        }
    };
    const r = await experiment([EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(openai.url, anthropic.url), '--batch', '--json'], settle).result;
    expect(r.code).toBe(3);
    expect(variantsOf(r).map((v) => [v.name, v.successes, v.cut])).toEqual([
      ['mini', RUNS, 0],
      ['haiku', 1, 2],
    ]);
    expect(r.err).toMatch(/wave 1: batch msgbatch_\S+ (canceling|ended)/);
  });

  test('resumed where the provider no longer knows a recorded batch: its requests go out again, and no later process polls it', async () => {
    const { openai, anthropic } = await batchServers({ completeAfterPolls: Infinity });
    const out = folder();
    const first = experiment([EXAMPLE, '--runs', String(RUNS), '--variants', variantsFor(openai.url, anthropic.url), '--batch', '--out', out], () => {
      if (openai.batches().length === 1 && anthropic.batches().length === 1) first.interrupt();
    });
    expect((await first.result).code).toBe(130);
    // Other servers that never saw those batches (as when their results have expired).
    const again = await batchServers();
    writeFileSync(
      join(out, 'experiment.json'),
      readFileSync(join(out, 'experiment.json'), 'utf8').replaceAll(openai.url, again.openai.url).replaceAll(anthropic.url, again.anthropic.url),
    );
    const r = await experiment(['--resume', out, '--json']).result;
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/wave 1: batch batch_fake_\S+ \(openai, 3 requests\) is no longer known to the provider .*: its requests go out again/);
    expect(variantsOf(r).map((v) => [v.successes, v.cut])).toEqual([
      [RUNS, 0],
      [RUNS, 0],
    ]);
    expect(again.openai.counts().batchesCreated).toBe(SCRIPT.length);
    const gone = lines(join(out, 'batch-outcomes.jsonl')).filter((o) => (o.error as { kind?: string } | undefined)?.kind === 'not_found');
    expect(gone).toHaveLength(2 * RUNS);
    // A later resume has nothing to run and polls nothing.
    const retrieves = again.openai.counts().retrieves + again.anthropic.counts().retrieves;
    expect((await experiment(['--resume', out, '--json']).result).code).toBe(0);
    expect(again.openai.counts().retrieves + again.anthropic.counts().retrieves).toBe(retrieves);
  });
});
