// @vitest-environment happy-dom
// The Prices dialog and its storage: defaults with their dates, edits saved in localStorage (and read
// back), invalid numbers refused inline and not saved, add/remove/reset, the session's own prices
// shown as winning, and a corrupt stored value ignored with a notice.
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICES } from '../../../../src/agent/cost.ts';
import { PricesButton, PricesNotice } from '../../../../src/ui/features/cost/PricesButton.tsx';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import { appPriceTable, createPriceBook, PRICES_KEY, readStoredPrices, withoutModel, withPrice } from '../../../../src/ui/persistence/prices.ts';
import { renderView, resetPrices, sessionText, viewOf } from '../../cost-fixtures.tsx';

afterEach(cleanup);
beforeEach(resetPrices);

/** One gpt-4o turn: 12,000 in (8,000 cached), 500 out: $0.0250 at the default price. */
function gpt4oView(top: Record<string, unknown> = {}) {
  return viewOf(
    sessionText([{ llm: { provider: 'openai', model: 'gpt-4o' }, usage: { inputTokens: 12_000, cachedInputTokens: 8_000, outputTokens: 500 } }], {
      llm: { provider: 'openai', model: 'gpt-4o' },
      ...top,
    }),
  );
}

/** The dialog's code loads on first use: wait for it. */
async function openDialog(top: Record<string, unknown> = {}) {
  renderView(
    <>
      <PricesButton />
      <TurnList />
    </>,
    gpt4oView(top),
  );
  fireEvent.click(screen.getByTestId('prices-button'));
  return screen.findByTestId('prices-dialog');
}

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const type = (id: string, text: string) => fireEvent.change(input(id), { target: { value: text } });
const stored = () => window.localStorage.getItem(PRICES_KEY);
const turnCost = () => within(screen.getByTestId('turn-1')).getByTestId('turn-cost');

describe('the Prices dialog', () => {
  it('lists every default with the date it was taken', async () => {
    const dialog = await openDialog();
    for (const [model, p] of DEFAULT_PRICES) {
      const row = within(dialog).getByTestId(`price-row-${model}`);
      expect(row.getAttribute('data-source')).toBe('default');
      expect(within(row).getByTestId(`price-${model}-source`).textContent).toBe(`as of ${p.asOf}`);
    }
    expect(input('price-gpt-4o-input').value).toBe('2.5');
    expect(input('price-gpt-4o-cachedInput').value).toBe('1.25');
    expect(input('price-gpt-4o-cacheWrite').value).toBe('');
    expect(input('price-gpt-4o-output').value).toBe('10');
    expect(screen.getByTestId('prices-session-model').textContent).toContain('gpt-4o is priced from the table (gpt-4o)');
  });

  it('saves a valid edit in localStorage, reprices the turns, and reads it back on the next load', async () => {
    await openDialog();
    expect(turnCost().textContent).toBe('$0.0250');
    type('price-gpt-4o-cachedInput', '0.5');
    // 4,000 × $2.5 + 8,000 × $0.5 + 500 × $10 per million = $0.0190.
    expect(turnCost().textContent).toBe('$0.0190');
    expect(JSON.parse(stored() ?? 'null')).toEqual({ version: 1, edited: { 'gpt-4o': { input: 2.5, cachedInput: 0.5, output: 10 } }, removed: [] });
    expect(screen.getByTestId('price-gpt-4o-source').textContent).toBe('edited');
    // The next page load's book reads it back.
    expect(createPriceBook().getState().table.get('gpt-4o')).toEqual({ input: 2.5, cachedInput: 0.5, output: 10, source: 'edited' });
  });

  it('refuses an invalid number with an inline error and saves nothing', async () => {
    await openDialog();
    type('price-gpt-4o-output', 'abc');
    expect(screen.getByTestId('price-gpt-4o-errors').textContent).toBe('Output: "abc" is not a number ≥ 0 (USD per million tokens, e.g. 2.5)');
    expect(input('price-gpt-4o-output').getAttribute('aria-invalid')).toBe('true');
    expect(input('price-gpt-4o-output').value).toBe('abc');
    expect(stored()).toBeNull();
    expect(turnCost().textContent).toBe('$0.0250');
    type('price-gpt-4o-output', '-1');
    expect(screen.getByTestId('price-gpt-4o-errors').textContent).toContain('"-1" is not a number ≥ 0');
    type('price-gpt-4o-input', '');
    expect(screen.getByTestId('price-gpt-4o-errors').textContent).toContain('Input: enter a price');
    expect(stored()).toBeNull();
    // Fixed: saved, the errors gone.
    type('price-gpt-4o-input', '2.5');
    type('price-gpt-4o-output', '20');
    expect(screen.queryByTestId('price-gpt-4o-errors')).toBeNull();
    expect(JSON.parse(stored() ?? 'null').edited['gpt-4o'].output).toBe(20);
  });

  it('removes a model (its cost becomes unknown), adds one, and resets to the defaults', async () => {
    await openDialog();
    fireEvent.click(screen.getByTestId('price-gpt-4o-remove'));
    expect(screen.queryByTestId('price-row-gpt-4o')).toBeNull();
    expect(turnCost().textContent).toBe('cost unknown');
    expect(JSON.parse(stored() ?? 'null').removed).toEqual(['gpt-4o']);

    type('price-add-model', 'gpt-4o');
    type('price-add-input', '3');
    type('price-add-output', 'x');
    fireEvent.click(screen.getByTestId('price-add'));
    expect(screen.getByTestId('price-add-errors').textContent).toContain('Output: "x" is not a number');
    type('price-add-output', '12');
    fireEvent.click(screen.getByTestId('price-add'));
    expect(screen.getByTestId('price-row-gpt-4o').getAttribute('data-source')).toBe('edited');
    // 12,000 × $3 (no cache price: the input price) + 500 × $12 = $0.0420.
    expect(turnCost().textContent).toBe('$0.0420');

    type('price-add-model', 'gpt-4o');
    type('price-add-input', '1');
    type('price-add-output', '1');
    fireEvent.click(screen.getByTestId('price-add'));
    expect(screen.getByTestId('price-add-errors').textContent).toBe('Model: gpt-4o is already in the table; edit its row');

    fireEvent.click(screen.getByTestId('prices-reset'));
    expect(stored()).toBeNull();
    expect(turnCost().textContent).toBe('$0.0250');
    expect(input('price-gpt-4o-input').value).toBe('2.5');
  });

  it('shows the session’s own prices as such, winning over the table', async () => {
    const dialog = await openDialog({ prices: { 'gpt-4o': { input: 5, output: 20 } } });
    const own = within(dialog).getByTestId('session-price-gpt-4o');
    expect(own.textContent).toContain('5');
    expect(own.textContent).toContain('20');
    expect(screen.getByTestId('price-row-gpt-4o').textContent).toContain("the session's price wins");
    expect(screen.getByTestId('prices-session-model').textContent).toContain("priced from the session's own prices");
    // Editing the table's gpt-4o does not change the turn: the session's price wins.
    type('price-gpt-4o-input', '100');
    expect(turnCost().textContent).toBe('$0.0700');
  });
});

