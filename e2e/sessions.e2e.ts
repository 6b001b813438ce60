// Sessions across pages in Chromium: a share link opened in a fresh browser context, a reload that
// restores the saved session, importing what Export wrote, and hostile links that leave the app usable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { engineWith, exampleText, lastUserContent, stepEngine } from './expected.ts';
import { isLocal, openPlayground, parseCount, savedSessionHolds, tid, waitForReady, type WatchedPage } from './page.ts';

let browser: Browser;
let dir: string;
const pages: WatchedPage[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-sessions-'));
});
afterAll(async () => {
  // Every page: no error on the console, nothing fetched from anywhere but the local server.
  const errors = pages.flatMap((p) => p.errors);
  const foreign = pages.flatMap((p) => p.requests.filter((u) => !isLocal(u)));
  for (const p of pages) await p.close().catch(() => undefined);
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
  expect(errors).toEqual([]);
  expect(foreign).toEqual([]);
});

async function fresh(path = ''): Promise<WatchedPage> {
  const w = await openPlayground(browser, inject('baseUrl') + path);
  pages.push(w);
  return w;
}

const text = (page: Page, id: string) => page.locator(tid(id)).first().textContent();

async function step(page: Page, n: number): Promise<void> {
  await page.locator(`${tid('step')}:enabled`).click();
  await page.locator(tid(`turn-${n}`)).waitFor();
}

/** What a person compares between two pages: turns, both renderings, and their sizes. */
async function snapshot(page: Page) {
  await expect.poll(async () => parseCount(await text(page, 'compressed-tokens')), { timeout: 20_000 }).not.toBeNaN();
  await expect.poll(async () => parseCount(await text(page, 'full-tokens')), { timeout: 20_000 }).not.toBeNaN();
  return {
    title: await text(page, 'session-title'),
    turns: await page.locator('[data-testid^="turn-"][data-testid$="program"]').allTextContents(),
    status: await text(page, 'status'),
    compressed: await text(page, 'compressed-user'),
    full: await text(page, 'full-user'),
    compressedTokens: await text(page, 'compressed-tokens'),
    fullTokens: await text(page, 'full-tokens'),
    compressedChars: await text(page, 'compressed-chars'),
    saving: await text(page, 'saving'),
  };
}

describe('share by link', () => {
  it('opening the link in a fresh browser context reproduces the same state', async () => {
    const a = await fresh();
    await waitForReady(a.page);
    await step(a.page, 1);
    await step(a.page, 2);
    const engine = engineWith(exampleText('reviews-and-inventory'));
    stepEngine(engine);
    const view = stepEngine(engine);
    await expect.poll(() => text(a.page, 'compressed-user')).toBe(lastUserContent(view.compressed));
    const before = await snapshot(a.page);

    await a.page.locator(tid('share')).click();
    const link = await a.page.locator(tid('share-link')).inputValue();
    expect(link).toMatch(/#s=2\.[A-Za-z0-9_-]+$/);
    expect(link.length).toBeLessThan(4000);

    const b = await fresh(link.slice(link.indexOf('#')));
    await b.page.locator(tid('turn-2')).waitFor({ timeout: 20_000 });
    await expect.poll(() => text(b.page, 'compressed-user')).toBe(before.compressed);
    expect(await snapshot(b.page)).toEqual(before);
    expect(await text(b.page, 'notice-text')).toMatch(/^Opened a shared session: Reviews and inventory\./);
    // Nothing from the link was sent anywhere: the fragment never reaches the server.
    expect(b.requests.some((u) => u.includes('s=2.'))).toBe(false);
  });

  it('a hostile link shows a clear error and the app works with a session', async () => {
    const bomb = 's=2.' + 'A'.repeat(200_000);
    for (const fragment of ['s=2.@@@not-base64', 's=7.AAAA', bomb]) {
      const w = await fresh(`#${fragment}`);
      await waitForReady(w.page);
      await expect.poll(() => text(w.page, 'notice-text'), { timeout: 20_000 }).toMatch(/^This link could not be opened, so nothing changed:/);
      await step(w.page, 1);
      expect(await text(w.page, 'session-title')).toBe('Reviews and inventory');
    }
  });
});

describe('saved in the browser', () => {
  it('a reload restores the open session with its turns', async () => {
    const w = await fresh();
    await waitForReady(w.page);
    await step(w.page, 1);
    await step(w.page, 2);
    const before = await snapshot(w.page);
    // Autosave runs after a short pause; the page's hide handler saves at once too.
    await w.page.waitForTimeout(800);
    await w.page.reload();
    await w.page.locator(tid('turn-2')).waitFor({ timeout: 20_000 });
    await expect.poll(() => text(w.page, 'compressed-user')).toBe(before.compressed);
    expect(await snapshot(w.page)).toEqual(before);
  });

  it('importing what Export wrote gives the same session', async () => {
    const a = await fresh();
    await waitForReady(a.page);
    await step(a.page, 1);
    const before = await snapshot(a.page);
    const [download] = await Promise.all([a.page.waitForEvent('download'), a.page.locator(tid('export')).click()]);
    const file = join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toBe('Reviews and inventory.json');

    const b = await fresh();
    await waitForReady(b.page);
    // This browser has saved its default example, of the same title, before the file opens.
    await expect.poll(() => savedSessionHolds(b.page, '"title": "Reviews and inventory"'), { timeout: 20_000 }).toBe(true);
    await b.page.locator(tid('open-file')).setInputFiles(file);
    await b.page.locator(tid('turn-1')).waitFor({ timeout: 20_000 });
    await expect.poll(() => text(b.page, 'compressed-user')).toBe(before.compressed);
    // The same session; its name says which file it came from, since this browser saved one of that title.
    expect(await snapshot(b.page)).toEqual({ ...before, title: `${before.title} (Reviews and inventory.json)` });
  });
});
