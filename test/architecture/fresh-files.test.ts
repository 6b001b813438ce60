// The component test files share their worker's libraries, yet each must start as if alone (see
// test/setup/fresh-file.ts). Three files check it of each other, but in the whole run they may or may
// not land in the same worker; here they run in one worker for sure, once as configured, where all
// their checks pass, and once without the setup, where the files after the first find what it left.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const VITEST = fileURLToPath(new URL('../../node_modules/vitest/vitest.mjs', import.meta.url));
const TIMEOUT = 120_000;

interface Report {
  numTotalTests: number;
  numFailedTests: number;
  testResults: { assertionResults: { title: string; status: string }[] }[];
}

function runChecksInOneWorker(env: NodeJS.ProcessEnv): Promise<Report> {
  const args = [VITEST, 'run', '--project', 'fresh', '--no-file-parallelism', '--reporter', 'json', 'test/ui/fresh-file-'];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 }, (_error, stdout) => {
      try {
        resolve(JSON.parse(stdout) as Report);
      } catch {
        reject(new Error(`no JSON report from Vitest:\n${stdout.slice(0, 2000)}`));
      }
    });
  });
}

describe.concurrent('component test files sharing one worker', () => {
  it('each starts fresh: its own modules, globals, databases, document, storages and address', { timeout: TIMEOUT }, async () => {
    const report = await runChecksInOneWorker({});
    expect(report.testResults).toHaveLength(3);
    expect(report.numTotalTests).toBe(12);
    expect(report.numFailedTests).toBe(0);
  });

  it('would not, without the setup: the checks find what an earlier file left', { timeout: TIMEOUT }, async () => {
    const report = await runChecksInOneWorker({ PTC_TEST_SHARED_AS_IS: '1' });
    const failed = report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.title));
    // The two files after the first each find its module state, its global and its document.
    expect(failed.filter((title) => title === 'with modules of its own')).toHaveLength(2);
    expect(failed.filter((title) => title === 'with no global another file added or replaced')).toHaveLength(2);
    expect(failed.filter((title) => title === 'with an empty document, storages and its first address')).toHaveLength(2);
  });
});
