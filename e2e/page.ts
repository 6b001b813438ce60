// A page of the playground under watch: console errors, uncaught exceptions, every request (so a
// test can assert nothing leaves 127.0.0.1) and the workers the page starts.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';

export interface WatchedPage {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught exceptions, in order. */
  errors: string[];
  /** Every URL requested by the page and its workers. */
  requests: string[];
  /** URLs of the workers the page started. */
  workers: string[];
  close(): Promise<void>;
}

/** True for a URL served by the local preview server (or one that needs no network at all). */
export function isLocal(url: string): boolean {
  if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return true;
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

export async function openPlayground(browser: Browser, baseUrl: string, options: BrowserContextOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  // Every Content-Security-Policy violation of the document becomes a console error, so closeClean
  // fails on one in any test (the server sends the policy to all of them).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  const workers: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}${message.location().url ? ` (${message.location().url})` : ''}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  // The context sees the requests of the page and of its dedicated workers.
  context.on('request', (request) => requests.push(request.url()));
  page.on('worker', (worker) => {
    workers.push(worker.url());
    // A worker's refusals ("Refused to evaluate…") are errors in its own console.
    worker.on('console', (message) => {
      if (message.type() === 'error') errors.push(`worker console.error: ${message.text()} (${worker.url()})`);
    });
  });
  await page.goto(withoutGuide(baseUrl));
  return { context, page, errors, requests, workers, close: () => context.close() };
}

/** Whether the top bar hides a tool's button at this width (its "More" menu then offers it). */
export function toolHidden(page: Page, testId: string): Promise<boolean> {
  return page.locator(tid(testId)).evaluate((e) => e.hasAttribute('data-overflowed'));
}

/**
 * Presses a top-bar tool as a person does: its button where the bar shows it, else its entry in the
 * "More" menu. Resolves with the test id of the control the focus comes back to when the tool closes.
 */
export async function pressTool(page: Page, testId: string): Promise<string> {
  // What the bar hides depends on what the status says: read it once the engine is idle.
  await page.locator(tid('busy')).waitFor({ state: 'detached' });
  if (!(await toolHidden(page, testId))) {
    await page.locator(`${tid(testId)}:enabled`).click();
    return testId;
  }
  await page.locator(tid('more-tools')).click();
  await page.locator(`${tid(`more-${testId}`)}:enabled`).click();
  return 'more-tools';
}

/** The address with ?tour=off: the first visit's guide stays away, so every test sees the same layout. */
export function withoutGuide(url: string): string {
  const u = new URL(url);
  u.searchParams.set('tour', 'off');
  return u.toString();
}

/** The value of an element's data-testid selector. */
export function tid(id: string): string {
  return `[data-testid="${id}"]`;
}

/** Waits until a session is open and Step can be pressed (the default example opens on load). */
export async function waitForReady(page: Page, timeout = 20_000): Promise<void> {
  await page.locator(`${tid('step')}:enabled`).waitFor({ timeout });
  await page.locator(tid('compressed-user')).waitFor({ timeout });
}

/** Opens a bundled example (examples/NAME.json) from the menu and waits until the page shows it. */
export async function openExample(page: Page, name: string): Promise<void> {
  const menu = page.locator(tid('examples-menu'));
  const option = menu.locator(`option[value$="/${name}.json"]`);
  await option.waitFor({ state: 'attached' });
  const value = await option.getAttribute('value');
  if (value === null) throw new Error(`the examples menu has no ${name}`);
  if ((await menu.inputValue()) === value) throw new Error(`${name} is already open; open another example first`);
  await menu.selectOption(value);
  // The menu shows the open session's example once the engine has opened it.
  await page.waitForFunction(([selector, v]) => (document.querySelector(selector) as HTMLSelectElement | null)?.value === v, [
    tid('examples-menu'),
    value,
  ] as const);
}

/** A number shown with thousands separators ("13,800"); NaN while it is loading ("…"). */
export function parseCount(text: string | null): number {
  const digits = (text ?? '').replace(/[,\s]/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : NaN;
}

/** Closes the page and fails when it logged an error or fetched anything but the local server. */
export async function closeClean(w: WatchedPage): Promise<void> {
  const errors = [...w.errors];
  const foreign = w.requests.filter((u) => !isLocal(u));
  await w.close();
  if (errors.length > 0 || foreign.length > 0) {
    throw new Error(`the page was not clean:\n${[...errors, ...foreign.map((u) => `request left 127.0.0.1: ${u}`)].join('\n')}`);
  }
}

/**
 * Whether a session text saved in this browser (IndexedDB, the app's store) holds `marker`, and, with
 * `turns`, whether that save recorded that many turns (a session's text and its record are written in
 * one transaction and read here in one).
 */
export function savedSessionHolds(page: Page, marker: string, turns?: number): Promise<boolean> {
  return page.evaluate(
    ([m, n]) =>
      new Promise<boolean>((resolve) => {
        const req = indexedDB.open('ptc-playground');
        req.onerror = () => resolve(false);
        req.onsuccess = () => {
          const db = req.result;
          const store = db.transaction('sessions', 'readonly').objectStore('sessions');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onerror = () => resolve(false);
          values.onsuccess = () => {
            db.close();
            const byKey = new Map(keys.result.map((k, i) => [String(k), values.result[i] as unknown]));
            resolve(
              [...byKey].some(([key, v]) => {
                if (!key.startsWith('text:') || typeof v !== 'string' || !v.includes(m)) return false;
                const meta = byKey.get(`meta:${key.slice('text:'.length)}`) as { turns?: number } | undefined;
                return n === null || meta?.turns === n;
              }),
            );
          };
        };
      }),
    [marker, turns ?? null] as const,
  );
}
