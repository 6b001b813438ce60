// What a session keeps of a run it was reset from (DECISIONS T5): the calls its programs made of MCP
// servers, so the next run's equal calls are answered from them while a server is not connected,
// after a reload too. Calls of the session's own tools are left out: the session can make them again.
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { Session } from './schema.ts';

type RecordedTurns = readonly { readonly toolCalls: readonly ToolCallRecord[] }[];

/** The session after a Reset of a run that made `turns`: their servers' calls kept, in call order (none: the field goes). */
export function withPreviousRunCalls(session: Session, turns: RecordedTurns): Session {
  const calls = turns.flatMap((t) => t.toolCalls.filter((c) => c.server !== undefined));
  const { previousRunCalls: _replaced, ...rest } = session;
  return calls.length > 0 ? { ...rest, previousRunCalls: calls } : rest;
}

/**
 * The run whose recorded calls answer a replay of this session from its first turn: its own turns
 * when it has some, else the calls kept from the run before its last Reset.
 */
export function recordedRun(session: { readonly turns: RecordedTurns; readonly previousRunCalls?: readonly ToolCallRecord[] }): RecordedTurns {
  if (session.turns.length > 0 || session.previousRunCalls === undefined) return session.turns;
  return [{ toolCalls: session.previousRunCalls }];
}
