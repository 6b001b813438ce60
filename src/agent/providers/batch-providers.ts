// PLACEHOLDER replaced at merge
import type { BatchProviderFactory } from './batch.ts';

export const createBatchProvider: BatchProviderFactory = () => {
  throw new Error('placeholder: the provider batch clients are merged from another branch');
};
