// Shards merged are the unsharded experiment: a property over random shard counts and run counts,
// with the simulated model (seeded by run, so each run is the same wherever it runs), and the merge's
// refusals of folders that do not add up to one experiment.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../src/agent/cost.ts';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { exportTexts, resultsDocument, type ExperimentSetup } from '../../src/experiment/exports.ts';
import { mergeShards, type ShardFolder } from '../../src/experiment/merge.ts';
import { planExperiment, type ExperimentPlan } from '../../src/experiment/plan.ts';
import type { RunRecord } from '../../src/experiment/records.ts';
import { summarizeAll } from '../../src/experiment/results.ts';
import { runExperiment } from '../../src/experiment/runner.ts';
import { EXAMPLE_ANSWER, session } from './fixtures.ts';

const VARIANTS = {
  success: { expected: EXAMPLE_ANSWER },
  variants: [
    { name: 'full history', compression: false, llm: { provider: 'simulated', slip: 0.2, guess: 0.5 } },
    { name: 'observation masking', compression: 'observation-masking', llm: { provider: 'simulated', slip: 0.2, guess: 0.5 } },
    { name: 'trim', compression: 'trim', llm: { provider: 'simulated', slip: 0.2, guess: 0.5 } },
  ],
};

/** The example with a priced model, so costs are summed too. */
function plan(runs: number): ExperimentPlan {
  const r = planExperiment(
    session((json) => ((json.llm as Record<string, unknown>).model = 'gpt-4o-mini')),
    VARIANTS,
    runs,
  );
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.plan;
}

const EXPERIMENT = (runs: number): Record<string, unknown> => ({ session: 'reviews-and-inventory', variants: VARIANTS, runs });

/** Runs the plan (or its shard) in process; the clock reads 0, so durations compare too. */
async function run(p: ExperimentPlan): Promise<readonly RunRecord[]> {
  const result = await runExperiment(p, {
    llmFor: () => {
      throw new Error('every variant is simulated');
    },
    concurrency: 2,
    prices: DEFAULT_PRICES,
    now: () => 0,
  });
  return result.records;
}

function exportsOf(p: ExperimentPlan, records: readonly RunRecord[]): { runs: string; variants: string; json: unknown } {
  const names = p.variants.map((v) => v.name);
  const setup: ExperimentSetup = { title: 't', runsPerVariant: p.runs, variants: names };
  const summaries = summarizeAll(names, records);
  const texts = exportTexts(setup, summaries, records);
  return { runs: texts.runs, variants: texts.variants, json: resultsDocument(setup, summaries, records).variants };
}

beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('mergeShards', () => {
  const unsharded = new Map<number, Promise<readonly RunRecord[]>>();
  const whole = (runs: number): Promise<readonly RunRecord[]> => {
    if (!unsharded.has(runs)) unsharded.set(runs, run(plan(runs)));
    return unsharded.get(runs)!;
  };

  it('n shards merged, in any order, give the unsharded results: the same runs CSV, variants CSV and JSON summaries', async () => {
    let sawFailure = false;
    let sawCost = false;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 6 }), fc.infiniteStream(fc.nat()), async (count, runs, order) => {
        const p = plan(runs);
        const folders: ShardFolder[] = [];
        for (let index = 1; index <= count; index++)
          folders.push({
            label: `shard-${index}`,
            experiment: EXPERIMENT(runs),
            shard: { index, count },
            records: await run({ ...p, shard: { index, count } }),
          });
        // The folders come in any order.
        const shuffled = [...folders];
        const picks = order.take(shuffled.length);
        let i = 0;
        for (const pick of picks) {
          const j = i + (pick % (shuffled.length - i));
          [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
          i++;
        }
        const merged = mergeShards(
          p.variants.map((v) => v.name),
          runs,
          shuffled,
        );
        if (!merged.ok) throw new Error(merged.problems.join('\n'));
        expect(merged.missing).toEqual([]);
        expect(merged.cut).toEqual([]);
        expect(merged.shards).toBe(count);
        const expected = await whole(runs);
        sawFailure ||= expected.some((r) => r.outcome === 'failure');
        sawCost ||= expected.every((r) => r.cost !== null && r.cost > 0);
        expect(exportsOf(p, merged.records)).toEqual(exportsOf(p, expected));
      }),
      { numRuns: 25 },
    );
    // The property says something only if runs differ: the simulated model's slips and guesses fail some.
    expect(sawFailure).toBe(true);
    expect(sawCost).toBe(true);
  }, 60_000);

  const record = (variant: string, run: number, outcome: RunRecord['outcome'] = 'success'): RunRecord => ({
    variant,
    run,
    outcome,
    status: outcome === 'cut' ? 'cut' : 'returned',
    turns: 1,
    usage: {},
    cost: null,
    ms: 0,
  });
  // a and b × 2 runs in 2 shards: a1 and b1 in shard 1, a2 and b2 in shard 2.
  const folder = (label: string, index: number | undefined, records: RunRecord[], experiment = EXPERIMENT(2)): ShardFolder => ({
    label,
    experiment,
    ...(index !== undefined ? { shard: { index, count: 2 } } : {}),
    records,
  });
  const problems = (folders: ShardFolder[]): string => {
    const r = mergeShards(['a', 'b'], 2, folders);
    return r.ok ? 'merged' : r.problems.join('\n');
  };

  it('refuses folders of different experiments, naming the folders and what differs', () => {
    expect(problems([folder('s1', 1, []), folder('s2', 2, [], EXPERIMENT(3))])).toBe(
      's1 and s2 are folders of different experiments: their runs per variant (2 and 3) differ',
    );
    expect(problems([folder('s1', 1, []), folder('s2', 2, [], { ...EXPERIMENT(2), variants: { ...VARIANTS, success: { expected: 1 } } })])).toMatch(
      /^s1 and s2 are folders of different experiments: their variants file \(variants or success check\) differ$/,
    );
    expect(problems([folder('s1', 1, []), folder('s2', 2, [], { ...EXPERIMENT(2), llm: { model: 'gpt-4o' } })])).toMatch(/s1 and s2 .* LLM flags differ/);
  });

  it('compares experiments by value, whatever order their keys were written in', () => {
    const reordered = Object.fromEntries(Object.entries(EXPERIMENT(2)).reverse());
    expect(problems([folder('s1', 1, [record('a', 1), record('b', 1)]), folder('s2', 2, [record('a', 2), record('b', 2)], reordered)])).toBe('merged');
  });

  it('refuses shard counts that disagree, saying each folder’s', () => {
    const three: ShardFolder = { label: 's3', experiment: EXPERIMENT(2), shard: { index: 3, count: 3 }, records: [] };
    expect(problems([folder('s1', 1, []), three, folder('whole', undefined, [])])).toBe(
      "the folders' shard counts disagree: s1 is shard 1/2, s3 is shard 3/3, whole is not sharded (1/1)",
    );
  });

  it('refuses a run in two folders, naming both', () => {
    expect(problems([folder('s1', 1, [record('a', 1)]), folder('copy', 1, [record('a', 1)]), folder('s2', 2, [])])).toBe(
      'a run is in two folders: run 1 of "a" is in both s1 and copy',
    );
  });

  it('refuses two folders of one shard even before they hold runs', () => {
    expect(problems([folder('s1', 1, []), folder('again', 1, [])])).toBe('s1 and again are both shard 1/2');
  });

  it('refuses runs that are not in the folder’s shard or not in the experiment', () => {
    expect(problems([folder('s1', 1, [record('a', 2), record('zzz', 1), record('b', 9)]), folder('s2', 2, [])])).toBe(
      's1 holds runs that are not in its shard 1/2 of this experiment: run 2 of "a", run 1 of "zzz", run 9 of "b"',
    );
  });

  it('reports runs in no folder and runs only cut, each with its shard and folder', () => {
    const r = mergeShards(['a', 'b'], 2, [folder('s1', 1, [record('a', 1), record('b', 1, 'cut')])]);
    if (!r.ok) throw new Error(r.problems.join('\n'));
    expect(r.cut).toEqual([{ variant: 'b', run: 1, shard: { index: 1, count: 2 }, folder: 's1' }]);
    expect(r.missing).toEqual([
      { variant: 'a', run: 2, shard: { index: 2, count: 2 } },
      { variant: 'b', run: 2, shard: { index: 2, count: 2 } },
    ]);
    // The cut run is kept, as any folder keeps it (its tokens count, it is left out of the rate).
    expect(r.records.map((x) => `${x.variant}${x.run}:${x.outcome}`)).toEqual(['a1:success', 'b1:cut']);
  });
});
