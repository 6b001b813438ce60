// The branch bar above the turns: which branch is open, every branch of the tree to open another,
// remove one (not the open one) after a confirmation, and compare two side by side. Shown once the
// session has more than one branch (a fork starts from a turn card).
import { lazy, Suspense, useRef, useState } from 'react';
import { useController, usePlayground } from '../../state/playground.tsx';
import { resetBlocker } from '../../state/run-machine.ts';
import { branchLabel } from './branch-label.ts';
import { ErrorLines } from './ErrorLines.tsx';
import { FIELD } from './styles.ts';
import type { BranchOutcome } from './useBranchActions.ts';
import { Loading } from '../../components/Loading.tsx';
import { SMALL_BUTTON } from '../../components/buttons.ts';

// The side-by-side comparison loads when first asked for.
const BranchCompare = lazy(() => import('./BranchCompare.tsx').then((m) => ({ default: m.BranchCompare })));

export function BranchBar() {
  const branches = usePlayground((s) => s.view?.branches);
  const blocker = usePlayground((s) => resetBlocker(s.machine));
  const c = useController();
  // A checkout or removal under way: the bar waits for it.
  const [acting, setActing] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [removing, setRemoving] = useState<string | null>(null);
  const [comparing, setComparing] = useState(false);
  const compareButton = useRef<HTMLButtonElement>(null);
  if (branches === undefined || branches.length < 2) return null;
  const open = branches.find((b) => b.open) ?? branches[0];
  const others = branches.filter((b) => !b.open);
  const busy = blocker !== null || acting;

  const report = (r: BranchOutcome) => setErrors(r.ok ? [] : r.errors);
  const act = (action: () => Promise<BranchOutcome>): Promise<BranchOutcome> => {
    setActing(true);
    return action().finally(() => setActing(false));
  };
  const confirmRemove = async () => {
    if (removing === null) return;
    const id = removing;
    const r = await act(() => c.removeBranch(id));
    report(r);
    if (r.ok) setRemoving(null);
  };

  return (
    <div
      data-testid="branch-bar"
      role="group"
      aria-label="Branches"
      className="flex flex-col gap-1 rounded-md border border-slate-200 p-1.5 text-xs dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span>
          Branch <strong data-testid="branch-open-name">{open.name}</strong>
        </span>
        <select
          data-testid="branch-select"
          aria-label="Open a branch"
          className={FIELD}
          value={open.id}
          disabled={busy}
          title={blocker ?? 'Open another branch: its turns and settings replace these'}
          onChange={(e) => {
            setRemoving(null);
            const id = e.target.value;
            void act(() => c.checkout(id)).then(report);
          }}
        >
          {branches.map((b) => (
            <option key={b.id} value={b.id}>
              {branchLabel(b)}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-testid="branch-remove"
          className={SMALL_BUTTON}
          disabled={busy}
          aria-expanded={removing !== null}
          onClick={() => setRemoving((r) => (r === null ? (others[0]?.id ?? null) : null))}
        >
          Remove a branch…
        </button>
        <button
          ref={compareButton}
          type="button"
          data-testid="branch-compare"
          className={SMALL_BUTTON}
          aria-haspopup="dialog"
          disabled={blocker !== null}
          onClick={() => setComparing(true)}
        >
          Compare branches
        </button>
      </div>
      {removing !== null && (
        <div data-testid="branch-remove-confirm" className="flex flex-wrap items-center gap-2 rounded bg-amber-50 p-1.5 dark:bg-amber-950/40">
          <select
            aria-label="Branch to remove"
            data-testid="branch-remove-select"
            className={FIELD}
            value={removing}
            onChange={(e) => setRemoving(e.target.value)}
          >
            {others.map((b) => (
              <option key={b.id} value={b.id}>
                {branchLabel(b)}
              </option>
            ))}
          </select>
          <span>Remove it and its own turns? Branches forked from it are kept. The open branch cannot be removed.</span>
          <button type="button" data-testid="branch-remove-yes" className={SMALL_BUTTON} disabled={busy} onClick={() => void confirmRemove()}>
            Remove
          </button>
          <button type="button" data-testid="branch-remove-no" className={SMALL_BUTTON} onClick={() => setRemoving(null)}>
            Cancel
          </button>
        </div>
      )}
      <ErrorLines errors={errors} testId="branch-errors" className="font-mono text-rose-800 dark:text-rose-300" />
      {comparing && (
        <Suspense fallback={<Loading what="the comparison" />}>
          <BranchCompare branches={branches} onClose={() => setComparing(false)} opener={compareButton} />
        </Suspense>
      )}
    </div>
  );
}
