// A choice of the whole-run comparison (a strategy, a turn, a model to price as): its label, then its
// select, one look for all of them. The caller lays the two out.
import { useId } from 'react';
import type { Choice } from '../../components/panel.tsx';

export function LabelledSelect({
  label,
  testId,
  value,
  choices,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded border border-slate-300 bg-white px-1 py-0.5 dark:border-slate-600 dark:bg-slate-800"
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </>
  );
}
