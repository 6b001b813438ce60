// The top bar's buttons and menus: one compact look, so the bar takes as little room as it can.
export const TOP_BUTTON =
  'shrink-0 whitespace-nowrap rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700';
