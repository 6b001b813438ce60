// @vitest-environment happy-dom
// Bad input stops a Step: data that does not parse and a tool that does not parse make Step and Run
// refuse, said beside the controls with a button that takes the focus to the field; a placeholder
// nothing fills is only a warning there, and Step still runs.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { clearEditor, pasteInto, typeInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground } from '../../harness.tsx';

afterEach(cleanup);

const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('the notice beside the controls', () => {
  it('data that does not parse stops Step and Run until it is fixed; Fix focuses the data editor', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    const editor = screen.getByTestId('data-editor');
    const good = (editor as HTMLTextAreaElement).value;
    await clearEditor(user, editor);
    await pasteInto(user, editor, '{"products": [1, 2,]}');
    await waitFor(() => expect(screen.getByTestId('input-problem').textContent).toBe('Step waits: fix dataFix'));
    expect(screen.getByTestId('input-problem').title).toMatch(/^data: does not parse: .*\(line 1, column \d+\)/);
    expect(button('step').disabled).toBe(true);
    expect(button('run').disabled).toBe(true);
    expect(button('step').title).toMatch(/Fix the session first: data: does not parse/);
    // Even with the data section folded: Fix opens it.
    await user.click(screen.getByTestId('data-panel-fold'));
    expect(screen.getByTestId('data-panel-fold').getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByTestId('data-editor').closest('[hidden]')).not.toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.click(screen.getByTestId('input-problem-focus'));
    expect(screen.getByTestId('data-panel-fold').getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByTestId('data-editor'));
    // Ctrl+Enter does not step either.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(h.store.getState().view?.turns).toHaveLength(0);
    await clearEditor(user, editor);
    await pasteInto(user, editor, good);
    await waitFor(() => expect(screen.queryByTestId('input-problem')).toBeNull());
    await waitFor(() => expect(button('step').disabled).toBe(false));
  });

  it('a tool whose implementation does not parse stops Step; Fix focuses that implementation', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const impl = screen.getByTestId('tool-0-impl');
    await clearEditor(user, impl);
    await pasteInto(user, impl, '(fn [category] (filter');
    await waitFor(() => expect(screen.getByTestId('input-problem').textContent).toBe('Step waits: fix tools[0].implFix'));
    expect(button('step').disabled).toBe(true);
    (document.activeElement as HTMLElement | null)?.blur();
    await user.click(screen.getByTestId('input-problem-focus'));
    expect(document.activeElement).toBe(screen.getByTestId('tool-0-impl'));
  });

  it('a placeholder nothing fills is a warning beside the controls; Step still runs', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await typeInto(user, screen.getByTestId('mission-input'), ' Count {{{{orders}}.');
    await waitFor(() => expect(screen.getByTestId('input-warning').textContent).toBe('Warning: see missionShow'));
    expect(screen.getByTestId('input-warning').title).toMatch(/^mission: no data for placeholder \{\{orders\}\}/);
    expect(screen.queryByTestId('input-problem')).toBeNull();
    (document.activeElement as HTMLElement | null)?.blur();
    await user.click(screen.getByTestId('input-warning-focus'));
    expect(document.activeElement).toBe(screen.getByTestId('mission-input'));
    await waitFor(() => expect(button('step').disabled).toBe(false));
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    expect(h.store.getState().view?.turns).toHaveLength(1);
  });
});
