// Reading a results folder's results.json (what `ptc experiment --out` and `merge` write): the exports'
// own JSON reads back to the same runs and figures; unknown fields are kept; each mistake is named by
// its path; runs that disagree with the file's summary win, the difference said; run files are placed
// by their path in the folder or by the `experimentRun` field they carry.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportTexts, type ExperimentSetup } from '../../src/experiment/exports.ts';
import type { RunRecord } from '../../src/experiment/records.ts';
import { summarizeAll } from '../../src/experiment/results.ts';
import { readResultsFile, runFilePlace, runOfSessionText } from '../../src/experiment/results-file.ts';

function rec(variant: string, run: number, outcome: RunRecord['outcome'], over: Partial<RunRecord> = {}): RunRecord {
  return { variant, run, outcome, status: outcome === 'cut' ? 'cut' : 'returned', turns: 3, usage: { inputTokens: 10 }, cost: 0.5, ms: 100, ...over };
}

const setup: ExperimentSetup = {
  title: 'Orders',
  started: '2026-11-27T10:00:00.000Z',
  runsPerVariant: 3,
  concurrency: 2,
  variants: ['full', 'trim'],
  variantsFile: {
    variants: [
      { name: 'full', compression: false },
      { name: 'trim', compression: 'trim' },
    ],
  },
};
const records = [
  rec('full', 1, 'success'),
  rec('full', 2, 'failure', { why: 'returned 1, expected 2' }),
  rec('trim', 1, 'cut', { cutKind: 'provider', errorKind: 'server', why: 'the provider failed' }),
];

/** results.json as the exports write it, changed by `edit`. */
function fileText(edit: (doc: Record<string, unknown>) => void = () => undefined): string {
  const doc = JSON.parse(exportTexts(setup, summarizeAll(setup.variants, records), records).json) as Record<string, unknown>;
  edit(doc);
  return JSON.stringify(doc);
}

function errorsOf(text: string): readonly string[] {
  const read = readResultsFile(text);
  if (read.ok) throw new Error('expected a refusal');
  return read.errors;
}

