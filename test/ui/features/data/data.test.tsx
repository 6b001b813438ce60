// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataPanel } from '../../../../src/ui/features/data/DataPanel.tsx';
import { renderPanel, waitForView } from '../../panel-helpers.tsx';

afterEach(cleanup);

const editorText = () => (screen.getByTestId('data-editor') as HTMLTextAreaElement).value;

describe('DataPanel', () => {
  it('shows the data as JSON and each entry with its type and sample', async () => {
    const h = await renderPanel(<DataPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'data/' })).toBeTruthy();
    expect(JSON.parse(editorText())).toEqual(h.view().setup.definition.data);
    const products = screen.getByTestId('data-entry-products');
    expect(within(products).getByText('data/products')).toBeTruthy();
    expect(products.textContent).toContain('list[6]');
    expect(products.textContent).toContain('[{:name "Laptop" :price 1200 :category "Electronics"}');
    expect(screen.queryByTestId('data-error')).toBeNull();
  });

  it('invalid JSON shows its line and column, keeps the text, and applies nothing', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<DataPanel />);
    const before = h.view().setup.definition.data;
    const editor = screen.getByTestId('data-editor');
    await user.clear(editor);
    const bad = '{\n  "limit": 3,\n  "names": ["a", "b",]\n}';
    await user.paste(bad);
    const error = await screen.findByTestId('data-error');
    // The error is said once, at its place (the editor's marker); the alert says what it means.
    expect(error.textContent).toMatch(/^Not valid JSON: nothing is applied until it parses/);
    expect(error.textContent).not.toMatch(/Trailing comma/);
    // Worded for people once json-scan.ts has loaded (on the first error: jsonc-parser is not in the
    // page's first JavaScript); the reader's own place and words until then.
    await waitFor(() => expect(screen.getByTestId('data-editor-markers').textContent).toBe('line 3, column 22: Trailing comma: remove the , before ]'));
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(editorText()).toBe(bad);
    // Past the edit pause nothing was sent: the engine keeps the last valid data.
    await new Promise((r) => setTimeout(r, 600));
    expect(h.view().setup.definition.data).toEqual(before);
    expect(editorText()).toBe(bad);
    expect(screen.getByTestId('data-entry-products')).toBeTruthy();
  });

  it('a valid edit changes data/ (entries, types and samples)', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<DataPanel />);
    const editor = screen.getByTestId('data-editor');
    await user.clear(editor);
    await user.paste('{"threshold": 4.5, "tags": ["new", "sale"], "owner": {"name": "Ada"}}');
    await waitForView(h, (v) => expect(v.setup.data.map((d) => d.name)).toEqual(['threshold', 'tags', 'owner']));
    expect(h.view().setup.data).toEqual([
      { name: 'threshold', type: 'float', sample: '4.5' },
      { name: 'tags', type: 'list[2]', sample: '["new" "sale"]' },
      { name: 'owner', type: 'map[1]', sample: '{:name "Ada"}' },
    ]);
    await waitFor(() => expect(screen.getByTestId('data-entry-tags').textContent).toContain('["new" "sale"]'));
    expect(screen.queryByTestId('data-entry-products')).toBeNull();
    // The text stays as typed (not reformatted under the cursor).
    expect(editorText()).toBe('{"threshold": 4.5, "tags": ["new", "sale"], "owner": {"name": "Ada"}}');
  });

  it("shows the engine's schema problems, marked at the key they name", async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<DataPanel />);
    const editor = screen.getByTestId('data-editor');
    await user.clear(editor);
    await user.paste('{\n  "ok": 1,\n  "bad name": 2\n}');
    const markers = await screen.findByTestId('data-editor-markers', {}, { timeout: 3000 });
    expect(markers.textContent).toMatch(/^line 3, column 3: data\["bad name"\]: not a valid data name/);
    expect(editorText()).toBe('{\n  "ok": 1,\n  "bad name": 2\n}');
    expect(h.view().setup.definition.data).toHaveProperty('products');
  });

  it('lists a problem with no place in the text (data that is not an object)', async () => {
    const user = userEvent.setup();
    await renderPanel(<DataPanel />);
    const editor = screen.getByTestId('data-editor');
    await user.clear(editor);
    await user.paste('[1, 2]');
    const problems = await screen.findByTestId('data-problems', {}, { timeout: 3000 });
    expect(problems.textContent).toMatch(/^data: expected an object mapping names to values/);
  });

  it('Format indents valid JSON and applies it', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<DataPanel />);
    const editor = screen.getByTestId('data-editor');
    await user.clear(editor);
    await user.paste('{"a":[1,2]}');
    await user.click(screen.getByRole('button', { name: 'Format' }));
    expect(editorText()).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    await waitForView(h, (v) => expect(v.setup.definition.data).toEqual({ a: [1, 2] }));
  });
});
