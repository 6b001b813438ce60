// The smoke test every browser runs, whatever drives it (puppeteer-core over WebDriver BiDi for
// Firefox, selenium-webdriver for WebKit): load the page, Step three times, evaluate in the REPL by
// typing into Monaco, reload and find the turns again, open the share link in a fresh profile. Each
// wait is on what the page shows, read in the page; the expected texts come from the engine itself.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ENGINE_WORKER_CSP, PAGE_CSP } from '../vite.config.ts';
import { evalFromTimer } from './csp-probes.ts';
import { barProblems, readBar } from './header-layout.ts';
import { REPORT_PATH, VIOLATING_WORKER_PATH, type ServerWatch } from './server-watch.ts';
import type { RunningApp } from './server.ts';
import { engineWith, exampleText, lastUserContent, stepEngine } from './expected.ts';

/** What the flow needs from a driver. Scripts run in the page with one argument. */
export interface SmokePage {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Clicks the element as a person does (scrolled into view, at its centre). */
  click(selector: string): Promise<void>;
  /** Types into the focused element key by key. */
  type(text: string): Promise<void>;
  /** Ctrl+Enter. */
  submit(): Promise<void>;
  /** Sets the window's size (the page's, where the driver sets that). */
  resize(width: number, height: number): Promise<void>;
}

const TIMEOUT = 30_000;
const tid = (id: string) => `[data-testid="${id}"]`;

/** Waits until fn returns true in the page. */
async function until<A>(page: SmokePage, what: string, fn: (arg: A) => boolean | Promise<boolean>, arg: A): Promise<void> {
  await expect.poll(() => page.evaluate(fn, arg), { timeout: TIMEOUT, interval: 100, message: `waiting for ${what}` }).toBe(true);
}

const exists = (selector: string) => document.querySelector(selector) !== null;

function textOf(page: SmokePage, selector: string): Promise<string | null> {
  return page.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);
}

/** The programs of the turn cards, in order. */
function turnPrograms(page: SmokePage): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll('[data-testid^="turn-"][data-testid$="program"]')].map((e) => e.textContent ?? ''), null);
}

/** The highest turn count a session saved in this profile's IndexedDB records (the app's store). */
function savedTurns(): Promise<number> {
  return new Promise((resolve) => {
    const req = indexedDB.open('ptc-playground');
    req.onerror = () => resolve(-1);
    req.onsuccess = () => {
      const db = req.result;
      const all = db.transaction('sessions', 'readonly').objectStore('sessions').getAll();
      all.onerror = () => resolve(-1);
      all.onsuccess = () => {
        db.close();
        const metas = (all.result as unknown[]).filter((v): v is { turns: number } => typeof (v as { turns?: unknown } | null)?.turns === 'number');
        resolve(Math.max(-1, ...metas.map((m) => m.turns)));
      };
    };
  });
}

/** The default session after three steps, as the page should show it. */
function expectedAfterThreeSteps(): string {
  const engine = engineWith(exampleText('reviews-and-inventory'));
  stepEngine(engine);
  stepEngine(engine);
  return lastUserContent(stepEngine(engine).compressed);
}

async function showsThreeTurns(page: SmokePage, compressed: string): Promise<void> {
  await until(page, 'turn 3', exists, tid('turn-3'));
  await until(page, 'the compressed USER message after turn 3', ([s, t]) => document.querySelector(s)?.textContent === t, [tid('compressed-user'), compressed]);
}

const REPL_PROGRAM = '(count electronics)';

/** The page and the engine worker come with their policies, each reporting to the server. */
async function expectReportingPolicies(app: RunningApp): Promise<void> {
  const worker = readdirSync(join(app.outDir, 'assets')).find((f) => /^engine\.worker-[\w-]+\.js$/.test(f));
  expect(worker).toBeDefined();
  const policy = async (path: string) => (await fetch(new URL(path, app.url))).headers.get('content-security-policy');
  expect(await policy('/')).toBe(`${PAGE_CSP}; report-uri ${REPORT_PATH}`);
  expect(await policy(`/assets/${worker}`)).toBe(`${ENGINE_WORKER_CSP}; report-uri ${REPORT_PATH}`);
}

/**
 * The top bar at a narrow and a wide window: one row, every control reachable, and "More" offering
 * what the bar hides (this browser's fonts decide what fits).
 */
async function expectBarOnOneRow(page: SmokePage): Promise<void> {
  // What the bar hides depends on what the status says (a count under way shows there): read it once
  // the engine is idle.
  await until(page, 'the engine idle', (s) => document.querySelector(s) === null, tid('busy'));
  for (const width of [1024, 1440]) {
    await page.resize(width, 900);
    // The strip re-measures after the resize is laid out: wait until what it hides is settled.
    await expect
      .poll(async () => barProblems(await page.evaluate(readBar, null)), { timeout: TIMEOUT, interval: 100, message: `the bar at ${width} px` })
      .toEqual([]);
    const { hidden } = await page.evaluate(readBar, null);
    const inner = await page.evaluate(() => document.documentElement.clientWidth, null);
    console.log(`the bar in a ${inner} px wide page: ${hidden.length === 0 ? 'every tool shown' : `"More" holds ${hidden.join(', ')}`}`);
    if (hidden.length === 0) continue;
    await page.click(tid('more-tools'));
    await until(page, 'the "More" menu', exists, tid('more-tools-menu'));
    // The menu lists what the bar hides as it opened (read together, in one go).
    const { listed, hiddenNow } = await page.evaluate(
      (s) => ({
        listed: [...document.querySelectorAll(`${s} [role="menuitem"]`)].map((e) => e.getAttribute('data-testid')),
        hiddenNow: [...document.querySelectorAll('header [data-overflowed]')].map((e) => `more-${e.getAttribute('data-testid')}`),
      }),
      tid('more-tools-menu'),
    );
    expect(listed).toEqual(hiddenNow);
    await page.click(tid('more-tools'));
    await until(page, 'the "More" menu closed', (s) => !document.querySelector(s), tid('more-tools-menu'));
  }
}

