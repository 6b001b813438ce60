// @vitest-environment jsdom
// jsdom, not happy-dom: this file talks to a local fake LLM server through fetch, and jsdom keeps
// Node's own fetch (a dropped connection fails as in a browser; happy-dom's fetch reports it otherwise).
// API keys: one per provider and base URL, kept for this page only (the default) or remembered in the
// browser, forgotten on request, and never found in the session, its export, a share link, the store
// or a notice, while the server did receive it.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KEY_STORAGE_PREFIX, KeyStore, endpointId, normalizeBaseUrl } from '../../../../src/ui/persistence/keys.ts';
import { decodeLink } from '../../../../src/session/link-codec.ts';
import { startFakeOpenAi, type FakeLlmServer } from '../../../fakes/llm-servers.ts';
import { clearEditor, typeInto } from '../../app-helpers.tsx';
import { KEY, button, exampleReplies, memoryStorage, renderLlmApp, configureLlm } from '../../llm-helpers.tsx';

let server: FakeLlmServer;
beforeAll(async () => {
  server = await startFakeOpenAi({ requiredKey: KEY });
});
afterAll(() => server.close());
afterEach(cleanup);

const openai = (baseUrl: string) => ({ provider: 'openai' as const, baseUrl });
const anthropic = (baseUrl: string) => ({ provider: 'anthropic' as const, baseUrl });

describe('KeyStore', () => {
  it('keeps keys in memory by default, one per provider and base URL', () => {
    const storage = memoryStorage();
    const keys = new KeyStore(storage);
    keys.set(openai('https://a.test/v1'), 'key-a', false);
    keys.set(openai('https://b.test/v1'), 'key-b', false);
    keys.set(anthropic('https://a.test/v1'), 'key-c', false);
    expect(keys.get(openai('https://a.test/v1'))).toBe('key-a');
    expect(keys.get(openai('https://A.test/v1/'))).toBe('key-a');
    expect(keys.get(openai('https://b.test/v1'))).toBe('key-b');
    expect(keys.get(anthropic('https://a.test/v1'))).toBe('key-c');
    expect(keys.get(anthropic('https://b.test/v1'))).toBe('');
    expect(keys.isRemembered(openai('https://a.test/v1'))).toBe(false);
    expect(storage.items.size).toBe(0);
    // A new page (a new store over the same storage) has none of them.
    expect(new KeyStore(storage).get(openai('https://a.test/v1'))).toBe('');
  });

  it('remembers a key in storage when asked, until it is forgotten', () => {
    const storage = memoryStorage();
    const keys = new KeyStore(storage);
    const e = openai('https://a.test/v1');
    keys.set(e, 'key-a', true);
    expect(keys.isRemembered(e)).toBe(true);
    expect(storage.items.get(KEY_STORAGE_PREFIX + endpointId(e))).toBe('key-a');
    expect(new KeyStore(storage).get(e)).toBe('key-a');
    keys.setRemember(e, false);
    expect(storage.items.size).toBe(0);
    expect(keys.get(e)).toBe('key-a');
    keys.setRemember(e, true);
    keys.forget(e);
    expect(keys.get(e)).toBe('');
    expect(storage.items.size).toBe(0);
  });

  it('works without storage (remember not offered)', () => {
    const keys = new KeyStore(null);
    keys.set(openai('https://a.test/v1'), 'k', true);
    expect(keys.get(openai('https://a.test/v1'))).toBe('k');
    expect(keys.canRemember()).toBe(false);
  });

  it('compares base URLs loosely', () => {
    expect(normalizeBaseUrl(' HTTPS://API.Example.com/v1/ ')).toBe('https://api.example.com/v1');
    expect(normalizeBaseUrl('not a url/')).toBe('not a url');
  });
});

