// Which LLM answers a session's turns and how it is asked. Never holds a key: keys are given to a
// provider when it is made (from the environment on the command line, typed by the user in the app).

export const PROVIDERS = ['mock', 'openai', 'anthropic'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export interface LlmSettings {
  readonly provider: ProviderName;
  /** The API's base URL, handed to the SDK unchanged (OpenAI-compatible ones end in `/v1`; Anthropic's do not). */
  readonly baseUrl?: string;
  readonly model?: string;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  readonly requestTimeoutMs?: number;
}

/** Anthropic requires an output limit; the same default is used for every provider. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;
export const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/** What a turn was sent with (recorded on the turn), so its exact request can be shown again. */
export interface SentWith {
  readonly provider: ProviderName;
  readonly model?: string;
  readonly baseUrl?: string;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
}
