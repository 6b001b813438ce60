// "Sessions": the sessions saved in this browser, newest first, with Open, Rename, Duplicate and
// Delete, and New (the default example as a new session). The open one is marked.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { SessionMeta } from '../../persistence/session-store.ts';
import { useSessionPersistence } from '../../persistence/SessionPersistence.tsx';
import { useSessionActions } from '../../persistence/useSessionActions.ts';
import { usePlayground } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { QUIET_BUTTON, TOP_BUTTON } from '../../components/buttons.ts';

// The rows load when the panel is first opened (or its button pointed at), while the list is read.
const loadItem = () => import('./SessionItem.tsx');
const SessionItem = lazy(() => loadItem().then((m) => ({ default: m.SessionItem })));
const preloadItem = () => void loadItem();

export function SessionsMenu() {
  const { sync, status, reason } = useSessionPersistence();
  const actions = useSessionActions();
  const running = usePlayground((s) => isRunning(s.machine));
  const openId = usePlayground((s) => s.persistence?.id ?? null);
  const [expanded, setExpanded] = useState(false);
  const [sessions, setSessions] = useState<SessionMeta[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  // The list is read when the panel opens, and again whenever a session is saved here or elsewhere.
  useEffect(() => {
    if (!expanded || !sync) return;
    let live = true;
    const load = () =>
      sync.list().then(
        (list) => live && (setSessions(list), setLoadError(null)),
        (e: unknown) => live && setLoadError(e instanceof Error ? e.message : String(e)),
      );
    void load();
    const stop = sync.onChange(() => void load());
    return () => {
      live = false;
      stop();
    };
  }, [expanded, sync]);

  // Escape or a press outside closes the panel.
  useEffect(() => {
    if (!expanded) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') setExpanded(false);
    };
    const onPointer = (e: PointerEvent) => {
      if (root.current && e.target instanceof Node && !root.current.contains(e.target)) setExpanded(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [expanded]);

  if (status === 'off') return null;
  const usable = status === 'on' && sync !== null;
  const title = status === 'unavailable' ? `Sessions are not saved in this browser (${reason ?? 'IndexedDB unavailable'})` : 'Sessions saved in this browser';

  return (
    <div className="relative shrink-0" ref={root}>
      <button
        type="button"
        className={TOP_BUTTON}
        data-testid="sessions-button"
        aria-expanded={expanded}
        aria-haspopup="dialog"
        disabled={!usable}
        title={title}
        onPointerEnter={preloadItem}
        onFocus={preloadItem}
        onClick={() => {
          preloadItem();
          setExpanded((x) => !x);
        }}
      >
        Sessions
      </button>
      {expanded && usable && (
        <div
          role="dialog"
          aria-label="Saved sessions"
          data-testid="sessions-panel"
          className="absolute left-0 top-full z-30 mt-1 flex max-h-[70vh] w-80 flex-col rounded border border-slate-300 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-2 py-1.5 dark:border-slate-700">
            <span className="text-sm font-semibold">Saved in this browser</span>
            <button
              type="button"
              className={QUIET_BUTTON}
              data-testid="session-new"
              disabled={running}
              title="Start a new session from the default example"
              onClick={() => void actions.newSession().then(() => setExpanded(false))}
            >
              New
            </button>
          </div>
          {loadError !== null && <p className="px-2 py-1 text-xs text-rose-700 dark:text-rose-400">Could not read the saved sessions: {loadError}</p>}
          <ul data-testid="sessions-list" className="flex flex-col gap-1 relative overflow-auto p-1">
            {sessions === null ? (
              <li className="px-2 py-1 text-xs text-slate-500">Loading…</li>
            ) : sessions.length === 0 ? (
              <li className="px-2 py-1 text-xs text-slate-500">No saved sessions yet.</li>
            ) : (
              <Suspense fallback={<li className="px-2 py-1 text-xs text-slate-500">Loading…</li>}>
                {sessions.map((session) => (
                  <SessionItem
                    key={session.id}
                    session={session}
                    isOpen={session.id === openId}
                    disabled={running}
                    onOpen={() => void actions.openSession(session.id).then((ok) => ok && setExpanded(false))}
                    onRename={(t) => void actions.rename(session.id, t)}
                    onDuplicate={() => void actions.duplicate(session.id)}
                    onDelete={() => void actions.remove(session.id)}
                  />
                ))}
              </Suspense>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
