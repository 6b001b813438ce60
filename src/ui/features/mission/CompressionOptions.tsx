// The chosen strategy's options as form fields, made from OPTION_SPECS: a number per count, an
// on/off/default select per flag, a select per choice. Options the session sets that the strategy
// does not read are listed apart, kept, with a button to remove each.
import { useId } from 'react';
import { OPTION_SPECS, type OptionKey, type OptionSpec } from '../../../compression/options.ts';
import type { StrategyInfo } from '../../../worker/engine.ts';
import { INPUT, LABEL } from '../../components/panel.tsx';
import { OFF, setOptions, type CompressionForm } from './compression-form.ts';

/** The options a strategy reads, in the order it lists them (none for an unknown strategy or off). */
export function optionsOf(mode: string, strategies: readonly StrategyInfo[]): OptionSpec[] {
  if (mode === OFF) return [];
  const keys = strategies.find((s) => s.name === mode)?.options ?? [];
  return keys.map((k) => OPTION_SPECS.find((s) => s.key === k)).filter((s): s is OptionSpec => s !== undefined);
}

function defaultText(spec: OptionSpec): string {
  if (spec.kind === 'flag') return spec.default ? 'on' : 'off';
  return String(spec.default);
}

function OptionField({
  spec,
  value,
  onChange,
  invalid,
}: {
  spec: OptionSpec;
  value: string;
  onChange: (value: string, now: boolean) => void;
  invalid: boolean;
}) {
  const helpId = useId();
  const common = {
    'data-testid': `compression-${spec.key}`,
    className: INPUT,
    'aria-describedby': helpId,
    'aria-invalid': invalid,
  };
  return (
    <label className={`${LABEL} ${spec.kind === 'choice' ? 'col-span-2' : ''}`} title={spec.help}>
      {spec.label}
      {spec.kind === 'count' ? (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder={String(spec.default)}
          value={value}
          onChange={(e) => onChange(e.target.value, false)}
        />
      ) : (
        <select {...common} value={value} onChange={(e) => onChange(e.target.value, true)}>
          <option value="">default ({defaultText(spec)})</option>
          {spec.kind === 'flag' ? (
            <>
              <option value="true">on</option>
              <option value="false">off</option>
            </>
          ) : (
            spec.choices.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))
          )}
        </select>
      )}
      <span id={helpId} className="sr-only">
        {spec.help}
      </span>
    </label>
  );
}

export function CompressionOptions({
  form,
  setForm,
  strategies,
  invalidKeys,
}: {
  form: CompressionForm;
  setForm: (next: CompressionForm, now?: boolean) => void;
  strategies: readonly StrategyInfo[];
  /** Options with a problem listed under the form. */
  invalidKeys: ReadonlySet<string>;
}) {
  if (form.mode === OFF) return null;
  const read = optionsOf(form.mode, strategies);
  const unused = setOptions(form).filter((s) => !read.includes(s));
  if (read.length === 0 && unused.length === 0) return null;
  const setValue = (key: OptionKey, value: string, now: boolean) => setForm({ ...form, values: { ...form.values, [key]: value } }, now);
  return (
    <fieldset className="grid grid-cols-2 gap-x-2 gap-y-1 rounded border border-slate-200 p-1.5 dark:border-slate-700" data-testid="compression-options">
      <legend className="px-1 text-[11px] text-slate-500 dark:text-slate-400">Options of {form.mode} (empty: default)</legend>
      {read.map((spec) => (
        <OptionField
          key={spec.key}
          spec={spec}
          value={form.values[spec.key] ?? ''}
          invalid={invalidKeys.has(spec.key)}
          onChange={(v, now) => setValue(spec.key, v, now)}
        />
      ))}
      {unused.length > 0 && (
        <ul className="col-span-2 flex flex-col gap-0.5" data-testid="compression-unused" aria-label={`Options not used by ${form.mode}`}>
          {unused.map((spec) => (
            <li
              key={spec.key}
              data-testid={`compression-unused-${spec.key}`}
              className="flex items-center justify-between gap-2 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] text-amber-900 dark:bg-amber-950 dark:text-amber-200"
              title={spec.help}
            >
              <span>
                <span className="font-medium">{spec.label}</span> <code className="font-mono">{form.values[spec.key]}</code>: not used by {form.mode} (kept in
                the session)
              </span>
              <button
                type="button"
                data-testid={`compression-remove-${spec.key}`}
                className="rounded px-1 text-amber-900 underline hover:bg-amber-100 dark:text-amber-200 dark:hover:bg-amber-900"
                aria-label={`Remove ${spec.label} (not used by ${form.mode})`}
                onClick={() => setValue(spec.key, '', true)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
