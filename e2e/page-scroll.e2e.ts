// The page itself never scrolls: whatever is open, wheeling over any pane and focusing anything
// scrolls only that pane, and the document is never taller than the window. (Visually hidden text
// inside a scrolled pane once stretched the document, and the header with Step scrolled away.)
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { closeClean, openExample, openPlayground, pressTool, tid, waitForReady } from './page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

interface PageExtent {
  scrollY: number;
  scrollX: number;
  documentHeight: number;
  documentWidth: number;
  windowHeight: number;
  windowWidth: number;
  /** Ancestors of the app that have been scrolled (the root, body, html), by tag or id. */
  scrolledAncestors: string[];
}

function extent(page: Page): Promise<PageExtent> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const scrolled = [doc, document.body, document.getElementById('root')]
      .filter((e): e is HTMLElement => e !== null && (e.scrollTop !== 0 || e.scrollLeft !== 0))
      .map((e) => e.id || e.tagName.toLowerCase());
    return {
      scrollY: window.scrollY,
      scrollX: window.scrollX,
      documentHeight: Math.max(doc.scrollHeight, document.body.scrollHeight),
      documentWidth: Math.max(doc.scrollWidth, document.body.scrollWidth),
      windowHeight: window.innerHeight,
      windowWidth: window.innerWidth,
      scrolledAncestors: scrolled,
    };
  });
}

async function expectStill(page: Page, where: string): Promise<void> {
  const e = await extent(page);
  expect({ where, ...e }).toEqual({
    where,
    ...e,
    scrollY: 0,
    scrollX: 0,
    documentHeight: Math.min(e.documentHeight, e.windowHeight),
    documentWidth: Math.min(e.documentWidth, e.windowWidth),
    scrolledAncestors: [],
  });
}

/** The centres of every visible element that scrolls its own content, topmost first. */
function scrollPanes(page: Page): Promise<{ x: number; y: number; name: string }[]> {
  return page.evaluate(() => {
    const panes: { x: number; y: number; name: string }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const style = getComputedStyle(el);
      if (!/(auto|scroll)/.test(style.overflowY + style.overflowX)) continue;
      const r = el.getBoundingClientRect();
      if (r.width < 8 || r.height < 8 || style.visibility === 'hidden') continue;
      const x = Math.min(Math.max(r.left + r.width / 2, 1), window.innerWidth - 2);
      const y = Math.min(Math.max(r.top + r.height / 2, 1), window.innerHeight - 2);
      // Only panes that are on top where the mouse would be (a dialog covers what is under it).
      const top = document.elementFromPoint(x, y);
      if (top === null || !(el === top || el.contains(top))) continue;
      const name = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? el.className.toString().slice(0, 60);
      panes.push({ x, y, name });
    }
    return panes;
  });
}

/** Wheels down and right over every pane, then focuses every focusable element; the page stays put. */
async function shake(page: Page, where: string): Promise<void> {
  await expectStill(page, `${where}: before`);
  for (const pane of await scrollPanes(page)) {
    await page.mouse.move(pane.x, pane.y);
    await page.mouse.wheel(0, 4000);
    await page.mouse.wheel(800, 0);
    await expectStill(page, `${where}: wheel over ${pane.name}`);
  }
  // Focus scrolls whatever holds the focused element into view, the document included.
  const focused = await page.evaluate(() => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')) {
      if (el.closest('[inert]') !== null) continue;
      el.focus();
      n++;
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return n;
  });
  expect(focused).toBeGreaterThan(0);
  await expectStill(page, `${where}: every element focused`);
}

async function open(page: Page, button: string, sheet: string): Promise<void> {
  await pressTool(page, button);
  await page.locator(tid(sheet)).waitFor();
}

async function close(page: Page, button: string, sheet: string): Promise<void> {
  await page.locator(tid(button)).first().click();
  await page.locator(tid(sheet)).waitFor({ state: 'detached' });
}

describe.each([
  [1440, 900],
  [1920, 1080],
])('the page at %i×%i', (width, height) => {
  it('never scrolls, whatever is open', { timeout: 180_000 }, async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { viewport: { width, height } });
    const { page } = w;
    await waitForReady(page);
    await shake(page, 'loaded');

    // The REPL folds to its header and opens again.
    await page.locator(tid('repl-toggle')).click();
    await expect.poll(async () => (await page.getByRole('region', { name: 'REPL', exact: true }).boundingBox())?.height ?? 0).toBeLessThan(60);
    await shake(page, 'REPL hidden');
    await page.locator(tid('repl-toggle')).click();
    await expect.poll(async () => (await page.getByRole('region', { name: 'REPL', exact: true }).boundingBox())?.height ?? 0).toBeGreaterThan(120);

    await openExample(page, 'products-exploration');
    await page.locator(`${tid('run')}:enabled`).click();
    await expect.poll(() => page.locator(tid('status')).textContent(), { timeout: 60_000 }).toBe('returned');
    await shake(page, 'after Run');

    await page.locator(tid('tab-request')).click();
    await shake(page, 'Request tab');
    await page.locator(tid('tab-messages')).click();

    await page.locator(tid('area-run')).click();
    await page.locator(tid('run-table')).waitFor({ timeout: 60_000 });
    await shake(page, 'Whole run');
    await page.locator(tid('area-turn')).click();

    // A changed SYSTEM prompt shows its difference from the default (open by default).
    await page.locator(tid('prompt-mode')).selectOption('wrap');
    await page.locator(tid('prompt-prefix')).fill('Answer in French.\nNever guess.');
    await page.locator(tid('prompt-diff')).waitFor();
    await shake(page, 'SYSTEM prompt difference');

    for (const [button, sheet, closer] of [
      ['sessions-button', 'sessions-panel', 'sessions-button'],
      ['prices-button', 'prices-dialog', 'prices-close'],
      ['share', 'share-dialog', 'share-close'],
      ['gallery-button', 'gallery-dialog', 'gallery-close'],
      ['reference-button', 'reference-panel', 'reference-close'],
      ['lessons-button', 'lessons-panel', 'lessons-close'],
      ['experiments-button', 'experiments-panel', 'experiments-close'],
    ] as const) {
      await open(page, button, sheet);
      await shake(page, sheet);
      await close(page, closer, sheet);
    }

    await open(page, 'fork-2', 'fork-dialog');
    await shake(page, 'fork dialog');
    await page.locator(tid('fork-submit')).click();
    await page.locator(tid('fork-dialog')).waitFor({ state: 'detached' });
    await open(page, 'branch-compare', 'branch-compare-table');
    await shake(page, 'branch comparison');
    await close(page, 'branch-compare-close', 'branch-compare-dialog');
    await closeClean(w);
  });
});
