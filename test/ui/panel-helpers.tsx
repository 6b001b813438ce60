// Helpers for the definition panels' tests: render a panel with the real engine in-process, open an
// example through the real actions, and drive the engine (step, select) the way the controls do.
import { act, waitFor } from '@testing-library/react';
import { useEffect, type ReactElement } from 'react';
import { expect } from 'vitest';
import { useEngineActions } from '../../src/ui/state/playground.tsx';
import type { View } from '../../src/worker/engine.ts';
import { exampleText, renderWithPlayground, type Harness } from './harness.tsx';

type Actions = ReturnType<typeof useEngineActions>;

/** Keeps the latest actions where the test can reach them. */
function ActionsProbe({ onActions }: { onActions: (a: Actions) => void }) {
  const actions = useEngineActions();
  useEffect(() => {
    onActions(actions);
  });
  return null;
}

export interface PanelHarness extends Harness {
  actions: () => Actions;
  view: () => View;
}

/** Renders `ui` and opens `example` (a file in examples/) through the open action. */
export async function renderPanel(ui: ReactElement, example = 'reviews-and-inventory.json'): Promise<PanelHarness> {
  let current: Actions | null = null;
  const h = renderWithPlayground(
    <>
      <ActionsProbe
        onActions={(a) => {
          current = a;
        }}
      />
      {ui}
    </>,
  );
  const actions = (): Actions => {
    if (!current) throw new Error('actions not ready');
    return current;
  };
  await waitFor(() => expect(current).not.toBeNull());
  await act(async () => {
    const outcome = await actions().open.mutateAsync(exampleText(example));
    expect(outcome).toEqual({ ok: true, problems: [] });
  });
  const view = (): View => {
    const v = h.store.getState().view;
    if (!v) throw new Error('no view');
    return v;
  };
  return { ...h, actions, view };
}

/** Waits past the panels' edit pause (400 ms) for the store to satisfy `check`. */
export async function waitForView(h: PanelHarness, check: (v: View) => void): Promise<void> {
  await waitFor(() => check(h.view()), { timeout: 3000 });
}
