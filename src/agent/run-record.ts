// The run record of `ptc run --json` (DECISIONS S2): every PTC value written in Clojure notation.
import { printValue } from '../lisp/printer.ts';
import type { Step, Turn, TurnError } from './turn.ts';

export interface ToolCallJson {
  name: string;
  args: string[];
  result: string;
  durationMs: number;
  error?: string;
}

export interface TurnJson {
  number: number;
  rawResponse: string;
  program: string;
  success: boolean;
  /** Clojure notation of the turn's value (`nil` for a failed turn). */
  result: string;
  error?: TurnError;
  signal: 'return' | 'fail' | null;
  prints: string[];
  toolCalls: ToolCallJson[];
  /** Memory after the turn: name → Clojure notation. */
  memory: Record<string, string>;
  messages: { role: string; content: string }[];
  durationMs: number;
}

export interface RunRecord {
  ok: boolean;
  status: Step['status'];
  return?: string;
  fail?: string;
  /** Set when the run stopped because the LLM could not answer (e.g. the mock ran out of replies). */
  error?: string;
  turns: TurnJson[];
  usage: Step['usage'];
}

export function turnRecord(t: Turn): TurnJson {
  const memory: Record<string, string> = {};
  for (const [name, entry] of t.memory) memory[name] = printValue(entry.value);
  return {
    number: t.number,
    rawResponse: t.rawResponse,
    program: t.program,
    success: t.success,
    result: printValue(t.result),
    ...(t.error ? { error: t.error } : {}),
    signal: t.signal,
    prints: [...t.prints],
    toolCalls: t.toolCalls.map((c) => ({
      name: c.name,
      args: c.args.map(printValue),
      result: printValue(c.result),
      durationMs: c.durationMs,
      ...(c.error !== undefined ? { error: c.error } : {}),
    })),
    memory,
    messages: t.messages.map((m) => ({ role: m.role, content: m.content })),
    durationMs: t.durationMs,
  };
}

export function runRecord(step: Step, error?: string): RunRecord {
  return {
    ok: step.status === 'returned' && error === undefined,
    status: step.status,
    ...(step.status === 'returned' ? { return: printValue(step.return ?? null) } : {}),
    ...(step.fail ? { fail: step.fail.message } : {}),
    ...(error !== undefined ? { error } : {}),
    turns: step.turns.map(turnRecord),
    usage: step.usage,
  };
}
