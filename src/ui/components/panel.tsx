// Small building blocks the definition panels share: the panel frame, labels, inputs, error lists.
import { useState, type ComponentType, type ReactNode } from 'react';
import type { View } from '../../worker/engine.ts';
import type { Problem } from '../lib/problems.ts';
import { useDefinitionView } from '../state/playground.tsx';

/**
 * One section of the session's column: its heading folds it (the column is long; each starts open).
 * A folded section keeps its content mounted, so editors keep their text and undo history.
 */
export function PanelFrame({ title, testId, children, aside }: { title: string; testId: string; children: ReactNode; aside?: ReactNode }) {
  const headingId = `${testId}-heading`;
  const [open, setOpen] = useState(true);
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-2 text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-mono text-sm font-semibold">
          <button
            type="button"
            data-testid={`${testId}-fold`}
            aria-expanded={open}
            aria-controls={`${testId}-body`}
            className="flex items-center gap-1 rounded hover:text-sky-700 dark:hover:text-sky-300"
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true" className="inline-block w-3 text-slate-500 dark:text-slate-400">
              {open ? '▾' : '▸'}
            </span>
            {title}
          </button>
        </h2>
        {open && aside}
      </div>
      <div id={`${testId}-body`} data-panel-body="" hidden={!open} className="flex flex-col gap-2">
        {children}
      </div>
    </section>
  );
}

/**
 * A definition panel whose `Editor` draws its own frame once a session is open; until then the frame
 * says what opening one shows (`closed`). Only the definition's part of the view is read: a Step or a
 * turn switch does not render the panel again.
 */
export function DefinitionPanel({ title, testId, closed, Editor }: { title: string; testId: string; closed: string; Editor: ComponentType<{ view: View }> }) {
  const view = useDefinitionView();
  if (view) return <Editor view={view} />;
  return (
    <PanelFrame title={title} testId={testId}>
      <p className={HINT}>{closed}</p>
    </PanelFrame>
  );
}

export const INPUT =
  'w-full rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-900 placeholder:text-slate-400 focus:border-sky-500 focus:outline-none dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-500 aria-[invalid=true]:border-red-500';

export const LABEL = 'flex flex-col gap-0.5 text-xs font-medium text-slate-600 dark:text-slate-300';

export const HINT = 'text-[11px] font-normal text-slate-500 dark:text-slate-400';

/** One option of a select: the value it sets, the words it shows. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** A labelled select of a definition panel; `className` adds to the label's classes (its width). */
export function SelectField({
  label,
  testId,
  value,
  choices,
  invalid,
  className,
  onChange,
}: {
  label: string;
  testId: string;
  value: string;
  choices: readonly Choice[];
  invalid?: boolean;
  className?: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className={className === undefined ? LABEL : `${LABEL} ${className}`}>
      {label}
      <select data-testid={testId} className={INPUT} value={value} aria-invalid={invalid} onChange={(e) => onChange(e.target.value)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Problems shown where they belong, as an alert so screen readers hear them. */
export function ProblemList({ problems, testId, kind = 'error' }: { problems: readonly (Problem | string)[]; testId?: string; kind?: 'error' | 'warning' }) {
  if (problems.length === 0) return null;
  const color = kind === 'error' ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-400';
  return (
    <ul role={kind === 'error' ? 'alert' : 'status'} data-testid={testId} className={`flex flex-col gap-0.5 text-xs ${color}`}>
      {problems.map((p, i) => {
        const text = typeof p === 'string' ? p : p.text;
        return (
          <li key={i} className="break-words">
            {text}
          </li>
        );
      })}
    </ul>
  );
}
