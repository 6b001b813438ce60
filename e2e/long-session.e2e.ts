// Long sessions in the browser: a 1,000-turn session opens with only the cards in sight in
// the DOM, a turn switch shows that turn's messages (the ones the engine renders), scrolling brings
// the first turns back, and Step adds turn 1,001; a session with megabytes of data keeps them out of
// the DOM's attributes (the editor holds the one copy).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { engineWith, lastUserContent, stepEngine } from './expected.ts';
import { longSessionText } from './long-session.ts';
import { closeClean, openPlayground, savedSessionHolds, tid, waitForReady, type WatchedPage } from './page.ts';

const TURNS = 1000;
/**
 * How long a wait on megabytes of work may take: an allowance for a busy machine (these tests once timed
 * out at 30 s beside another test run), not a bound on speed; the figures are measured in bench/.
 */
const HEAVY_WORK_MS = 120_000;

let browser: Browser;
let w: WatchedPage;
let page: Page;
let dir: string;
let longText: string;
let longFile: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-long-'));
  longText = longSessionText({ turns: TURNS });
  longFile = join(dir, 'long.json');
  writeFileSync(longFile, longText);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  w = await openPlayground(browser, inject('baseUrl'));
  page = w.page;
  await waitForReady(page);
});
afterEach(() => closeClean(w));

const compressedUser = () => page.locator(tid('compressed-user')).textContent();
const cardsInDom = () => page.locator('[data-testid^="turn-"][data-selected]').count();

async function openFile(file: string, turns: number): Promise<void> {
  await page.locator(tid('open-file')).setInputFiles(file);
  await expect.poll(() => page.locator(tid('turn-list')).locator('h2').textContent(), { timeout: HEAVY_WORK_MS }).toContain(`(${turns} of`);
}

describe('a 1,000-turn session', () => {
  it('opens, switches turns (also after scrolling to the first) and steps, showing what the engine renders', { timeout: 4 * HEAVY_WORK_MS }, async () => {
    const engine = engineWith(longText);
    await openFile(longFile, TURNS);
    // The next turn's messages, and only the cards in sight (the list follows the run to its end).
    await expect.poll(compressedUser).toBe(lastUserContent(engine.view().compressed));
    await page.locator(tid(`turn-${TURNS}`)).waitFor();
    expect(await cardsInDom()).toBeLessThan(40);
    expect(await page.locator(tid('turn-1')).count()).toBe(0);

    // A switch to a recorded turn: selected, its output shown, its messages as recorded.
    const card = page.locator(tid(`turn-${TURNS - 1}`));
    await card.locator('button').first().click();
    await expect.poll(() => card.getAttribute('data-selected')).toBe('true');
    await expect.poll(compressedUser).toBe(lastUserContent(engine.view({ selected: TURNS - 1 }).compressed));
    expect(await card.locator(tid('turn-prints')).textContent()).toContain(`turn ${TURNS - 1}: order ${TURNS - 1}`);

    // Scrolled to the top, the first turns are in the DOM (and the last ones no longer).
    await page.locator(tid('turn-list')).evaluate((el) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (getComputedStyle(p).overflowY === 'auto') {
          p.scrollTop = 0;
          return;
        }
      }
    });
    const first = page.locator(tid('turn-1'));
    await first.waitFor();
    expect(await page.locator(tid(`turn-${TURNS}`)).count()).toBe(0);
    expect(await cardsInDom()).toBeLessThan(40);
    await first.locator('button').first().click();
    await expect.poll(() => first.getAttribute('data-selected')).toBe('true');
    await expect.poll(compressedUser).toBe(lastUserContent(engine.view({ selected: 1 }).compressed));

    // Step: turn 1,001 is made and shown (the last turn the session allows).
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid(`turn-${TURNS + 1}`)).waitFor({ timeout: HEAVY_WORK_MS });
    const after = stepEngine(engine);
    await expect.poll(compressedUser).toBe(lastUserContent(after.compressed));
    await expect.poll(() => page.locator(tid('turn-list')).locator('h2').textContent()).toContain(`(${TURNS + 1} of`);
    expect(
      await page
        .locator(tid(`turn-${TURNS + 1}`))
        .locator(tid('turn-prints'))
        .textContent(),
    ).toContain(`turn ${TURNS + 1}: order ${TURNS + 1}`);
    expect(await cardsInDom()).toBeLessThan(40);
  });
});

