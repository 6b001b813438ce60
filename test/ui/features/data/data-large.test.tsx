// @vitest-environment happy-dom
// A session with megabytes of data shows first and fills its data editor after the first paint: until
// then the panel says how large the data is, and no editor (holding nothing, or another session's
// data) can be edited and saved over it.
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DataPanel, LATER_DATA_CHARS, dataTextOf } from '../../../../src/ui/features/data/DataPanel.tsx';
import { PlaygroundProvider } from '../../../../src/ui/state/playground.tsx';
import { exampleText } from '../../harness.tsx';
import { renderPanel, waitForView, type PanelHarness } from '../../panel-helpers.tsx';
import { isBusy } from '../../../../src/ui/state/run-machine.ts';

afterEach(cleanup);

/** The example with one more data entry long enough to be filled later. */
function largeSession(tag: string): string {
  const file = JSON.parse(exampleText('reviews-and-inventory.json')) as { data: Record<string, unknown> };
  const rows = Math.ceil(LATER_DATA_CHARS / 20);
  file.data[tag] = Array.from({ length: rows }, (_, i) => `${tag} row ${i} of the large data`);
  return JSON.stringify(file);
}

const editor = () => screen.getByTestId('data-editor') as HTMLTextAreaElement;

async function open(h: PanelHarness, text: string): Promise<void> {
  await act(async () => {
    const outcome = await h.controller.open(text);
    expect(outcome.ok).toBe(true);
  });
}

describe('DataPanel with large data', () => {
  it('says the size first, then fills the editor; an edit then is applied', async () => {
    const h = await renderPanel(<DataPanel />);
    // Opened from the example: small data is in the editor at once.
    expect(screen.queryByTestId('data-loading')).toBeNull();
    const small = editor().value;

    // Not awaited: the hint is seen as it appears (the text is filled after the next paint).
    const opening = h.controller.open(largeSession('big'));
    // The old session's text is not shown (nor editable) while the new one loads.
    expect((await screen.findByTestId('data-loading')).textContent).toMatch(/^Loading the data \(1\.\d MB\)…$/);
    expect(editor().closest('[hidden]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Format' }).hasAttribute('disabled')).toBe(true);
    expect((await opening).ok).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('data-loading')).toBeNull());
    expect(editor().closest('[hidden]')).toBeNull();
    const text = editor().value;
    expect(text).not.toBe(small);
    expect(text).toBe(dataTextOf(h.view().setup.definition));
    // Held once: the page has the text, not a parsed copy of it.
    expect(h.view().setup.definition.data).toBeUndefined();
    expect(h.view().setup.dataChars).toBe(text.length);

    // An edit of the filled editor goes to the engine and stays as typed.
    const user = userEvent.setup();
    await user.clear(editor());
    await user.paste('{"kept": [1, 2]}');
    await waitForView(h, (v) => expect(v.setup.definition.data).toEqual({ kept: [1, 2] }));
    expect(screen.queryByTestId('data-loading')).toBeNull();
    expect(editor().value).toBe('{"kept": [1, 2]}');
  });

  it('a panel first shown on a session with large data has no editor until the text is in it', async () => {
    const h = await renderPanel(<></>);
    await open(h, largeSession('other'));
    h.rerender(
      <PlaygroundProvider controller={h.controller}>
        <DataPanel />
      </PlaygroundProvider>,
    );
    expect(screen.getByTestId('data-loading')).toBeTruthy();
    expect(screen.queryByTestId('data-editor')).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('data-loading')).toBeNull());
    expect(editor().value).toBe(h.view().setup.definition.dataText);
  });

  it('invalid text typed in the filled editor is kept when another panel changes the definition', async () => {
    const h = await renderPanel(<DataPanel />);
    await open(h, largeSession('big'));
    await waitFor(() => expect(screen.queryByTestId('data-loading')).toBeNull());
    const user = userEvent.setup();
    await user.clear(editor());
    await user.paste('{"broken": ');
    await screen.findByTestId('data-error');
    // Past the edit pause: nothing was sent. The mission changes (another panel's edit).
    await waitFor(() => expect(isBusy(h.store.getState().machine)).toBe(false));
    await act(async () => {
      const v = h.view();
      await h.controller.setDefinition({ ...v.setup.definition, mission: `${v.setup.definition.mission} Edited.` });
    });
    await waitFor(() => expect(screen.queryByTestId('data-loading')).toBeNull());
    expect(editor().value).toBe('{"broken": ');
    expect(JSON.parse(dataTextOf(h.view().setup.definition))).toHaveProperty('big');
  });
});
