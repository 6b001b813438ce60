// Beside the controls: what keeps Step and Run from running (data that does not parse, a tool that
// does not, an edit the engine refused), or a warning that does not (a placeholder nothing fills),
// with a button that takes the focus to the field. The panels say what is wrong in place; this names
// the field and stays in sight however far the left column is scrolled.
import { usePlayground } from '../../state/playground.tsx';
import { blockingProblems } from '../../state/availability.ts';
import { focusField } from './focus-field.ts';

const BUTTON =
  'shrink-0 rounded border border-current px-1.5 text-[11px] font-medium hover:bg-white/60 focus-visible:outline-2 focus-visible:outline-sky-500 dark:hover:bg-black/30';

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
    return (
      <span
        role="status"
        data-testid="input-problem"
        className="flex min-w-20 max-w-md shrink-[1000] items-center gap-1.5 rounded bg-rose-50 px-1.5 py-0.5 text-xs text-rose-800 dark:bg-rose-950/60 dark:text-rose-200"
        title={text}
      >
        {/* The field, not the message again: the panel says what is wrong there (and the title here). */}
        <span className="min-w-0 truncate">
          <strong>Step waits:</strong> fix {path === '' ? 'the session' : path}
          {more > 0 ? ` (and ${more} more)` : ''}
        </span>
        <button type="button" className={BUTTON} data-testid="input-problem-focus" onClick={() => focusField(path)}>
          Fix
        </button>
      </span>
    );
  }
  if (warning === null) return null;
  return (
    <span
      role="status"
      data-testid="input-warning"
      className="flex min-w-20 max-w-md shrink-[1000] items-center gap-1.5 rounded bg-amber-50 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-950/60 dark:text-amber-200"
      title={warning}
    >
      <span className="min-w-0 truncate">
        <strong>Warning:</strong> see {pathOf(warning) || 'the session'}
      </span>
      <button type="button" className={BUTTON} data-testid="input-warning-focus" onClick={() => focusField(pathOf(warning))}>
        Show
      </button>
    </span>
  );
}
