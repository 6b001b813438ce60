// @vitest-environment happy-dom
// A choice of the comparison: the select is named by its label, lists the choices in order with their
// words, shows the value chosen, and reports a new one.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelledSelect } from '../../../../src/ui/features/whole-run/LabelledSelect.tsx';

afterEach(cleanup);

describe('LabelledSelect', () => {
  it('is named by its label, shows the choice made and reports a new one', () => {
    const seen: string[] = [];
    render(
      <LabelledSelect
        label="Strategy"
        testId="hidden-strategy"
        value="trim"
        choices={[
          { value: 'full-history', label: 'full-history' },
          { value: 'trim', label: 'trim (session)' },
        ]}
        onChange={(v) => seen.push(v)}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Strategy' }) as HTMLSelectElement;
    expect(select.dataset.testid).toBe('hidden-strategy');
    expect(select.value).toBe('trim');
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['full-history', 'full-history'],
      ['trim', 'trim (session)'],
    ]);
    fireEvent.change(select, { target: { value: 'full-history' } });
    expect(seen).toEqual(['full-history']);
  });
});
