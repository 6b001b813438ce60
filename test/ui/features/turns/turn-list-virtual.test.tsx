// @vitest-environment happy-dom
// The turn list keeps only the cards in sight in the DOM: a run of 1,000 turns shows a handful, the
// ones scrolled to replace them, and a card shown is selected by a click as before.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import type { View } from '../../../../src/worker/engine.ts';
import { ranExample, renderView, viewOf } from '../../cost-fixtures.tsx';

const VIEWPORT_PX = 600;
const CARD_PX = 100;

/** The example's view with its first turn repeated as turns 1…n (what a long run's list holds). */
function longView(n: number): View {
  const view = viewOf(JSON.stringify(ranExample()));
  const first = view.turns[0];
  return {
    ...view,
    status: 'running',
    setup: { ...view.setup, maxTurns: n + 1 },
    selected: n + 1,
    turns: Array.from({ length: n }, (_, i) => ({ ...first, number: i + 1 })),
  };
}

function Scroller({ children }: { children: React.ReactNode }) {
  return (
    <div data-testid="scroller" style={{ overflowY: 'auto', height: `${VIEWPORT_PX}px` }}>
      {children}
    </div>
  );
}

const shownCards = () => screen.queryAllByTestId(/^turn-\d+$/).map((el) => Number(el.getAttribute('data-testid')?.slice(5)));

describe('the virtualized turn list', () => {
  const restore: (() => void)[] = [];
  afterEach(() => {
    cleanup();
    for (const r of restore.splice(0)) r();
  });

  describe('with a layout (the panel 600 px tall, cards 100 px)', () => {
    beforeEach(() => {
      // jsdom lays nothing out: the sizes the virtualizer reads are given here.
      const size = (prop: 'clientHeight' | 'offsetHeight', of: (el: HTMLElement) => number) => {
        const before = Object.getOwnPropertyDescriptor(HTMLElement.prototype, prop);
        Object.defineProperty(HTMLElement.prototype, prop, {
          configurable: true,
          get: function (this: HTMLElement) {
            return of(this);
          },
        });
        restore.push(() => (before ? Object.defineProperty(HTMLElement.prototype, prop, before) : undefined));
      };
      size('clientHeight', (el) => (el.dataset.testid === 'scroller' ? VIEWPORT_PX : 0));
      size('offsetHeight', (el) => (el.dataset.index !== undefined ? CARD_PX : 0));
    });

    it('shows a handful of 1,000 cards, and the ones scrolled to', async () => {
      renderView(
        <Scroller>
          <TurnList />
        </Scroller>,
        longView(1000),
      );
      await waitFor(() => expect(shownCards()).toContain(1));
      expect(screen.getByTestId('turn-list').textContent).toContain('1000 of 1001');
      const first = shownCards();
      expect(first.length).toBeGreaterThan(3);
      expect(first.length).toBeLessThan(30);
      expect(first).not.toContain(1000);

      const scroller = screen.getByTestId('scroller');
      // jsdom keeps scrollTop at 0: the position scrolled to is given on the element.
      Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 500 * (CARD_PX + 8) });
      Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 * (CARD_PX + 8) });
      act(() => {
        fireEvent.scroll(scroller);
      });
      // Cards not measured yet count at their estimate (220 px): the list is about 240 cards down.
      await waitFor(() => expect(Math.min(...shownCards())).toBeGreaterThan(200));
      const later = shownCards();
      expect(later).not.toContain(1);
      expect(Math.max(...later) - Math.min(...later)).toBe(later.length - 1);
      expect(later.length).toBeLessThan(30);
      // The next-turn row stays after the list, whatever is shown.
      expect(screen.getByTestId('turn-next').textContent).toContain('Turn 1001 (next)');
    });

    it('a shown card is selected by a click', async () => {
      const h = renderView(
        <Scroller>
          <TurnList />
        </Scroller>,
        longView(1000),
      );
      await waitFor(() => expect(shownCards()).toContain(2));
      fireEvent.click(screen.getByTestId('turn-2'));
      await waitFor(() => expect(h.store.getState().selected).toBe(2));
    });

    it('a turn selected from elsewhere (a hidden item, a branch) is scrolled into the list', async () => {
      const view = longView(1000);
      const h = renderView(
        <Scroller>
          <TurnList />
        </Scroller>,
        view,
      );
      await waitFor(() => expect(shownCards()).toContain(1));
      const scroller = screen.getByTestId('scroller');
      Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 * (CARD_PX + 8) });
      const scrolledTo: number[] = [];
      scroller.scrollTo = ((options: ScrollToOptions) => scrolledTo.push(options.top ?? 0)) as typeof scroller.scrollTo;
      act(() => h.store.getState().setView({ ...view, selected: 700 }));
      // Turn 700 starts 699 cards down, each at least 100 px and the gap.
      await waitFor(() => expect(Math.max(0, ...scrolledTo)).toBeGreaterThan(699 * 100));
    });
  });

  it('without a layout (sizes all 0) every card of a short run is shown', () => {
    renderView(<TurnList />, longView(5));
    expect(shownCards()).toEqual([1, 2, 3, 4, 5]);
  });
});
