// The run record of `ptc run --json` (docs/decisions.md S2): every PTC value written in Clojure notation.
import { printValue } from '../lisp/printer.ts';
import type { LlmErrorKind, Usage } from './llm.ts';
import type { SentWith } from './llm-settings.ts';
import type { Step, Turn } from './turn.ts';
import type { TurnError } from '../records/records.ts';

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
  /** What the reader forgave in the program (absent when nothing). */
  warnings?: string[];
  toolCalls: ToolCallJson[];
  /** Memory after the turn: name → Clojure notation. */
  memory: Record<string, string>;
  messages: { role: string; content: string }[];
  durationMs: number;
  /** Tokens as the provider reported them (absent for the mock, or when the provider did not say). */
  usage?: Usage;
  /** Fingerprint of the SYSTEM prompt the turn was sent with. */
  promptHash?: string;
  /** Provider, model, base URL, temperature and output limit the request went out with (real LLMs). */
  llm?: SentWith;
}

/** Tokens of requests that never became turns (a reply cut off, a stream that broke…). */
export interface DiscardedJson extends Usage {
  count: number;
}

export interface RunUsageJson {
  turns: number;
  /** Time spent running programs. */
  durationMs: number;
  /** Time spent waiting for the LLM. */
  llmMs: number;
  /** The turns' `usage`, summed field by field (absent when no turn reported any). */
  tokens?: Usage;
  /** Failed requests of this run and what they cost (absent when none reported tokens). */
  discarded?: DiscardedJson;
}

export interface RunRecord {
  ok: boolean;
  status: Step['status'];
  return?: string;
  fail?: string;
  /** Set when the run stopped because the LLM could not answer (e.g. the mock ran out of replies). */
  error?: string;
  /** Why the LLM could not answer (see LlmErrorKind), with `error`. */
  errorKind?: LlmErrorKind;
  /** The real LLM the run asked (absent for the mock and replays). */
  llm?: SentWith;
  turns: TurnJson[];
  usage: RunUsageJson;
}

/** What the record says besides the step: how the run was stopped and by what LLM. */
export interface RunAbout {
  readonly error?: string;
  readonly errorKind?: LlmErrorKind;
  readonly llm?: SentWith;
  readonly discarded?: DiscardedJson;
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
    ...(t.warnings !== undefined && t.warnings.length > 0 ? { warnings: [...t.warnings] } : {}),
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
    ...(t.usage !== undefined ? { usage: { ...t.usage } } : {}),
    ...(t.promptHash !== undefined ? { promptHash: t.promptHash } : {}),
    ...(t.llm !== undefined ? { llm: { ...t.llm } } : {}),
  };
}

export function runRecord(step: Step, about: RunAbout = {}): RunRecord {
  const { error, errorKind, llm, discarded } = about;
  const u = step.usage;
  return {
    ok: step.status === 'returned' && error === undefined,
    status: step.status,
    ...(step.status === 'returned' ? { return: printValue(step.return ?? null) } : {}),
    ...(step.fail ? { fail: step.fail.message } : {}),
    ...(error !== undefined ? { error } : {}),
    ...(error !== undefined && errorKind !== undefined ? { errorKind } : {}),
    ...(llm !== undefined ? { llm: { ...llm } } : {}),
    turns: step.turns.map(turnRecord),
    usage: {
      turns: u.turns,
      durationMs: u.durationMs,
      llmMs: u.llmMs,
      ...(u.tokens !== undefined ? { tokens: { ...u.tokens } } : {}),
      ...(discarded !== undefined ? { discarded: { ...discarded } } : {}),
    },
  };
}
