// The top bar stays one row from 1024 px up, whatever the session's title and whatever the status
// says (a run's return value included); Step and Run never move; every tool is one click away, in
// the bar or in its "More" menu, and a tool opened from the menu gives the focus back to "More".
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { engineWith, exampleText } from './expected.ts';
import { barProblems, readBar, type BarLayout } from './header-layout.ts';
import { closeClean, openPlayground, tid, waitForReady } from './page.ts';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-header-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * The crowded status of a real model's run: the example run to its end with each turn's tokens
 * recorded from a model without a price (so the cost is unknown, with its reason), plus requests
 * that failed (discarded). Written as a session file to open.
 */
function costlyRunFile(): string {
  const engine = engineWith(exampleText('reviews-and-inventory'));
  while (engine.view().status === 'running') {
    const r = engine.stepTurn(undefined);
    if (!r.ok) throw new Error(r.error);
  }
  const session = JSON.parse(engine.exportSession()) as { turns: Record<string, unknown>[] } & Record<string, unknown>;
  const llm = { provider: 'openai', model: 'an-unpriced-model-with-a-rather-long-name' };
  const file = {
    ...session,
    title: 'A real model run with an unknown cost (e2e)',
    llm,
    turns: session.turns.map((t) => ({ ...t, llm, usage: { inputTokens: 123_456, cachedInputTokens: 100_000, outputTokens: 7_890 } })),
    discardedRequests: [
      { ...llm, kind: 'failed', status: 500, inputTokens: 4_000 },
      { provider: 'openai', model: 'gpt-4o', kind: 'refused', status: 401 },
    ],
  };
  const path = join(dir, 'costly-run.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

const LONG_TITLE = 'A very long title that goes on and on about what this session is for, and then some more';

/** Every tool the bar offers, by the test id of its button, and what opening it shows. */
const TOOLS: { button: string; opens: string }[] = [
  { button: 'reference-button', opens: 'reference-panel' },
  { button: 'lessons-button', opens: 'lessons-panel' },
  { button: 'experiments-button', opens: 'experiments-panel' },
  { button: 'prices-button', opens: 'prices-dialog' },
  { button: 'gallery-button', opens: 'gallery-dialog' },
];

/** Two animation frames: the strip and the status measure after a layout, in resize observers. */
function twoFrames(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** The bar once it is settled: the same layout two frames apart. */
async function layout(page: Page): Promise<BarLayout> {
  let bar = await page.evaluate(readBar);
  for (;;) {
    await twoFrames(page);
    const next = await page.evaluate(readBar);
    if (JSON.stringify(next) === JSON.stringify(bar)) return next;
    bar = next;
  }
}

async function expectOneRow(page: Page, where: string): Promise<BarLayout> {
  const bar = await layout(page);
  expect({ where, problems: barProblems(bar) }).toEqual({ where, problems: [] });
  return bar;
}

/** Opens a tool from the bar or, when the bar hides it, from "More"; then closes it again. */
async function openTool(page: Page, tool: (typeof TOOLS)[number], hidden: readonly string[]): Promise<void> {
  if (hidden.includes(tool.button)) {
    await page.locator(tid('more-tools')).click();
    await page.locator(tid(`more-${tool.button}`)).click();
    await page.locator(tid(tool.opens)).waitFor();
    await page.keyboard.press('Escape');
    await page.locator(tid(tool.opens)).waitFor({ state: 'detached' });
    // Back on "More", where the person left the bar.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('more-tools');
  } else {
    await page.locator(tid(tool.button)).click();
    await page.locator(tid(tool.opens)).waitFor();
    await page.keyboard.press('Escape');
    await page.locator(tid(tool.opens)).waitFor({ state: 'detached' });
  }
}

describe.each([1024, 1280, 1920])('the header at %i px', (width) => {
  it('is one row with every tool one click away, with a long title and after a run', async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { viewport: { width, height: 800 } });
    const { page } = w;
    await waitForReady(page);
    const at = async () => {
      const step = await page.locator(tid('step')).boundingBox();
      const run = await page.locator(tid('run')).boundingBox();
      return [step?.x, step?.y, run?.x, run?.y];
    };
    const before = await at();
    await expectOneRow(page, 'ready');

    await page.locator(tid('title-input')).fill(LONG_TITLE);
    await expect.poll(() => page.locator(tid('session-title')).textContent()).toBe(LONG_TITLE);
    await expectOneRow(page, 'long title');
    expect(await at()).toEqual(before);

    // A notice beside the controls (a placeholder nothing fills) takes its room in the row too.
    const mission = page.locator(tid('mission-input'));
    const text = await mission.inputValue();
    await mission.fill(`${text} Count {{orders}}.`);
    await page.locator(tid('input-warning')).waitFor();
    await expectOneRow(page, 'warning');
    expect(await at()).toEqual(before);
    await mission.fill(text);
    await page.locator(tid('input-warning')).waitFor({ state: 'detached' });

    await page.locator(tid('run')).click();
    await page.locator(`${tid('status')}:text("returned")`).waitFor({ timeout: 60_000 });
    await page.locator(tid('return-value')).waitFor();
    // Nothing under way any more (the token counts after the run show in the status while they run).
    await page.locator(tid('busy')).waitFor({ state: 'detached' });
    const bar = await expectOneRow(page, 'returned');
    expect(await at()).toEqual(before);
    // The widest window shows every tool in the bar; the narrowest needs "More".
    if (width >= 1920) expect(bar.hidden).toEqual([]);
    if (width <= 1024) expect(bar.hidden.length).toBeGreaterThan(0);

    for (const tool of TOOLS) await openTool(page, tool, bar.hidden);

    // The most the status says: tokens, discarded requests, an unknown cost with its reason, the value.
    await page.locator(tid('open-file')).setInputFiles(costlyRunFile());
    await expect.poll(() => page.locator(tid('session-title')).textContent()).toBe('A real model run with an unknown cost (e2e)');
    await page.locator(tid('run-discarded')).waitFor();
    expect(await page.locator(tid('run-cost')).getAttribute('data-known')).toBe('false');
    await expectOneRow(page, 'a real model run');
    expect(await at()).toEqual(before);
    // The state, the turn count and the cost's words are whole; the rest may truncate (its title has it whole).
    const cut = await page.evaluate(() =>
      ['turn-count', 'status', 'run-cost']
        .map((id) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`))
        .filter((e): e is HTMLElement => e !== null && e.scrollWidth > e.clientWidth)
        .map((e) => e.dataset.testid),
    );
    expect(cut).toEqual([]);
    await closeClean(w);
  });
});

describe('the "More" menu', () => {
  it('works from the keyboard: arrows move, Enter presses, Escape closes it without stopping a run', async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { viewport: { width: 1024, height: 800 } });
    const { page } = w;
    await waitForReady(page);
    const { hidden } = await layout(page);
    expect(hidden.length).toBeGreaterThan(1);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));

    await page.locator(tid('more-tools')).focus();
    await page.keyboard.press('Enter');
    await expect.poll(focused).toBe(`more-${hidden[0]}`);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe(`more-${hidden[1]}`);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe(`more-${hidden.at(-1)}`);
    // The menu lists exactly the buttons the bar hides, in the bar's order.
    const listed = await page.locator(`${tid('more-tools-menu')} [role="menuitem"]`).evaluateAll((items) => items.map((i) => i.getAttribute('data-testid')));
    expect(listed).toEqual(hidden.map((h) => `more-${h}`));
    await page.keyboard.press('Escape');
    await page.locator(tid('more-tools-menu')).waitFor({ state: 'detached' });
    expect(await focused()).toBe('more-tools');

    // A click elsewhere closes it too.
    await page.locator(tid('more-tools')).click();
    await page.locator(tid('more-tools-menu')).waitFor();
    await page.locator(tid('session-title')).click();
    await page.locator(tid('more-tools-menu')).waitFor({ state: 'detached' });
    await closeClean(w);
  });
});
