// Vitest global setup for the end-to-end tests: finds Chromium first (so a missing browser fails
// with instructions before anything is built), then builds the app once and serves it for every test
// file; the server stops and the build is removed when the run ends.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { findChromium } from './browser.ts';
import { ROOT, serveApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The preview server's address, ending in "/". */
    baseUrl: string;
  }
}

/**
 * The production build as `npm run build` makes it, less its source maps (no test reads them, the page
 * never fetches one, and they were 40 % of the build's CPU time: 13 → 8 s) and the gzipped sizes
 * of the chunks (a report nobody reads here).
 */
async function buildForTests(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'ptc-e2e-build-'));
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false },
  });
  return outDir;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await findChromium();
  console.log(`end-to-end tests: Chromium from ${browser.source} (${browser.path})`);
  // PTC_E2E_DIST=folder serves an existing build instead of building one (to debug a build).
  const dist = process.env.PTC_E2E_DIST;
  const app = dist ? await serveApp(dist) : await serveApp(await buildForTests(), { removeOnClose: true });
  project.provide('baseUrl', app.url);
  return () => app.close();
}
