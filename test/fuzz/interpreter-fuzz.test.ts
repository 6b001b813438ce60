// Fuzzing the interpreter: generated programs and mutations of real ones never crash (every failure
// is an error value of the language's types, with a short message free of JavaScript's words), never
// change the memory they are given, and never pass a limit undetected (the time limit by wall clock
// only in `npm run harden`). Each campaign is bounded by a run count and a time budget, so the suite
// stays fast on a busy machine.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../../src/lisp/builtins/index.ts';
import { allBuiltins } from '../../src/lisp/builtins/registry.ts';
import { checkProgram } from './check.ts';
import { mutationArb, programArb } from './programs.ts';

/** PTC_FUZZ_RUNS scales every campaign (the suite's default keeps it to a few seconds). */
const SCALE = Number(process.env.PTC_FUZZ_RUNS ?? '1') || 1;
function campaign(arb: fc.Arbitrary<string>, numRuns: number, seed?: number): void {
  const problems: string[] = [];
  fc.assert(
    fc.property(arb, (program) => {
      const problem = checkProgram(program, { timed: false });
      // Every problem is collected (not only the first), so one run lists them all.
      if (problem !== null) problems.push(`${problem.what}\n  program: ${program.slice(0, 300)}`);
    }),
    { numRuns: Math.round(numRuns * SCALE), interruptAfterTimeLimit: 20_000 * SCALE, markInterruptAsFailure: false, ...(seed !== undefined ? { seed } : {}) },
  );
  expect(problems).toEqual([]);
}

const SPEC = join(__dirname, '..', '..', '..', 'shared', 'conformance', 'spec-examples.jsonl');
const specPrograms: string[] = existsSync(SPEC)
  ? readFileSync(SPEC, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { program: string }).program)
  : [];
const registryPrograms = allBuiltins().flatMap((b) => b.examples.map(([code]) => code));

describe('fuzzing the interpreter', { timeout: 60_000 }, () => {
  it('generated programs from the builtin table end in a value or a clean error', () => {
    campaign(programArb, 400);
  });

  it('mutated registry examples end in a value or a clean error', () => {
    campaign(fc.constantFrom(...registryPrograms).chain(mutationArb), 400);
  });

  it.skipIf(specPrograms.length === 0)('mutated specification examples end in a value or a clean error', () => {
    campaign(fc.constantFrom(...specPrograms).chain(mutationArb), 400);
  });
});
