// Programs that do not finish: the interpreter's loop limit ends one quickly with an error; a true
// runaway (limits raised far past what a step can use) is stopped with Stop or Escape, which restarts
// the engine worker. A program that blocks the worker past its time limit is stopped by the watchdog
// (1.25× the limit, at least 1.25 s) and the worker restarted within twice the limit. Either way the
// page keeps answering and the session stays; a cold load never reports a stop.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { readEditor, setEditor } from './editor.ts';
import { engineWith, exampleJson, exampleText, stepEngine } from './expected.ts';
import { closeClean, openExample, openPlayground, parseCount, tid, waitForReady, type WatchedPage } from './page.ts';

const RUNAWAY = '```clojure\n(loop [x 0] (recur x))\n```';
/** Seconds of work inside builtins: ends only at the time limit, or when stopped. */
const LONG = '```clojure\n(dotimes [_ 5000] (frequencies (range 1000000)))\n```';
/** The most a session may raise its limits to (10 s; 10× the default loop limit). */
const RAISED = { timeoutMs: 10_000, maxLoopIterations: 10_000 };
const TITLE = 'Runaway under raised limits (e2e)';

let browser: Browser;
let w: WatchedPage;
let page: Page;
let dir: string;

beforeAll(async () => {
  browser = await launchChromium();
  dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-sessions-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});
afterEach(() => closeClean(w));

/** Each test of the describe starts on a freshly loaded playground. */
function loadedPageEachTest(): void {
  beforeEach(async () => {
    w = await openPlayground(browser, inject('baseUrl'));
    page = w.page;
    await waitForReady(page);
  });
}

const text = (id: string) => page.locator(tid(id)).first().textContent();

/**
 * Clicks a toggle on the messages and waits for its effect: the page answered. Returns the
 * milliseconds it took, for the log only. Whether the page answered *while the worker was busy* is
 * read from the page (the busy line still there once the toggle flipped), not from a clock: a page
 * blocked by the program would answer only once the program ended, with the busy line gone. A time
 * bound here failed on a machine running a second suite beside this one (1.0–1.2 s).
 */
async function clickAnswered(): Promise<number> {
  const toggle = page.locator(tid('toggle-system'));
  const before = await toggle.isChecked();
  const t0 = Date.now();
  await toggle.click({ timeout: 10_000 });
  await page.waitForFunction(
    ([selector, was]) => (document.querySelector(selector) as HTMLInputElement | null)?.checked === !was,
    [tid('toggle-system'), before] as const,
    { timeout: 10_000 },
  );
  const elapsed = Date.now() - t0;
  await toggle.click({ timeout: 10_000 });
  return elapsed;
}

/** The busy line is still shown: the engine's call has not ended. */
const stillBusy = async () => (await page.locator(tid('busy')).count()) === 1;

/** Opens a session file through "Open file…", as a person picks one. */
async function openFile(name: string, session: object): Promise<void> {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(session, null, 2));
  await page.locator(tid('open-file')).setInputFiles(path);
  await expect.poll(() => text('session-title'), { timeout: 10_000 }).toBe((session as { title: string }).title);
}

