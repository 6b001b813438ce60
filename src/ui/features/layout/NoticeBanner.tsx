// The store's notice (an engine restart after Stop, a step that could not run, a file that could
// not be opened with its problems by path), until dismissed.
import { useState } from 'react';
import { usePlayground } from '../../state/playground.tsx';

/** Lines shown before the list is expanded (about what the collapsed box holds). */
export const NOTICE_COLLAPSED_LINES = 6;

/**
 * The notice's text. A long one (a file's problems, one per line) starts as a box of a few lines that
 * scrolls, reachable by keyboard, with a button that opens it to its full length (up to most of the
 * window, still scrolling), so every line can be read. Keyed by the text: a new notice starts closed.
 */
function NoticeText({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const lines = text.split('\n').length;
  const long = lines > NOTICE_COLLAPSED_LINES;
  return (
    <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
      <p
        data-testid="notice-text"
        data-expanded={long ? expanded : undefined}
        tabIndex={long ? 0 : undefined}
        className={`w-full relative overflow-auto whitespace-pre-wrap break-words ${expanded ? 'max-h-[60vh]' : 'max-h-32'}`}
      >
        {text}
      </p>
      {long && (
        <button
          type="button"
          data-testid="notice-more"
          className="rounded px-1.5 text-xs underline hover:bg-black/10 dark:hover:bg-white/10"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Show fewer lines' : `Show all ${lines} lines`}
        </button>
      )}
    </div>
  );
}

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
      <NoticeText key={notice.text} text={notice.text} />
      <button
        type="button"
        data-testid="notice-dismiss"
        aria-label="Dismiss"
        className="rounded px-1.5 hover:bg-black/10 dark:hover:bg-white/10"
        onClick={() => setNotice(null)}
      >
        ×
      </button>
    </div>
  );
}
