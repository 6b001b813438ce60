// Two requests line by line (role headers and contents, `diff`'s line diff as in the SYSTEM prompt
// panel): two strategies at the same turn, or one strategy's request against its previous turn's.
import { useEffect, useId, useMemo } from 'react';
import type { CompareView } from '../../../worker/compare-view.ts';
import { promptDiff } from '../../lib/diff-rows.ts';
import { formatCount } from '../../lib/format.ts';
import { DiffLines } from '../../components/DiffLines.tsx';
import type { DiffChoice, DiffResult } from './compare-store.ts';
import { requestAsText } from './diff-text.ts';
import { LabelledSelect } from './LabelledSelect.tsx';
import { useCompare } from './useCompare.ts';

/** What a diff compares: two strategies at one turn, or one strategy's request against the turn before. */
const MODES: readonly { mode: DiffChoice['mode']; testId: string; label: string }[] = [
  { mode: 'strategies', testId: 'diff-mode-strategies', label: 'two strategies' },
  { mode: 'previous', testId: 'diff-mode-previous', label: 'vs previous turn' },
];

/** The first choice: full history against the session's strategy (or the next one) at the last turn. */
export function defaultChoice(view: CompareView): DiffChoice {
  const other = view.strategies.find((s) => s.session) ?? view.strategies[1] ?? view.strategies[0];
  return { mode: 'strategies', a: view.strategies[0]?.name ?? 'full-history', b: other?.name ?? 'full-history', turn: Math.max(1, view.turns) };
}

function sideNames(c: DiffChoice): [string, string] {
  return c.mode === 'strategies' ? [`${c.a}, turn ${c.turn}`, `${c.b}, turn ${c.turn}`] : [`${c.a}, turn ${c.turn - 1}`, `${c.a}, turn ${c.turn}`];
}

function DiffBody({ diff }: { diff: DiffResult }) {
  const rows = useMemo(() => (diff.before && diff.after ? promptDiff(requestAsText(diff.before), requestAsText(diff.after)) : null), [diff.before, diff.after]);
  const [before, after] = sideNames(diff.choice);
  if (!rows) return <p className="text-xs text-rose-700 dark:text-rose-300">The engine has no such request.</p>;
  return (
    <div className="flex flex-col gap-1">
      <p data-testid="diff-summary" className="text-xs text-slate-700 dark:text-slate-300">
        From <span className="font-mono">{before}</span> to <span className="font-mono">{after}</span>: {formatCount(rows.added)} line
        {rows.added === 1 ? '' : 's'} added, {formatCount(rows.removed)} removed
        {rows.added === 0 && rows.removed === 0 ? ' (the same request)' : ''}.
      </p>
      <div
        data-testid="compare-diff"
        tabIndex={0}
        role="region"
        aria-label={`Line diff from ${before} to ${after}`}
        className="max-h-96 relative overflow-auto rounded border border-slate-200 font-mono text-[11px] leading-4 dark:border-slate-700"
      >
        <DiffLines rows={rows.rows} />
      </div>
    </div>
  );
}

/** A select of the diff's row, its label beside it. */
function Field(props: Parameters<typeof LabelledSelect>[0]) {
  return (
    <span className="flex items-center gap-1">
      <LabelledSelect {...props} />
    </span>
  );
}

export function RequestDiff({ view }: { view: CompareView }) {
  const stored = useCompare((s) => s.diffChoice);
  const diff = useCompare((s) => s.diff);
  const loading = useCompare((s) => s.diffLoading);
  const choose = useCompare((s) => s.chooseDiff);
  const turnId = useId();
  const choice = stored ?? defaultChoice(view);
  useEffect(() => {
    if (stored === null && view.turns > 0) void choose(defaultChoice(view));
  }, [stored, view, choose]);
  const b = choice.mode === 'strategies' ? choice.b : choice.a;
  const strategies = view.strategies.map((s) => ({ value: s.name, label: s.name }));
  const turns = Array.from({ length: view.turns }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));
  const toMode = (mode: DiffChoice['mode']) =>
    void choose(
      mode === 'strategies' ? { mode, a: choice.a, b, turn: choice.turn } : { mode, a: choice.mode === 'strategies' ? choice.b : choice.a, turn: choice.turn },
    );
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
        <fieldset className="flex items-center gap-2">
          <legend className="sr-only">Compare</legend>
          {MODES.map(({ mode, testId, label }) => (
            <label key={mode} className="flex items-center gap-1">
              <input type="radio" name={`${turnId}-mode`} data-testid={testId} checked={choice.mode === mode} onChange={() => toMode(mode)} />
              {label}
            </label>
          ))}
        </fieldset>
        {choice.mode === 'strategies' ? (
          <>
            <Field label="from" testId="diff-a" value={choice.a} choices={strategies} onChange={(a) => void choose({ ...choice, a })} />
            <Field label="to" testId="diff-b" value={choice.b} choices={strategies} onChange={(v) => void choose({ ...choice, b: v })} />
          </>
        ) : (
          <Field label="strategy" testId="diff-a" value={choice.a} choices={strategies} onChange={(a) => void choose({ ...choice, a })} />
        )}
        <Field label="turn" testId="diff-turn" value={String(choice.turn)} choices={turns} onChange={(t) => void choose({ ...choice, turn: Number(t) })} />
        {loading && <span className="text-slate-500 dark:text-slate-400">loading…</span>}
      </div>
      {diff && <DiffBody diff={diff} />}
    </div>
  );
}
