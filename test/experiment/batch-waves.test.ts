// An experiment in provider batches, wave by wave: the gate sends the next request of every waiting
// run together, a batch per endpoint (and per OpenAI model), and the runs come out as they would
// have directly, at half the price. A batch that expires, a request that fails, a refused submission,
// and a process that dies mid-wave and is resumed from what it recorded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../src/agent/cost.ts';
import { LlmError, mockLlm, type Llm } from '../../src/agent/llm.ts';
import { DEFAULT_MAX_OUTPUT_TOKENS } from '../../src/agent/llm-settings.ts';
import { turnRecord } from '../../src/agent/run-record.ts';
import type { Turn } from '../../src/agent/turn.ts';
import {
  customIdOf,
  gatedAnswerers,
  splitByLimits,
  WaveGate,
  type BatchRecord,
  type BatchTarget,
  type OutcomeRecord,
  type WaveEvent,
  type WaveOptions,
} from '../../src/experiment/batch-waves.ts';
import { planExperiment, type ExperimentPlan, type Variant } from '../../src/experiment/plan.ts';
import type { RunRecord } from '../../src/experiment/records.ts';
import { summarize } from '../../src/experiment/results.ts';
import { runExperiment, type ExperimentResult, type RunLlm } from '../../src/experiment/runner.ts';
import type { Session } from '../../src/session/session-file.ts';
import { FakeBatchEngine, yieldingSleep } from './fake-batch-provider.ts';
import { EXAMPLE_ANSWER, session } from './fixtures.ts';

const base = session();
const SCRIPT = base.llm.replies ?? [];
const USAGE = { inputTokens: 1000, outputTokens: 100 };

/** Four variants over two providers and three endpoints (OpenAI takes one model per batch). */
const FOUR = {
  success: { expected: EXAMPLE_ANSWER },
  variants: [
    { name: 'mini', llm: { provider: 'openai', model: 'gpt-4o-mini' } },
    { name: '4o', llm: { provider: 'openai', model: 'gpt-4o' } },
    { name: 'haiku', llm: { provider: 'anthropic', model: 'claude-haiku-4-5' } },
    { name: 'haiku coalesced', compression: true, llm: { provider: 'anthropic', model: 'claude-haiku-4-5' } },
  ],
};

function plan(file: unknown, runs: number, s: Session = base): ExperimentPlan {
  const r = planExperiment(s, file, runs);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.plan;
}

const settingsOf = (v: Variant) => ({ ...v.session.llm, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS });
const sentWithOf = (v: Variant) => ({ provider: v.session.llm.provider, model: v.session.llm.model, maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS });

/** The same script answered directly, one request at a time, with the same usage. */
function direct(): (v: Variant) => RunLlm {
  return (v) => {
    const inner = mockLlm(SCRIPT);
    const llm: Llm = { label: 'direct', complete: async (req) => ({ ...(await inner.complete(req)), usage: USAGE }) };
    return { llm, sentWith: sentWithOf(v) };
  };
}

interface Process {
  readonly gate: WaveGate;
  readonly result: Promise<ExperimentResult>;
  readonly batches: BatchRecord[];
  readonly outcomes: OutcomeRecord[];
  readonly events: WaveEvent[];
  readonly sessions: Map<string, readonly Turn[]>;
}

