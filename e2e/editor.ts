// Reading and writing the playground's code editors, whichever one is showing: the plain textarea
// (before Monaco has loaded, or when it cannot) or Monaco. The element carrying the editor's
// data-testid is the textarea itself or Monaco's wrapper; both mirror the text in data-value (see
// src/ui/components/CodeEditor.tsx).
import type { Locator, Page } from 'playwright-core';
import { tid } from './page.ts';

type EditorKind = 'textarea' | 'monaco' | 'unknown';

async function kindOf(root: Locator): Promise<EditorKind> {
  return root.evaluate((el): EditorKind => {
    // CodeEditor says which it is; Monaco's wrapper holds Monaco's own hidden textarea, not an input.
    const declared = el.getAttribute('data-editor');
    if (declared === 'textarea' || declared === 'monaco') return declared;
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return 'textarea';
    if (el.querySelector('.monaco-editor')) return 'monaco';
    if (el.querySelector('textarea')) return 'textarea';
    return 'unknown';
  });
}

/**
 * The editor's text: data-value when the element has it; for a text too long to mirror there
 * (data-value-length only), CodeEditor's `ptc-get-value` event; else the textarea's value.
 */
export async function readEditor(page: Page, testId: string): Promise<string> {
  const root = page.locator(tid(testId)).first();
  const fromAttribute = await root.getAttribute('data-value');
  if (fromAttribute !== null) return fromAttribute;
  if ((await root.getAttribute('data-value-length')) !== null) {
    const read = await root.evaluate((el) => {
      const box: { value?: string } = {};
      el.dispatchEvent(new CustomEvent('ptc-get-value', { detail: box }));
      return box.value ?? null;
    });
    if (read !== null) return read;
  }
  const kind = await kindOf(root);
  if (kind === 'textarea') {
    return root.evaluate(
      (el) => (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement ? el : (el.querySelector('textarea') as HTMLTextAreaElement)).value,
    );
  }
  if (kind === 'monaco') {
    // Without data-value the rendered lines are all there is (Monaco draws spaces as U+00A0).
    const text = await root.locator('.view-lines').first().innerText();
    return text.replace(/\u00a0/g, ' ');
  }
  throw new Error(`${testId} is neither a textarea nor a Monaco editor`);
}

/**
 * Replaces the editor's text. A textarea is filled as a person types; Monaco (whose auto-closing and
 * auto-indent would change typed code) gets the text through CodeEditor's `ptc-set-value` event. The
 * text is then read back (data-value).
 */
export async function setEditor(page: Page, testId: string, text: string): Promise<void> {
  const root = page.locator(tid(testId)).first();
  // Monaco may replace the textarea at any moment (its chunk loads lazily): act on one element, read
  // the text back, and start again if the element was swapped out meanwhile.
  let got = '';
  for (let attempt = 0; attempt < 4; attempt++) {
    await root.waitFor();
    const element = await root.elementHandle();
    if (!element) continue;
    try {
      const kind = await element.evaluate((el) => el.getAttribute('data-editor') ?? (el instanceof HTMLTextAreaElement ? 'textarea' : 'monaco'));
      if (kind === 'textarea') await element.fill(text, { timeout: 5000 });
      else await element.evaluate((el, detail) => el.dispatchEvent(new CustomEvent('ptc-set-value', { detail })), text);
    } catch (e) {
      if (attempt === 3) throw e;
      continue;
    } finally {
      await element.dispose();
    }
    const deadline = Date.now() + 3000;
    got = await readEditor(page, testId);
    while (got !== text && Date.now() < deadline) {
      await page.waitForTimeout(50);
      got = await readEditor(page, testId);
    }
    if (got === text) return;
  }
  throw new Error(`${testId} holds ${JSON.stringify(got)} instead of ${JSON.stringify(text)}`);
}
