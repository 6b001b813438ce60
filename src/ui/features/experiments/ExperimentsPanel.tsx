// "Experiments": the open session run many times per variant (strategies, prompts, models) in the
// worker, with honest figures: success rates with their intervals, cut runs apart. A side sheet like
// the lessons: the setup (./SetupForm.tsx), the saved experiments (each can be shown, resumed or
// deleted; every ended run is saved as it ends, so a reload loses none) and the results of the one
// shown (./ExperimentResults.tsx). The run goes on while the sheet is closed.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { SideSheet } from '../../components/Dialog.tsx';
import type { SheetProps } from '../../components/PanelButton.tsx';
import type { ExperimentRecord } from './experiment-db.ts';
import { ExperimentResults } from './ExperimentResults.tsx';
import { useExperimentsStore } from './experiments-store.ts';
import { finishedCount } from './figures.ts';
import { SetupForm } from './SetupForm.tsx';
import { SIDE_SHEET_HEAD } from '../../components/side-sheet.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { AskFirst } from '../../components/AskFirst.tsx';
import { OpenResults } from './OpenResults.tsx';
import { shellWord } from './batch-note.ts';

/** The command that continues results made by `ptc experiment` (the folder as the browser named it). */
export const resumeCommand = (folder: string | null): string => `ptc experiment --resume ${folder === null ? 'DIR' : shellWord(folder)}`;

function SavedRow({ record, shown, running, busy }: { record: ExperimentRecord; shown: boolean; running: boolean; busy: boolean }) {
  const store = useExperimentsStore();
  const done = finishedCount(record.records);
  const date = new Date(record.created).toLocaleString();
  return (
    <li data-testid="experiment-saved" data-id={record.id} className={`flex flex-wrap items-center gap-2 py-1 text-sm ${shown ? 'font-medium' : ''}`}>
      <span className="min-w-0 flex-1 truncate">
        <time dateTime={new Date(record.created).toISOString()}>{date}</time> · {record.title} ·{' '}
        <span data-testid="experiment-saved-count">
          {done}/{record.total} runs
        </span>
        {running && ' (running)'}
        {record.imported !== undefined && (
          <span data-testid="experiment-saved-origin">
            {' '}
            · made by <code>ptc experiment</code>
            {done < record.total && (
              <>
                ; resume it there: <code data-testid="experiment-saved-resume-command">{resumeCommand(record.imported.folder)}</code>
              </>
            )}
          </span>
        )}
      </span>
      <button
        type="button"
        className={SMALL_BUTTON}
        aria-pressed={shown}
        aria-label={`Show results of ${record.title}, ${date}`}
        onClick={() => store.getState().open(record.id)}
      >
        Show
      </button>
      {done < record.total && !running && record.imported === undefined && (
        <button
          type="button"
          className={SMALL_BUTTON}
          data-testid="experiment-resume"
          disabled={busy}
          aria-label={`Resume ${record.title}, ${date}`}
          onClick={() => void store.getState().resume(record.id)}
        >
          Resume
        </button>
      )}
      <AskFirst
        label="Delete"
        confirm="Delete"
        question="Delete it and its runs?"
        testId="experiment-delete"
        disabled={running}
        ariaLabel={`Delete ${record.title}, ${date}`}
        onConfirm={() => void store.getState().remove(record.id)}
      />
    </li>
  );
}

export function ExperimentsPanel({ onClose, opener }: SheetProps) {
  const store = useExperimentsStore();
  const saved = useStore(store, (s) => s.saved);
  const openId = useStore(store, (s) => s.openId);
  const running = useStore(store, (s) => s.running);
  const errors = useStore(store, (s) => s.errors);
  const notice = useStore(store, (s) => s.notice);

  useEffect(() => {
    void store.getState().loadSaved();
  }, [store]);

  const shown = saved.find((r) => r.id === openId) ?? null;

  return (
    <SideSheet testId="experiments-panel" labelledBy="experiments-title" onClose={onClose} opener={opener} widthClassName="w-[60rem]">
      <div className={`flex flex-wrap items-center gap-2 ${SIDE_SHEET_HEAD}`}>
        <h2 id="experiments-title" className="font-semibold">
          Experiments
        </h2>
        <span className="text-xs text-slate-600 dark:text-slate-300">The open session, run many times per variant</span>
        <button type="button" className={`${SMALL_BUTTON} ml-auto`} data-testid="experiments-close" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-4 relative overflow-auto p-3" role="region" aria-label="Experiment" tabIndex={0}>
        <SetupForm />
        <OpenResults />
        {(errors.length > 0 || notice !== null) && (
          <div role="alert" data-testid="experiment-errors" className="text-sm text-rose-700 dark:text-rose-400">
            {notice !== null && <p>{notice}</p>}
            {errors.length > 0 && (
              <ul>
                {errors.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <section aria-labelledby="experiments-saved-title">
          <h3 id="experiments-saved-title" className="font-semibold">
            Saved experiments
          </h3>
          {saved.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-300">
              None yet. Each run is saved in this browser as it ends; results opened from a folder are kept here too.
            </p>
          ) : (
            <ul data-testid="experiments-saved" className="divide-y divide-slate-200 dark:divide-slate-800">
              {saved.map((r) => (
                <SavedRow key={r.id} record={r} shown={r.id === openId} running={running?.id === r.id} busy={running !== null} />
              ))}
            </ul>
          )}
        </section>
        {shown !== null && <ExperimentResults key={shown.id} record={shown} onOpened={onClose} />}
      </div>
    </SideSheet>
  );
}
