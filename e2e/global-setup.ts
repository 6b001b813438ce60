// Vitest global setup for the end-to-end tests: finds Chromium first (so a missing browser fails
// with instructions before anything is built), then builds the app once and serves it for every test
// file; the server stops and the build is removed when the run ends.
import type { TestProject } from 'vitest/node';
import { findChromium } from './browser.ts';
import { serveApp, startApp } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The preview server's address, ending in "/". */
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const browser = await findChromium();
  console.log(`end-to-end tests: Chromium from ${browser.source} (${browser.path})`);
  // PTC_E2E_DIST=folder serves an existing build instead of building one (to debug a build).
  const dist = process.env.PTC_E2E_DIST;
  const app = dist ? await serveApp(dist) : await startApp();
  project.provide('baseUrl', app.url);
  return () => app.close();
}
