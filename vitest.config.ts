import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Two projects, one run. The engine's tests (interpreter, agent, compression, sessions, worker, command
// line, fuzzing) share their worker threads' modules from file to file (isolate: false): they hold no
// state between files but the compiler's (how warm the engine is, which programs it has seen), which
// changes when code is compiled, never what a program does (test:compiled runs them all compiled).
// jit.test.ts sets that state itself and checks the default policy from a fresh engine, so it runs
// isolated, with the component tests (jsdom, module mocks, stores): each file in a fresh context.
// Both projects share one pool of workers, interleaved: a project limited to one worker would run as
// a group of its own after the others (Vitest's rule for isolated single-worker projects), leaving a
// core idle for minutes (the component tests took 221 s alone after the engine's; together, the whole
// run went from 289 s to 190 s).
const ISOLATED = ['test/ui/**', 'test/lisp/jit.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30000,
    pool: 'threads',
    // Vitest's default leaves a core to itself (1 worker on 2 cores), but its main process mostly waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...ISOLATED],
          isolate: false,
          globalSetup: ['test/setup/build-cli.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED.map((p) => (p.endsWith('/**') ? `${p}/*.test.{ts,tsx}` : p)),
          setupFiles: ['test/setup/dom-waits.ts'],
        },
      },
    ],
  },
});
