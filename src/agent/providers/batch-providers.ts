// The batch interface of a real provider, chosen by the settings: OpenAI's Files and Batches or
// Anthropic's Message Batches (for OpenAI-compatible servers that offer them too).
import type { BatchProviderFactory } from './batch.ts';
import { createAnthropicBatchProvider } from './batch-anthropic.ts';
import { createOpenAiBatchProvider } from './batch-openai.ts';
import { requireHttpBaseUrl } from './setup.ts';

export const createBatchProvider: BatchProviderFactory = (settings, apiKey, options = {}) => {
  if (settings.provider === 'mock') throw new Error('The mock provider has no batch interface: batches go to openai or anthropic');
  requireHttpBaseUrl(settings);
  return settings.provider === 'anthropic' ? createAnthropicBatchProvider(settings, apiKey, options) : createOpenAiBatchProvider(settings, apiKey, options);
};
