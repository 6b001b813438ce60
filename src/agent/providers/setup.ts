// What both providers do before their first request, written once: the model is required, the base
// URL and limits are resolved, and the SDK is loaded on first use (so the engine worker carries it
// only for sessions that ask a real model) to make one client with the options both SDKs share.
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_REQUEST_TIMEOUT_MS, type LlmSettings } from '../llm-settings.ts';
import { lazySdk, limitRetryAfter, type ErrorContext, type SdkErrorClasses } from './errors.ts';
import { effectiveBaseUrl } from './request.ts';
import type { ProviderOptions } from './stream.ts';

/**
 * Throws at once for a base URL that is not an http(s) URL, so a mistyped one is named before any
 * request (an empty one means the provider's own API).
 */
export function requireHttpBaseUrl(settings: Pick<LlmSettings, 'baseUrl'>): void {
  if (settings.baseUrl === undefined || settings.baseUrl.trim() === '') return;
  let url: URL;
  try {
    url = new URL(settings.baseUrl.trim());
  } catch {
    throw new Error(`The base URL "${settings.baseUrl}" is not a valid URL (for example https://api.openai.com/v1)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`The base URL "${settings.baseUrl}" must start with http:// or https://`);
}

/** The client options the OpenAI and Anthropic SDKs take alike. */
export interface SharedClientOptions {
  readonly baseURL: string;
  readonly dangerouslyAllowBrowser: true;
  readonly maxRetries: number;
  readonly timeout: number;
  readonly fetch: typeof fetch;
  /** With no key (a local server), no Authorization header at all. */
  readonly defaultHeaders?: { Authorization: null };
}

export interface ProviderSetup<Client> {
  readonly model: string;
  readonly ctx: ErrorContext;
  /** The output limit sent, for the "cut off" message. */
  readonly outputLimit: number;
  /** The SDK's client, made on the first call. */
  client(): Promise<Client>;
  /** The SDK's error classes once it has loaded (an error before that is sorted without them). */
  errorClasses(): SdkErrorClasses | undefined;
}

export interface ProviderSpec<Sdk extends SdkErrorClasses, Client> {
  readonly provider: 'openai' | 'anthropic';
  /** A model named in the error when none is set. */
  readonly exampleModel: string;
  readonly load: () => Promise<Sdk>;
  /** Makes the client from the shared options, the key (empty for a keyless local server) and the provider's own. */
  readonly make: (sdk: Sdk, shared: SharedClientOptions, apiKey: string) => Client;
}

/**
 * A spec gives the loader once per module (lazySdk caches the import and names the provider when it
 * fails to load); `setup` then resolves one session's settings against it.
 */
export function provider<Sdk extends SdkErrorClasses, Client>(spec: ProviderSpec<Sdk, Client>) {
  const loadSdk = lazySdk<Sdk>(spec.provider, spec.load);
  return function setup(settings: LlmSettings, apiKey: string, options: ProviderOptions = {}): ProviderSetup<Client> {
    const model = settings.model?.trim();
    if (!model) throw new Error(`No model is set for the ${spec.provider} provider: choose one in the LLM settings (for example ${spec.exampleModel})`);
    const baseUrl = effectiveBaseUrl(settings);
    const timeoutMs = settings.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const maxRetries = options.maxRetries ?? 2;
    const baseFetch = options.fetch ?? ((input, init) => fetch(input, init));
    let sdk: Sdk | undefined;
    let client: Client | undefined;
    return {
      model,
      ctx: { provider: spec.provider, baseUrl, model, apiKey, timeoutMs, maxRetries },
      outputLimit: settings.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS,
      async client() {
        sdk = await loadSdk();
        client ??= spec.make(
          sdk,
          {
            baseURL: baseUrl,
            dangerouslyAllowBrowser: true,
            maxRetries,
            timeout: timeoutMs,
            fetch: limitRetryAfter(baseFetch),
            ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
          },
          apiKey,
        );
        return client;
      },
      errorClasses: () => sdk,
    };
  };
}
