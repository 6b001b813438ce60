// @vitest-environment happy-dom
// A side sheet's failed load: nothing while there is no error; else why, as an alert, and Retry.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadError } from '../../../src/ui/components/LoadError.tsx';

afterEach(cleanup);

describe('LoadError', () => {
  it('shows nothing while there is no error', () => {
    const { container } = render(<LoadError what="The lessons" error={null} testId="lessons-error" margin="m-3" onRetry={() => undefined} />);
    expect(container.innerHTML).toBe('');
  });

  it('says what could not be loaded and why, and Retry tries again', () => {
    let retries = 0;
    render(<LoadError what="The reference" error="worker gone" testId="reference-error" margin="my-2" onRetry={() => retries++} />);
    const alert = screen.getByRole('alert');
    expect(alert.dataset.testid).toBe('reference-error');
    expect(alert.classList.contains('my-2')).toBe(true);
    expect(alert.textContent).toBe('The reference could not be loaded: worker gone Retry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retries).toBe(1);
  });
});
