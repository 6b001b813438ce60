// Turn and Step: the immutable records of a run (docs/decisions.md R1; docs/requirements.md ARC-001/002/007, DBG-001…005).
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import type { Memory, Message, TurnError, TurnRecord } from '../records/records.ts';
import type { Usage } from './usage.ts';
import type { SentWith } from './llm-settings.ts';
import type { LanguageId } from './languages.ts';

export interface Turn extends TurnRecord {
  /** 1-based position in the run. */
  readonly number: number;
  /** The LLM's reply exactly as received. */
  readonly rawResponse: string;
  /** The code block taken from the reply ('' when the reply had none). */
  readonly program: string;
  /** The last expression's value, the `(return v)` value or the `(fail reason)` reason; nil for a failed turn. */
  readonly result: Value;
  /** Set exactly when success is false; type `fail` for `(fail reason)`, `no_code` for a reply without a code block. */
  readonly error?: TurnError;
  /** How the program ended: `return`, `fail`, or null when it simply finished (or errored). */
  readonly signal: 'return' | 'fail' | null;
  /** One entry per println call (L6). */
  readonly prints: readonly string[];
  /** What the reader forgave in the program (stray closing brackets after the last form); absent when nothing. */
  readonly warnings?: readonly string[];
  readonly toolCalls: readonly ToolCallRecord[];
  /** Memory after this turn (unchanged from before it when the turn failed: definitions are transactional). */
  readonly memory: Memory;
  /** False when the program errored, the reply had no code, or the program called `(fail …)`. */
  readonly success: boolean;
  /** The exact messages sent to the LLM for this turn. */
  readonly messages: readonly Message[];
  readonly durationMs: number;
  /** Tokens the LLM's answer cost, as the provider reported them (absent for the mock and a person). */
  readonly usage?: Usage;
  /**
   * The language the turn ran under when it is not today's (see languages.ts): its SYSTEM prompt is
   * that language's, and its outcome is as recorded then.
   */
  readonly language?: LanguageId;
  /** Fingerprint of the SYSTEM prompt the turn was sent with (see promptHash). */
  readonly promptHash?: string;
  /** The provider, model and parameters the turn's request went out with (absent for the mock and a person). */
  readonly llm?: SentWith;
}

export type StepStatus = 'running' | 'returned' | 'failed' | 'out_of_turns';

/** The state of a run: append-only turns plus how it ended. */
export interface Step {
  readonly turns: readonly Turn[];
  /** Memory for the next turn: the last turn's memory (or, after resuming, the same rebuilt with live functions). */
  readonly memory: Memory;
  readonly status: StepStatus;
  /** The value of `(return v)` when status is 'returned'. */
  readonly return?: Value;
  /** Why the run failed when status is 'failed' or 'out_of_turns'. */
  readonly fail?: { readonly reason: Value; readonly message: string };
  readonly usage: StepUsage;
}

export interface StepUsage {
  readonly turns: number;
  /** Time spent running programs. */
  readonly durationMs: number;
  /** Time spent waiting for the LLM. */
  readonly llmMs: number;
  /** Tokens of every turn's request, summed (absent when no turn reported any). */
  readonly tokens?: Usage;
}
