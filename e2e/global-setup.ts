// Vitest global setup for the end-to-end tests: finds Chromium first (so a missing browser fails
// with instructions before anything is built) and says which of Firefox and WebKit will run, then
// builds the app once and serves it for every test file; the server stops and the build is removed
// when the run ends. The Firefox and WebKit tests serve the same build from servers of their own.
//
// The end-to-end config has two projects (files two at a time, then the timed files alone), and
// Vitest runs a global setup once per project, in its one main process: the first call builds and
// serves, the others share that server, and the last teardown stops it.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { findChromium } from './browser.ts';
import { checkBrowsers } from './other-browsers.ts';
import { ROOT, serveApp, type RunningApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The preview server's address, ending in "/". */
    baseUrl: string;
    /** The build the server serves. */
    distDir: string;
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

async function startApp(): Promise<RunningApp> {
  const browser = await findChromium();
  console.log(`end-to-end tests: Chromium from ${browser.source} (${browser.path})`);
  for (const line of checkBrowsers()) console.log(line);
  // PTC_E2E_DIST=folder serves an existing build instead of building one (to debug a build).
  const dist = process.env.PTC_E2E_DIST;
  return dist ? serveApp(dist, { uncompressed: true }) : serveApp(await buildForTests(), { removeOnClose: true, uncompressed: true });
}

/** The one app of the run, shared by the projects' setups (kept on globalThis: each project may load this module anew). */
interface Shared {
  app: Promise<RunningApp>;
  users: number;
}
const KEY = Symbol.for('ptc.e2e.app');
const store = globalThis as unknown as Record<symbol, Shared | undefined>;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (store[KEY] ??= { app: startApp(), users: 0 });
  shared.users++;
  const app = await shared.app;
  project.provide('baseUrl', app.url);
  project.provide('distDir', app.outDir);
  return async () => {
    if (--shared.users > 0) return;
    store[KEY] = undefined;
    await app.close();
  };
}
