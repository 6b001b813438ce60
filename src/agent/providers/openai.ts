// OpenAI-compatible chat completions (OpenAI itself, OpenRouter, Groq, Ollama, LM Studio, vLLM…),
// streamed through the `openai` SDK. The SDK is loaded on the first request, so the engine worker
// does not carry it for sessions that never leave the mock.
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Llm, LlmRequest, Usage } from '../llm.ts';
import type { LlmSettings } from '../llm-settings.ts';
import { classifySdkError } from './errors.ts';
import { provider } from './setup.ts';
import { openAiBody } from './request.ts';
import { runStream, type ProviderOptions, type StreamState } from './stream.ts';

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Usage as chat completions report it (streamed in the last chunk, or in a whole completion). */
export function parseOpenAiUsage(raw: unknown): Usage | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const u = raw as Record<string, unknown>;
  const details = typeof u.prompt_tokens_details === 'object' && u.prompt_tokens_details !== null ? (u.prompt_tokens_details as Record<string, unknown>) : {};
  const out: { -readonly [K in keyof Usage]?: number } = {};
  const input = num(u.prompt_tokens);
  const output = num(u.completion_tokens);
  const cached = num(details.cached_tokens);
  // OpenRouter reports cache writes of models that bill them (Anthropic's, through it).
  const written = num(details.cache_write_tokens);
  if (input !== undefined) out.inputTokens = input;
  if (output !== undefined) out.outputTokens = output;
  if (cached !== undefined) out.cachedInputTokens = cached;
  if (written !== undefined) out.cacheWriteTokens = written;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** `stop` and `length` are already the normalized words; others pass through. */
export function normalizeOpenAiFinish(reason: string | null | undefined): string | undefined {
  return reason ?? undefined;
}

function applyChunk(chunk: ChatCompletionChunk, state: StreamState): void {
  if (chunk.model) state.model = chunk.model;
  const choice = chunk.choices?.[0];
  const piece = choice?.delta?.content;
  if (typeof piece === 'string') state.text += piece;
  const finish = normalizeOpenAiFinish(choice?.finish_reason);
  if (finish !== undefined) state.finishReason = finish;
  // Some servers repeat a running total in every chunk: the last one wins.
  const usage = parseOpenAiUsage(chunk.usage);
  if (usage) state.usage = usage;
}

/** The client both direct requests and batches use (one SDK load, one way to make it). */
export const openAiSetup = provider({
  provider: 'openai',
  exampleModel: 'gpt-4o-mini',
  load: () => import('openai'),
  make: (sdk, shared, apiKey) =>
    new sdk.default({
      ...shared,
      // The SDK insists on a key; with none (local servers) the Authorization header is left out.
      apiKey: apiKey || 'no-key',
      // null keeps the SDK from reading OPENAI_* variables of the environment (command line).
      organization: null,
      project: null,
      adminAPIKey: null,
    }),
});

export function createOpenAiLlm(settings: LlmSettings, apiKey: string, options: ProviderOptions = {}): Llm {
  const p = openAiSetup(settings, apiKey, options);
  return {
    label: `openai ${p.model}`,
    complete(request: LlmRequest) {
      const body: ChatCompletionCreateParamsStreaming = openAiBody(settings, request.messages) as ChatCompletionCreateParamsStreaming;
      return runStream<ChatCompletionChunk>(request, {
        ctx: p.ctx,
        outputLimit: p.outputLimit,
        open: async (signal) => (await p.client()).chat.completions.create(body, { signal }),
        onEvent: applyChunk,
        classify: (error, phase) => classifySdkError(p.errorClasses(), error, phase),
      });
    },
  };
}