describe('readResultsFile', () => {
  it('reads back what the exports wrote: the setup, every run, the total and the same figures', () => {
    const read = readResultsFile(fileText());
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.results.setup).toEqual(setup);
    expect(read.results.records).toEqual(records);
    expect(read.results.total).toBe(6);
    expect(read.results.summaries).toEqual(summarizeAll(setup.variants, records));
    expect(read.results.differences).toEqual([]);
    // The same files again, to the byte.
    expect(exportTexts(read.results.setup, read.results.summaries, read.results.records)).toEqual(
      exportTexts(setup, summarizeAll(setup.variants, records), records),
    );
  });

  it('keeps fields it does not know (folders of later builds)', () => {
    const read = readResultsFile(
      fileText((d) => {
        (d.configuration as Record<string, unknown>).region = { provider: 'openai' };
        (d.runs as Record<string, unknown>[])[0].price = 'batch';
        d.machines = 4;
      }),
    );
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.results.records[0]).toMatchObject({ variant: 'full', price: 'batch' });
  });

  it('reads what a shard, a partial merge and a batched experiment write, and writes it again to the byte', () => {
    const { concurrency: _c, ...unconcurrent } = setup;
    const batched = records.map((r) => ({ ...r, priceBasis: 'half-list' as const }));
    for (const [made, runs] of [
      [{ ...setup, shard: { index: 2, count: 3 } }, records],
      [{ ...unconcurrent, shards: 3, missingRuns: 2 }, records],
      [{ ...unconcurrent, batch: true }, batched],
    ] as const) {
      const texts = exportTexts(made, summarizeAll(made.variants, runs), runs);
      const read = readResultsFile(texts.json);
      if (!read.ok) throw new Error(read.errors.join('\n'));
      expect(read.results.records).toEqual(runs);
      expect(exportTexts(read.results.setup, read.results.summaries, read.results.records)).toEqual(texts);
    }
    // A shard's folder holds its share: 2 variants × 3 runs in 3 shards, 2 runs each.
    const shard = readResultsFile(exportTexts({ ...setup, shard: { index: 2, count: 3 } }, summarizeAll(setup.variants, records), records).json);
    expect(shard.ok && shard.results.total).toBe(2);
    expect(errorsOf(fileText((d) => ((d.configuration as Record<string, unknown>).shard = { index: 4, count: 3 })))).toEqual([
      'configuration.shard: shard 4 of 3 does not exist',
    ]);
  });

  it('reads a file without the optional fields (no start, no concurrency, no variants file)', () => {
    const read = readResultsFile(JSON.stringify({ configuration: { title: 'T', runsPerVariant: 1, variants: ['session'] }, variants: [], runs: [] }));
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.results.setup).toEqual({ title: 'T', runsPerVariant: 1, variants: ['session'], variantsFile: null });
    expect(read.results.differences).toEqual(['variants: no summary of "session"']);
  });

  it.each([
    ['not JSON', '{"configuration": ', /^results\.json is not JSON: /],
    ['not an object', '[1, 2]', /^results\.json: expected an object, got an array$/],
    ['no runs', JSON.stringify({ configuration: setup, variants: [] }), /^runs: required$/],
    ['a run without an outcome', fileText((d) => delete (d.runs as Record<string, unknown>[])[1].outcome), /^runs\[1\]\.outcome: required$/],
    [
      'an unknown outcome',
      fileText((d) => ((d.runs as Record<string, unknown>[])[2].outcome = 'maybe')),
      /^runs\[2\]\.outcome: expected "success" or "failure" or "cut", got string "maybe"$/,
    ],
    ['a run number of 0', fileText((d) => ((d.runs as Record<string, unknown>[])[0].run = 0)), /^runs\[0\]\.run: must be at least 1, got number 0$/],
    [
      'negative tokens',
      fileText((d) => ((d.runs as Record<string, unknown>[])[0].usage = { inputTokens: -1 })),
      /^runs\[0\]\.usage\.inputTokens: must be at least 0/,
    ],
    ['a text for a cost', fileText((d) => ((d.runs as Record<string, unknown>[])[0].cost = '0.5')), /^runs\[0\]\.cost: /],
    [
      'no variants named',
      fileText((d) => ((d.configuration as Record<string, unknown>).variants = [])),
      /^configuration\.variants: must name at least one variant$/,
    ],
    [
      'a run of another variant',
      fileText((d) => ((d.runs as Record<string, unknown>[])[1].variant = 'other')),
      /^runs\[1\]\.variant: "other" is not one of configuration\.variants$/,
    ],
    [
      'a run past the plan',
      fileText((d) => ((d.runs as Record<string, unknown>[])[1].run = 4)),
      /^runs\[1\]\.run: 4 is past configuration\.runsPerVariant \(3\)$/,
    ],
    ['a run twice', fileText((d) => ((d.runs as Record<string, unknown>[])[1].run = 1)), /^runs\[1\]: full run 1 is already runs\[0\]$/],
    [
      'a variant named twice',
      fileText((d) => ((d.configuration as Record<string, unknown>).variants = ['full', 'full'])),
      /^configuration\.variants\[1\]: "full" is named twice$/,
    ],
  ])('refuses %s, naming the field', (_what, text, first) => {
    expect(errorsOf(text)[0]).toMatch(first);
  });

  it('lists every problem at once, at most twenty and how many more', () => {
    const errors = errorsOf(fileText((d) => ((d.runs as unknown[]) = Array.from({ length: 30 }, () => ({})))));
    expect(errors).toHaveLength(21);
    expect(errors[20]).toMatch(/^and \d+ more$/);
  });

  it('takes the runs as the truth when the file summary disagrees, and says where', () => {
    const read = readResultsFile(
      fileText((d) => {
        const [full] = d.variants as Record<string, unknown>[];
        full.successes = 2;
        full.failures = 0;
        (d.variants as unknown[]).push({ name: 'gone', runs: 1 });
      }),
    );
    if (!read.ok) throw new Error(read.errors.join('\n'));
    expect(read.results.summaries[0]).toMatchObject({ name: 'full', successes: 1, failures: 1, successRate: 0.5 });
    expect(read.results.differences).toEqual([
      '"full": the file\'s summary says 2 successes, its runs 1',
      '"full": the file\'s summary says 0 failures, its runs 1',
      'variants: "gone" is summarized but not in configuration.variants',
    ]);
  });
});

describe('run files', () => {
  it.each([
    ['results/runs/01-full-history/run-001.json', { variantIndex: 0, run: 1 }],
    ['runs/12-x/run-1000.json', { variantIndex: 11, run: 1000 }],
    ['C:\\out\\runs\\02-trim\\run-007.json', { variantIndex: 1, run: 7 }],
    ['results/run-001.json', null],
    ['results/runs/01-full/notes.json', null],
    ['results/runs/00-full/run-001.json', null],
    ['results/myruns/01-full/run-001.json', null],
  ])('places %s by its path', (path, place) => {
    expect(runFilePlace(path)).toEqual(place);
  });

  it('reads the variant and run a run file says it is, and nothing from other files', () => {
    expect(runOfSessionText(JSON.stringify({ title: 'T', experimentRun: { variant: 'trim', run: 3, outcome: 'success' } }))).toEqual({
      variant: 'trim',
      run: 3,
    });
    expect(runOfSessionText(JSON.stringify({ title: 'T' }))).toBeNull();
    expect(runOfSessionText(JSON.stringify({ experimentRun: { variant: 'trim', run: 1.5 } }))).toBeNull();
    expect(runOfSessionText('not json')).toBeNull();
  });
});

describe('what the page loads with it', () => {
  it('imports only zod/mini and its own layer, so the interpreter stays out of the Experiments panel', () => {
    const source = readFileSync(new URL('../../src/experiment/results-file.ts', import.meta.url), 'utf8');
    const from = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(from.filter((f) => f !== 'zod/mini' && !f.startsWith('./'))).toEqual([]);
  });
});
