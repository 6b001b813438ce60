// Long sessions in Chromium, for `npm run budgets`: open, Step and turn switch on
// single-user-coalesced sessions of 10, 100 and 1,000 turns recorded with the mock LLM (a tool call
// and println output per turn) and on one with 10 MB of data; the DOM's size and the JS heaps of the
// page and of the engine's worker. Figures only: nothing here is a test.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { engineWith, lastUserContent } from '../e2e/expected.ts';
import { longSessionText } from '../e2e/long-session.ts';
import { waitForReady } from '../e2e/page.ts';

export interface LongCase {
  name: string;
  turns: number;
  dataChars: number;
}

export const LONG_CASES: readonly LongCase[] = [
  { name: '10 turns', turns: 10, dataChars: 0 },
  { name: '100 turns', turns: 100, dataChars: 0 },
  { name: '1,000 turns', turns: 1000, dataChars: 0 },
  { name: '10 turns, 10 MB data', turns: 10, dataChars: 10_000_000 },
];

export interface LongFigures {
  name: string;
  fileMB: number;
  openMs: number;
  stepMs: number[];
  switchMs: number[];
  domNodes: number;
  turnCards: number;
  pageHeapMB: number | null;
  workerHeapMB: number | null;
}

/**
 * In the page: resolves (with ms since `t0`, at the next frame) when `done()` holds, checked on every
 * DOM change. `done` is JavaScript source over `q(id)`, the element with that data-testid. With
 * `click` (a CSS selector), t0 is now and that element is clicked in the page: a click from the test
 * process would count its own checks (the element in view and still for two frames) as the page's time.
 */
function waitInPage(done: string, what: string, click?: string): string {
  return `
    new Promise((resolve, reject) => {
      const q = (id) => document.querySelector('[data-testid="' + id + '"]');
      const t0 = ${click !== undefined ? 'performance.now()' : 'window.__ptcT0'};
      const check = () => { try { return (${done}); } catch { return false; } };
      const finish = () => { observer.disconnect(); clearTimeout(timer); requestAnimationFrame(() => resolve(performance.now() - t0)); };
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error(${JSON.stringify(`${what} did not happen within 60 s`)})); }, 60000);
      const observer = new MutationObserver(() => { if (check()) finish(); });
      observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
      ${click !== undefined ? `document.querySelector(${JSON.stringify(click)}).click();` : 'if (check()) finish();'}
    })
  `;
}

const MB = 1024 * 1024;

/**
 * The engine worker's JS heap after a garbage collection, through the browser's CDP session (attached
 * to each engine worker target): the largest, since a spare worker (loaded ahead of a restart) holds only a copy opened
 * from the checkpoint, or nothing.
 */
async function workerHeap(cdp: CDPSession): Promise<number | null> {
  const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const heaps = await Promise.all(targetInfos.filter((t) => t.type === 'worker' && /engine/.test(t.url)).map((t) => targetHeap(cdp, t.targetId)));
  const known = heaps.filter((h): h is number => h !== null);
  return known.length > 0 ? Math.max(...known) : null;
}

async function targetHeap(cdp: CDPSession, targetId: string): Promise<number | null> {
  const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId, flatten: false })) as { sessionId: string };
  try {
    const answer = new Promise<number | null>((resolve) => {
      const listener = (e: { sessionId: string; message: string }) => {
        if (e.sessionId !== sessionId) return;
        const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number } };
        if (m.id !== 1) return;
        cdp.off('Target.receivedMessageFromTarget', listener);
        resolve(m.result ? m.result.usedSize : null);
      };
      cdp.on('Target.receivedMessageFromTarget', listener);
      setTimeout(() => resolve(null), 5000);
    });
    // Collected first, as the page's heap is: what stays alive, not what garbage happens to be left.
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 0, method: 'HeapProfiler.collectGarbage' }) });
    await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: 1, method: 'Runtime.getHeapUsage' }) });
    return await answer;
  } finally {
    await cdp.send('Target.detachFromTarget', { sessionId }).catch(() => undefined);
  }
}

async function pageHeap(page: Page): Promise<number | null> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage').catch(() => undefined);
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    return usedSize;
  } finally {
    await cdp.detach();
  }
}

/** The compressed USER message the page should show for turn `selected` (undefined: the next). */
function expectedUser(text: string, selected: number | undefined, steps = 0): string {
  const engine = engineWith(text);
  for (let i = 0; i < steps; i++) engine.stepTurn();
  return lastUserContent(engine.view(selected !== undefined ? { selected } : {}).compressed);
}

