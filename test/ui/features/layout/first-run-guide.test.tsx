// @vitest-environment happy-dom
// The first visit's guide: shown once, never modal and never taking the focus, gone for good after
// one click, and absent with ?tour=off.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

it('shows on a first visit without taking the focus, and one click dismisses it for good', async () => {
  const user = userEvent.setup();
  renderWithPlayground(<App />);
  await waitForDefaultExample();
  const guide = screen.getByTestId('first-run-guide');
  expect(guide.textContent).toMatch(/Left:.*Middle:.*Right:/);
  expect(guide.contains(document.activeElement)).toBe(false);
  // Not modal: the page around it works as ever.
  expect(guide.closest('[role="dialog"]')).toBeNull();
  expect((screen.getByTestId('step') as HTMLButtonElement).disabled).toBe(false);
  await user.click(screen.getByTestId('first-run-guide-dismiss'));
  expect(screen.queryByTestId('first-run-guide')).toBeNull();
  cleanup();
  renderWithPlayground(<App />);
  await waitForDefaultExample();
  expect(screen.queryByTestId('first-run-guide')).toBeNull();
});

it('stays away when the page is opened with ?tour=off', async () => {
  localStorage.clear();
  history.replaceState(null, '', '/?tour=off');
  renderWithPlayground(<App />);
  await waitForDefaultExample();
  expect(screen.queryByTestId('first-run-guide')).toBeNull();
});