/** One process of a batched experiment: a gate over the engine's endpoints, the runner with every run at once. */
function batched(p: ExperimentPlan, engine: FakeBatchEngine, options: WaveOptions & { done?: readonly RunRecord[]; signal?: AbortSignal } = {}): Process {
  const batches: BatchRecord[] = [];
  const outcomes: OutcomeRecord[] = [];
  const events: WaveEvent[] = [];
  const sessions = new Map<string, readonly Turn[]>();
  const gate = new WaveGate({
    sleep: yieldingSleep().sleep,
    ...options,
    onBatch: (r) => {
      batches.push(r);
      options.onBatch?.(r);
    },
    onOutcomes: (rs) => void outcomes.push(...rs),
    onEvent: (e) => void events.push(e),
  });
  const targets = new Map<string, BatchTarget>();
  const targetOf = (v: Variant): BatchTarget => {
    const llm = v.session.llm;
    const key = llm.provider === 'openai' ? `openai ${llm.model ?? ''}` : llm.provider;
    const known = targets.get(key);
    if (known !== undefined) return known;
    const made: BatchTarget = { key, batches: engine.provider(llm), ...(llm.provider === 'openai' ? { model: llm.model } : {}) };
    targets.set(key, made);
    return made;
  };
  const llmFor = gatedAnswerers(
    p,
    gate,
    (v) => (v.session.llm.provider === 'mock' ? undefined : { target: targetOf(v), settings: settingsOf(v), sentWith: sentWithOf(v) }),
    () => ({ llm: mockLlm(SCRIPT) }),
    options.done,
  );
  const result = runExperiment(p, {
    llmFor,
    concurrency: p.variants.length * p.runs,
    prices: DEFAULT_PRICES,
    ...(options.done !== undefined ? { done: options.done } : {}),
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
    onRunDone: (r, s) => void sessions.set(`${r.variant} ${r.run}`, s.turns),
  });
  return { gate, result, batches, outcomes, events, sessions };
}

async function finish(process: Process): Promise<ExperimentResult> {
  const result = await process.result;
  process.gate.close();
  return result;
}

/** A turn as recorded, without what only time changes. */
function timeless(t: Turn): unknown {
  const { durationMs: _d, toolCalls, ...rest } = turnRecord(t);
  return { ...rest, toolCalls: toolCalls.map(({ durationMs: _c, ...call }) => call) };
}

const ids = (items: readonly { customId: string }[]) => items.map((i) => i.customId);

