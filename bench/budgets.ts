// npm run budgets: the playground's performance budgets, measured on the production build in Chromium.
//   (a) initial JavaScript, gzipped: the entry chunk and its static imports (what the page needs
//       before its first render), not the lazy chunks (Monaco, the tokenizer, the worker, examples);
//   (b) first render: navigation start → the Step button visible, median of several fresh loads;
//   (c) a mock-LLM Step on a 5-turn session: click → the new turn listed and the compressed USER
//       message the engine renders shown (and the next frame), median over every step of several runs;
//   (d) long sessions (./long-sessions.ts): open, Step and turn switch at 10, 100 and 1,000 turns and
//       with 10 MB of data, the DOM's size and the JS heaps of the page and of the engine's worker.
// Prints figures against their goals and exits 0 either way: these are measurements, not tests.
// `--long-only` measures (d) alone; `--long-rounds N` sets the Steps and switch rounds per case (5);
// `--long-cases 0,2` measures those cases only (0: 10 turns, 1: 100, 2: 1,000, 3: 10 MB of data).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { engineWith, exampleText, lastUserContent, stepEngine } from '../e2e/expected.ts';
import { openExample, waitForReady } from '../e2e/page.ts';
import { buildApp, serveApp } from '../e2e/server.ts';
import { longSessions, type LongFigures } from './long-sessions.ts';

const LOADS = numberArg('--loads', 7);
const STEP_RUNS = numberArg('--step-runs', 5);
const STEP_EXAMPLE = 'long-run-overflow';
const STEP_TURNS = 5;
const LONG_ONLY = process.argv.includes('--long-only');
const LONG_ROUNDS = numberArg('--long-rounds', 5);
const LONG_CASE_ARG = process.argv.indexOf('--long-cases');
const LONG_CASES_ONLY = LONG_CASE_ARG >= 0 ? (process.argv[LONG_CASE_ARG + 1] ?? '').split(',').map(Number).filter(Number.isInteger) : undefined;

function numberArg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const n = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

interface InitialJs {
  files: { file: string; bytes: number; gzip: number }[];
  gzip: number;
  lazy: string[];
}

/** The entry chunk and everything it imports statically, from Vite's manifest; sizes gzipped here. */
function initialJs(outDir: string): InitialJs {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('The build manifest has no index.html entry');
  const seen = new Set<string>();
  const visit = (key: string): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  visit(entryKey);
  const files = [...seen]
    .map((k) => manifest[k].file)
    .filter((f) => f.endsWith('.js'))
    .map((file) => {
      const bytes = readFileSync(join(outDir, file));
      return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    });
  // Everything else the build emitted (worker bundles are not in the manifest): loaded later or never.
  const lazy = readdirSync(join(outDir, 'assets'))
    .map((f) => `assets/${f}`)
    .filter((f) => f.endsWith('.js') && !files.some((x) => x.file === f));
  return { files, gzip: files.reduce((sum, f) => sum + f.gzip, 0), lazy };
}

/**
 * Waits until the expression holds in the page, asking every 20 ms. (page.waitForFunction with a
 * string compiles it in the page, which the page's Content-Security-Policy refuses.)
 */