describe('a program that does not finish', () => {
  loadedPageEachTest();
  it('hits the loop limit quickly: the turn shows loop_limit_exceeded and the page stays responsive', async () => {
    await openExample(page, 'products-exploration');
    const engine = engineWith(exampleText('products-exploration'));
    const turn = stepEngine(engine, RUNAWAY).turns[0];
    expect(turn.error?.type).toBe('loop_limit_exceeded');

    await setEditor(page, 'next-reply', RUNAWAY);
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor({ timeout: 5000 });
    const error = await page.locator(tid('turn-1')).locator(tid('turn-error')).textContent();
    expect(error).toContain('loop_limit_exceeded');
    expect(error).toContain(turn.error?.message ?? '?');
    expect(await page.locator(tid('turn-1')).locator(tid('turn-badge')).textContent()).toBe('error');
    // The run goes on: the next turn can be stepped with the script's reply for turn 2.
    expect(await text('status')).toBe('running');
    await page.locator(`${tid('step')}:enabled`).waitFor({ timeout: 5000 });
    await clickAnswered();
  });

  for (const how of ['the Stop button', 'Escape'] as const) {
    it(`runs away under raised limits; ${how} restarts the engine within 2 s and keeps the session`, async () => {
      const base = exampleJson('products-exploration');
      const session = { ...base, title: TITLE, limits: RAISED };
      await openFile('runaway.json', session);
      const engineWorkers = () => w.workers.filter((u) => /engine\.worker/.test(u)).length;
      const workersBefore = engineWorkers();

      // One ordinary turn first, so there is history to keep.
      await page.locator(`${tid('step')}:enabled`).click();
      await page.locator(tid('turn-1')).waitFor();
      const userAfterTurn1 = await text('compressed-user');

      await setEditor(page, 'next-reply', LONG);
      await page.locator(`${tid('step')}:enabled`).click();
      await page.locator(`${tid('stop')}:enabled`).waitFor({ timeout: 2000 });
      await page.locator(tid('busy')).waitFor({ timeout: 2000 });
      // The program runs in the worker; the page itself still answers while it does.
      await page.waitForTimeout(1000);
      await clickAnswered();
      expect(await stillBusy()).toBe(true);

      const t0 = Date.now();
      if (how === 'Escape') await page.keyboard.press('Escape');
      else await page.locator(tid('stop')).click();
      await page.locator(tid('notice')).waitFor({ timeout: 2000 });
      await page.locator(tid('busy')).waitFor({ state: 'detached', timeout: 2000 });
      expect(Date.now() - t0).toBeLessThan(2000);
      expect(await text('notice-text')).toMatch(/stopped|restarted/i);
      await clickAnswered();

      // A new worker took over, with the session as it was before the runaway step.
      await expect.poll(engineWorkers).toBe(workersBefore + 1);
      expect(await text('session-title')).toBe(TITLE);
      expect(await page.locator(tid('mission-input')).inputValue()).toBe(base.mission);
      expect(await page.locator(tid('turn-1')).count()).toBe(1);
      expect(await page.locator(tid('turn-2')).count()).toBe(0);
      expect(await text('compressed-user')).toBe(userAfterTurn1);
      expect(await text('status')).toBe('running');

      // The restarted engine runs the next turn.
      await setEditor(page, 'next-reply', '```clojure\n(+ 1 2)\n```');
      expect(await readEditor(page, 'next-reply')).toBe('```clojure\n(+ 1 2)\n```');
      await page.locator(`${tid('step')}:enabled`).click();
      await page.locator(tid('turn-2')).waitFor({ timeout: 5000 });
      expect(await page.locator(tid('turn-2')).locator(tid('turn-result')).textContent()).toContain('3');
    });
  }

  // A 3 s limit: the bound (twice the limit) then leaves seconds, not tenths, to a busy machine.
  it('blocking the worker past a 3 s limit: stopped and a new worker answering within 6 s of the click; the page answers meanwhile', async () => {
    const LIMIT = 3000;
    const base = exampleJson('products-exploration');
    await openFile('blocking.json', {
      ...base,
      title: 'Blocking builtin (e2e)',
      limits: { timeoutMs: LIMIT, maxLoopIterations: 10_000, maxValueSize: 10_000_000 },
    });
    const engineWorkers = () => w.workers.filter((u) => /engine\.worker/.test(u)).length;
    // Work inside builtins, where the interpreter may not look at its clock: only the watchdog ends it
    // when it does not. Whichever ends it, the bound is the same.
    await setEditor(page, 'next-reply', LONG);
    const workersBefore = engineWorkers();
    const step = page.locator(`${tid('step')}:enabled`);
    await step.waitFor();

    const t0 = Date.now();
    await step.click();
    // A click on another control is handled while the worker is blocked.
    await page.locator(tid('busy')).waitFor({ timeout: 1000 });
    const clickMs = await clickAnswered();
    expect(await stillBusy()).toBe(true);
    // Busy ends when the engine answered again: after a restart, that is the new worker's view.
    await page.locator(tid('busy')).waitFor({ state: 'detached', timeout: 10_000 });
    const elapsed = Date.now() - t0;
    const restarted = (await page.locator(tid('notice')).count()) > 0;
    console.log(
      `watchdog: click to engine answering ${elapsed} ms (limit ${LIMIT} ms, bound ${2 * LIMIT} ms; ${restarted ? 'worker restarted' : 'the interpreter stopped it'}); a click during it answered in ${clickMs} ms`,
    );
    expect(elapsed).toBeLessThanOrEqual(2 * LIMIT);
    if (restarted) {
      expect(await text('notice-text')).toMatch(/did not answer within 3\.8 s/);
      await expect.poll(engineWorkers).toBe(workersBefore + 1);
      expect(await page.locator(tid('turn-1')).count()).toBe(0);
    } else {
      expect(await page.locator(tid('turn-1')).locator(tid('turn-error')).textContent()).toMatch(/timeout/i);
    }
    // The engine runs the next program.
    await setEditor(page, 'next-reply', '```clojure\n(+ 1 2)\n```');
    await page.locator(`${tid('step')}:enabled`).click();
    await page
      .locator(tid(restarted ? 'turn-1' : 'turn-2'))
      .locator(tid('turn-result'))
      .waitFor({ timeout: 5000 });
  });
});

