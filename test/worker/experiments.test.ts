// Experiments in the worker's host: the plan the page shows before running, runs handed over one by one
// with their session text (which opens as any session), stop, resume, and a real provider (the fake
// OpenAI-compatible server) with the key the page gives for the variant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSession } from '../../src/session/session-file.ts';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import { Experiments, type ExperimentRunUpdate } from '../../src/worker/experiments.ts';
import { startFakeOpenAi, type FakeLlmServer } from '../fakes/llm-servers.ts';

const EXAMPLE = readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8');
const KEY = 'sk-test-WORKER-EXPERIMENT-33';
const VARIANTS = JSON.stringify({
  success: { expected: ['Laptop', 'Monitor'] },
  variants: [
    { name: 'full', compression: false },
    { name: 'sim', compression: 'aggressive', llm: { provider: 'simulated', slip: 0.5 } },
  ],
});

function host(text = EXAMPLE, experiments = new Experiments()): PageApi {
  const h = new PageApi(new Engine(), experiments);
  const r = h.engine.open(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return h;
}

let openai: FakeLlmServer;
beforeAll(async () => {
  openai = await startFakeOpenAi({
    requiredKey: KEY,
    defaultResponse: { text: 'Done.\n```clojure\n(return ["Laptop" "Monitor"])\n```', usage: { inputTokens: 400, outputTokens: 20 } },
  });
});
afterAll(() => openai.close());

describe('experiments in the worker', () => {
  it('plans without running: the variants, who answers, the check, the number of runs', () => {
    const h = host();
    expect(h.planExperiment({ variantsText: VARIANTS, runs: 4 })).toEqual({
      ok: true,
      runs: 4,
      total: 8,
      check: 'returned ["Laptop" "Monitor"]',
      variants: [
        { name: 'full', strategy: 'full-history', answerer: 'mock' },
        { name: 'sim', strategy: 'aggressive', answerer: 'simulated (slip 0.5, guess 0.5)' },
      ],
    });
    expect(h.planExperiment({ variantsText: '', runs: 1 })).toMatchObject({ ok: true, total: 1, check: 'the run returned' });
    // A session given as text is run instead of the open one.
    const other = JSON.parse(EXAMPLE) as Record<string, unknown>;
    other.compression = 'trim';
    expect(h.planExperiment({ variantsText: '', runs: 1, sessionText: JSON.stringify(other) })).toMatchObject({ ok: true, variants: [{ strategy: 'trim' }] });
    expect(h.planExperiment({ variantsText: '', runs: 1, sessionText: '{}' })).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^session: version/)],
    });
    expect(h.planExperiment({ variantsText: '{"variants": [', runs: 1 })).toEqual({ ok: false, errors: [expect.stringMatching(/^line 1, column 15: /)] });
    expect(h.planExperiment({ variantsText: '{"variants": [{"compression": "nope"}]}', runs: 1 })).toMatchObject({
      ok: false,
      errors: [expect.stringMatching(/^variants\[0\]\.compression/)],
    });
  });

  it('hands each run over as it ends, as a session that opens; the results come with CSV and JSON', async () => {
    const h = host();
    const updates: ExperimentRunUpdate[] = [];
    const r = await h.runExperiment({ variantsText: VARIANTS, runs: 3, concurrency: 2, keys: [], done: [] }, (u) => void updates.push(u));
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(updates).toHaveLength(6);
    expect(r.records).toHaveLength(6);
    expect(r.summaries.map((s) => [s.name, s.runs])).toEqual([
      ['full', 3],
      ['sim', 3],
    ]);
    expect(r.summaries[0].successes).toBe(3);
    const opened = parseSession(updates[1].sessionText);
    expect(opened.ok && opened.session.turns.length).toBe(updates[1].record.turns);
    expect(opened.ok && opened.session.compression).toBe('aggressive');
    // The open session is not changed by running an experiment on it.
    expect(h.engine.current().turns).toHaveLength(0);
  });

  it('stops: runs in flight are cut; resuming with the finished ones runs only the rest', async () => {
    const h = host();
    const seen: ExperimentRunUpdate[] = [];
    const first = await h.runExperiment({ variantsText: VARIANTS, runs: 10, concurrency: 1, keys: [], done: [] }, (u) => {
      seen.push(u);
      if (seen.length === 3) h.stopExperiment();
    });
    if (!first.ok) throw new Error('expected results');
    expect(first.stopped).toBe('stopped');
    expect(first.records.length).toBeLessThan(20);
    const done = first.records.filter((rec) => rec.outcome !== 'cut');
    const again: ExperimentRunUpdate[] = [];
    const second = await h.runExperiment({ variantsText: VARIANTS, runs: 10, concurrency: 3, keys: [], done }, (u) => void again.push(u));
    if (!second.ok) throw new Error('expected results');
    expect(second.records).toHaveLength(20);
    expect(again).toHaveLength(20 - done.length);
    expect(h.stopExperiment()).toBe(false);
  });

  it('refuses a second experiment while one runs', async () => {
    const h = host();
    let second: unknown;
    await h.runExperiment({ variantsText: '', runs: 2, concurrency: 1, keys: [], done: [] }, async () => {
      second ??= await h.runExperiment({ variantsText: '', runs: 1, concurrency: 1, keys: [], done: [] }, () => {});
    });
    expect(second).toEqual({ ok: false, errors: ['An experiment is already running; stop it first'] });
  });

  it('asks a real provider with the key given for the variant, and prices the tokens', async () => {
    const session = JSON.parse(EXAMPLE) as Record<string, unknown>;
    session.llm = { provider: 'openai', baseUrl: openai.url, model: 'gpt-4o-mini' };
    const h = host(JSON.stringify(session), new Experiments({ maxRetries: 0 }));
    const plan = h.planExperiment({ variantsText: '', runs: 2 });
    expect(plan).toMatchObject({
      ok: true,
      variants: [{ answerer: 'openai gpt-4o-mini', endpoint: { provider: 'openai', baseUrl: openai.url, model: 'gpt-4o-mini' } }],
    });
    const before = openai.requests.length;
    const r = await h.runExperiment({ variantsText: '', runs: 2, concurrency: 2, keys: [KEY], done: [] }, () => {});
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.summaries[0]).toMatchObject({ successes: 2, inputTokens: 800, outputTokens: 40 });
    // gpt-4o-mini's default price: $0.15 / $0.60 per million.
    expect(r.summaries[0].cost).toBeCloseTo((800 * 0.15 + 40 * 0.6) / 1e6, 12);
    expect(openai.requests.length - before).toBe(2);
    // The page's table replaces the built-in one: a model the person removed from it has no price.
    const unpriced = await h.runExperiment(
      { variantsText: '', runs: 1, concurrency: 1, keys: [KEY], done: [], prices: [['claude-haiku-4-5', { input: 1, output: 1 }]] },
      () => {},
    );
    expect(unpriced.ok && unpriced.summaries[0].cost).toBeNull();
    const wrongKey = await h.runExperiment({ variantsText: '', runs: 3, concurrency: 1, keys: ['nope'], done: [] }, () => {});
    // A refused key is wrong for every run: the first is cut, the rest are not started.
    expect(wrongKey).toMatchObject({ ok: true, stopped: 'provider', records: [{ outcome: 'cut', cutKind: 'provider', errorKind: 'auth' }] });
  });
});

describe('the script’s answer', () => {
  it('is what the mock script returns, encoded as a variants file writes it; null when it does not return', () => {
    const h = host();
    expect(h.scriptAnswer()).toEqual(['Laptop', 'Monitor']);
    const noReturn = JSON.parse(EXAMPLE) as { llm: { replies: string[] } };
    noReturn.llm.replies = noReturn.llm.replies.slice(0, 2);
    expect(host(JSON.stringify(noReturn)).scriptAnswer()).toBeNull();
  });
});
