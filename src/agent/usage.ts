// Tokens an LLM request cost. A leaf module: turns record usage and the LLM interface (llm.ts,
// which re-exports this) reports it, without an import circle between the two.

/** Tokens as the provider reported them; a field is absent when the provider did not report it. */
export interface Usage {
  /** Every prompt token, cached ones included. */
  readonly inputTokens?: number;
  readonly outputTokens?: number;
  /** Prompt tokens read from the provider's cache (part of inputTokens). */
  readonly cachedInputTokens?: number;
  /** Prompt tokens written to the provider's cache (part of inputTokens). */
  readonly cacheWriteTokens?: number;
}

export const USAGE_FIELDS = ['inputTokens', 'outputTokens', 'cachedInputTokens', 'cacheWriteTokens'] as const;

/** Field-by-field sum; a field is present when any addend has it. */
export function addUsage(a: Usage | undefined, b: Usage | undefined): Usage {
  const out: { -readonly [K in keyof Usage]?: number } = {};
  for (const k of USAGE_FIELDS) {
    const x = a?.[k];
    const y = b?.[k];
    if (x !== undefined || y !== undefined) out[k] = (x ?? 0) + (y ?? 0);
  }
  return out;
}
