// Reading and writing the playground's code editors, whichever one is showing: the plain textarea
// (before Monaco has loaded, or when it cannot) or Monaco. The element carrying the editor's
// data-testid is the textarea itself or Monaco's wrapper; both mirror the text in data-value (see
// src/ui/components/CodeEditor.tsx).
import type { Locator, Page } from 'playwright-core';
import { tid } from './page.ts';

type EditorKind = 'textarea' | 'monaco' | 'unknown';

async function kindOf(root: Locator): Promise<EditorKind> {
  return root.evaluate((el): EditorKind => {
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement) return 'textarea';
    if (el.querySelector('.monaco-editor')) return 'monaco';
    if (el.querySelector('textarea')) return 'textarea';
    return 'unknown';
  });
}

/** The editor's text: data-value when the element has it, else the textarea's value. */
export async function readEditor(page: Page, testId: string): Promise<string> {
  const root = page.locator(tid(testId)).first();
  const fromAttribute = await root.getAttribute('data-value');
  if (fromAttribute !== null) return fromAttribute;
  const kind = await kindOf(root);
  if (kind === 'textarea') {
    return root.evaluate((el) => (el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement ? el : (el.querySelector('textarea') as HTMLTextAreaElement)).value);
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
 * text is then read back.
 */
export async function setEditor(page: Page, testId: string, text: string): Promise<void> {
  const root = page.locator(tid(testId)).first();
  await root.waitFor();
  const kind = await kindOf(root);
  if (kind === 'textarea') {
    const input = (await root.evaluate((el) => el instanceof HTMLTextAreaElement || el instanceof HTMLInputElement)) ? root : root.locator('textarea').first();
    await input.fill(text);
  } else {
    await root.evaluate((el, detail) => el.dispatchEvent(new CustomEvent('ptc-set-value', { detail })), text);
  }
  const deadline = Date.now() + 5000;
  let got = await readEditor(page, testId);
  while (got !== text && Date.now() < deadline) {
    await page.waitForTimeout(50);
    got = await readEditor(page, testId);
  }
  if (got !== text) throw new Error(`${testId} holds ${JSON.stringify(got)} instead of ${JSON.stringify(text)}`);
}
