// Helpers for the run comparison's tests: the panel rendered with the real engine in-process, an
// example run to its end through the real actions, and the engine's own figures for the same run.
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { ComparePanel } from '../../src/ui/features/whole-run/ComparePanel.tsx';
import { Engine } from '../../src/worker/engine.ts';
import type { CompareView } from '../../src/worker/compare-view.ts';
import { exampleText } from './harness.tsx';
import { renderPanel, type PanelHarness } from './panel-helpers.tsx';

/** The engine's figures for `example` run to its end (or `steps` turns), computed apart from the page. */
export async function engineFigures(example: string, steps = Infinity): Promise<CompareView> {
  const figures = await ranEngine(example, steps).compare();
  if (!figures) throw new Error('no figures');
  return figures;
}

/** Renders `ui` (the comparison panel by default), opens `example`, runs it to its end (or `steps` Steps). */
export async function renderRun(example: string, steps = Infinity, ui: ReactElement = <ComparePanel />): Promise<PanelHarness> {
  const h = await renderPanel(ui, example);
  await act(async () => {
    if (steps === Infinity) await h.controller.run();
    else for (let n = 0; n < steps; n++) await h.controller.step();
  });
  return h;
}

/** Waits until the panel shows the figures of `turns` turns. */
export async function waitForFigures(turns: number): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('compare-heading').textContent).toContain(`(${turns} turn`), { timeout: 10_000 });
  await waitFor(() => expect(screen.getByTestId('compare-status').textContent).toBe(''));
}

/** A count as shown ("16,400") as a number. */
export function countOf(text: string | null | undefined): number {
  return Number((text ?? '').replace(/[^\d−-]/g, '').replace('−', '-'));
}

/** An engine with `example` run to its end (or `steps` turns), for requestMessages. */
export function ranEngine(example: string, steps = Infinity): Engine {
  const engine = new Engine();
  const opened = engine.open(exampleText(example));
  if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
  let view = opened.view;
  for (let n = 0; n < steps && view.status === 'running' && view.nextReply !== null; n++) {
    const r = engine.stepTurn(undefined);
    if (!r.ok) throw new Error(r.error);
    view = r.view;
  }
  return engine;
}
