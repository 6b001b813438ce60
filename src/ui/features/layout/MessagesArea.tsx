// The messages area's two views: the selected turn (the messages comparison and the Request tab) or
// the whole run (every strategy compared). The run view loads only while it is shown, and its code
// (tables, chart, line diff) only when it is first chosen, or its tab pointed at.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { Tabs, type TabLook, type TabSpec } from '../../components/Tab.tsx';

const load = () => import('../whole-run/ComparePanel.tsx');
const ComparePanel = lazy(() => load().then((m) => ({ default: m.ComparePanel })));
const preload = () => void load();

type Area = 'turn' | 'run';

const AREAS: readonly TabSpec<Area>[] = [
  { value: 'turn', label: 'Selected turn', title: 'What the LLM receives for the selected turn' },
  { value: 'run', label: 'Whole run', title: 'Every strategy compared over the whole recorded run', onPreload: preload },
];

const AREA_TAB: TabLook = {
  list: 'flex gap-1 bg-slate-100 px-2 pt-1 dark:bg-slate-900',
  base: 'rounded-t px-2 py-1 text-xs font-semibold',
  selected: 'bg-white text-sky-800 dark:bg-slate-950 dark:text-sky-200',
  other: 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-200',
};

/** `children`: the selected turn's view. */
export function MessagesArea({ children }: { children: ReactNode }) {
  const [area, setArea] = useState<Area>('turn');
  return (
    <div className="flex flex-col">
      <Tabs tabs={AREAS} current={area} onSelect={setArea} label="Messages area" look={AREA_TAB} testIdPrefix="area-" />
      {area === 'turn' ? (
        children
      ) : (
        <Suspense fallback={<Loading what="the whole-run comparison" />}>
          <ComparePanel />
        </Suspense>
      )}
    </div>
  );
}
