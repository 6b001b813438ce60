// The three exports of an experiment: runs CSV, variants CSV, and the JSON with the configuration,
// the summaries and every run; reasons whole, columns named for what they count or sum.
import { describe, expect, it } from 'vitest';
import { EXPORT_FILES, exportTexts, resultsDocument, runsCsv, variantsCsv, type ExperimentSetup } from '../../src/experiment/exports.ts';
import type { RunRecord } from '../../src/experiment/records.ts';
import { summarizeAll } from '../../src/experiment/results.ts';

function rec(variant: string, run: number, outcome: RunRecord['outcome'], over: Partial<RunRecord> = {}): RunRecord {
  return { variant, run, outcome, status: outcome === 'cut' ? 'cut' : 'returned', turns: 3, usage: {}, cost: null, ms: 100, ...over };
}

const LONG_WHY = `returned [${'"a, b" '.repeat(400)}], expected "x"`;
const records = [
  rec('full history', 1, 'success', {
    usage: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 40 },
    cost: 0.001,
    ms: 12.6,
    returned: '42',
    priceBasis: 'list',
  }),
  rec('trim', 2, 'failure', { why: LONG_WHY }),
  rec('trim', 3, 'cut', { cutKind: 'provider', errorKind: 'server', why: 'the provider failed (server)' }),
];
const setup: ExperimentSetup = {
  title: 'Orders',
  started: '2026-11-27T10:00:00.000Z',
  runsPerVariant: 3,
  concurrency: 2,
  variants: ['full history', 'trim'],
  variantsFile: { variants: [{ name: 'full history' }, { name: 'trim' }] },
};

describe('runs CSV', () => {
  it('has one row per run, a header whose names say what they sum, empty cells for what was not reported', () => {
    const lines = runsCsv(records).split('\r\n');
    expect(lines[0]).toBe(
      'variant,run,outcome,status,turns,input_tokens_all_requests,output_tokens_all_requests,cached_input_tokens_all_requests,cost_usd_all_requests,duration_ms,cut_kind,error_kind,returned,why,price_basis',
    );
    expect(lines[1]).toBe('full history,1,success,returned,3,100,10,40,0.001,13,,,42,,list');
    expect(lines[3]).toBe('trim,3,cut,cut,3,,,,,100,provider,server,,the provider failed (server),');
    expect(lines.at(-1)).toBe('');
  });

  it('keeps a failure reason whole, quoted as CSV quotes', () => {
    const row = runsCsv(records).split('\r\n')[2];
    expect(row).toBe(`trim,2,failure,returned,3,,,,,100,,,,"${LONG_WHY.replace(/"/g, '""')}",`);
  });

  it('keeps a spreadsheet from running a cell as a formula', () => {
    expect(
      runsCsv([rec('=HYPERLINK("x")', 1, 'success')])
        .split('\r\n')[1]
        .startsWith(`"'=HYPERLINK(""x"")"`),
    ).toBe(true);
  });
});

describe('variants CSV', () => {
  it('has one row per variant: counts, the rate with its 95% interval, what all its runs used', () => {
    const lines = variantsCsv(summarizeAll(setup.variants, records)).split('\r\n');
    expect(lines[0]).toBe(
      'variant,runs_ended,runs_succeeded,runs_failed,runs_cut,success_rate,success_rate_95_low,success_rate_95_high,consistency,mean_turns_per_run,mean_duration_ms_per_run,input_tokens_all_runs,output_tokens_all_runs,cached_input_tokens_all_runs,cost_usd_all_runs',
    );
    const [full, trim] = [lines[1].split(','), lines[2].split(',')];
    expect(full.slice(0, 6)).toEqual(['full history', '1', '1', '0', '0', '1']);
    expect(Number(full[6])).toBeGreaterThan(0.2);
    expect(full[7]).toBe('1');
    expect(full.slice(8)).toEqual(['always', '3', '13', '100', '10', '40', '0.001']);
    expect(trim.slice(0, 6)).toEqual(['trim', '2', '0', '1', '1', '0']);
    expect(trim[8]).toBe('never');
    // The cut run's cost is unknown, so the variant's total is too: an empty cell, never 0.
    expect(trim[14]).toBe('');
  });
});

describe('the JSON export', () => {
  it('holds the configuration, the summary per variant and every run, reasons whole', () => {
    const summaries = summarizeAll(setup.variants, records);
    const doc = resultsDocument(setup, summaries, records);
    expect(doc.configuration).toEqual({
      title: 'Orders',
      started: '2026-11-27T10:00:00.000Z',
      runsPerVariant: 3,
      concurrency: 2,
      variants: ['full history', 'trim'],
      variantsFile: setup.variantsFile,
    });
    expect((doc.variants as { name: string }[]).map((v) => v.name)).toEqual(['full history', 'trim']);
    expect(doc.runs).toEqual(records);
    expect((doc.runs as RunRecord[])[1].why).toBe(LONG_WHY);
  });

  it('says when the requests went through provider batches, and each run the price it was charged at', () => {
    const batched = [rec('full history', 1, 'success', { usage: { inputTokens: 100, outputTokens: 10 }, cost: 0.0005, priceBasis: 'half-list' })];
    const doc = resultsDocument({ ...setup, batch: true }, summarizeAll(setup.variants, batched), batched);
    expect(doc.configuration).toMatchObject({ batch: true });
    expect(resultsDocument(setup, [], []).configuration).not.toHaveProperty('batch');
    expect(runsCsv(batched).split('\r\n')[1].endsWith(',half-list')).toBe(true);
  });

  it('the three texts by file name', () => {
    const texts = exportTexts(setup, summarizeAll(setup.variants, records), records);
    expect(Object.keys(texts)).toEqual(Object.keys(EXPORT_FILES));
    expect(Object.values(EXPORT_FILES)).toEqual(['results-runs.csv', 'results-variants.csv', 'results.json']);
    expect(JSON.parse(texts.json)).toEqual(JSON.parse(JSON.stringify(resultsDocument(setup, summarizeAll(setup.variants, records), records))));
  });
});
