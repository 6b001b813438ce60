// @vitest-environment happy-dom
// Panels that show the definition alone do not render again at a Step or a turn switch: their view
// changes only when the definition's part does.
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDefinitionView } from '../../../src/ui/state/playground.tsx';
import type { View } from '../../../src/worker/engine.ts';
import { ranExample, renderView, viewOf } from '../cost-fixtures.tsx';

afterEach(cleanup);

describe('useDefinitionView', () => {
  it('keeps its view through turn switches and new turns, and follows a new definition', () => {
    const seen: (View | null)[] = [];
    function Probe() {
      seen.push(useDefinitionView());
      return null;
    }
    const text = JSON.stringify(ranExample());
    const first = viewOf(text);
    const h = renderView(<Probe />, first);
    const renders = seen.length;
    expect(seen[seen.length - 1]).toBe(first);

    // Another selection and more turns, the same definition's part: nothing to render.
    act(() => h.store.getState().setView({ ...first, selected: 1 }));
    act(() => h.store.getState().setView({ ...first, turns: [...first.turns, first.turns[0]] }));
    expect(seen.length).toBe(renders);

    // An edit: a new definition object.
    const edited = { ...first, setup: { ...first.setup, definition: { ...first.setup.definition, mission: 'Edited.' } } };
    act(() => h.store.getState().setView(edited));
    expect(seen[seen.length - 1]).toBe(edited);
  });
});
