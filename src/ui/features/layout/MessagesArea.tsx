// The messages area's two views: the selected turn (the messages comparison and the Request tab) or
// the whole run (every strategy compared). The run view loads only while it is shown, and its code
// (tables, chart, line diff) only when it is first chosen, or its tab pointed at.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { Tab, type TabLook } from '../../components/Tab.tsx';

const load = () => import('../whole-run/ComparePanel.tsx');
const ComparePanel = lazy(() => load().then((m) => ({ default: m.ComparePanel })));
const preload = () => void load();

type Area = 'turn' | 'run';

const AREA_TAB: TabLook = {
  base: 'rounded-t px-2 py-1 text-xs font-semibold',
  selected: 'bg-white text-sky-800 dark:bg-slate-950 dark:text-sky-200',
  other: 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-200',
};

/** `children`: the selected turn's view. */
export function MessagesArea({ children }: { children: ReactNode }) {
  const [area, setArea] = useState<Area>('turn');
  return (
    <div className="flex flex-col">
      <div role="tablist" aria-label="Messages area" className="flex gap-1 bg-slate-100 px-2 pt-1 dark:bg-slate-900">
        <Tab value="turn" current={area} onSelect={setArea} testId="area-turn" look={AREA_TAB} title="What the LLM receives for the selected turn">
          Selected turn
        </Tab>
        <Tab
          value="run"
          current={area}
          onSelect={setArea}
          testId="area-run"
          look={AREA_TAB}
          onPreload={preload}
          title="Every strategy compared over the whole recorded run"
        >
          Whole run
        </Tab>
      </div>
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
