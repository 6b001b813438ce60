// Beside the controls: what keeps Step and Run from running (data that does not parse, a tool that
// does not, an edit the engine refused), or a warning that does not (a placeholder nothing fills),
// with a button that takes the focus to the field. The panels say what is wrong in place; this names
// the field and stays in sight however far the left column is scrolled.
import type { ReactNode } from 'react';
import { usePlayground } from '../../state/playground.tsx';
import { blockingProblems } from '../../state/availability.ts';
import { focusField } from './focus-field.ts';

const BUTTON =
  'shrink-0 rounded border border-current px-1.5 text-[11px] font-medium hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:bg-black/30';

const NOTICE = 'flex min-w-20 max-w-md shrink-[1000] items-center gap-1.5 rounded px-1.5 py-0.5 text-xs';
const PROBLEM = 'bg-rose-50 text-rose-800 dark:bg-rose-950/60 dark:text-rose-200';
const WARNING = 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200';

/** One notice: the field it is about, in short (its title says it all), and a button to that field. */
function Notice({
  testId,
  tone,
  title,
  action,
  field,
  children,
}: {
  testId: string;
  tone: string;
  title: string;
  action: string;
  field: string;
  children: ReactNode;
}) {
  return (
    <span role="status" data-testid={testId} className={`${NOTICE} ${tone}`} title={title}>
      <span className="min-w-0 truncate">{children}</span>
      <button type="button" className={BUTTON} data-testid={`${testId}-focus`} onClick={() => focusField(field)}>
        {action}
      </button>
    </span>
  );
}

/** The field a warning is about: the path it starts with ("mission: no data for …"). */
function pathOf(warning: string): string {
  return /^([\w.[\]$-]+): /.exec(warning)?.[1] ?? '';
}

export function InputNotice() {
  // Selected as text, so the notice renders again only when what it says changes.
  const blocking = usePlayground((s) => {
    const first = blockingProblems(s)[0];
    return first === undefined ? null : `${first.path}\n${first.text}\n${blockingProblems(s).length}`;
  });
  const warning = usePlayground((s) => s.view?.setup.warnings[0] ?? null);
  if (blocking !== null) {
    const [path, text, count] = blocking.split('\n');
    const more = Number(count) - 1;
    // The field, not the message again: the panel says what is wrong there (and the title here).
    return (
      <Notice testId="input-problem" tone={PROBLEM} title={text} action="Fix" field={path}>
        <strong>Step waits:</strong> fix {path === '' ? 'the session' : path}
        {more > 0 ? ` (and ${more} more)` : ''}
      </Notice>
    );
  }
  if (warning === null) return null;
  return (
    <Notice testId="input-warning" tone={WARNING} title={warning} action="Show" field={pathOf(warning)}>
      <strong>Warning:</strong> see {pathOf(warning) || 'the session'}
    </Notice>
  );
}
