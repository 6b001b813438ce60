import { writeFileSync } from 'node:fs';
import { launchChromium } from '../e2e/browser.ts';
import { serveApp } from '../e2e/server.ts';
import { waitForReady } from '../e2e/page.ts';
const app = await serveApp(process.argv[2]);
const browser = await launchChromium();
for (const q of ['', '?editor=plain']) {
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await ctx.newPage();
  await page.goto('about:blank');
  await browser.startTracing(page, { categories: ['devtools.timeline', 'v8.execute', 'disabled-by-default-devtools.timeline', 'toplevel', 'v8'] });
  await page.goto(app.url + q);
  await waitForReady(page);
  await page.evaluate(() => new Promise((r) => setTimeout(r, 1500)));
  const buf = await browser.stopTracing();
  writeFileSync(`/tmp/trace${q ? '-plain' : ''}.json`, buf);
  await ctx.close();
}
await browser.close(); await app.close();
