// npm run screenshot (npx tsx scripts/screenshot.ts): the README's screenshots of the playground.
// Builds the app, serves it on 127.0.0.1 with vite preview and opens it in headless Chromium (the
// end-to-end tests' lookup: nothing is downloaded) at 1440×900, light theme. The default example
// opens on load; two mock-LLM Steps fill the turn list, the messages and their token figures:
// docs/images/playground.png. The third Step ends the run, then the "Whole run" tab:
// docs/images/whole-run.png. PTC_E2E_DIST=folder uses an existing build instead of building one.
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser.ts';
import { closeClean, openPlayground, parseCount, tid, waitForReady } from '../e2e/page.ts';
import { ROOT, serveApp, startApp } from '../e2e/server.ts';

const OUT = join(ROOT, 'docs', 'images');

/** Presses Step and waits for turn n in the list and the token counts of both sides of the messages. */
async function step(page: Page, n: number): Promise<void> {
  await page.locator(`${tid('step')}:enabled`).click();
  await page.locator(tid(`turn-${n}`)).waitFor({ timeout: 20_000 });
  await waitForTokens(page);
}

async function waitForTokens(page: Page): Promise<void> {
  for (const side of ['compressed', 'full']) {
    const figure = page.locator(tid(`${side}-tokens`)).first();
    for (let i = 0; i < 200 && Number.isNaN(parseCount(await figure.textContent())); i++) await page.waitForTimeout(100);
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  // Let fonts, Monaco's lazily loaded editors and the last layout settle.
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const path = join(OUT, name);
  await page.screenshot({ path, fullPage: false });
  console.log(`${path}: ${Math.round(statSync(path).size / 1024)} KB`);
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const dist = process.env.PTC_E2E_DIST;
  const app = dist ? await serveApp(dist) : await startApp();
  const browser = await launchChromium();
  try {
    const w = await openPlayground(browser, app.url, { colorScheme: 'light', deviceScaleFactor: 1 });
    const page = w.page;
    await waitForReady(page);
    await step(page, 1);
    await step(page, 2);
    // The turn list follows the newest turn; show turn 2 from its heading.
    await page.locator(tid('turn-2')).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await shoot(page, 'playground.png');
    await step(page, 3);
    await page.locator(tid('area-run')).click();
    await page.locator(tid('compare-heading')).getByText('(3 turns)').waitFor({ timeout: 20_000 });
    for (let i = 0; i < 200 && ((await page.locator(tid('compare-status')).textContent()) ?? '') !== ''; i++) await page.waitForTimeout(100);
    await shoot(page, 'whole-run.png');
    await closeClean(w);
  } finally {
    await browser.close();
    await app.close();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
