// The top bar, on one row: the title, the run controls (first, so they keep their place whatever the
// session's title), the status, the open session's title, then the session's menus and the tools.
// The tools that do not fit at the window's width move into a "More" menu at the bar's end.
import { usePlayground } from '../../state/playground.tsx';
import { PricesButton, PricesNotice } from '../cost/PricesButton.tsx';
import { Controls } from '../controls/Controls.tsx';
import { InputNotice } from '../controls/InputNotice.tsx';
import { ExamplesMenu } from '../examples/ExamplesMenu.tsx';
import { SessionFileButtons } from '../examples/SessionFileButtons.tsx';
import { ExperimentsButton } from '../experiments/ExperimentsButton.tsx';
import { LessonsButton } from '../lessons/LessonsButton.tsx';
import { ReferenceButton } from '../reference/ReferenceButton.tsx';
import { SessionsMenu } from '../sessions/SessionsMenu.tsx';
import { ShareButton } from '../share/ShareButton.tsx';
import { StatusBar } from './StatusBar.tsx';
import { ToolStrip } from './ToolStrip.tsx';

export function TopBar() {
  const title = usePlayground((s) => s.view?.setup.definition.title ?? null);
  return (
    <header className="flex items-center gap-x-1.5 border-b border-slate-200 bg-slate-50 px-3 py-1.5 dark:border-slate-800 dark:bg-slate-900">
      {/* The name gives its room to the run's figures below 1280 px (it stays for screen readers). */}
      <h1 className="shrink-0 text-base font-semibold max-xl:sr-only">PTC Playground</h1>
      <Controls />
      <InputNotice />
      <StatusBar />
      <span data-testid="session-title" className="min-w-0 flex-[1_1_4rem] truncate text-sm text-slate-600 dark:text-slate-300" title={title ?? undefined}>
        {title ?? ''}
      </span>
      <SessionsMenu />
      <ExamplesMenu />
      <ShareButton />
      <ToolStrip>
        <SessionFileButtons />
        <ReferenceButton />
        <LessonsButton />
        <ExperimentsButton />
        <PricesButton />
      </ToolStrip>
      <PricesNotice />
    </header>
  );
}
