// A price as typed in the Prices dialog, and its checking: a number ≥ 0 (USD per million tokens);
// the cache prices may be left empty (then the input price applies). Nothing invalid is saved.
import type { ModelPrice } from '../../../agent/cost.ts';

export const PRICE_COLUMNS = [
  { key: 'input', label: 'Input', required: true, help: 'prompt tokens not read from or written to the cache' },
  { key: 'cachedInput', label: 'Cached input', required: false, help: 'prompt tokens read from the cache (empty: the input price)' },
  { key: 'cacheWrite', label: 'Cache write', required: false, help: 'prompt tokens written to the cache (empty: the input price)' },
  { key: 'output', label: 'Output', required: true, help: 'tokens the model wrote' },
] as const;

export type PriceField = (typeof PRICE_COLUMNS)[number]['key'];

export type PriceForm = Record<PriceField, string>;

export const EMPTY_FORM: PriceForm = { input: '', cachedInput: '', cacheWrite: '', output: '' };

export function formOf(price: ModelPrice): PriceForm {
  return {
    input: String(price.input),
    cachedInput: price.cachedInput !== undefined ? String(price.cachedInput) : '',
    cacheWrite: price.cacheWrite !== undefined ? String(price.cacheWrite) : '',
    output: String(price.output),
  };
}

/** Plain decimals only: "1e3", "0x10" or "Infinity" are not what anyone means by a price. */
const DECIMAL = /^(?:\d+(?:\.\d*)?|\.\d+)$/;

export type FieldErrors = Partial<Record<PriceField, string>>;

export function readForm(form: PriceForm): { ok: true; price: ModelPrice } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const values: Partial<Record<PriceField, number>> = {};
  for (const col of PRICE_COLUMNS) {
    const text = form[col.key].trim();
    if (text === '') {
      if (col.required) errors[col.key] = `${col.label}: enter a price (USD per million tokens)`;
      continue;
    }
    if (!DECIMAL.test(text)) {
      errors[col.key] = `${col.label}: "${text}" is not a number ≥ 0 (USD per million tokens, e.g. 2.5)`;
      continue;
    }
    values[col.key] = Number(text);
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    price: {
      input: values.input as number,
      output: values.output as number,
      ...(values.cachedInput !== undefined ? { cachedInput: values.cachedInput } : {}),
      ...(values.cacheWrite !== undefined ? { cacheWrite: values.cacheWrite } : {}),
    },
  };
}
