// The session's `compression` as a form: the strategy, and each option of OPTION_SPECS as typed. The
// form is read from the session and written back in its shortest form, so a session's JSON stays the
// same when nothing was changed; an option the chosen strategy does not read is kept, never dropped.
import { OPTION_SPECS, type OptionKey, type OptionSpec } from '../../../compression/options.ts';
import type { JsonValue } from '../../../session/value-codec.ts';
import { fieldProblem, type Problem } from '../../lib/problems.ts';

/** `compression: true` means the default strategy (DEFAULT_STRATEGY in src/compression/strategies). */
export const DEFAULT_STRATEGY_NAME = 'single-user-coalesced';
export const OFF = 'off';

export type OptionValues = Partial<Record<OptionKey, string>>;

export interface CompressionForm {
  /** OFF (the full history) or a strategy name. */
  mode: string;
  /**
   * Each option set, as typed or chosen: counts as text, flags as "true" or "false", choices by name.
   * Absent or '' leaves the strategy's default (the option is not written).
   */
  values: OptionValues;
}

export function readCompression(c: JsonValue): CompressionForm {
  const form: CompressionForm = { mode: OFF, values: {} };
  if (c === true) form.mode = DEFAULT_STRATEGY_NAME;
  else if (typeof c === 'string') form.mode = c;
  else if (c !== null && typeof c === 'object' && !Array.isArray(c)) {
    form.mode = typeof c.strategy === 'string' ? c.strategy : DEFAULT_STRATEGY_NAME;
    for (const spec of OPTION_SPECS) {
      const v = c[spec.key];
      if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') form.values[spec.key] = String(v);
    }
  }
  return form;
}

/** The value of one option as the session file holds it, or the reason it cannot be written. */
function parseValue(spec: OptionSpec, text: string): { ok: true; value: JsonValue } | { ok: false; reason: string } {
  switch (spec.kind) {
    case 'count': {
      const n = Number(text.trim());
      return Number.isInteger(n) && n >= 0 && text.trim() !== ''
        ? { ok: true, value: n }
        : { ok: false, reason: 'enter a whole number ≥ 0 (or leave it empty for the default)' };
    }
    case 'flag':
      return text === 'true' || text === 'false' ? { ok: true, value: text === 'true' } : { ok: false, reason: 'choose on or off' };
    case 'choice':
      return spec.choices.includes(text) ? { ok: true, value: text } : { ok: false, reason: `choose ${spec.choices.join(' or ')}` };
  }
}

/** Options given a value in the form (in the order OPTION_SPECS lists them). */
export function setOptions(form: CompressionForm): OptionSpec[] {
  return OPTION_SPECS.filter((s) => (form.values[s.key] ?? '').trim() !== '');
}

/**
 * The session's `compression` for the form: false when off, the strategy's name when no option is set,
 * else `{strategy, …options}` with every option set (those the strategy does not read included).
 */
export function writeCompression(form: CompressionForm): { ok: true; value: JsonValue } | { ok: false; problems: Problem[] } {
  if (form.mode === OFF) return { ok: true, value: false };
  const problems: Problem[] = [];
  const options: { [k: string]: JsonValue } = {};
  for (const spec of setOptions(form)) {
    const r = parseValue(spec, form.values[spec.key] ?? '');
    if (r.ok) options[spec.key] = r.value;
    else problems.push(fieldProblem(`compression.${spec.key}`, r.reason));
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: Object.keys(options).length === 0 ? form.mode : { strategy: form.mode, ...options } };
}
