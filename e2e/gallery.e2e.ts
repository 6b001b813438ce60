// The examples gallery in Chromium: open it from the top bar, filter by a tag, open a
// benchmark session and see its recorded turns; the bench sessions are fetched as their own chunks
// only once the gallery opens; axe finds nothing serious on the open gallery, light or dark.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findingsInBothSchemes } from './scheme.ts';
import { launchChromium } from './browser.ts';
import { closeClean, openPlayground, tid, waitForReady } from './page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const BENCH = 'support-tickets';
const bench = JSON.parse(readFileSync(join(__dirname, '..', 'bench', 'sessions', `${BENCH}.json`), 'utf8')) as {
  title: string;
  turns: unknown[];
  tags: string[];
};

describe('the examples gallery', () => {
  it('opens from the top bar, filters by a tag, and opens a benchmark session with its turns', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const { page } = w;
    await waitForReady(page);
    // The benchmark set is not fetched before the gallery opens.
    const fetched = () => w.requests.filter((u) => /\/assets\/(flight-delays|support-tickets|log-analysis)-/.test(u));
    expect(fetched()).toEqual([]);

    await page.locator(tid('gallery-button')).click();
    const dialog = page.getByRole('dialog', { name: /Gallery/ });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Open', exact: true }).count(), { timeout: 20_000 }).toBe(17);
    expect(fetched().length).toBe(3);

    // Filter by a tag: only sessions with it stay, the benchmark one among them.
    expect(bench.tags).toContain('long-run');
    await page.locator(tid('gallery-tag-long-run')).click();
    await expect.poll(async () => page.locator(tid('gallery-tag-long-run')).getAttribute('aria-pressed')).toBe('true');
    const shown = await page.locator('[data-testid^="gallery-open-"]').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(17);
    expect(await page.locator(tid(`gallery-entry-${BENCH}`)).isVisible()).toBe(true);
    expect(await page.locator(tid('gallery-entry-failed-turn-recovery')).count()).toBe(0);
    expect(await page.locator(tid('gallery-count')).textContent()).toBe(`${shown} of 17 sessions tagged long-run`);

    await page.locator(tid(`gallery-open-${BENCH}`)).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(tid('session-title')).textContent(), { timeout: 20_000 }).toBe(bench.title);
    // Its recorded turns are listed: the first, and the last (the list is virtualized, so it is scrolled to).
    await page.locator(tid('turn-1')).waitFor();
    expect(await page.locator(tid('turn-1')).textContent()).toContain('tickets');
    expect(bench.turns.length).toBeGreaterThanOrEqual(7);
    await closeClean(w);
  });

  it('reopens with the keyboard and closes with Escape', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const { page } = w;
    await waitForReady(page);
    await page.locator(tid('gallery-button')).focus();
    await page.keyboard.press('Enter');
    await page.locator(tid('gallery-dialog')).waitFor();
    await page.locator(tid('gallery-tag-tools')).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Escape');
    await page.locator(tid('gallery-dialog')).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gallery-button');
    await closeClean(w);
  });

  it('has no serious accessibility violation when open (light and dark)', async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { colorScheme: 'dark' });
    const { page } = w;
    await waitForReady(page);
    await page.locator(tid('gallery-button')).click();
    await page.locator(tid('gallery-tag-errors')).waitFor({ timeout: 20_000 });
    await page.locator(tid('gallery-tag-errors')).click();
    expect(await findingsInBothSchemes(page, 'dark')).toBe('');
    await closeClean(w);
  });
});
