// `npm run bench:open-results`: how long the Experiments panel takes to open a results folder that
// `ptc experiment --out` wrote, and how long the page's main thread is held at a stretch meanwhile.
// The panel's own import (src/ui/features/experiments/results-import.ts) over fake-indexeddb in Node:
// a real browser's IndexedDB has other costs, so the figures compare sizes, not browsers.
//   folder: 50 variants × 100 runs, results.json and every run's session file (14 kB each, the size
//           of a run of the default example);
//   file:   50 variants × 1,000 runs, results.json alone (the figures, no run files).
import 'fake-indexeddb/auto';
import { performance } from 'node:perf_hooks';
import { exportTexts, type ExperimentSetup } from '../src/experiment/exports.ts';
import type { RunRecord } from '../src/experiment/records.ts';
import { summarizeAll } from '../src/experiment/results.ts';
import { createExperimentDb } from '../src/ui/features/experiments/experiment-db.ts';
import { importResults, type PickedFile } from '../src/ui/features/experiments/results-import.ts';

const VARIANTS = Array.from({ length: 50 }, (_, i) => `variant ${i + 1}`);
const RUN_TEXT_BYTES = 14_000;

function folderOf(runs: number, withRunFiles: boolean): PickedFile[] {
  const records: RunRecord[] = [];
  for (let run = 1; run <= runs; run++)
    for (const variant of VARIANTS)
      records.push({
        variant,
        run,
        outcome: (run * 7 + variant.length) % 3 === 0 ? 'failure' : 'success',
        status: 'returned',
        turns: 4,
        usage: { inputTokens: 14_023, outputTokens: 563 },
        cost: 0.0021,
        ms: 1800,
        returned: '["Laptop" "Monitor"]',
      });
  const setup: ExperimentSetup = {
    title: 'Bench',
    started: new Date(0).toISOString(),
    runsPerVariant: runs,
    concurrency: 8,
    variants: VARIANTS,
    variantsFile: null,
  };
  const json = exportTexts(setup, summarizeAll(VARIANTS, records), records).json;
  const files: PickedFile[] = [{ path: 'out/results.json', text: () => Promise.resolve(json) }];
  if (withRunFiles)
    VARIANTS.forEach((variant, i) => {
      for (let run = 1; run <= runs; run++) {
        const text = JSON.stringify({ title: `Bench · ${variant} · run ${run}`, experimentRun: { variant, run }, pad: 'x'.repeat(RUN_TEXT_BYTES) });
        files.push({ path: `out/runs/${String(i + 1).padStart(2, '0')}-v/run-${String(run).padStart(3, '0')}.json`, text: () => Promise.resolve(text) });
      }
    });
  return files;
}

/** Runs `work` while a timer notes the longest stretch between its ticks: how long the thread was held. */
async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const start = performance.now();
  await work();
  const total = performance.now() - start;
  clearInterval(probe);
  longest = Math.max(longest, performance.now() - last);
  console.log(`${label.padEnd(58)} ${(total / 1000).toFixed(2).padStart(6)} s   longest hold ${Math.round(longest).toString().padStart(5)} ms`);
}

const db = createExperimentDb({ dbName: 'bench-open-results' });
for (const [label, runs, withFiles] of [
  ['50 × 100 runs: results.json and 5,000 run files', 100, true],
  ['50 × 1,000 runs: results.json alone (50,000 runs)', 1000, false],
] as const) {
  const files = folderOf(runs, withFiles);
  const id = `bench-${runs}`;
  await timed(`open ${label}`, async () => {
    const outcome = await importResults(files, db, { id, now: Date.now() });
    if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
    if (outcome.record.imported?.runFiles.length !== (withFiles ? runs * VARIANTS.length : 0)) throw new Error('run files missing');
  });
  await timed(`  list the saved experiments again (a reload)`, () => db.list());
  await db.delete(id);
}
