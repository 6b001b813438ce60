// The production build loads in Chromium: the title, no errors, the engine in a worker, and no
// request to anywhere but the local server.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { isLocal, openPlayground } from './page.ts';

describe('the playground loads', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows "PTC Playground", starts the engine worker, logs no error and stays on 127.0.0.1', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    try {
      expect(await w.page.title()).toBe('PTC Playground');
      await w.page.getByText('PTC Playground').first().waitFor();
      // The engine worker starts with the page.
      await expect.poll(() => w.workers.some((u) => /engine\.worker/.test(u)), { timeout: 10_000 }).toBe(true);
      await w.page.waitForLoadState('networkidle');
      expect(w.errors).toEqual([]);
      expect(w.requests.length).toBeGreaterThan(0);
      expect(w.requests.filter((u) => !isLocal(u))).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
