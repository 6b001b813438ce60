// `ptc experiment --shard i/n` and `ptc experiment merge`, in process, with the simulated model (no
// network): shards merged give the unsharded folder's results; the flags' and the merge's refusals.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ptcIn, root, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-shards-'));
const EXAMPLE = join(root, 'examples', 'reviews-and-inventory.json');
const VARIANTS = join(dir, 'variants.json');
writeFileSync(
  VARIANTS,
  JSON.stringify({
    variants: [
      { name: 'full history', compression: false },
      { name: 'observation masking', compression: 'observation-masking' },
    ],
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ptc = (args: string[]): Promise<Result> => ptcIn(['experiment', ...args]);
const experiment = (runs: number, more: string[]): Promise<Result> =>
  ptc([EXAMPLE, '--runs', String(runs), '--variants', VARIANTS, '--llm', 'simulated', '--expect-script', ...more]);
const read = (folder: string, file: string): string => readFileSync(join(folder, file), 'utf8');
const json = (folder: string, file: string): Record<string, unknown> => JSON.parse(read(folder, file)) as Record<string, unknown>;

/** CSV rows without the columns of wall time (which differs between runs of the same runs). */
function withoutTime(csv: string, column: string): string[][] {
  const rows = csv
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
  const at = rows[0].indexOf(column);
  expect(at).toBeGreaterThan(-1);
  return rows.map((r) => r.filter((_, i) => i !== at));
}

function variantsWithoutTime(folder: string): unknown {
  return (json(folder, 'results.json').variants as Record<string, unknown>[]).map(({ meanMs: _ms, ...rest }) => rest);
}

let k = 0;
const fresh = (name: string): string => join(dir, `${name}-${++k}`);

describe('ptc experiment --shard and merge', () => {
  test('three shards merged: the unsharded folder’s runs, successes, rates, intervals and tokens; --resume on it has nothing to run', async () => {
    const whole = fresh('whole');
    expect((await experiment(5, ['--out', whole])).code).toBe(0);
    const shards = [1, 2, 3].map(() => fresh('shard'));
    for (const [i, out] of shards.entries()) {
      const r = await experiment(5, ['--shard', `${i + 1}/3`, '--out', out]);
      expect(r.code).toBe(0);
      expect(json(out, 'experiment.json').shard).toEqual({ index: i + 1, count: 3 });
      expect((json(out, 'results.json').configuration as Record<string, unknown>).shard).toEqual({ index: i + 1, count: 3 });
    }
    const first = await experiment(5, ['--shard', '1/3', '--out', fresh('again')]);
    // 10 runs dealt out: shard 1 has k = 0, 3, 6, 9.
    expect(first.out).toMatch(/^Experiment shard 1\/3: 4 of 10 runs \(2 variants × 5 runs\)/);
    expect(first.err).toMatch(/^\[4\/4\] /m);
    expect(first.err).not.toMatch(/\[5\//);

    const merged = fresh('merged');
    const r = await ptc(['merge', shards[2], shards[0], shards[1], '--out', merged]);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/3 folders \(3 shards\) merged into .*: 10 of 10 runs/);
    expect(r.out).toMatch(/^Experiment: 2 variants × 5 runs/);
    // Compared: every column but duration_ms (runs) and mean_duration_ms_per_run / meanMs (variants), which are wall time.
    expect(withoutTime(read(merged, 'results-runs.csv'), 'duration_ms')).toEqual(withoutTime(read(whole, 'results-runs.csv'), 'duration_ms'));
    expect(withoutTime(read(merged, 'results-variants.csv'), 'mean_duration_ms_per_run')).toEqual(
      withoutTime(read(whole, 'results-variants.csv'), 'mean_duration_ms_per_run'),
    );
    expect(variantsWithoutTime(merged)).toEqual(variantsWithoutTime(whole));
    const configuration = json(merged, 'results.json').configuration as Record<string, unknown>;
    expect(configuration).toMatchObject({ shards: 3, runsPerVariant: 5, variants: ['full history', 'observation masking'] });
    expect(configuration.shard).toBeUndefined();
    expect(json(merged, 'experiment.json')).toEqual(json(whole, 'experiment.json'));
    expect(readdirSync(join(merged, 'runs', '02-observation-masking')).sort()).toEqual(readdirSync(join(whole, 'runs', '02-observation-masking')).sort());
    expect(read(merged, 'runs.jsonl').trimEnd().split('\n')).toHaveLength(10);

    const resumed = await ptc(['--resume', merged, '--json']);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toBe('');
    const grown = await ptc(['--resume', merged, '--runs', '6']);
    expect(grown.code).toBe(0);
    expect(grown.err.trimEnd().split('\n')).toHaveLength(2);
  });

  test('a shard cut by its budget: the merge names the cut runs and the folder to resume; resumed, it runs only its share and merges', async () => {
    const one = fresh('one');
    const two = fresh('two');
    expect((await experiment(3, ['--shard', '1/2', '--out', one])).code).toBe(0);
    const cut = await experiment(3, ['--shard', '2/2', '--out', two, '--budget-tokens', '1', '--concurrency', '1']);
    expect(cut.code).toBe(1);
    const refused = await ptc(['merge', one, two, '--out', fresh('m')]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/^ptc experiment merge: refused: 3 runs of the experiment are not finished: /);
    expect(refused.err).toContain(`${two}: run 2 of "full history" missing, run 3 of "observation masking" missing, run 1 of "observation masking" cut.`);
    expect(refused.err).toContain(`ptc experiment --resume ${two}`);
    expect(refused.err).toContain('--partial');

    expect((await ptc(['--resume', two, '--shard', '1/2'])).err).toMatch(/--shard 1\/2: the folder holds shard 2\/2; --resume keeps it/);
    expect((await ptc(['--resume', two, '--runs', '4'])).err).toMatch(/--runs: a shard cannot change its runs/);
    const resumed = await ptc(['--resume', two, '--shard', '2/2']);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/^Experiment shard 2\/2: 3 of 6 runs/);
    // Shard 2/2 of 2 × 3 runs holds k = 1, 3, 5: run 2 of the first variant, runs 1 and 3 of the second.
    expect(
      resumed.err
        .trimEnd()
        .split('\n')
        .map((l) => /\] (.*?): /.exec(l)?.[1])
        .sort(),
    ).toEqual(['full history · run 2', 'observation masking · run 1', 'observation masking · run 3']);
    expect((await ptc(['merge', one, two, '--out', fresh('m')])).code).toBe(0);
  });

  test('--partial merges what there is and says so; --resume on the merged folder runs the rest', async () => {
    const one = fresh('one');
    expect((await experiment(2, ['--shard', '1/2', '--out', one])).code).toBe(0);
    const refused = await ptc(['merge', one, '--out', fresh('m')]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/no folder of shard 2\/2 was given \(its 2 runs\)/);
    expect(refused.err).toMatch(/--shard 2\/2 --out DIR/);
    const merged = fresh('m');
    const r = await ptc(['merge', one, '--out', merged, '--partial']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/Partial merge: 2 runs in no folder and 0 cut are left out of the rates/);
    expect(json(merged, 'results.json').configuration).toMatchObject({ shards: 2, missingRuns: 2 });
    const resumed = await ptc(['--resume', merged]);
    expect(resumed.code).toBe(0);
    expect(resumed.out).toMatch(/^Experiment: 2 variants × 2 runs/);
    expect(resumed.err.trimEnd().split('\n')).toHaveLength(2);
  });

  test('merge refuses folders that are not one experiment, naming them, with exit code 2', async () => {
    const one = fresh('one');
    const two = fresh('two');
    const other = fresh('other');
    expect((await experiment(2, ['--shard', '1/2', '--out', one])).code).toBe(0);
    expect((await experiment(2, ['--shard', '2/2', '--out', two])).code).toBe(0);
    expect((await experiment(3, ['--shard', '2/2', '--out', other])).code).toBe(0);
    const copy = fresh('copy');
    cpSync(one, copy, { recursive: true });
    const notFolder = fresh('empty');
    const cases: [string[], RegExp][] = [
      [[one, other], new RegExp(`refused: ${one} and ${other} are folders of different experiments: their runs per variant \\(2 and 3\\) differ`)],
      [[one, two, copy], new RegExp(`a run is in two folders: run 1 of "full history" is in both ${one} and ${copy}`)],
      [[one, one], new RegExp(`refused: ${one} is given twice`)],
      [[one, notFolder], new RegExp(`refused: cannot read ${notFolder}/experiment.json: no experiment.json there`)],
    ];
    for (const [dirs, message] of cases) {
      const out = fresh('m');
      const r = await ptc(['merge', ...dirs, '--out', out]);
      expect(r.code, dirs.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(existsSync(out)).toBe(false);
    }
    const whole = fresh('whole');
    expect((await experiment(2, ['--out', whole])).code).toBe(0);
    expect((await ptc(['merge', one, whole, '--out', fresh('m')])).err).toMatch(
      new RegExp(`shard counts disagree: ${one} is shard 1/2, ${whole} is not sharded \\(1/1\\)`),
    );
    const noOut = await ptc(['merge', one, two]);
    expect(noOut.code).toBe(2);
    expect(noOut.err).toBe(
      'ptc experiment merge: --out DIR: where to write the merged experiment folder\n(ptc experiment merge --help lists its options and arguments)\n',
    );
    expect((await ptc(['merge', '--out', fresh('m')])).err).toMatch(/give the shard folders to merge/);
    expect((await ptc(['merge', one, two, '--out', one])).err).toMatch(/already holds an experiment/);
  });

  test('--shard is checked: whole numbers, 1 ≤ i ≤ n ≤ 1000', async () => {
    for (const bad of ['0/3', '4/3', '1/1001', 'x', '1.5/3', '3']) {
      const r = await experiment(2, ['--shard', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.err).toContain(`--shard: expected i/n, whole numbers with 1 ≤ i ≤ n ≤ 1000 (for example 2/4), got ${JSON.stringify(bad)}`);
    }
  });

  test('a shard without --out runs and says on stderr that its results are only useful merged', async () => {
    const r = await experiment(2, ['--shard', '2/2']);
    expect(r.code).toBe(0);
    expect(r.err.split('\n')[0]).toBe('ptc experiment: a shard runs only its share of the runs; give --out DIR to keep them for ptc experiment merge');
  });

  test('merge --help and experiment --help document the sub-command and its exit codes', async () => {
    const help = await ptc(['merge', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^usage: ptc experiment merge DIR\.\.\. --out DIR \[--partial\] \[--json\]/);
    expect(help.out).toMatch(/0 +the folders were merged into --out/);
    expect(help.out).toMatch(/refused, naming the folders/);
    const main = await ptc(['--help']);
    expect(main.out).toContain('ptc experiment merge DIR... --out DIR');
    expect(main.out).toContain('--shard i/n');
    expect(main.out).toContain('merge: the folders were merged into --out');
  });
});
