// @vitest-environment happy-dom
// The diff of two requests: two strategies at one turn, and one strategy's request against its previous
// turn's, each the engine's own requestMessages, line by line with role headers.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { requestAsText } from '../../../../src/ui/features/whole-run/diff-text.ts';
import { promptDiff } from '../../../../src/ui/lib/diff-rows.ts';
import { ranEngine, renderRun, waitForFigures } from '../../compare-helpers.tsx';

afterEach(cleanup);

function expectedDiff(before: string, after: string) {
  const d = promptDiff(before, after);
  const rows = d.rows.flatMap((r) => (r.kind === 'fold' ? [] : [{ kind: r.kind, text: r.text }]));
  return { rows, added: d.added, removed: d.removed };
}

function shownRows() {
  return [...screen.getByTestId('compare-diff').querySelectorAll('[data-kind]')].map((el) => ({
    kind: el.getAttribute('data-kind'),
    text: (el.textContent ?? '').replace(/^[+− ](added: |removed: )?/, ''),
  }));
}

async function change(testId: string, value: string): Promise<void> {
  await act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });
}

describe('the request diff', () => {
  it('compares two strategies at a turn, full history against the session strategy at first', async () => {
    const engine = ranEngine('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(5);
    const text = (strategy: string, turn: number) => requestAsText(engine.requestMessages(strategy, turn) ?? []);
    // The default: full history → the session's strategy at the last turn.
    const first = expectedDiff(text('full-history', 5), text('single-user-coalesced', 5));
    await waitFor(() => expect(screen.getByTestId('diff-summary').textContent).toContain('From full-history, turn 5 to single-user-coalesced, turn 5'));
    expect(screen.getByTestId('diff-summary').textContent).toContain(`${first.added} lines added, ${first.removed} removed`);
    expect(shownRows()).toEqual(first.rows);
    expect(shownRows().some((r) => r.text === '=== USER ===')).toBe(true);

    await change('diff-b', 'trim');
    await change('diff-turn', '3');
    const second = expectedDiff(text('full-history', 3), text('trim', 3));
    await waitFor(() => expect(screen.getByTestId('diff-summary').textContent).toContain('From full-history, turn 3 to trim, turn 3'));
    // trim is full history until it is triggered: the same request.
    expect(second.added + second.removed).toBe(0);
    expect(screen.getByTestId('diff-summary').textContent).toContain('0 lines added, 0 removed (the same request)');
  });

  it('compares a strategy with its previous turn', async () => {
    const engine = ranEngine('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(5);
    await waitFor(() => expect(screen.getByTestId('diff-summary')).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByTestId('diff-mode-previous'));
    });
    await change('diff-a', 'aggressive');
    await change('diff-turn', '4');
    const d = expectedDiff(requestAsText(engine.requestMessages('aggressive', 3) ?? []), requestAsText(engine.requestMessages('aggressive', 4) ?? []));
    await waitFor(() => expect(screen.getByTestId('diff-summary').textContent).toContain('From aggressive, turn 3 to aggressive, turn 4'));
    expect(screen.getByTestId('diff-summary').textContent).toContain(`${d.added} line${d.added === 1 ? '' : 's'} added, ${d.removed} removed`);
    expect(d.added).toBeGreaterThan(0);
    expect(shownRows()).toEqual(d.rows);
  });
});
