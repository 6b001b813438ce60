// Branches in Chromium: the default example stepped three times, forked at turn 3 with trim and
// stepped again; the comparison shows both branches (their strategies, both returned, turns 1–2
// shared); a reload brings the tree back from this browser's storage; no serious axe finding in the
// comparison.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeFindings, seriousViolations } from './axe.ts';
import { launchChromium } from './browser.ts';
import { closeClean, openPlayground, savedSessionHolds, tid, waitForReady } from './page.ts';

const BRANCH = 'trim from turn 3';

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

async function step(page: Page, n: number): Promise<void> {
  await page.locator(`${tid('step')}:enabled`).click();
  await page.locator(tid(`turn-${n}`)).waitFor({ timeout: 20_000 });
}

async function openCompare(page: Page): Promise<void> {
  await page.locator(`${tid('branch-compare')}:enabled`).click();
  await page.locator(tid('branch-compare-table')).waitFor({ timeout: 20_000 });
}

describe('branches', () => {
  it('forks at turn 3 with another strategy, compares the two, and keeps the tree after a reload', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      expect(await page.locator(tid('session-title')).textContent()).toBe('Reviews and inventory');
      for (const n of [1, 2, 3]) await step(page, n);

      await page.locator(`${tid('fork-3')}:enabled`).click();
      const dialog = page.getByRole('dialog', { name: 'Fork from turn 3' });
      const sessionStrategy = await dialog.getByLabel('Strategy').inputValue();
      expect(sessionStrategy).not.toBe('trim');
      await dialog.getByLabel('Strategy').selectOption('trim');
      expect(await dialog.getByLabel('Branch name').inputValue()).toBe(BRANCH);
      await dialog.getByRole('button', { name: 'Fork' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => page.locator(tid('branch-open-name')).textContent()).toBe(BRANCH);
      // Turns 1–2 kept, turn 3 to make again.
      for (const n of [1, 2]) expect(await page.locator(tid(`turn-${n}`)).count()).toBe(1);
      expect(await page.locator(tid('turn-3')).count()).toBe(0);
      await step(page, 3);
      await expect.poll(() => page.locator(tid('status')).textContent(), { timeout: 20_000 }).toBe('returned');

      await openCompare(page);
      // The open branch and its parent.
      expect(await page.locator(tid('branch-side-a-name')).textContent()).toBe(BRANCH);
      expect(await page.locator(tid('branch-side-b-name')).textContent()).toBe('main');
      expect(await page.locator(tid('branch-side-a-strategy')).textContent()).toBe('trim');
      expect(await page.locator(tid('branch-side-b-strategy')).textContent()).toBe(sessionStrategy);
      expect(await page.locator(tid('branch-side-a-status')).textContent()).toBe('returned');
      expect(await page.locator(tid('branch-side-b-status')).textContent()).toBe('returned');
      for (const n of [1, 2]) expect(await page.locator(tid(`branch-shared-${n}`)).textContent()).toContain('shared');
      expect(await page.locator(tid('branch-turn-a-3')).textContent()).toContain('prompt tokens');
      expect(await page.locator(tid('branch-turn-b-3')).textContent()).toContain('prompt tokens');
      await page.keyboard.press('Escape');
      await page.locator(tid('branch-compare-dialog')).waitFor({ state: 'detached' });

      // Autosave keeps the whole tree: the branch comes back, open, with its turns. (The save of the fork
      // alone already names the branch, with two turns: a reload then had no turn 3 to show.)
      await expect.poll(() => savedSessionHolds(page, BRANCH, 3), { timeout: 30_000 }).toBe(true);
      await page.reload();
      // The run has returned: Step stays disabled, so the ready page is the one showing the branch.
      await page.locator(tid('compressed-user')).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator(tid('branch-open-name')).textContent(), { timeout: 20_000 }).toBe(BRANCH);
      await page.locator(tid('turn-3')).waitFor();
      const options = await page.locator(`${tid('branch-select')} option`).allTextContents();
      expect(options).toEqual(['main (3 turns, returned)', `\u00a0\u00a0└ ${BRANCH} (3 turns, returned)`]);

      await page.locator(tid('turn-list')).screenshot({ path: 'e2e/screenshots/branches-turns.png' });
      await openCompare(page);
      await page.locator(tid('branch-compare-dialog')).screenshot({ path: 'e2e/screenshots/branches-compare.png' });
      const findings = await seriousViolations(page);
      expect(findings, describeFindings(findings)).toEqual([]);
    } finally {
      await closeClean(w);
    }
  }, 120_000);
});
