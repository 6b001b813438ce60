// The keyboard alone: Tab never gets trapped in a code editor (it accepts a visible completion,
// otherwise moves on, and changes nothing), the turn list is reached by Tab and selected with Enter,
// and the dialogs take the focus, close with Escape and give the focus back.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { readEditor } from './editor.ts';
import { exampleJson } from './expected.ts';
import { closeClean, openPlayground, tid, toolHidden, waitForReady, type WatchedPage } from './page.ts';

let browser: Browser;
let w: WatchedPage;
let page: Page;
let dir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-keyboard-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});
/** Each test opens its own page: the playground, or with `query` appended to its address. */
function freshPageEachTest(query = ''): void {
  beforeEach(async () => {
    w = await openPlayground(browser, `${inject('baseUrl')}${query}`);
    page = w.page;
    await waitForReady(page);
  });
  afterEach(() => closeClean(w));
}

/** The data-testid of the nearest element around the focus that has one ('' for none). */
const focusedIn = () => page.evaluate(() => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? '');

/** Puts the cursor at the end of a Monaco editor (waits until Monaco replaced the textarea). */
async function focusMonacoEnd(testId: string): Promise<void> {
  const root = page.locator(`${tid(testId)}[data-editor="monaco"]`);
  await root.locator('.view-lines').waitFor({ timeout: 20_000 });
  await root.locator('.view-lines').click();
  await page.keyboard.press('Control+End');
}

