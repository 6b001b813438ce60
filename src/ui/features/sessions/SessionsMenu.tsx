// "Sessions": the sessions saved in this browser, newest first, with Open, Rename, Duplicate and
// Delete, and New (the default example as a new session). The open one is marked.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionMeta } from '../../persistence/session-store.ts';
import { useSessionPersistence } from '../../persistence/SessionPersistence.tsx';
import { useSessionActions } from '../../persistence/useSessionActions.ts';
import { usePlayground } from '../../state/playground.tsx';
import { isRunning } from '../../state/run-machine.ts';
import { TOP_BUTTON } from '../../components/top-button.ts';

const buttonClass = TOP_BUTTON;
const smallButton =
  'rounded px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-200 disabled:cursor-not-allowed disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-700';

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function SessionItem({
  session,
  isOpen,
  disabled,
  onOpen,
  onRename,
  onDuplicate,
  onDelete,
}: {
  session: SessionMeta;
  isOpen: boolean;
  disabled: boolean;
  onOpen: () => void;
  onRename: (title: string) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(session.title);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (renaming) input.current?.select();
  }, [renaming]);

  const commit = () => {
    setRenaming(false);
    const title = draft.trim();
    if (title !== '' && title !== session.title) onRename(title);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setRenaming(false);
    }
  };

  return (
    <li
      data-testid={`session-item-${session.id}`}
      data-title={session.title}
      data-open={isOpen ? 'true' : 'false'}
      aria-current={isOpen ? 'true' : undefined}
      className={`flex flex-col gap-1 rounded px-2 py-1.5 ${isOpen ? 'bg-sky-50 ring-1 ring-sky-300 dark:bg-sky-950/50 dark:ring-sky-800' : 'hover:bg-slate-50 dark:hover:bg-slate-800/60'}`}
    >
      {renaming ? (
        <div className="flex items-center gap-1">
          <input
            ref={input}
            data-testid="session-rename-input"
            aria-label="New title"
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm dark:border-slate-600 dark:bg-slate-900"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKey}
          />
          <button type="button" className={smallButton} data-testid="session-rename-save" onClick={commit}>
            Save
          </button>
          <button type="button" className={smallButton} data-testid="session-rename-cancel" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex min-w-0 items-baseline gap-2">
          <span data-testid="session-title-text" className="min-w-0 flex-1 truncate text-sm font-medium" title={session.title}>
            {session.title}
          </span>
          {isOpen && (
            <span className="shrink-0 rounded bg-sky-200 px-1 text-[10px] font-semibold uppercase text-sky-900 dark:bg-sky-800 dark:text-sky-100">open</span>
          )}
        </div>
      )}
      <div className="text-xs text-slate-500 dark:text-slate-400" data-testid="session-info">
        {when(session.updatedAt)} · {session.turns} {session.turns === 1 ? 'turn' : 'turns'}
      </div>
      {confirming ? (
        <div className="flex items-center gap-1 text-xs" role="group" aria-label="Confirm delete">
          <span className="text-rose-700 dark:text-rose-400">Delete “{session.title}”?</span>
          <button
            type="button"
            className={`${smallButton} text-rose-700 dark:text-rose-400`}
            data-testid="session-delete-confirm"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </button>
          <button type="button" className={smallButton} data-testid="session-delete-cancel" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-1">
          <button type="button" className={smallButton} data-testid="session-open" disabled={isOpen || disabled} onClick={onOpen}>
            Open
          </button>
          <button
            type="button"
            className={smallButton}
            data-testid="session-rename"
            disabled={disabled}
            onClick={() => {
              setDraft(session.title);
              setRenaming(true);
            }}
          >
            Rename
          </button>
          <button type="button" className={smallButton} data-testid="session-duplicate" disabled={disabled} onClick={onDuplicate}>
            Duplicate
          </button>
          <button type="button" className={smallButton} data-testid="session-delete" disabled={disabled} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}

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
    <div className="relative" ref={root}>
      <button
        type="button"
        className={buttonClass}
        data-testid="sessions-button"
        aria-expanded={expanded}
        aria-haspopup="dialog"
        disabled={!usable}
        title={title}
        onClick={() => setExpanded((x) => !x)}
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
              className={smallButton}
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
              sessions.map((session) => (
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
              ))
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
