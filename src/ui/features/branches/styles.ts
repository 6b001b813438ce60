// The branch views' fields (buttons and dialogs come from components/).
export const FIELD = 'rounded border border-slate-300 bg-white p-1 text-xs dark:border-slate-600 dark:bg-slate-800';
