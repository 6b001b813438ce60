// The reference panel in Chromium: opened from the top bar, searched for `str/join` (found as an
// alias of join), its example tried: the code lands in the REPL's input with the focus, Ctrl+Enter
// runs it and the REPL shows its result. Escape closes the panel and gives the focus back, and axe
// finds nothing serious in the open panel, light or dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findingsInBothSchemes } from './scheme.ts';
import { launchChromium } from './browser.ts';
import { readEditor } from './editor.ts';
import { closeClean, openPlayground, tid, waitForReady } from './page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The data-testid of the nearest element around the focus that has one ('' for none). */
const focusedIn = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '');

async function openReference(page: Page): Promise<void> {
  await page.locator(tid('reference-button')).click();
  await page.locator(`${tid('reference-panel')} ${tid('ref-entry-join')}`).waitFor({ timeout: 20_000 });
}

describe('the reference panel', () => {
  it('finds str/join, tries its example in the REPL and runs it with Ctrl+Enter', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      // The REPL's input as people get it: Monaco, once its chunk has loaded.
      await page.locator(`${tid('repl-input')}[data-editor="monaco"] .view-lines`).waitFor({ timeout: 20_000 });
      await openReference(page);
      await expect.poll(() => focusedIn(page)).toBe('reference-search');
      await page.keyboard.type('str/join');
      const join = page.locator(tid('ref-entry-join'));
      await expect.poll(() => join.locator(tid('ref-alias-note')).textContent()).toBe('str/join is an alias of join');
      expect(
        await page
          .locator(`${tid('reference-results')} [data-testid^="ref-entry-"]`)
          .first()
          .getAttribute('data-testid'),
      ).toBe('ref-entry-join');
      const code = '(str/join ", " ["a" "b" "c"])';
      expect(await join.locator(tid('ref-example-code')).first().textContent()).toBe(code);
      await join.locator(tid('ref-try')).first().click();
      await page.locator(tid('reference-panel')).waitFor({ state: 'detached' });
      await expect.poll(() => readEditor(page, 'repl-input')).toBe(code);
      await expect.poll(() => focusedIn(page)).toBe('repl-input');
      // Not run until asked: Ctrl+Enter in the REPL runs it.
      expect(await page.locator(tid('repl-output')).count()).toBe(0);
      await page.keyboard.press('Control+Enter');
      await expect.poll(() => page.locator(tid('repl-output')).textContent(), { timeout: 20_000 }).toBe('"a, b, c"');
      await expect.poll(() => readEditor(page, 'repl-input')).toBe('');
      await page.screenshot({ path: 'e2e/screenshots/reference-tried.png' });
      // Opened again: the last search is still there; Escape closes and the button has the focus again.
      await openReference(page);
      expect(await page.locator(tid('reference-search')).inputValue()).toBe('str/join');
      await page.screenshot({ path: 'e2e/screenshots/reference.png' });
      await page.keyboard.press('Escape');
      await page.locator(tid('reference-panel')).waitFor({ state: 'detached' });
      expect(await focusedIn(page)).toBe('reference-button');
      // Escape closed the panel only: the run was not touched.
      expect(await page.locator(tid('status')).textContent()).not.toBe('stopped');
    } finally {
      await closeClean(w);
    }
  });

  it('has no serious or critical axe finding, light and dark', async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { colorScheme: 'dark' });
    try {
      await waitForReady(w.page);
      await openReference(w.page);
      await w.page.locator(tid('reference-search')).fill('join');
      await w.page.locator(tid('reference-count')).getByText(/match/).waitFor();
      expect(await findingsInBothSchemes(w.page, 'dark')).toBe('');
    } finally {
      await closeClean(w);
    }
  });
});
