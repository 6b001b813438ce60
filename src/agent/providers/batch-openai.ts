// OpenAI's Batch API behind BatchProvider: the requests go up as a JSONL file (purpose `batch`), a
// batch runs them on /v1/chat/completions within 24 hours, and its output and error files hold the
// answers. Same client, SDK loading, retries and error sorting as direct requests (openAiSetup).
import type { Batch } from 'openai/resources/batches';
import type { LlmSettings } from '../llm-settings.ts';
import type { BatchItem, BatchLimits, BatchOutcome, BatchProvider, BatchStatus } from './batch.ts';
import { checkItems, itemSettings, uploadTimeoutMs, utf8Bytes } from './batch-items.ts';
import {
  RESULT_BOUNDS,
  batchCall,
  withBoundedFetch,
  failedOutcome,
  jsonLines,
  notResultError,
  notRunOutcome,
  record,
  replyOutcome,
  text,
  type ResultBounds,
} from './batch-outcomes.ts';
import type { ErrorContext } from './errors.ts';
import { normalizeOpenAiFinish, openAiSetup, parseOpenAiUsage } from './openai.ts';
import { openAiRequestBody } from './request.ts';
import type { ProviderOptions } from './stream.ts';

/** OpenAI's published limits for one batch: 50,000 requests and an input file of 200 MB. */
export const OPENAI_BATCH_LIMITS: BatchLimits = { maxRequests: 50_000, maxBytes: 200 * 1000 * 1000 };

/** The endpoint every request of a batch goes to (the input file names it per line, the batch once). */
const ENDPOINT = '/v1/chat/completions';

/** One line of the input file, newline included: its bytes are what the request takes of the limit. */
export function openAiBatchLine(item: BatchItem, batch: LlmSettings): string {
  const body = openAiRequestBody(itemSettings(item, batch), item.messages);
  return `${JSON.stringify({ custom_id: item.customId, method: 'POST', url: ENDPOINT, body })}\n`;
}

const RUNNING: ReadonlySet<Batch['status']> = new Set(['validating', 'in_progress', 'finalizing', 'cancelling']);

/** A batch as BatchStatus: waiting states are `running`; `completed` is `ended`; the rest are their own. */
export function openAiBatchStatus(batch: Batch): BatchStatus {
  const counts = batch.request_counts ?? { total: 0, completed: 0, failed: 0 };
  const phase = RUNNING.has(batch.status)
    ? 'running'
    : batch.status === 'completed'
      ? 'ended'
      : batch.status === 'cancelled'
        ? 'cancelled'
        : batch.status === 'expired'
          ? 'expired'
          : 'failed';
  const why = (batch.errors?.data ?? [])
    .map((e) => (e.line !== undefined && e.line !== null ? `line ${e.line}: ${e.message ?? e.code ?? ''}` : (e.message ?? e.code ?? '')))
    .filter((m) => m !== '')
    .join('; ');
  return {
    id: batch.id,
    phase,
    providerState: batch.status,
    counts: { succeeded: counts.completed, failed: counts.failed, pending: Math.max(0, counts.total - counts.completed - counts.failed) },
    ...(why !== '' ? { why } : {}),
  };
}

/** One line of an output or error file: `{custom_id, response: {status_code, body} | null, error: {code, message} | null}`. */
function lineOutcome(line: unknown, ctx: ErrorContext, outputLimit: number): BatchOutcome {
  const entry = record(line);
  const response = record(entry.response);
  const status = typeof response.status_code === 'number' ? response.status_code : undefined;
  const error = entry.error === null || entry.error === undefined ? undefined : record(entry.error);
  const body = record(response.body);
  const model = text(body.model);
  if (status === 200 && error === undefined) {
    const choice = record(Array.isArray(body.choices) ? (body.choices[0] as unknown) : undefined);
    const usage = parseOpenAiUsage(body.usage);
    const finishReason = normalizeOpenAiFinish(text(choice.finish_reason));
    return replyOutcome(
      {
        text: text(record(choice.message).content) ?? '',
        ...(usage ? { usage } : {}),
        ...(finishReason !== undefined ? { finishReason } : {}),
        ...(model !== undefined ? { model } : {}),
      },
      ctx,
      outputLimit,
    );
  }
  // Requests the batch never ran are written to the error file with these codes and no response.
  if (status === undefined && error?.code === 'batch_expired') return notRunOutcome('expired', ctx);
  if (status === undefined && error?.code === 'batch_cancelled') return notRunOutcome('cancelled', ctx);
  const message = text(error?.message);
  return failedOutcome(
    {
      type: 'http',
      ...(status !== undefined ? { status } : {}),
      body: response.body ?? (error ? { error } : undefined),
      ...(message !== undefined ? { message } : {}),
    },
    ctx,
    model,
  );
}

/** The provider of `createBatchProvider` for OpenAI; `bounds` limits what results may be read (tests make them small). */
export function createOpenAiBatchProvider(
  settings: LlmSettings,
  apiKey: string,
  options: ProviderOptions = {},
  bounds: ResultBounds = RESULT_BOUNDS,
): BatchProvider {
  const p = openAiSetup(settings, apiKey, withBoundedFetch(options, bounds));
  const where = `${p.ctx.baseUrl} (/files and /batches)`;
  return {
    provider: 'openai',
    limits: OPENAI_BATCH_LIMITS,
    sizeOf: (item) => utf8Bytes(openAiBatchLine(item, settings)),
    async submit(items, signal) {
      checkItems(items, settings);
      const lines = items.map((item) => openAiBatchLine(item, settings));
      const models = new Set(items.map((item) => itemSettings(item, settings).model?.trim()));
      if (models.size > 1) throw new Error(`An OpenAI batch takes one model, but these requests name ${[...models].join(', ')}: submit one batch per model`);
      const jsonl = new TextEncoder().encode(lines.join(''));
      return batchCall(p, where, async () => {
        const client = await p.client();
        // Loaded already by client(): only its file helper is taken here.
        const { toFile } = await import('openai');
        // The file holds request bodies only: the key travels in the Authorization header alone.
        const file = await toFile(jsonl, 'batch-input.jsonl', { type: 'application/jsonl' });
        const uploaded = await client.files.create({ file, purpose: 'batch' }, { signal, timeout: uploadTimeoutMs(p.ctx.timeoutMs, jsonl.length) });
        // Never retried: a creation that failed after the provider made the batch would make a second one.
        const batch = await client.batches.create({ input_file_id: uploaded.id, endpoint: ENDPOINT, completion_window: '24h' }, { signal, maxRetries: 0 });
        return batch.id;
      });
    },
    status: (id, signal) => batchCall(p, where, async () => openAiBatchStatus(await (await p.client()).batches.retrieve(id, { signal }))),
    results: (id, signal) =>
      batchCall(p, where, async () => {
        const client = await p.client();
        const batch = await client.batches.retrieve(id, { signal });
        if (RUNNING.has(batch.status)) throw new Error(`The batch ${id} is still ${batch.status}: read its results once it has ended`);
        const outcomes = new Map<string, BatchOutcome>();
        for (const fileId of [batch.output_file_id, batch.error_file_id]) {
          if (!fileId) continue;
          const content = await client.files.content(fileId, { signal });
          const from = `${p.ctx.baseUrl} (file ${fileId})`;
          for await (const { number, value } of jsonLines(content.body, from)) {
            const customId = text(record(value).custom_id);
            if (customId === undefined) throw notResultError(from, number, 'has no custom_id');
            outcomes.set(customId, lineOutcome(value, p.ctx, p.outputLimit));
          }
        }
        return outcomes;
      }),
  };
}
