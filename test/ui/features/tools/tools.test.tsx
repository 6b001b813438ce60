// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ToolsPanel, freshToolName, toTools, type ToolDraft } from '../../../../src/ui/features/tools/ToolsPanel.tsx';
import { exampleText } from '../../harness.tsx';
import { renderPanel, waitForView } from '../../panel-helpers.tsx';

afterEach(cleanup);

const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement | HTMLTextAreaElement).value;

describe('ToolsPanel', () => {
  it('lists each tool: name, signature, description, implementation and call form', async () => {
    await renderPanel(<ToolsPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'tool/' })).toBeTruthy();
    expect(value('tool-0-name')).toBe('search-reviews');
    expect(value('tool-0-signature')).toBe('(category :string) -> :string');
    expect(value('tool-0-description')).toBe('Review summary for a product category');
    expect(value('tool-0-impl')).toMatch(/^\(fn \[category\]/);
    expect(screen.getByTestId('tool-0-impl').getAttribute('data-editor')).toBe('textarea');
    expect(screen.getByTestId('tool-0-call-form').textContent).toBe('(tool/search-reviews category)');
    expect(value('tool-1-name')).toBe('get-inventory');
    expect(screen.getByTestId('tool-1-call-form').textContent).toBe('(tool/get-inventory)');
  });

  it('editing an implementation is applied', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    const impl = screen.getByTestId('tool-1-impl');
    await user.clear(impl);
    await user.paste('(fn [] "All in stock")');
    await waitForView(h, (v) => expect(v.setup.definition.tools[1].impl).toBe('(fn [] "All in stock")'));
    expect(h.view().setup.problems).toEqual([]);
    expect(value('tool-1-impl')).toBe('(fn [] "All in stock")');
  });

  it('a bad signature shows its error at the tool while the draft is kept; fixing it applies it', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    const sig = screen.getByTestId('tool-0-signature');
    await user.clear(sig);
    await user.type(sig, '(category :string -> :string');
    const tool = screen.getByTestId('tool-0');
    await waitFor(() => expect(within(tool).getByTestId('tool-0-signature-errors').textContent).toMatch(/tools\[0\]\.signature: .*\(column \d+\)/), {
      timeout: 3000,
    });
    expect(sig.getAttribute('aria-invalid')).toBe('true');
    // The draft is kept; the engine still has the last good signature.
    expect(value('tool-0-signature')).toBe('(category :string -> :string');
    expect(h.view().setup.definition.tools[0].signature).toBe('(category :string) -> :string');
    // The other tool is untouched and shows no error.
    expect(within(screen.getByTestId('tool-1')).queryByRole('alert')).toBeNull();

    // Other edits to the draft keep it (and the error) until it is fixed.
    await user.clear(sig);
    await user.type(sig, '(category :string, limit :int) -> :string');
    await waitForView(h, (v) => expect(v.setup.definition.tools[0].signature).toBe('(category :string, limit :int) -> :string'));
    await waitFor(() => expect(screen.queryByTestId('tool-0-signature-errors')).toBeNull());
    expect(screen.getByTestId('tool-0-call-form').textContent).toBe('(tool/search-reviews category limit)');
  });

  it('adds a tool with a fresh name and removes one', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    await user.click(screen.getByTestId('tool-add'));
    await waitForView(h, (v) => expect(v.setup.definition.tools.map((t) => t.name)).toEqual(['search-reviews', 'get-inventory', 'new-tool']));
    expect(value('tool-2-name')).toBe('new-tool');
    expect(screen.getByTestId('tool-2-call-form').textContent).toBe('(tool/new-tool x)');
    expect(document.activeElement).toBe(screen.getByTestId('tool-2-name'));
    expect(h.view().setup.problems).toEqual([]);

    // Rename it, then remove the first tool: the rename survives, the list shifts.
    const name = screen.getByTestId('tool-2-name');
    await user.clear(name);
    await user.type(name, 'lookup');
    await waitForView(h, (v) => expect(v.setup.definition.tools[2].name).toBe('lookup'));
    await user.click(within(screen.getByTestId('tool-0')).getByRole('button', { name: 'Remove tool search-reviews' }));
    await waitForView(h, (v) => expect(v.setup.definition.tools.map((t) => t.name)).toEqual(['get-inventory', 'lookup']));
    expect(value('tool-0-name')).toBe('get-inventory');
    expect(value('tool-1-name')).toBe('lookup');
    expect(screen.queryByTestId('tool-2')).toBeNull();
  });

  it('shows a duplicate name at the tool, the draft kept', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    const name = screen.getByTestId('tool-1-name');
    await user.clear(name);
    await user.type(name, 'search-reviews');
    await waitFor(() => expect(screen.getByTestId('tool-1-name-errors').textContent).toMatch(/duplicate tool name "search-reviews"/), { timeout: 3000 });
    expect(value('tool-1-name')).toBe('search-reviews');
    expect(h.view().setup.definition.tools[1].name).toBe('get-inventory');
  });

  it('marks an implementation error at its line and column', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    const impl = screen.getByTestId('tool-1-impl');
    await user.clear(impl);
    await user.paste('(fn []\n  (str "a"');
    // The engine accepts the definition but cannot run it: a problem at tools[1].impl.
    await waitForView(h, (v) => expect(v.setup.problems[0].text).toMatch(/^tools\[1\]\.impl: .*\(line 2, column 3\)$/));
    const markers = await screen.findByTestId('tool-1-impl-markers');
    expect(markers.textContent).toMatch(/^line 2, column 3: /);
    expect(markers.textContent).not.toMatch(/\(line 2/);
  });

  it('shows at the tool that its implementation cannot take the signature’s parameters, until they agree', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    expect(screen.queryByTestId('tool-0-arity-warning')).toBeNull();
    const sig = screen.getByTestId('tool-0-signature');
    await user.clear(sig);
    await user.type(sig, '(category :string, limit :int) -> :string');
    await waitForView(h, (v) => expect(v.setup.tools[0].arityWarning).toBe('the signature takes 2 arguments (category, limit) but the implementation takes 1'));
    const warning = await screen.findByTestId('tool-0-arity-warning', {}, { timeout: 3000 });
    expect(warning.getAttribute('role')).toBe('status');
    expect(warning.textContent).toBe('the signature takes 2 arguments (category, limit) but the implementation takes 1');
    expect(within(screen.getByTestId('tool-0')).queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('tool-1-arity-warning')).toBeNull();

    await user.clear(sig);
    await user.type(sig, '(category :string)');
    await waitForView(h, (v) => expect(v.setup.tools[0].arityWarning).toBeUndefined());
    await waitFor(() => expect(screen.queryByTestId('tool-0-arity-warning')).toBeNull());
  });

  it('a draft that is not applied follows the engine when another session is opened', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<ToolsPanel />);
    const sig = screen.getByTestId('tool-0-signature');
    await user.clear(sig);
    await user.type(sig, '(x');
    await screen.findByTestId('tool-0-signature-errors', {}, { timeout: 3000 });
    await act(async () => {
      await h.controller.open(exampleText('side-effect-calls.json'));
    });
    const names = h.view().setup.definition.tools.map((t) => t.name);
    await waitFor(() => expect(value('tool-0-name')).toBe(names[0]));
    expect(screen.queryByTestId('tool-0-signature-errors')).toBeNull();
  });
});

describe('tool drafts', () => {
  const draft = (name: string, description = ''): ToolDraft => ({ key: 0, name, signature: '() -> nil', description, impl: '(fn [] nil)' });

  it('picks a name not yet used', () => {
    expect(freshToolName([])).toBe('new-tool');
    expect(freshToolName([draft('new-tool'), draft('new-tool-2')])).toBe('new-tool-3');
  });

  it('leaves an empty description out', () => {
    expect(toTools([draft('a'), draft('b', 'B')])).toEqual([
      { name: 'a', signature: '() -> nil', impl: '(fn [] nil)' },
      { name: 'b', signature: '() -> nil', description: 'B', impl: '(fn [] nil)' },
    ]);
  });
});
