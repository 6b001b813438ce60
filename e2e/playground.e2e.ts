// The playground's main flows in Chromium, checked against the engine run in this process: stepping
// every example, switching the compression strategy, and the REPL.
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { readEditor, setEditor } from './editor.ts';
import { engineWith, exampleJson, exampleText, lastUserContent, stepEngine } from './expected.ts';
import { closeClean, openExample, openPlayground, parseCount, tid, waitForReady, type WatchedPage } from './page.ts';

// reviews-and-inventory first: it is the example the page opens on load.
const EXAMPLES = ['reviews-and-inventory', 'products-exploration', 'failed-turn-recovery', 'side-effect-calls', 'long-run-overflow'];

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
});
// Every flow: no error on the console, nothing fetched from anywhere but the local server.
afterEach(() => closeClean(w));

const text = (id: string) => page.locator(tid(id)).first().textContent();

async function step(n: number): Promise<void> {
  await page.locator(`${tid('step')}:enabled`).click();
  await page.locator(tid(`turn-${n}`)).waitFor();
}

describe('stepping', () => {
  it('every example, turn by turn, shows the USER message the engine renders', async () => {
    for (const name of EXAMPLES) {
      if (name !== EXAMPLES[0]) await openExample(page, name);
      const engine = engineWith(exampleText(name));
      let view = engine.view();
      await expect.poll(() => text('compressed-user'), { message: `${name}, before turn 1` }).toBe(lastUserContent(view.compressed));
      let n = 0;
      while (view.status === 'running' && view.nextReply !== null) {
        n++;
        await step(n);
        view = stepEngine(engine);
        await expect.poll(() => text('compressed-user'), { message: `${name}, after turn ${n}` }).toBe(lastUserContent(view.compressed));
        expect(await text('full-user'), `${name}, full history after turn ${n}`).toBe(lastUserContent(view.full));
      }
      expect(n, name).toBeGreaterThanOrEqual(3);
      expect(await page.locator(tid(`turn-${n}`)).count()).toBe(1);
      expect(await page.locator(tid(`turn-${n + 1}`)).count()).toBe(0);
    }
  });
});

describe('the definition panels', () => {
  it('show the session; user/ follows the turns; an edit to data/ reaches the engine', async () => {
    const json = exampleJson('reviews-and-inventory');
    for (const id of ['mission-panel', 'tools-panel', 'data-panel', 'user-panel']) await page.locator(tid(id)).waitFor();
    expect(await page.locator(tid('mission-input')).inputValue()).toBe(json.mission);
    expect(JSON.parse(await readEditor(page, 'data-editor'))).toEqual(json.data);

    // After turn 1, user/ lists what turn 1 defined (the definitions the LLM has for turn 2).
    const engine = engineWith(exampleText('reviews-and-inventory'));
    await step(1);
    const after1 = stepEngine(engine);
    expect(after1.user.length).toBeGreaterThan(0);
    for (const entry of after1.user)
      await page
        .locator(tid('user-panel'))
        .locator(tid(`user-entry-${entry.name}`))
        .waitFor();

    // Fewer products: the data panel's entry and the REPL see the new data once it is applied.
    const data = { ...json.data, products: (json.data.products as unknown[]).slice(0, 2) };
    const edited = engine.setDefinition({ ...after1.setup.definition, data: data as typeof after1.setup.definition.data });
    if (!edited.ok) throw new Error(edited.problems.map((p) => p.text).join('; '));
    const productsType = edited.view.setup.data.find((d) => d.name === 'products')?.type ?? '?';
    expect(productsType).toBe('list[2]');
    await setEditor(page, 'data-editor', JSON.stringify(data, null, 2));
    await expect.poll(() => page.locator(tid('data-entry-products')).textContent(), { timeout: 10_000 }).toContain(productsType);
    await setEditor(page, 'repl-input', '(count data/products)');
    await page.locator(`${tid('repl-eval')}:enabled`).click();
    await expect.poll(() => text('repl-output')).toBe('2');
  });
});

describe('compression strategy', () => {
  it('switching to full-history changes the token counts to the full side’s; the saving is shown', async () => {
    await openExample(page, 'products-exploration');
    const engine = engineWith(exampleText('products-exploration'));
    for (const n of [1, 2]) {
      await step(n);
      stepEngine(engine);
    }
    const coalesced = engine.view();
    const full = engine.view({ strategy: 'full-history' });
    const [coalescedTokens, fullTokens] = await Promise.all([
      engine.countTokens(coalesced.compressed.messages.map((m) => m.content)),
      engine.countTokens(coalesced.full.messages.map((m) => m.content)),
    ]).then((xs) => xs.map((counts) => counts.reduce((a, b) => a + b, 0)));
    expect(coalescedTokens).toBeLessThan(fullTokens);

    // The session's own strategy: the compressed side is smaller, by tokens counted in the worker.
    expect(await page.locator(tid('strategy-select')).inputValue()).toBe('single-user-coalesced');
    await expect.poll(async () => parseCount(await text('compressed-tokens')), { timeout: 20_000 }).toBe(coalescedTokens);
    await expect.poll(async () => parseCount(await text('full-tokens'))).toBe(fullTokens);
    expect(parseCount(await text('compressed-chars'))).toBe(coalesced.compressed.stats.characters);
    expect(parseCount(await text('full-chars'))).toBe(coalesced.full.stats.characters);
    // The saving leaves out the SYSTEM prompt (the same on both sides).
    const history = async (messages: { role: string; content: string }[]) =>
      (await engine.countTokens(messages.filter((m) => m.role !== 'system').map((m) => m.content))).reduce((x, y) => x + y, 0);
    const saving = (1 - (await history(coalesced.compressed.messages)) / (await history(coalesced.full.messages))) * 100;
    expect(await text('saving')).toBe(`${saving.toFixed(1)} %`);

    await page.locator(tid('strategy-select')).selectOption('full-history');
    await expect.poll(async () => parseCount(await text('compressed-tokens')), { timeout: 20_000 }).toBe(fullTokens);
    expect(parseCount(await text('compressed-tokens'))).not.toBe(coalescedTokens);
    expect(parseCount(await text('compressed-chars'))).toBe(full.compressed.stats.characters);
    expect(await text('compressed-user')).toBe(lastUserContent(full.compressed));
    expect(await text('saving')).toBe('0.0 %');

    // Back to the session's strategy.
    await page.locator(tid('strategy-select')).selectOption('single-user-coalesced');
    await expect.poll(async () => parseCount(await text('compressed-tokens')), { timeout: 20_000 }).toBe(coalescedTokens);
    expect(await text('compressed-user')).toBe(lastUserContent(coalesced.compressed));
  });
});

