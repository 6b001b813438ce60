// "Reference": the language reference as a side sheet beside the work (the editors stay in view).
// It loads the entries from the worker the first time it opens (once per engine client), searches
// them by name, alias and the words of the doc, groups them by area, and each example's "try it" puts
// its code in the REPL's input and focuses it (not run: Ctrl/Cmd+Enter there runs it). The focus moves
// into the sheet when it opens; Escape or Close closes it and gives the focus back.
import { useCallback, useDeferredValue, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { SideSheet } from '../../components/Dialog.tsx';
import type { SheetProps } from '../../components/PanelButton.tsx';
import { useReplDraftStore } from '../../state/repl-draft.ts';
import { ReferenceEntry } from './ReferenceEntry.tsx';
import { useReferenceStore } from './reference-store.ts';
import { indexReference, searchReference } from './reference-search.ts';
import { SIDE_SHEET_HEAD } from '../../components/side-sheet.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { LoadError } from '../../components/LoadError.tsx';

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

export function ReferencePanel({ onClose, opener }: SheetProps) {
  const store = useReferenceStore();
  const entries = useStore(store, (s) => s.entries);
  const loading = useStore(store, (s) => s.loading);
  const error = useStore(store, (s) => s.error);
  const query = useStore(store, (s) => s.query);
  const setQuery = useStore(store, (s) => s.setQuery);
  const draft = useReplDraftStore();

  useEffect(() => {
    void store.getState().load();
  }, [store]);

  const items = useMemo(() => (entries === null ? [] : indexReference(entries)), [entries]);
  // Typing stays quick while the list of hundreds of entries follows.
  const deferred = useDeferredValue(query);
  const groups = useMemo(() => searchReference(items, deferred), [items, deferred]);
  const count = groups.reduce((n, g) => n + g.hits.length, 0);

  const tryIt = useCallback(
    (code: string) => {
      // Closing gives the focus back to the opener; the REPL then takes it for its new input.
      onClose();
      draft.getState().put(code);
    },
    [onClose, draft],
  );

  return (
    <SideSheet testId="reference-panel" labelledBy="reference-title" onClose={onClose} opener={opener} widthClassName="w-[36rem]">
      <div className={`flex flex-col gap-1.5 ${SIDE_SHEET_HEAD}`}>
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="reference-title" className="font-semibold">
            PTC-Lisp reference
          </h2>
          <span role="status" data-testid="reference-count" className="ml-auto text-xs text-slate-500 dark:text-slate-400">
            {entries === null ? (loading ? 'Loading…' : '') : query.trim() === '' ? plural(count, 'name', 'names') : plural(count, 'match', 'matches')}
          </span>
        </div>
        <div className="flex items-center gap-2">
          <input
            type="text"
            role="searchbox"
            data-testid="reference-search"
            aria-label="Search the reference"
            placeholder="A name, an alias (str/join) or words of the doc"
            className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="button" className={SMALL_BUTTON} data-testid="reference-close" onClick={onClose}>
            Close
          </button>
        </div>
        <p className="text-[11px] text-slate-500 dark:text-slate-400">"Try it" puts an example in the REPL; Ctrl/Cmd+Enter there runs it.</p>
      </div>
      <div className="min-h-0 flex-1 relative overflow-auto px-3" data-testid="reference-results" role="region" aria-label="Reference entries" tabIndex={0}>
        <LoadError what="The reference" error={error} testId="reference-error" margin="my-2" onRetry={() => void store.getState().load()} />
        {entries !== null && count === 0 && (
          <p data-testid="reference-empty" className="my-2 text-sm text-slate-600 dark:text-slate-300">
            Nothing in the reference matches “{query.trim()}”.
          </p>
        )}
        {groups.map((g) => (
          <section key={g.area} data-testid={`reference-area-${g.area}`} aria-labelledby={`reference-area-${g.area}`} className="[content-visibility:auto]">
            <h3
              id={`reference-area-${g.area}`}
              className="sticky top-0 z-10 border-b border-slate-200 bg-white/95 py-1 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:border-slate-800 dark:bg-slate-950/95 dark:text-slate-400"
            >
              {g.label} <span className="font-normal normal-case">({g.hits.length})</span>
            </h3>
            <ul>
              {g.hits.map((h) => (
                <ReferenceEntry key={h.entry.name} hit={h} onTry={tryIt} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </SideSheet>
  );
}
