// `ptc experiment`, in process: the mock, the simulated model and a real provider played by the fake
// OpenAI-compatible server; the results folder (--out, --resume); bad input refused before any run.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeOpenAi, type FakeLlmServer, type RecordedRequest } from '../fakes/llm-servers.ts';
import { ptcIn, root, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-experiment-'));
const EXAMPLE = join(root, 'examples', 'reviews-and-inventory.json');
const BENCH = join(root, 'bench', 'sessions', 'order-refunds.json');
const KEY = 'sk-test-EXPERIMENT-91c2';

let n = 0;
function file(json: unknown): string {
  const p = join(dir, `f${++n}.json`);
  writeFileSync(p, typeof json === 'string' ? json : JSON.stringify(json));
  return p;
}

function ptc(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return ptcIn(['experiment', ...args], { env });
}

interface VariantJson {
  name: string;
  runs: number;
  successes: number;
  successRate: number | null;
  interval: [number, number] | null;
  meanTurns: number | null;
  meanMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  cost: number | null;
  failures: number;
  cut: number;
}

function results(r: Result): VariantJson[] {
  return (JSON.parse(r.out) as { variants: VariantJson[] }).variants;
}

const SIMULATED = {
  success: { predicate: '(fn [r] (some? r))' },
  variants: [
    { name: 'full history', compression: false, llm: { provider: 'simulated' } },
    { name: 'observation masking', compression: 'observation-masking', llm: { provider: 'simulated' } },
  ],
};

let openai: FakeLlmServer;
beforeAll(async () => {
  // One-turn answers by model: "right-model" returns 6, "wrong-model" 7, "down-model" gets a 500.
  openai = await startFakeOpenAi({
    defaultResponse: (req: RecordedRequest) => {
      const model = (req.body as { model?: string }).model;
      if (model === 'down-model') return { status: 500, message: 'the fake is down' };
      return {
        text: `Sum:\n\`\`\`clojure\n(return ${model === 'wrong-model' ? 7 : '(reduce + data/xs)'})\n\`\`\``,
        usage: { inputTokens: 1000, outputTokens: 50 },
      };
    },
  });
});
afterAll(async () => {
  await openai.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ptc experiment', () => {
  test('the mock: every run judged against the expected value, a table on stdout, a line per run on stderr', async () => {
    const variants = file({
      success: { expected: ['Laptop', 'Monitor'] },
      variants: [
        { name: 'full', compression: false },
        { name: 'coalesced', compression: true },
      ],
    });
    const r = await ptc([EXAMPLE, '--runs', '3', '--variants', variants]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^Experiment: 2 variants × 3 runs; success: returned \["Laptop" "Monitor"\]\n/);
    expect(r.out).toMatch(/\nfull +3 +3 +0 +0 +100\.0% +43\.8%–100\.0% +always +3\.0 +– +– +– /);
    expect(r.out).toMatch(/\ncoalesced +3 +3 +0 +0 +100\.0% /);
    const lines = r.err.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^\[1\/6\] full · run 1: success · 3 turns · \d+ ms$/);
    expect(lines[5]).toMatch(/^\[6\/6\] coalesced · run 3: success · /);
  });

  test('--json prints only the documented results; a wrong expectation is a failure, not an error', async () => {
    const variants = file({ success: { expected: ['Mouse'] } });
    const r = await ptc([EXAMPLE, '--runs', '2', '--variants', variants, '--json']);
    expect(r.code).toBe(0);
    const [v] = results(r);
    expect(v).toMatchObject({ name: 'session', runs: 2, successes: 0, successRate: 0, meanTurns: 3, inputTokens: null, outputTokens: null, cost: null });
    expect(v.interval?.[0]).toBe(0);
    expect(v.interval?.[1]).toBeCloseTo(0.6576, 3);
    expect(r.err).toContain('failure (returned ["Laptop" "Monitor"], expected ["Mouse"])');
  });

  test('without --variants: the session as it is, success meaning it returned', async () => {
    const r = await ptc([EXAMPLE, '--runs', '1', '--json']);
    expect(r.code).toBe(0);
    expect(results(r)).toEqual([expect.objectContaining({ name: 'session', runs: 1, successes: 1, successRate: 1 })]);
  });

  test('the simulated model: seeded by run, so runs differ, replay exactly, and a strategy that hides results fails more', async () => {
    const variants = file(SIMULATED);
    const a = await ptc([BENCH, '--runs', '12', '--variants', variants, '--json', '--concurrency', '3']);
    const b = await ptc([BENCH, '--runs', '12', '--variants', variants, '--json']);
    expect(a.code).toBe(0);
    const [full, masked] = results(a);
    expect(full.successes).toBe(12);
    expect(masked.successes).toBeLessThan(full.successes);
    expect(masked.successes).toBeGreaterThan(0);
    expect(masked.inputTokens).toBeLessThan(full.inputTokens ?? 0);
    // Same seeds, same runs: everything but the time is equal.
    const noTime = (r: Result) => results(r).map(({ meanMs: _ms, ...rest }) => rest);
    expect(noTime(a)).toEqual(noTime(b));
    expect(a.err.split('\n').filter((l) => l.includes('failure (')).length).toBe(12 - masked.successes);
  });

  test('--expect-script judges runs against what the session’s script returns, so a guess is a failure', async () => {
    const variants = file({ variants: [{ name: 'masked', compression: 'observation-masking', llm: { provider: 'simulated' } }] });
    // Without it, a guess (nil) is a run that returned.
    const returned = results(await ptc([BENCH, '--runs', '12', '--variants', variants, '--json']));
    expect(returned[0].successes).toBe(12);
    const judged = await ptc([BENCH, '--runs', '12', '--variants', variants, '--expect-script', '--json']);
    expect(judged.code).toBe(0);
    const masked = results(judged);
    expect(masked[0].successes).toBeLessThan(12);
    expect(masked[0].successes).toBeGreaterThan(0);
    const clash = await ptc([BENCH, '--runs', '1', '--variants', file({ success: { expected: 1 } }), '--expect-script']);
    expect(clash.code).toBe(2);
    expect(clash.err).toMatch(/--expect-script replaces the success check/);
    const noAnswer = file({ version: 2, mission: 'x', llm: { provider: 'mock', replies: ['```clojure\n(+ 1 2)\n```'] } });
    expect((await ptc([noAnswer, '--runs', '1', '--expect-script'])).err).toMatch(/--expect-script: the session's script does not return/);
  });

  test('--llm simulated turns every variant into the simulated model', async () => {
    const r = await ptc([BENCH, '--runs', '3', '--llm', 'simulated', '--json']);
    expect(r.code).toBe(0);
    expect(results(r)[0].inputTokens).toBeGreaterThan(0);
    expect((await ptc([BENCH, '--runs', '3', '--llm', 'simulated', '--model', 'x'])).code).toBe(2);
  });

  test('a real provider: tokens and cost per variant, the key sent and never shown', async () => {
    const session = file({
      version: 2,
      mission: 'Sum data/xs.',
      data: { xs: [1, 2, 3] },
      llm: { provider: 'openai', model: 'right-model', baseUrl: openai.url },
      prices: { 'right-model': { input: 2, output: 10 }, 'wrong-model': { input: 1, output: 1 } },
    });
    const variants = file({ success: { expected: 6 }, variants: [{ name: 'right' }, { name: 'wrong', llm: { model: 'wrong-model' } }] });
    const before = openai.requests.length;
    const r = await ptc([session, '--runs', '5', '--variants', variants, '--json', '--concurrency', '4'], { OPENAI_API_KEY: KEY });
    expect(r.code).toBe(0);
    const [right, wrong] = results(r);
    expect(right).toMatchObject({ runs: 5, successes: 5, inputTokens: 5000, outputTokens: 250 });
    expect(right.cost).toBeCloseTo((5 * (1000 * 2 + 50 * 10)) / 1e6, 10);
    expect(wrong).toMatchObject({ runs: 5, successes: 0, successRate: 0 });
    expect(wrong.cost).toBeCloseTo((5 * 1050) / 1e6, 10);
    const sent = openai.requests.slice(before);
    expect(sent).toHaveLength(10);
    for (const q of sent) expect(q.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.out + r.err).not.toContain(KEY);
  });

  test('a provider that fails: the runs are cut, left out of the rate, and the exit code says so', async () => {
    const session = file({ version: 2, mission: 'Sum.', data: { xs: [1] }, llm: { provider: 'openai', model: 'down-model', baseUrl: openai.url } });
    const r = await ptc([session, '--runs', '2', '--json', '--retries', '0'], { OPENAI_API_KEY: KEY });
    expect(r.code).toBe(3);
    expect(results(r)[0]).toMatchObject({ runs: 2, successes: 0, cut: 2, successRate: null, interval: null });
    expect(r.err).toMatch(/run 1: cut \(server: /);
  });

  test('--out saves every run as it ends; a budget stops it; --resume finishes it without running finished runs again', async () => {
    const out = join(dir, 'results');
    const variants = file(SIMULATED);
    const first = await ptc([BENCH, '--runs', '4', '--variants', variants, '--out', out, '--budget-tokens', '150000', '--concurrency', '1']);
    expect(first.code).toBe(1);
    expect(first.out).toContain('The budget was spent');
    const lines = () =>
      readFileSync(join(out, 'runs.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { variant: string; run: number; outcome: string });
    const before = lines();
    expect(before.length).toBeGreaterThan(0);
    expect(before.length).toBeLessThan(8);
    expect(before.at(-1)?.outcome).toBe('cut');
    const finished = before.filter((l) => l.outcome !== 'cut');
    expect(readdirSync(join(out, 'runs'))).toEqual(expect.arrayContaining(['01-full-history']));
    const runFile = JSON.parse(readFileSync(join(out, 'runs', '01-full-history', 'run-001.json'), 'utf8')) as { turns: unknown[]; experimentRun: unknown };
    expect(runFile.turns.length).toBeGreaterThan(0);
    expect(runFile.experimentRun).toMatchObject({ variant: 'full history', run: 1 });
    for (const name of ['results-runs.csv', 'results-variants.csv', 'results.json']) expect(existsSync(join(out, name))).toBe(true);

    const again = await ptc(['--resume', out, '--json']);
    expect(again.code).toBe(0);
    const after = lines();
    // Finished runs were not run again: each appears once; the cut one ran again.
    expect(after.slice(0, before.length)).toEqual(before);
    const ran = after.slice(before.length);
    for (const f of finished) expect(ran.some((l) => l.variant === f.variant && l.run === f.run)).toBe(false);
    expect(results(again).map((v) => v.runs)).toEqual([4, 4]);
    const csv = readFileSync(join(out, 'results-runs.csv'), 'utf8').trim().split('\r\n');
    expect(csv[0]).toMatch(/^variant,run,outcome,status,turns,input_tokens_all_requests,/);
    expect(csv).toHaveLength(9);
    expect(readFileSync(join(out, 'results-variants.csv'), 'utf8').trim().split('\r\n')).toHaveLength(3);
    const json = JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as {
      configuration: { runsPerVariant: number };
      variants: unknown[];
      runs: unknown[];
    };
    expect([json.configuration.runsPerVariant, json.variants.length, json.runs.length]).toEqual([4, 2, 8]);
    // The same experiment in one go gives the same outcomes.
    const whole = await ptc([BENCH, '--runs', '4', '--variants', variants, '--json']);
    expect(results(whole).map((v) => v.successes)).toEqual(results(again).map((v) => v.successes));
    expect((await ptc([BENCH, '--runs', '4', '--out', out])).code).toBe(2);
  });

  test('bad input is refused before any run, with every problem named', async () => {
    const cases: [string[], RegExp][] = [
      [[EXAMPLE], /--runs: how many runs/],
      [[EXAMPLE, '--runs', '0'], /--runs: expected a whole number from 1 to 1,000/],
      [[EXAMPLE, '--runs', '2', '--variants', file('{"variants": [')], /variants file .*: line 1, column 15/],
      [
        [EXAMPLE, '--runs', '2', '--variants', file({ variants: [{ name: 'x', compression: 'nope' }, { name: 'x' }] })],
        /variants\[0\]\.compression[\s\S]*variants\[1\]\.name: "x" names two variants/,
      ],
      [[EXAMPLE, '--runs', '2', '--variants', file({ success: { predicate: '(fn [r] (= r' } })], /success\.predicate: the predicate does not run/],
      [[EXAMPLE, '--runs', '2', '--out', dir, '--resume', dir], /not both/],
      [['--resume', join(dir, 'nothing-here')], /no experiment\.json there/],
      [[EXAMPLE, '--runs', '2', '--llm', 'openai', '--model', 'm'], /OPENAI_API_KEY is not set/],
      [[EXAMPLE, '--runs', '2', '--concurrency', '99'], /--concurrency: expected a whole number from 1 to 32/],
    ];
    for (const [args, message] of cases) {
      const r = await ptc(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.out).toBe('');
    }
  });

  test('--help lists the options and the exit codes', async () => {
    const r = await ptc(['--help']);
    expect(r.code).toBe(0);
    for (const word of ['--runs N', '--variants FILE.json', '--concurrency K', '--out DIR', '--resume DIR', '--budget-tokens', 'simulated', '130'])
      expect(r.out).toContain(word);
  });
});
