// Benchmark: what a first page load costs the browser, in CPU seconds of all Chromium's processes
// (page, engine worker, Monaco's workers, GPU and browser processes), from a new context to the page
// ready with its editors drawn and quiet again. The end-to-end tests load the page about 60 times a
// run, so this is a large share of their CPU; users feel it as the time to a usable page.
// Loads the production build as is and with `?editor=plain` (or the given variants of the address),
// alternating; prints medians.
// usage: npm run bench:page -- [--loads N] [--dist folder] [--variants "|?editor=plain"]
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { openPlayground, tid, waitForReady } from '../e2e/page.ts';
import { buildApp, serveApp } from '../e2e/server.ts';

const arg = (name: string): string | undefined => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const LOADS = Number(arg('--loads') ?? 7);
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user + system) used so far by each process whose command line names Chromium. */
function chromiumCpuSeconds(): Map<string, number> {
  const seconds = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!/chrom|headless_shell/i.test(cmd)) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND); // utime, stime
    } catch {
      // the process ended between the listing and the read
    }
  }
  return seconds;
}

/** The CPU used between two readings by the processes alive at the second (a closing page's may end). */
function cpuBetween(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Waits until every editor of the page is drawn, then until the page has been idle for a while. */
async function settled(page: Page, monaco: boolean): Promise<void> {
  await waitForReady(page);
  if (monaco) {
    await page.waitForFunction(() => {
      const editors = [...document.querySelectorAll('[data-editor="monaco"]')];
      return editors.length > 0 && editors.every((e) => e.querySelector('.view-lines') !== null);
    });
  }
  await page.locator(tid('compressed-user')).waitFor();
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1500)));
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

const dist = arg('--dist');
const app = await serveApp(dist ?? (await buildApp()), { removeOnClose: dist === undefined });
const browser = await launchChromium();
// Each variant is a query added to the address (`--variants "|?editor=plain|?x=1"`).
const VARIANTS = (arg('--variants') ?? '|?editor=plain').split('|');
const cpu: Record<string, number[]> = Object.fromEntries(VARIANTS.map((v) => [v, []]));
const wall: Record<string, number[]> = Object.fromEntries(VARIANTS.map((v) => [v, []]));
try {
  for (let i = 0; i < LOADS + 1; i++) {
    for (const kind of VARIANTS) {
      const c0 = chromiumCpuSeconds();
      const t0 = performance.now();
      const watched = await openPlayground(browser, `${app.url}${kind}`);
      await settled(watched.page, !kind.includes('editor=plain'));
      // The idle wait is not the load's: count the CPU, not that wait's wall time.
      const t1 = performance.now() - 1500;
      const c1 = chromiumCpuSeconds();
      await watched.close();
      if (watched.errors.length > 0) throw new Error(watched.errors.join('\n'));
      if (i === 0) continue; // the first load warms the browser and the server
      cpu[kind].push(cpuBetween(c0, c1));
      wall[kind].push((t1 - t0) / 1000);
    }
  }
} finally {
  await browser.close();
  await app.close();
}
for (const kind of VARIANTS) {
  console.log(
    `${(kind || '(as is)').padEnd(16)} CPU ${median(cpu[kind]).toFixed(2)} s (of ${cpu[kind].map((x) => x.toFixed(2)).join(' ')}), ready in ${median(wall[kind]).toFixed(2)} s`,
  );
}