describe('an experiment in provider batches', () => {
  it('goes in waves: each wave a batch per endpoint (one per OpenAI model) with the next request of every run', async () => {
    const p = plan(FOUR, 3);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const run = batched(p, engine);
    const result = await finish(run);
    expect(result.records.map((r) => r.outcome)).toEqual(Array(12).fill('success'));
    // Three turns: three waves of three batches (gpt-4o-mini, gpt-4o, Anthropic), each run's request in each.
    expect(run.batches.map((b) => [b.wave, b.provider, b.model ?? '', b.customIds.length])).toEqual([
      [1, 'openai', 'gpt-4o-mini', 3],
      [1, 'openai', 'gpt-4o', 3],
      [1, 'anthropic', '', 6],
      [2, 'openai', 'gpt-4o-mini', 3],
      [2, 'openai', 'gpt-4o', 3],
      [2, 'anthropic', '', 6],
      [3, 'openai', 'gpt-4o-mini', 3],
      [3, 'openai', 'gpt-4o', 3],
      [3, 'anthropic', '', 6],
    ]);
    expect(ids(engine.batches[0].items)).toEqual(['v1-r1-t1', 'v1-r2-t1', 'v1-r3-t1']);
    expect(ids(engine.batches[2].items)).toEqual(['v3-r1-t1', 'v3-r2-t1', 'v3-r3-t1', 'v4-r1-t1', 'v4-r2-t1', 'v4-r3-t1']);
    expect(engine.batches[8].items.every((i) => /^v[34]-r\d-t3$/.test(i.customId))).toBe(true);
    expect(engine.batches.every((b) => b.items.every((i) => /^[a-zA-Z0-9_-]{1,64}$/.test(i.customId)))).toBe(true);
    // Every request's outcome was read and recorded.
    expect(run.outcomes).toHaveLength(36);
    expect(run.gate.pendingBatches()).toEqual([]);
    // Progress: each batch said when submitted and as its state changed.
    expect(run.events.filter((e) => e.type === 'submitted')).toHaveLength(9);
    expect(run.events.find((e) => e.type === 'state' && e.providerState === 'ended' && e.batchId === 'anthropic-batch-3')).toMatchObject({
      wave: 1,
      succeeded: 6,
      failed: 0,
      total: 6,
    });
  });

  it('gives every run the turns it would have had directly, at half the cost for the same usage', async () => {
    const p = plan(FOUR, 2);
    const run = batched(p, new FakeBatchEngine({ script: SCRIPT, usage: USAGE }));
    const inBatches = await finish(run);
    const directSessions = new Map<string, readonly Turn[]>();
    const straight = await runExperiment(p, {
      llmFor: direct(),
      concurrency: 2,
      prices: DEFAULT_PRICES,
      onRunDone: (r, s) => void directSessions.set(`${r.variant} ${r.run}`, s.turns),
    });
    expect(run.sessions.size).toBe(8);
    for (const [key, turns] of directSessions) expect(run.sessions.get(key)?.map(timeless)).toEqual(turns.map(timeless));
    for (const [i, r] of inBatches.records.entries()) {
      const d = straight.records[i];
      expect({ ...r, ms: 0, cost: 0, priceBasis: 'list' }).toEqual({ ...d, ms: 0, cost: 0 });
      expect(r.priceBasis).toBe('half-list');
      expect(d.priceBasis).toBe('list');
      expect(r.cost).toBeCloseTo((d.cost ?? NaN) / 2, 12);
    }
    const mini = summarize('mini', inBatches.records);
    expect(mini.cost).toBeCloseTo((summarize('mini', straight.records).cost ?? NaN) / 2, 12);
  });

  it('splits a wave’s batch where the provider’s request limit says, and only there', async () => {
    const p = plan(FOUR, 3);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE, limits: { maxRequests: 4, maxBytes: 1e9 } });
    const run = batched(p, engine);
    await finish(run);
    expect(run.batches.filter((b) => b.wave === 1).map((b) => [b.model ?? b.provider, b.customIds.length])).toEqual([
      ['gpt-4o-mini', 3],
      ['gpt-4o', 3],
      ['anthropic', 4],
      ['anthropic', 2],
    ]);
    expect(run.batches).toHaveLength(12);
  });

  it('splits by bytes as by requests; an item too large alone goes alone', () => {
    const sizes = [5, 5, 5, 20, 1, 1];
    expect(splitByLimits(sizes, { maxRequests: 10, maxBytes: 10 }, (n) => n)).toEqual([[5, 5], [5], [20], [1, 1]]);
    expect(splitByLimits(sizes, { maxRequests: 2, maxBytes: 100 }, (n) => n)).toEqual([
      [5, 5],
      [5, 20],
      [1, 1],
    ]);
    expect(customIdOf(0, 12, 3)).toBe('v1-r12-t3');
  });

  it('splits any wave into pieces within the limits, in order, each as full as the limits allow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 60 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 120 }),
        (sizes, maxRequests, maxBytes) => {
          const pieces = splitByLimits(sizes, { maxRequests, maxBytes }, (n) => n);
          expect(pieces.flat()).toEqual(sizes);
          for (const [i, piece] of pieces.entries()) {
            const bytes = piece.reduce((a, b) => a + b, 0);
            expect(piece.length).toBeGreaterThan(0);
            expect(piece.length).toBeLessThanOrEqual(maxRequests);
            if (piece.length > 1) expect(bytes).toBeLessThanOrEqual(maxBytes);
            // A piece ends only where the next item would not fit.
            const next = pieces[i + 1]?.[0];
            if (next !== undefined) expect(piece.length === maxRequests || bytes + next > maxBytes).toBe(true);
          }
        },
      ),
    );
  });

  it('answers the mock’s variants at once: they never wait for a wave, and no batch holds them', async () => {
    const p = plan({ success: { expected: EXAMPLE_ANSWER }, variants: [{ name: 'mock' }, FOUR.variants[2]] }, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    const run = batched(p, engine);
    const result = await finish(run);
    expect(result.records.map((r) => `${r.variant}${r.run}:${r.outcome}`)).toEqual(['mock1:success', 'haiku1:success', 'mock2:success', 'haiku2:success']);
    expect(engine.batches.map((b) => ids(b.items))).toEqual([
      ['v2-r1-t1', 'v2-r2-t1'],
      ['v2-r1-t2', 'v2-r2-t2'],
      ['v2-r1-t3', 'v2-r2-t3'],
    ]);
  });

  it('an expired batch cuts exactly the runs whose requests it had not done; a request that fails cuts its run', async () => {
    const p = plan(FOUR, 3);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    // Wave 2's Anthropic batch expires having done only the requests of run 1; run 2 of gpt-4o fails at turn 3.
    engine.endAs = (b) => (b.provider === 'anthropic' && b.items[0].customId.endsWith('-t2') ? 'expired' : 'ended');
    engine.completedBeforeEnd = (item) => item.customId.includes('-r1-');
    engine.failing = (item) => (item.customId === 'v2-r2-t3' ? new LlmError('the model is overloaded', 'server') : undefined);
    const run = batched(p, engine);
    const result = await finish(run);
    const cut = result.records.filter((r) => r.outcome === 'cut');
    expect(cut.map((r) => `${r.variant} ${r.run}`)).toEqual(['4o 2', 'haiku 2', 'haiku coalesced 2', 'haiku 3', 'haiku coalesced 3']);
    expect(cut.every((r) => r.cutKind === 'provider')).toBe(true);
    expect(cut.find((r) => r.variant === 'haiku')?.why).toBe('provider: batch anthropic-batch-6 expired before this request was done');
    expect(cut.find((r) => r.variant === '4o')).toMatchObject({ errorKind: 'server', why: 'server: the model is overloaded', turns: 2 });
    // Wave 3 holds only the runs still going; the cut runs are left out of the rate.
    expect(run.batches.filter((b) => b.wave === 3).map((b) => b.customIds.length)).toEqual([3, 3, 2]);
    expect(summarize('haiku', result.records)).toMatchObject({ runs: 3, successes: 1, cut: 2, successRate: 1 });
    expect(result.stopped).toBeUndefined();
    // Both kinds of failure were recorded as outcomes, so a resumed experiment sends them again.
    expect(run.outcomes.filter((o) => !o.ok).map((o) => o.customId)).toEqual(['v3-r2-t2', 'v3-r3-t2', 'v4-r2-t2', 'v4-r3-t2', 'v2-r2-t3']);
  });

  it('a batch the provider refuses (a bad key) stops the experiment, as a direct run’s refusal does', async () => {
    const p = plan(FOUR, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.refuse = (items) => (items[0].settings.provider === 'anthropic' ? new LlmError('invalid x-api-key', 'auth', { status: 401 }) : undefined);
    const run = batched(p, engine);
    const result = await finish(run);
    expect(result.stopped).toBe('provider');
    expect(result.records.some((r) => r.errorKind === 'auth')).toBe(true);
    expect(result.records.every((r) => r.outcome === 'cut')).toBe(true);
    expect(run.events.filter((e) => e.type === 'refused')).toHaveLength(1);
  });

  it('a batch that fails as a whole (the provider’s checks) stops the experiment; what it had done is still applied', async () => {
    const p = plan(FOUR, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.endAs = (b) => (b.items[0].customId === 'v2-r1-t2' ? 'failed' : 'ended');
    const run = batched(p, engine);
    const result = await finish(run);
    expect(result.stopped).toBe('provider');
    const fourO = result.records.filter((r) => r.variant === '4o');
    expect(fourO.map((r) => [r.errorKind, r.turns])).toEqual([
      ['bad_request', 1],
      ['bad_request', 1],
    ]);
    expect(fourO[0].why).toBe('bad_request: batch openai-batch-5 failed (the input file did not validate)');
    // The other endpoints' wave-2 batches ended together with it and were applied; no wave 3 went out.
    expect(result.records.filter((r) => r.variant !== '4o').every((r) => r.turns === 2 && r.cutKind === 'stopped')).toBe(true);
    expect(run.batches.map((b) => b.wave)).toEqual([1, 1, 1, 2, 2, 2]);
  });

  it('polls less often while a batch stands still, never less than every maxPollMs', async () => {
    const p = plan({ variants: [FOUR.variants[2]] }, 1);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE, runningPolls: 6 });
    const { sleep, asked } = yieldingSleep();
    await finish(batched(p, engine, { sleep, pollMs: 100, maxPollMs: 300 }));
    // Per batch: the first poll sees counts at all, then five polls that see nothing move, then the end.
    expect(asked.slice(0, 6)).toEqual([100, 150, 225, 300, 300, 300]);
  });

  it('polls at the set pace again as soon as a batch’s counts move', async () => {
    const p = plan({ variants: [FOUR.variants[2]] }, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE, runningPolls: 6 });
    engine.doneWhileRunning = (polls) => (polls >= 3 ? 1 : 0);
    const { sleep, asked } = yieldingSleep();
    const run = batched(p, engine, { sleep, pollMs: 100, maxPollMs: 300 });
    await finish(run);
    expect(asked.slice(0, 6)).toEqual([100, 150, 100, 150, 225, 300]);
    expect(run.events.filter((e) => e.type === 'state' && e.wave === 1).map((e) => (e.type === 'state' ? `${e.providerState} ${e.succeeded}` : ''))).toEqual([
      'in_progress 0',
      'in_progress 1',
      'ended 2',
    ]);
  });

  it('stopped mid-wave: the runs are cut, the batches are left running at the provider, none is cancelled', async () => {
    const p = plan(FOUR, 1);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.hold = true;
    const controller = new AbortController();
    engine.onSubmit = () => {
      if (engine.batches.length === 3) controller.abort();
    };
    const run = batched(p, engine, { signal: controller.signal });
    const result = await run.result;
    expect(result.stopped).toBe('stopped');
    expect(result.records.every((r) => r.cutKind === 'stopped')).toBe(true);
    expect(run.gate.pendingBatches()).toEqual(['openai-batch-1', 'openai-batch-2', 'anthropic-batch-3']);
    run.gate.close();
    expect(engine.batches.every((b) => b.phase === 'running')).toBe(true);
  });
});

