// What a turn records of the request it was sent with: the provider and the parameters, never the key.
import type { SentWith } from '../agent/llm-settings.ts';
import type { LlmConfig } from '../session/schema.ts';

export function sentWithOf(llm: LlmConfig): SentWith {
  const out: { -readonly [K in keyof SentWith]: SentWith[K] } = { provider: llm.provider };
  if (llm.model !== undefined) out.model = llm.model;
  if (llm.baseUrl !== undefined) out.baseUrl = llm.baseUrl;
  if (llm.temperature !== undefined) out.temperature = llm.temperature;
  if (llm.maxOutputTokens !== undefined) out.maxOutputTokens = llm.maxOutputTokens;
  return out;
}
