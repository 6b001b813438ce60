// The lessons panel in Chromium: opened from the top bar, the first lesson chosen, a wrong answer
// checked (the checker's message), then the right one typed into the Monaco editor as a person types
// and checked with Ctrl+Enter: passed and marked done. A reload keeps it done (localStorage). Escape
// closes the panel and gives the focus back, and axe finds nothing serious in the open panel, light
// or dark.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkLessonById, LESSONS } from '../src/agent/lessons/index.ts';
import { findingsInBothSchemes } from './scheme.ts';
import { launchChromium } from './browser.ts';
import { readEditor, setEditor } from './editor.ts';
import { closeClean, openPlayground, tid, waitForReady } from './page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const first = LESSONS[0];
const WRONG = '(let [price 12 qty 3] {:total 36 :label "3x12"})';
const RIGHT = '(let [price 12 qty 3] {:total (* price qty) :label (str qty " x " price)})';

const focusedIn = (page: Page) => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '');

async function openLessons(page: Page): Promise<void> {
  await page.locator(tid('lessons-button')).click();
  await page.locator(`${tid('lessons-panel')} ${tid(`lesson-item-${first.id}`)}`).waitFor({ timeout: 20_000 });
}

describe('the lessons panel', () => {
  it('checks a wrong then a right answer to the first lesson, and keeps it done after a reload', async () => {
    const wrong = checkLessonById(first.id, WRONG);
    expect(wrong.passed).toBe(false);
    expect(checkLessonById(first.id, RIGHT).passed).toBe(true);
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      await openLessons(page);
      await expect.poll(() => page.locator(tid('lessons-progress')).textContent()).toBe(`0 of ${LESSONS.length} done`);
      await page.locator(tid(`lesson-item-${first.id}`)).click();
      const editor = page.locator(`${tid('lesson-editor')}[data-editor="monaco"]`);
      await editor.locator('.monaco-editor .view-lines').waitFor({ timeout: 20_000 });
      expect(await readEditor(page, 'lesson-editor')).toBe(first.starter);

      await setEditor(page, 'lesson-editor', WRONG);
      await page.locator(`${tid('lesson-check')}:enabled`).click();
      await expect.poll(() => page.locator(tid('lesson-message')).textContent(), { timeout: 20_000 }).toBe(`Not yet: ${wrong.message}`);
      await page.locator(tid('lesson-hint-button')).click();
      expect(await page.locator(tid('lesson-hint')).first().textContent()).toBe(first.hints[0]);

      // The right answer typed as a person types (Monaco closes brackets and quotes and types over them).
      await setEditor(page, 'lesson-editor', '');
      await editor.locator('.view-lines').click();
      await page.keyboard.type(RIGHT);
      await expect.poll(() => readEditor(page, 'lesson-editor')).toBe(RIGHT);
      await page.waitForTimeout(150);
      await page.keyboard.press('Control+Enter');
      await page.locator(tid('lesson-passed')).waitFor({ timeout: 20_000 });
      expect(await page.locator(tid('lesson-value')).textContent()).toBe('{:total 36 :label "3 x 12"}');
      expect(await page.locator(tid(`lesson-item-${first.id}`)).getAttribute('data-done')).toBe('true');
      expect(await page.locator(tid('lessons-progress')).textContent()).toBe(`1 of ${LESSONS.length} done`);
      await page.screenshot({ path: 'e2e/screenshots/lessons.png' });
      // Escape (from the editor) closes the panel and gives the focus back; the run is not touched.
      await page.keyboard.press('Escape');
      await page.locator(tid('lessons-panel')).waitFor({ state: 'detached' });
      expect(await focusedIn(page)).toBe('lessons-button');
      expect(await page.locator(tid('status')).textContent()).not.toBe('stopped');

      await page.reload();
      await waitForReady(page);
      await openLessons(page);
      expect(await page.locator(tid(`lesson-item-${first.id}`)).getAttribute('data-done')).toBe('true');
      expect(await page.locator(tid('lessons-progress')).textContent()).toBe(`1 of ${LESSONS.length} done`);
      await page.locator(tid(`lesson-item-${first.id}`)).click();
      await expect.poll(() => readEditor(page, 'lesson-editor')).toBe(RIGHT);
    } finally {
      await closeClean(w);
    }
  });

  it('has no serious or critical axe finding, light and dark', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    try {
      await waitForReady(w.page);
      await openLessons(w.page);
      await w.page.locator(tid(`lesson-item-${first.id}`)).click();
      await setEditor(w.page, 'lesson-editor', WRONG);
      await w.page.locator(`${tid('lesson-check')}:enabled`).click();
      await w.page.locator(tid('lesson-message')).waitFor({ timeout: 20_000 });
      await w.page.locator(tid('lesson-show-solution')).click();
      await w.page.locator(tid('lesson-solution')).waitFor();
      expect(await findingsInBothSchemes(w.page, 'light')).toBe('');
    } finally {
      await closeClean(w);
    }
  });
});