describe('a batched experiment resumed from its records', () => {
  it('after a process dies mid-wave: read requests are answered from the record, the unread batch is polled, nothing is sent twice', async () => {
    const p = plan(FOUR, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    // Wave 2's batches never end while the first process lives.
    engine.onSubmit = () => {
      if (engine.batches.length === 4) engine.hold = true;
    };
    let recorded = (): void => {};
    const waveTwoRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const first = batched(p, engine, { onBatch: (r) => (r.wave === 2 && r.provider === 'anthropic' ? recorded() : undefined) });
    await waveTwoRecorded;
    // What the dead process left: its batch records and the outcomes it read; no run ended.
    const past = { batches: [...first.batches], outcomes: [...first.outcomes] };
    first.gate.close();
    await first.result;
    expect(past.batches.map((b) => b.wave)).toEqual([1, 1, 1, 2, 2, 2]);
    expect(past.outcomes).toHaveLength(8);
    engine.hold = false;

    const second = batched(p, engine, { past });
    const result = await finish(second);
    expect(result.records.map((r) => r.outcome)).toEqual(Array(8).fill('success'));
    // Wave 2 was polled, not sent again: only wave 3 is new.
    expect(engine.batches).toHaveLength(9);
    expect(second.batches.map((b) => b.wave)).toEqual([3, 3, 3]);
    expect(second.events.filter((e) => e.type === 'resumed').map((e) => e.batchId)).toEqual(['openai-batch-4', 'openai-batch-5', 'anthropic-batch-6']);
    const sent = engine.batches.flatMap((b) => ids(b.items));
    expect(new Set(sent).size).toBe(sent.length);
    // The same turns as a run that was never interrupted.
    const straight = new Map<string, readonly Turn[]>();
    await runExperiment(p, { llmFor: direct(), onRunDone: (r, s) => void straight.set(`${r.variant} ${r.run}`, s.turns) });
    for (const [key, turns] of straight) expect(second.sessions.get(key)?.map(timeless)).toEqual(turns.map(timeless));
  });

  it('a batch recorded only in part: its unread requests wait for it, a recorded error goes out again and gets the new answer', async () => {
    const p = plan({ success: { expected: EXAMPLE_ANSWER }, variants: [FOUR.variants[0]] }, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    // The earlier process made batch 1 and died while recording its outcomes: only run 2's (an error) made it.
    const s1 = plan({ variants: [FOUR.variants[0]] }, 1).variants[0].session;
    const items = ['v1-r1-t1', 'v1-r2-t1'].map((customId) => ({ customId, settings: s1.llm, messages: [] }));
    const first = await engine.provider(s1.llm).submit(items);
    engine.failing = (item) => (item.customId === 'v1-r2-t1' && engine.batches[0].items.includes(item) ? new LlmError('overloaded', 'server') : undefined);
    const past = {
      batches: [{ wave: 1, id: first, provider: 'openai' as const, model: 'gpt-4o-mini', customIds: ids(items), created: '2026-11-27T00:00:00.000Z' }],
      outcomes: [{ customId: 'v1-r2-t1', batchId: first, ok: false as const, error: { kind: 'server' as const, message: 'overloaded' } }],
    };
    const run = batched(p, engine, { past });
    const result = await finish(run);
    expect(result.records.map((r) => r.outcome)).toEqual(['success', 'success']);
    // Run 2's turn 1 went out again, in wave 2 while run 1 waited on batch 1; nothing else went out twice.
    expect(run.batches[0]).toMatchObject({ wave: 2, customIds: ['v1-r2-t1'] });
    expect(run.batches.flatMap((b) => b.customIds).sort()).toEqual(['v1-r1-t2', 'v1-r1-t3', 'v1-r2-t1', 'v1-r2-t2', 'v1-r2-t3']);
    // Batch 1's outcome for run 1 is recorded now; run 2's is not recorded twice.
    expect(run.outcomes.filter((o) => o.batchId === first).map((o) => o.customId)).toEqual(['v1-r1-t1']);
  });

  it('retries what was cut: a request whose recorded outcome is an error goes into a new wave', async () => {
    const p = plan({ success: { expected: EXAMPLE_ANSWER }, variants: [FOUR.variants[0]] }, 2);
    const engine = new FakeBatchEngine({ script: SCRIPT, usage: USAGE });
    engine.failing = (item) => (item.customId === 'v1-r2-t2' && engine.batches.length <= 2 ? new LlmError('overloaded', 'server') : undefined);
    const first = batched(p, engine);
    const firstResult = await finish(first);
    expect(firstResult.records.map((r) => r.outcome)).toEqual(['success', 'cut']);
    engine.failing = () => undefined;

    const second = batched(p, engine, { past: { batches: first.batches, outcomes: first.outcomes }, done: firstResult.records });
    const result = await finish(second);
    expect(result.records.map((r) => r.outcome)).toEqual(['success', 'success']);
    // Run 2's turn 1 came from the record; turns 2 and 3 went out again, in waves 4 and 5.
    expect(second.batches.map((b) => [b.wave, b.customIds])).toEqual([
      [4, ['v1-r2-t2']],
      [5, ['v1-r2-t3']],
    ]);
  });
});
