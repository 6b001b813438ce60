// @vitest-environment happy-dom
// The chart: one line per strategy with its legend, cumulative or per turn, with or without SYSTEM,
// and an aria-label that gives where each line ends (the engine's figures).
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chartLabel } from '../../../../src/ui/features/whole-run/RunChart.tsx';
import { ticksFor, tickLabel } from '../../../../src/ui/features/whole-run/chart-scale.ts';
import { engineFigures, renderRun, waitForFigures } from '../../compare-helpers.tsx';

afterEach(cleanup);

const valuesOf = (name: string) => (screen.getByTestId(`chart-line-${name}`).getAttribute('data-values') ?? '').split(',').map(Number);

describe('the run chart', () => {
  it('draws one line per strategy with a legend, cumulative by default, per turn and without SYSTEM on demand', async () => {
    const expected = await engineFigures('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(expected.turns);
    const chart = screen.getByTestId('run-chart');
    expect(chart.getAttribute('role')).toBe('img');
    const names = expected.strategies.map((s) => s.name);
    expect(chart.querySelectorAll('polyline')).toHaveLength(names.length);
    expect(
      within(screen.getByTestId('chart-legend'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(names);
    // Cumulative: each line ends at the strategy's total, and the label says so.
    for (const s of expected.strategies) {
      const values = valuesOf(s.name);
      expect(values).toHaveLength(expected.turns);
      expect(values[values.length - 1]).toBe(s.total);
      expect(chart.getAttribute('aria-label')).toContain(`${s.name} ${s.total.toLocaleString('en-US')}`);
    }
    expect(chart.getAttribute('aria-label')).toMatch(
      new RegExp(`^Cumulative prompt tokens, with SYSTEM, over 5 turns\\. Totals: full-history ${expected.strategies[0].total.toLocaleString('en-US')},`),
    );
    expect(expected.strategies[0].name).toBe('full-history');

    fireEvent.click(screen.getByTestId('chart-per-turn'));
    expect(screen.getByTestId('chart-per-turn').getAttribute('aria-pressed')).toBe('true');
    for (const s of expected.strategies) expect(valuesOf(s.name)).toEqual(s.requests.map((r) => r.tokens));
    const last = expected.strategies[0].requests[expected.turns - 1].tokens;
    expect(screen.getByTestId('run-chart').getAttribute('aria-label')).toContain(`At turn 5: full-history ${last.toLocaleString('en-US')}`);

    fireEvent.click(screen.getByTestId('chart-with-system'));
    for (const s of expected.strategies) expect(valuesOf(s.name)).toEqual(s.requests.map((r) => r.tokens - expected.systemTokens));
    expect(screen.getByTestId('run-chart').getAttribute('aria-label')).toMatch(/^Prompt tokens per turn, without SYSTEM, over 5 turns/);

    fireEvent.click(screen.getByTestId('chart-cumulative'));
    const full = expected.strategies[0];
    expect(valuesOf('full-history').at(-1)).toBe(full.total - expected.turns * expected.systemTokens);
  });

  it('labels any number of lines, and has round ticks', () => {
    const series = [
      { name: 'a', values: [1, 3] },
      { name: 'b', values: [2, 5] },
      { name: 'c', values: [1000, 2500] },
    ];
    expect(chartLabel(series, 'cumulative', true)).toBe('Cumulative prompt tokens, with SYSTEM, over 2 turns. Totals: a 3, b 5, c 2,500.');
    expect(chartLabel([], 'perTurn', false)).toBe('Prompt tokens per turn, without SYSTEM, over 0 turns.');
    expect(ticksFor(16_400)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
    expect(ticksFor(0)).toEqual([0, 1]);
    expect(tickLabel(15_000)).toBe('15k');
    expect(tickLabel(2_500_000)).toBe('2.5M');
  });
});
