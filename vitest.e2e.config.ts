import { defineConfig } from 'vitest/config';

// End-to-end tests: the production build in real Chromium (see e2e/). One file at a time in one
// fork, so the browsers do not compete for the machine's cores; the files share that fork's modules
// (isolate: false: playwright-core is loaded once; each file launches and closes its own browser).
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['e2e/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
