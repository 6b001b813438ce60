// Runs fuzzed programs for the hardening report, one message each, in a worker thread so that a
// program that never ends can be counted as a hang and the worker replaced.
import { parentPort } from 'node:worker_threads';
import { checkProgram } from '../test/fuzz/check.ts';

parentPort?.on('message', (program: string) => {
  parentPort?.postMessage(checkProgram(program));
});
