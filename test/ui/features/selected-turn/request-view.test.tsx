// @vitest-environment happy-dom
// The Request tab: method, URL, headers with the key never shown, the JSON body exactly as sent with
// its cache_control breakpoints marked and listed, a copy button; and for the mock, no request.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessagesCompare } from '../../../../src/ui/features/selected-turn/MessagesCompare.tsx';
import { cacheBreakpoints, jsonLines, safeHeaders } from '../../../../src/ui/features/selected-turn/request-text.ts';
import type { View } from '../../../../src/worker/engine.ts';
import { ranExample, renderView, resetPrices, sessionText, viewOf } from '../../cost-fixtures.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(resetPrices);

const claude = { provider: 'anthropic', model: 'claude-sonnet-4-5' };

/** The next turn of a fresh Claude session: the request Step will send. */
function claudeNext(): View {
  return viewOf(sessionText([], { llm: claude, turns: [] }));
}

/** The tab's view loads on first use: wait for it. */
async function showRequest(view: View) {
  const h = renderView(<MessagesCompare />, view);
  fireEvent.click(screen.getByTestId('tab-request'));
  await screen.findByTestId('request-view');
  return h;
}

describe('the Request tab', () => {
  it('shows method, URL, headers and the body exactly as sent, with the cache breakpoints marked and listed', async () => {
    const view = claudeNext();
    if (!view.request) throw new Error('a Claude session describes its request');
    await showRequest(view);
    expect(screen.getByTestId('request-heading').textContent).toBe('The HTTP request Step will send for turn 1');
    expect(screen.getByTestId('request-line').textContent).toBe('POST https://api.anthropic.com/v1/messages');
    const headers = screen.getByTestId('request-headers').textContent ?? '';
    expect(headers).toContain('authorization:Bearer [redacted]');
    expect(headers).toContain('anthropic-version:');
    // The SDK's own headers are not listed, and the tab says so rather than pass for the whole request.
    expect(screen.getByTestId('request-sdk-headers').textContent).toMatch(
      /^The provider's SDK adds headers of its own, not listed: accept, user-agent, x-stainless-\*/,
    );
    expect(screen.getByTestId('request-body').textContent).toBe(JSON.stringify(view.request.body, null, 2).replaceAll('\n', ''));
    expect(screen.getByTestId('request-breakpoints').textContent).toBe('2 cache breakpoints: system; user message 1, first block.');
    const marks = screen.getAllByTestId('request-cache-mark').map((m) => m.textContent?.trim());
    // Each breakpoint is three marked lines: "cache_control": {, "type": "ephemeral", }.
    expect(marks).toEqual(['"cache_control": {', '"type": "ephemeral"', '}', '"cache_control": {', '"type": "ephemeral"', '}']);
  });

  it('never shows a key, even if a header carried one', async () => {
    const view = claudeNext();
    if (!view.request) throw new Error('a Claude session describes its request');
    const leaky: View = {
      ...view,
      request: { ...view.request, headers: { ...view.request.headers, authorization: 'Bearer sk-live-123', 'x-api-key': 'sk-ant-456' } },
    };
    await showRequest(leaky);
    const text = screen.getByTestId('request-view').textContent ?? '';
    expect(text).not.toContain('sk-');
    expect(screen.getByTestId('request-headers').textContent).toContain('authorization:Bearer [redacted]');
    expect(screen.getByTestId('request-headers').textContent).toContain('x-api-key:[redacted]');
  });

  it('copies the body', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const view = claudeNext();
    await showRequest(view);
    fireEvent.click(screen.getByTestId('request-copy'));
    await waitFor(() => expect(screen.getByTestId('request-copied').textContent).toBe('Copied.'));
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(view.request?.body, null, 2));
  });

  it('shows how a recorded turn was sent', async () => {
    const text = sessionText([{ llm: claude, usage: { inputTokens: 10, outputTokens: 2 } }], { llm: claude });
    await showRequest(viewOf(text, 1));
    expect(screen.getByTestId('request-heading').textContent).toBe('The HTTP request turn 1 was sent with');
    expect(screen.getByTestId('request-body').textContent).toContain('"model": "claude-sonnet-4-5"');
  });

  it('says an OpenAI-compatible body has no breakpoints', async () => {
    await showRequest(viewOf(sessionText([], { llm: { provider: 'openai', model: 'gpt-4o' }, turns: [] })));
    expect(screen.getByTestId('request-line').textContent).toBe('POST https://api.openai.com/v1/chat/completions');
    expect(screen.getByTestId('request-breakpoints').textContent).toBe(
      'No cache_control breakpoints: OpenAI-compatible APIs cache long prompt prefixes by themselves.',
    );
    expect(screen.queryByTestId('request-cache-mark')).toBeNull();
  });

  it('for the mock (or a person) says no HTTP request was made', async () => {
    await showRequest(viewOf(JSON.stringify(ranExample()), 2));
    expect(screen.getByTestId('request-none').textContent).toBe("No HTTP request: the mock's script (or a person) answered.");
    expect(screen.queryByTestId('request-body')).toBeNull();
  });

  it('the Messages tab is still the default', () => {
    renderView(<MessagesCompare />, claudeNext());
    expect(screen.getByTestId('tab-messages').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('compressed-user')).toBeTruthy();
    expect(screen.queryByTestId('request-view')).toBeNull();
  });
});

describe('request text', () => {
  it('pretty-prints like JSON.stringify(…, null, 2) and marks only cache_control entries', () => {
    const body = { a: [], b: {}, c: [1, { d: 'x', cache_control: { type: 'ephemeral' } }], e: null, f: undefined, g: 'q"uote' };
    const lines = jsonLines(body);
    expect(lines.map((l) => l.text).join('\n')).toBe(JSON.stringify(body, null, 2));
    expect(lines.filter((l) => l.marked).map((l) => l.text.trim())).toEqual(['"cache_control": {', '"type": "ephemeral"', '}']);
  });

  it('names where each breakpoint is', () => {
    const mark = { cache_control: { type: 'ephemeral' } };
    const body = {
      system: [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b', ...mark },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'p', ...mark },
            { type: 'text', text: 'q' },
          ],
        },
        { role: 'assistant', content: 'r' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 's' },
            { type: 'text', text: 't', ...mark },
            { type: 'text', text: 'u' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'v', ...mark }] },
      ],
    };
    expect(cacheBreakpoints(body)).toEqual(['system, last block', 'user message 1, first block', 'user message 2, block 2 of 3', 'user message 3']);
    expect(cacheBreakpoints({ model: 'x', messages: [{ role: 'user', content: 'hi' }] })).toEqual([]);
  });

  it('redacts credential headers that are not redacted yet, and keeps the others as given', () => {
    expect(
      safeHeaders({ 'content-type': 'application/json', authorization: 'Bearer [redacted]', 'api-key': 'abc', authorization2: 'Bearer [redacted]x' }),
    ).toEqual([
      ['content-type', 'application/json'],
      ['authorization', 'Bearer [redacted]'],
      ['api-key', '[redacted]'],
      ['authorization2', 'Bearer [redacted]'],
    ]);
  });
});
