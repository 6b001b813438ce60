import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// The interpreter and agent tests with the compiler forced on (see test/setup/jit-forced.ts).
// Not jit.test.ts: it sets the compiler's modes itself, and checks the default policy.
// Forced on, the compiler's policy ignores how warm the engine is and which programs it has seen, so
// the files share their worker threads' modules (isolate: false) as in vitest.config.ts.
export default defineConfig({
  test: {
    include: ['test/lisp/**/*.test.ts', 'test/records/**/*.test.ts', 'test/agent/**/*.test.ts', 'test/compression/**/*.test.ts', 'test/session/**/*.test.ts'],
    exclude: ['test/lisp/jit.test.ts'],
    setupFiles: ['test/setup/jit-forced.ts'],
    environment: 'node',
    testTimeout: 30000,
    pool: 'threads',
    isolate: false,
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
