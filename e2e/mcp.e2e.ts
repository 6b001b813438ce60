// An MCP server in Chromium: server-everything runs here over Streamable HTTP on 127.0.0.1 at a free
// port (it answers CORS for any origin and exposes Mcp-Session-Id), is added in the tool/ panel by its
// URL, connects from the engine worker, and typed replies call its tools, pmap's side by side. After
// the server is stopped and the page reloaded, the session reopens from this browser's storage with
// its turns replayed from the record (nothing connects), and a call nobody recorded fails. Shared into
// a fresh browser with the server stopped, the link replays the same way, and the header value given
// for the server is in nothing carried away (export, link, storage, console, notices, the page).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeLink } from '../src/session/link-codec.ts';
import { everythingHttp, type RunningServer } from '../test/mcp/servers.ts';
import { launchChromium } from './browser.ts';
import { setEditor } from './editor.ts';
import { closeClean, openPlayground, savedSessionHolds, tid, waitForReady, type WatchedPage } from './page.ts';

let browser: Browser;
let server: RunningServer | undefined;
let w: WatchedPage;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), everythingHttp()]);
});
afterAll(async () => {
  await server?.stop();
  await browser?.close();
});

const text = (page: Page, id: string) => page.locator(tid(id)).first().textContent();
const clj = (code: string) => '```clojure\n' + code + '\n```';

/** Types a reply as the LLM and steps; resolves with the new turn's card. */
async function stepWith(page: Page, reply: string, n: number) {
  await setEditor(page, 'next-reply', reply);
  await page.locator(`${tid('step')}:enabled`).click();
  const turn = page.locator(tid(`turn-${n}`));
  await turn.waitFor();
  return turn;
}

