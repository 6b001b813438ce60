// The messages area's two views: the selected turn (the messages comparison and the Request tab) or
// the whole run (every strategy compared). The run view loads only while it is shown, and its code
// (tables, chart, line diff) only when it is first chosen, or its tab pointed at.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Loading } from '../../components/Loading.tsx';

const load = () => import('../whole-run/ComparePanel.tsx');
const ComparePanel = lazy(() => load().then((m) => ({ default: m.ComparePanel })));
const preload = () => void load();

type Area = 'turn' | 'run';

function AreaTab({
  area,
  current,
  onSelect,
  children,
  title,
  onPointerEnter,
}: {
  area: Area;
  current: Area;
  onSelect: (a: Area) => void;
  children: string;
  title: string;
  onPointerEnter?: () => void;
}) {
  const selected = area === current;
  return (
    <button
      type="button"
      role="tab"
      data-testid={`area-${area}`}
      aria-selected={selected}
      title={title}
      onClick={() => onSelect(area)}
      onPointerEnter={onPointerEnter}
      onFocus={onPointerEnter}
      className={`rounded-t px-2 py-1 text-xs font-semibold ${selected ? 'bg-white text-sky-800 dark:bg-slate-950 dark:text-sky-200' : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-200'}`}
    >
      {children}
    </button>
  );
}

/** `children`: the selected turn's view. */
export function MessagesArea({ children }: { children: ReactNode }) {
  const [area, setArea] = useState<Area>('turn');
  return (
    <div className="flex flex-col">
      <div role="tablist" aria-label="Messages area" className="flex gap-1 bg-slate-100 px-2 pt-1 dark:bg-slate-900">
        <AreaTab area="turn" current={area} onSelect={setArea} title="What the LLM receives for the selected turn">
          Selected turn
        </AreaTab>
        <AreaTab area="run" current={area} onSelect={setArea} onPointerEnter={preload} title="Every strategy compared over the whole recorded run">
          Whole run
        </AreaTab>
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
