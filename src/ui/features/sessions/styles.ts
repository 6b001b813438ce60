// The Sessions panel's small buttons, shared by the panel and its rows (loaded apart).
export const SMALL_BUTTON =
  'rounded px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700';
