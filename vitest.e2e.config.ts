import { defineConfig } from 'vitest/config';

// End-to-end tests: the production build in real Chromium (see e2e/). Files share their fork's modules
// (isolate: false: playwright-core is loaded once; each file launches and closes its own browser).
// Two files run at a time: a page keeps about one core busy (its main thread), so two browsers keep
// both cores busy (all files one at a time: about 245 s). The files that time the page (the watchdog
// and Stop within seconds, responses under a second) run after them, alone, as before.
const TIMED = ['e2e/runaway.e2e.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: { name: 'e2e', include: ['e2e/**/*.e2e.ts'], exclude: TIMED, maxWorkers: 2, sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'e2e-timed', include: TIMED, maxWorkers: 1, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
