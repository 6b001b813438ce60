// @vitest-environment happy-dom
// The small labelled checkbox: its words name it, and a click reports the new state.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from '../../../src/ui/components/Checkbox.tsx';

afterEach(cleanup);

describe('Checkbox', () => {
  it('is named by its words and reports each change', () => {
    const seen: boolean[] = [];
    const { rerender } = render(
      <Checkbox testId="wrap" checked={false} onChange={(on) => seen.push(on)}>
        wrap lines
      </Checkbox>,
    );
    const box = screen.getByRole('checkbox', { name: 'wrap lines' }) as HTMLInputElement;
    expect(box.dataset.testid).toBe('wrap');
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(seen).toEqual([true]);
    rerender(
      <Checkbox testId="wrap" checked onChange={(on) => seen.push(on)}>
        wrap lines
      </Checkbox>,
    );
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(seen).toEqual([true, false]);
  });

  it('carries no test id unless given one', () => {
    render(
      <Checkbox checked onChange={() => undefined}>
        with SYSTEM
      </Checkbox>,
    );
    expect(screen.getByRole('checkbox').hasAttribute('data-testid')).toBe(false);
  });
});
