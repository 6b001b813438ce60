// Pure request builders: the providers hand exactly these bodies to the SDKs, and the UI's "what was
// sent" view shows the same ones through describeRequest, so the two cannot drift apart.
import { DEFAULT_MAX_OUTPUT_TOKENS, type LlmSettings } from '../llm-settings.ts';
import type { Message } from '../../records/records.ts';

export type RealProviderName = 'openai' | 'anthropic';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** The API version @anthropic-ai/sdk sends (a test checks it against what the SDK really sends). */
export const ANTHROPIC_VERSION = '2026-10-21';
/** Shown instead of the API key wherever a request is displayed. */
export const REDACTED = '[redacted]';

/** A chat completion's body without streaming: what a batch sends for one request. */
export interface OpenAiRequestBody {
  readonly model: string;
  readonly messages: readonly { readonly role: Message['role']; readonly content: string }[];
  readonly temperature?: number;
  readonly max_completion_tokens?: number;
  readonly max_tokens?: number;
}

/** The body a direct request sends: the same, streamed with usage in the last chunk. */
export interface OpenAiBody extends OpenAiRequestBody {
  readonly stream: true;
  readonly stream_options: { readonly include_usage: true };
}

export interface CacheControl {
  readonly type: 'ephemeral';
}

export interface AnthropicTextBlock {
  readonly type: 'text';
  readonly text: string;
  readonly cache_control?: CacheControl;
}

export interface AnthropicMessage {
  readonly role: 'user' | 'assistant';
  /** A plain string when nothing in it is marked for caching, else text blocks. */
  readonly content: string | readonly AnthropicTextBlock[];
}

/** A message request's body without streaming: what a batch sends for one request. */
export interface AnthropicRequestBody {
  readonly model: string;
  readonly max_tokens: number;
  readonly system?: readonly AnthropicTextBlock[];
  readonly messages: readonly AnthropicMessage[];
  readonly temperature?: number;
}

/** The body a direct request sends: the same, streamed. */
export interface AnthropicBody extends AnthropicRequestBody {
  readonly stream: true;
}

export interface DescribedRequest {
  readonly provider: RealProviderName;
  readonly method: 'POST';
  readonly url: string;
  /** The headers that matter for the request; the key is shown as `[redacted]`. */
  readonly headers: Readonly<Record<string, string>>;
  /** Exactly the JSON body sent. */
  readonly body: OpenAiBody | AnthropicBody;
}

/** The base URL the SDK is given: the setting, or the provider's own API when none is set. */
export function effectiveBaseUrl(settings: Pick<LlmSettings, 'provider' | 'baseUrl'>): string {
  const given = settings.baseUrl?.trim();
  if (given) return given;
  return settings.provider === 'anthropic' ? ANTHROPIC_DEFAULT_BASE_URL : OPENAI_DEFAULT_BASE_URL;
}

/** Joins a path the way both SDKs do: base URL + path, without doubling the slash. */
function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.endsWith('/') ? baseUrl + path.slice(1) : baseUrl + path;
}

/**
 * OpenAI's own API wants `max_completion_tokens` (`max_tokens` is deprecated there and refused by
 * reasoning models); local servers and most compatible hosts only know `max_tokens`.
 */
