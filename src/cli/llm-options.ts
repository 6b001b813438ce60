// `ptc run`'s LLM flags: which provider and model answer, how they are asked, and the API key from
// the environment. Everything is checked before any request, so a mistake costs nothing (exit 2).
import type { Llm } from '../agent/llm.ts';
import { DEFAULT_MAX_OUTPUT_TOKENS, type SentWith } from '../agent/llm-settings.ts';
import { createLlm, type RealProviderName } from '../agent/providers/index.ts';
import type { LlmConfig } from '../session/session-file.ts';
import type { Options } from './args.ts';
import { UsageError } from './common.ts';

/** Flags that take a value; `--llm` picks the provider, the rest override the session's settings. */
export const LLM_FLAGS = ['--llm', '--base-url', '--model', '--temperature', '--max-tokens', '--timeout-ms', '--retries'] as const;

/** The LLM flags as `ptc run` describes them (their order is LLM_FLAGS'). */
export const LLM_OPTIONS = {
  llm: {
    type: 'string',
    value: 'openai|anthropic',
    description:
      'ask a real provider: openai (any OpenAI-compatible server) or anthropic; the key comes from OPENAI_API_KEY or ANTHROPIC_API_KEY (for a keyless local server, set any value). A session whose llm.provider is openai or anthropic runs with it without --llm.',
  },
  'base-url': {
    type: 'string',
    value: 'URL',
    description: "the API's base URL, given to the SDK unchanged (OpenAI-compatible ones end in /v1, e.g. http://localhost:11434/v1; Anthropic's do not)",
  },
  model: { type: 'string', value: 'NAME', description: 'the model (required, here or as llm.model in the session)' },
  temperature: { type: 'string', value: 'T', description: "0 to 2 (default: the provider's)" },
  'max-tokens': { type: 'string', value: 'N', description: `output limit per reply (default ${DEFAULT_MAX_OUTPUT_TOKENS})` },
  'timeout-ms': { type: 'string', value: 'MS', description: 'give up on a request silent this long (default 120000)' },
  retries: {
    type: 'string',
    value: 'N',
    description: "retries of 429, 5xx and connection failures (default 2). These options override the session's llm settings field by field.",
  },
} as const satisfies Options;

/** The LLM flags among parsed values, keyed as written (`--max-tokens`), for parseLlmFlags. */
export function llmFlagValues(values: Readonly<Record<string, unknown>>): Map<string, string> {
  const out = new Map<string, string>();
  for (const flag of LLM_FLAGS) {
    const v = values[flag.slice(2)];
    if (typeof v === 'string') out.set(flag, v);
  }
  return out;
}

export const KEY_VARIABLES: Readonly<Record<RealProviderName, string>> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY' };

/** What the flags say; a field is absent when its flag was not given. */
export interface LlmOverrides {
  readonly provider?: RealProviderName;
  readonly baseUrl?: string;
  readonly model?: string;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
  readonly requestTimeoutMs?: number;
  /** Retries of 429, 5xx and connection failures (not a session setting). */
  readonly retries?: number;
}

/** Strict decimal: `Number('')` is 0 and `Number('0x10')` is 16, neither of which a user meant. */
function parseNumber(flag: string, text: string): number {
  const trimmed = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) throw new UsageError(`${flag}: "${text}" is not a number`);
  return Number(trimmed);
}

function parseWhole(flag: string, text: string, min: number, what: string): number {
  const n = parseNumber(flag, text);
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag}: "${text}" is not ${what}`);
  return n;
}

export function parseProvider(text: string): RealProviderName {
  if (text === 'openai' || text === 'anthropic') return text;
  throw new UsageError(`--llm: unknown provider "${text}"; use openai (any OpenAI-compatible server) or anthropic`);
}

/** An http(s) URL, kept exactly as given (the SDK gets it unchanged). */
export function parseBaseUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new UsageError(`--base-url: "${text}" is not a URL (for example http://localhost:11434/v1 or https://api.anthropic.com)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--base-url: "${text}" must start with http:// or https://`);
  return text;
}

