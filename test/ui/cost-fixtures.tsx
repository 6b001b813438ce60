// Sessions with real-LLM turns for the cost, request and prompt tests: the example run by the mock,
// then its turns given usage, provider and model as a real provider would have recorded them.
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Engine, type View } from '../../src/worker/engine.ts';
import { exampleText, renderWithPlayground, type Harness } from './harness.tsx';

type Json = Record<string, unknown>;

export interface TurnPatch {
  usage?: Json;
  llm?: Json;
  promptHash?: string;
}

/** The reviews example run to its end (3 turns), as a session file's JSON. */
export function ranExample(): Json & { turns: Json[] } {
  const engine = new Engine();
  const opened = engine.open(exampleText('reviews-and-inventory.json'));
  if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
  let view = opened.view;
  while (view.status === 'running') {
    const r = engine.stepTurn(undefined);
    if (!r.ok) throw new Error(r.error);
    view = r.view;
  }
  return JSON.parse(engine.exportSession()) as Json & { turns: Json[] };
}

/** The example's session with each turn patched and the top-level fields given. */
export function sessionText(turns: readonly TurnPatch[], top: Json = {}): string {
  const s = ranExample();
  s.turns = s.turns.map((t, i) => ({ ...t, ...(turns[i] ?? {}) }));
  return JSON.stringify({ ...s, ...top });
}

/** An engine's view of a session text (what the worker would send the page). */
export function viewOf(text: string, selected?: number): View {
  const engine = new Engine();
  const r = engine.open(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine.view(selected !== undefined ? { selected } : {});
}

/** Renders `ui` with the view in the store, as if the engine had just sent it. */
export function renderView(ui: ReactElement, view: View): Harness {
  const h = renderWithPlayground(ui);
  act(() => h.store.getState().setView(view));
  return h;
}

/** Starts every test from the built-in prices (each page's book reads them) and an empty localStorage. */
export function resetPrices(): void {
  window.localStorage.clear();
}
