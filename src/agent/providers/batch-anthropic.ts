// Anthropic's Message Batches behind BatchProvider: every request goes in one create call as
// `{custom_id, params}`, the batch runs within 24 hours, and its results are JSON Lines at the batch's
// `results_url`. Same client, SDK loading, retries and error sorting as direct requests (anthropicSetup).
import type { MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import { LlmError } from '../llm.ts';
import type { LlmSettings } from '../llm-settings.ts';
import { anthropicSetup, normalizeAnthropicFinish, parseAnthropicUsage } from './anthropic.ts';
import type { BatchItem, BatchLimits, BatchOutcome, BatchProvider, BatchStatus } from './batch.ts';
import { checkItems, itemSettings, uploadTimeoutMs, utf8Bytes } from './batch-items.ts';
import { RESULT_BOUNDS, batchCall, withBoundedFetch, failedOutcome, notRunOutcome, replyOutcome, type ResultBounds } from './batch-outcomes.ts';
import type { ErrorContext } from './errors.ts';
import { anthropicRequestBody, type AnthropicRequestBody } from './request.ts';
import type { ProviderOptions } from './stream.ts';

/**
 * `{"requests":[` and `]}` around the entries, which are separated by commas: with each entry counted
 * with a comma after it, one comma too many is counted, so the envelope takes a byte less.
 */
const ENVELOPE_BYTES = '{"requests":[]}'.length - 1;

/**
 * Anthropic's published limits for one batch: 100,000 requests and 256 MB. The bytes are those of the
 * create request's body; each entry's size counts its comma, so the envelope is taken off here.
 */
export const ANTHROPIC_BATCH_LIMITS: BatchLimits = { maxRequests: 100_000, maxBytes: 256 * 1000 * 1000 - ENVELOPE_BYTES };

export interface AnthropicBatchEntry {
  readonly custom_id: string;
  readonly params: AnthropicRequestBody;
}

export function anthropicBatchEntry(item: BatchItem, batch: LlmSettings): AnthropicBatchEntry {
  return { custom_id: item.customId, params: anthropicRequestBody(itemSettings(item, batch), item.messages, item.stablePrefix) };
}

/**
 * A batch as BatchStatus. Waiting (`in_progress`, `canceling`) is `running`. Once `ended`: `cancelled`
 * when a cancel was asked for, else `expired` when any request expired (only a batch that ran out of
 * its 24 hours expires requests; the others it completed are in its results), else `ended`. Requests
 * are counted as Anthropic tallies them; expired and cancelled ones count as failed once it ended.
 */
export function anthropicBatchStatus(batch: MessageBatch): BatchStatus {
  const c = batch.request_counts;
  const ended = batch.processing_status === 'ended';
  const phase = !ended ? 'running' : batch.cancel_initiated_at ? 'cancelled' : c.expired > 0 ? 'expired' : 'ended';
  return {
    id: batch.id,
    phase,
    providerState: batch.processing_status,
    counts: { succeeded: c.succeeded, failed: c.errored + (ended ? c.expired + c.canceled : 0), pending: c.processing },
  };
}

/** The HTTP status a direct request answers with for each error type, so both are sorted alike. */
const STATUS_OF_ERROR_TYPE: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

function resultOutcome(line: MessageBatchIndividualResponse, ctx: ErrorContext, outputLimit: number): BatchOutcome {
  const result = line.result;
  switch (result.type) {
    case 'succeeded': {
      const message = result.message;
      const usage = parseAnthropicUsage(message.usage);
      const finishReason = normalizeAnthropicFinish(message.stop_reason);
      const content = Array.isArray(message.content) ? message.content : [];
      const text = content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return replyOutcome(
        {
          text,
          ...(usage ? { usage } : {}),
          ...(finishReason !== undefined ? { finishReason } : {}),
          ...(message.model ? { model: message.model } : {}),
        },
        ctx,
        outputLimit,
      );
    }
    case 'errored': {
      const type = (result.error as { error?: { type?: unknown } } | undefined)?.error?.type;
      const status = typeof type === 'string' ? STATUS_OF_ERROR_TYPE[type] : undefined;
      return failedOutcome({ type: 'http', ...(status !== undefined ? { status } : {}), body: result.error }, ctx);
    }
    case 'expired':
      return notRunOutcome('expired', ctx);
    case 'canceled':
      return notRunOutcome('cancelled', ctx);
    default:
      return failedOutcome({ type: 'http', body: result }, ctx);
  }
}

/** The provider of `createBatchProvider` for Anthropic; `bounds` limits what results may be read (tests make them small). */
export function createAnthropicBatchProvider(
  settings: LlmSettings,
  apiKey: string,
  options: ProviderOptions = {},
  bounds: ResultBounds = RESULT_BOUNDS,
): BatchProvider {
  const p = anthropicSetup(settings, apiKey, withBoundedFetch(options, bounds));
  const where = `${p.ctx.baseUrl} (/v1/messages/batches)`;
  return {
    provider: 'anthropic',
    limits: ANTHROPIC_BATCH_LIMITS,
    // The entry's JSON and the comma after it (see ANTHROPIC_BATCH_LIMITS).
    sizeOf: (item) => utf8Bytes(JSON.stringify(anthropicBatchEntry(item, settings))) + 1,
    async submit(items, signal) {
      checkItems(items, settings);
      const requests = items.map((item) => anthropicBatchEntry(item, settings));
      const bytes = requests.reduce((sum, entry) => sum + utf8Bytes(JSON.stringify(entry)) + 1, ENVELOPE_BYTES);
      return batchCall(p, where, async () => {
        const client = await p.client();
        // The SDK's type names every parameter Anthropic takes; the body is a subset of them. Never
        // retried: a creation that failed after the provider made the batch would make a second one.
        const batch = await client.messages.batches.create(
          { requests: requests as { custom_id: string; params: MessageCreateParamsNonStreaming }[] },
          { signal, timeout: uploadTimeoutMs(p.ctx.timeoutMs, bytes), maxRetries: 0 },
        );
        return batch.id;
      });
    },
    status: (id, signal) => batchCall(p, where, async () => anthropicBatchStatus(await (await p.client()).messages.batches.retrieve(id, {}, { signal }))),
    results: (id, signal) =>
      batchCall(p, where, async () => {
        const client = await p.client();
        const decoder = await client.messages.batches.results(id, {}, { signal });
        const outcomes = new Map<string, BatchOutcome>();
        let number = 0;
        try {
          for await (const line of decoder) {
            number++;
            if (typeof line?.custom_id !== 'string' || typeof line.result !== 'object' || line.result === null) {
              throw new LlmError(`The batch results from ${p.ctx.baseUrl} were refused: line ${number} is not a request's result.`, 'provider');
            }
            outcomes.set(line.custom_id, resultOutcome(line, p.ctx, p.outputLimit));
          }
        } catch (error) {
          // The SDK parses each line with JSON.parse.
          if (error instanceof SyntaxError)
            throw new LlmError(`The batch results from ${p.ctx.baseUrl} were refused: line ${number + 1} is not JSON.`, 'provider');
          throw error;
        }
        return outcomes;
      }),
  };
}
