// The experiment's setup: runs per variant, concurrency, the variants file (the `ptc experiment`
// format) with presets, and what the worker makes of it as it is typed: every problem, or the plan
// (variants, who answers, the total and the check). Run is refused while there is a problem or a
// real provider's key is missing; while running, a progress bar and Stop.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { useController, useDefinitionView } from '../../state/playground.tsx';
import { keysFor, useExperimentsStore } from './experiments-store.ts';
import { PRESETS } from './figures.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { BatchNote } from './BatchNote.tsx';
import { BATCH_NOTE_RUNS, batchableRuns } from './batch-note.ts';

const INPUT = 'rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm dark:border-slate-600 dark:bg-slate-900';
const PRIMARY =
  'rounded border border-sky-700 bg-sky-700 px-2 py-1 text-sm text-white hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-50 dark:border-sky-500 dark:bg-sky-600';
const PLAN_PAUSE_MS = 300;

/** A whole number within bounds, or null while the text is not one (being typed). */
export function wholeIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < min || n > max) return null;
  return n;
}

interface NumberFieldProps {
  readonly label: string;
  readonly testId: string;
  readonly min: number;
  readonly max: number;
  readonly value: number;
  readonly onValue: (n: number) => void;
}

/** A number input that keeps what is typed (a blank on the way to a new number) and commits valid ones. */
function NumberField({ label, testId, min, max, value, onValue }: NumberFieldProps) {
  const [text, setText] = useState(String(value));
  const valid = wholeIn(text, min, max) !== null;
  return (
    <label className="flex items-center gap-1">
      {label}
      <input
        type="number"
        min={min}
        max={max}
        step={1}
        data-testid={testId}
        aria-invalid={!valid}
        className={`${INPUT} w-20`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const n = wholeIn(e.target.value, min, max);
          if (n !== null) onValue(n);
        }}
        onBlur={() => setText(String(value))}
      />
    </label>
  );
}

/** The form's whole-number settings, each from 1 to its own most. */
const NUMBERS: readonly { key: 'runs' | 'concurrency'; label: string; max: number }[] = [
  { key: 'runs', label: 'Runs per variant', max: 1000 },
  { key: 'concurrency', label: 'Concurrency', max: 32 },
];

function Progress({ ended, total, stopping, onStop }: { ended: number; total: number; stopping: boolean; onStop: () => void }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label="Runs ended"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={ended}
        data-testid="experiment-progress"
        className="h-2 w-48 overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
      >
        <div className="h-full bg-sky-600 dark:bg-sky-400" style={{ width: `${total === 0 ? 0 : (100 * ended) / total}%` }} />
      </div>
      <span className="text-sm tabular-nums" data-testid="experiment-progress-text">
        {ended}/{total}
      </span>
      <button type="button" className={SMALL_BUTTON} data-testid="experiment-stop" disabled={stopping} onClick={onStop}>
        {stopping ? 'Stopping…' : 'Stop'}
      </button>
    </div>
  );
}

export function SetupForm() {
  const store = useExperimentsStore();
  const form = useStore(store, (s) => s.form);
  const plan = useStore(store, (s) => s.plan);
  const running = useStore(store, (s) => s.running);
  const { keys } = useController();
  // A change of the open session (its definition) plans again, as a change of the form does.
  const definition = useDefinitionView()?.setup.definition;
  const keyVersion = useSyncExternalStore(keys.subscribe, keys.snapshot);

  useEffect(() => {
    const timer = setTimeout(() => void store.getState().makePlan(), PLAN_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [store, form.variantsText, form.runs, definition]);

  const missing = useMemo(() => {
    void keyVersion;
    return plan?.ok ? keysFor(plan.variants, keys).missing : [];
  }, [plan, keys, keyVersion]);
  const canRun = running === null && plan !== null && plan.ok && missing.length === 0;
  const batchable = batchableRuns(plan);

  return (
    <section aria-labelledby="experiment-setup-title" className="flex flex-col gap-2">
      <h3 id="experiment-setup-title" className="font-semibold">
        New experiment on the open session
      </h3>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {NUMBERS.map(({ key, label, max }) => (
          <NumberField
            key={key}
            label={label}
            testId={`experiment-${key}`}
            min={1}
            max={max}
            value={form[key]}
            onValue={(n) => store.getState().setForm({ [key]: n })}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm" role="group" aria-label="Presets">
        <span>Presets:</span>
        {PRESETS.map((p) => (
          <button
            key={p.id}
            type="button"
            className={SMALL_BUTTON}
            data-testid={`experiment-preset-${p.id}`}
            onClick={() => void store.getState().usePreset(p.id)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <label htmlFor="experiment-variants" className="text-sm">
        Variants file (JSON, as for <code>ptc experiment</code>; blank: the session as it is, success meaning the run returned)
      </label>
      <textarea
        id="experiment-variants"
        data-testid="experiment-variants"
        className={`${INPUT} h-40 font-mono text-xs`}
        spellCheck={false}
        value={form.variantsText}
        placeholder={'{"success": {"expected": …}, "variants": [{"name": "…", "compression": "trim"}]}'}
        onChange={(e) => store.getState().setForm({ variantsText: e.target.value })}
      />
      <div aria-live="polite" data-testid="experiment-plan">
        {plan === null ? null : plan.ok ? (
          <div className="flex flex-col gap-1 text-sm">
            <table className="border-collapse text-sm">
              <caption className="sr-only">Planned variants</caption>
              <thead>
                <tr>
                  {['Variant', 'Strategy', 'Who answers'].map((h) => (
                    <th key={h} scope="col" className="border-b border-slate-300 px-2 py-0.5 text-left font-medium dark:border-slate-700">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plan.variants.map((v) => (
                  <tr key={v.name} data-testid={`experiment-plan-${v.name}`}>
                    <td className="px-2 py-0.5 font-mono">{v.name}</td>
                    <td className="px-2 py-0.5">{v.strategy}</td>
                    <td className="px-2 py-0.5">{v.answerer}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p data-testid="experiment-plan-total">
              {plan.total} runs in total; success: {plan.check}
            </p>
          </div>
        ) : (
          <ul role="alert" data-testid="experiment-problems" className="text-sm text-rose-700 dark:text-rose-400">
            {plan.errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        )}
        {missing.length > 0 && (
          <ul role="alert" data-testid="experiment-missing-keys" className="text-sm text-rose-700 dark:text-rose-400">
            {missing.map((m) => (
              <li key={m.variant}>
                {m.variant}: {m.endpoint} needs an API key. Enter it in the LLM panel (the session&apos;s LLM settings), then run.
              </li>
            ))}
          </ul>
        )}
      </div>
      {plan?.ok === true && batchable > BATCH_NOTE_RUNS && <BatchNote runs={plan.runs} total={batchable} variantsText={form.variantsText} />}
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={PRIMARY} data-testid="experiment-run" disabled={!canRun} onClick={() => void store.getState().run()}>
          Run
        </button>
        {running !== null && <Progress ended={running.ended} total={running.total} stopping={running.stopping} onStop={() => void store.getState().stop()} />}
      </div>
    </section>
  );
}
