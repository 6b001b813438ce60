// The results of one experiment: a row per variant (the rate with its interval, how consistent, what
// the runs used), the rate chart, every run with an Open button (the run as an ordinary session) and
// the CSV / JSON downloads. Figures come from the records (the engine's own summaries), so a stopped
// or half-done experiment shows what it has.
import { useMemo, useState } from 'react';
import { useOpenBundled } from '../../state/open-example.ts';
import type { ExperimentRecord } from './experiment-db.ts';
import { useExperimentsStore } from './experiments-store.ts';
import {
  costText,
  countText,
  download,
  exportName,
  finishedCount,
  exportsOf,
  meanText,
  msText,
  outcomeText,
  rateText,
  sortedRuns,
  summariesOf,
  type RunRecord,
} from './figures.ts';
import { RateChart } from './RateChart.tsx';
import { runKey } from '../../../experiment/records.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const TH = 'border-b border-slate-300 px-2 py-1 text-left font-medium dark:border-slate-700';
const TD = 'border-b border-slate-200 px-2 py-1 dark:border-slate-800';
const NUM = `${TD} text-right tabular-nums`;

/** Said instead of Open for a run of opened results whose session file was not among the files. */
export const RUN_FILE_MISSING = 'open the whole folder to open runs';

function RunRow({ r, openable, onOpen }: { r: RunRecord; openable: boolean; onOpen: (r: RunRecord) => void }) {
  return (
    <tr data-testid={`experiment-run-${r.variant}-${r.run}`}>
      <td className={`${TD} font-mono`}>{r.variant}</td>
      <td className={NUM}>{r.run}</td>
      <td className={TD}>{outcomeText(r)}</td>
      <td className={NUM}>{r.turns}</td>
      <td className={NUM}>
        {countText(r.usage.inputTokens ?? null)} / {countText(r.usage.outputTokens ?? null)}
      </td>
      <td className={NUM}>{Math.round(r.ms)}</td>
      <td className={TD}>
        {openable ? (
          <button
            type="button"
            className={SMALL_BUTTON}
            data-testid="experiment-run-open"
            aria-label={`Open ${r.variant} run ${r.run}`}
            onClick={() => onOpen(r)}
          >
            Open
          </button>
        ) : (
          <span data-testid="experiment-run-no-file" className="text-xs text-slate-600 dark:text-slate-300">
            {RUN_FILE_MISSING}
          </span>
        )}
      </td>
    </tr>
  );
}

