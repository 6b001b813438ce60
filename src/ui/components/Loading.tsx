// What a part of the page loaded on first use shows while its code arrives (the reference, the
// lessons, the whole-run comparison, dialogs): one line saying what is coming. The first screen's
// JavaScript leaves these parts out, so the page is usable sooner.
import { SIDE_SHEET } from './side-sheet.ts';

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" data-testid="lazy-loading" className="p-3 text-sm text-slate-500 dark:text-slate-400">
      Loading {what}…
    </p>
  );
}

/** The same in a side sheet's place, so the sheet opens at once and fills in. */
export function SheetLoading({ what }: { what: string }) {
  return (
    <div className={`${SIDE_SHEET} w-96`}>
      <Loading what={what} />
    </div>
  );
}
