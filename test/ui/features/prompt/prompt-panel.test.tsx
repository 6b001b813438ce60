// @vitest-environment happy-dom
// The SYSTEM prompt panel: default / prefix & suffix / replace saved through setDefinition, the prompt
// the LLM gets with its tokens and fingerprint, the diff against the default, and the turn list
// marking the turn whose prompt changed.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promptDiff } from '../../../../src/ui/lib/diff-rows.ts';
import { readPrompt, writePrompt } from '../../../../src/ui/features/prompt/prompt-draft.ts';
import { SystemPromptPanel } from '../../../../src/ui/features/prompt/SystemPromptPanel.tsx';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import { promptHash } from '../../../../src/agent/system-prompt.ts';
import { Engine, type SessionDefinition, type View } from '../../../../src/worker/engine.ts';
import { ranExample, renderView, resetPrices, viewOf } from '../../cost-fixtures.tsx';
import { renderPanel, waitForView } from '../../panel-helpers.tsx';

afterEach(cleanup);
beforeEach(resetPrices);

const mode = () => screen.getByTestId('prompt-mode') as HTMLSelectElement;

describe('SystemPromptPanel', () => {
  it('shows the default: its fingerprint, tokens, the caching hint, and no diff', async () => {
    const h = await renderPanel(<SystemPromptPanel />);
    const sp = h.view().setup.systemPrompt;
    expect(sp.changed).toBe(false);
    expect(mode().value).toBe('default');
    expect(screen.getByTestId('prompt-hash').textContent).toBe(sp.hash.slice(0, 8));
    expect(screen.getByTestId('prompt-panel').textContent).toContain('static text for every turn and session, so providers can cache it');
    expect(screen.getByTestId('prompt-effective').textContent).toBe(sp.text);
    const [count] = await new Engine().countTokens([sp.text]);
    await waitFor(() => expect(screen.getByTestId('prompt-tokens').textContent).toBe(`${count.toLocaleString('en-US')} tokens`));
    expect(screen.queryByTestId('prompt-diff')).toBeNull();
  });

  it('saves a prefix and a suffix through the definition', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<SystemPromptPanel />);
    fireEvent.change(mode(), { target: { value: 'wrap' } });
    await user.type(screen.getByTestId('prompt-prefix'), 'You are terse.');
    await user.type(screen.getByTestId('prompt-suffix'), 'Answer in one block.');
    await waitForView(h, (v) => expect(v.setup.definition.systemPrompt).toEqual({ prefix: 'You are terse.', suffix: 'Answer in one block.' }));
    // What was typed stays after the engine's answer.
    expect(mode().value).toBe('wrap');
    expect((screen.getByTestId('prompt-prefix') as HTMLTextAreaElement).value).toBe('You are terse.');
  });

  it('replaces the prompt, starting from the one in use; an empty replacement is refused and not saved', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<SystemPromptPanel />);
    const byDefault = h.view().setup.systemPrompt.text;
    fireEvent.change(mode(), { target: { value: 'replace' } });
    const area = screen.getByTestId('prompt-replace') as HTMLTextAreaElement;
    expect(area.value).toBe(byDefault);
    await waitForView(h, (v) => expect(v.setup.definition.systemPrompt).toEqual({ replace: byDefault }));
    await user.clear(area);
    await waitFor(() =>
      expect(screen.getByTestId('prompt-errors').textContent).toBe('systemPrompt.replace: write the whole SYSTEM prompt, or choose another mode'),
    );
    expect(h.view().setup.definition.systemPrompt).toEqual({ replace: byDefault });
    await user.type(area, 'Reply with one clojure block.');
    await waitForView(h, (v) => expect(v.setup.definition.systemPrompt).toEqual({ replace: 'Reply with one clojure block.' }));
    // The panel clears its error once the engine has taken the edit (the view arrives first).
    await waitFor(() => expect(screen.queryByTestId('prompt-errors')).toBeNull());
  });

  it('back to the default removes the setting', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<SystemPromptPanel />);
    fireEvent.change(mode(), { target: { value: 'wrap' } });
    await user.type(screen.getByTestId('prompt-suffix'), 'Be brief.');
    await waitForView(h, (v) => expect(v.setup.definition.systemPrompt).toEqual({ suffix: 'Be brief.' }));
    fireEvent.change(mode(), { target: { value: 'default' } });
    await waitForView(h, (v) => expect('systemPrompt' in v.setup.definition).toBe(false));
    expect(h.view().setup.systemPrompt.changed).toBe(false);
  });
});

/** A view as the engine sends it once the session's setting is applied to the SYSTEM prompt. */
function withPrompt(view: View, systemPrompt: SessionDefinition['systemPrompt'], text: string): View {
  return {
    ...view,
    setup: {
      ...view.setup,
      definition: { ...view.setup.definition, systemPrompt },
      systemPrompt: { ...view.setup.systemPrompt, text, hash: promptHash(text), changed: text !== view.setup.systemPrompt.default },
    },
  };
}

