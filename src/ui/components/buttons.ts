// The app's buttons, one look each, so that a panel never defines its own: the small bordered button
// of panels, sheets and dialogs; the same in the top bar, where it never wraps or shrinks; the quiet
// one of lists. (The run controls and a notice's own button have looks of their own, beside them.)
export const SMALL_BUTTON =
  'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700';

export const TOP_BUTTON = `shrink-0 whitespace-nowrap ${SMALL_BUTTON}`;

export const QUIET_BUTTON =
  'rounded px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700';
