// A saved session's row in the Sessions panel: Open, Rename, Duplicate and Delete (asked first). Loaded
// when the panel first lists a session (./SessionsMenu.tsx), not with the page.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SessionMeta } from '../../persistence/session-store.ts';
import { QUIET_BUTTON } from '../../components/buttons.ts';

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function SessionItem({
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
          <button type="button" className={QUIET_BUTTON} data-testid="session-rename-save" onClick={commit}>
            Save
          </button>
          <button type="button" className={QUIET_BUTTON} data-testid="session-rename-cancel" onClick={() => setRenaming(false)}>
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
            className={`${QUIET_BUTTON} text-rose-700 dark:text-rose-400`}
            data-testid="session-delete-confirm"
            onClick={() => {
              setConfirming(false);
              onDelete();
            }}
          >
            Delete
          </button>
          <button type="button" className={QUIET_BUTTON} data-testid="session-delete-cancel" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-1">
          <button type="button" className={QUIET_BUTTON} data-testid="session-open" disabled={isOpen || disabled} onClick={onOpen}>
            Open
          </button>
          <button
            type="button"
            className={QUIET_BUTTON}
            data-testid="session-rename"
            disabled={disabled}
            onClick={() => {
              setDraft(session.title);
              setRenaming(true);
            }}
          >
            Rename
          </button>
          <button type="button" className={QUIET_BUTTON} data-testid="session-duplicate" disabled={disabled} onClick={onDuplicate}>
            Duplicate
          </button>
          <button type="button" className={QUIET_BUTTON} data-testid="session-delete" disabled={disabled} onClick={() => setConfirming(true)}>
            Delete
          </button>
        </div>
      )}
    </li>
  );
}
