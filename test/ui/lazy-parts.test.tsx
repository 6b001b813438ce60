// @vitest-environment happy-dom
// Parts of the page that load on first use (not in its first JavaScript) say so until their code has
// arrived, then show themselves.
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PricesButton } from '../../src/ui/features/cost/PricesButton.tsx';
import { MessagesCompare } from '../../src/ui/features/selected-turn/MessagesCompare.tsx';
import { renderView, resetPrices, sessionText, viewOf } from './cost-fixtures.tsx';

afterEach(cleanup);
beforeEach(resetPrices);

const view = () => viewOf(sessionText([], { llm: { provider: 'anthropic', model: 'claude-sonnet-4-5' }, turns: [] }));

it('the prices dialog: a loading line, then the dialog', async () => {
  renderView(<PricesButton />, view());
  fireEvent.click(screen.getByTestId('prices-button'));
  expect(screen.getByTestId('lazy-loading').textContent).toBe('Loading the prices…');
  await screen.findByTestId('prices-dialog');
  expect(screen.queryByTestId('lazy-loading')).toBeNull();
});

it('the Request tab: a loading line, then the request', async () => {
  renderView(<MessagesCompare />, view());
  fireEvent.click(screen.getByTestId('tab-request'));
  expect(screen.getByRole('status').textContent).toBe('Loading the request…');
  await screen.findByTestId('request-view');
  expect(screen.queryByTestId('lazy-loading')).toBeNull();
});
