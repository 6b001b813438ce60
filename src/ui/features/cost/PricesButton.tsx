// The top bar's "Prices" button, and the notice when the saved prices could not be read (its own
// component: the button may be in the bar's "More" menu while the notice stays in sight). The dialog
// (./PricesDialog.tsx) loads when first opened, or when the button is pointed at, not with the page.
import { lazy, Suspense } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { PanelButton } from '../../components/PanelButton.tsx';
import { usePriceBook } from '../../state/usePriceBook.ts';

const load = () => import('./PricesDialog.tsx');
const PricesDialog = lazy(() => load().then((m) => ({ default: m.PricesDialog })));
const preload = () => void load();

/** The top bar's button; the dialog opens beside it (and gives the focus back to what had it). */
export function PricesButton() {
  return (
    <PanelButton
      label="Prices"
      testId="prices-button"
      title="The prices costs are computed from"
      preload={preload}
      panel={(onClose) => (
        <Suspense fallback={<Loading what="the prices" />}>
          <PricesDialog onClose={onClose} />
        </Suspense>
      )}
    />
  );
}

/** Says that the saved prices could not be read (the defaults are used), until dismissed. */
export function PricesNotice() {
  const problem = usePriceBook((s) => s.problem);
  const dismiss = usePriceBook((s) => s.dismissProblem);
  if (problem === null) return null;
  return (
    <span
      role="status"
      data-testid="prices-notice"
      className="flex min-w-0 max-w-96 items-center gap-1 rounded bg-amber-50 px-1.5 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-200"
    >
      <span className="truncate" title={problem}>
        {problem}
      </span>
      <button
        type="button"
        aria-label="Dismiss"
        data-testid="prices-notice-dismiss"
        className="rounded px-1 hover:bg-black/10 dark:hover:bg-white/10"
        onClick={dismiss}
      >
        ×
      </button>
    </span>
  );
}
