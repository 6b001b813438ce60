// The whole-run comparison in Chromium: an example run to its end, the "Whole run" tab's table and
// chart read for full history, the session's strategy and trim, and checked against the figures the
// engine computes in this process (Engine.compare() on the same example); no serious axe finding in
// either theme.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { engineWith, exampleText, stepEngine } from './expected.ts';
import { closeClean, openExample, openPlayground, parseCount, tid, waitForReady } from './page.ts';
import { findingsInBothSchemes } from './scheme.ts';
import type { CompareView } from '../src/worker/compare-view.ts';

const EXAMPLE = 'long-run-overflow';
const STRATEGIES = ['full-history', 'single-user-coalesced', 'trim'];

let browser: Browser;

/** The number a cell starts with ("3,200▲ (costlier…)" → 3200). */
function leadingCount(text: string | null): number {
  return parseCount(/^[\d,]+/.exec(text ?? '')?.[0] ?? '');
}

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function expectedFigures(): Promise<CompareView> {
  const engine = engineWith(exampleText(EXAMPLE));
  let view = engine.view();
  while (view.status === 'running' && view.nextReply !== null) view = stepEngine(engine);
  const figures = await engine.compare();
  if (!figures) throw new Error('the engine has no figures');
  return figures;
}

/** Opens the example, runs it to its end and opens the "Whole run" tab. */
async function runAndCompare(page: Page, turns: number): Promise<void> {
  await openExample(page, EXAMPLE);
  await page.locator(`${tid('run')}:enabled`).click();
  await expect.poll(() => page.locator(tid('status')).textContent(), { timeout: 20_000 }).toBe('returned');
  await page.locator(tid('area-run')).click();
  await expect.poll(() => page.locator(tid('compare-heading')).textContent(), { timeout: 20_000 }).toContain(`(${turns} turns)`);
  await expect.poll(() => page.locator(tid('compare-status')).textContent()).toBe('');
}

describe('the whole-run comparison', () => {
  it('shows the engine figures in the run table and the chart', async () => {
    const expected = await expectedFigures();
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await runAndCompare(page, expected.turns);
      const chart = page.locator(tid('run-chart'));
      const label = (await chart.getAttribute('aria-label')) ?? '';
      for (const name of STRATEGIES) {
        const s = expected.strategies.find((x) => x.name === name);
        if (!s) throw new Error(`the engine has no ${name}`);
        // The table: every turn and the total.
        expect(parseCount(await page.locator(tid(`run-total-${name}`)).textContent()), name).toBe(s.total);
        // A costlier cell's number is followed by its mark.
        for (const r of s.requests)
          expect(leadingCount(await page.locator(tid(`run-cell-${name}-${r.turn}`)).textContent()), `${name} t${r.turn}`).toBe(r.tokens);
        // The chart: a line that ends at the total, a legend entry, the total in the label.
        const values = ((await page.locator(tid(`chart-line-${name}`)).getAttribute('data-values')) ?? '').split(',').map(Number);
        expect(values.at(-1), name).toBe(s.total);
        expect(await page.locator(tid(`chart-legend-${name}`)).textContent()).toBe(name);
        expect(label).toContain(`${name} ${s.total.toLocaleString('en-US')}`);
        expect(await page.locator(`${tid(`chart-line-${name}`)} polyline`).count()).toBe(1);
      }
      expect(await page.locator(`${tid('run-table')} tbody tr`).count()).toBe(expected.strategies.length);
      // A costlier cell carries its reason.
      const costlier = page.locator(`${tid('run-cell-single-user-coalesced-2')}[data-costlier="true"]`);
      expect(await costlier.getAttribute('title')).toMatch(/^adds \d+ tokens: /);
      // Per turn: the lines show each request's tokens.
      await page.locator(tid('chart-per-turn')).click();
      const perTurn = ((await page.locator(tid('chart-line-trim')).getAttribute('data-values')) ?? '').split(',').map(Number);
      expect(perTurn).toEqual(expected.strategies.find((s) => s.name === 'trim')?.requests.map((r) => r.tokens));
      await page.locator(tid('compare-panel')).screenshot({ path: 'e2e/screenshots/compare-light.png' });
      await page.locator(tid('compare-diff')).waitFor();
      for (const part of ['diff', 'cost']) await page.locator(tid(`compare-${part}-section`)).screenshot({ path: `e2e/screenshots/compare-${part}-light.png` });
    } finally {
      await closeClean(w);
    }
  });

  it('has no serious accessibility finding, dark and light', async () => {
    const expected = await expectedFigures();
    const w = await openPlayground(browser, inject('baseUrl'), { colorScheme: 'dark' });
    try {
      await waitForReady(w.page);
      await runAndCompare(w.page, expected.turns);
      await w.page.locator(tid('compare-diff')).waitFor();
      await w.page.locator(tid('compare-panel')).screenshot({ path: 'e2e/screenshots/compare-dark.png' });
      // Opened dark; the light scheme is reached by switching (the first test opens light).
      expect(await findingsInBothSchemes(w.page, 'dark')).toBe('');
    } finally {
      await closeClean(w);
    }
  });
});
