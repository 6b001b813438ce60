// The records the agent builds and compression reads: the tools as declared, the agent's memory of
// user definitions, a completed turn (the fields the strategies render), and the messages sent to an
// LLM. Their own layer, below both, so that neither has to borrow them from the other.
import type { PtcErrorInfo } from '../lisp/errors.ts';
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';

/** A tool as declared in a session: its implementation is PTC-Lisp source evaluating to a function. */
export interface ToolDef {
  readonly name: string;
  /** The signature, e.g. `(category :string) -> :string` (./signature.ts). */
  readonly signature: string;
  readonly description?: string;
  /** PTC-Lisp source, e.g. `(fn [category] (str "Reviews for " category))`. */
  readonly impl: string;
}

/** What the LLM is shown of a tool in `tool/` (C4): a session's own tool or an MCP server's. */
export type ShownTool = Pick<ToolDef, 'name' | 'signature' | 'description'>;

/** One message as sent to an LLM. */
export interface Message {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

/** A user definition as the agent keeps it between turns (the `user/` namespace). */
export interface MemoryEntry {
  readonly name: string;
  readonly value: Value;
  /** Docstring with every `;` removed (DEF-007). */
  readonly doc?: string;
  /** Type label of the value the function last returned when called in a turn (FMT-006). */
  readonly returnType?: string;
  /** The defining form as written (not saved in files: a replay on open restores it). */
  readonly source?: string;
}

/** Definitions in order of first definition; a redefinition keeps its place (DEF-009). */
export type Memory = ReadonlyMap<string, MemoryEntry>;

/** Why a turn failed: an interpreter error, a reply without code (`no_code`), or a `(fail reason)` (`fail`). */
export interface TurnError extends Omit<PtcErrorInfo, 'type'> {
  readonly type: PtcErrorInfo['type'] | 'no_code' | 'fail';
}

/**
 * A completed turn as the strategies read it. The agent's Turn (src/agent/turn.ts) extends it, so
 * every Turn is one; the meaning of each field is documented there.
 */
export interface TurnRecord {
  readonly number: number;
  readonly rawResponse: string;
  readonly program: string;
  readonly result: Value;
  readonly error?: TurnError;
  readonly prints: readonly string[];
  readonly toolCalls: readonly ToolCallRecord[];
  readonly success: boolean;
  /** The definitions after the turn (a failed turn keeps those before it): what the turn defined is the difference. */
  readonly memory?: Memory;
}
