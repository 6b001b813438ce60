// Firefox driven by puppeteer-core over WebDriver BiDi (Playwright drives only its own patched
// Firefox builds, not Debian's ESR). puppeteer-core never downloads a browser: it starts the one found.
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import type { FirefoxFound } from './other-browsers.ts';
import type { SmokePage } from './smoke-flow.ts';

export function launchFirefox(found: FirefoxFound): Promise<Browser> {
  // A new temporary profile each launch, removed on close.
  return puppeteer.launch({ browser: 'firefox', executablePath: found.firefox, headless: true, defaultViewport: { width: 1440, height: 900 } });
}

export interface FirefoxPage extends SmokePage {
  page: Page;
  /** console.error messages and uncaught exceptions the driver saw, in order. */
  errors: string[];
}

/** A page in `context`, its console errors collected. */
export async function firefoxPage(context: BrowserContext): Promise<FirefoxPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  return {
    page,
    errors,
    goto: async (url) => {
      await page.goto(url);
    },
    reload: async () => {
      await page.reload();
    },
    // puppeteer types the argument as it crosses (handles flattened); here it is plain data.
    evaluate: <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg) as Promise<R>,
    click: (selector) => page.click(selector),
    type: (text) => page.keyboard.type(text),
    submit: async () => {
      await page.keyboard.down('Control');
      await page.keyboard.press('Enter');
      await page.keyboard.up('Control');
    },
    resize: (width, height) => page.setViewport({ width, height }),
  };
}
