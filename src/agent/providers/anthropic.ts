// Anthropic's Messages API, streamed through @anthropic-ai/sdk (loaded on the first request), with
// prompt-caching breakpoints placed by anthropicBody.
import type { MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { Llm, LlmRequest, Usage } from '../llm.ts';
import type { LlmSettings } from '../llm-settings.ts';
import { classifySdkError } from './errors.ts';
import { provider } from './setup.ts';
import { anthropicBody } from './request.ts';
import { runStream, type ProviderOptions, type StreamState } from './stream.ts';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/**
 * Anthropic counts cached prompt tokens apart from `input_tokens`; Usage counts every prompt token in
 * inputTokens. `start` is message_start's usage, `final` the last message_delta's (cumulative, and it
 * wins where it has a field); a whole (not streamed) message's usage goes in `start`.
 */
export function parseAnthropicUsage(start: unknown, final?: unknown): Usage | undefined {
  const a = record(start);
  const b = record(final);
  const pick = (key: string) => num(b[key]) ?? num(a[key]);
  const input = pick('input_tokens');
  const read = pick('cache_read_input_tokens');
  const written = pick('cache_creation_input_tokens');
  const output = pick('output_tokens');
  const out: { -readonly [K in keyof Usage]?: number } = {};
  if (input !== undefined || read !== undefined || written !== undefined) out.inputTokens = (input ?? 0) + (read ?? 0) + (written ?? 0);
  if (output !== undefined) out.outputTokens = output;
  if (read !== undefined) out.cachedInputTokens = read;
  if (written !== undefined) out.cacheWriteTokens = written;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `end_turn` and `stop_sequence` are a finished reply, `max_tokens` the output limit; others pass through. */
export function normalizeAnthropicFinish(reason: string | null | undefined): string | undefined {
  if (reason === null || reason === undefined) return undefined;
  if (reason === 'end_turn' || reason === 'stop_sequence') return 'stop';
  if (reason === 'max_tokens') return 'length';
  return reason;
}

/** message_start's usage, kept for the message_delta events that complete it. */
interface Memo {
  startUsage?: unknown;
}

function applyEvent(event: RawMessageStreamEvent, state: StreamState, memo: Memo): void {
  switch (event.type) {
    case 'message_start':
      if (event.message.model) state.model = event.message.model;
      memo.startUsage = event.message.usage;
      state.usage = parseAnthropicUsage(memo.startUsage);
      break;
    case 'content_block_delta':
      if (event.delta.type === 'text_delta') state.text += event.delta.text;
      break;
    case 'message_delta': {
      const finish = normalizeAnthropicFinish(event.delta.stop_reason);
      if (finish !== undefined) state.finishReason = finish;
      state.usage = parseAnthropicUsage(memo.startUsage, event.usage);
      break;
    }
    default:
      break;
  }
}

/** The client both direct requests and batches use (one SDK load, one way to make it). */
export const anthropicSetup = provider({
  provider: 'anthropic',
  exampleModel: 'claude-sonnet-4-5',
  load: () => import('@anthropic-ai/sdk'),
  // Given explicitly (even empty) so the SDK never looks for credentials in the environment.
  make: (sdk, shared, apiKey) => new sdk.default({ ...shared, apiKey }),
});

export function createAnthropicLlm(settings: LlmSettings, apiKey: string, options: ProviderOptions = {}): Llm {
  const p = anthropicSetup(settings, apiKey, options);
  return {
    label: `anthropic ${p.model}`,
    complete(request: LlmRequest) {
      const body = anthropicBody(settings, request.messages, request.stablePrefix) as MessageCreateParamsStreaming;
      const memo: Memo = {};
      return runStream<RawMessageStreamEvent>(request, {
        ctx: p.ctx,
        outputLimit: p.outputLimit,
        open: async (signal) => (await p.client()).messages.create(body, { signal }),
        onEvent: (event, state) => applyEvent(event, state, memo),
        classify: (error, phase) => classifySdkError(p.errorClasses(), error, phase),
      });
    },
  };
}