describe('Tab in a code editor', () => {
  freshPageEachTest();
  it('moves the focus on from a tool implementation and inserts nothing; Shift+Tab comes back', async () => {
    await focusMonacoEnd('tool-0-impl');
    const before = await readEditor(page, 'tool-0-impl');
    expect(await focusedIn()).toBe('tool-0-impl');
    await page.keyboard.press('Tab');
    expect(await focusedIn()).not.toBe('tool-0-impl');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn()).toBe('tool-0-impl');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn()).not.toBe('tool-0-impl');
    await page.waitForTimeout(600);
    expect(await readEditor(page, 'tool-0-impl')).toBe(before);
  });

  it('accepts a visible completion, and then moves on', async () => {
    await focusMonacoEnd('tool-0-impl');
    const before = await readEditor(page, 'tool-0-impl');
    // A word of the implementation itself: Monaco suggests the words of the document.
    const word = (before.match(/[a-z][a-z-]{5,}/g) ?? []).find((x) => !x.includes('-'));
    if (!word) throw new Error(`no word to complete in ${before}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(word.slice(0, 3), { delay: 50 });
    const widget = page.locator(`${tid('tool-0-impl')} .suggest-widget.visible, .monaco-editor .suggest-widget.visible`).first();
    // Monaco shows its suggestions after a pause of its own, later on a busy machine: a wait on state.
    await widget.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Tab');
    await expect.poll(() => readEditor(page, 'tool-0-impl')).toMatch(new RegExp(`${word}\\s*$`));
    expect(await focusedIn()).toBe('tool-0-impl');
    // No completion showing: Tab leaves.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focusedIn()).not.toBe('tool-0-impl');
  });

  it('the first Tab stop is "Skip to turns"; Enter moves the focus into the turn list', async () => {
    // First in the order of Tab stops: no focusable element before it in the document.
    const first = await page.evaluate(() => {
      const all = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')];
      return all.find((el) => el.tabIndex >= 0 && !el.hasAttribute('disabled'))?.textContent;
    });
    expect(first).toBe('Skip to turns');
    await page.locator(tid('skip-to-turns')).focus();
    // Visible once focused: a keyboard user sees where the focus is.
    expect((await page.locator(tid('skip-to-turns')).boundingBox())?.width).toBeGreaterThan(20);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('turns');
  });

  it('from the mission, Tab alone reaches the turn list; Enter selects a turn', async () => {
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor();
    await page.locator(tid('mission-input')).focus();
    const seen: string[] = [];
    for (let i = 0; i < 120 && !seen.includes('turn-1'); i++) {
      await page.keyboard.press('Tab');
      seen.push(await focusedIn());
    }
    expect(seen).toContain('turn-1');
    // Never more than two presses in a row inside one editor (its wrapper and its text area).
    const editors = new Set(['tool-0-impl', 'tool-1-impl', 'data-editor', 'next-reply', 'repl-input']);
    for (let i = 2; i < seen.length; i++) if (editors.has(seen[i])) expect([seen[i - 2], seen[i - 1]].every((x) => x === seen[i])).toBe(false);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator(tid('turn-1')).getAttribute('data-selected')).toBe('true');
  });
});

describe('Tab in the plain editors (?editor=plain, or where Monaco cannot run)', () => {
  freshPageEachTest('?editor=plain');
  it('moves the focus on from a tool implementation and inserts nothing', async () => {
    const impl = page.locator(`${tid('tool-0-impl')}[data-editor="textarea"]`);
    await impl.focus();
    await page.keyboard.press('Control+End');
    const before = await impl.inputValue();
    await page.keyboard.press('Tab');
    expect(await focusedIn()).not.toBe('tool-0-impl');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedIn()).toBe('tool-0-impl');
    expect(await impl.inputValue()).toBe(before);
  });
});

describe('dialogs', () => {
  freshPageEachTest();
  it('Share takes the focus, closes with Escape and gives the focus back', async () => {
    await page.locator(`${tid('share')}:enabled`).focus();
    await page.keyboard.press('Enter');
    await page.locator(tid('share-dialog')).waitFor();
    await expect.poll(focusedIn).toBe('share-link');
    await page.keyboard.press('Escape');
    await page.locator(tid('share-dialog')).waitFor({ state: 'detached' });
    expect(await focusedIn()).toBe('share');
  });

  it('Prices takes the focus, closes with Escape and gives the focus back', async () => {
    // From its button where the bar shows it, else from "More", which then gets the focus back.
    const opener = (await toolHidden(page, 'prices-button')) ? 'more-tools' : 'prices-button';
    await page.locator(tid(opener)).focus();
    await page.keyboard.press('Enter');
    if (opener === 'more-tools') {
      await expect.poll(focusedIn).toMatch(/^more-/);
      for (let i = 0; i < 10 && (await focusedIn()) !== 'more-prices-button'; i++) await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
    }
    await page.locator(tid('prices-dialog')).waitFor();
    await expect.poll(async () => page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="prices-dialog"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator(tid('prices-dialog')).waitFor({ state: 'detached' });
    expect(await focusedIn()).toBe(opener);
  });

  it('the base-URL confirmation takes the focus and Escape cancels it: nothing is sent', async () => {
    // A base URL that came with a file is confirmed before the first request; nothing listens there.
    const session = {
      ...exampleJson('products-exploration'),
      title: 'Base URL from a file (e2e)',
      llm: { provider: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
    };
    const path = join(dir, 'base-url.json');
    writeFileSync(path, JSON.stringify(session));
    await page.locator(tid('open-file')).setInputFiles(path);
    await expect.poll(() => page.locator(tid('session-title')).textContent(), { timeout: 10_000 }).toBe(session.title);
    await page.locator(`${tid('step')}:enabled`).focus();
    await page.keyboard.press('Enter');
    await page.locator(tid('base-url-confirm')).waitFor();
    // Cancel has the focus: the safe answer.
    await expect.poll(focusedIn).toBe('base-url-confirm-cancel');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-testid="base-url-confirm"]')))).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator(tid('base-url-confirm')).waitFor({ state: 'detached' });
    expect(await page.locator(tid('notice-text')).textContent()).toContain('Nothing was sent to http://127.0.0.1:9/v1');
    expect(w.requests.filter((u) => u.includes(':9/'))).toEqual([]);
  });
});
