import { describe, expect, it } from 'vitest';
import { LlmError, mockLlm, type Llm } from '../../src/agent/llm.ts';
import { planExperiment, type ExperimentPlan } from '../../src/experiment/plan.ts';
import type { RunRecord } from '../../src/experiment/records.ts';
import { runExperiment, schedule, type RunLlm } from '../../src/experiment/runner.ts';
import type { Session } from '../../src/session/session-file.ts';
import { EXAMPLE_ANSWER, session } from './fixtures.ts';

function plan(file: unknown, runs: number, base: Session = session()): ExperimentPlan {
  const r = planExperiment(base, file, runs);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.plan;
}

/** The session's mock, reporting fixed usage per request. */
function metered(replies: readonly string[], usage = { inputTokens: 100, outputTokens: 10 }): Llm {
  const inner = mockLlm(replies);
  return { label: 'metered', complete: async (req) => ({ ...(await inner.complete(req)), usage }) };
}

const scriptLlm = (s: Session) => (): RunLlm => ({ llm: mockLlm(s.llm.replies ?? []) });

describe('runExperiment', () => {
  it('takes run 1 of every variant before run 2', () => {
    const p = plan({ variants: [{ name: 'a' }, { name: 'b' }] }, 2);
    expect(schedule(p).map(({ variant, run }) => `${variant.name}${run}`)).toEqual(['a1', 'b1', 'a2', 'b2']);
  });

  it('judges every run and hands each over as a session as it finishes', async () => {
    const s = session();
    const p = plan(
      {
        success: { expected: EXAMPLE_ANSWER },
        variants: [
          { name: 'full', compression: false },
          { name: 'coalesced', compression: true },
        ],
      },
      3,
      s,
    );
    const done: [RunRecord, Session][] = [];
    const result = await runExperiment(p, { llmFor: scriptLlm(s), concurrency: 2, onRunDone: (r, rs) => void done.push([r, rs]) });
    expect(result.stopped).toBeUndefined();
    expect(result.records.map((r) => `${r.variant}${r.run}:${r.outcome}`)).toEqual([
      'full1:success',
      'coalesced1:success',
      'full2:success',
      'coalesced2:success',
      'full3:success',
      'coalesced3:success',
    ]);
    const first = result.records[0];
    expect(first).toMatchObject({ status: 'returned', returned: '["Laptop" "Monitor"]', turns: 3, cost: null, usage: {} });
    expect(first.ms).toBeGreaterThanOrEqual(0);
    expect(done).toHaveLength(6);
    const [, runSession] = done.find(([r]) => r.variant === 'coalesced' && r.run === 2)!;
    expect(runSession.turns).toHaveLength(3);
    expect(runSession.compression).toBe(true);
    expect(runSession.title).toBe(`${s.title} · coalesced · run 2`);
    expect(runSession.extra?.get('experimentRun')).toEqual({ variant: 'coalesced', run: 2, outcome: 'success' });
    // The compressed variant really sent compressed messages.
    const [, fullSession] = done.find(([r]) => r.variant === 'full' && r.run === 2)!;
    expect(runSession.turns[2].messages.length).toBeLessThan(fullSession.turns[2].messages.length);
  });

  it('says why a run failed: a wrong answer, (fail …) or no turns left', async () => {
    const s = session((j) => {
      j.maxTurns = 2;
    });
    const wrong = plan({ success: { expected: ['Mouse'] } }, 1, session());
    const r1 = await runExperiment(wrong, { llmFor: scriptLlm(session()) });
    expect(r1.records[0]).toMatchObject({ outcome: 'failure', status: 'returned', why: 'returned ["Laptop" "Monitor"], expected ["Mouse"]' });
    const r2 = await runExperiment(plan(undefined, 1, s), { llmFor: scriptLlm(s) });
    expect(r2.records[0]).toMatchObject({ outcome: 'failure', status: 'out_of_turns', turns: 2 });
    expect(r2.records[0].why).toMatch(/^No \(return …\) or \(fail …\) after 2 turns/);
    const failing = () => ({ llm: mockLlm(['```clojure\n(fail "no data")\n```']) });
    const r3 = await runExperiment(plan(undefined, 1, s), { llmFor: failing });
    expect(r3.records[0]).toMatchObject({ outcome: 'failure', status: 'failed', why: 'no data' });
  });

  it('counts tokens and cost at the price of the model, the session’s own prices first', async () => {
    const s = session((j) => {
      j.llm = { provider: 'openai', model: 'house-model' };
      j.prices = { 'house-model': { input: 1, output: 2 } };
    });
    const replies = session().llm.replies ?? [];
    const result = await runExperiment(plan(undefined, 2, s), { llmFor: () => ({ llm: metered(replies) }) });
    expect(result.records[0].usage).toEqual({ inputTokens: 300, outputTokens: 30 });
    // 300 × $1/M + 30 × $2/M
    expect(result.records[0].cost).toBeCloseTo(0.00036, 10);
    const unpriced = session((j) => {
      j.llm = { provider: 'openai', model: 'no-such-model' };
    });
    const r2 = await runExperiment(plan(undefined, 1, unpriced), { llmFor: () => ({ llm: metered(replies) }) });
    expect(r2.records[0].cost).toBeNull();
  });

  it('cuts a run the provider fails, keeping what the failed request cost, and goes on with the rest', async () => {
    const s = session();
    let calls = 0;
    const flaky = (): RunLlm => ({
      llm: {
        label: 'flaky',
        complete: async (req) => {
          calls++;
          if (calls === 2) throw new LlmError('HTTP 503', 'server', { status: 503, usage: { inputTokens: 7 } });
          return mockLlm(s.llm.replies ?? []).complete(req);
        },
      },
    });
    const result = await runExperiment(plan(undefined, 2, s), { llmFor: flaky });
    expect(result.records.map((r) => r.outcome)).toEqual(['cut', 'success']);
    expect(result.records[0]).toMatchObject({ cutKind: 'provider', why: 'server: HTTP 503', status: 'cut', turns: 1, usage: { inputTokens: 7 } });
  });

  it('stops when asked: the runs in flight are cut, the rest never start, and finished ones are kept', async () => {
    const s = session();
    const controller = new AbortController();
    const ended: RunRecord[] = [];
    const slowThird = (): RunLlm => ({
      llm: {
        label: 'slow',
        complete: (req) =>
          req.turn === 2 && ended.length === 1
            ? new Promise((_, reject) => {
                req.signal?.addEventListener('abort', () => reject(new LlmError('stopped', 'aborted')));
                controller.abort();
              })
            : mockLlm(s.llm.replies ?? []).complete(req),
      },
    });
    const result = await runExperiment(plan(undefined, 5, s), { llmFor: slowThird, signal: controller.signal, onRunDone: (r) => void ended.push(r) });
    expect(result.stopped).toBe('stopped');
    expect(result.records.map((r) => `${r.run}:${r.outcome}`)).toEqual(['1:success', '2:cut']);
    expect(result.records[1]).toMatchObject({ cutKind: 'stopped', why: 'stopped', turns: 1 });
  });

  it('resumes: finished runs are kept as they were, cut ones run again', async () => {
    const s = session();
    const p = plan({ variants: [{ name: 'a' }, { name: 'b' }] }, 2, s);
    const earlier: RunRecord[] = [
      { variant: 'a', run: 1, outcome: 'failure', why: 'kept', status: 'returned', turns: 9, usage: {}, cost: null, ms: 1 },
      { variant: 'b', run: 1, outcome: 'cut', cutKind: 'stopped', why: 'stopped', status: 'cut', turns: 1, usage: {}, cost: null, ms: 1 },
    ];
    const started: string[] = [];
    const result = await runExperiment(p, { llmFor: scriptLlm(s), done: earlier, onRunStart: (v, n) => void started.push(`${v}${n}`) });
    expect(started).toEqual(['b1', 'a2', 'b2']);
    expect(result.records.map((r) => `${r.variant}${r.run}:${r.outcome}`)).toEqual(['a1:failure', 'b1:success', 'a2:success', 'b2:success']);
    expect(result.records[0].why).toBe('kept');
  });

  it('stops at a token budget, cutting the run that crossed it', async () => {
    const s = session();
    const replies = s.llm.replies ?? [];
    const result = await runExperiment(plan(undefined, 4, s), { llmFor: () => ({ llm: metered(replies) }), budget: { tokens: 500 } });
    // Each full run uses 330 tokens: run 1 finishes, run 2 crosses 500 at its second turn.
    expect(result.records.map((r) => r.outcome)).toEqual(['success', 'cut']);
    expect(result.records[1]).toMatchObject({ cutKind: 'budget', why: 'the budget was spent' });
    expect(result.stopped).toBe('budget');
  });

  it('runs no more than the concurrency at once', async () => {
    const s = session();
    let now = 0;
    let most = 0;
    const slow = (): RunLlm => ({
      llm: {
        label: 'slow',
        complete: async (req) => {
          now++;
          most = Math.max(most, now);
          await new Promise((r) => setTimeout(r, 2));
          now--;
          return mockLlm(s.llm.replies ?? []).complete(req);
        },
      },
    });
    await runExperiment(plan(undefined, 7, s), { llmFor: slow, concurrency: 3 });
    expect(most).toBe(3);
  });
});

describe('stopping the last runs', () => {
  it('says it stopped when it cut runs in flight, even with none left to start', async () => {
    const s = session();
    const controller = new AbortController();
    const hang = (): RunLlm => ({
      llm: {
        label: 'hang',
        complete: (req) =>
          new Promise((_, reject) => {
            req.signal?.addEventListener('abort', () => reject(new LlmError('stopped', 'aborted')));
            setTimeout(() => controller.abort(), 5);
          }),
      },
    });
    const result = await runExperiment(plan(undefined, 2, s), { llmFor: hang, signal: controller.signal, concurrency: 2 });
    expect(result.records.map((r) => r.outcome)).toEqual(['cut', 'cut']);
    expect(result.stopped).toBe('stopped');
  });
});