export function ExperimentResults({ record, onOpened }: { record: ExperimentRecord; onOpened: () => void }) {
  const store = useExperimentsStore();
  const openBundled = useOpenBundled();
  const [openError, setOpenError] = useState<string | null>(null);
  // Rows are made only while the list is open: a long experiment re-renders at every run that ends.
  const [listOpen, setListOpen] = useState(record.total <= 50);
  const summaries = useMemo(() => summariesOf(record.variants, record.records), [record]);
  const runs = useMemo(() => sortedRuns(record.variants, record.records), [record]);
  // Opened results: only the runs whose session file came with them can be opened.
  const withFile = useMemo(() => (record.imported === undefined ? null : new Set(record.imported.runFiles)), [record]);

  const openRun = async (r: RunRecord) => {
    setOpenError(null);
    const name = `${r.variant} run ${r.run}`;
    const opened = await openBundled({
      name,
      load: async () => {
        const text = await store.getState().runText(r.variant, r.run);
        if (text === undefined) throw new Error('its session text was not saved');
        return text;
      },
    });
    if (opened) onOpened();
    else setOpenError(`Could not open ${name}; the page's notice says why.`);
  };

  return (
    <section aria-labelledby="experiment-results-title" data-testid="experiment-results" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="experiment-results-title" className="font-semibold">
          Results: {record.title}
        </h3>
        <span className="text-xs text-slate-600 dark:text-slate-300">
          {finishedCount(record.records)} of {record.total} runs finished
          {record.imported !== undefined && (
            <span data-testid="experiment-results-origin">
              {' '}
              · made by <code>ptc experiment</code>
              {record.imported.folder !== null && <> in {record.imported.folder}</>}
              {record.imported.setup.started !== undefined && <>, started {new Date(record.imported.setup.started).toLocaleString()}</>}
            </span>
          )}
        </span>
        <span className="ml-auto flex gap-2">
          {(
            [
              ['runs', 'Runs CSV', 'One row per run: outcome, turns, tokens and cost of all its requests, why it failed', 'text/csv'],
              ['variants', 'Variants CSV', 'One row per variant: counts, success rate with its 95% interval, what its runs used', 'text/csv'],
              ['json', 'JSON', 'The configuration, the summary per variant and every run', 'application/json'],
            ] as const
          ).map(([file, label, title, type]) => (
            <button
              key={file}
              type="button"
              className={SMALL_BUTTON}
              data-testid={`experiment-export-${file}`}
              title={title}
              onClick={() => download(exportsOf(record, record.records)[file], exportName(record.title, record.created, file), type)}
            >
              {label}
            </button>
          ))}
        </span>
      </div>
      <div className="relative overflow-x-auto">
        <table data-testid="experiment-summary" className="w-full border-collapse text-sm">
          <caption className="sr-only">Results per variant</caption>
          <thead>
            <tr>
              {[
                'Variant',
                'Runs',
                'OK',
                'Failed',
                'Cut',
                'Success rate (95% interval)',
                'Consistency',
                'Mean turns',
                'Input tokens',
                'Output tokens',
                'Cost',
                'Mean time',
              ].map((h) => (
                <th key={h} scope="col" className={TH}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {summaries.map((s) => (
              <tr key={s.name} data-testid={`experiment-variant-${s.name}`}>
                <th scope="row" className={`${TD} text-left font-mono font-normal`}>
                  {s.name}
                </th>
                <td className={NUM}>{s.runs}</td>
                <td className={NUM}>{s.successes}</td>
                <td className={NUM}>{s.failures}</td>
                <td className={NUM}>{s.cut}</td>
                <td className={NUM} data-testid="experiment-rate">
                  {rateText(s)}
                </td>
                <td className={TD}>{s.consistency}</td>
                <td className={NUM}>{meanText(s.meanTurns)}</td>
                <td className={NUM}>{countText(s.inputTokens)}</td>
                <td className={NUM}>{countText(s.outputTokens)}</td>
                <td className={NUM}>{costText(s.cost)}</td>
                <td className={NUM}>{msText(s.meanMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Cut runs (stopped, over a budget, or the provider failed) say nothing about the model: they are counted under Cut and left out of the success rate. The
        interval is Wilson&apos;s 95% score interval; few runs give a wide one.
      </p>
      {record.imported !== undefined && record.imported.differences.length > 0 && (
        <div data-testid="experiment-results-differences" className="text-sm text-amber-800 dark:text-amber-300">
          <p>The file&apos;s own summary differs from its runs; the figures here are made from the runs:</p>
          <ul className="list-disc pl-5">
            {record.imported.differences.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        </div>
      )}
      <RateChart summaries={summaries} />
      {openError !== null && (
        <p role="alert" className="text-sm text-rose-700 dark:text-rose-400">
          {openError}
        </p>
      )}
      <details data-testid="experiment-runs" open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer text-sm font-medium">Runs ({runs.length})</summary>
        <div className="max-h-80 relative overflow-auto">
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">Every run</caption>
            <thead>
              <tr>
                {['Variant', 'Run', 'Outcome', 'Turns', 'Tokens in / out', 'ms', ''].map((h, i) => (
                  <th key={i} scope="col" className={TH}>
                    {h === '' ? <span className="sr-only">Open</span> : h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(listOpen ? runs : []).map((r) => (
                <RunRow
                  key={runKey(r.variant, r.run)}
                  r={r}
                  openable={withFile === null || withFile.has(runKey(r.variant, r.run))}
                  onOpen={(x) => void openRun(x)}
                />
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
