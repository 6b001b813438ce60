// The experiments panel in Chromium: on the default example (reviews and inventory), the "Strategies ×
// simulated model" preset, 5 runs per variant run in the worker to 25/25; the results table has a row
// per strategy (full history succeeds every time), the CSV download has a row per run, and a run
// opens as the session with its turns. A stopped experiment survives a reload (IndexedDB) and resumes
// to the end. axe finds nothing serious in the panel with results, light or dark.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findingsInBothSchemes } from './scheme.ts';
import { launchChromium } from './browser.ts';
import { closeClean, openPlayground, pressTool, tid, waitForReady } from './page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const STRATEGIES = ['full history', 'coalesced', 'trim', 'observation-masking', 'aggressive'];

/** Opens the panel, fills the strategies preset with `runs` runs per variant, runs it to the end. */
async function runStrategies(page: Page, runs: number): Promise<void> {
  expect(await page.locator(tid('session-title')).textContent()).toBe('Reviews and inventory');
  await pressTool(page, 'experiments-button');
  await page.locator(tid('experiments-panel')).waitFor();
  await page.locator(tid('experiment-preset-strategies')).click();
  await page.locator(tid('experiment-runs')).fill(String(runs));
  const total = runs * STRATEGIES.length;
  await expect
    .poll(() => page.locator(tid('experiment-plan-total')).textContent(), { timeout: 20_000 })
    .toBe(`${total} runs in total; success: returned ["Laptop" "Monitor"]`);
  await page.locator(`${tid('experiment-run')}:enabled`).click();
  await expect.poll(() => page.locator(tid('experiment-saved-count')).textContent(), { timeout: 60_000 }).toBe(`${total}/${total} runs`);
  await page.locator(tid('experiment-progress')).waitFor({ state: 'detached', timeout: 20_000 });
}

describe('the experiments panel', () => {
  it('runs the strategies against the simulated model, 25/25, with results, a CSV and a run that opens', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await page.locator(tid('experiments-button')).waitFor({ state: 'attached' });
      await runStrategies(page, 5);
      const rows = page.locator(`${tid('experiment-summary')} tbody tr`);
      expect(await rows.count()).toBe(5);
      for (const [i, name] of STRATEGIES.entries()) expect(await rows.nth(i).locator('th').textContent()).toBe(name);
      expect(await page.locator(`${tid('experiment-variant-full history')} ${tid('experiment-rate')}`).textContent()).toBe('100.0% (56.6–100.0%)');
      expect(await page.locator(tid('experiment-chart')).getAttribute('aria-label')).toContain('full history 100.0% (56.6–100.0%)');
      expect(await page.locator(`${tid('experiment-runs')} tbody tr`).count()).toBe(25);

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('experiment-export-runs')).click()]);
      expect(download.suggestedFilename()).toMatch(/^Reviews-and-inventory-experiment-.*-results-runs\.csv$/);
      const path = await download.path();
      const csv = (await readFile(path, 'utf8')).split('\r\n').filter((l) => l !== '');
      expect(csv[0]).toMatch(/^variant,run,outcome,status,turns,input_tokens_all_requests,/);
      expect(csv).toHaveLength(26);
      expect(csv.filter((l) => l.startsWith('full history,')).every((l) => l.split(',')[2] === 'success')).toBe(true);

      const row = page.locator(tid('experiment-run-aggressive-3'));
      const turns = Number(await row.locator('td').nth(3).textContent());
      expect(turns).toBeGreaterThan(0);
      await row.getByRole('button', { name: 'Open aggressive run 3' }).click();
      await page.locator(tid('experiments-panel')).waitFor({ state: 'detached', timeout: 20_000 });
      await page.locator(tid(`turn-${turns}`)).waitFor({ timeout: 20_000 });
      expect(await page.locator(tid(`turn-${turns + 1}`)).count()).toBe(0);
      // The run's session is the open one now; reopening the panel still shows the experiment.
      await pressTool(page, 'experiments-button');
      expect(await page.locator(tid('experiment-saved-count')).textContent()).toBe('25/25 runs');
    } finally {
      await closeClean(w);
    }
  });

  it('keeps a stopped experiment over a reload (IndexedDB) and resumes it to the end', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await pressTool(page, 'experiments-button');
      await page.locator(tid('experiment-runs')).fill('300');
      await page.locator(tid('experiment-concurrency')).fill('1');
      await expect
        .poll(() => page.locator(tid('experiment-plan-total')).textContent(), { timeout: 20_000 })
        .toBe('300 runs in total; success: the run returned');
      await page.locator(`${tid('experiment-run')}:enabled`).click();
      await expect
        .poll(async () => Number(await page.locator(tid('experiment-progress')).getAttribute('aria-valuenow')), { timeout: 20_000 })
        .toBeGreaterThan(3);
      await page.locator(tid('experiment-stop')).click();
      await page.locator(tid('experiment-progress')).waitFor({ state: 'detached', timeout: 20_000 });
      const stopped = (await page.locator(tid('experiment-saved-count')).textContent()) ?? '';
      const done = Number(stopped.split('/')[0]);
      expect(done).toBeGreaterThan(3);
      expect(done).toBeLessThan(300);

      await page.reload();
      await waitForReady(page);
      await pressTool(page, 'experiments-button');
      await expect.poll(() => page.locator(tid('experiment-saved-count')).textContent(), { timeout: 20_000 }).toBe(`${done}/300 runs`);
      await page.locator(tid('experiment-resume')).click();
      await expect.poll(() => page.locator(tid('experiment-saved-count')).textContent(), { timeout: 120_000 }).toBe('300/300 runs');
      await page.locator(tid('experiment-progress')).waitFor({ state: 'detached', timeout: 20_000 });
      expect(await page.locator(`${tid('experiment-variant-session')} ${tid('experiment-rate')}`).textContent()).toMatch(/^100\.0% \(98\.7–100\.0%\)$/);
      expect(await page.locator(tid('experiment-resume')).count()).toBe(0);
    } finally {
      await closeClean(w);
    }
  }, 180_000);

  it('has no serious or critical axe finding with results shown, light and dark', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    try {
      await waitForReady(w.page);
      await runStrategies(w.page, 1);
      await w.page.locator(tid('experiment-chart')).waitFor();
      expect(await findingsInBothSchemes(w.page, 'light')).toBe('');
    } finally {
      await closeClean(w);
    }
  });
});
