import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import GroupedByEnvironment from './test/setup/sequencer.ts';

// Two projects, one run. The engine's tests (interpreter, agent, compression, sessions, worker, command
// line, fuzzing) share their worker threads' modules from file to file (isolate: false): they hold no
// state between files but the compiler's (how warm the engine is, which programs it has seen), which
// changes when code is compiled, never what a program does (test:compiled runs them all compiled).
// The component tests (happy-dom or jsdom, stores, IndexedDB) and jit.test.ts (which sets the
// compiler's state itself and checks the default policy from a fresh engine) each start fresh: their
// project loads the libraries once per worker, but every file gets the app's modules afresh and its
// globals put back as it found them (test/setup/fresh-file.ts). A fresh context per file instead
// cost that project 125 s rather than 84 s, alone on this machine.
// Both projects share one pool of workers, interleaved: a project limited to one worker would run as
// a group of its own after the others (Vitest's rule for isolated single-worker projects), leaving a
// core idle for minutes (the component tests took 221 s alone after the engine's; together, the whole
// run went from 289 s to 190 s).
const FRESH = ['test/ui/**', 'test/lisp/jit.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30000,
    pool: 'threads',
    // Files of one project and environment queued together: a worker goes on to the next file only
    // when that file's project and environment are its own (test/setup/sequencer.ts). The component
    // tests' three environments, queued by size, made 17 workers for 53 files; grouped, 6 (the whole
    // run: 141–157 s → 128–131 s, CPU 222–246 s → 200 s).
    sequence: { sequencer: GroupedByEnvironment },
    // Vitest's default leaves a core to itself (1 worker on 2 cores), but its main process mostly waits.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'engine',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...FRESH],
          isolate: false,
          globalSetup: ['test/setup/build-cli.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'fresh',
          include: FRESH.map((p) => (p.endsWith('/**') ? `${p}/*.test.{ts,tsx}` : p)),
          isolate: false,
          // PTC_TEST_SHARED_AS_IS leaves the files sharing a worker as they are, to show that the checks
          // of test/ui/fresh-file-*.test.ts notice it (test/architecture/fresh-files.test.ts).
          setupFiles: [...(process.env.PTC_TEST_SHARED_AS_IS ? [] : ['test/setup/fresh-file.ts']), 'test/setup/dom-waits.ts'],
          // Loaded with the app's modules, so each file that imports it gets its own empty databases.
          server: { deps: { inline: ['fake-indexeddb'] } },
        },
      },
    ],
  },
});
