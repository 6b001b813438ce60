// @vitest-environment happy-dom
// The page's first Tab stop is "Skip to turns"; Enter moves the focus into the turn list.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

afterEach(cleanup);

it('the first Tab stop skips to the turns', async () => {
  const user = userEvent.setup();
  renderWithPlayground(<App />);
  await waitForDefaultExample();
  (document.activeElement as HTMLElement | null)?.blur();
  await user.tab();
  expect(document.activeElement).toBe(screen.getByTestId('skip-to-turns'));
  expect(document.activeElement?.textContent).toBe('Skip to turns');
  await user.keyboard('{Enter}');
  expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Turn list' }));
  expect(location.hash).toBe('');
});
