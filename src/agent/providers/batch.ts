// What an experiment needs from a provider's batch interface (OpenAI's Files and Batches, Anthropic's
// Message Batches): submit many requests at once, see how the batch is doing, and read what came back.
// A batch answers later (up to a day), so nothing here waits for it: the caller polls.
import type { Message } from '../../records/records.ts';
import type { LlmError, LlmReply } from '../llm.ts';
import type { LlmSettings } from '../llm-settings.ts';
import type { ProviderOptions } from './stream.ts';

/** One request of a batch: the messages a turn would send directly, under a caller-made id. */
export interface BatchItem {
  /**
   * Unique within the batch, made from indexes only (Anthropic accepts `[a-zA-Z0-9_-]{1,64}`), and
   * the key its result comes back under.
   */
  readonly customId: string;
  /** The variant's settings: the body is the direct request's, without streaming. */
  readonly settings: LlmSettings;
  readonly messages: readonly Message[];
  /** As LlmRequest.stablePrefix: where Anthropic's cache breakpoint goes. */
  readonly stablePrefix?: string;
}

/**
 * Where a batch stands. `running` covers the provider's waiting states (validating, queued,
 * in_progress, finalizing, canceling); the others are final. Results can be read once it is final:
 * an expired or cancelled batch still returns the requests it completed.
 */
export type BatchPhase = 'running' | 'ended' | 'expired' | 'failed' | 'cancelled';

export interface BatchStatus {
  readonly id: string;
  readonly phase: BatchPhase;
  /** The provider's own word for the state (for example `validating`, `in_progress`, `canceling`). */
  readonly providerState: string;
  /** Requests so far: done well, done with an error, not yet done. */
  readonly counts: { readonly succeeded: number; readonly failed: number; readonly pending: number };
  /** Why a batch failed as a whole (OpenAI's validation errors), in words. */
  readonly why?: string;
}

/** What one request of a batch came to: the reply a direct request would have given, or why not. */
export type BatchOutcome = { readonly ok: true; readonly reply: LlmReply } | { readonly ok: false; readonly error: LlmError };

export interface BatchLimits {
  /** Requests one batch may hold. */
  readonly maxRequests: number;
  /** Bytes of request bodies one batch may hold (OpenAI: the input file's size). */
  readonly maxBytes: number;
}

/**
 * One provider endpoint's batch interface, with the key held inside. Every item of one `submit` has
 * the same provider and base URL, and for OpenAI the same model (its input file takes one model).
 */
export interface BatchProvider {
  readonly provider: 'openai' | 'anthropic';
  readonly limits: BatchLimits;
  /**
   * The size a request takes against `limits.maxBytes` (its body as submitted): the items of a batch
   * fit when their sizes add up to no more than it.
   */
  sizeOf(item: BatchItem): number;
  /** Creates the batch and returns its id; rejects with an LlmError (auth, bad_request…) when the provider refuses it. */
  submit(items: readonly BatchItem[], signal?: AbortSignal): Promise<string>;
  status(id: string, signal?: AbortSignal): Promise<BatchStatus>;
  /**
   * The outcome of every request in the batch's results, by custom id; call only once the batch is
   * final (before that it rejects with an LlmError `provider`). A request the batch never ran (it
   * expired or was cancelled first) is `{ok: false}` of kind `provider`; a request missing from the
   * map is in no result file (a failed batch has none).
   */
  results(id: string, signal?: AbortSignal): Promise<ReadonlyMap<string, BatchOutcome>>;
}

/**
 * Makes the batch interface of the provider and base URL of `settings` (its model is the default
 * of items that name none), with the key held inside; an empty key sends no auth header. Throws at
 * once for the mock provider or a base URL that is not a URL.
 */
export type BatchProviderFactory = (settings: LlmSettings, apiKey: string, options?: ProviderOptions) => BatchProvider;
