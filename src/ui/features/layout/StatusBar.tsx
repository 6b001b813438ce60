// How the run stands: ready (no turn yet), running (turn N of M), returned with its value, failed
// with its message, or out of turns; the run's tokens and cost; plus problems that stop the session from running.
import { useShrinkFloor } from '../../components/shrink-floor.ts';
import { usePlayground } from '../../state/playground.tsx';
import { activityText, isRunning } from '../../state/run-machine.ts';
import { RunTotals } from '../cost/RunTotals.tsx';

const LABEL: Record<string, string> = { running: 'running', returned: 'returned', failed: 'failed', out_of_turns: 'out of turns' };

const TONE: Record<string, string> = {
  running: 'bg-sky-100 text-sky-800 dark:bg-sky-900/60 dark:text-sky-200',
  returned: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  failed: 'bg-rose-100 text-rose-800 dark:bg-rose-900/60 dark:text-rose-200',
  out_of_turns: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-200',
};

export function StatusBar() {
  const view = usePlayground((s) => s.view);
  const row = useShrinkFloor<HTMLDivElement>();
  const activity = usePlayground((s) => activityText(s.machine));
  const looping = usePlayground((s) => isRunning(s.machine));
  if (view === null) return <span className="text-sm text-slate-500">{activity !== null ? 'Opening…' : 'No session'}</span>;
  const { status } = view;
  // The engine says "running" from the moment a session opens; before the first turn nothing has
  // run, unless Run is under way.
  const fresh = status === 'running' && view.turns.length === 0 && !looping;
  const label = fresh ? (view.setup.problems.length > 0 ? 'not ready' : 'ready') : (LABEL[status] ?? status);
  return (
    // In a crowded bar the status gives up room first (its texts truncate, never its figures), then the
    // tools move to "More".
    <div ref={row} className="flex min-w-0 shrink-[1000] items-center gap-2 text-sm" aria-live="polite">
      <span data-testid="status" className={`shrink-0 rounded px-2 py-0.5 text-xs font-semibold ${TONE[status] ?? ''}`}>
        {label}
      </span>
      <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400" data-testid="turn-count">
        {view.turns.length}/{view.setup.maxTurns} turns
      </span>
      <RunTotals view={view} />
      {activity !== null && (
        <span className="shrink-0 animate-pulse text-xs text-slate-500 dark:text-slate-400" data-testid="busy">
          {activity}
        </span>
      )}
      {status === 'returned' && view.returnValue !== undefined && (
        <code
          data-testid="return-value"
          data-truncates
          className="min-w-0 truncate rounded bg-emerald-50 px-1.5 font-mono text-xs text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200"
          title={view.returnValue}
        >
          {view.returnValue}
        </code>
      )}
      {(status === 'failed' || status === 'out_of_turns') && view.failMessage !== undefined && (
        <span data-testid="fail-message" data-truncates className="min-w-0 truncate text-xs text-rose-700 dark:text-rose-400" title={view.failMessage}>
          {view.failMessage}
        </span>
      )}
      {view.setup.problems.length > 0 && (
        <span
          data-testid="problems"
          data-truncates
          className="min-w-0 truncate text-xs text-rose-700 dark:text-rose-400"
          title={view.setup.problems.join('\n')}
        >
          cannot run: {view.setup.problems.join('; ')}
        </span>
      )}
    </div>
  );
}
