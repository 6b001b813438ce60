// Helpers for the definition panels' tests: render a panel with the real engine in-process, open an
// example through the real actions, and drive the engine (step, select) the way the controls do.
import { act, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import type { Engine, View } from '../../src/worker/engine.ts';
import { exampleText, renderWithPlayground, type Harness } from './harness.tsx';

export interface PanelHarness extends Harness {
  view: () => View;
}

/** Renders `ui` and opens `example` (a file in examples/) through the open action. */
export async function renderPanel(ui: ReactElement, example = 'reviews-and-inventory.json', makeEngine?: () => Engine): Promise<PanelHarness> {
  const h = renderWithPlayground(ui, makeEngine);
  await act(async () => {
    const outcome = await h.controller.open(exampleText(example));
    expect(outcome).toEqual({ ok: true, problems: [] });
  });
  const view = (): View => {
    const v = h.store.getState().view;
    if (!v) throw new Error('no view');
    return v;
  };
  return { ...h, view };
}

/** Waits past the panels' edit pause (400 ms) for the store to satisfy `check`. */
export async function waitForView(h: PanelHarness, check: (v: View) => void): Promise<void> {
  await waitFor(() => check(h.view()), { timeout: 3000 });
}
