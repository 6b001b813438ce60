// @vitest-environment happy-dom
// A definition panel's labelled select: named by its label, the choices in order, the one chosen
// shown, marked invalid when told, and a new choice reported.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LABEL, SelectField } from '../../../src/ui/components/panel.tsx';

afterEach(cleanup);

const CHOICES = [
  { value: 'mock', label: 'Mock (scripted replies)' },
  { value: 'openai', label: 'OpenAI-compatible' },
];

describe('SelectField', () => {
  it('is named by its label, shows the choice made and reports a new one', () => {
    const seen: string[] = [];
    render(<SelectField label="Provider" testId="llm-provider" value="mock" choices={CHOICES} onChange={(v) => seen.push(v)} />);
    const select = screen.getByRole('combobox', { name: 'Provider' }) as HTMLSelectElement;
    expect(select.dataset.testid).toBe('llm-provider');
    expect(select.value).toBe('mock');
    expect(select.hasAttribute('aria-invalid')).toBe(false);
    expect([...select.options].map((o) => o.textContent)).toEqual(['Mock (scripted replies)', 'OpenAI-compatible']);
    fireEvent.change(select, { target: { value: 'openai' } });
    expect(seen).toEqual(['openai']);
  });

  it('is marked invalid when told, and its label takes the classes given', () => {
    render(
      <SelectField label="Compression" testId="compression-select" value="trim" choices={[]} invalid className="min-w-0 flex-1" onChange={() => undefined} />,
    );
    const select = screen.getByTestId('compression-select');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.closest('label')?.className).toBe(`${LABEL} min-w-0 flex-1`);
  });
});
