// @vitest-environment happy-dom
// What a strategy hides: its distinct hidden items by kind, as the engine counts them, each listed with
// the turn it comes from; clicking that turn selects it in the app, as the turn list does.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KIND_NAMES, SHOWN_ITEMS } from '../../../../src/ui/features/whole-run/HiddenItems.tsx';
import type { ItemKind } from '../../../../src/compression/compare/visibility.ts';
import { engineFigures, renderRun, waitForFigures } from '../../compare-helpers.tsx';

afterEach(cleanup);

const KINDS = Object.keys(KIND_NAMES) as ItemKind[];

describe('what each strategy hides', () => {
  it('counts and lists the hidden items of the session strategy, then of another chosen', async () => {
    const expected = await engineFigures('long-run-overflow.json');
    await renderRun('long-run-overflow.json');
    await waitForFigures(expected.turns);
    const check = (name: string) => {
      const s = expected.strategies.find((x) => x.name === name);
      if (!s) throw new Error(name);
      expect((screen.getByTestId('hidden-strategy') as HTMLSelectElement).value).toBe(name);
      for (const k of KINDS) {
        expect(screen.getByTestId(`hidden-count-${k}`).textContent, `${name} ${k}`).toBe(`${KIND_NAMES[k]} ${s.hidden[k]}`);
        const items = s.hiddenItems.filter((i) => i.kind === k);
        if (items.length === 0) expect(screen.queryByTestId(`hidden-list-${k}`)).toBeNull();
        else {
          // A long list shows its first items and a button for the rest.
          const more = screen.queryByTestId(`hidden-more-${k}`);
          if (more) fireEvent.click(more);
          expect(within(screen.getByTestId(`hidden-list-${k}`)).getAllByRole('listitem')).toHaveLength(items.length);
          expect(more === null).toBe(items.length <= SHOWN_ITEMS);
        }
      }
      for (const item of s.hiddenItems) expect(within(screen.getByTestId(`hidden-item-${item.id}`)).getByRole('button').textContent).toBe(`t${item.turn}`);
      // Per request: what each request hides, one cell per turn.
      for (const k of KINDS) {
        const row = screen.queryByTestId(`hidden-per-request-${k}`);
        if (s.requests.every((r) => r.hidden[k] === 0)) expect(row).toBeNull();
        else expect([...(row?.querySelectorAll('td') ?? [])].map((td) => Number(td.textContent))).toEqual(s.requests.map((r) => r.hidden[k]));
      }
      return s;
    };
    // The session's own strategy first.
    const coalesced = check('single-user-coalesced');
    expect(coalesced.hidden.toolCall).toBe(12);
    expect(coalesced.hidden.print).toBe(17);
    fireEvent.change(screen.getByTestId('hidden-strategy'), { target: { value: 'aggressive' } });
    check('aggressive');
  });

  it('selects the turn of an item in the app', async () => {
    const h = await renderRun('long-run-overflow.json');
    await waitForFigures(5);
    expect(h.store.getState().selected).toBeNull();
    const item = screen.getByTestId('hidden-item-toolCall:2:0');
    const button = within(item).getByRole('button', { name: 'Select turn 2' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(h.store.getState().selected).toBe(2));
    await waitFor(() => expect(h.store.getState().view?.selected).toBe(2));
  });
});
