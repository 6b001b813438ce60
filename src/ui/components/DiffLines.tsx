// The rows of a line diff as the app shows them: added lines green, removed lines red (struck
// through), unchanged stretches folded into one line; the +/− signs are for the eye, the words
// "added"/"removed" for screen readers.
import { formatCount } from '../lib/format.ts';
import type { DiffRow } from '../lib/diff-rows.ts';

const TONE = {
  added: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
  removed: 'bg-rose-50 text-rose-900 line-through decoration-rose-400/60 dark:bg-rose-950/50 dark:text-rose-200',
  same: 'text-slate-600 dark:text-slate-400',
} as const;

const SIGN = { added: '+', removed: '−', same: ' ' } as const;

export function DiffLines({ rows }: { rows: readonly DiffRow[] }) {
  return (
    <>
      {rows.map((r, i) =>
        r.kind === 'fold' ? (
          <div key={i} className="bg-slate-50 px-1 text-slate-500 italic dark:bg-slate-900 dark:text-slate-400">
            … {formatCount(r.count)} unchanged line{r.count === 1 ? '' : 's'}
          </div>
        ) : (
          <div key={i} data-kind={r.kind} className={`px-1 break-words whitespace-pre-wrap ${TONE[r.kind]}`}>
            <span aria-hidden="true" className="pr-1 opacity-60 select-none">
              {SIGN[r.kind]}
            </span>
            {r.kind !== 'same' && <span className="sr-only">{r.kind === 'added' ? 'added: ' : 'removed: '}</span>}
            {r.text}
          </div>
        ),
      )}
    </>
  );
}