async function measureCase(browser: Browser, url: string, c: LongCase, file: string, text: string, rounds: number): Promise<LongFigures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const cdp = await browser.newBrowserCDPSession();
  try {
    await page.goto(url);
    await waitForReady(page);
    // Monaco loads lazily after the first render: once it has, so an open always pays its editors.
    await page
      .locator('[data-editor="monaco"]')
      .first()
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    await page.waitForTimeout(500);
    // Open: the file chosen → its turns counted in the list and the next turn's USER message shown.
    const nextUser = expectedUser(text, undefined);
    await page.evaluate('window.__ptcT0 = performance.now()');
    await page.locator('[data-testid="open-file"]').setInputFiles(file);
    const openMs = (await page.evaluate(
      waitInPage(
        `q('turn-list').textContent.includes('(${c.turns} of') && q('compressed-user') && q('compressed-user').textContent === ${JSON.stringify(nextUser)} && q('step') && !q('step').disabled`,
        'open',
      ),
    )) as number;

    // Turn switches between the last turns (in view: the list follows the run to its end).
    const targets = [c.turns - 1, c.turns, c.turns - 2, c.turns];
    const expected = new Map(targets.map((n) => [n, expectedUser(text, n)]));
    const switchMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const n of targets) {
        const card = page.locator(`[data-testid="turn-${n}"]`);
        await card.waitFor();
        if ((await card.getAttribute('data-selected')) === 'true') continue;
        switchMs.push(
          (await page.evaluate(
            waitInPage(
              `q('turn-${n}') && q('turn-${n}').getAttribute('data-selected') === 'true' && q('compressed-user').textContent === ${JSON.stringify(expected.get(n))}`,
              `switch to turn ${n}`,
              `[data-testid="turn-${n}"] button`,
            ),
          )) as number,
        );
      }
    }
    // Back to the next turn, then Steps.
    await page.locator('[data-testid="turn-next"]').click();
    await page.locator('[data-testid="turn-next"][data-selected="true"]').waitFor();
    const stepMs: number[] = [];
    for (let s = 1; s <= rounds; s++) {
      const n = c.turns + s;
      const want = expectedUser(text, undefined, s);
      await page.locator('[data-testid="step"]:enabled').waitFor();
      stepMs.push(
        (await page.evaluate(
          waitInPage(`q('turn-${n}') && q('compressed-user').textContent === ${JSON.stringify(want)}`, `step to turn ${n}`, '[data-testid="step"]'),
        )) as number,
      );
    }
    const dom = (await page.evaluate(
      `({ nodes: document.getElementsByTagName('*').length, cards: document.querySelectorAll('[data-testid^="turn-"][data-selected]').length })`,
    )) as { nodes: number; cards: number };
    const pageBytes = await pageHeap(page);
    const workerBytes = await workerHeap(cdp).catch(() => null);
    return {
      name: c.name,
      fileMB: text.length / MB,
      openMs,
      stepMs,
      switchMs,
      domNodes: dom.nodes,
      turnCards: dom.cards,
      pageHeapMB: pageBytes === null ? null : pageBytes / MB,
      workerHeapMB: workerBytes === null ? null : workerBytes / MB,
    };
  } finally {
    await cdp.detach().catch(() => undefined);
    await context.close();
  }
}

/** Every case, each in a fresh page; a case that cannot be measured is reported and skipped. */
export async function longSessions(
  browser: Browser,
  url: string,
  rounds: number,
  log: (line: string) => void,
  only?: readonly number[],
): Promise<LongFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ptc-long-'));
  const out: LongFigures[] = [];
  try {
    for (const [i, c] of LONG_CASES.entries()) {
      if (only !== undefined && !only.includes(i)) continue;
      const t = Date.now();
      const text = longSessionText({ turns: c.turns, dataChars: c.dataChars, maxTurns: c.turns + rounds + 5 });
      const file = join(dir, `${c.turns}-${c.dataChars}.json`);
      writeFileSync(file, text);
      log(`  ${c.name}: session file ${(text.length / MB).toFixed(2)} MB, recorded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      try {
        out.push(await measureCase(browser, url, c, file, text, rounds));
      } catch (e) {
        log(`  ${c.name}: could not be measured: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
