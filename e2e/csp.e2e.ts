// The Content Security Policy of the built app (vite.config.ts): the preview server sends it, the page
// cannot evaluate strings or run inline scripts, the engine worker alone may compile to JavaScript,
// and the main flows cause no violation at all.
import type { Browser, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ENGINE_WORKER_CSP, PAGE_CSP } from '../vite.config.ts';
import { launchChromium } from './browser.ts';
import { setEditor } from './editor.ts';
import { closeClean, openExample, openPlayground, pressTool, tid, waitForReady, type WatchedPage } from './page.ts';
import { evalFromTimer } from './csp-probes.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

declare global {
  interface Window {
    __violations?: string[];
  }
}

/** Opens the playground with the document's violations collected in window.__violations. */
async function open(): Promise<WatchedPage> {
  // openPlayground goes to the page at once: start blank, add the collector, then load.
  const w = await openPlayground(browser, 'about:blank');
  await w.context.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations?.push(`${e.effectiveDirective}: ${e.blockedURI}`));
  });
  await w.page.goto(inject('baseUrl'));
  await waitForReady(w.page);
  return w;
}

const TRY_FUNCTION = () =>
  new Promise<string>((resolve) =>
    setTimeout(() => {
      try {
        resolve(String(new Function('return 1 + 1')()));
      } catch (e) {
        resolve((e as Error).name);
      }
    }, 0),
  );

const violations = (page: Page) => page.evaluate(() => window.__violations ?? []);

async function engineWorker(w: WatchedPage): Promise<Worker> {
  await expect.poll(() => w.page.workers().some((x) => /engine\.worker/.test(x.url())), { timeout: 10_000 }).toBe(true);
  const found = w.page.workers().find((x) => /engine\.worker/.test(x.url()));
  if (!found) throw new Error('no engine worker');
  return found;
}

describe('Content Security Policy', () => {
  it('is sent with the page and every asset; the engine worker alone adds unsafe-eval', async () => {
    const base = inject('baseUrl');
    const page = await fetch(base);
    expect(page.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(PAGE_CSP).not.toContain('unsafe-eval');
    expect(PAGE_CSP).toContain("connect-src 'self' https: http://localhost:* http://127.0.0.1:*");
    const html = await page.text();
    // No inline script: every script element has a src.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const scripts = [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) expect((await fetch(new URL(src, base))).headers.get('content-security-policy')).toBe(PAGE_CSP);

    const w = await open();
    try {
      const worker = await engineWorker(w);
      const response = await fetch(worker.url());
      expect(response.headers.get('content-security-policy')).toBe(ENGINE_WORKER_CSP);
      // Only script-src differs.
      expect(ENGINE_WORKER_CSP.replace(" 'unsafe-eval'", '')).toBe(PAGE_CSP);
    } finally {
      await closeClean(w);
    }
  });

  it('the page cannot eval or run an inline script; the engine worker can compile', async () => {
    const w = await open();
    try {
      // DevTools' own evaluation is exempt from the policy: the attempts run later, from a timer.
      expect(await w.page.evaluate(evalFromTimer)).toBe('EvalError');
      expect(await w.page.evaluate(TRY_FUNCTION)).toBe('EvalError');
      // An inline script added to the document does not run, and the refusal is reported.
      await w.page.evaluate(() => {
        const s = document.createElement('script');
        s.textContent = 'window.__inlineRan = true';
        document.body.append(s);
      });
      expect(await w.page.evaluate(() => (window as Window & { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
      await expect.poll(() => violations(w.page)).toEqual(expect.arrayContaining([expect.stringMatching(/^script-src/)]));

      const worker = await engineWorker(w);
      expect(await worker.evaluate(TRY_FUNCTION)).toBe('2');
      // Monaco's workers have the page's policy.
      const editorWorker = w.page.workers().find((x) => /editor\.worker/.test(x.url()));
      if (editorWorker) expect(await editorWorker.evaluate(TRY_FUNCTION)).toBe('EvalError');
    } finally {
      // The deliberate violations above were reported as errors: expected here.
      expect(
        w.errors.filter(
          (e) =>
            !/CSP violation: script-src|EvalError|unsafe-eval|Refused to (evaluate|execute)|violates the following Content Security Policy directive .script-src/.test(
              e,
            ),
        ),
      ).toEqual([]);
      await w.close();
    }
  });

  it('reports no violation through load, steps, Run, the REPL, Share, Prices, the Request tab and a real provider', async () => {
    const w = await open();
    const { page } = w;
    try {
      await openExample(page, 'products-exploration');
      await page.locator(`${tid('step')}:enabled`).click();
      await page.locator(tid('turn-1')).waitFor();
      await page.locator(`${tid('run')}:enabled`).click();
      await page.locator(tid('turn-2')).waitFor({ timeout: 15_000 });
      await page
        .locator(`${tid('step')}:enabled`)
        .or(page.locator(`${tid('reset')}:enabled`))
        .first()
        .waitFor({ timeout: 15_000 });

      await setEditor(page, 'repl-input', '(count data/products)');
      await page.locator(`${tid('repl-eval')}:enabled`).click();
      await page.locator(tid('repl-output')).waitFor();

      await page.locator(tid('strategy-select')).selectOption('full-history');
      await page.locator(tid('tab-request')).click();

      await page.locator(`${tid('share')}:enabled`).click();
      await page.locator(tid('share-dialog')).waitFor();
      await page.locator(tid('share-close')).first().click();

      await pressTool(page, 'prices-button');
      await page.locator(tid('prices-dialog')).waitFor();
      await page.locator(tid('prices-close')).click();

      await page.locator(tid('llm-provider')).selectOption('openai');
      await page.locator(tid('llm-base-url')).waitFor();

      await page.waitForTimeout(300);
      expect(await violations(page)).toEqual([]);
    } finally {
      await closeClean(w);
    }
  });
});
