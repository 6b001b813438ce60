// Fuzzing the interpreter: generated programs and mutations of real ones never crash (every failure
// is an error value of the language's types, with a short message free of JavaScript's words), never
// change the memory they are given, and never pass a limit undetected. Each campaign is bounded by a
// run count and a time budget, so the suite stays fast on a busy machine.
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import '../../src/lisp/builtins/index.ts';
import { allBuiltins } from '../../src/lisp/builtins/registry.ts';
import { run } from '../../src/lisp/run.ts';
import type { Definition } from '../../src/lisp/runtime.ts';
import { isList, isMap, isSet, isVector, type Value } from '../../src/lisp/values.ts';
import { ERROR_TYPES, JS_LEAK, mutationArb, programArb } from './programs.ts';

/** PTC_FUZZ_RUNS scales every campaign (the suite's default keeps it to a few seconds). */
const SCALE = Number(process.env.PTC_FUZZ_RUNS ?? '1') || 1;
const LIMITS = { timeoutMs: 250, maxValueSize: 20_000, maxOutputChars: 4_000, maxLoopIterations: 1_000 };
const DATA = { xs: [1, 2, 3] };

function memory(): Map<string, Definition> {
  return new Map([['kept', { name: 'kept', value: 41 }]]);
}

/** The largest collection in a value (bounded walk: shared parts are visited once). */
function largestCollection(v: Value): number {
  let largest = 0;
  const seen = new Set<unknown>();
  const stack: Value[] = [v];
  while (stack.length > 0 && seen.size < 50_000) {
    const x = stack.pop();
    if (x === null || x === undefined || typeof x !== 'object' || seen.has(x)) continue;
    seen.add(x);
    const items: readonly Value[] = isVector(x) ? x : isList(x) ? x.items : isSet(x) ? x.values() : isMap(x) ? [...x.keys(), ...x.values()] : [];
    largest = Math.max(largest, isMap(x) ? x.size : items.length);
    for (const y of items) stack.push(y);
  }
  return largest;
}

/** Runs one program and says what is wrong with the outcome, or null. */
export function checkProgram(program: string): string | null {
  const mem = memory();
  let r: ReturnType<typeof run>;
  try {
    r = run({ program, memory: mem, data: DATA, limits: LIMITS });
  } catch (e) {
    return `threw: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`;
  }
  if (mem.size !== 1 || mem.get('kept')?.value !== 41) return 'changed the memory it was given';
  if (r.durationMs > LIMITS.timeoutMs * 8 + 2_000) return `ran ${Math.round(r.durationMs)} ms past a ${LIMITS.timeoutMs} ms limit undetected`;
  if (r.prints.join('\n').length > LIMITS.maxOutputChars * 2 + 10) return 'printed past the output limit undetected';
  if (!r.ok) {
    if (!ERROR_TYPES.has(r.error.type)) return `unknown error type ${r.error.type}`;
    if (r.error.message.length > 2_000) return `error message of ${r.error.message.length} characters`;
    if (JS_LEAK.test(r.error.message)) return `JavaScript leaked: ${r.error.message.slice(0, 200)}`;
    return null;
  }
  if (largestCollection(r.value) > LIMITS.maxValueSize) return 'built a collection past the size limit undetected';
  return null;
}

function campaign(arb: fc.Arbitrary<string>, numRuns: number, seed?: number): void {
  const problems: string[] = [];
  fc.assert(
    fc.property(arb, (program) => {
      const problem = checkProgram(program);
      // Every problem is collected (not only the first), so one run lists them all.
      if (problem !== null) problems.push(`${problem}\n  program: ${program.slice(0, 300)}`);
    }),
    { numRuns: Math.round(numRuns * SCALE), interruptAfterTimeLimit: 20_000 * SCALE, markInterruptAsFailure: false, ...(seed !== undefined ? { seed } : {}) },
  );
  expect(problems).toEqual([]);
}

const SPEC = join(__dirname, '..', '..', '..', 'shared', 'conformance', 'spec-examples.jsonl');
const specPrograms: string[] = existsSync(SPEC)
  ? readFileSync(SPEC, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as { program: string }).program)
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
