// @vitest-environment jsdom
// jsdom, not happy-dom: this file talks to a local fake LLM server through fetch, and jsdom keeps
// Node's own fetch (a dropped connection fails as in a browser; happy-dom's fetch reports it otherwise).
// A base URL that came with a share link, an opened file or a saved session this browser never
// vouched for is shown and confirmed before the first request goes there; once confirmed, later
// requests go without asking. Examples and URLs typed in the panel are not asked about.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isConfirmedHere } from '../../../../src/ui/state/confirmed-urls.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import { startFakeOpenAi, type FakeLlmServer } from '../../../fakes/llm-servers.ts';
import { exampleText, setHash } from '../../harness.tsx';
import { button, exampleReplies, renderLlmApp, configureLlm } from '../../llm-helpers.tsx';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeOpenAi();
});
afterAll(() => server.close());

const replies = exampleReplies();
/** Each test queues the example's replies for the requests it expects (a cancelled one sends none). */
const queueReplies = (n: number) => server.enqueue(...replies.slice(0, n).map((text) => ({ text })));

beforeEach(() => setHash(null));
afterEach(() => {
  cleanup();
  setHash(null);
  localStorage.clear();
});

/** The example, asking the fake server, as a session file. */
function sessionText(): string {
  const engine = new Engine();
  engine.open(exampleText('reviews-and-inventory.json'));
  const def = engine.view().setup.definition;
  const r = engine.setDefinition({ ...def, llm: { provider: 'openai', baseUrl: server.url, model: 'fake-model', replies: [] } });
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine.exportSession();
}

function linkFragment(): string {
  const engine = new Engine();
  engine.open(sessionText());
  return engine.shareLink({ turns: true }).fragment;
}

const posts = () => server.requests.filter((r) => r.method === 'POST').length;

describe('confirming a base URL from outside', () => {
  it('a share link: shown, nothing sent on Cancel; sent once confirmed, then without asking', async () => {
    const user = userEvent.setup();
    queueReplies(2);
    setHash(linkFragment());
    const app = await renderLlmApp({ waitForExample: false });
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('The first request asks you to confirm this address.'));
    const before = posts();
    await user.click(button('step'));
    const dialog = await screen.findByTestId('base-url-confirm');
    expect(screen.getByTestId('base-url-confirm-url').textContent).toBe(server.url);
    expect(dialog.getAttribute('role')).toBe('alertdialog');
    expect(button('step').disabled).toBe(true);
    await user.click(button('base-url-confirm-cancel'));
    expect(screen.queryByTestId('base-url-confirm')).toBeNull();
    expect(screen.getByTestId('notice-text').textContent).toContain(`Nothing was sent to ${server.url}`);
    expect(posts()).toBe(before);

    await user.click(button('step'));
    await user.click(await screen.findByTestId('base-url-confirm-send'));
    await screen.findByTestId('turn-1');
    expect(posts()).toBe(before + 1);
    await user.click(button('step'));
    await screen.findByTestId('turn-2');
    expect(screen.queryByTestId('base-url-confirm')).toBeNull();
    expect(app.view().turns).toHaveLength(2);
    expect(isConfirmedHere(server.url)).toBe(true);
  });

  it('an opened file: Run asks first and goes on running once confirmed', async () => {
    const user = userEvent.setup();
    queueReplies(3);
    const app = await renderLlmApp();
    await user.upload(screen.getByTestId('open-file') as HTMLInputElement, new File([sessionText()], 's.json', { type: 'application/json' }));
    await waitFor(() => expect(app.view().setup.definition.llm.baseUrl).toBe(server.url));
    const before = posts();
    await user.click(button('run'));
    await screen.findByTestId('base-url-confirm');
    expect(posts()).toBe(before);
    await user.click(button('base-url-confirm-send'));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('returned'));
    expect(posts()).toBe(before + 3);
  });

  it('a saved session asks unless this browser vouched for its base URL', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    const text = sessionText();
    server.enqueue({ text: replies[0] }, { text: replies[0] });
    await act(() => app.controller.openSaved(text, { id: 'saved-1', rev: 1 }));
    await user.click(button('step'));
    await user.click(await screen.findByTestId('base-url-confirm-send'));
    await screen.findByTestId('turn-1');
    // Reopened later (a reload): the same base URL goes without asking.
    await act(() => app.controller.openSaved(text, { id: 'saved-1', rev: 2 }));
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    expect(screen.queryByTestId('base-url-confirm')).toBeNull();
  });

  it('an example pointed at a server in the panel is not asked about', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    await configureLlm(app, { provider: 'openai', baseUrl: server.url, model: 'fake-model' });
    queueReplies(1);
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    expect(screen.queryByTestId('base-url-confirm')).toBeNull();
  });
});
