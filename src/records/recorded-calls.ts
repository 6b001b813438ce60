// Recorded calls answer a replay (DECISIONS T5): a call is matched on its key (for an MCP tool its
// server, its tool and its arguments as sent, the JSON text of T3), and the k-th equal call of a
// run gets the k-th recorded answer, so a tool need not be idempotent.
import type { ToolAnswer, ToolAnswers } from '../lisp/runtime.ts';

/** One recorded call, by the key its tool gives its arguments. */
export interface RecordedCall extends ToolAnswer {
  readonly key: string;
}

/** The recorded calls of a run, each key's in the order they were made. */
export class RecordedCalls {
  private readonly byKey = new Map<string, ToolAnswer[]>();

  constructor(calls: Iterable<RecordedCall>) {
    for (const { key, ...answer } of calls) {
      let list = this.byKey.get(key);
      if (list === undefined) this.byKey.set(key, (list = []));
      list.push(answer);
    }
  }

  /** How many calls with this key were recorded. */
  count(key: string): number {
    return this.byKey.get(key)?.length ?? 0;
  }

  /**
   * Answers for one program of the run, whose earlier programs made `before` equal calls by key:
   * the program's first call with a key gets the answer after those.
   */
  answers(before: ReadonlyMap<string, number> = new Map()): ToolAnswers {
    return {
      answer: (_tool, key, occurrence) => this.byKey.get(key)?.[(before.get(key) ?? 0) + occurrence],
      recorded: (key) => this.count(key),
    };
  }
}

/** Counts of keys, for `answers(before)`. */
export function countKeys(keys: Iterable<string>): Map<string, number> {
  const out = new Map<string, number>();
  for (const k of keys) out.set(k, (out.get(k) ?? 0) + 1);
  return out;
}
