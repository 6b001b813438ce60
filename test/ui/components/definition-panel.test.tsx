// @vitest-environment happy-dom
// A definition panel: its frame says what opening a session shows until one is open, then its editor
// draws the panel, given the session's view.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DefinitionPanel } from '../../../src/ui/components/panel.tsx';
import type { View } from '../../../src/worker/engine.ts';
import { renderWithPlayground } from '../harness.tsx';
import { renderPanel } from '../panel-helpers.tsx';

afterEach(cleanup);

function Editor({ view }: { view: View }) {
  return <p data-testid="editor">{view.setup.definition.title}</p>;
}

const panel = <DefinitionPanel title="data/" testId="data-panel" closed="Open a session to see its data." Editor={Editor} />;

describe('DefinitionPanel', () => {
  it('says what opening a session shows while none is open', () => {
    renderWithPlayground(panel);
    expect(screen.getByTestId('data-panel').textContent).toContain('Open a session to see its data.');
    expect(screen.queryByTestId('editor')).toBeNull();
  });

  it('gives the open session to its editor', async () => {
    await renderPanel(panel);
    await waitFor(() => expect(screen.getByTestId('editor').textContent).toBe('Reviews and inventory'));
    expect(screen.queryByText('Open a session to see its data.')).toBeNull();
  });
});
