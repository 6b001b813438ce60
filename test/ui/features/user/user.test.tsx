// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UserPanel, callForms } from '../../../../src/ui/features/user/UserPanel.tsx';
import { renderPanel } from '../../panel-helpers.tsx';

afterEach(cleanup);

describe('UserPanel', () => {
  it('says nothing is defined before the first turn', async () => {
    await renderPanel(<UserPanel />, 'products-exploration.json');
    expect(screen.getByRole('heading', { level: 2, name: 'user/' })).toBeTruthy();
    expect(screen.getByTestId('user-empty').textContent).toMatch(/^Nothing defined yet\./);
    expect(screen.getByTestId('user-turn').textContent).toBe('before turn 1');
  });

  it('after stepping turns shows the definitions: functions with params, docstring and return type, values with type and sample', async () => {
    const h = await renderPanel(<UserPanel />, 'products-exploration.json');
    await act(async () => {
      await h.controller.step();
      await h.controller.step();
    });
    await waitFor(() => expect(screen.getByTestId('user-turn').textContent).toBe('before turn 3'));
    expect(screen.queryByTestId('user-empty')).toBeNull();

    const average = screen.getByTestId('user-entry-average');
    expect(average.textContent).toContain('(average [xs])');
    expect(average.textContent).toContain('Mean of a sequence of numbers');
    expect(screen.getByTestId('user-entry-average-returns').textContent).toBe('-> float');

    const rated = screen.getByTestId('user-entry-rated');
    expect(rated.textContent).toContain('list[6]');
    expect(rated.textContent).toContain('[{:name "Laptop" :price 1200');
    const byCategory = screen.getByTestId('user-entry-by-category');
    expect(byCategory.textContent).toContain('map[3]');
    expect(byCategory.textContent).toContain('{"Electronics" 800.0 "Furniture" 225.0 "Books" 39.0}');
    expect(screen.getByTestId('user-entry-categories').textContent).toContain('set[3]');

    // In definition order.
    const names = screen.getAllByRole('listitem').map((el) => el.getAttribute('data-testid'));
    expect(names).toEqual(['user-entry-rated', 'user-entry-categories', 'user-entry-average', 'user-entry-by-category']);
  });

  it('follows the selected turn', async () => {
    const h = await renderPanel(<UserPanel />, 'products-exploration.json');
    await act(async () => {
      await h.controller.step();
      await h.controller.step();
    });
    await act(async () => {
      await h.controller.select(2);
    });
    await waitFor(() => expect(screen.getByTestId('user-turn').textContent).toBe('before turn 2'));
    expect(screen.getByTestId('user-entry-rated')).toBeTruthy();
    expect(screen.queryByTestId('user-entry-average')).toBeNull();
  });
});

describe('callForms', () => {
  const fn = { name: 'f', kind: 'function' as const, type: '#fn[...]', sample: null };
  it('writes one call form per arity', () => {
    expect(callForms({ ...fn, params: ['[x]', '[x y & more]'] })).toEqual(['(f [x])', '(f [x y & more])']);
    expect(callForms({ ...fn, params: [] })).toEqual(['(f [])']);
  });
});
