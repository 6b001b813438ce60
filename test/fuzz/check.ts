// What a fuzzed program must never do, checked on one run: throw, leak JavaScript's own words, give a
// message over 2,000 characters (a fail reason's included) or an error type the language does not
// have, change the memory it was given, or pass a limit undetected. Shared by the fuzz tests and the
// hardening report.
import '../../src/lisp/builtins/index.ts';
import { MAX_MESSAGE_CHARS } from '../../src/lisp/errors.ts';
import { printValue, strCapped } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { Definition } from '../../src/lisp/runtime.ts';
import { isList, isMap, isSet, isVector, Keyword, type Value } from '../../src/lisp/values.ts';
import { ERROR_TYPES, JS_LEAK } from './programs.ts';

export const FUZZ_LIMITS = { timeoutMs: 250, maxValueSize: 20_000, maxOutputChars: 4_000, maxLoopIterations: 1_000 };
// `odd`: a keyword no literal or (keyword s) can spell, as JSON keys make them.
const DATA = { xs: [1, 2, 3], odd: Keyword.of('a :b') };

/** How a fuzzed run went wrong: `crash` (it threw), `leak` (JavaScript's words), `limit` (passed undetected), `other`. */
export type ProblemKind = 'crash' | 'leak' | 'limit' | 'other';
export interface Problem {
  readonly kind: ProblemKind;
  readonly what: string;
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

export interface CheckOptions {
  /**
   * Also report a run that took far longer than its time limit (wall-clock time: true for the
   * hardening report, whose workers catch hangs; false in the unit tests, which assert nothing that
   * the machine's load can change, and where the test's own timeout catches a hang).
   */
  readonly timed?: boolean;
}

export function checkProgram(program: string, { timed = true }: CheckOptions = {}): Problem | null {
  const memory = new Map<string, Definition>([['kept', { name: 'kept', value: 41 }]]);
  let r: ReturnType<typeof run>;
  try {
    r = run({ program, memory, data: DATA, limits: FUZZ_LIMITS });
  } catch (e) {
    return { kind: 'crash', what: `threw: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}` };
  }
  if (memory.size !== 1 || memory.get('kept')?.value !== 41) return { kind: 'other', what: 'changed the memory it was given' };
  if (timed && r.durationMs > FUZZ_LIMITS.timeoutMs * 8 + 2_000)
    return { kind: 'limit', what: `ran ${Math.round(r.durationMs)} ms past a ${FUZZ_LIMITS.timeoutMs} ms limit undetected` };
  if (r.prints.join('\n').length > FUZZ_LIMITS.maxOutputChars * 2 + 10) return { kind: 'limit', what: 'printed past the output limit undetected' };
  if (!r.ok) {
    if (!ERROR_TYPES.has(r.error.type)) return { kind: 'other', what: `unknown error type ${r.error.type}` };
    if (r.error.message.length > 2_000) return { kind: 'other', what: `error message of ${r.error.message.length} characters` };
    if (JS_LEAK.test(r.error.message)) return { kind: 'leak', what: `JavaScript leaked: ${r.error.message.slice(0, 200)}` };
    return null;
  }
  if (largestCollection(r.value) > FUZZ_LIMITS.maxValueSize) return { kind: 'limit', what: 'built a collection past the size limit undetected' };
  if (typeof r.value === 'string' && r.value.length > FUZZ_LIMITS.maxValueSize) return { kind: 'limit', what: 'built a string past the size limit undetected' };
  // A fail reason is said as a message (the turn's error, the run's failure): as short as any other.
  if (r.signal === 'fail') {
    const message = strCapped(r.value);
    if (message.length > MAX_MESSAGE_CHARS) return { kind: 'other', what: `fail reason of ${message.length} characters` };
  }
  // Every host prints the result (the turn list, the run record, ptc eval): that must end too.
  try {
    printValue(r.value);
  } catch (e) {
    return { kind: 'crash', what: `printing the result threw: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}` };
  }
  return null;
}
