// Recorded MCP calls answer a replay (DECISIONS T5): a call is matched on its server, its tool and
// its arguments as sent (the JSON text of T3), and the k-th equal call of a run gets the k-th
// recorded answer, so a tool need not be idempotent. A call nothing recorded is refused: the
// server is not connected, and no recorded call has these arguments.
import { PtcError } from '../lisp/errors.ts';
import type { Value } from '../lisp/values.ts';

/** One recorded call, its arguments as sent. */
export interface RecordedCall {
  readonly server: string;
  /** The server's own name for the tool. */
  readonly tool: string;
  /** The JSON text of the arguments sent (mcp-values.ts `mcpArguments`). */
  readonly args: string;
  readonly result: Value;
  /** The tool_error message when the call failed. */
  readonly error?: string;
}

export type RecordedAnswer = { readonly ok: true; readonly result: Value } | { readonly ok: false; readonly error: string };

const key = (server: string, tool: string, args: string): string => `${server}\u0000${tool}\u0000${args}`;

/** Answers calls from a run's record, each recorded answer once, in the order they were recorded. */
export class RecordedAnswers {
  private readonly queues = new Map<string, RecordedCall[]>();
  private readonly used = new Map<string, number>();

  constructor(calls: Iterable<RecordedCall>) {
    for (const c of calls) {
      const k = key(c.server, c.tool, c.args);
      let q = this.queues.get(k);
      if (q === undefined) this.queues.set(k, (q = []));
      q.push(c);
    }
  }

  /** The answer for the next call with these arguments, or the error of a call nothing recorded. */
  answer(server: string, tool: string, args: string, calledAs: string = tool): RecordedAnswer {
    const k = key(server, tool, args);
    const n = this.used.get(k) ?? 0;
    const recorded = this.queues.get(k)?.[n];
    if (recorded === undefined) {
      const times = n === 0 ? 'no recorded call has these arguments' : `only ${n} recorded call${n === 1 ? ' has' : 's have'} these arguments`;
      throw new PtcError(
        'tool_error',
        `tool/${calledAs} (server ${server}): the server is not connected, and ${times}: ${args.length > 200 ? args.slice(0, 199) + '…' : args}`,
      );
    }
    this.used.set(k, n + 1);
    return recorded.error !== undefined ? { ok: false, error: recorded.error } : { ok: true, result: recorded.result };
  }
}