describe('SystemPromptPanel showing a changed prompt', () => {
  const base = () => viewOf(JSON.stringify(ranExample()));

  it('shows the new fingerprint, its tokens, the prompt and its additions against the default', async () => {
    const v = base();
    const text = `You are terse.\n\n${v.setup.systemPrompt.default}\n\nAnswer in one block.`;
    renderView(<SystemPromptPanel />, withPrompt(v, { prefix: 'You are terse.', suffix: 'Answer in one block.' }, text));
    expect(mode().value).toBe('wrap');
    expect(screen.getByTestId('prompt-hash').textContent).toBe(promptHash(text).slice(0, 8));
    expect(promptHash(text)).not.toBe(v.setup.systemPrompt.hash);
    expect(screen.getByTestId('prompt-status').textContent).toContain('changed from the default');
    expect(screen.getByTestId('prompt-effective').textContent).toBe(text);
    const [count] = await new Engine().countTokens([text]);
    await waitFor(() => expect(screen.getByTestId('prompt-tokens').textContent).toBe(`${count.toLocaleString('en-US')} tokens`));
    const diff = screen.getByTestId('prompt-diff');
    const added = [...diff.querySelectorAll('[data-kind="added"]')].map((e) => e.textContent);
    expect(added).toEqual(['+added: You are terse.', '+added: ', '+added: ', '+added: Answer in one block.']);
    expect(diff.querySelectorAll('[data-kind="removed"]')).toHaveLength(0);
    expect(screen.getByTestId('prompt-diff-summary').textContent).toBe('4 lines added, 0 removed');
    // Unchanged stretches are folded, not repeated.
    expect(diff.textContent).toMatch(/… [\d,]+ unchanged lines/);
  });

  it('shows a replacement as every default line removed and its own lines added', () => {
    const v = base();
    renderView(<SystemPromptPanel />, withPrompt(v, { replace: 'Reply with one clojure block.' }, 'Reply with one clojure block.'));
    expect(mode().value).toBe('replace');
    expect((screen.getByTestId('prompt-replace') as HTMLTextAreaElement).value).toBe('Reply with one clojure block.');
    const diff = screen.getByTestId('prompt-diff');
    expect([...diff.querySelectorAll('[data-kind="added"]')].map((e) => e.textContent)).toEqual(['+added: Reply with one clojure block.']);
    expect(diff.querySelectorAll('[data-kind="removed"]').length).toBe(v.setup.systemPrompt.default.split('\n').length);
  });

  it('the engine applies the setting: a turn sent with the changed prompt is marked in the turn list', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(
      <>
        <SystemPromptPanel />
        <TurnList />
      </>,
    );
    await act(async () => {
      await h.controller.step();
    });
    fireEvent.change(mode(), { target: { value: 'wrap' } });
    await user.type(screen.getByTestId('prompt-prefix'), 'Think first.');
    await waitForView(h, (v) => expect(v.setup.definition.systemPrompt).toEqual({ prefix: 'Think first.' }));
    expect(h.view().setup.systemPrompt.changed).toBe(true);
    expect(h.view().setup.systemPrompt.text.startsWith('Think first.')).toBe(true);
    await act(async () => {
      await h.controller.step();
    });
    await waitFor(() => expect(screen.getByTestId('turn-2')).toBeTruthy());
    expect(within(screen.getByTestId('turn-1')).queryByTestId('turn-prompt-changed')).toBeNull();
    expect(within(screen.getByTestId('turn-2')).getByTestId('turn-prompt').textContent).toBe(`prompt ${h.view().setup.systemPrompt.hash.slice(0, 8)}changed`);
  });
});

describe('prompt setting and diff', () => {
  const def = { title: 't', mission: 'm', maxTurns: 3, compression: true, data: {}, tools: [], llm: { provider: 'mock', replies: [] } };

  it('reads and writes each mode; blank prefix and suffix are the default', () => {
    expect(readPrompt(def).mode).toBe('default');
    expect(readPrompt({ ...def, systemPrompt: { replace: 'x' } })).toEqual({ mode: 'replace', prefix: '', suffix: '', replace: 'x' });
    expect(writePrompt({ ...def, systemPrompt: { replace: 'x' } }, { mode: 'wrap', prefix: '  ', suffix: '', replace: 'x' })).toEqual({
      ok: true,
      definition: def,
    });
    expect(writePrompt(def, { mode: 'wrap', prefix: 'a', suffix: '', replace: '' })).toEqual({
      ok: true,
      definition: { ...def, systemPrompt: { prefix: 'a' } },
    });
    expect(writePrompt(def, { mode: 'replace', prefix: 'a', suffix: 'b', replace: 'r' })).toEqual({
      ok: true,
      definition: { ...def, systemPrompt: { replace: 'r' } },
    });
    expect(writePrompt(def, { mode: 'replace', prefix: '', suffix: '', replace: ' ' }).ok).toBe(false);
  });

  it('folds unchanged stretches to two lines of context around each change', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const d = promptDiff(before, after);
    expect(d.added).toBe(1);
    expect(d.removed).toBe(1);
    expect(d.rows).toEqual([
      { kind: 'fold', count: 8 },
      { kind: 'same', text: 'line 8' },
      { kind: 'same', text: 'line 9' },
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'line ten' },
      { kind: 'same', text: 'line 11' },
      { kind: 'same', text: 'line 12' },
      { kind: 'fold', count: 7 },
    ]);
  });
});
