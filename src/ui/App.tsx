// The playground page: the top bar, the notices, and the resizable workspace. On load a share link in
// the address opens; else the session this tab (or the last tab) had open is restored from the
// browser's storage, else the first example opens, so the page is never empty; changes are saved as
// they happen.
import { ConflictBanner } from './features/sessions/ConflictBanner.tsx';
import { NoticeBanner } from './features/layout/NoticeBanner.tsx';
import { TopBar } from './features/layout/TopBar.tsx';
import { FirstRunGuide } from './features/layout/FirstRunGuide.tsx';
import { SkipLink } from './features/layout/SkipLink.tsx';
import { Workspace } from './features/layout/Workspace.tsx';
import { useSharedLinks } from './features/share/useSharedLinks.ts';
import { SessionPersistence } from './persistence/SessionPersistence.tsx';
import { useEditorHelpSource } from './features/editor-help/useEditorHelpSource.ts';

export function App() {
  // A share link in the address opens first; otherwise the saved session is restored.
  const { openFromAddress } = useSharedLinks();
  // The editors' completion, hover and diagnostics read the open session.
  useEditorHelpSource();
  return (
    <SessionPersistence opening={openFromAddress}>
      <div className="flex h-full flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
        <SkipLink />
        <TopBar />
        <FirstRunGuide />
        <NoticeBanner />
        <ConflictBanner />
        {/* The landmark that holds the work: the panels (the top bar is the banner). */}
        <main className="flex min-h-0 flex-1 flex-col">
          <Workspace />
        </main>
      </div>
    </SessionPersistence>
  );
}
