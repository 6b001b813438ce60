// The playground asking real LLM APIs from Chromium: the fake OpenAI-compatible and Anthropic servers
// (test/fakes) run here on 127.0.0.1 at free ports and answer CORS. Settings and the key are entered in
// the LLM panel, then Step or Run: replies stream into the reply editor; a 429 is retried; a dropped
// connection and a refused key are reported and Retry after the fix succeeds; the key reaches the
// server and nothing the person could carry away (export, share link, storage, console, notices).
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { decodeLink } from '../src/session/link-codec.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../test/fakes/llm-servers.ts';
import { launchChromium } from './browser.ts';
import { readEditor } from './editor.ts';
import { exampleJson } from './expected.ts';
import { isLocal, openPlayground, tid, waitForReady, type WatchedPage } from './page.ts';

const KEY = 'sk-test-LEAKCHECK-1234';
const WRONG_KEY = 'sk-wrong-LEAKCHECK-9999';
const REPLIES = exampleJson('reviews-and-inventory').llm.replies;

let browser: Browser;
let openai: FakeLlmServer;
let anthropic: FakeLlmServer;
let w: WatchedPage;
let page: Page;
/** Every console message of the page and its workers, and every notice shown. */
let consoleTexts: string[];

beforeAll(async () => {
  browser = await launchChromium();
  openai = await startFakeOpenAi({ requiredKey: KEY });
  anthropic = await startFakeAnthropic({ requiredKey: KEY });
});
afterAll(async () => {
  await browser?.close();
  await openai?.close();
  await anthropic?.close();
});
beforeEach(async () => {
  w = await openPlayground(browser, inject('baseUrl'));
  page = w.page;
  consoleTexts = [];
  page.on('console', (m) => consoleTexts.push(m.text()));
  await waitForReady(page);
});
// As closeClean, except that the fake servers' own error answers (a 401, a 429, a dropped
// connection) are what these tests ask for: Chromium logs them, and nothing else may be logged.
afterEach(async () => {
  const fakes = [openai.url, anthropic.url].map((u) => new URL(u).origin);
  const errors = w.errors.filter((e) => !fakes.some((origin) => e.includes(origin)));
  const foreign = w.requests.filter((u) => !isLocal(u));
  expect(openai.pending() + anthropic.pending(), 'every scripted response was used').toBe(0);
  await w.close();
  expect([...errors, ...foreign]).toEqual([]);
});

const text = (id: string) => page.locator(tid(id)).first().textContent();
const posts = (server: FakeLlmServer) => server.requests.filter((r) => r.method === 'POST');

/** Enters the LLM settings and the key in the panel, as a person would. */
async function configure(provider: 'openai' | 'anthropic', server: FakeLlmServer, key: string): Promise<void> {
  await page.locator(tid('llm-provider')).selectOption(provider);
  await page.locator(tid('llm-base-url')).fill(server.url);
  await page.locator(tid('llm-model')).fill('fake-model');
  await page.locator(tid('llm-key-hint')).filter({ hasText: server.url }).waitFor();
  await page.locator(tid('llm-api-key')).fill(key);
}

async function noticeText(): Promise<string> {
  const t = (await text('notice-text')) ?? '';
  consoleTexts.push(`notice: ${t}`);
  return t;
}

/** Records, in the page, every length the reply editor's text goes through. */
async function watchReplyLengths(): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen = new Set<number>();
    (window as unknown as { replyLengths: Set<number> }).replyLengths = seen;
    const record = () => {
      const value = document.querySelector('[data-testid="next-reply"]')?.getAttribute('data-value');
      if (value) seen.add(value.length);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-value'] });
  });
  return () => page.evaluate(() => [...(window as unknown as { replyLengths: Set<number> }).replyLengths]);
}

describe.each([
  ['OpenAI-compatible', 'openai'],
  ['Anthropic', 'anthropic'],
] as const)('%s', (_label, provider) => {
  const server = () => (provider === 'openai' ? openai : anthropic);

  it('a 3-turn session completes with Run, the first reply seen growing in the reply editor', async () => {
    await configure(provider, server(), KEY);
    const before = posts(server()).length;
    server().enqueue({ text: REPLIES[0], chunks: 8, chunkDelayMs: 150 }, { text: REPLIES[1], chunks: 3 }, { text: REPLIES[2] });
    const lengths = await watchReplyLengths();
    await page.locator(`${tid('run')}:enabled`).click();
    await page.locator(tid('llm-receiving')).waitFor();
    await page.locator(tid('turn-1')).waitFor();
    await expect.poll(() => text('status'), { timeout: 20_000 }).toBe('returned');
    expect(await text('return-value')).toBe('["Laptop" "Monitor"]');
    expect(await page.locator(tid('turn-3')).count()).toBe(1);
    // At least two different partial texts of the first reply were shown while it streamed.
    const partial = (await lengths()).filter((n) => n > 0 && n < REPLIES[0].length);
    expect(new Set(partial).size).toBeGreaterThanOrEqual(2);
    const sent = posts(server()).slice(before);
    expect(sent).toHaveLength(3);
    // The key went with every request (Anthropic's SDK sends it as a bearer token too).
    for (const request of sent) expect(request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '')).toBe(KEY);
  });
});

