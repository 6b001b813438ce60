// Accessibility of the main views, light and dark, checked by axe-core: no violation of impact
// serious or critical (contrast, names, landmarks, keyboard-reachable scroll panes…).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { setEditor } from './editor.ts';
import { closeClean, openExample, openPlayground, pressTool, tid, waitForReady } from './page.ts';
import { findingsInBothSchemes, otherScheme, type Scheme } from './scheme.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

type View = [name: string, reach: (page: Page) => Promise<void>];

const VIEWS: View[] = [
  ['loaded', async () => {}],
  [
    'stepped',
    async (page) => {
      await openExample(page, 'products-exploration');
      for (let i = 1; i <= 2; i++) {
        await page.locator(`${tid('step')}:enabled`).click();
        await page.locator(tid(`turn-${i}`)).waitFor();
      }
    },
  ],
  [
    // A selected turn has its own colours (while a run goes on, none is selected).
    'a turn selected',
    async (page) => {
      await page.locator(tid('turn-1')).click();
      await page.locator(`${tid('turn-1')}[data-selected="true"]`).waitFor();
    },
  ],
  [
    'full history',
    async (page) =>
      page
        .locator(tid('strategy-select'))
        .selectOption('full-history')
        .then(() => undefined),
  ],
  [
    'REPL',
    async (page) => {
      await page.locator(tid('strategy-select')).selectOption('single-user-coalesced');
      await setEditor(page, 'repl-input', '(count data/products)');
      await page.locator(`${tid('repl-eval')}:enabled`).click();
      await page.locator(tid('repl-output')).waitFor();
    },
  ],
  [
    'Request tab',
    async (page) => {
      await page.locator(tid('tab-request')).click();
      // Its view loads on first use.
      await page.locator(tid('request-view')).waitFor();
    },
  ],
  [
    'Prices dialog',
    async (page) => {
      await pressTool(page, 'prices-button');
      await page.locator(tid('prices-dialog')).waitFor();
    },
  ],
  [
    'Share dialog',
    async (page) => {
      await page.locator(tid('prices-close')).click();
      await page.locator(tid('prices-dialog')).waitFor({ state: 'detached' });
      await page.locator(`${tid('share')}:enabled`).click();
      await page.locator(tid('share-dialog')).waitFor();
    },
  ],
  [
    'LLM panel, OpenAI-compatible',
    async (page) => {
      await page.locator(tid('share-close')).first().click();
      await page.locator(tid('share-dialog')).waitFor({ state: 'detached' });
      await page.locator(tid('llm-provider')).selectOption('openai');
      await page.locator(tid('llm-base-url')).waitFor();
    },
  ],
];

describe('axe-core on the main views', () => {
  // One page, opened dark: at each view axe runs in the scheme the page shows, then in the other
  // (see scheme.ts), so every view is checked in both schemes and the page switches once per view.
  it('finds nothing serious or critical, light and dark', async () => {
    const w = await openPlayground(browser, inject('baseUrl'), { colorScheme: 'dark' });
    const found: string[] = [];
    let scheme: Scheme = 'dark';
    try {
      await waitForReady(w.page);
      for (const [name, reach] of VIEWS) {
        await reach(w.page);
        await w.page.waitForTimeout(200);
        const report = await findingsInBothSchemes(w.page, scheme);
        scheme = otherScheme(scheme);
        if (report !== '') found.push(`${name}:\n${report}`);
      }
      console.log(`axe: ${found.length} of ${VIEWS.length} views with serious or critical violations, light and dark`);
      expect(found.join('\n\n')).toBe('');
    } finally {
      await closeClean(w);
    }
  });
});
