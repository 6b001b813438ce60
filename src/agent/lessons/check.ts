// The lesson checker: runs the learner's program with the lesson's data and tools under the default
// limits, then says the first concrete thing that is wrong (a failed run, the wrong ending, a missing
// tool call, the value's shape or content, the printed text), so the page can show one message.
import { printCapped, printValue } from '../../lisp/printer.ts';
import { dataFromJson } from '../../lisp/json.ts';
import { run, type RunResult } from '../../lisp/run.ts';
import { DEFAULT_LIMITS, type ToolImpl } from '../../lisp/runtime.ts';
import { isFn, type Value } from '../../lisp/values.ts';
import { parseSignature } from '../../records/signature.ts';
import { checkedTool } from '../tool-check.ts';
import { describeDifference } from './shape.ts';
import type { Lesson } from './types.ts';

export interface CheckResult {
  readonly passed: boolean;
  /** What passed, or the first thing that is wrong, in one or two sentences. */
  readonly message: string;
  /** What to try: the interpreter's hint for a failed run, else the rule's own, else the lesson's first. */
  readonly hint?: string;
  /** The program's value in Clojure notation (text, so it crosses the worker boundary). */
  readonly value: string;
  readonly prints: readonly string[];
  /** The interpreter's error message when the program failed. */
  readonly error?: string;
}

/** The lesson's tools as the agent makes them: the implementation evaluated once, calls held to the signature. */
export function lessonTools(lesson: Lesson): ToolImpl[] {
  return lesson.tools.map((t) => {
    const r = run({ program: t.impl, data: dataFromJson(lesson.data), limits: DEFAULT_LIMITS });
    if (!r.ok || !isFn(r.value)) throw new Error(`lesson ${lesson.id}: tool ${t.name} does not evaluate to a function`);
    const sig = parseSignature(t.signature);
    return { name: t.name, fn: sig.ok ? checkedTool(t.name, t.signature, sig.params, r.value) : r.value };
  });
}

/** Reads PTC-Lisp source that a lesson holds (its expected value); a broken one is the lesson's bug. */
function readValue(lesson: Lesson, src: string): Value {
  const r = run({ program: src });
  if (!r.ok) throw new Error(`lesson ${lesson.id}: ${r.error.message}`);
  return r.value;
}

/** The predicate's verdict: null passes, else the reason. The value reaches it as `data/result`. */
function predicateVerdict(lesson: Lesson, predicate: string, value: Value): string | null {
  const r = run({ program: `(${predicate} data/result)`, data: new Map([['result', value]]) });
  if (!r.ok) return `the check could not judge this value: ${r.error.message}`;
  if (r.value === true) return null;
  if (typeof r.value === 'string') return r.value;
  return lesson.check.predicateMessage ?? 'the value does not meet the task';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

type Verdict = { message: string; hint?: string } | null;

/** The checks on how the program ran: its ending, its tool calls, its text. */
function runVerdict(lesson: Lesson, r: Extract<RunResult, { ok: true }>): Verdict {
  const c = lesson.check;
  if (r.signal === 'fail' && c.ending !== 'fail') return { message: `the program ended with (fail …): ${printCapped(r.value)}` };
  if (c.ending === 'return' && r.signal !== 'return') return { message: 'expected (return …) to end the program; it ended with its last value' };
  if (c.ending === 'fail' && r.signal !== 'fail') return { message: 'expected (fail …) to end the program' };
  const called = r.toolCalls.map((t) => t.name);
  for (const name of c.calls ?? []) {
    if (!called.includes(name)) return { message: `expected a call to tool/${name}` };
  }
  if (c.maxCalls !== undefined) {
    const n = called.filter((x) => x === c.maxCalls?.tool).length;
    if (n > c.maxCalls.max) return { message: `expected at most ${plural(c.maxCalls.max, 'call')} to tool/${c.maxCalls.tool}, got ${n}` };
  }
  return null;
}

function valueVerdict(lesson: Lesson, value: Value): Verdict {
  const c = lesson.check;
  if (c.expected !== undefined) {
    const diff = describeDifference(readValue(lesson, c.expected), value, c.noun);
    if (diff !== null) return { message: diff };
  }
  if (c.predicate !== undefined) {
    const why = predicateVerdict(lesson, c.predicate, value);
    if (why !== null) return { message: why };
  }
  return null;
}

function printsVerdict(lesson: Lesson, prints: readonly string[]): Verdict {
  for (const text of lesson.check.prints ?? []) {
    if (prints.some((p) => p.includes(text))) continue;
    if (prints.length === 0) return { message: `expected the output to include "${text}"; nothing was printed` };
    return { message: `expected the output to include "${text}"; it printed: ${prints.join(' | ').slice(0, 200)}` };
  }
  return null;
}

/**
 * The rules on the program's text. Forbidden text is judged first (Java interop that fails would
 * otherwise hide the rule); required text last, so a wrong value is named before a missing habit.
 */
function codeVerdict(lesson: Lesson, code: string, present: boolean): Verdict {
  for (const rule of (lesson.check.code ?? []).filter((c) => c.present === present)) {
    if (new RegExp(rule.pattern).test(code) !== rule.present) return { message: rule.message, ...(rule.hint !== undefined ? { hint: rule.hint } : {}) };
  }
  return null;
}

/** Runs `code` as the lesson's task and judges it. */
export function checkLesson(lesson: Lesson, code: string): CheckResult {
  const r = run({ program: code, data: dataFromJson(lesson.data), tools: lessonTools(lesson), limits: DEFAULT_LIMITS });
  const rule = codeVerdict(lesson, code, false);
  if (rule !== null) {
    const hint = rule.hint ?? lesson.hints[0];
    return {
      passed: false,
      message: rule.message,
      ...(hint !== undefined ? { hint } : {}),
      value: r.ok ? printValue(r.value) : '',
      prints: r.prints,
      ...(r.ok ? {} : { error: r.error.message }),
    };
  }
  if (!r.ok) {
    return {
      passed: false,
      message: `the program failed: ${r.error.message}`,
      ...(r.error.hint !== undefined ? { hint: r.error.hint } : lesson.hints.length > 0 ? { hint: lesson.hints[0] } : {}),
      value: '',
      prints: r.prints,
      error: r.error.message,
    };
  }
  const value = printValue(r.value);
  const verdict = runVerdict(lesson, r) ?? valueVerdict(lesson, r.value) ?? printsVerdict(lesson, r.prints) ?? codeVerdict(lesson, code, true);
  if (verdict === null) return { passed: true, message: 'passed', value, prints: r.prints };
  const hint = verdict.hint ?? lesson.hints[0];
  return { passed: false, message: verdict.message, ...(hint !== undefined ? { hint } : {}), value, prints: r.prints };
}
