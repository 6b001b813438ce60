// Known hosts, to fill in the LLM settings with one click. Model names are suggestions only: any
// model the host serves can be typed in.
import type { ProviderName } from '../llm-settings.ts';

export interface ProviderPreset {
  readonly id: string;
  readonly label: string;
  readonly provider: Exclude<ProviderName, 'mock'>;
  readonly baseUrl: string;
  readonly models: readonly string[];
  /** False for local servers, which take any key or none. */
  readonly keyRequired: boolean;
  readonly notes?: string;
}

const LOCAL_CORS = 'Runs on your machine; the page must be allowed to call it (CORS).';

export const PRESETS: readonly ProviderPreset[] = [
  {
    id: 'openai',
    label: 'OpenAI',
    provider: 'openai',
    baseUrl: 'https://api.openai.com/v1',
    models: ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-4.1'],
    keyRequired: true,
  },
  {
    id: 'anthropic',
    label: 'Anthropic',
    provider: 'anthropic',
    baseUrl: 'https://api.anthropic.com',
    models: ['claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-1'],
    keyRequired: true,
    notes: 'Prompt caching is used: the system prompt and the stable start of the user message are cached.',
  },
  {
    id: 'openrouter',
    label: 'OpenRouter',
    provider: 'openai',
    baseUrl: 'https://openrouter.ai/api/v1',
    models: ['openai/gpt-4o-mini', 'anthropic/claude-sonnet-4.5', 'google/gemini-2.5-flash', 'meta-llama/llama-3.3-70b-instruct'],
    keyRequired: true,
    notes: 'Model names carry the vendor: vendor/model.',
  },
  {
    id: 'groq',
    label: 'Groq',
    provider: 'openai',
    baseUrl: 'https://api.groq.com/openai/v1',
    models: ['llama-3.3-70b-versatile', 'llama-3.1-8b-instant'],
    keyRequired: true,
  },
  {
    id: 'together',
    label: 'Together',
    provider: 'openai',
    baseUrl: 'https://api.together.xyz/v1',
    models: ['meta-llama/Llama-3.3-70B-Instruct-Turbo', 'Qwen/Qwen2.5-72B-Instruct-Turbo'],
    keyRequired: true,
  },
  {
    id: 'mistral',
    label: 'Mistral',
    provider: 'openai',
    baseUrl: 'https://api.mistral.ai/v1',
    models: ['mistral-large-latest', 'mistral-small-latest', 'codestral-latest'],
    keyRequired: true,
  },
  {
    id: 'gemini',
    label: 'Google Gemini (OpenAI-compatible)',
    provider: 'openai',
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    models: ['gemini-2.5-flash', 'gemini-2.5-pro'],
    keyRequired: true,
    notes: "Gemini's OpenAI-compatible endpoint; the key is a Gemini API key.",
  },
  {
    id: 'ollama',
    label: 'Ollama (local)',
    provider: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    models: ['llama3.2', 'qwen2.5-coder', 'mistral'],
    keyRequired: false,
    notes: `${LOCAL_CORS} Start it with OLLAMA_ORIGINS set to this page's origin (or *).`,
  },
  {
    id: 'lmstudio',
    label: 'LM Studio (local)',
    provider: 'openai',
    baseUrl: 'http://localhost:1234/v1',
    models: [],
    keyRequired: false,
    notes: `${LOCAL_CORS} Turn on CORS in its server settings; the model is whichever one is loaded.`,
  },
  {
    id: 'vllm',
    label: 'vLLM (local)',
    provider: 'openai',
    baseUrl: 'http://localhost:8000/v1',
    models: [],
    keyRequired: false,
    notes: `${LOCAL_CORS} Use the model name it was started with; start it with --allowed-origins if needed.`,
  },
  {
    id: 'llamacpp',
    label: 'llama.cpp server (local)',
    provider: 'openai',
    baseUrl: 'http://localhost:8080/v1',
    models: [],
    keyRequired: false,
    notes: `${LOCAL_CORS} It serves the one model it was started with, whatever name is sent.`,
  },
];

export function findPreset(id: string): ProviderPreset | undefined {
  return PRESETS.find((p) => p.id === id);
}

/** The preset whose base URL this is (ignoring a trailing slash), for showing which host is in use. */
export function presetForBaseUrl(baseUrl: string | undefined): ProviderPreset | undefined {
  if (!baseUrl) return undefined;
  const trim = (u: string) => u.trim().replace(/\/+$/, '').toLowerCase();
  return PRESETS.find((p) => trim(p.baseUrl) === trim(baseUrl));
}