describe('the API key field', () => {
  it('follows the provider and base URL; remember and forget', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    await configureLlm(app, { provider: 'openai', baseUrl: 'https://one.test/v1', model: 'm' });
    const field = () => screen.getByTestId('llm-api-key') as HTMLInputElement;
    expect(field().type).toBe('password');
    expect((screen.getByTestId('llm-key-memory') as HTMLInputElement).checked).toBe(true);
    await typeInto(user, field(), 'key-one');
    expect(app.keys.get(openai('https://one.test/v1'))).toBe('key-one');
    expect(app.storage.items.size).toBe(0);
    expect(screen.queryByTestId('llm-key-forget')).toBeNull();

    await configureLlm(app, { provider: 'openai', baseUrl: 'https://two.test/v1', model: 'm' });
    await waitFor(() => expect(field().value).toBe(''));
    await user.click(screen.getByTestId('llm-key-remember'));
    await typeInto(user, field(), 'key-two');
    expect(app.storage.items.get(KEY_STORAGE_PREFIX + endpointId(openai('https://two.test/v1')))).toBe('key-two');
    expect(screen.getByTestId('llm-key-forget')).toBeTruthy();

    await configureLlm(app, { provider: 'anthropic', baseUrl: 'https://two.test/v1', model: 'm' });
    await waitFor(() => expect(field().value).toBe(''));

    await configureLlm(app, { provider: 'openai', baseUrl: 'https://one.test/v1', model: 'm' });
    await waitFor(() => expect(field().value).toBe('key-one'));
    await configureLlm(app, { provider: 'openai', baseUrl: 'https://two.test/v1', model: 'm' });
    await waitFor(() => expect(field().value).toBe('key-two'));
    await user.click(screen.getByTestId('llm-key-forget'));
    expect(field().value).toBe('');
    expect(app.storage.items.size).toBe(0);
    expect(screen.queryByTestId('llm-key-forget')).toBeNull();
  });

  it('a hosted API without a key is told so before any request', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    await configureLlm(app, { provider: 'openai', baseUrl: 'https://api.example.com/v1', model: 'm' });
    await user.click(button('step'));
    await waitFor(() =>
      expect(screen.getByTestId('notice-text').textContent).toMatch(
        /^No API key for OpenAI-compatible at https:\/\/api\.example\.com\/v1: .*Nothing was sent\./,
      ),
    );
    expect(screen.queryByTestId('turn-1')).toBeNull();
    expect(app.view().usage.discarded).toBeUndefined();
  });
});

describe('the key never leaves for anywhere but the server', () => {
  it('is in no session text, export, share link, store state or notice', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    const replies = exampleReplies();
    await configureLlm(app, { provider: 'openai', baseUrl: server.url, model: 'fake-model' });
    // A wrong key first: the server echoes it in its 401 message.
    await typeInto(user, screen.getByTestId('llm-api-key'), 'sk-wrong-LEAKCHECK-9999');
    await user.click(button('step'));
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('(auth)'));
    expect(screen.getByTestId('notice-text').textContent).not.toContain('sk-wrong-LEAKCHECK-9999');
    expect(screen.getByTestId('llm-failure').textContent).not.toContain('sk-wrong-LEAKCHECK-9999');

    await clearEditor(user, screen.getByTestId('llm-api-key'));
    await typeInto(user, screen.getByTestId('llm-api-key'), KEY);
    server.enqueue({ text: replies[0] });
    await user.click(button('llm-retry'));
    await screen.findByTestId('turn-1');
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);

    const link = await act(() => app.controller.share(true));
    const decoded = link ? decodeLink(link.fragment) : null;
    const exported = await app.client.call('exportSession');
    const carried = JSON.stringify([
      app.store.getState(),
      exported,
      link,
      decoded && decoded.ok ? decoded.session : null,
      document.body.innerHTML.replace(/value="[^"]*"/g, ''),
    ]);
    for (const key of [KEY, 'sk-wrong-LEAKCHECK-9999']) expect(carried).not.toContain(key);
    expect(exported).toContain(server.url);
    // Kept for this page only: not in storage either.
    expect(app.storage.items.size).toBe(0);
  });
});