describe('stored prices', () => {
  it('a corrupt value is ignored with a notice, the defaults used, nothing crashes', () => {
    window.localStorage.setItem(PRICES_KEY, '{"version":1,"edited":');
    renderView(
      <>
        <PricesNotice />
        <TurnList />
      </>,
      gpt4oView(),
    );
    expect(screen.getByTestId('prices-notice').textContent).toContain('The saved prices are not valid JSON and were ignored');
    expect(turnCost().textContent).toBe('$0.0250');
    // Left in place until an edit replaces it.
    expect(stored()).toBe('{"version":1,"edited":');
    fireEvent.click(screen.getByTestId('prices-notice-dismiss'));
    expect(screen.queryByTestId('prices-notice')).toBeNull();
  });

  it('ignores unreadable entries one by one and keeps the rest', () => {
    const r = readStoredPrices(
      JSON.stringify({
        version: 1,
        edited: { 'gpt-4o': { input: 'cheap', output: 1 }, mine: { input: 1, output: 2 }, other: { input: 1, output: -2 } },
        removed: ['o4-mini', 42],
      }),
    );
    expect(r.stored).toEqual({ edited: { mine: { input: 1, output: 2 } }, removed: ['o4-mini'] });
    expect(r.problem).toBe('Saved prices of "gpt-4o", "other" were unreadable and ignored (the defaults are used for them).');
    const table = appPriceTable(r.stored);
    expect(table.get('gpt-4o')?.source).toBe('default');
    expect(table.has('o4-mini')).toBe(false);
    expect(table.get('mine')).toEqual({ input: 1, output: 2, source: 'added' });
  });

  it('refuses other shapes and versions', () => {
    expect(readStoredPrices('[1,2]').problem).toContain('not a price table');
    expect(readStoredPrices('{"version":7,"edited":{},"removed":[]}').problem).toContain('unknown format (version 7)');
    expect(readStoredPrices('{"version":1,"edited":[],"removed":[]}').problem).toContain('not a price table');
    expect(readStoredPrices(null)).toEqual({ stored: { edited: {}, removed: [] }, problem: null });
  });

  it('an edit back to the default is no edit; removing and re-adding a default restores it', () => {
    const p = DEFAULT_PRICES.get('gpt-4o');
    if (!p) throw new Error('gpt-4o has a default');
    const { asOf: _date, ...price } = p;
    expect(withPrice({ edited: { 'gpt-4o': { input: 1, output: 1 } }, removed: [] }, 'gpt-4o', price)).toEqual({ edited: {}, removed: [] });
    const removed = withoutModel({ edited: {}, removed: [] }, 'gpt-4o');
    expect(removed).toEqual({ edited: {}, removed: ['gpt-4o'] });
    expect(withPrice(removed, 'gpt-4o', price)).toEqual({ edited: {}, removed: [] });
  });
});
