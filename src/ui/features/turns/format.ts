// Small display helpers shared by the turn list, the messages and the REPL.
import type { ErrorView } from '../../../worker/engine-api.ts';

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 100) return `${Math.round(ms)} ms`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
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
