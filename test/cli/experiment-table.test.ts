// The line under the results table that says which price batched runs were charged at.
import { describe, expect, it } from 'vitest';
import { priceNote } from '../../src/cli/experiment-table.ts';
import type { RunRecord } from '../../src/experiment/records.ts';

const rec = (variant: string, priceBasis?: RunRecord['priceBasis']): RunRecord => ({
  variant,
  run: 1,
  outcome: 'success',
  status: 'returned',
  turns: 2,
  usage: {},
  cost: 1,
  ms: 1,
  ...(priceBasis !== undefined ? { priceBasis } : {}),
});

describe('priceNote', () => {
  it('names the price batched runs were charged at, per variant', () => {
    expect(priceNote([rec('mini', 'half-list'), rec('mini', 'half-list'), rec('haiku', 'batch'), rec('mock')])).toEqual([
      "cost: requests sent in provider batches are priced at half the list price (no batch price for the model) for mini; the model's own batch price for haiku.",
    ]);
  });

  it('says nothing when every request was sent directly', () => {
    expect(priceNote([rec('mini', 'list'), rec('mock')])).toEqual([]);
  });
});
