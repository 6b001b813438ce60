// Small display helpers shared by the turn list, the messages and the REPL.
import type { ErrorView } from '../../worker/engine.ts';

/** A turn's outcome in a word, the same on its card and in every comparison. */
export function turnOutcome(turn: { signal: 'return' | 'fail' | null; success: boolean }): 'returned' | 'fail' | 'ok' | 'error' {
  if (turn.signal === 'return') return 'returned';
  if (turn.signal === 'fail') return 'fail';
  return turn.success ? 'ok' : 'error';
}

let resolution: number | undefined;

/**
 * The smallest step of this browser's clock, in ms: Firefox and Safari round `performance.now()` to a
 * millisecond (or a tenth) where Chromium gives microseconds. Measured once, by watching it tick.
 */
export function clockResolutionMs(now?: () => number): number {
  if (now === undefined) return (resolution ??= clockStep(() => performance.now()));
  return clockStep(now);
}

function clockStep(now: () => number): number {
  let smallest = Infinity;
  let last = now();
  const until = last + 5;
  for (let i = 0; i < 100_000 && smallest === Infinity; i++) {
    const t = now();
    if (t > last) smallest = Math.min(smallest, t - last);
    last = t;
    if (t > until) break;
  }
  return Number.isFinite(smallest) ? smallest : 1;
}

/**
 * A duration as precise as the clock that measured it: "< 1 ms" and whole milliseconds where the clock
 * counts whole milliseconds, never "0.00 ms" for a time it could not see.
 */
export function formatMs(ms: number, clockMs: number = clockResolutionMs()): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  const step = clockMs >= 0.5 ? 1 : clockMs >= 0.05 ? 0.1 : 0.01;
  if (ms < step) return `< ${step} ms`;
  if (ms >= 100 || step === 1) return `${Math.round(ms)} ms`;
  if (ms >= 10 || step === 0.1) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** "type_error: message (line L, column C)". */
export function formatError(e: ErrorView): string {
  return `${e.type}: ${e.message}${locationOf(e)}`;
}

/** As formatError, without the hint at the end of the message (shown on its own line). */
export function formatReason(e: ErrorView): string {
  return `${e.type}: ${e.reason ?? e.message}${locationOf(e)}`;
}

export function locationOf(e: ErrorView): string {
  if (e.line === undefined) return '';
  return e.column !== undefined ? ` (line ${e.line}, column ${e.column})` : ` (line ${e.line})`;
}

/** The first 8 hex of a 16-hex prompt fingerprint: enough to tell prompts apart at a glance. */
export function shortHash(hash: string): string {
  return hash.slice(0, 8);
}
