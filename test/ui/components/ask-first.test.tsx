// @vitest-environment happy-dom
// A button that asks before it acts: the question with the action's button and Keep; Keep puts the
// button back without acting, the action's button acts once and puts it back too.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AskFirst } from '../../../src/ui/components/AskFirst.tsx';

afterEach(cleanup);

function renderAsk(onConfirm: () => void, extra: { disabled?: boolean; ariaLabel?: string } = {}) {
  return render(<AskFirst label="Reset progress" confirm="Reset" question="Forget everything?" testId="reset" onConfirm={onConfirm} {...extra} />);
}

describe('AskFirst', () => {
  it('asks, and Keep puts the button back without acting', () => {
    let done = 0;
    renderAsk(() => done++);
    fireEvent.click(screen.getByTestId('reset'));
    expect(screen.queryByTestId('reset')).toBeNull();
    expect(screen.getByText('Forget everything?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(screen.getByTestId('reset').textContent).toBe('Reset progress');
    expect(done).toBe(0);
  });

  it('acts once when the question is answered, and puts the button back', () => {
    let done = 0;
    renderAsk(() => done++);
    fireEvent.click(screen.getByTestId('reset'));
    const confirm = screen.getByTestId('reset-confirm');
    expect(confirm.textContent).toBe('Reset');
    fireEvent.click(confirm);
    expect(done).toBe(1);
    expect(screen.queryByTestId('reset-confirm')).toBeNull();
    expect(screen.getByTestId('reset')).toBeTruthy();
  });

  it('names the button by its label when given one, and is disabled when told', () => {
    renderAsk(() => undefined, { disabled: true, ariaLabel: 'Reset the lessons' });
    const button = screen.getByRole('button', { name: 'Reset the lessons' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
