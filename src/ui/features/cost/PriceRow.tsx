// One model's prices in the Prices dialog, editable: each valid change is saved at once; an invalid
// number keeps its text, says why next to the row, and is not saved. Also the row that adds a model.
import { useState } from 'react';
import type { ModelPrice } from '../../../agent/cost.ts';
import type { AppPrice } from '../../persistence/prices.ts';
import { EMPTY_FORM, formOf, PRICE_COLUMNS, readForm, type FieldErrors, type PriceField, type PriceForm } from './price-form.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

const CELL_INPUT =
  'w-20 rounded border border-slate-300 bg-white px-1 py-0.5 text-right font-mono text-xs tabular-nums focus:border-sky-500 focus:outline-none aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-900';
function Errors({ errors, testId }: { errors: readonly string[]; testId: string }) {
  if (errors.length === 0) return null;
  return (
    <tr>
      <td colSpan={7}>
        <ul role="alert" data-testid={testId} className="pb-1 text-xs text-red-700 dark:text-red-400">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

function PriceInputs({
  idPrefix,
  model,
  form,
  errors,
  onChange,
}: {
  idPrefix: string;
  model: string;
  form: PriceForm;
  errors: FieldErrors;
  onChange: (key: PriceField, text: string) => void;
}) {
  return (
    <>
      {PRICE_COLUMNS.map((col) => (
        <td key={col.key} className="px-1 py-0.5">
          <input
            data-testid={`${idPrefix}-${col.key}`}
            aria-label={`${model || 'new model'} ${col.label.toLowerCase()} price`}
            title={col.help}
            inputMode="decimal"
            className={CELL_INPUT}
            placeholder={col.required ? '' : '= input'}
            value={form[col.key]}
            aria-invalid={errors[col.key] !== undefined}
            onChange={(e) => onChange(col.key, e.target.value)}
          />
        </td>
      ))}
    </>
  );
}

function sourceText(price: AppPrice): string {
  if (price.source === 'default') return price.asOf !== undefined ? `as of ${price.asOf}` : 'default';
  return price.source === 'edited' ? 'edited' : 'added';
}

export function PriceRow({
  model,
  price,
  note,
  onSave,
  onRemove,
}: {
  model: string;
  price: AppPrice;
  note: string | null;
  onSave: (price: ModelPrice) => void;
  onRemove: () => void;
}) {
  const [form, setForm] = useState<PriceForm>(() => formOf(price));
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = (key: PriceField, text: string) => {
    const next = { ...form, [key]: text };
    setForm(next);
    const read = readForm(next);
    setErrors(read.ok ? {} : read.errors);
    if (read.ok) onSave(read.price);
  };
  return (
    <>
      <tr data-testid={`price-row-${model}`} data-source={price.source} className="border-t border-slate-100 dark:border-slate-800">
        <td className="px-1 py-0.5 font-mono text-xs">
          {model}
          {note !== null && <span className="ml-1 font-sans text-[11px] text-amber-700 dark:text-amber-400">({note})</span>}
        </td>
        <PriceInputs idPrefix={`price-${model}`} model={model} form={form} errors={errors} onChange={change} />
        <td data-testid={`price-${model}-source`} className="px-1 text-[11px] whitespace-nowrap text-slate-500 dark:text-slate-400">
          {sourceText(price)}
        </td>
        <td className="px-1">
          <button
            type="button"
            data-testid={`price-${model}-remove`}
            className={SMALL_BUTTON}
            aria-label={`Remove ${model}`}
            title={`Remove ${model} from the table (its cost becomes unknown)`}
            onClick={onRemove}
          >
            ×
          </button>
        </td>
      </tr>
      <Errors errors={Object.values(errors)} testId={`price-${model}-errors`} />
    </>
  );
}

export function AddPriceRow({ exists, onAdd }: { exists: (model: string) => boolean; onAdd: (model: string, price: ModelPrice) => void }) {
  const [name, setName] = useState('');
  const [form, setForm] = useState<PriceForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<FieldErrors>({});
  const add = () => {
    const model = name.trim();
    const read = readForm(form);
    const problems = [
      ...(model === '' ? ['Model: enter the model name the provider uses (e.g. gpt-4o)'] : []),
      ...(exists(model) ? [`Model: ${model} is already in the table; edit its row`] : []),
      ...(read.ok ? [] : Object.values(read.errors)),
    ];
    setErrors(problems);
    setInvalid(read.ok ? {} : read.errors);
    if (problems.length > 0 || !read.ok) return;
    onAdd(model, read.price);
    setName('');
    setForm(EMPTY_FORM);
    setInvalid({});
  };
  return (
    <>
      <tr data-testid="price-add-row" className="border-t border-slate-300 dark:border-slate-600">
        <td className="px-1 py-1">
          <input
            data-testid="price-add-model"
            aria-label="New model name"
            placeholder="model name"
            className={`${CELL_INPUT} w-36 text-left`}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </td>
        <PriceInputs idPrefix="price-add" model="" form={form} errors={invalid} onChange={(key, text) => setForm({ ...form, [key]: text })} />
        <td colSpan={2} className="px-1">
          <button type="button" data-testid="price-add" className={SMALL_BUTTON} onClick={add}>
            Add
          </button>
        </td>
      </tr>
      <Errors errors={errors} testId="price-add-errors" />
    </>
  );
}
