// The side sheets the top bar opens (reference, lessons, experiments): one look, each its own width
// (given at the call site as a literal class, so Tailwind sees it).
export const SIDE_SHEET =
  'fixed inset-y-0 right-0 z-40 flex max-w-[95vw] flex-col border-l border-slate-300 bg-white text-slate-900 shadow-xl dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

/** The sheet's header strip: a rule below it, the same padding everywhere. */
export const SIDE_SHEET_HEAD = 'border-b border-slate-200 p-3 dark:border-slate-800';
