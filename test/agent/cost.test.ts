import { describe, expect, it } from 'vitest';
import { batchPrice, costOf, DEFAULT_PRICES, findPrice, formatUsd } from '../../src/agent/cost.ts';

describe('costOf', () => {
  const price = { input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 };

  it('prices plain input, cache reads, cache writes and output each at their own rate', () => {
    const c = costOf({ inputTokens: 10_000, cachedInputTokens: 6_000, cacheWriteTokens: 2_000, outputTokens: 1_000 }, price);
    expect(c.known).toBe(true);
    if (!c.known) return;
    expect(c.parts.input).toBeCloseTo((2_000 * 3) / 1e6, 12);
    expect(c.parts.cachedInput).toBeCloseTo((6_000 * 0.3) / 1e6, 12);
    expect(c.parts.cacheWrite).toBeCloseTo((2_000 * 3.75) / 1e6, 12);
    expect(c.parts.output).toBeCloseTo((1_000 * 15) / 1e6, 12);
    expect(c.usd).toBeCloseTo(0.006 + 0.0018 + 0.0075 + 0.015, 12);
  });

  it('prices cache tokens as input when the table has no cache prices', () => {
    const c = costOf({ inputTokens: 1_000_000, cachedInputTokens: 500_000, outputTokens: 0 }, { input: 2, output: 8 });
    expect(c).toMatchObject({ known: true, usd: 2 });
  });

  it('is unknown, never $0, without a price or without reported tokens', () => {
    expect(costOf({ inputTokens: 5, outputTokens: 5 }, undefined, 'llama3.2')).toEqual({ known: false, why: 'no price for llama3.2' });
    expect(costOf({ outputTokens: 5 }, price)).toEqual({ known: false, why: 'the provider did not report the tokens' });
    expect(costOf(undefined, price).known).toBe(false);
  });

  it('a price of zero (a local model) is a known $0', () => {
    expect(costOf({ inputTokens: 100, outputTokens: 10 }, { input: 0, output: 0 })).toMatchObject({ known: true, usd: 0 });
  });
});

describe('findPrice', () => {
  it('matches the exact name, then the longest name a dated version starts with', () => {
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-mini')?.input).toBe(0.15);
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-mini-2024-07-18')?.input).toBe(0.15);
    expect(findPrice(DEFAULT_PRICES, 'gpt-4o-2024-08-06')?.input).toBe(2.5);
    expect(findPrice(DEFAULT_PRICES, 'claude-sonnet-4-5-20250929')?.output).toBe(15);
    expect(findPrice(DEFAULT_PRICES, 'gpt-4omni')).toBeUndefined();
    expect(findPrice(DEFAULT_PRICES, 'llama3.2')).toBeUndefined();
    expect(findPrice(DEFAULT_PRICES, undefined)).toBeUndefined();
  });

  it('every default price says when it was taken', () => {
    for (const [, p] of DEFAULT_PRICES) expect(p.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('formatUsd', () => {
  it('keeps small amounts readable', () => {
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(0.000123)).toBe('$0.00012');
    expect(formatUsd(0.0312)).toBe('$0.0312');
    expect(formatUsd(12.345)).toBe('$12.35');
  });
});

describe('batchPrice', () => {
  it('halves every list price, cached input and cache writes included, when the entry names no batch price', () => {
    expect(batchPrice({ input: 3, cachedInput: 0.3, cacheWrite: 3.75, output: 15 })).toEqual({
      price: { input: 1.5, cachedInput: 0.15, cacheWrite: 1.875, output: 7.5 },
      basis: 'half-list',
    });
    expect(batchPrice({ input: 2, output: 8 })).toEqual({ price: { input: 1, output: 4 }, basis: 'half-list' });
  });

  it("uses the entry's own batch price when it has one", () => {
    expect(batchPrice({ input: 2, output: 8, batch: { input: 0.9, output: 3.5 } })).toEqual({ price: { input: 0.9, output: 3.5 }, basis: 'batch' });
  });

  it('makes a request cost half through the batch interface', () => {
    const usage = { inputTokens: 10_000, cachedInputTokens: 4_000, outputTokens: 500 };
    const list = DEFAULT_PRICES.get('gpt-4o-mini');
    const direct = costOf(usage, list);
    const batched = costOf(usage, list && batchPrice(list).price);
    expect(direct.known && batched.known && batched.usd / direct.usd).toBeCloseTo(0.5, 12);
  });
});
