// Results made by the command line, opened in Chromium: `ptc experiment … --llm simulated --runs 3
// --out DIR` writes a folder in the test's setup; the Experiments panel opens that folder (the
// directory picker), shows its variants as the folder's own CSV says them (the page's Variants CSV is
// the folder's, byte for byte), and a run opens as the session with its turns. Then a synthetic
// folder of 5,000 runs (50 variants × 100, every run's file) opens; the time it takes is printed.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { exportTexts, type ExperimentSetup } from '../src/experiment/exports.ts';
import type { RunRecord } from '../src/experiment/records.ts';
import { summarizeAll } from '../src/experiment/results.ts';
import { launchChromium } from './browser.ts';
import { closeClean, openPlayground, pressTool, tid, waitForReady } from './page.ts';
import { ROOT } from './server.ts';

let browser: Browser;
let dir: string;
const out = () => join(dir, 'results');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-results-'));
  execFileSync(process.execPath, ['bin/ptc.mjs', 'experiment', 'examples/reviews-and-inventory.json', '--llm', 'simulated', '--runs', '3', '--out', out()], {
    cwd: ROOT,
    stdio: 'pipe',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/** A folder as `--out` writes it, of `variants` × `runs` runs, each run's file a copy of `runText`. */
function syntheticFolder(path: string, variants: number, runs: number, runText: string): void {
  const names = Array.from({ length: variants }, (_, i) => `variant ${i + 1}`);
  const records: RunRecord[] = [];
  for (let run = 1; run <= runs; run++)
    for (const [i, variant] of names.entries()) {
      records.push({
        variant,
        run,
        outcome: run % 3 === 0 ? 'failure' : 'success',
        status: 'returned',
        turns: 3,
        usage: { inputTokens: 10_500 },
        cost: null,
        ms: 12,
      });
      const runDir = join(path, 'runs', `${String(i + 1).padStart(2, '0')}-variant-${i + 1}`);
      if (run === 1) mkdirSync(runDir, { recursive: true });
      writeFileSync(join(runDir, `run-${String(run).padStart(3, '0')}.json`), runText);
    }
  const setup: ExperimentSetup = { title: 'Synthetic', runsPerVariant: runs, concurrency: 2, variants: names, variantsFile: null };
  writeFileSync(join(path, 'results.json'), exportTexts(setup, summarizeAll(names, records), records).json);
}

describe('results made by ptc experiment, in the app', () => {
  it('opens the folder ptc experiment --out wrote: the folder’s own figures, and a run opens as the session', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await pressTool(page, 'experiments-button');
      await page.locator(tid('experiments-panel')).waitFor();
      await page.locator(tid('experiment-open-results-folder')).setInputFiles(out());
      await page.locator(tid('experiment-results')).waitFor({ timeout: 20_000 });
      expect(await page.locator(tid('experiment-results-origin')).textContent()).toContain('made by ptc experiment in results');
      expect(await page.locator(`${tid('experiment-summary')} tbody tr`).count()).toBe(1);
      expect(await page.locator(tid('experiment-saved-count')).textContent()).toBe('3/3 runs');

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('experiment-export-variants')).click()]);
      expect(readFileSync(await download.path(), 'utf8')).toBe(readFileSync(join(out(), 'results-variants.csv'), 'utf8'));

      const row = page.locator(tid('experiment-run-session-2'));
      const turns = Number(await row.locator('td').nth(3).textContent());
      expect(turns).toBeGreaterThan(0);
      await row.getByRole('button', { name: 'Open session run 2' }).click();
      await page.locator(tid('experiments-panel')).waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator(tid(`turn-${turns}`)).waitFor({ timeout: 20_000 });
      expect(await page.locator(tid(`turn-${turns + 1}`)).count()).toBe(0);
      expect(await page.locator(tid('session-title')).textContent()).toBe('Reviews and inventory · session · run 2');
    } finally {
      await closeClean(w);
    }
  });

  it('opens a folder of 5,000 runs with their files (the time it takes is printed, not asserted)', async () => {
    const big = join(dir, 'big');
    syntheticFolder(big, 50, 100, readFileSync(join(out(), 'runs', '01-session', 'run-001.json'), 'utf8'));
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await pressTool(page, 'experiments-button');
      await page.locator(tid('experiments-panel')).waitFor();
      // The page's long tasks meanwhile, and when the input's change came: the tasks before it are the
      // browser's own (it makes the list of 5,000 files), those after it the panel's.
      await page.evaluate(() => {
        const w = window as unknown as { tasks: [number, number][]; changed: number };
        w.tasks = [];
        w.changed = Infinity;
        document.addEventListener('change', () => (w.changed = Math.min(w.changed, performance.now())), true);
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.tasks.push([e.startTime, e.duration]);
        }).observe({ type: 'longtask' });
      });
      const start = Date.now();
      await page.locator(tid('experiment-open-results-folder')).setInputFiles(big);
      await page.locator(tid('experiment-results')).waitFor({ timeout: 120_000 });
      const ms = Date.now() - start;
      const [before, after] = await page.evaluate(() => {
        const w = window as unknown as { tasks: [number, number][]; changed: number };
        const longest = (tasks: [number, number][]) => Math.round(Math.max(0, ...tasks.map(([, d]) => d)));
        return [longest(w.tasks.filter(([t]) => t < w.changed)), longest(w.tasks.filter(([t]) => t >= w.changed))];
      });
      expect(await page.locator(tid('experiment-saved-count')).textContent()).toBe('5000/5000 runs');
      expect(await page.locator(`${tid('experiment-summary')} tbody tr`).count()).toBe(50);
      console.log(
        `opened 5,000 runs with their files (${Math.round((5000 * readFileSync(join(big, 'runs', '01-variant-1', 'run-001.json')).length) / 1e6)} MB) in ${ms} ms; longest task: the browser's ${before} ms before the change event, the page's ${after} ms after it`,
      );
    } finally {
      await closeClean(w);
    }
  }, 180_000);
});
