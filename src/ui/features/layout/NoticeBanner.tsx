// The store's notice (an engine restart after Stop, a step that could not run, a file that could
// not be opened with its problems by path), until dismissed.
import { usePlayground } from '../../state/playground.tsx';

export function NoticeBanner() {
  const notice = usePlayground((s) => s.notice);
  const setNotice = usePlayground((s) => s.setNotice);
  if (notice === null) return null;
  const error = notice.kind === 'error';
  return (
    <div
      data-testid="notice"
      role={error ? 'alert' : 'status'}
      className={`flex items-start gap-2 border-b px-3 py-1.5 text-sm ${
        error
          ? 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100'
          : 'border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950/60 dark:text-sky-100'
      }`}
    >
      <p data-testid="notice-text" className="max-h-32 flex-1 overflow-auto whitespace-pre-wrap break-words">
        {notice.text}
      </p>
      <button type="button" data-testid="notice-dismiss" aria-label="Dismiss" className="rounded px-1.5 hover:bg-black/10 dark:hover:bg-white/10" onClick={() => setNotice(null)}>
        ×
      </button>
    </div>
  );
}
