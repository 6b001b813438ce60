// The saved experiments' store: each save writes what changed (the session once, a record per run),
// reads give the whole experiment back, older saves (everything in one entry) still read, and delete
// removes every entry of the experiment.
import { describe, expect, it } from 'vitest';
import { createExperimentDb, memoryKv, type ExperimentRecord, type Kv } from '../../../../src/ui/features/experiments/experiment-db.ts';
import type { RunRecord } from '../../../../src/experiment/records.ts';

function counting(): { kv: Kv; sets: string[] } {
  const inner = memoryKv();
  const sets: string[] = [];
  return {
    sets,
    kv: { ...inner, set: (k, v) => (sets.push(k), inner.set(k, v)) },
  };
}

const rec = (variant: string, run: number, outcome: RunRecord['outcome'] = 'success'): RunRecord => ({
  variant,
  run,
  outcome,
  status: outcome === 'cut' ? 'cut' : 'returned',
  turns: 3,
  usage: {},
  cost: null,
  ms: 10,
});

const base: ExperimentRecord = {
  id: 'e1',
  created: 1,
  title: 'T',
  sessionText: 'x'.repeat(100_000),
  variantsText: '',
  runs: 2,
  concurrency: 1,
  variants: ['a'],
  total: 2,
  records: [],
};

describe('the experiments store', () => {
  it('writes the session once and each run record once, and reads the whole experiment back', async () => {
    const { kv, sets } = counting();
    const db = createExperimentDb({ kv });
    const r1 = rec('a', 1, 'cut');
    await db.put({ ...base, records: [r1] });
    await db.put({ ...base, records: [r1, rec('a', 2)] });
    const r1again = rec('a', 1);
    await db.put({ ...base, records: [r1again, rec('a', 2)] });
    expect(sets.filter((k) => k === 'session:e1')).toHaveLength(1);
    expect(sets.filter((k) => k === 'rec:e1:a:1')).toHaveLength(2);
    expect(sets.filter((k) => k === 'rec:e1:a:2')).toHaveLength(2);
    const back = await db.get('e1');
    expect(back?.sessionText).toBe(base.sessionText);
    expect(back?.records.map((r) => `${r.run}:${r.outcome}`).sort()).toEqual(['1:success', '2:success']);
    expect((await db.list()).map((r) => r.id)).toEqual(['e1']);
  });

  it('reads an experiment saved whole in one entry by an earlier version', async () => {
    const kv = memoryKv();
    await kv.set('exp:old', { ...base, id: 'old', records: [rec('a', 1)] });
    const db = createExperimentDb({ kv });
    const back = await db.get('old');
    expect(back?.sessionText).toBe(base.sessionText);
    expect(back?.records).toHaveLength(1);
  });

  it('deletes every entry of an experiment, and only its own', async () => {
    const kv = memoryKv();
    const db = createExperimentDb({ kv });
    await db.put({ ...base, records: [rec('a', 1)] });
    await db.put({ ...base, id: 'e2', records: [rec('a', 1)] });
    await db.putRunText('e1', 'a', 1, 'text');
    await db.delete('e1');
    expect((await kv.keys()).sort()).toEqual(['exp:e2', 'rec:e2:a:1', 'session:e2']);
  });

  it('writes thousands of runs (an opened results folder) in transactions of at most 500 where the store has them', async () => {
    const inner = memoryKv();
    const batches: number[] = [];
    const kv: Kv = {
      ...inner,
      setMany: async (entries) => {
        batches.push(entries.length);
        for (const [k, v] of entries) await inner.set(k, v);
      },
      getMany: (keyList) => Promise.all(keyList.map((k) => inner.get(k))),
    };
    const db = createExperimentDb({ kv });
    const records = Array.from({ length: 1200 }, (_, i) => rec('a', i + 1));
    await db.put({
      ...base,
      runs: 1200,
      total: 1200,
      records,
      imported: { folder: 'out', setup: { title: 'T', runsPerVariant: 1200, variants: ['a'] }, runFiles: [], differences: [] },
    });
    await db.putRunTexts('e1', [
      { variant: 'a', run: 1, text: 'one' },
      { variant: 'a', run: 2, text: 'two' },
    ]);
    expect(batches).toEqual([500, 500, 200, 2]);
    const back = await db.get('e1');
    expect(back?.records).toHaveLength(1200);
    expect(back?.imported?.folder).toBe('out');
    expect(await db.getRunText('e1', 'a', 2)).toBe('two');
  });
});
