// "Open results…": results `ptc experiment --out` (or `merge`) wrote on another machine, shown here as
// the page's own are. A folder chosen or dropped brings its run files (each then opens as a session);
// results.json alone brings the figures. Problems are listed here and change nothing already saved.
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { useStore } from 'zustand';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { formatCount } from '../../lib/format.ts';
import { useExperimentsStore } from './experiments-store.ts';
import { pickedFromDrop, pickedFromFiles, type PickedFile } from './results-import.ts';

/** Lets an input choose a folder: the attribute React does not type (Chromium, Firefox and WebKit read it). */
const choosesFolder = (input: HTMLInputElement | null) => input?.setAttribute('webkitdirectory', '');

export function OpenResults() {
  const store = useExperimentsStore();
  const importing = useStore(store, (s) => s.importing);
  const problems = useStore(store, (s) => s.importErrors);
  const [over, setOver] = useState(false);

  const open = (files: readonly PickedFile[]) => void store.getState().openResults(files);
  // Emptied once read, so choosing the same folder again is a change too.
  const picked = (e: ChangeEvent<HTMLInputElement>) => {
    const files = pickedFromFiles(e.target.files ?? []);
    e.target.value = '';
    open(files);
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    e.preventDefault();
    setOver(false);
    void pickedFromDrop(e.dataTransfer).then(open);
  };

  return (
    <section
      aria-labelledby="experiment-open-results-title"
      data-testid="experiment-open-results"
      className={`flex flex-col gap-1 rounded border border-dashed p-2 text-sm ${over ? 'border-sky-600 bg-sky-50 dark:bg-sky-950' : 'border-slate-300 dark:border-slate-700'}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h3 id="experiment-open-results-title" className="font-semibold">
        Results made by <code>ptc experiment</code>
      </h3>
      <div className="flex flex-wrap items-center gap-2">
        <label className={`${SMALL_BUTTON} cursor-pointer`}>
          Open results…
          <input
            ref={choosesFolder}
            type="file"
            className="sr-only"
            data-testid="experiment-open-results-folder"
            aria-label="Results folder"
            disabled={importing !== null}
            onChange={picked}
          />
        </label>
        <label className={`${SMALL_BUTTON} cursor-pointer`}>
          Choose files…
          <input
            type="file"
            multiple
            accept=".json,application/json"
            className="sr-only"
            data-testid="experiment-open-results-files"
            aria-label="results.json and run files"
            disabled={importing !== null}
            onChange={picked}
          />
        </label>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          the folder <code>--out</code> wrote (or drop it here), or its <code>results.json</code> with any of its <code>runs/…/run-NNN.json</code>
        </span>
      </div>
      {importing !== null && (
        <p role="status" data-testid="experiment-open-results-progress">
          Reading the results{importing.total > 0 ? `: run files ${formatCount(importing.done)} of ${formatCount(importing.total)}` : '…'}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" data-testid="experiment-open-results-problems" className="text-rose-700 dark:text-rose-400">
          <p>These results could not be opened; nothing saved was changed.</p>
          <ul className="list-disc pl-5">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