describe('the watchdog', () => {
  loadedPageEachTest();
  it('restarts a worker blocked past a 3 s limit: a new worker answers within 6 s of the click', async () => {
    const LIMIT = 3000;
    await openFile('watchdog.json', { ...exampleJson('products-exploration'), title: 'Watchdog (e2e)', limits: { timeoutMs: LIMIT } });
    // No program blocks the worker past its limit any more (the interpreter also counts time spent in
    // builtins and regexes), so the worker is made to spin from outside, as a program that escaped
    // every check would.
    const engine = page.workers().find((x) => /engine\.worker/.test(x.url()));
    if (!engine) throw new Error('no engine worker');
    const engineWorkers = () => w.workers.filter((u) => /engine\.worker/.test(u)).length;
    const workersBefore = engineWorkers();
    await setEditor(page, 'next-reply', '```clojure\n(+ 1 2)\n```');
    const step = page.locator(`${tid('step')}:enabled`);
    await step.waitFor();
    // The token counts answered first: a call loading the tokenizer holds other calls' watchdogs (it
    // may take up to 30 s), so blocking the worker under it would test that allowance, not this one.
    for (const id of ['compressed-tokens', 'full-tokens']) {
      await expect.poll(async () => parseCount(await page.locator(tid(id)).textContent()), { timeout: 20_000 }).not.toBeNaN();
    }
    void engine
      .evaluate(() => {
        const end = Date.now() + 60_000;
        while (Date.now() < end);
      })
      .catch(() => undefined);
    // Blocked: the worker no longer answers DevTools either.
    const answers = () =>
      Promise.race([engine.evaluate(() => true).catch(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300))]);
    await expect.poll(answers, { timeout: 5000 }).toBe(false);

    const t0 = Date.now();
    await step.click();
    const clicked = Date.now() - t0;
    // When the watchdog fired (the notice comes with the restart, before the new worker answers).
    const noticed = page
      .locator(tid('notice'))
      .waitFor({ timeout: 10_000 })
      .then(() => Date.now() - t0);
    await page.locator(tid('busy')).waitFor({ timeout: 1000 });
    const clickMs = await clickAnswered();
    expect(await stillBusy()).toBe(true);
    await page.locator(tid('busy')).waitFor({ state: 'detached', timeout: 10_000 });
    const elapsed = Date.now() - t0;
    console.log(
      `watchdog: a blocked worker, click to the new worker answering ${elapsed} ms (limit ${LIMIT} ms, watchdog ${(LIMIT * 1.25) / 1000} s, bound ${2 * LIMIT} ms; the click itself ${clicked} ms, the restart seen at ${await noticed} ms); a click during it answered in ${clickMs} ms`,
    );
    expect(elapsed).toBeLessThanOrEqual(2 * LIMIT);
    expect(await text('notice-text')).toMatch(/did not answer within 3\.8 s/);
    expect(engineWorkers()).toBe(workersBefore + 1);
    expect(await page.locator(tid('turn-1')).count()).toBe(0);
    // The new worker runs the step.
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-1')).locator(tid('turn-result')).waitFor({ timeout: 5000 });
    expect(await page.locator(tid('turn-1')).locator(tid('turn-result')).textContent()).toContain('3');
  });
});

describe('a cold page load', () => {
  it('reports no stop and restarts no worker, even on a CPU slowed 4×', async () => {
    // Blank first, so the throttling is on before the page loads.
    w = await openPlayground(browser, 'about:blank');
    page = w.page;
    const cdp = await w.context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(inject('baseUrl'));
    await waitForReady(page, 60_000);
    // Token counts load the tokenizer (2 MB) in the worker: the slowest call of a first load.
    await expect.poll(() => text('compressed-tokens'), { timeout: 60_000 }).toMatch(/\d/);
    await page.waitForTimeout(2000);
    expect(await page.locator(tid('notice')).count()).toBe(0);
    // One engine worker: nothing restarted (and no call ran long enough to load a spare).
    expect(w.workers.filter((u) => /engine\.worker/.test(u)).length).toBe(1);
    expect(await text('status')).not.toMatch(/stopped/i);
  });
});
