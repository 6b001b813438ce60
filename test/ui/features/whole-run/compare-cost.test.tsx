// @vitest-environment happy-dom
// Prompt caching and cost: the pure cost arithmetic, and the section's figures per strategy (cacheable
// share, cache breaks, prompt cost without and with caching) at the price of a chosen model.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES, formatUsd } from '../../../../src/agent/cost.ts';
import { formatPercent } from '../../../../src/ui/features/whole-run/compare-figures.ts';
import { promptCost } from '../../../../src/ui/features/whole-run/prompt-cost.ts';
import { resetPrices } from '../../cost-fixtures.tsx';
import { engineFigures, renderRun, waitForFigures } from '../../compare-helpers.tsx';

afterEach(cleanup);
beforeEach(resetPrices);

describe('promptCost', () => {
  it('prices every token at input without a cache, the cacheable ones at cached input with one', () => {
    const requests = [
      { tokens: 1000, cacheable: 0 },
      { tokens: 1200, cacheable: 1000 },
      { tokens: 1500, cacheable: 1100 },
    ];
    const cost = promptCost(requests, { input: 2.5, cachedInput: 1.25 });
    expect(cost.withoutCache).toBeCloseTo((3700 * 2.5) / 1e6, 12);
    expect(cost.withCache).toBeCloseTo(((3700 - 2100) * 2.5 + 2100 * 1.25) / 1e6, 12);
  });

  it('uses the input price for cached tokens when the model has no cached price, and never counts more cached tokens than sent', () => {
    const cost = promptCost([{ tokens: 100, cacheable: 100 }], { input: 3 });
    expect(cost.withCache).toBe(cost.withoutCache);
    expect(promptCost([{ tokens: 10, cacheable: 50 }], { input: 1, cachedInput: 0 }).withCache).toBe(0);
    expect(promptCost([], { input: 1 })).toEqual({ withoutCache: 0, withCache: 0 });
  });
});

describe('the caching and cost section', () => {
  it('shows each strategy cacheable share, cache breaks and prompt cost at the chosen model', async () => {
    const expected = await engineFigures('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(expected.turns);
    // The mock has no model: the first priced model is used until another is picked.
    const select = screen.getByTestId('cost-model') as HTMLSelectElement;
    expect(select.value).toBe('gpt-4o');
    const check = (model: string) => {
      const price = DEFAULT_PRICES.get(model);
      if (!price) throw new Error(model);
      for (const s of expected.strategies) {
        const cost = promptCost(s.requests, price);
        expect(screen.getByTestId(`cost-plain-${s.name}`).textContent, s.name).toBe(formatUsd(cost.withoutCache));
        expect(screen.getByTestId(`cost-cached-${s.name}`).textContent, s.name).toBe(formatUsd(cost.withCache));
        expect(screen.getByTestId(`cost-cacheable-${s.name}`).textContent).toBe(formatPercent(s.cacheableTotal / s.total));
        const breaks = s.requests.filter((r) => r.cacheBreak).map((r) => r.turn);
        expect(screen.getByTestId(`cost-breaks-${s.name}`).textContent).toBe(breaks.length === 0 ? 'none' : breaks.join(', '));
      }
    };
    check('gpt-4o');
    // Full history only ever appends: no break; the session strategy breaks from turn 2 on.
    expect(screen.getByTestId('cost-breaks-full-history').textContent).toBe('none');
    expect(screen.getByTestId('cost-breaks-single-user-coalesced').textContent).toBe('2, 3, 4, 5');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'claude-haiku-4-5' } });
    });
    check('claude-haiku-4-5');
    expect(screen.getByTestId('cost-footnote').textContent).toContain('Σ (tokens − cacheable) × input + cacheable × cached-input price');
  });
});
