// An experiment of 2 variants × 5 runs in Chromium, one variant answered by the simulated model and one
// by a real provider (the fake OpenAI-compatible server of the real-LLM tests, with the key typed in
// the LLM panel): the results table gives each its rate and interval, the real one its tokens and
// cost, and the fake server got exactly the 5 requests with the key.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeOpenAi, type FakeLlmServer, type RecordedRequest } from '../test/fakes/llm-servers.ts';
import { launchChromium } from './browser.ts';
import { openPlayground, pressTool, tid, waitForReady } from './page.ts';

const KEY = 'sk-test-E2E-EXPERIMENT-5d1';

let browser: Browser;
let openai: FakeLlmServer;
beforeAll(async () => {
  browser = await launchChromium();
  // One turn per run: the right answer for gpt-4o-mini (priced in the app's table), a wrong one otherwise.
  openai = await startFakeOpenAi({
    requiredKey: KEY,
    defaultResponse: (req: RecordedRequest) => {
      const model = (req.body as { model?: string }).model;
      const answer = model === 'gpt-4o-mini' ? '["Laptop" "Monitor"]' : '["Mouse"]';
      return { text: `From what I found:\n\`\`\`clojure\n(return ${answer})\n\`\`\``, usage: { inputTokens: 2000, outputTokens: 40 } };
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await openai?.close();
});

const text = (page: Page, id: string) => page.locator(tid(id)).first().textContent();

describe('an experiment against the simulated model and a real provider', () => {
  it('runs 2 variants × 5 runs and reads the results table', async () => {
    const w = await openPlayground(browser, inject('baseUrl'));
    const page = w.page;
    try {
      await waitForReady(page);
      // The mock's three recorded turns are the script the simulated model follows.
      for (let n = 1; n <= 3; n++) {
        await page.locator(`${tid('step')}:enabled`).click();
        await page.locator(tid(`turn-${n}`)).waitFor();
      }
      await page.locator(tid('llm-provider')).selectOption('openai');
      await page.locator(tid('llm-base-url')).fill(openai.url);
      await page.locator(tid('llm-model')).fill('gpt-4o-mini');
      await page.locator(tid('llm-key-hint')).filter({ hasText: openai.url }).waitFor();
      await page.locator(tid('llm-api-key')).fill(KEY);

      await pressTool(page, 'experiments-button');
      await page.locator(tid('experiments-panel')).waitFor();
      const variants = {
        success: { expected: ['Laptop', 'Monitor'] },
        variants: [
          { name: 'simulated', llm: { provider: 'simulated', slip: 0 } },
          { name: 'fake openai', compression: 'trim' },
        ],
      };
      await page.locator(tid('experiment-variants')).fill(JSON.stringify(variants, null, 2));
      await page.locator(`input${tid('experiment-runs')}`).fill('5');
      await expect.poll(() => text(page, 'experiment-plan-total'), { timeout: 20_000 }).toBe('10 runs in total; success: returned ["Laptop" "Monitor"]');
      expect(await text(page, 'experiment-plan-fake openai')).toContain('openai gpt-4o-mini');
      const before = openai.requests.filter((r) => r.method === 'POST').length;
      await page.locator(`${tid('experiment-run')}:enabled`).click();
      await expect.poll(() => text(page, 'experiment-saved-count'), { timeout: 60_000 }).toBe('10/10 runs');

      const row = (name: string) => page.locator(tid(`experiment-variant-${name}`));
      expect(await row('simulated').locator(tid('experiment-rate')).textContent()).toBe('100.0% (56.6–100.0%)');
      expect(await row('fake openai').locator(tid('experiment-rate')).textContent()).toBe('100.0% (56.6–100.0%)');
      const real = (await row('fake openai').textContent()) ?? '';
      // 5 runs × 2,000 input and 40 output tokens, at gpt-4o-mini's price ($0.15 and $0.60 per million).
      expect(real).toContain('10,000');
      expect(real).toContain('200');
      expect(real).toContain('$0.0016');
      const sent = openai.requests.filter((r) => r.method === 'POST').slice(before);
      expect(sent).toHaveLength(5);
      for (const r of sent) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
      // The key is in the LLM panel's own field only: not in the experiment's panel or its saved runs.
      expect(await page.locator(tid('experiments-panel')).innerHTML()).not.toContain(KEY);
    } finally {
      await w.close();
    }
  });
});
