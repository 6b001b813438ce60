// Another tab saved the session open here: load its version, or keep this one (saved over it).
// Until the person chooses, this tab does not save the session.
import { useState } from 'react';
import { useSessionActions } from '../../persistence/useSessionActions.ts';
import { usePlayground } from '../../state/playground.tsx';

const choiceClass =
  'rounded border border-amber-400 bg-white px-2 py-0.5 text-sm hover:bg-amber-100 disabled:opacity-50 dark:border-amber-700 dark:bg-amber-950 dark:hover:bg-amber-900';

export function ConflictBanner() {
  const conflict = usePlayground((s) => s.sessionConflict);
  const { loadTheirs, keepMine } = useSessionActions();
  const [busy, setBusy] = useState(false);
  if (conflict === null) return null;
  const choose = (fn: () => Promise<void>) => {
    setBusy(true);
    void fn().finally(() => setBusy(false));
  };
  return (
    <div
      data-testid="session-conflict"
      role="alert"
      className="flex flex-wrap items-center gap-2 border-b border-amber-300 bg-amber-50 px-3 py-1.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1">Another tab saved this session. Changes here are not saved until you choose which version to keep.</p>
      <button type="button" className={choiceClass} data-testid="conflict-load" disabled={busy} onClick={() => choose(loadTheirs)}>
        Load the other tab's version
      </button>
      <button type="button" className={choiceClass} data-testid="conflict-keep" disabled={busy} onClick={() => choose(keepMine)}>
        Keep mine
      </button>
    </div>
  );
}
