// WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, on Xvfb): the smoke flow under the CSP,
// with no console error, uncaught error or CSP report, and results made by `ptc experiment` opened. Its WebDriver has no console, so what the page
// logs reaches the test through the server (e2e/server-watch.ts); a worker's violation reaches no one
// (WebKitGTK reports none, see expectProblemsHeard). Skipped with a message (from the global setup)
// when WebKit is not installed, unless PTC_REQUIRE_BROWSERS=1.
import { By } from 'selenium-webdriver';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findWebKit } from './other-browsers.ts';
import { watchProblems } from './server-watch.ts';
import { openCliResults } from './results-flow.ts';
import { serveApp, type RunningApp } from './server.ts';
import { expectProblemsHeard, provokeProblems, smoke } from './smoke-flow.ts';
import { startWebKit, startXvfb, type Display, type WebKitSession } from './webkit.ts';

const lookup = findWebKit();

describe.skipIf('missing' in lookup)('WebKit', () => {
  let app: RunningApp;
  let display: Display;
  const sessions: WebKitSession[] = [];
  /** A new driver and browser: a fresh profile. */
  const session = async () => {
    if (!('found' in lookup)) throw new Error('no WebKit');
    const s = await startWebKit(lookup.found, display);
    sessions.push(s);
    return s;
  };
  beforeAll(async () => {
    if (!('found' in lookup)) return;
    [app, display] = await Promise.all([serveApp(inject('distDir'), { uncompressed: true, watch: true }), startXvfb(lookup.found)]);
  });
  afterAll(async () => {
    // Every driver process stops, even when one session fails to quit.
    await Promise.allSettled(sessions.map((s) => s.close()));
    await display?.close();
    await app?.close();
  });

  // Up to about 50 s beside the Chromium files on 2 busy cores: more room than the suite's 60 s.
  it('steps, evaluates in the REPL, reloads and opens a share link with nothing reported', async () => {
    await smoke(app, await session(), session);
    expect(watchProblems(app.watch!)).toEqual([]);
  }, 120_000);

  it('opens results made by ptc experiment (results.json and a run file chosen) and opens that run as a session', async () => {
    const s = await session();
    // WebDriver sets a file input's files by sending their paths, one a line.
    await openCliResults(s, app.url, (selector, paths) => s.driver.findElement(By.css(selector)).sendKeys(paths.join('\n')));
    expect(watchProblems(app.watch!)).toEqual([]);
  }, 90_000);

  // Proves the watch above can fail in this browser.
  it('the server hears CSP violations and a console error', async () => {
    const s = await session();
    await s.goto(app.url);
    await provokeProblems(s);
    await expectProblemsHeard(app.watch!, { workerReports: false });
  });
});
