// @vitest-environment happy-dom
// A failed branch action's reasons: nothing when there are none, else one line each, as an alert.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorLines } from '../../../../src/ui/features/branches/ErrorLines.tsx';

afterEach(cleanup);

describe('ErrorLines', () => {
  it('shows nothing without errors', () => {
    const { container } = render(<ErrorLines errors={[]} testId="fork-errors" className="font-mono" />);
    expect(container.innerHTML).toBe('');
  });

  it('puts each reason on its own line, as an alert', () => {
    render(<ErrorLines errors={['no such branch', 'the engine is busy']} testId="fork-errors" className="font-mono" />);
    const alert = screen.getByRole('alert');
    expect(alert.dataset.testid).toBe('fork-errors');
    expect(alert.className).toBe('font-mono');
    expect([...alert.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['no such branch', 'the engine is busy']);
  });
});
