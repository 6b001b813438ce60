// What happened in earlier turns: tool calls, println output, failed attempts, turns left (C9–C12).
import type { TurnError, TurnRecord } from '../records/records.ts';
import type { ToolCallRecord } from '../lisp/runtime.ts';
import { TOOL_ARG_LIMIT, TOOL_ARG_PRINTABLE_LIMIT, sample } from './layout.ts';

export const TOOL_CALLS_HEADER = ';; Tool calls made:';
export const NO_TOOL_CALLS = ';; No tool calls made';
export const OUTPUT_HEADER = ';; Output:';
export const FINAL_TURN = 'FINAL TURN - you must call (return result) or (fail reason) now.';

export interface Section {
  readonly text: string | null;
  readonly shown: number;
  readonly dropped: number;
}

/** Call lines already written (a call never changes once recorded): every request lists the latest calls again. */
const callLines = new WeakMap<ToolCallRecord, string>();

/** `;   NAME(ARG ARG)`: arguments cut to 3 items and 60 characters each (FMT-012, TRN-003); results never shown (TC-004). */
export function renderToolCall(call: ToolCallRecord): string {
  let line = callLines.get(call);
  if (line === undefined) {
    const args = call.args.map((a) => sample(a, TOOL_ARG_LIMIT, TOOL_ARG_PRINTABLE_LIMIT)).join(' ');
    line = `;   ${call.name}(${args})`;
    callLines.set(call, line);
  }
  return line;
}

/**
 * The last `limit` calls, oldest dropped first (TC-002/007). `anyCompleted` gates the "No tool calls" line (C9).
 * `calls` may be only the last ones (at least `limit` of them, or all): `total` says how many there were.
 */
export function renderToolCalls(calls: readonly ToolCallRecord[], limit: number, anyCompleted: boolean, total = calls.length): Section {
  if (total === 0) return { text: anyCompleted ? NO_TOOL_CALLS : null, shown: 0, dropped: 0 };
  const shown = limit > 0 ? calls.slice(-limit) : [];
  const dropped = total - shown.length;
  if (shown.length === 0) return { text: null, shown: 0, dropped };
  return { text: [TOOL_CALLS_HEADER, ...shown.map(renderToolCall)].join('\n'), shown: shown.length, dropped };
}

/**
 * The last `limit` println entries, as printed, no prefix, multi-line entries whole (C10, TRN-006…010).
 * `prints` may be only the last ones (at least `limit` of them, or all): `total` says how many there were.
 */
export function renderOutput(prints: readonly string[], limit: number, total = prints.length): Section {
  if (total === 0) return { text: null, shown: 0, dropped: 0 };
  const shown = limit > 0 ? prints.slice(-limit) : [];
  const dropped = total - shown.length;
  if (shown.length === 0) return { text: null, shown: 0, dropped };
  return { text: [OUTPUT_HEADER, ...shown].join('\n'), shown: shown.length, dropped };
}

/** `MESSAGE (line L, column C)`: the location helps the LLM find the fault in the program shown above it. */
export function describeError(error: TurnError | undefined): string {
  if (!error) return 'unknown error';
  const where = error.line !== undefined ? ` (line ${error.line}${error.column !== undefined ? `, column ${error.column}` : ''})` : '';
  return `${error.message}${where}`;
}

/**
 * The shortest backtick fence no line of `text` can close: one backtick longer than the longest run that starts a
 * line (any indentation, as extractProgram reads replies), and at least three.
 */
export function fenceFor(text: string): string {
  let longest = 0;
  for (const m of text.matchAll(/^[ \t]*(`+)/gm)) longest = Math.max(longest, m[1].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/**
 * The attempt block of one failed turn (C11): the program, or for a reply without code the reply itself.
 * The outer fence is made longer than any fence inside the shown text rather than quoting or escaping it: the
 * LLM sees its program or reply byte for byte, a ```json block or a "```" line in a string cannot close the
 * outer fence (a closing fence needs at least as many backticks), and the usual case keeps the plain ```clojure.
 */
export function renderAttempt(turn: TurnRecord): string {
  const code = turn.program !== '' ? turn.program : turn.rawResponse.replace(/\r\n?/g, '\n').trim();
  const fence = fenceFor(code);
  return ['---', 'Your previous attempt:', `${fence}clojure`, code, fence, '', `Error: ${describeError(turn.error)}`, '---'].join('\n');
}

/**
 * Failed attempts shown while the run is still failing: the latest, or with "all" every failure since the
 * last success, oldest first. Everything else that failed is collapsed (C11, CMP-002, ERR-001…003).
 */
export function renderFailedAttempts(turns: readonly TurnRecord[], mode: 'latest' | 'all'): { text: string | null; collapsed: number } {
  const failedTotal = turns.reduce((n, t) => n + (t.success ? 0 : 1), 0);
  let start = turns.length;
  while (start > 0 && !turns[start - 1].success) start--;
  const streak = turns.slice(start);
  const shown = mode === 'all' ? streak : streak.slice(-1);
  return { text: shown.length > 0 ? shown.map(renderAttempt).join('\n\n') : null, collapsed: failedTotal - shown.length };
}

/** `Turns left: N`, or the final-turn line when N < 2 (C12, MSG-005); null in single-shot mode (SS-001). */
export function turnsIndicator(maxTurns: number, completed: number): string | null {
  if (maxTurns <= 1) return null;
  const left = maxTurns - completed;
  return left >= 2 ? `Turns left: ${left}` : FINAL_TURN;
}

/**
 * What the summaries need of every earlier turn, counted without copying each call and print: a
 * request renders all the turns before it, and a run's comparison renders every request.
 */
export interface Tally {
  readonly successful: number;
  /** Calls of every turn: a failed turn's calls happened too (C9). */
  readonly calls: number;
  /** println entries of successful turns. */
  readonly prints: number;
}

export function tally(turns: readonly TurnRecord[]): Tally {
  let successful = 0;
  let calls = 0;
  let prints = 0;
  for (const t of turns) {
    calls += t.toolCalls.length;
    if (t.success) {
      successful++;
      prints += t.prints.length;
    }
  }
  return { successful, calls, prints };
}

/** The last `n` calls of all the turns, in order (none when n <= 0). */
export function lastCalls(turns: readonly TurnRecord[], n: number): ToolCallRecord[] {
  const out: ToolCallRecord[] = [];
  for (let i = turns.length - 1; i >= 0 && out.length < n; i--) {
    const calls = turns[i].toolCalls;
    for (let j = calls.length - 1; j >= 0 && out.length < n; j--) out.push(calls[j]);
  }
  return out.reverse();
}

/** The last `n` println entries of the successful turns, in order (none when n <= 0). */
export function lastPrints(turns: readonly TurnRecord[], n: number): string[] {
  const out: string[] = [];
  for (let i = turns.length - 1; i >= 0 && out.length < n; i--) {
    if (!turns[i].success) continue;
    const prints = turns[i].prints;
    for (let j = prints.length - 1; j >= 0 && out.length < n; j--) out.push(prints[j]);
  }
  return out.reverse();
}
