// A table of the whole-run comparison in a frame of its own that scrolls sideways (a long run has many
// columns); focusable, so the keyboard scrolls it too. `head`: the header row's cells.
import type { ReactNode } from 'react';

export function ScrollTable({
  label,
  testId,
  caption,
  head,
  children,
}: {
  label: string;
  testId: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded border border-slate-200 dark:border-slate-700" tabIndex={0} role="region" aria-label={label}>
      <table data-testid={testId} className="min-w-full border-collapse text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-600 dark:bg-slate-900 dark:text-slate-300">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
