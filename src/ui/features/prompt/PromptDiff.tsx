// The SYSTEM prompt's difference from the default: added lines green, removed lines red, unchanged
// stretches folded.
import { useMemo } from 'react';
import { formatCount } from '../turns/format.ts';
import { promptDiff } from './diff-rows.ts';

const TONE = {
  added: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950/50 dark:text-emerald-200',
  removed: 'bg-rose-50 text-rose-900 line-through decoration-rose-400/60 dark:bg-rose-950/50 dark:text-rose-200',
  same: 'text-slate-600 dark:text-slate-400',
} as const;

const SIGN = { added: '+', removed: '−', same: ' ' } as const;

export function PromptDiff({ before, after }: { before: string; after: string }) {
  const diff = useMemo(() => promptDiff(before, after), [before, after]);
  if (diff.added === 0 && diff.removed === 0) {
    return (
      <p data-testid="prompt-diff-none" className="text-[11px] text-slate-500 dark:text-slate-400">
        The same as the default.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <p data-testid="prompt-diff-summary" className="text-[11px] text-slate-600 dark:text-slate-300">
        {formatCount(diff.added)} line{diff.added === 1 ? '' : 's'} added, {formatCount(diff.removed)} removed
      </p>
      <div data-testid="prompt-diff" className="max-h-64 overflow-auto rounded border border-slate-200 font-mono text-[11px] leading-4 dark:border-slate-700">
        {diff.rows.map((r, i) =>
          r.kind === 'fold' ? (
            <div key={i} className="bg-slate-50 px-1 text-slate-400 italic dark:bg-slate-900">
              … {formatCount(r.count)} unchanged line{r.count === 1 ? '' : 's'}
            </div>
          ) : (
            <div key={i} data-kind={r.kind} className={`whitespace-pre-wrap break-words px-1 ${TONE[r.kind]}`}>
              <span aria-hidden="true" className="select-none pr-1 opacity-60">
                {SIGN[r.kind]}
              </span>
              {r.kind !== 'same' && <span className="sr-only">{r.kind === 'added' ? 'added: ' : 'removed: '}</span>}
              {r.text}
            </div>
          ),
        )}
      </div>
    </div>
  );
}
