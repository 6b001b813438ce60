// Screenshots of the main views, light and dark, into e2e/screenshots/ (not committed): for looking
// at, not for pixel comparison.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { setEditor } from './editor.ts';
import { openExample, openPlayground, parseCount, tid, waitForReady } from './page.ts';
import { otherScheme, switchScheme, type Scheme } from './scheme.ts';
import { ROOT } from './server.ts';

const OUT = join(ROOT, 'e2e', 'screenshots');

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  // Monaco replaces the textareas once its chunk has loaded; show it when it does.
  await page
    .locator('[data-editor="monaco"] .monaco-editor .view-lines')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  const path = join(OUT, `${name}.png`);
  await page.screenshot({ path });
  expect(statSync(path).size).toBeGreaterThan(10_000);
}

/** Waits until both sides show their token counts (the tokenizer loads on first use). */
async function tokensShown(page: Page): Promise<void> {
  for (const id of ['compressed-tokens', 'full-tokens']) {
    await expect.poll(async () => parseCount(await page.locator(tid(id)).textContent()), { timeout: 20_000 }).not.toBeNaN();
  }
}

/** Steps until the turn count reaches n. */
async function stepTo(page: Page, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid(`turn-${i}`)).waitFor();
  }
}

describe('screenshots', () => {
  // One page, both schemes: each view is shot in the scheme the page shows, then in the other.
  it('of the main views, light and dark', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const { page } = w;
    let scheme: Scheme = 'light';
    /** Shoots the view in both schemes; the page is left in the second. */
    const shootBoth = async (name: string): Promise<void> => {
      for (const s of [scheme, otherScheme(scheme)]) {
        await switchScheme(page, s);
        await shoot(page, `${s}-${name}`);
      }
      scheme = otherScheme(scheme);
    };
    try {
      await waitForReady(page);
      await tokensShown(page);
      await shootBoth('1-loaded');

      await openExample(page, 'products-exploration');
      await stepTo(page, 3);
      await tokensShown(page);
      await shootBoth('2-stepped');

      await page.locator(tid('strategy-select')).selectOption('full-history');
      await expect.poll(async () => (await page.locator(tid('saving')).textContent())?.trim()).toBe('0.0 %');
      await shootBoth('3-full-history');

      await page.locator(tid('strategy-select')).selectOption('single-user-coalesced');
      await setEditor(page, 'repl-input', '(->> data/products (group-by :category) (update-vals count))');
      await page.locator(`${tid('repl-eval')}:enabled`).click();
      await page.locator(tid('repl-output')).waitFor();
      await shootBoth('4-repl');
    } finally {
      await w.close();
    }
  });
});