describe('REPL', () => {
  it('in Monaco: typed as a person types, Ctrl+Enter evaluates', async () => {
    // Monaco (a lazy chunk) takes over from the textarea once loaded.
    const editor = page.locator(`${tid('repl-input')}[data-editor="monaco"]`);
    await editor.locator('.monaco-editor .view-lines').waitFor({ timeout: 15_000 });
    await editor.locator('.view-lines').click();
    // Monaco closes the bracket itself and types over it, so the text comes out as typed.
    await page.keyboard.type('(reduce + (range 5))');
    await expect.poll(() => readEditor(page, 'repl-input')).toBe('(reduce + (range 5))');
    // A person's pause before Ctrl+Enter. (Pressed in the same instant as the last key, on a loaded
    // machine, it has evaluated the text of an earlier keystroke: Monaco's submit handler is updated
    // in a passive effect, after the text is already on the page.)
    await page.waitForTimeout(150);
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => text('repl-output')).toBe('10');
    // Ctrl+Enter in the REPL evaluates; it does not also step the session.
    expect(await page.locator(tid('turn-1')).count()).toBe(0);
  });

  it('evaluates against the session’s data and keeps its own definitions', async () => {
    const engine = engineWith(exampleText('reviews-and-inventory'));
    const expected = engine.repl('(count data/products)');
    expect(expected.ok).toBe(true);

    await setEditor(page, 'repl-input', '(count data/products)');
    await page.locator(`${tid('repl-eval')}:enabled`).click();
    await expect.poll(() => text('repl-output')).toBe(expected.result);
    // A success clears the input.
    await expect.poll(() => readEditor(page, 'repl-input')).toBe('');

    await setEditor(page, 'repl-input', '(def n 21)');
    await page.locator(`${tid('repl-eval')}:enabled`).click();
    await expect.poll(() => page.locator(tid('repl-entry')).count()).toBe(2);
    await setEditor(page, 'repl-input', '(* n 2)');
    await page.locator(`${tid('repl-eval')}:enabled`).click();
    await expect.poll(() => text('repl-output')).toBe('42');

    // An error is shown with its type, and the input is kept to be fixed.
    await setEditor(page, 'repl-input', '(+ 1 "a")');
    await page.locator(`${tid('repl-eval')}:enabled`).click();
    const error = engine.repl('(+ 1 "a")');
    expect(error.ok).toBe(false);
    await expect.poll(() => text('repl-output')).toContain(error.error?.type ?? '?');
    expect(await readEditor(page, 'repl-input')).toBe('(+ 1 "a")');
  });
});

describe('Ctrl+Enter right after typing, on a slow machine (CPU ×6 slower)', () => {
  /** Clicks into a Monaco editor, slows the CPU down, types and presses Ctrl+Enter at once. */
  async function typeAndSubmit(testId: string, typed: string): Promise<void> {
    const editor = page.locator(`${tid(testId)}[data-editor="monaco"]`);
    await editor.locator('.monaco-editor .view-lines').waitFor({ timeout: 15_000 });
    await setEditor(page, testId, '');
    await editor.locator('.view-lines').click();
    const cdp = await w.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.keyboard.type(typed);
    await page.keyboard.press('Control+Enter');
  }

  it('the REPL evaluates the text as typed', async () => {
    await typeAndSubmit('repl-input', '(+ 1 2)');
    await page.locator(tid('repl-entry')).first().waitFor({ timeout: 10_000 });
    expect(await page.locator(tid('repl-entry')).first().innerText()).toContain('(+ 1 2)');
    await expect.poll(() => text('repl-output')).toBe('3');
  });

  it('the next reply is stepped as typed', async () => {
    const reply = '```clojure\n(+ 1 2)\n```';
    await typeAndSubmit('next-reply', reply);
    await page.locator(tid('turn-1')).waitFor({ timeout: 10_000 });
    expect(await page.locator(tid('turn-1')).locator(tid('turn-raw')).textContent()).toBe(reply);
    expect(await page.locator(tid('turn-1')).locator(tid('turn-result')).textContent()).toContain('3');
  });
});
