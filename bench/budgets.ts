// npm run budgets: the playground's performance budgets, measured on the production build in Chromium.
//   (a) initial JavaScript, gzipped: the entry chunk and its static imports (what the page needs
//       before its first render), not the lazy chunks (Monaco, the tokenizer, the worker, examples);
//   (b) first render: navigation start → the Step button visible, median of several fresh loads;
//   (c) a mock-LLM Step on a 5-turn session: click → the new turn listed and the compressed USER
//       message updated (and the next frame), median over every step of several runs.
// Prints figures against their goals and exits 0 either way: these are measurements, not tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { buildApp, serveApp } from '../e2e/server.ts';

const LOADS = numberArg('--loads', 7);
const STEP_RUNS = numberArg('--step-runs', 5);
const STEP_EXAMPLE = 'long-run-overflow';
const STEP_TURNS = 5;

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

interface RenderMark {
  found: number;
  painted: number;
}

/** In the page, from its first script on: the time the Step button first takes up space. */
function watchFirstRender(): void {
  const w = window as unknown as { __ptcFirstRender?: RenderMark };
  const observer = new MutationObserver(() => check());
  const check = (): void => {
    const el = document.querySelector('[data-testid="step"]');
    if (!el || el.getBoundingClientRect().width === 0) return;
    observer.disconnect();
    const found = performance.now();
    requestAnimationFrame(() => {
      w.__ptcFirstRender = { found, painted: performance.now() };
    });
  };
  observer.observe(document, { childList: true, subtree: true });
}

interface LoadFigures {
  found: number[];
  painted: number[];
  jsRequested: string[];
}

async function firstRender(browser: Browser, url: string): Promise<LoadFigures> {
  const found: number[] = [];
  const painted: number[] = [];
  let jsRequested: string[] = [];
  // One load to warm the server and the disk cache, then fresh contexts (an empty HTTP cache each).
  for (let i = 0; i <= LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const requested: string[] = [];
    let rendered = false;
    page.on('request', (r) => {
      if (!rendered && r.resourceType() === 'script') requested.push(new URL(r.url()).pathname.replace(/^\//, ''));
    });
    await page.addInitScript(watchFirstRender);
    await page.goto(url);
    const mark = (await (await page.waitForFunction(() => (window as unknown as { __ptcFirstRender?: RenderMark }).__ptcFirstRender, undefined, { timeout: 15_000 })).jsonValue()) as RenderMark;
    rendered = true;
    if (i > 0) {
      found.push(mark.found);
      painted.push(mark.painted);
      jsRequested = requested;
    }
    await context.close();
  }
  return { found, painted, jsRequested };
}

interface StepMark {
  updated: number;
  painted: number;
}

/** In the page: clicks Step and resolves when turn-N is listed and the compressed USER message changed. */
function timedStep(n: number): Promise<StepMark> {
  const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
  const before = q('compressed-user')?.textContent ?? null;
  const button = q('step') as HTMLButtonElement | null;
  if (!button) return Promise.reject(new Error('no Step button'));
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`turn-${n} did not appear within 10 s`));
    }, 10_000);
    const check = (): void => {
      const user = q('compressed-user');
      if (!q(`turn-${n}`) || !user || user.textContent === before) return;
      const updated = performance.now() - t0;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve({ updated, painted: performance.now() - t0 }));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    button.click();
  });
}

async function openExample(page: Page, name: string): Promise<void> {
  const menu = page.locator('[data-testid="examples-menu"]');
  const value = await menu.evaluate((el, file) => [...(el as HTMLSelectElement).options].find((o) => o.value.endsWith(`/${file}.json`))?.value ?? null, name);
  if (!value) throw new Error(`the examples menu has no ${name}`);
  await menu.selectOption(value);
  await page.waitForFunction((v) => (document.querySelector('[data-testid="examples-menu"]') as HTMLSelectElement | null)?.value === v, value);
}

async function stepTimes(browser: Browser, url: string): Promise<{ updated: number[]; painted: number[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const updated: number[] = [];
  const painted: number[] = [];
  try {
    await page.goto(url);
    await page.locator('[data-testid="step"]:enabled').waitFor({ timeout: 15_000 });
    await openExample(page, STEP_EXAMPLE);
    // One warm-up run, then the measured ones; Reset between runs.
    for (let run = 0; run <= STEP_RUNS; run++) {
      if (run > 0) {
        await page.locator('[data-testid="reset"]').click();
        await page.locator('[data-testid="turn-1"]').waitFor({ state: 'detached' });
      }
      await page.locator('[data-testid="step"]:enabled').waitFor();
      for (let n = 1; n <= STEP_TURNS; n++) {
        await page.locator('[data-testid="step"]:enabled').waitFor();
        const mark = await page.evaluate(timedStep, n);
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
  const cells = rows.map((r) => [r.figure, r.value, r.goal, r.met === null ? 'n/a' : r.met ? 'met' : 'MISSED']);
  const head = ['figure', 'measured', 'goal', 'status'];
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => `| ${c.map((x, i) => (i === 1 ? x.padStart(widths[i]) : x.padEnd(widths[i]))).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 1 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;

async function main(): Promise<void> {
  const rows: Row[] = [];
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
    try {
      const loads = await firstRender(browser, app.url);
      console.log(`\nFirst render over ${LOADS} fresh loads (ms): ${loads.painted.map((x) => x.toFixed(0)).join(', ')}`);
      console.log(`Scripts the browser fetched before the first render: ${loads.jsRequested.join(', ')}`);
      const m = median(loads.painted);
      rows.push({ figure: `(b) first render, median of ${LOADS}`, value: ms(m), goal: '< 1500 ms', met: m < 1500 });
    } catch (e) {
      console.log(`\nFirst render could not be measured: ${e instanceof Error ? e.message : String(e)}`);
      rows.push({ figure: '(b) first render', value: 'n/a', goal: '< 1500 ms', met: null });
    }

    try {
      const steps = await stepTimes(browser, app.url);
      console.log(`\nStep on ${STEP_EXAMPLE} (${STEP_TURNS} turns × ${STEP_RUNS} runs), click → next frame (ms): ${steps.painted.map((x) => x.toFixed(0)).join(', ')}`);
      const m = median(steps.painted);
      rows.push({ figure: `(c) Step, click → panels updated (DOM)`, value: ms(median(steps.updated)), goal: '', met: null });
      rows.push({ figure: `(c) Step, click → next frame, median of ${steps.painted.length}`, value: ms(m), goal: '< 100 ms', met: m < 100 });
    } catch (e) {
      console.log(`\nStep could not be measured: ${e instanceof Error ? e.message : String(e)}`);
      rows.push({ figure: '(c) Step on a 5-turn session', value: 'n/a', goal: '< 100 ms', met: null });
    }
  } finally {
    await browser?.close();
    await app.close();
  }
  console.log('');
  printTable(rows);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
  // Figures, not assertions: a failure to measure is reported, the exit code stays 0.
  process.exitCode = 0;
});
