// The "Fork from here" dialog: a new branch that keeps the turns before a turn and runs on with another
// strategy, SYSTEM prompt or model. Loaded when first opened (./ForkButton.tsx opens it).
import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../components/Dialog.tsx';
import { useController, usePlayground } from '../../state/playground.tsx';
import { defaultForkName, forkRequestOf, type ForkForm, type PromptChoice } from './fork-form.ts';
import { ErrorLines } from './ErrorLines.tsx';
import { FIELD } from './styles.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

export function ForkDialog({ at, onClose }: { at: number; onClose: () => void }) {
  const view = usePlayground((s) => s.view);
  const c = useController();
  // The fork under way: submitting again waits for it.
  const [forking, setForking] = useState(false);
  const id = useId();
  const sessionStrategy = view?.setup.sessionStrategy ?? '';
  const [form, setForm] = useState<ForkForm>({ name: '', strategy: sessionStrategy, prompt: 'unchanged', suffix: '', model: '', temperature: '' });
  // The name follows the strategy until it is typed.
  const [named, setNamed] = useState(false);
  const [errors, setErrors] = useState<readonly string[]>([]);
  if (view === null) return null;
  const name = named ? form.name : defaultForkName(form.strategy, at);
  const set = (patch: Partial<ForkForm>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors([]);
    setForking(true);
    const r = await c.fork(forkRequestOf({ ...form, name }, at, sessionStrategy, view.setup.definition.compression)).finally(() => setForking(false));
    if (r.ok) onClose();
    else setErrors(r.errors.length > 0 ? r.errors : ['The engine did not answer; see the notice.']);
  };

  const label = 'flex flex-col gap-0.5 text-xs';
  return (
    <ModalDialog testId="fork-dialog" labelledBy={`${id}-title`} onClose={onClose} panelClassName="w-[28rem]" onSubmit={(e) => void submit(e)}>
      <h2 id={`${id}-title`} className="font-semibold">
        Fork from turn {at}
      </h2>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        The new branch keeps {at === 1 ? 'no turns' : at === 2 ? 'turn 1' : `turns 1–${at - 1}`} and opens; Step or Run it as usual. This branch stays in the
        list.
      </p>
      <label className={label}>
        Branch name
        <input
          data-testid="fork-name"
          className={FIELD}
          value={name}
          onChange={(e) => {
            setNamed(true);
            set({ name: e.target.value });
          }}
        />
      </label>
      <label className={label}>
        Strategy
        <select data-testid="fork-strategy" className={FIELD} value={form.strategy} onChange={(e) => set({ strategy: e.target.value })}>
          {view.setup.strategies.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
              {s.name === sessionStrategy ? ' (this branch)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        SYSTEM prompt
        <select data-testid="fork-prompt" className={FIELD} value={form.prompt} onChange={(e) => set({ prompt: e.target.value as PromptChoice })}>
          <option value="unchanged">Unchanged</option>
          <option value="default">The default prompt</option>
          <option value="suffix">The default prompt with a suffix</option>
        </select>
      </label>
      {form.prompt === 'suffix' && (
        <label className={label}>
          Suffix
          <textarea data-testid="fork-suffix" className={`${FIELD} font-mono`} rows={3} value={form.suffix} onChange={(e) => set({ suffix: e.target.value })} />
        </label>
      )}
      <div className="flex gap-2">
        <label className={`${label} flex-1`}>
          Model (optional)
          <input
            data-testid="fork-model"
            className={FIELD}
            placeholder={view.setup.definition.llm.model ?? ''}
            value={form.model}
            onChange={(e) => set({ model: e.target.value })}
          />
        </label>
        <label className={`${label} w-28`}>
          Temperature (optional)
          <input
            data-testid="fork-temperature"
            className={FIELD}
            inputMode="decimal"
            value={form.temperature}
            onChange={(e) => set({ temperature: e.target.value })}
          />
        </label>
      </div>
      <ErrorLines
        errors={errors}
        testId="fork-errors"
        className="rounded bg-rose-50 p-1.5 font-mono text-xs text-rose-800 dark:bg-rose-950/50 dark:text-rose-300"
      />
      <div className="flex justify-end gap-2">
        <button type="button" className={SMALL_BUTTON} data-testid="fork-cancel" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className={SMALL_BUTTON} data-testid="fork-submit" disabled={forking}>
          Fork
        </button>
      </div>
    </ModalDialog>
  );
}
