// The hardening report: fuzzes the interpreter with generated and mutated programs (each in a worker
// thread, so a hang is caught and counted), runs the hostile-input suites, and prints the figures.
// Prints figures, asserts nothing (exit 0), except that it exits 1 when anything crashed, hung or leaked.
// With --browser it also runs the end-to-end tests of the Content Security Policy, accessibility and
// the watchdog in Chromium, and prints what they measured.
// usage: npm run harden [-- --programs N] [--seed S] [--browser]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { allBuiltins } from '../src/lisp/builtins/registry.ts';
import type { Problem } from '../test/fuzz/check.ts';
import { hostileProgramArb, mutationArb } from '../test/fuzz/programs.ts';

// Terminal colour codes in a child's output (ESC [ … m), removed before reading figures.
// eslint-disable-next-line no-control-regex -- the escape character is what is matched
const ANSI_COLOR = /\x1b\[[0-9;]*m/g;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const PROGRAMS = arg('--programs', 20_000);
const SEED = arg('--seed', 20261123);
/** A program still running after this is a hang (its own limit is 250 ms). */
const HANG_MS = 5_000;

function programs(): string[] {
  const spec = join(ROOT, '..', 'shared', 'conformance', 'spec-examples.jsonl');
  const real = [
    ...allBuiltins().flatMap((b) => b.examples.map(([code]) => code)),
    ...(existsSync(spec)
      ? readFileSync(spec, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => (JSON.parse(l) as { program: string }).program)
      : []),
  ];
  const third = Math.ceil(PROGRAMS / 3);
  return [
    ...fc.sample(hostileProgramArb, { numRuns: third, seed: SEED }),
    ...fc.sample(fc.constantFrom(...real).chain(mutationArb), { numRuns: PROGRAMS - third, seed: SEED + 1 }),
  ];
}

interface Tally {
  ran: number;
  crash: number;
  hang: number;
  leak: number;
  limit: number;
  other: number;
  examples: string[];
}

async function fuzz(list: readonly string[]): Promise<Tally> {
  const tally: Tally = { ran: 0, crash: 0, hang: 0, leak: 0, limit: 0, other: 0, examples: [] };
  const spawn = () => new Worker(new URL('./harden-worker.mjs', import.meta.url));
  let worker = spawn();
  for (const program of list) {
    const outcome = await new Promise<Problem | null | 'hang'>((resolve) => {
      const done = (result: Problem | null | 'hang') => {
        clearTimeout(timer);
        worker.removeAllListeners('message');
        worker.removeAllListeners('error');
        resolve(result);
      };
      const timer = setTimeout(() => done('hang'), HANG_MS);
      worker.on('message', (p: Problem | null) => done(p));
      worker.on('error', (e: Error) => done({ kind: 'crash', what: `the worker died: ${e.message}` }));
      worker.postMessage(program);
    });
    tally.ran++;
    if (outcome === null) continue;
    const kind = outcome === 'hang' ? 'hang' : outcome.kind;
    tally[kind]++;
    if (tally.examples.length < 10)
      tally.examples.push(
        `${kind}: ${outcome === 'hang' ? `still running after ${HANG_MS / 1000} s` : outcome.what}\n    ${program.slice(0, 200).replace(/\n/g, ' ')}`,
      );
    if (outcome === 'hang' || outcome.kind === 'crash') {
      await worker.terminate();
      worker = spawn();
    }
  }
  await worker.terminate();
  return tally;
}

/** The hostile-input suites: every test file named hostile-* or *-linear, run through Vitest's JSON report. */
function hostileSuites(): { files: string[]; tests: number; passed: number; failed: number } {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^hostile-.*\.test\.tsx?$|-linear\.test\.ts$/.test(e.name)) files.push(relative(ROOT, p));
    }
  };
  walk(join(ROOT, 'test'));
  if (files.length === 0) return { files, tests: 0, passed: 0, failed: 0 };
  const out = mkdtempSync(join(tmpdir(), 'ptc-harden-'));
  const report = join(out, 'report.json');
  spawnSync('npx', ['vitest', 'run', ...files, '--reporter=json', `--outputFile=${report}`], { cwd: ROOT, stdio: 'ignore' });
  const json = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as { numTotalTests: number; numPassedTests: number; numFailedTests: number })
    : { numTotalTests: 0, numPassedTests: 0, numFailedTests: 0 };
  rmSync(out, { recursive: true, force: true });
  return { files, tests: json.numTotalTests, passed: json.numPassedTests, failed: json.numFailedTests };
}

/** The browser checks: their tests' outcome and the figures they print. */
function browserChecks(): { tests: number; failed: number; figures: string[] } {
  const out = mkdtempSync(join(tmpdir(), 'ptc-harden-e2e-'));
  const report = join(out, 'report.json');
  const files = ['e2e/csp.e2e.ts', 'e2e/a11y.e2e.ts', 'e2e/runaway.e2e.ts'];
  const r = spawnSync(
    'npx',
    ['vitest', 'run', '-c', 'vitest.e2e.config.ts', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const figures = `${r.stdout}\n${r.stderr}`
    .split('\n')
    .map((l) => l.replace(ANSI_COLOR, '').trim())
    .filter((l) => /^(watchdog:|axe )/.test(l));
  const json = existsSync(report)
    ? (JSON.parse(readFileSync(report, 'utf8')) as { numTotalTests: number; numFailedTests: number })
    : { numTotalTests: 0, numFailedTests: 1 };
  rmSync(out, { recursive: true, force: true });
  return { tests: json.numTotalTests, failed: json.numFailedTests, figures };
}

const list = programs();
const t0 = performance.now();
const tally = await fuzz(list);
const seconds = (performance.now() - t0) / 1000;
const suites = hostileSuites();

console.log(
  `Fuzzing: ${tally.ran} programs (seed ${SEED}; ${Math.ceil(PROGRAMS / 3)} generated from the builtin table with hostile values, the rest mutated examples) in ${seconds.toFixed(1)} s`,
);
for (const e of tally.examples) console.log(`  ${e}`);
console.log(`Hostile suites: ${suites.files.join(', ') || 'none found'}`);
console.log('');
console.log('| figure | count |');
console.log('| --- | ---: |');
console.log(`| programs fuzzed | ${tally.ran} |`);
console.log(`| crashes (an exception or a dead worker) | ${tally.crash} |`);
console.log(`| hangs (past ${HANG_MS / 1000} s under a 250 ms limit) | ${tally.hang} |`);
console.log(`| leaks of JavaScript's own words | ${tally.leak} |`);
console.log(`| limits passed undetected | ${tally.limit} |`);
console.log(`| other violations (memory changed, long message, unknown error type) | ${tally.other} |`);
console.log(`| hostile cases (tests in the suites above) | ${suites.tests} |`);
console.log(`| hostile cases failing | ${suites.failed} |`);
let browserFailed = 0;
if (process.argv.includes('--browser')) {
  const b = browserChecks();
  browserFailed = b.failed;
  console.log(
    `| browser checks (CSP: no violation, the page cannot eval; axe: no serious or critical violation; watchdog) | ${b.tests - b.failed} of ${b.tests} pass |`,
  );
  console.log('');
  for (const f of b.figures) console.log(f);
}
process.exitCode = tally.crash + tally.hang + tally.leak + suites.failed + browserFailed > 0 ? 1 : 0;
