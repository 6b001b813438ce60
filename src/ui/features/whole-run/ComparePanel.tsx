// The comparison over the whole run: every strategy's prompt tokens turn by turn beside full history
// (table and chart), what each one hides, a diff of two requests, and what prompt caching saves. All
// figures come from the worker (Engine.compare, Engine.requestMessages); loaded while the panel is open.
import { useId, type ComponentType, type ReactNode } from 'react';
import type { CompareView } from '../../../worker/compare-view.ts';
import { CachingCost } from './CachingCost.tsx';
import { HiddenItems } from './HiddenItems.tsx';
import { RequestDiff } from './RequestDiff.tsx';
import { RunChart } from './RunChart.tsx';
import { RunTable } from './RunTable.tsx';
import { useCompare, useCompareLoader } from './useCompare.ts';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id} data-testid={testId} className="flex flex-col gap-1.5">
      <h3 id={id} className="text-sm font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The comparison's sections, in the order they are shown. */
const SECTIONS: readonly { title: string; testId: string; Body: ComponentType<{ view: CompareView }> }[] = [
  { title: 'Prompt tokens per turn', testId: 'compare-table-section', Body: RunTable },
  { title: 'Chart', testId: 'compare-chart-section', Body: RunChart },
  { title: 'What each strategy hides', testId: 'compare-hidden-section', Body: HiddenItems },
  { title: 'Diff of two requests', testId: 'compare-diff-section', Body: RequestDiff },
  { title: 'Prompt caching and cost', testId: 'compare-cost-section', Body: CachingCost },
];

function Sections({ view }: { view: CompareView }) {
  if (view.turns === 0) {
    return (
      <p data-testid="compare-empty" className="text-sm text-slate-600 dark:text-slate-400">
        No turn ran yet: Step or Run, and every strategy is compared over the recorded turns.
      </p>
    );
  }
  return (
    <>
      {SECTIONS.map(({ title, testId, Body }) => (
        <Section key={testId} title={title} testId={testId}>
          <Body view={view} />
        </Section>
      ))}
    </>
  );
}

export function ComparePanel() {
  const { current } = useCompareLoader();
  const view = useCompare((s) => s.view);
  const loading = useCompare((s) => s.loading);
  const error = useCompare((s) => s.error);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid="compare-panel" aria-busy={loading} className="flex flex-col gap-3 p-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400" data-testid="compare-heading">
          Every strategy over the run{view ? ` (${view.turns} turn${view.turns === 1 ? '' : 's'})` : ''}
        </h2>
        <span data-testid="compare-status" className="text-xs text-slate-500 dark:text-slate-400">
          {loading ? 'Computing…' : !current && view ? 'Updated when the run stops' : ''}
        </span>
      </div>
      {error && (
        <p role="alert" className="text-xs text-rose-700 dark:text-rose-300">
          {error}
        </p>
      )}
      {view ? <Sections view={view} /> : !error && <p className="text-sm text-slate-500 dark:text-slate-400">Computing the figures…</p>}
    </section>
  );
}