/** Runs the flow on `app` (served with `watch`); `fresh` opens a page in a new profile, with nothing saved. */
export async function smoke(app: RunningApp, first: SmokePage, fresh: () => Promise<SmokePage>): Promise<void> {
  await expectReportingPolicies(app);
  const baseUrl = app.url;
  const compressed = expectedAfterThreeSteps();
  await first.goto(baseUrl);
  for (const n of [1, 2, 3]) {
    await until(first, `Step enabled before turn ${n}`, exists, `${tid('step')}:enabled`);
    await first.click(tid('step'));
    await until(first, `turn ${n}`, exists, tid(`turn-${n}`));
  }
  await showsThreeTurns(first, compressed);
  await expectBarOnOneRow(first);
  const programs = await turnPrograms(first);
  expect(programs).toHaveLength(3);
  // Firefox and Safari round the clock to a millisecond: a duration says what it can know, never "0.00 ms".
  expect(await first.evaluate(() => (document.body.textContent ?? '').match(/\b0\.00 ms/g) ?? [], null)).toEqual([]);

  // Typed into Monaco (its own input handling, auto-closed brackets included), Ctrl+Enter to evaluate;
  // the REPL sees turn 1's definitions.
  const monaco = `${tid('repl-input')}[data-editor="monaco"] .monaco-editor`;
  await until(first, 'Monaco in the REPL', exists, monaco);
  await first.click(`${monaco} .view-lines`);
  await first.type(REPL_PROGRAM);
  await until(first, 'the typed program', ([s, t]) => document.querySelector(s)?.getAttribute('data-value') === t, [tid('repl-input'), REPL_PROGRAM]);
  await first.submit();
  await until(first, 'the REPL result', exists, tid('repl-output'));
  expect(await textOf(first, tid('repl-output'))).toBe('4');

  // Reloaded once the autosave holds the three turns: the session comes back from this profile.
  await expect.poll(() => first.evaluate(savedTurns, null), { timeout: TIMEOUT, interval: 100, message: 'waiting for the autosave' }).toBe(3);
  await first.reload();
  await showsThreeTurns(first, compressed);
  expect(await turnPrograms(first)).toEqual(programs);

  await until(first, 'Share enabled', exists, `${tid('share')}:enabled`);
  await first.click(tid('share'));
  await until(first, 'the share link', (s) => (document.querySelector<HTMLInputElement>(s)?.value ?? '').includes('#s='), tid('share-link'));
  const link = await first.evaluate((s) => document.querySelector<HTMLInputElement>(s)?.value ?? '', tid('share-link'));
  await first.click(tid('share-close'));

  const second = await fresh();
  await second.goto(baseUrl + link.slice(link.indexOf('#')));
  await showsThreeTurns(second, compressed);
  expect(await turnPrograms(second)).toEqual(programs);
  expect(await textOf(second, tid('notice-text'))).toMatch(/^Opened a shared session: Reviews and inventory\./);
}

/**
 * Starts a module worker that evaluates a string under the page's policy, and resolves with what it
 * said: "refused" when the browser applied the policy to the worker.
 */
function startViolatingWorker(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(path, { type: 'module' });
    worker.onmessage = (e: MessageEvent<string>) => {
      worker.terminate();
      resolve(e.data);
    };
    worker.onerror = () => reject(new Error('the worker failed to start'));
  });
}

/** Makes the page do, on purpose, what the watch must hear: violations in the page and in a worker, a console error. */
export async function provokeProblems(page: SmokePage): Promise<void> {
  expect(await page.evaluate(evalFromTimer, null)).toBe('EvalError');
  expect(await page.evaluate(startViolatingWorker, VIOLATING_WORKER_PATH)).toBe('refused');
  await page.evaluate((message) => console.error(message), 'a console error on purpose');
}

/**
 * Waits until the server has heard what provokeProblems did, and nothing else. `workerReports`: whether
 * this browser reports a worker's violations at all (WebKitGTK 2.50 reports none, by `report-uri` or
 * `report-to`, and fires no securitypolicyviolation event in the worker).
 */
export async function expectProblemsHeard(watch: ServerWatch, { workerReports }: { workerReports: boolean }): Promise<void> {
  const pageReport = expect.stringMatching(/^script-src\S* blocked eval in http:\/\/127\.0\.0\.1:\d+\/ /);
  const workerReport = expect.stringMatching(/^script-src\S* blocked eval in \S*__violating-worker\.js/);
  await expect
    .poll(() => ({ ...watch }), { timeout: TIMEOUT, interval: 100 })
    .toEqual({
      violations: workerReports ? [pageReport, workerReport] : [pageReport],
      pageErrors: [expect.stringMatching(/^CSP violation: script-src\S* blocked eval/), expect.stringMatching(/^console\.error: a console error on purpose/)],
    });
}
