// @vitest-environment happy-dom
// The run table: one row per strategy (full history first), the prompt tokens of every turn, totals
// and savings equal to the engine's own compare() figures, costlier cells marked with their reason.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ComparePanel } from '../../../../src/ui/features/whole-run/ComparePanel.tsx';
import { costlierReason, formatPercent } from '../../../../src/ui/features/whole-run/compare-figures.ts';
import { compareStoreOf } from '../../../../src/ui/features/whole-run/compare-store.ts';
import { renderWithPlayground } from '../../harness.tsx';
import { countOf, engineFigures, renderRun, waitForFigures } from '../../compare-helpers.tsx';

afterEach(cleanup);

describe('the run table', () => {
  it('shows every strategy turn by turn with totals equal to the engine figures', async () => {
    const expected = await engineFigures('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(expected.turns);
    const rows = within(screen.getByTestId('run-table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(expected.strategies.map((s) => `run-row-${s.name}`));
    expect(expected.strategies[0].name).toBe('full-history');
    const full = expected.strategies[0];
    for (const s of expected.strategies) {
      expect(countOf(screen.getByTestId(`run-total-${s.name}`).textContent), s.name).toBe(s.total);
      for (const r of s.requests) expect(countOf(screen.getByTestId(`run-cell-${s.name}-${r.turn}`).textContent)).toBe(r.tokens);
      if (s === full) continue;
      expect(screen.getByTestId(`run-saving-${s.name}`).textContent).toBe(formatPercent(1 - s.total / full.total));
      const n = s.requests.length * expected.systemTokens;
      expect(screen.getByTestId(`run-saving-nosys-${s.name}`).textContent).toBe(formatPercent(1 - (s.total - n) / (full.total - n)));
      expect(screen.getByTestId(`run-cacheable-${s.name}`).textContent).toBe(formatPercent(s.cacheableTotal / s.total));
    }
    // The session's own strategy is marked.
    const session = expected.strategies.find((s) => s.session);
    expect(session?.name).toBe('single-user-coalesced');
    expect(within(screen.getByTestId('run-row-single-user-coalesced')).getByText('session')).toBeTruthy();
  });

  it('marks the requests costlier than full history with the lines they add', async () => {
    const expected = await engineFigures('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(expected.turns);
    const costlier = expected.strategies.flatMap((s) => s.requests.filter((r) => r.overFull > 0).map((r) => ({ s, r })));
    expect(costlier.length).toBeGreaterThan(0);
    for (const { s, r } of costlier) {
      const cell = screen.getByTestId(`run-cell-${s.name}-${r.turn}`);
      expect(cell.getAttribute('data-costlier')).toBe('true');
      expect(cell.title).toBe(costlierReason(r));
      if (r.extra) expect(cell.title).toMatch(new RegExp(`^adds ${r.extra.tokens.toLocaleString('en-US')} tokens: `));
    }
    // Everything else is not marked.
    const marked = screen.getAllByTestId(/^run-cell-/).filter((c) => c.getAttribute('data-costlier') === 'true');
    expect(marked.length).toBe(costlier.length);
    const coalesced2 = expected.strategies.find((s) => s.name === 'single-user-coalesced')?.requests[1];
    expect(coalesced2?.extra?.lines[0]).toBe(';; === user/ (your prelude) ===');
    expect(screen.getByTestId('run-cell-single-user-coalesced-2').title).toContain(';; === user/ (your prelude) ===');
    expect(screen.getByTestId('run-costlier-note').textContent).toContain('Early in a run');
    expect(within(screen.getByTestId('run-costlier-reasons')).getAllByRole('listitem')).toHaveLength(costlier.length);
  });

  it('follows the run: a Step adds a column', async () => {
    const h = await renderRun('reviews-and-inventory.json', 1);
    await waitForFigures(1);
    expect(screen.queryByTestId('run-cell-full-history-2')).toBeNull();
    await act(async () => {
      await h.controller.step();
    });
    await waitForFigures(2);
    const expected = await engineFigures('reviews-and-inventory.json', 2);
    expect(countOf(screen.getByTestId('run-cell-full-history-2').textContent)).toBe(expected.strategies[0].requests[1].tokens);
    expect(countOf(screen.getByTestId('run-total-trim').textContent)).toBe(expected.strategies.find((s) => s.name === 'trim')?.total);
    // A reset empties the run.
    await act(async () => {
      await h.controller.reset();
    });
    await waitFor(() => expect(screen.getByTestId('compare-empty')).toBeTruthy());
    expect(screen.queryByTestId('run-table')).toBeNull();
  });
});

describe('the whole run', () => {
  it('is compared over every turn: the heading counts them all and no bound is mentioned', async () => {
    const figures = await engineFigures('reviews-and-inventory.json');
    const h = renderWithPlayground(<ComparePanel />);
    act(() => h.controller.storeFor(compareStoreOf).setState({ view: figures }));
    expect(screen.getByTestId('compare-heading').textContent).toContain(`(${figures.turns} turns)`);
    expect(screen.queryByTestId('compare-bounded')).toBeNull();
  });
});