export function parseLlmFlags(values: ReadonlyMap<string, string>): LlmOverrides {
  const out: { -readonly [K in keyof LlmOverrides]: LlmOverrides[K] } = {};
  const get = (flag: (typeof LLM_FLAGS)[number]): string | undefined => values.get(flag);
  const provider = get('--llm');
  if (provider !== undefined) out.provider = parseProvider(provider);
  const baseUrl = get('--base-url');
  if (baseUrl !== undefined) out.baseUrl = parseBaseUrl(baseUrl);
  const model = get('--model');
  if (model !== undefined) {
    if (model.trim() === '') throw new UsageError('--model: give a model name');
    out.model = model.trim();
  }
  const temperature = get('--temperature');
  if (temperature !== undefined) {
    const t = parseNumber('--temperature', temperature);
    // The range both APIs (and the session schema) accept.
    if (t < 0 || t > 2) throw new UsageError(`--temperature: ${temperature} is out of range (0 to 2)`);
    out.temperature = t;
  }
  const maxTokens = get('--max-tokens');
  if (maxTokens !== undefined) out.maxOutputTokens = parseWhole('--max-tokens', maxTokens, 1, 'a positive whole number');
  const timeout = get('--timeout-ms');
  if (timeout !== undefined) out.requestTimeoutMs = parseWhole('--timeout-ms', timeout, 1, 'a positive whole number of milliseconds');
  const retries = get('--retries');
  if (retries !== undefined) out.retries = parseWhole('--retries', retries, 0, 'a whole number (0 for none)');
  return out;
}

/** True when any flag that only means something for a real provider was given. */
export function hasLlmFlags(o: LlmOverrides): boolean {
  return Object.values(o).some((v) => v !== undefined);
}

/** The session's settings with the flags' values put over them, field by field (the mock's replies are kept). */
export function mergeLlm(session: LlmConfig, o: LlmOverrides): LlmConfig {
  return {
    ...session,
    ...(o.provider !== undefined ? { provider: o.provider } : {}),
    ...(o.baseUrl !== undefined ? { baseUrl: o.baseUrl } : {}),
    ...(o.model !== undefined ? { model: o.model } : {}),
    ...(o.temperature !== undefined ? { temperature: o.temperature } : {}),
    ...(o.maxOutputTokens !== undefined ? { maxOutputTokens: o.maxOutputTokens } : {}),
    ...(o.requestTimeoutMs !== undefined ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
  };
}

/** The key for the provider from the environment; missing or empty is a usage error naming the variable. */
export function apiKeyFrom(env: NodeJS.ProcessEnv, provider: RealProviderName): string {
  const name = KEY_VARIABLES[provider];
  const key = env[name];
  if (key === undefined || key.trim() === '') {
    throw new UsageError(
      `${name} is ${key === undefined ? 'not set' : 'empty'}: set it to your ${provider} API key (for a keyless local server, set it to any value, e.g. ${name}=none)`,
    );
  }
  return key;
}

export interface RealLlm {
  readonly llm: Llm;
  /** The session's settings as run (flags applied), for --save: never the key. */
  readonly config: LlmConfig;
  /** Recorded on each turn. */
  readonly sentWith: SentWith;
  /** Kept so output can be checked for it (it must never be printed). */
  readonly apiKey: string;
}

/** A real provider for the merged settings, or a UsageError for anything missing. */
export function realLlm(config: LlmConfig, env: NodeJS.ProcessEnv, retries?: number): RealLlm {
  const provider = config.provider;
  if (provider === 'mock') throw new Error('realLlm needs openai or anthropic');
  if (config.model === undefined || config.model.trim() === '') {
    throw new UsageError(
      `no model: give --model NAME or set llm.model in the session (for example ${provider === 'anthropic' ? 'claude-sonnet-4-5' : 'gpt-4o-mini'})`,
    );
  }
  const apiKey = apiKeyFrom(env, provider);
  // The default is made explicit so each turn records the output limit it was really sent with.
  const maxOutputTokens = config.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS;
  const settings = { ...config, maxOutputTokens };
  let llm: Llm;
  try {
    llm = createLlm(settings, apiKey, retries !== undefined ? { maxRetries: retries } : {});
  } catch (e) {
    throw new UsageError(e instanceof Error ? e.message : String(e));
  }
  const sentWith: SentWith = {
    provider,
    model: config.model,
    ...(config.baseUrl !== undefined ? { baseUrl: config.baseUrl } : {}),
    ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
    maxOutputTokens,
  };
  return { llm, config, sentWith, apiKey };
}
