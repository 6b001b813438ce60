// The LLM settings as the panel edits them (text as typed) and back into the session's `llm`. Numbers
// are checked here so a half-typed one is kept with its reason instead of being sent; the base URL is
// checked by the engine's schema (its problem comes back as `llm.baseUrl: …`).
import type { ProviderPreset } from '../../../agent/providers/presets.ts';
import type { LlmDefinition, SessionDefinition } from '../../../worker/engine.ts';
import { fieldProblem, type Problem } from '../../lib/problems.ts';
import type { DraftSpec } from '../../state/useDefinitionDraft.ts';

export interface LlmForm {
  provider: string;
  baseUrl: string;
  model: string;
  temperature: string;
  maxOutputTokens: string;
  /** The request timeout in seconds (the session keeps milliseconds). */
  timeoutSeconds: string;
}

export function readLlmForm(llm: LlmDefinition): LlmForm {
  return {
    provider: llm.provider,
    baseUrl: llm.baseUrl ?? '',
    model: llm.model ?? '',
    temperature: llm.temperature !== undefined ? String(llm.temperature) : '',
    maxOutputTokens: llm.maxOutputTokens !== undefined ? String(llm.maxOutputTokens) : '',
    timeoutSeconds: llm.requestTimeoutMs !== undefined ? String(llm.requestTimeoutMs / 1000) : '',
  };
}

type Parsed = { ok: true; value: number | undefined } | { ok: false; problem: Problem };

function parseNumber(text: string, path: string, check: (n: number) => boolean, what: string): Parsed {
  const t = text.trim();
  if (t === '') return { ok: true, value: undefined };
  const n = Number(t);
  return Number.isFinite(n) && check(n) ? { ok: true, value: n } : { ok: false, problem: fieldProblem(path, `${what} (or leave it empty for the default)`) };
}

export function writeLlmForm(llm: LlmDefinition, form: LlmForm): { ok: true; llm: LlmDefinition } | { ok: false; problems: Problem[] } {
  const temperature = parseNumber(form.temperature, 'llm.temperature', (n) => n >= 0 && n <= 2, 'enter a number from 0 to 2');
  const maxOutput = parseNumber(form.maxOutputTokens, 'llm.maxOutputTokens', (n) => Number.isInteger(n) && n >= 1, 'enter a whole number of tokens, 1 or more');
  const timeout = parseNumber(form.timeoutSeconds, 'llm.requestTimeoutMs', (n) => n > 0 && n <= 3600, 'enter a number of seconds above 0, at most 3600');
  const problems = [temperature, maxOutput, timeout].flatMap((p) => (p.ok ? [] : [p.problem]));
  if (!temperature.ok || !maxOutput.ok || !timeout.ok) return { ok: false, problems };
  const baseUrl = form.baseUrl.trim();
  const model = form.model.trim();
  // The script stays whatever the provider: switching back to the mock replays it.
  const out: LlmDefinition = { provider: form.provider, replies: llm.replies };
  if (baseUrl !== '') out.baseUrl = baseUrl;
  if (model !== '') out.model = model;
  if (temperature.value !== undefined) out.temperature = temperature.value;
  if (maxOutput.value !== undefined) out.maxOutputTokens = maxOutput.value;
  if (timeout.value !== undefined) out.requestTimeoutMs = Math.max(1, Math.round(timeout.value * 1000));
  return { ok: true, llm: out };
}

export const llmSpec: DraftSpec<LlmForm> = {
  read: (d) => readLlmForm(d.llm),
  // The script changes as turns are typed; only the settings are this panel's.
  key: (d) => JSON.stringify(readLlmForm(d.llm)),
  write: (d: SessionDefinition, form) => {
    const r = writeLlmForm(d.llm, form);
    return r.ok ? { ok: true, definition: { ...d, llm: r.llm } } : r;
  },
};

/** The form after choosing a preset: its provider and base URL, and a model it serves. */
export function applyPreset(form: LlmForm, preset: ProviderPreset): LlmForm {
  const model = preset.models.includes(form.model.trim()) ? form.model : (preset.models[0] ?? '');
  return { ...form, provider: preset.provider, baseUrl: preset.baseUrl, model };
}
