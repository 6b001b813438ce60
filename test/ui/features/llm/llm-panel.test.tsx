// @vitest-environment happy-dom
// The LLM panel: the provider, presets filling the base URL (and a model), the settings saved into
// the session, and problems shown by path.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PRESETS } from '../../../../src/agent/providers/presets.ts';
import { LlmPanel } from '../../../../src/ui/features/llm/LlmPanel.tsx';
import { applyPreset, readLlmForm, writeLlmForm } from '../../../../src/ui/features/llm/llm-form.ts';
import { renderPanel, waitForView } from '../../panel-helpers.tsx';
import { sessionTextOf } from '../../../../src/ui/engine/session-text.ts';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const select = (id: string) => screen.getByTestId(id) as HTMLSelectElement;

describe('LlmPanel', () => {
  it('shows the mock script of an example, without the settings of a real provider', async () => {
    await renderPanel(<LlmPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'LLM' })).toBeTruthy();
    expect(select('llm-provider').value).toBe('mock');
    expect(screen.getByTestId('llm-mock-hint').textContent).toContain('3 replies');
    expect(screen.queryByTestId('llm-base-url')).toBeNull();
    expect(screen.queryByTestId('llm-api-key')).toBeNull();
    // Every preset is offered.
    const labels = [...select('llm-preset').options].map((o) => o.textContent);
    for (const p of PRESETS) expect(labels).toContain(p.label);
  });

  it('a preset fills the provider, the base URL and a model, saved in the session; the script is kept', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<LlmPanel />);
    const replies = h.view().setup.definition.llm.replies;
    await user.selectOptions(select('llm-preset'), 'groq');
    await waitForView(h, (v) =>
      expect(v.setup.definition.llm).toEqual({ provider: 'openai', baseUrl: 'https://api.groq.com/openai/v1', model: 'llama-3.3-70b-versatile', replies }),
    );
    expect(input('llm-base-url').value).toBe('https://api.groq.com/openai/v1');
    expect(select('llm-provider').value).toBe('openai');
    expect(select('llm-preset').value).toBe('groq');
    const suggestions = [...screen.getByTestId('llm-model-suggestions').querySelectorAll('option')].map((o) => o.value);
    expect(suggestions).toEqual(['llama-3.3-70b-versatile', 'llama-3.1-8b-instant']);

    await user.selectOptions(select('llm-preset'), 'anthropic');
    await waitForView(h, (v) =>
      expect(v.setup.definition.llm).toMatchObject({ provider: 'anthropic', baseUrl: 'https://api.anthropic.com', model: 'claude-sonnet-4-5' }),
    );
    expect(screen.getByTestId('llm-preset-notes').textContent).toMatch(/Prompt caching/);

    // A local preset: the key is optional there.
    await user.selectOptions(select('llm-preset'), 'ollama');
    await waitForView(h, (v) => expect(v.setup.definition.llm.baseUrl).toBe('http://localhost:11434/v1'));
    expect(input('llm-api-key').placeholder).toMatch(/local server/);

    await user.selectOptions(select('llm-provider'), 'mock');
    await waitForView(h, (v) => expect(v.setup.definition.llm.provider).toBe('mock'));
    expect(h.view().setup.definition.llm.replies).toEqual(replies);
  });

  it('saves the base URL, model, temperature, output limit and timeout as typed', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<LlmPanel />);
    await user.selectOptions(select('llm-provider'), 'openai');
    await waitForView(h, (v) => expect(v.setup.definition.llm.provider).toBe('openai'));
    expect(input('llm-max-output').placeholder).toBe('4096');
    expect(input('llm-timeout').placeholder).toBe('120');
    await user.type(input('llm-base-url'), 'http://127.0.0.1:9999/v1');
    await user.type(input('llm-model'), 'my-model');
    await user.type(input('llm-temperature'), '0.2');
    await user.type(input('llm-max-output'), '512');
    await user.type(input('llm-timeout'), '30');
    await waitForView(h, (v) =>
      expect(v.setup.definition.llm).toMatchObject({
        provider: 'openai',
        baseUrl: 'http://127.0.0.1:9999/v1',
        model: 'my-model',
        temperature: 0.2,
        maxOutputTokens: 512,
        requestTimeoutMs: 30_000,
      }),
    );
    expect(select('llm-preset').value).toBe('');
    expect(sessionTextOf(h.view())).toContain('"requestTimeoutMs": 30000');
  });

  it('shows problems by path: numbers out of range here, a base URL the session refuses from the engine', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<LlmPanel />);
    await user.selectOptions(select('llm-preset'), 'openai');
    await waitForView(h, (v) => expect(v.setup.definition.llm.provider).toBe('openai'));
    await user.type(input('llm-temperature'), '3');
    await waitFor(() => expect(screen.getByTestId('llm-number-errors').textContent).toContain('llm.temperature: enter a number from 0 to 2'));
    expect(h.view().setup.definition.llm.temperature).toBeUndefined();
    await user.clear(input('llm-temperature'));
    await waitFor(() => expect(screen.queryByTestId('llm-number-errors')).toBeNull());

    await user.clear(input('llm-base-url'));
    await user.type(input('llm-base-url'), 'ftp://example.com');
    await waitFor(() => expect(screen.getByTestId('llm-base-url-errors').textContent).toMatch(/^llm\.baseUrl: expected an http:\/\/ or https:\/\/ URL/));
    expect(input('llm-base-url').getAttribute('aria-invalid')).toBe('true');
    // The session keeps the last good URL; the field keeps what was typed.
    expect(h.view().setup.definition.llm.baseUrl).toBe('https://api.openai.com/v1');
    expect(input('llm-base-url').value).toBe('ftp://example.com');
  });
});

describe('llm-form', () => {
  const llm = { provider: 'openai', replies: ['a'], baseUrl: 'https://x.test/v1', model: 'm', temperature: 0, maxOutputTokens: 100, requestTimeoutMs: 1500 };

  it('reads and writes every setting (the timeout in seconds), keeping the script', () => {
    const form = readLlmForm(llm);
    expect(form).toEqual({ provider: 'openai', baseUrl: 'https://x.test/v1', model: 'm', temperature: '0', maxOutputTokens: '100', timeoutSeconds: '1.5' });
    expect(writeLlmForm(llm, form)).toEqual({ ok: true, llm });
    expect(writeLlmForm(llm, { ...form, baseUrl: ' ', model: '', temperature: '', maxOutputTokens: '', timeoutSeconds: '' })).toEqual({
      ok: true,
      llm: { provider: 'openai', replies: ['a'] },
    });
  });

  it('refuses numbers out of range, each by its path', () => {
    const r = writeLlmForm(llm, { ...readLlmForm(llm), temperature: '-1', maxOutputTokens: '1.5', timeoutSeconds: '0' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.path)).toEqual(['llm.temperature', 'llm.maxOutputTokens', 'llm.requestTimeoutMs']);
  });

  it('a preset keeps a model it serves, else takes its first', () => {
    const groq = PRESETS.find((p) => p.id === 'groq');
    const vllm = PRESETS.find((p) => p.id === 'vllm');
    if (!groq || !vllm) throw new Error('presets missing');
    const form = readLlmForm(llm);
    expect(applyPreset({ ...form, model: 'llama-3.1-8b-instant' }, groq).model).toBe('llama-3.1-8b-instant');
    expect(applyPreset(form, groq)).toMatchObject({ provider: 'openai', baseUrl: groq.baseUrl, model: 'llama-3.3-70b-versatile' });
    expect(applyPreset(form, vllm).model).toBe('');
  });
});
