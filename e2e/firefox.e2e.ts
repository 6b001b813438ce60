// Firefox (Debian's ESR, over WebDriver BiDi): the smoke flow under the CSP, with no console error,
// no uncaught error and no CSP report from the page or any worker; and an MCP server added by URL,
// whose client (a chunk loaded on first use) runs in the module worker under the CSP; results made by
// `ptc experiment` opened in the Experiments panel, a run of them as a session. Skipped with a message (from the
// global setup) when Firefox is not installed, unless PTC_REQUIRE_BROWSERS=1.
import type { Browser, ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firefoxPage, launchFirefox, type FirefoxPage } from './firefox.ts';
import { findFirefox } from './other-browsers.ts';
import { watchProblems } from './server-watch.ts';
import { openCliResults } from './results-flow.ts';
import { serveApp, type RunningApp } from './server.ts';
import { expectProblemsHeard, provokeProblems, smoke } from './smoke-flow.ts';
import { everythingHttp } from '../test/mcp/servers.ts';

const lookup = findFirefox();

describe.skipIf('missing' in lookup)('Firefox', () => {
  let app: RunningApp;
  let browser: Browser;
  const pages: FirefoxPage[] = [];
  beforeAll(async () => {
    if (!('found' in lookup)) return;
    [app, browser] = await Promise.all([serveApp(inject('distDir'), { uncompressed: true, watch: true }), launchFirefox(lookup.found)]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  // Up to about 50 s beside the Chromium files on 2 busy cores: more room than the suite's 60 s.
  it('steps, evaluates in the REPL, reloads and opens a share link with nothing reported', async () => {
    const first = await firefoxPage(browser.defaultBrowserContext());
    pages.push(first);
    // A new user context has storage of its own, like a new profile.
    const fresh = async () => {
      const page = await firefoxPage(await browser.createBrowserContext());
      pages.push(page);
      return page;
    };
    await smoke(app, first, fresh);
    expect([...pages.flatMap((p) => p.errors), ...watchProblems(app.watch!)]).toEqual([]);
  }, 120_000);

  it('adds server-everything by URL: the MCP client loads in the engine worker and the REPL calls a tool live', async () => {
    const server = await everythingHttp();
    try {
      const w = await firefoxPage(await browser.createBrowserContext());
      pages.push(w);
      const tid = (id: string) => `[data-testid="${id}"]`;
      const textOf = (id: string) => w.evaluate((s) => document.querySelector(s)?.textContent ?? null, tid(id));
      await w.goto(app.url);
      await expect.poll(() => w.evaluate((s) => document.querySelector(s) !== null, `${tid('step')}:enabled`), { timeout: 30_000 }).toBe(true);
      await w.click(tid('server-add-name'));
      await w.type('everything');
      await w.click(tid('server-add-url'));
      await w.type(server.url);
      await w.click(tid('server-add'));
      await expect.poll(() => textOf('server-everything-status'), { timeout: 30_000 }).toBe('connected');
      expect(await textOf('server-everything-tools')).toContain('(tool/get-sum a b)');
      await w.click(tid('repl-input'));
      await w.type('(tool/get-sum 2 40)');
      await w.click(tid('repl-eval'));
      await expect.poll(() => textOf('repl-output'), { timeout: 30_000 }).toContain('The sum of 2 and 40 is 42.');
      expect([...w.errors, ...watchProblems(app.watch!)]).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('opens results made by ptc experiment (results.json and a run file chosen) and opens that run as a session', async () => {
    const w = await firefoxPage(await browser.createBrowserContext());
    pages.push(w);
    await openCliResults(w, app.url, async (selector, paths) => {
      const input = (await w.page.$(selector)) as ElementHandle<HTMLInputElement> | null;
      if (input === null) throw new Error(`no ${selector}`);
      await input.uploadFile(...paths);
    });
    expect([...w.errors, ...watchProblems(app.watch!)]).toEqual([]);
  }, 90_000);

  // Proves the watch above can fail in this browser.
  it('the server hears CSP violations and a console error', async () => {
    const w = await firefoxPage(browser.defaultBrowserContext());
    await w.goto(app.url);
    await provokeProblems(w);
    await expectProblemsHeard(app.watch!, { workerReports: true });
  });
});
