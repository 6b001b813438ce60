// The prompt cost of a run's requests at a model's price (USD per million tokens): without a prompt
// cache every prompt token at the input price; with one, the tokens repeating the previous request's
// start at the cached-input price and the rest at the input price. An estimate of the prompt alone:
// the completions are the same whichever strategy renders the history; cache writes are priced as
// plain input.
import type { ModelPrice } from '../../../agent/cost.ts';

export interface RequestTokens {
  readonly tokens: number;
  /** Tokens a prompt cache can serve (they repeat the previous request's start). */
  readonly cacheable: number;
}

export interface PromptCost {
  /** Σ tokens × input. */
  readonly withoutCache: number;
  /** Σ (tokens − cacheable) × input + cacheable × cachedInput (the input price when it has none). */
  readonly withCache: number;
}

const PER = 1_000_000;

export function promptCost(requests: readonly RequestTokens[], price: Pick<ModelPrice, 'input' | 'cachedInput'>): PromptCost {
  const cached = price.cachedInput ?? price.input;
  let tokens = 0;
  let cacheable = 0;
  for (const r of requests) {
    tokens += r.tokens;
    cacheable += Math.min(r.cacheable, r.tokens);
  }
  return {
    withoutCache: (tokens * price.input) / PER,
    withCache: ((tokens - cacheable) * price.input + cacheable * cached) / PER,
  };
}
