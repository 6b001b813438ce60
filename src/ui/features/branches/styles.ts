// The branch views' shared classes (the app's small buttons and fields).
export const FIELD = 'rounded border border-slate-300 bg-white p-1 text-xs dark:border-slate-600 dark:bg-slate-800';

export const OVERLAY = 'fixed inset-0 z-50 flex items-start justify-center bg-black/30 pt-16';

export const SHEET =
  'relative flex max-h-[85vh] max-w-[95vw] flex-col gap-2 overflow-auto rounded border border-slate-300 bg-white p-4 text-sm shadow-lg dark:border-slate-600 dark:bg-slate-900';
