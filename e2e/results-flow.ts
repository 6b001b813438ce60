// The command line's results opened in the app, for the browsers driven without Playwright (Firefox,
// WebKit): `ptc experiment … --llm simulated --out DIR` writes a folder, the Experiments panel opens
// its results.json with one run file (chosen as files: every driver can set a file input's files),
// and that run opens as a session with its turns.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ROOT } from './server.ts';
import type { SmokePage } from './smoke-flow.ts';

const tid = (id: string) => `[data-testid="${id}"]`;

/** Opens results made by `ptc experiment` at `url`; `choose` sets the files of the input `selector`. */
export async function openCliResults(page: SmokePage, url: string, choose: (selector: string, paths: readonly string[]) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ptc-e2e-cli-results-'));
  try {
    const out = join(dir, 'results');
    execFileSync(process.execPath, ['bin/ptc.mjs', 'experiment', 'examples/reviews-and-inventory.json', '--llm', 'simulated', '--runs', '3', '--out', out], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    const runFile = join(out, 'runs', '01-session', 'run-002.json');
    const turns = (JSON.parse(readFileSync(runFile, 'utf8')) as { turns: unknown[] }).turns.length;
    const present = (selector: string) => page.evaluate((s) => document.querySelector(s) !== null, selector);
    await page.goto(url);
    await expect.poll(() => present(`${tid('step')}:enabled`), { timeout: 30_000 }).toBe(true);
    // A narrow bar keeps the Experiments button in its "More" menu.
    if (await present(`${tid('experiments-button')}[data-overflowed]`)) {
      await page.click(tid('more-tools'));
      await page.click(tid('more-experiments-button'));
    } else await page.click(tid('experiments-button'));
    await expect.poll(() => present(tid('experiments-panel')), { timeout: 20_000 }).toBe(true);
    await choose(tid('experiment-open-results-files'), [join(out, 'results.json'), runFile]);
    await expect.poll(() => present(tid('experiment-results')), { timeout: 20_000 }).toBe(true);
    expect(await page.evaluate((s) => document.querySelector(s)?.textContent ?? null, tid('experiment-saved-count'))).toBe('3/3 runs');
    await page.click('[aria-label="Open session run 2"]');
    await expect.poll(() => present(tid(`turn-${turns}`)), { timeout: 20_000 }).toBe(true);
    expect(await present(tid(`turn-${turns + 1}`))).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
