// "Fork from here": a turn card's button opens a dialog for a new branch that keeps the turns before
// it and runs on with another strategy, SYSTEM prompt or model. The dialog lives above the turn list
// (cards are virtualized and move), so the buttons reach it through a context; its code
// (./ForkDialog.tsx) loads when it is first opened.
import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { usePlayground } from '../../state/playground.tsx';
import { resetBlocker } from '../../state/run-machine.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const ForkDialog = lazy(() => import('./ForkDialog.tsx').then((m) => ({ default: m.ForkDialog })));

const OpenFork = createContext<((at: number) => void) | null>(null);

export function ForkProvider({ children }: { children: ReactNode }) {
  const [at, setAt] = useState<number | null>(null);
  return (
    <OpenFork.Provider value={setAt}>
      {children}
      {at !== null && (
        <Suspense fallback={<Loading what="the fork dialog" />}>
          <ForkDialog at={at} onClose={() => setAt(null)} />
        </Suspense>
      )}
    </OpenFork.Provider>
  );
}

/** The button on a turn card (or the next turn's row): a branch whose first own turn is `at`. */
export function ForkButton({ at }: { at: number }) {
  const open = useContext(OpenFork);
  const blocker = usePlayground((s) => resetBlocker(s.machine));
  if (open === null) return null;
  return (
    <button
      type="button"
      data-testid={`fork-${at}`}
      className={SMALL_BUTTON}
      aria-label={`Fork from here (turn ${at})`}
      aria-haspopup="dialog"
      disabled={blocker !== null}
      title={blocker ?? `A new branch that keeps turns before ${at} and makes turn ${at} itself, with other settings`}
      onClick={(e) => {
        // The card's own click selects the turn.
        e.stopPropagation();
        open(at);
      }}
    >
      Fork from here
    </button>
  );
}
