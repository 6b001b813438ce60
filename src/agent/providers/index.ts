// The real LLM providers behind the Llm interface, and what the UI needs around them (the request
// as sent, host presets).
import type { Llm } from '../llm.ts';
import type { LlmSettings } from '../llm-settings.ts';
import { createAnthropicLlm } from './anthropic.ts';
import { createOpenAiLlm } from './openai.ts';
import { requireHttpBaseUrl } from './setup.ts';
import type { ProviderOptions } from './stream.ts';

export type { ProviderOptions } from './stream.ts';
export {
  describeRequest,
  effectiveBaseUrl,
  isOpenAiOwnApi,
  openAiBody,
  anthropicBody,
  OPENAI_DEFAULT_BASE_URL,
  ANTHROPIC_DEFAULT_BASE_URL,
  REDACTED,
  type DescribedRequest,
  type DescribeOptions,
  type OpenAiBody,
  type AnthropicBody,
  type AnthropicMessage,
  type AnthropicTextBlock,
  type RealProviderName,
} from './request.ts';
export { PRESETS, findPreset, presetForBaseUrl, type ProviderPreset } from './presets.ts';
export { parseOpenAiUsage, normalizeOpenAiFinish } from './openai.ts';
export { parseAnthropicUsage, normalizeAnthropicFinish } from './anthropic.ts';
export { MAX_RETRY_AFTER_SECONDS, parseRetryAfter, redactKey } from './errors.ts';

/**
 * A real LLM for these settings. The key is held only by the returned object (never in settings or
 * messages); an empty key sends no auth header (local servers). Throws at once, before any request,
 * for the mock provider (made by mockLlm), a missing model or a base URL that is not a URL.
 */
export function createLlm(settings: LlmSettings, apiKey: string, options: ProviderOptions = {}): Llm {
  if (settings.provider === 'mock') throw new Error('createLlm makes the real providers only; the mock LLM is made with mockLlm');
  requireHttpBaseUrl(settings);
  return settings.provider === 'anthropic' ? createAnthropicLlm(settings, apiKey, options) : createOpenAiLlm(settings, apiKey, options);
}
