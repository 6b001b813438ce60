// The playground page: the top bar, the notice, and the resizable workspace. The first example opens
// on load so the page is never empty.
import { useOpenDefaultExample } from './features/examples/ExamplesMenu.tsx';
import { NoticeBanner } from './features/layout/NoticeBanner.tsx';
import { TopBar } from './features/layout/TopBar.tsx';
import { Workspace } from './features/layout/Workspace.tsx';

export function App() {
  useOpenDefaultExample();
  return (
    <div className="flex h-full flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <TopBar />
      <NoticeBanner />
      <Workspace />
    </div>
  );
}