describe('failures', () => {
  it('a 429 with Retry-After: 0 is retried and the turn succeeds', async () => {
    await configure('openai', openai, KEY);
    const before = posts(openai).length;
    openai.enqueue({ status: 429, headers: { 'retry-after': '0' } }, { text: REPLIES[0] });
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor();
    expect(posts(openai).length - before).toBe(2);
    expect(await page.locator(tid('notice')).count()).toBe(0);
  });

  it('a dropped connection is reported with what arrived; Retry after the fix succeeds', async () => {
    await configure('openai', openai, KEY);
    openai.enqueue({ drop: 'mid-stream', text: REPLIES[0], chunks: 4 });
    await page.locator(`${tid('step')}:enabled`).click();
    await expect.poll(() => noticeText(), { timeout: 20_000 }).toMatch(/failed \(connection\)/);
    expect(await text('llm-failure-kind')).toBe('connection');
    const partial = await readEditor(page, 'next-reply');
    expect(partial.length).toBeGreaterThan(0);
    expect(REPLIES[0].startsWith(partial)).toBe(true);
    expect(await page.locator(tid('turn-1')).count()).toBe(0);
    openai.enqueue({ text: REPLIES[0] });
    await page.locator(`${tid('llm-retry')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor();
    expect(await page.locator(tid('llm-failure')).count()).toBe(0);
  });

  it('a refused key (401) is reported; Retry with the right key succeeds', async () => {
    await configure('anthropic', anthropic, WRONG_KEY);
    await page.locator(`${tid('step')}:enabled`).click();
    await expect.poll(() => noticeText(), { timeout: 20_000 }).toMatch(/failed \(auth\): The API key was refused/);
    expect(await page.locator(tid('turn-1')).count()).toBe(0);
    await page.locator(tid('llm-api-key')).fill(KEY);
    anthropic.enqueue({ text: REPLIES[0] });
    await page.locator(`${tid('llm-retry')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor();
    // The server echoed the wrong key in its message; the page never showed or logged it.
    expect(consoleTexts.join('\n')).not.toContain(WRONG_KEY);
  });
});

describe('Stop', () => {
  it('aborts the request in flight: the engine worker is not restarted, what arrived stays', async () => {
    await configure('openai', openai, KEY);
    openai.enqueue({ text: REPLIES[0], chunks: 30, chunkDelayMs: 200 });
    const engineWorkers = () => w.workers.filter((u) => /engine/.test(u)).length;
    const workersBefore = engineWorkers();
    expect(workersBefore).toBe(1);
    await page.locator(`${tid('run')}:enabled`).click();
    await page.locator(tid('llm-receiving')).filter({ hasText: 'receiving' }).waitFor();
    await page.locator(tid('stop')).click();
    await expect.poll(() => noticeText(), { timeout: 20_000 }).toContain('Stopped the request for turn 1');
    expect(await text('llm-failure-kind')).toBe('aborted');
    const partial = await readEditor(page, 'next-reply');
    expect(partial.length).toBeGreaterThan(0);
    expect(REPLIES[0].startsWith(partial)).toBe(true);
    expect(engineWorkers()).toBe(workersBefore);
    expect(await page.locator(tid('turn-1')).count()).toBe(0);
    expect(await text('status')).toBe('ready');
  });
});

describe('the key', () => {
  it('reaches the server and nothing else: not the export, the share link, storage, the console or a notice', async () => {
    await configure('openai', openai, KEY);
    openai.enqueue({ text: REPLIES[0] });
    await page.locator(`${tid('step')}:enabled`).click();
    await page.locator(tid('turn-1')).waitFor();
    expect(posts(openai).at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator(tid('export')).click()]);
    const path = await download.path();
    const exported = readFileSync(path, 'utf8');
    expect(exported).toContain(openai.url);

    await page.locator(tid('share')).click();
    const link = await page.locator(tid('share-link')).inputValue();
    await page.locator(tid('share-close')).click();
    const decoded = decodeLink(new URL(link).hash.slice(1));
    expect(decoded.ok).toBe(true);
    const storage = () => page.evaluate(() => JSON.stringify(Object.entries(localStorage)));
    const notices = await page.locator(tid('notice')).allTextContents();
    const carried = [exported, link, decoded.ok ? JSON.stringify(decoded.session) : '', await storage(), consoleTexts.join('\n'), notices.join('\n')];
    for (const [i, t] of carried.entries()) expect(t.includes(KEY), `place ${i}`).toBe(false);

    // Remembered on request, in this browser's storage only; gone again when forgotten.
    await page.locator(tid('llm-key-remember')).check();
    await expect.poll(storage).toContain(KEY);
    await page.locator(tid('llm-key-forget')).click();
    await expect.poll(storage).not.toContain(KEY);
    expect(await page.locator(tid('llm-api-key')).inputValue()).toBe('');
  });
});
