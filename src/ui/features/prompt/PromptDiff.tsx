// The SYSTEM prompt's difference from the default: added lines green, removed lines red, unchanged
// stretches folded.
import { useMemo } from 'react';
import { formatCount } from '../../lib/format.ts';
import { DiffLines } from '../../components/DiffLines.tsx';
import { promptDiff } from '../../lib/diff-rows.ts';

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
      <div
        data-testid="prompt-diff"
        className="max-h-64 relative overflow-auto rounded border border-slate-200 font-mono text-[11px] leading-4 dark:border-slate-700"
      >
        <DiffLines rows={diff.rows} />
      </div>
    </div>
  );
}