async function pollPage(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`${expression}: still false after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

interface RenderMark {
  found: number;
  painted: number;
  /** JavaScript files the page had requested by then (resource timing). */
  scripts: string[];
  /** When the default example's USER message was shown. */
  session?: number;
}

// The scripts that run in the page are plain JavaScript source: tsx compiles this file keeping
// function names (through a helper that does not exist in the page), so no function is passed in.

/**
 * In the page, from its first script on: records when the Step button first takes up space (the first
 * render) and when the opened session's USER message is shown (the default example loaded).
 */
const WATCH_FIRST_RENDER = `
  (() => {
    const mark = {};
    const visible = (id) => {
      const el = document.querySelector('[data-testid="' + id + '"]');
      return el !== null && el.getBoundingClientRect().width > 0;
    };
    const observer = new MutationObserver(() => check());
    function check() {
      if (mark.found === undefined && visible('step')) {
        mark.found = performance.now();
        mark.scripts = performance.getEntriesByType('resource').map((e) => e.name).filter((u) => u.endsWith('.js'));
        requestAnimationFrame(() => { mark.painted = performance.now(); window.__ptcFirstRender = mark; });
      }
      if (mark.session === undefined && visible('compressed-user')) mark.session = performance.now();
      if (mark.found !== undefined && mark.session !== undefined) observer.disconnect();
    }
    observer.observe(document, { childList: true, subtree: true });
  })();
`;

interface LoadFigures {
  found: number[];
  painted: number[];
  session: number[];
  jsRequested: string[];
}

async function firstRender(browser: Browser, url: string): Promise<LoadFigures> {
  const found: number[] = [];
  const painted: number[] = [];
  const session: number[] = [];
  let jsRequested: string[] = [];
  // One load to warm the server and the disk cache, then fresh contexts (an empty HTTP cache each).
  for (let i = 0; i <= LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript({ content: WATCH_FIRST_RENDER });
    await page.goto(url);
    await pollPage(page, 'window.__ptcFirstRender !== undefined', 15_000);
    await pollPage(page, 'window.__ptcFirstRender.session !== undefined', 15_000);
    const mark = (await page.evaluate('window.__ptcFirstRender')) as RenderMark;
    if (i > 0) {
      session.push(mark.session ?? NaN);
      found.push(mark.found);
      painted.push(mark.painted);
      jsRequested = mark.scripts.map((u) => new URL(u).pathname.replace(/^\//, ''));
    }
    await context.close();
  }
  return { found, painted, session, jsRequested };
}

interface StepMark {
  updated: number;
  painted: number;
}

/**
 * In the page: clicks Step and resolves when turn-N is listed and the compressed USER message is the
 * one the engine renders after that turn (computed here; after the last turn it stays as it was).
 */
function timedStep(n: number, expectedUser: string): string {
  return `
    new Promise((resolve, reject) => {
      const q = (id) => document.querySelector('[data-testid="' + id + '"]');
      const expected = ${JSON.stringify(expectedUser)};
      const button = q('step');
      if (!button) { reject(new Error('no Step button')); return; }
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error('turn-${n} did not appear within 10 s')); }, 10000);
      const t0 = performance.now();
      const observer = new MutationObserver(() => {
        const user = q('compressed-user');
        if (!q('turn-${n}') || !user || user.textContent !== expected) return;
        const updated = performance.now() - t0;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolve({ updated, painted: performance.now() - t0 }));
      });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      button.click();
    })
  `;
}

async function stepTimes(browser: Browser, url: string): Promise<{ updated: number[]; painted: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const updated: number[] = [];
  const painted: number[] = [];
  try {
    await page.goto(url);
    await waitForReady(page);
    await openExample(page, STEP_EXAMPLE);
    // One warm-up run, then the measured ones; Reset between runs.
    for (let run = 0; run <= STEP_RUNS; run++) {
      if (run > 0) {
        await page.locator('[data-testid="reset"]').click();
        await page.locator('[data-testid="turn-1"]').waitFor({ state: 'detached' });
      }
      await page.locator('[data-testid="step"]:enabled').waitFor();
      const engine = engineWith(exampleText(STEP_EXAMPLE));
      for (let n = 1; n <= STEP_TURNS; n++) {
        await page.locator('[data-testid="step"]:enabled').waitFor();
        const expected = lastUserContent(stepEngine(engine).compressed);
        const mark = (await page.evaluate(timedStep(n, expected))) as StepMark;
        if (run > 0) {
          updated.push(mark.updated);
          painted.push(mark.painted);
        }
      }
    }
  } finally {
    await context.close();
  }
  return { updated, painted };
}

interface Row {
  figure: string;
  value: string;
  goal: string;
  met: boolean | null;
}

function printTable(rows: Row[]): void {
  const cells = rows.map((r) => [r.figure, r.value, r.goal, r.met === null ? (r.goal === '' ? '' : 'n/a') : r.met ? 'met' : 'MISSED']);
  const head = ['figure', 'measured', 'goal', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 1 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 1 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/** The long-session figures: one row per case, medians (and the slowest) in ms, sizes in MB. */
function printLong(figures: readonly LongFigures[]): void {
  const head = ['session', 'file', 'open', 'Step (median / max)', 'turn switch (median / max)', 'DOM nodes', 'turn cards in DOM', 'page heap', 'worker heap'];
  const mb = (x: number | null) => (x === null ? 'n/a' : `${x.toFixed(1)} MB`);
  const mm = (xs: readonly number[]) => (xs.length === 0 ? 'n/a' : `${ms(median(xs))} / ${ms(Math.max(...xs))}`);
  const cells = figures.map((f) => [
    f.name,
    mb(f.fileMB),
    ms(f.openMs),
    mm(f.stepMs),
    mm(f.switchMs),
    String(f.domNodes),
    String(f.turnCards),
    mb(f.pageHeapMB),
    mb(f.workerHeapMB),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 0 ? x.padEnd(widths[i]) : x.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

async function main(): Promise<void> {
  const rows: Row[] = [];
  let long: LongFigures[] = [];
  console.log('Building the app (production, with a manifest)…');
  const outDir = await buildApp({ manifest: true });
  const app = await serveApp(outDir, { removeOnClose: true });
  let browser: Browser | undefined;
  try {
    const js = initialJs(outDir);
    console.log(`\nInitial JavaScript (entry + static imports), gzip -9:`);
    for (const f of js.files) console.log(`  ${f.file}  ${kb(f.bytes)} raw, ${kb(f.gzip)} gzipped`);
    console.log(`Lazy chunks (not counted): ${js.lazy.length} — ${js.lazy.join(', ')}`);
    rows.push({ figure: '(a) initial JS before Monaco, gzipped', value: kb(js.gzip), goal: '< 250 KB', met: js.gzip < 250 * 1024 });

    browser = await launchChromium();
    if (LONG_ONLY) {
      console.log(`\nLong sessions (${LONG_ROUNDS} Steps and switch rounds each):`);
      const long = await longSessions(browser, app.url, LONG_ROUNDS, (l) => console.log(l), LONG_CASES_ONLY);
      console.log('');
      printLong(long);
      return;
    }
    try {
      const loads = await firstRender(browser, app.url);
      console.log(`\nFirst render over ${LOADS} fresh loads (ms): ${loads.painted.map((x) => x.toFixed(0)).join(', ')}`);
      console.log(`Scripts requested before the first render (last load): ${loads.jsRequested.join(', ')}`);
      const m = median(loads.painted);
      rows.push({ figure: `(b) first render, median of ${LOADS}`, value: ms(m), goal: '< 1500 ms', met: m < 1500 });
      rows.push({ figure: '(b) the default session shown', value: ms(median(loads.session)), goal: '', met: null });
    } catch (e) {
      console.log(`\nFirst render could not be measured: ${e instanceof Error ? e.message : String(e)}`);
      rows.push({ figure: '(b) first render', value: 'n/a', goal: '< 1500 ms', met: null });
    }

    try {
      const steps = await stepTimes(browser, app.url);
      console.log(
        `\nStep on ${STEP_EXAMPLE} (${STEP_TURNS} turns × ${STEP_RUNS} runs), click → next frame (ms): ${steps.painted.map((x) => x.toFixed(0)).join(', ')}`,
      );
      const m = median(steps.painted);
      rows.push({ figure: `(c) Step, click → panels updated (DOM)`, value: ms(median(steps.updated)), goal: '', met: null });
      rows.push({ figure: `(c) Step, click → next frame, median of ${steps.painted.length}`, value: ms(m), goal: '< 100 ms', met: m < 100 });
    } catch (e) {
      console.log(`\nStep could not be measured: ${e instanceof Error ? e.message : String(e)}`);
      rows.push({ figure: '(c) Step on a 5-turn session', value: 'n/a', goal: '< 100 ms', met: null });
    }
    console.log(`\n(d) Long sessions (${LONG_ROUNDS} Steps and switch rounds each):`);
    long = await longSessions(browser, app.url, LONG_ROUNDS, (l) => console.log(l), LONG_CASES_ONLY);
  } finally {
    await browser?.close();
    await app.close();
  }
  console.log('');
  printTable(rows);
  if (long.length > 0) {
    console.log('');
    printLong(long);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  // Figures, not assertions: a failure to measure is reported, the exit code stays 0.
  process.exitCode = 0;
});
