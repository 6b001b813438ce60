// @vitest-environment happy-dom
// The comparison's tables: a named, focusable region that scrolls, a caption for screen readers, the
// header row and the body rows where they belong.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ScrollTable } from '../../../../src/ui/features/whole-run/ScrollTable.tsx';

afterEach(cleanup);

describe('ScrollTable', () => {
  it('puts the head and the rows in a focusable region named by its label', () => {
    render(
      <ScrollTable label="Run table, scrollable" testId="run-table" caption="Prompt tokens per turn" head={<th scope="col">strategy</th>}>
        <tr>
          <th scope="row">full-history</th>
        </tr>
      </ScrollTable>,
    );
    const region = screen.getByRole('region', { name: 'Run table, scrollable' });
    expect(region.tabIndex).toBe(0);
    const table = within(region).getByTestId('run-table');
    expect(within(table).getByText('Prompt tokens per turn').tagName).toBe('CAPTION');
    expect(within(table).getByRole('columnheader').textContent).toBe('strategy');
    expect(within(table).getByRole('rowheader').closest('tbody')).toBeTruthy();
  });
});
