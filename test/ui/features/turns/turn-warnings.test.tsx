// @vitest-environment happy-dom
// Issue 12: the turn list shows what the reader forgave in a turn's program.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TurnList } from '../../../../src/ui/features/turns/TurnList.tsx';
import { ranExample, renderView, viewOf } from '../../cost-fixtures.tsx';

afterEach(cleanup);

const WARNING = 'ignored 1 stray closing bracket `)` after the last form (line 1, column 8)';

describe('turn warnings in the turn list', () => {
  it('shows each warning of a turn as a "warning: …" line, and none for a clean turn', () => {
    const s = ranExample();
    s.turns = s.turns.map((t, i) => (i === 0 ? { ...t, warnings: [WARNING] } : t));
    renderView(<TurnList />, viewOf(JSON.stringify(s)));
    const first = within(screen.getByTestId('turn-1'));
    expect(first.getAllByTestId('turn-warning').map((e) => e.textContent)).toEqual([`warning: ${WARNING}`]);
    expect(within(screen.getByTestId('turn-2')).queryByTestId('turn-warning')).toBeNull();
  });
});