describe('an MCP server over Streamable HTTP', () => {
  it('is added by URL, called by turns live, and replayed from the record after a reload without it', async () => {
    const running = server;
    if (running === undefined) throw new Error('no server');
    w = await openPlayground(browser, inject('baseUrl'));
    const { page } = w;
    // The client asks first for the 2026-07-28 revision (server/discover); a server of an older one
    // refuses it with a 400 and is then spoken to as it expects. Those refusals are the only ones allowed.
    const probes: string[] = [];
    w.context.on('response', (r) => {
      if (r.status() === 400 && r.request().postData()?.includes('"server/discover"') === true) probes.push(`HTTP 400: ${r.url()}`);
    });
    await waitForReady(page);

    await page.locator(tid('server-add-name')).fill('everything');
    await page.locator(tid('server-add-url')).fill(running.url);
    await page.locator(tid('server-add')).click();
    await expect.poll(() => text(page, 'server-everything-status'), { timeout: 15_000 }).toBe('connected');
    expect(await text(page, 'server-everything-details')).toMatch(/^\d+ tools · protocol \d{4}-\d{2}-\d{2} · streamable-http$/);
    expect(await text(page, 'server-everything-tools')).toContain('(tool/get-sum a b) ; (a :float, b :float) -> :any');
    await expect.poll(() => text(page, 'compressed-user')).toMatch(/\(tool\/get-sum a b\) +; \(a :float, b :float\) -> :any/);

    const first = await stepWith(page, clj('(tool/get-sum 2 40)'), 1);
    expect(await first.locator(tid('turn-result')).textContent()).toContain('"The sum of 2 and 40 is 42."');
    expect(await first.locator(tid('tool-call-server')).allTextContents()).toEqual(['everything · ']);
    const second = await stepWith(page, clj('(pmap #(tool/echo {:message %}) ["a" "b"])'), 2);
    expect(await second.locator(tid('turn-result')).textContent()).toContain('["Echo: a" "Echo: b"]');
    expect(await second.locator(tid('tool-call-time')).allTextContents()).toEqual([
      expect.stringMatching(/^everything · \d/),
      expect.stringMatching(/^everything · \d/),
    ]);
    // Both turns are saved before the reload (autosave follows each turn).
    await expect.poll(() => savedSessionHolds(page, '"mcpServers"', 2), { timeout: 10_000 }).toBe(true);

    await running.stop();
    server = undefined;
    await page.reload();
    await waitForReady(page);
    await page.locator(tid('turn-2')).waitFor();
    expect(await text(page, 'server-everything-status')).toBe('not connected');
    expect(await page.locator(tid('turn-1')).locator(tid('turn-result')).textContent()).toContain('"The sum of 2 and 40 is 42."');
    expect(await page.locator(tid('turn-2')).locator(tid('turn-result')).textContent()).toContain('["Echo: a" "Echo: b"]');
    // The tool/ section still shows the server's tools: the session keeps what it listed.
    expect(await text(page, 'compressed-user')).toMatch(/\(tool\/get-sum a b\)/);

    const third = await stepWith(page, clj('(tool/get-sum 1 1)'), 3);
    expect(await third.locator(tid('turn-error')).textContent()).toMatch(
      /tool\/get-sum \(server everything\): the server is not connected, and no recorded call has these arguments/,
    );
    expect(probes.length).toBeGreaterThan(0);
    w.errors.splice(0, w.errors.length, ...w.errors.filter((e) => !probes.includes(e)));
    await closeClean(w);
  });

  it('shared into a fresh browser replays without the server; the header value given for it is in nothing carried away', async () => {
    const running = await everythingHttp();
    const a = await openPlayground(browser, inject('baseUrl'));
    const probed: string[] = [];
    const consoleTexts: string[] = [];
    a.page.on('console', (m) => consoleTexts.push(m.text()));
    a.context.on('response', (r) => {
      if (r.status() === 400 && r.request().postData()?.includes('"server/discover"') === true) probed.push(`HTTP 400: ${r.url()}`);
    });
    const { page } = a;
    await waitForReady(page);
    await page.locator(tid('server-add-name')).fill('everything');
    await page.locator(tid('server-add-url')).fill(running.url);
    await page.locator(tid('server-add-headers')).fill('X-Leak-Check: tok-LEAKCHECK-e2e');
    await page.locator(tid('server-add')).click();
    await expect.poll(() => text(page, 'server-everything-status'), { timeout: 15_000 }).toBe('connected');
    await stepWith(page, clj('(tool/get-sum 2 40)'), 1);
    await stepWith(page, clj('(pmap #(tool/echo {:message %}) ["a" "b"])'), 2);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('export')).click()]);
    const exported = readFileSync(await download.path(), 'utf8');
    expect(exported).toContain(running.url);
    await page.locator(tid('share')).click();
    const link = await page.locator(tid('share-link')).inputValue();
    await page.locator(tid('share-close')).click();
    const decoded = decodeLink(new URL(link).hash.slice(1));
    expect(decoded.ok && decoded.session.turns?.length).toBe(2);
    const storageA = await page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    const noticesA = await page.locator(tid('notice')).allTextContents();
    a.errors.splice(0, a.errors.length, ...a.errors.filter((e) => !probed.includes(e)));
    await closeClean(a);
    await running.stop();

    // A fresh browser (a new context: no storage, no connection) opens the link.
    const b = await openPlayground(browser, link);
    b.page.on('console', (m) => consoleTexts.push(m.text()));
    await waitForReady(b.page);
    await b.page.locator(tid('turn-2')).waitFor();
    expect(await b.page.locator(tid('turn-1')).locator(tid('turn-result')).textContent()).toContain('"The sum of 2 and 40 is 42."');
    expect(await b.page.locator(tid('turn-2')).locator(tid('turn-result')).textContent()).toContain('["Echo: a" "Echo: b"]');
    expect(await text(b.page, 'server-everything-status')).toBe('not connected');
    expect(await text(b.page, 'server-everything-tools')).toContain('(tool/get-sum a b) ; (a :float, b :float) -> :any');
    // Nothing was kept for it here: no header values to show.
    expect(await b.page.locator(tid('server-everything-headers')).count()).toBe(0);
    const third = await stepWith(b.page, clj('(tool/get-sum 1 1)'), 3);
    expect(await third.locator(tid('turn-error')).textContent()).toMatch(
      /tool\/get-sum \(server everything\): the server is not connected, and no recorded call has these arguments/,
    );
    const storageB = await b.page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    const carried = [
      exported,
      link,
      decoded.ok ? JSON.stringify(decoded.session) : '',
      storageA,
      storageB,
      consoleTexts.join('\n'),
      [...noticesA, ...(await b.page.locator(tid('notice')).allTextContents())].join('\n'),
      (await b.page.locator('body').textContent()) ?? '',
    ];
    for (const [i, t] of carried.entries()) expect(t.includes('LEAKCHECK'), `place ${i}`).toBe(false);
    await closeClean(b);
  });
});
