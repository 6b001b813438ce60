// Editor help in the production build: in the next-reply editor's code block, Ctrl+Space lists a
// builtin with its doc and the session's tools after `tool/`, hovering a name shows its entry, and an
// unknown name gets a warning marker with the interpreter's message.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { referenceEntry } from '../src/lisp/reference/index.ts';
import { launchChromium } from './browser.ts';
import { setEditor } from './editor.ts';
import { closeClean, openExample, openPlayground, tid, waitForReady, type WatchedPage } from './page.ts';

let browser: Browser;
let w: WatchedPage;
let page: Page;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  w = await openPlayground(browser, inject('baseUrl'));
  page = w.page;
  await waitForReady(page);
  const menu = page.locator(tid('examples-menu'));
  if (!(await menu.inputValue()).endsWith('/reviews-and-inventory.json')) await openExample(page, 'reviews-and-inventory');
});
afterEach(() => closeClean(w));

/** The reply editor, once Monaco has replaced the textarea. */
async function replyEditor(): Promise<Locator> {
  const root = page.locator(`${tid('next-reply')}[data-editor="monaco"]`);
  await root.locator('.view-lines').waitFor({ timeout: 20_000 });
  return root;
}

/**
 * The screen point in the middle of the first `text` drawn on the editor's line `line` (1-based).
 * Waits until Monaco draws it there: just after a new text is set, the lines may still show the old one.
 */
async function pointOf(root: Locator, line: number, text: string): Promise<{ x: number; y: number }> {
  const find = () =>
    root.evaluate(
      (el, [lineNumber, needle]) => {
        // Monaco draws the lines in any order, placed by their `top`: sort them by it.
        const lines = [...el.querySelectorAll<HTMLElement>('.view-line')].sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
        const target = lines[lineNumber - 1];
        if (target === undefined) return null;
        const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const at = (node.textContent ?? '').replace(/\u00a0/g, ' ').indexOf(needle);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          const r = range.getBoundingClientRect();
          return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
        }
        return null;
      },
      [line, text] as const,
    );
  let point: { x: number; y: number } | null = null;
  await expect.poll(async () => (point = await find()) !== null, { message: `"${text}" drawn on line ${line}`, timeout: 10_000 }).toBe(true);
  return point!;
}

const REPLY = ['Counting first.', '', '```clojure', '(count data/products)', '(fiter odd? [1 2])', '', '```'].join('\n');

describe('editor help in the reply editor', () => {
  it('marks an unknown name in the code block with a warning, and nothing in the prose', async () => {
    const root = await replyEditor();
    await setEditor(page, 'next-reply', REPLY);
    const warning = root.locator('.squiggly-warning');
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(1);
    expect(await root.locator('.squiggly-error').count()).toBe(0);
    // The marker says what the interpreter will say.
    const at = await pointOf(root, 5, 'fiter');
    await page.mouse.move(at.x, at.y);
    const hover = page.locator('.monaco-hover:visible').first();
    await expect
      .poll(() => hover.innerText().catch(() => ''), { timeout: 10_000 })
      .toContain('Unable to resolve symbol: fiter in this context. Did you mean: filter');
    // Fixed, the warning goes away after the pause.
    await setEditor(page, 'next-reply', REPLY.replace('fiter', 'filter'));
    await expect.poll(() => warning.count(), { timeout: 10_000 }).toBe(0);
  });

  it('hovering a builtin shows its entry; hovering data/ shows its type', async () => {
    const root = await replyEditor();
    await setEditor(page, 'next-reply', REPLY);
    const count = referenceEntry('count')!;
    const at = await pointOf(root, 4, 'count');
    await page.mouse.move(at.x, at.y);
    const hover = page.locator('.monaco-hover:visible').first();
    await expect.poll(() => hover.innerText().catch(() => ''), { timeout: 10_000 }).toContain(count.doc);
    expect(await hover.innerText()).toContain('count — function');
    const data = await pointOf(root, 4, 'data/products');
    await page.mouse.move(data.x, data.y);
    await expect.poll(() => hover.innerText().catch(() => ''), { timeout: 10_000 }).toContain('data/products — list[');
  });

  it('Ctrl+Space lists builtins with their doc, and the tools after tool/', async () => {
    const root = await replyEditor();
    await setEditor(page, 'next-reply', REPLY);
    // The cursor at the start of the empty line in the block.
    const blank = await pointOf(root, 5, '(fiter');
    await page.mouse.click(blank.x, blank.y);
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.type('(filt', { delay: 30 });
    await page.keyboard.press('Control+Space');
    const widget = page.locator('.suggest-widget.visible').first();
    await widget.waitFor({ timeout: 10_000 });
    const filter = referenceEntry('filter')!;
    await expect.poll(() => widget.innerText(), { timeout: 10_000 }).toContain('filter');
    expect(await widget.innerText()).toContain(filter.doc.slice(0, 20));
    await page.keyboard.press('Escape');
    await page.keyboard.type(' tool/', { delay: 30 });
    await widget.waitFor({ timeout: 10_000 });
    await expect.poll(() => widget.innerText(), { timeout: 10_000 }).toContain('tool/get-inventory');
    expect(await widget.innerText()).toContain('tool/search-reviews');
    await page.keyboard.press('Escape');
  });
});
