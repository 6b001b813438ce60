import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planExperiment } from '../../src/experiment/plan.ts';
import { schedule } from '../../src/experiment/runner.ts';
import { inShard, readShard, shardOf, shareSize } from '../../src/experiment/shards.ts';
import { session } from './fixtures.ts';

const spread = (xs: readonly number[]): number => Math.max(...xs) - Math.min(...xs);

describe('the split of runs into shards', () => {
  it('deals the runs out variant by variant: k = v·R + run − 1, shard = k mod n + 1', () => {
    // 2 variants × 3 runs into 4 shards: a1 a2 a3 b1 b2 b3 → 1 2 3 4 1 2.
    const dealt = [0, 1].flatMap((v) => [1, 2, 3].map((run) => shardOf(v, run, 3, 4)));
    expect(dealt).toEqual([1, 2, 3, 4, 1, 2]);
  });

  it('puts every run in exactly one shard, with shard sizes and each variant’s runs per shard within one of each other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20 }), (variants, runs, count) => {
        const sizes = Array<number>(count).fill(0);
        const perVariant = Array.from({ length: variants }, () => Array<number>(count).fill(0));
        for (let v = 0; v < variants; v++)
          for (let run = 1; run <= runs; run++) {
            const holders = Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard({ index, count }, v, run, runs));
            expect(holders).toHaveLength(1);
            sizes[holders[0] - 1]++;
            perVariant[v][holders[0] - 1]++;
          }
        expect(spread(sizes)).toBeLessThanOrEqual(1);
        for (const counts of perVariant) expect(spread(counts)).toBeLessThanOrEqual(1);
        sizes.forEach((size, i) => expect(shareSize({ index: i + 1, count }, variants, runs)).toBe(size));
      }),
    );
  });

  it('a sharded plan is scheduled as the unsharded one, without the other shards’ runs', () => {
    const r = planExperiment(session(), { variants: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] }, 4);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const whole = schedule(r.plan).map(({ variant, run }) => `${variant.name}${run}`);
    const shards = [1, 2, 3, 4, 5].map((index) => schedule({ ...r.plan, shard: { index, count: 5 } }).map(({ variant, run }) => `${variant.name}${run}`));
    expect(shards.flat().sort()).toEqual([...whole].sort());
    for (const share of shards) expect(share).toEqual(whole.filter((k) => share.includes(k)));
    expect(shards[0]).toEqual(['a1', 'b2', 'c3']);
  });

  it.each([
    ['1/1', { index: 1, count: 1 }],
    ['2/4', { index: 2, count: 4 }],
    [' 3 / 1000 ', { index: 3, count: 1000 }],
  ])('reads %j', (text, shard) => {
    expect(readShard(text)).toEqual({ ok: true, shard });
  });

  it.each(['0/4', '5/4', '1/1001', '1.5/4', '-1/4', '2', 'a/b', '', '1/0', '2/4/8'])('refuses %j, saying what it expects', (text) => {
    const r = readShard(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/1 ≤ i ≤ n ≤ 1000/);
  });
});
