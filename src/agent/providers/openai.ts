// OpenAI-compatible chat completions (OpenAI itself, OpenRouter, Groq, Ollama, LM Studio, vLLM…),
// streamed through the `openai` SDK. The SDK is loaded on the first request, so the engine worker
// does not carry it for sessions that never leave the mock.
import type OpenAI from 'openai';
import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from 'openai/resources/chat/completions';
import type { Llm, LlmRequest, Usage } from '../llm.ts';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_REQUEST_TIMEOUT_MS, type LlmSettings } from '../llm-settings.ts';
import { classifySdkError, lazySdk, limitRetryAfter, type ErrorContext } from './errors.ts';
import { effectiveBaseUrl, openAiBody } from './request.ts';
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

type OpenAiSdk = typeof import('openai');
const loadSdk = lazySdk<OpenAiSdk>('openai', () => import('openai'));

export function createOpenAiLlm(settings: LlmSettings, apiKey: string, options: ProviderOptions = {}): Llm {
  const model = settings.model?.trim();
  if (!model) throw new Error('No model is set for the openai provider: choose one in the LLM settings (for example gpt-4o-mini)');
  const baseUrl = effectiveBaseUrl(settings);
  const timeoutMs = settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const maxRetries = options.maxRetries ?? 2;
  const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let sdk: OpenAiSdk | undefined;
  let client: OpenAI | undefined;
  const getClient = async (): Promise<OpenAI> => {
    sdk = await loadSdk();
    client ??= new sdk.default({
      // The SDK insists on a key; with none (local servers) the Authorization header is left out below.
      apiKey: apiKey || 'no-key',
      // null keeps the SDK from reading OPENAI_* variables of the environment (command line).
      organization: null,
      project: null,
      adminAPIKey: null,
      baseURL: baseUrl,
      dangerouslyAllowBrowser: true,
      maxRetries,
      timeout: timeoutMs,
      fetch: limitRetryAfter(baseFetch),
      ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    });
    return client;
  };
  const ctx: ErrorContext = { provider: 'openai', baseUrl, model, apiKey, timeoutMs, maxRetries };
  return {
    label: `openai ${model}`,
    complete(request: LlmRequest) {
      const body: ChatCompletionCreateParamsStreaming = openAiBody(settings, request.messages) as ChatCompletionCreateParamsStreaming;
      return runStream<ChatCompletionChunk>(request, {
        ctx,
        outputLimit: settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
        open: async (signal) => (await getClient()).chat.completions.create(body, { signal }),
        onEvent: applyChunk,
        classify: (error, phase) => classifySdkError(sdk, error, phase),
      });
    },
  };
}
