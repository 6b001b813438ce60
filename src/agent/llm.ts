// The LLM interface: messages in, reply text out, cancellable. Providers plug in behind it.
import type { Message, Turn } from './turn.ts';

export interface LlmRequest {
  readonly messages: readonly Message[];
  /** The 1-based number of the turn being asked for (scripted LLMs answer by it; real ones ignore it). */
  readonly turn: number;
  readonly signal?: AbortSignal;
}

export interface Llm {
  /** Short label for the UI and run records, e.g. `mock (3 replies)`. */
  readonly label: string;
  complete(request: LlmRequest): Promise<string>;
}

export class LlmError extends Error {
  constructor(
    message: string,
    readonly kind: 'no_reply' | 'aborted' | 'provider',
  ) {
    super(message);
  }
}

function abortIfRequested(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new LlmError('The request to the LLM was stopped', 'aborted');
}

/** A script of replies, one per turn: reply N answers turn N. */
export function mockLlm(replies: readonly string[]): Llm {
  const script = [...replies];
  return {
    label: `mock (${script.length} ${script.length === 1 ? 'reply' : 'replies'})`,
    complete({ turn, signal }) {
      abortIfRequested(signal);
      const reply = script[turn - 1];
      if (reply === undefined) {
        return Promise.reject(new LlmError(`The mock LLM has no reply for turn ${turn} (its script has ${script.length}); add a reply to continue`, 'no_reply'));
      }
      return Promise.resolve(reply);
    },
  };
}

/** Replays the replies recorded in saved turns, so a run can be reproduced exactly. */
export function replayLlm(turns: readonly Turn[]): Llm {
  return { ...mockLlm(turns.map((t) => t.rawResponse)), label: `replay (${turns.length} recorded turns)` };
}
