// @vitest-environment happy-dom
// Share links in the page: the Share dialog, opening a link on load (before the saved session), a
// link that is too large, and damaged or hostile links that leave the last good session in place.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { linkFragmentOf } from '../../../../src/ui/features/share/links.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import { waitForDefaultExample } from '../../app-helpers.tsx';
import { exampleText, renderWithPlayground, setHash, textOf } from '../../harness.tsx';
import { freshSessions, memoryTab, renderTab } from '../../persistence-helpers.tsx';

beforeEach(() => setHash(null));
afterEach(() => {
  cleanup();
  setHash(null);
});

/** A share fragment made by the engine itself, after `steps` turns of an example. */
function fragmentOf(example: string, steps: number, edit?: (e: Engine) => void): { fragment: string; engine: Engine } {
  const engine = new Engine();
  const r = engine.open(exampleText(example));
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  for (let i = 0; i < steps; i++) engine.stepTurn();
  edit?.(engine);
  const link = engine.shareLink({ turns: true });
  return { fragment: link.fragment, engine };
}

describe('Share', () => {
  it('puts the session in a link; opening that link elsewhere shows the same turns and messages', async () => {
    const user = userEvent.setup();
    const first = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-1');
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-2');
    const compressed = screen.getByTestId('compressed-user').textContent;
    const sessionText = textOf(first.store.getState().view);
    await user.click(screen.getByTestId('share'));
    const input = (await screen.findByTestId('share-link')) as HTMLInputElement;
    expect(input.value).toMatch(/^http:\/\/localhost(:\d+)?\/#s=2\.[A-Za-z0-9_-]+$/);
    expect(screen.getByTestId('share-status').textContent).toMatch(/with its recorded turns/);
    const fragment = linkFragmentOf(new URL(input.value).hash);
    cleanup();

    // "Another browser": a new page whose address holds the link.
    setHash(fragment);
    const second = renderWithPlayground(<App />);
    await screen.findByTestId('turn-2');
    expect(screen.getByTestId('compressed-user').textContent).toBe(compressed);
    expect(textOf(second.store.getState().view)).toBe(sessionText);
    expect(screen.getByTestId('notice-text').textContent).toMatch(/^Opened a shared session: Reviews and inventory\./);
    // The link leaves the address, so a reload restores the saved session rather than the link.
    expect(window.location.hash).toBe('');
  });

  it('a session too large for a link says so and offers export or a link without its turns', async () => {
    const user = userEvent.setup();
    const big = JSON.parse(exampleText('reviews-and-inventory.json')) as { data: Record<string, unknown>; title: string };
    // Incompressible data: random words, so the deflated link stays large.
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    big.data.notes = Array.from({ length: 12000 }, () => Math.floor(rnd() * 1e9).toString(36));
    big.title = 'Big session';
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await act(async () => {
      await h.client.call('open', [JSON.stringify(big)]);
    });
    const r = await h.client.call('view');
    act(() => h.store.getState().setView(r));
    // A recorded turn, so that a link without the turns is a different link.
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-1');
    await user.click(screen.getByTestId('share'));
    await waitFor(() => expect(screen.getByTestId('share-status').textContent).toMatch(/needs [\d.]+ KB of link, more than the 32\.0 KB/));
    expect(screen.getByTestId('share-export')).toBeTruthy();
    await user.click(screen.getByTestId('share-without-turns'));
    // The data alone is still too large: it says so, and only export is offered.
    await waitFor(() => expect(screen.getByTestId('share-status').textContent).toMatch(/^Even without its recorded turns/));
    expect(screen.queryByTestId('share-without-turns')).toBeNull();
  });

  it('a link without recorded turns opens with no turns; the mock replies replay them', async () => {
    const user = userEvent.setup();
    const { engine } = fragmentOf('side-effect-calls.json', 2);
    setHash(engine.shareLink({ turns: false }).fragment);
    renderWithPlayground(<App />);
    await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('Side-effect tools returning nil'));
    expect(screen.queryByTestId('turn-1')).toBeNull();
    await user.click(screen.getByTestId('run'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('returned'));
  });

  it('says where a link points the LLM before anything could be sent there', async () => {
    const { fragment } = fragmentOf('failed-turn-recovery.json', 0, (e) => {
      const def = e.view().setup.definition;
      e.setDefinition({ ...def, llm: { provider: 'openai', model: 'some-model', baseUrl: 'https://llm.example.test/v1', replies: def.llm.replies } });
    });
    setHash(fragment);
    renderWithPlayground(<App />);
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('at https://llm.example.test/v1'));
    expect(screen.getByTestId('notice-text').textContent).toContain('Nothing is sent there until you run the session with that LLM yourself.');
  });
});

describe('damaged and hostile links', () => {
  const hostile: [string, string][] = [
    ['not base64', 's=2.@@@@'],
    ['truncated', fragmentOf('reviews-and-inventory.json', 1).fragment.slice(0, 300)],
    ['from a newer version', 's=9.AAAA'],
    ['garbage after the version', 's=2.' + 'A'.repeat(5000)],
  ];
  for (const [what, fragment] of hostile) {
    it(`a link that is ${what} changes nothing: a clear error, and the last session is restored`, async () => {
      const user = userEvent.setup();
      const { sessions } = freshSessions();
      const tab = memoryTab();
      // A first visit saves a session (one step into the default example).
      renderTab({ sessions, tabMemory: tab });
      await waitForDefaultExample();
      await user.click(screen.getByTestId('step'));
      await screen.findByTestId('turn-1');
      await waitFor(async () => expect((await sessions.list())[0]?.turns).toBe(1));
      cleanup();

      setHash(fragment);
      renderTab({ sessions, tabMemory: tab });
      await screen.findByTestId('turn-1');
      await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toMatch(/^This link could not be opened, so nothing changed:\n/));
      // The app goes on working with the last good session.
      await user.click(screen.getByTestId('step'));
      await screen.findByTestId('turn-2');
    });
  }

  it('a link pasted into an open tab opens; a bad one leaves the open session', async () => {
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    act(() => {
      history.replaceState(null, '', '/#s=2.%%%');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toMatch(/^This link could not be opened/));
    expect(screen.getByTestId('session-title').textContent).toBe('Reviews and inventory');
    const { fragment } = fragmentOf('products-exploration.json', 1);
    act(() => {
      history.replaceState(null, '', `/#${fragment}`);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await waitFor(() => expect(screen.getByTestId('session-title').textContent).toBe('Exploring data/products'));
    await screen.findByTestId('turn-1');
  });
});
