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
  page.on('worker', (worker) => workers.push(worker.url()));
  await page.goto(baseUrl);
  return { context, page, errors, requests, workers, close: () => context.close() };
}

/** The value of an element's data-testid selector. */
export function tid(id: string): string {
  return `[data-testid="${id}"]`;
}