describe('a session with megabytes of data', () => {
  it('keeps the data out of the attributes: the data editor holds it, Step works', { timeout: 4 * HEAVY_WORK_MS }, async () => {
    const text = longSessionText({ turns: 3, dataChars: 3_000_000 });
    const file = join(dir, 'data.json');
    writeFileSync(file, text);
    const engine = engineWith(text);
    await openFile(file, 3);
    await expect.poll(compressedUser).toBe(lastUserContent(engine.view().compressed));
    const editor = page.locator(tid('data-editor')).first();
    await expect.poll(async () => Number(await editor.getAttribute('data-value-length')), { timeout: HEAVY_WORK_MS }).toBeGreaterThan(3_000_000);
    const longest = await page.evaluate(() => {
      let max = 0;
      for (const el of document.querySelectorAll('*')) for (const a of el.attributes) max = Math.max(max, a.value.length);
      return max;
    });
    expect(longest).toBeLessThan(200_000);
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-4')).waitFor({ timeout: HEAVY_WORK_MS });
    await expect.poll(compressedUser).toBe(lastUserContent(stepEngine(engine).compressed));
  });
});

/** The data editor's whole text, through its read event (it is too long for an attribute). */
function dataEditorText(p: Page): Promise<string> {
  return p.locator(tid('data-editor')).evaluate((el) => {
    const box: { value?: string } = {};
    el.dispatchEvent(new CustomEvent('ptc-get-value', { detail: box }));
    return box.value ?? '';
  });
}

describe('a session with 10 MB of data', () => {
  it(
    'opens (the data editor filled after the session shows), takes an edit of its data, saves it and restores it whole',
    { timeout: 4 * HEAVY_WORK_MS },
    async () => {
      const text = longSessionText({ turns: 3, dataChars: 10_000_000 });
      const file = join(dir, 'data-10mb.json');
      writeFileSync(file, text);
      const engine = engineWith(text);
      const rowsText = engine.view().setup.definition.dataText ?? '';
      await openFile(file, 3);
      await expect.poll(compressedUser).toBe(lastUserContent(engine.view().compressed));
      // The editor gets the data (and the size hint goes) once the session has shown.
      await expect.poll(() => page.locator(tid('data-loading')).count(), { timeout: HEAVY_WORK_MS }).toBe(0);
      await expect
        .poll(async () => Number(await page.locator(tid('data-editor')).getAttribute('data-value-length')), { timeout: HEAVY_WORK_MS })
        .toBe(rowsText.length);
      expect(await dataEditorText(page)).toBe(rowsText);

      // An edit typed into the editor: a new entry before the rows. (Typed, as a person edits: replacing
      // all 13 MB at once through Monaco is far slower than any keystroke.)
      const marker = '"added": "kept after a reload"';
      // Focused (clicked again until it is: Monaco lays itself out once its panel is shown).
      await expect
        .poll(
          async () => {
            await page.locator(tid('data-editor')).locator('.view-lines').click();
            return page.locator(tid('data-editor')).locator('.monaco-editor.focused').count();
          },
          { timeout: HEAVY_WORK_MS },
        )
        .toBe(1);
      await page.keyboard.press('Control+Home');
      await page.keyboard.press('End');
      await page.keyboard.insertText(`\n${marker},`);
      await expect
        .poll(async () => Number(await page.locator(tid('data-editor')).getAttribute('data-value-length')), { timeout: HEAVY_WORK_MS })
        .toBeGreaterThan(rowsText.length + marker.length);
      await page
        .locator(tid('data-entry-added'))
        .waitFor({ timeout: HEAVY_WORK_MS })
        .catch(async (e: unknown) => {
          const head = (await dataEditorText(page)).slice(0, 120);
          const dump = await page.evaluate(() =>
            ['data-error', 'data-problems', 'data-editor-markers', 'notice-text', 'data-loading']
              .map((id) => `${id}: ${document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '-'}`)
              .join('\n'),
          );
          console.log('DUMP', JSON.stringify(head), dump, w.errors);
          throw e;
        });
      await expect.poll(() => savedSessionHolds(page, marker), { timeout: HEAVY_WORK_MS }).toBe(true);

      // Reloaded: the session comes back from this browser's storage with the edit and every row.
      await page.reload();
      await waitForReady(page);
      await page.locator(tid('data-entry-added')).waitFor({ timeout: HEAVY_WORK_MS });
      await expect.poll(() => page.locator(tid('data-loading')).count(), { timeout: HEAVY_WORK_MS }).toBe(0);
      await expect
        .poll(async () => Number(await page.locator(tid('data-editor')).getAttribute('data-value-length')), { timeout: HEAVY_WORK_MS })
        .toBeGreaterThan(rowsText.length);
      const restored = JSON.parse(await dataEditorText(page)) as Record<string, unknown>;
      expect(restored.added).toBe('kept after a reload');
      expect(restored.rows).toEqual((JSON.parse(rowsText) as Record<string, unknown>).rows);
      expect(await page.locator(tid('turn-list')).locator('h2').textContent()).toContain('(3 of');
    },
  );
});
