// Results folders as `ptc experiment --out` writes them, made in memory for the panel's tests: the
// exports' own results.json, and run files that are the example session marked as runs.
import { exportTexts, type ExperimentSetup } from '../../../../src/experiment/exports.ts';
import type { RunRecord } from '../../../../src/experiment/records.ts';
import { summarizeAll } from '../../../../src/experiment/results.ts';
import { exampleText } from '../../harness.tsx';

export function runRecord(variant: string, run: number, outcome: RunRecord['outcome'], over: Partial<RunRecord> = {}): RunRecord {
  return {
    variant,
    run,
    outcome,
    status: outcome === 'success' ? 'returned' : outcome === 'cut' ? 'cut' : 'failed',
    turns: 3,
    usage: { inputTokens: 1000, outputTokens: 100 },
    cost: null,
    ms: 20,
    ...over,
  };
}

/** What a folder of `variants` × `runs` says (every run in `outcomeOf`'s outcome), written in the CLI's order. */
export function resultsOf(variants: readonly string[], runs: number, outcomeOf: (variant: string, run: number) => RunRecord['outcome'] | null) {
  const records: RunRecord[] = [];
  for (let run = 1; run <= runs; run++)
    for (const v of variants) {
      const outcome = outcomeOf(v, run);
      if (outcome !== null) records.push(runRecord(v, run, outcome));
    }
  const setup: ExperimentSetup = {
    title: 'Reviews and inventory',
    started: '2026-11-27T10:00:00.000Z',
    runsPerVariant: runs,
    concurrency: 2,
    variants,
    variantsFile: { variants: variants.map((name) => ({ name, compression: 'trim' })) },
  };
  return { setup, records, texts: exportTexts(setup, summarizeAll(variants, records), records) };
}

/** A run's session file: the example, titled and marked as the runner marks a run. */
export function runFileText(variant: string, run: number): string {
  const session = JSON.parse(exampleText('reviews-and-inventory.json')) as Record<string, unknown>;
  return JSON.stringify({ ...session, title: `Reviews and inventory · ${variant} · run ${run}`, experimentRun: { variant, run, outcome: 'success' } });
}

/** A File as a folder picker gives it: its path inside the chosen folder. */
export function fileAt(path: string, text: string): File {
  const file = new File([text], path.slice(path.lastIndexOf('/') + 1), { type: 'application/json' });
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return file;
}

export const runPath = (folder: string, variantIndex: number, slug: string, run: number): string =>
  `${folder}/runs/${String(variantIndex + 1).padStart(2, '0')}-${slug}/run-${String(run).padStart(3, '0')}.json`;
