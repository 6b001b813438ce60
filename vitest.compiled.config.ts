import { defineConfig } from 'vitest/config';

// The interpreter and agent tests with the compiler forced on (see test/setup/jit-forced.ts).
// Not jit.test.ts: it sets the compiler's modes itself, and checks the default policy.
export default defineConfig({
  test: {
    include: ['test/lisp/**/*.test.ts', 'test/agent/**/*.test.ts', 'test/compression/**/*.test.ts', 'test/session/**/*.test.ts'],
    exclude: ['test/lisp/jit.test.ts'],
    setupFiles: ['test/setup/jit-forced.ts'],
    environment: 'node',
    testTimeout: 30000,
  },
});
