// The top bar: the title, the open session's title, the saved sessions, the examples menu, sharing,
// the prices, the controls and the status.
import { usePlayground } from '../../state/playground.tsx';
import { PricesButton } from '../cost/PricesButton.tsx';
import { Controls } from '../controls/Controls.tsx';
import { InputNotice } from '../controls/InputNotice.tsx';
import { ExamplesMenu } from '../examples/ExamplesMenu.tsx';
import { ExperimentsButton } from '../experiments/ExperimentsButton.tsx';
import { LessonsButton } from '../lessons/LessonsButton.tsx';
import { ReferenceButton } from '../reference/ReferenceButton.tsx';
import { SessionsMenu } from '../sessions/SessionsMenu.tsx';
import { ShareButton } from '../share/ShareButton.tsx';
import { StatusBar } from './StatusBar.tsx';

export function TopBar() {
  const title = usePlayground((s) => s.view?.definition.title ?? null);
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      <h1 className="shrink-0 text-base font-semibold">PTC Playground</h1>
      {/* The run controls come first, so they keep their place whatever the session's title. */}
      <Controls />
      <InputNotice />
      <StatusBar />
      <span
        data-testid="session-title"
        className="min-w-0 max-w-72 flex-1 basis-24 truncate text-sm text-slate-600 dark:text-slate-300"
        title={title ?? undefined}
      >
        {title ?? ''}
      </span>
      <SessionsMenu />
      <ExamplesMenu />
      <ShareButton />
      <PricesButton />
      <ReferenceButton />
      <LessonsButton />
      <ExperimentsButton />
    </header>
  );
}
