// A reply an LLM gave for the next turn, held by the engine until it is applied as a turn.
import type { ReplyMeta } from '../agent/loop.ts';
import type { Usage } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import type { Message } from '../records/records.ts';

/** A reply the LLM gave for the next turn, waiting to be applied (with what it cost and how it was asked). */
export interface PendingReply {
  readonly number: number;
  readonly text: string;
  readonly messages: readonly Message[];
  readonly usage?: Usage;
  readonly llmMs: number;
  readonly sentWith: SentWith;
}

/** What the turn records of how its reply was asked. */
export function metaOf(pending: PendingReply): ReplyMeta {
  return { llmMs: pending.llmMs, llm: pending.sentWith, ...(pending.usage !== undefined ? { usage: pending.usage } : {}) };
}
