// The LLM interface: messages in, reply text (and what it cost) out, cancellable. Providers plug in
// behind it: the mock and replay here, the real ones in ./providers/.
import type { Turn } from './turn.ts';
import type { Message } from '../records/records.ts';
import type { Usage } from './usage.ts';

export { USAGE_FIELDS, addUsage, type Usage } from './usage.ts';

export interface LlmRequest {
  readonly messages: readonly Message[];
  /** The 1-based number of the turn being asked for (scripted LLMs answer by it; real ones ignore it). */
  readonly turn: number;
  readonly signal?: AbortSignal;
  /**
   * Text at the start of USER messages that stays the same from turn to turn (the mission and the
   * `tool/` and `data/` sections). Providers with prompt caching mark where it ends.
   */
  readonly stablePrefix?: string;
  /** Called with the whole reply text so far each time more of it arrives (streaming providers). */
  readonly onText?: (textSoFar: string) => void;
}

export interface LlmReply {
  readonly text: string;
  readonly usage?: Usage;
  /** Why the model stopped, normalized: `stop` (it finished), `length` (output limit), or the provider's own word. */
  readonly finishReason?: string;
  /** The model that answered, as the provider named it. */
  readonly model?: string;
}

export interface Llm {
  /** Short label for the UI and run records, e.g. `mock (3 replies)`, `openai gpt-4o-mini`. */
  readonly label: string;
  complete(request: LlmRequest): Promise<LlmReply>;
}

/**
 * What can go wrong asking an LLM. `no_reply`: a script ran out; `aborted`: stopped by the user;
 * the rest come from real providers: `auth` (401/403), `not_found` (404: model or base URL),
 * `rate_limit` (429 after retries), `server` (5xx), `bad_request` (other 4xx), `connection` (refused,
 * reset, DNS), `cors` (the browser refused the cross-origin request), `timeout`, `truncated` (the
 * reply hit the output limit), `empty` (no text), `provider` (anything else).
 */
export type LlmErrorKind =
  | 'no_reply'
  | 'aborted'
  | 'auth'
  | 'not_found'
  | 'rate_limit'
  | 'server'
  | 'bad_request'
  | 'connection'
  | 'cors'
  | 'timeout'
  | 'truncated'
  | 'empty'
  | 'provider';

export interface LlmErrorDetails {
  /** HTTP status, when there was a response. */
  readonly status?: number;
  /** Text received before the failure (a stopped stream, a cut-off reply). */
  readonly partialText?: string;
  /** Tokens the failed request still cost, when the provider said. */
  readonly usage?: Usage;
  /** Seconds the provider asked to wait (429). */
  readonly retryAfterSeconds?: number;
}

export class LlmError extends Error {
  readonly status?: number;
  readonly partialText?: string;
  readonly usage?: Usage;
  readonly retryAfterSeconds?: number;

  constructor(
    message: string,
    readonly kind: LlmErrorKind,
    details: LlmErrorDetails = {},
  ) {
    super(message);
    this.name = 'LlmError';
    if (details.status !== undefined) this.status = details.status;
    if (details.partialText !== undefined) this.partialText = details.partialText;
    if (details.usage !== undefined) this.usage = details.usage;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
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
    complete({ turn, signal, onText }) {
      abortIfRequested(signal);
      const reply = script[turn - 1];
      if (reply === undefined) {
        return Promise.reject(
          new LlmError(`The mock LLM has no reply for turn ${turn} (its script has ${script.length}); add a reply to continue`, 'no_reply'),
        );
      }
      onText?.(reply);
      return Promise.resolve({ text: reply, finishReason: 'stop' });
    },
  };
}

/** Replays the replies recorded in saved turns, so a run can be reproduced exactly. */
export function replayLlm(turns: readonly Turn[]): Llm {
  return { ...mockLlm(turns.map((t) => t.rawResponse)), label: `replay (${turns.length} recorded turns)` };
}