export function isOpenAiOwnApi(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined || baseUrl.trim() === '') return true;
  try {
    return new URL(baseUrl.trim()).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

function outputLimit(settings: LlmSettings): number {
  return settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
}

function requireModel(settings: LlmSettings): string {
  const model = settings.model?.trim();
  if (!model) throw new Error(`No model is set for the ${settings.provider} provider: choose one in the LLM settings`);
  return model;
}

export function openAiRequestBody(settings: LlmSettings, messages: readonly Message[]): OpenAiRequestBody {
  const limit = outputLimit(settings);
  return {
    model: requireModel(settings),
    messages: messages.map((m) => ({ role: m.role, content: m.content })),
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(isOpenAiOwnApi(settings.baseUrl) ? { max_completion_tokens: limit } : { max_tokens: limit }),
  };
}

export function openAiBody(settings: LlmSettings, messages: readonly Message[]): OpenAiBody {
  return { ...openAiRequestBody(settings, messages), stream: true, stream_options: { include_usage: true } };
}

const EPHEMERAL: CacheControl = { type: 'ephemeral' };

function textBlocks(content: string | readonly AnthropicTextBlock[]): AnthropicTextBlock[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
}

/**
 * Anthropic caches a prompt up to each `cache_control` breakpoint (at most 4 per request). Marked here:
 * the system prompt (static), the end of the stable prefix in the first USER message that starts with
 * it, and, when there is a conversation (full history), its last block so the next turn reads it back.
 */
export function anthropicRequestBody(settings: LlmSettings, messages: readonly Message[], stablePrefix?: string): AnthropicRequestBody {
  const system: AnthropicTextBlock[] = [];
  const conversation: AnthropicMessage[] = [];
  let prefixMarked = false;
  for (const m of messages) {
    if (m.role === 'system') {
      // Anthropic refuses empty text blocks.
      if (m.content !== '') system.push({ type: 'text', text: m.content });
      continue;
    }
    if (m.role === 'user' && !prefixMarked && stablePrefix && m.content.length > stablePrefix.length && m.content.startsWith(stablePrefix)) {
      prefixMarked = true;
      conversation.push({
        role: 'user',
        content: [
          { type: 'text', text: stablePrefix, cache_control: EPHEMERAL },
          { type: 'text', text: m.content.slice(stablePrefix.length) },
        ],
      });
      continue;
    }
    conversation.push({ role: m.role, content: m.content });
  }
  if (system.length > 0) system[system.length - 1] = { ...system[system.length - 1], cache_control: EPHEMERAL };
  if (conversation.length > 1) {
    const last = conversation[conversation.length - 1];
    const blocks = textBlocks(last.content);
    const end = blocks[blocks.length - 1];
    if (end.cache_control === undefined && end.text !== '') {
      blocks[blocks.length - 1] = { ...end, cache_control: EPHEMERAL };
      conversation[conversation.length - 1] = { role: last.role, content: blocks };
    }
  }
  return {
    model: requireModel(settings),
    max_tokens: outputLimit(settings),
    ...(system.length > 0 ? { system } : {}),
    messages: conversation,
    ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
  };
}

export function anthropicBody(settings: LlmSettings, messages: readonly Message[], stablePrefix?: string): AnthropicBody {
  return { ...anthropicRequestBody(settings, messages, stablePrefix), stream: true };
}

export interface DescribeOptions {
  /** False when no key is given: the providers then send no auth header at all. Default true. */
  readonly withKey?: boolean;
}

/** The request a provider sends for these messages, for display (the key is never included). */
export function describeRequest(settings: LlmSettings, messages: readonly Message[], stablePrefix?: string, options: DescribeOptions = {}): DescribedRequest {
  const baseUrl = effectiveBaseUrl(settings);
  const auth: Record<string, string> = options.withKey === false ? {} : { authorization: `Bearer ${REDACTED}` };
  if (settings.provider === 'anthropic') {
    return {
      provider: 'anthropic',
      method: 'POST',
      url: joinUrl(baseUrl, '/v1/messages'),
      headers: {
        'content-type': 'application/json',
        ...auth,
        'anthropic-version': ANTHROPIC_VERSION,
        'anthropic-dangerous-direct-browser-access': 'true',
      },
      body: anthropicBody(settings, messages, stablePrefix),
    };
  }
  if (settings.provider === 'openai') {
    return {
      provider: 'openai',
      method: 'POST',
      url: joinUrl(baseUrl, '/chat/completions'),
      headers: { 'content-type': 'application/json', ...auth },
      body: openAiBody(settings, messages),
    };
  }
  throw new Error(`The ${settings.provider} provider sends no HTTP request`);
}
