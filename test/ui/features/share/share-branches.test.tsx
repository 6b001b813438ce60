// @vitest-environment happy-dom
// Sharing a session with branches: the link carries the tree; a tree too large for a link says how
// much the other branches take and offers a link of the open branch alone.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { linkFragmentOf } from '../../../../src/ui/features/share/links.ts';
import { decodeLink } from '../../../../src/session/link-codec.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import { PageApi } from '../../../../src/worker/page-api.ts';
import { waitForDefaultExample } from '../../app-helpers.tsx';
import { exampleText, renderWithPlayground } from '../../harness.tsx';

afterEach(cleanup);

function noise(chars: number): string {
  let x = 11;
  let out = '';
  while (out.length < chars) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    out += (x >>> 8).toString(36);
  }
  return out.slice(0, chars);
}

/** The example after three turns, with one more branch whose SYSTEM prompt has `suffix`; main open. */
function withBranch(suffix: string): string {
  const h = new PageApi(new Engine());
  if (!h.engine.open(exampleText('reviews-and-inventory.json')).ok) throw new Error('did not open');
  for (let i = 0; i < 3; i++) h.engine.stepTurn();
  if (!h.fork({ at: 2, name: 'other prompt', systemPrompt: { suffix } }).ok) throw new Error('no fork');
  if (!h.checkoutBranch('main').ok) throw new Error('no checkout');
  return h.engine.exportSession();
}

async function openText(h: ReturnType<typeof renderWithPlayground>, text: string): Promise<void> {
  await act(async () => {
    await h.client.call('open', [text]);
  });
  const view = await h.client.call('view');
  act(() => h.store.getState().setView(view));
  await screen.findByTestId('turn-3');
}

describe('Share with branches', () => {
  it('the link holds the other branches too', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openText(h, withBranch('Be brief.'));
    await user.click(screen.getByTestId('share'));
    const input = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(screen.getByTestId('share-status').textContent).toMatch(/with its recorded turns and its 1 other branch/);
    const decoded = decodeLink(linkFragmentOf(new URL(input.value).hash) ?? '');
    expect(decoded.ok && decoded.session.branches?.map((b) => b.name)).toEqual(['other prompt']);
  });

  it('a tree too large says what the branches take and shares the open branch alone', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openText(h, withBranch(noise(60_000)));
    await user.click(screen.getByTestId('share'));
    await waitFor(() => expect(screen.getByTestId('share-status').textContent).toMatch(/or share the open branch without its 1 other branch/));
    expect(screen.getByTestId('share-reason').textContent).toMatch(/its 1 other branch takes \d+% of it/);
    await user.click(screen.getByTestId('share-open-branch'));
    const input = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(screen.getByTestId('share-status').textContent).toMatch(/the open branch only/);
    const decoded = decodeLink(linkFragmentOf(new URL(input.value).hash) ?? '');
    expect(decoded.ok && decoded.session.branches).toBeUndefined();
    expect(decoded.ok && decoded.session.turns).toHaveLength(3);
  });
});
