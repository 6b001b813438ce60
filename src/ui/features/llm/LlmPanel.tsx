// Which LLM answers the session's turns: the mock's script, or a real OpenAI-compatible or Anthropic
// API (preset hosts, base URL, model, temperature, output limit, timeout) and its API key. Settings
// are saved into the session through setDefinition; the key stays in the key store.
import { useId } from 'react';
import { PRESETS, presetForBaseUrl } from '../../../agent/providers/presets.ts';
import { DEFAULT_MAX_OUTPUT_TOKENS, DEFAULT_REQUEST_TIMEOUT_MS } from '../../../agent/llm-settings.ts';
import type { View } from '../../../worker/engine.ts';
import { usePlayground, usePlaygroundStore, useDefinitionView } from '../../state/playground.tsx';
import { mergeProblems, problemsUnder } from '../../lib/problems.ts';
import { HINT, INPUT, LABEL, PanelFrame, ProblemList, SelectField } from '../../components/panel.tsx';
import { useDefinitionDraft } from '../../state/useDefinitionDraft.ts';
import { ApiKeyField } from './ApiKeyField.tsx';
import { BaseUrlConfirm } from './BaseUrlConfirm.tsx';
import { confirmHere, needsConfirmation } from '../../state/confirmed-urls.ts';
import { endpointOf, isRealProvider, providerLabel } from '../../lib/endpoint.ts';
import { applyPreset, llmSpec, type LlmForm } from './llm-form.ts';

export function LlmPanel() {
  // The definition's part only: a Step or a turn switch does not render this panel again.
  const view = useDefinitionView();
  return (
    <PanelFrame title="LLM" testId="llm-panel">
      {view ? <LlmFields view={view} /> : <p className={HINT}>Open a session to choose its LLM.</p>}
      <BaseUrlConfirm />
    </PanelFrame>
  );
}

const PROVIDER_OPTIONS = ['mock', 'openai', 'anthropic'] as const;

function LlmFields({ view }: { view: View }) {
  const store = usePlaygroundStore();
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const llm = useDefinitionDraft(view.setup.definition, llmSpec);
  const ids = useId();
  const form = llm.draft;
  const real = isRealProvider(form.provider);
  const at = (...paths: string[]) => problemsUnder(mergeProblems(llm.problems, storeProblems, view.setup.problems), ...paths);

  // The endpoint as shown (the draft): a key typed right after the base URL belongs to that URL.
  const draftUrl = form.baseUrl.trim();
  const endpoint = endpointOf({ provider: form.provider, replies: [], ...(draftUrl !== '' ? { baseUrl: draftUrl } : {}) });
  const preset = real ? presetForBaseUrl(endpoint?.baseUrl) : undefined;
  const presetValue = preset && preset.provider === form.provider ? preset.id : '';
  const suggestions = preset?.models ?? PRESETS.filter((p) => p.provider === form.provider).flatMap((p) => p.models);

  const edit = (next: LlmForm, now = false) => llm.edit(next, { now });
  /**
   * A base URL the person typed or chose is theirs: no confirmation is asked for it. Leaving the field
   * with the URL that came with the session unchanged vouches for nothing; choosing a preset does.
   */
  const vouchFor = (baseUrl: string, chosen: boolean) => {
    if (baseUrl.trim() === '') return;
    const s = store.getState();
    if (needsConfirmation(s.unconfirmedBaseUrl, baseUrl)) {
      if (!chosen) return;
      s.setUnconfirmedBaseUrl(null);
    }
    confirmHere(baseUrl);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-2">
        <SelectField
          label="Provider"
          testId="llm-provider"
          value={form.provider}
          choices={PROVIDER_OPTIONS.map((p) => ({ value: p, label: providerLabel(p) }))}
          invalid={at('llm.provider').length > 0}
          onChange={(provider) => edit({ ...form, provider }, true)}
        />
        <SelectField
          label="Preset"
          testId="llm-preset"
          value={presetValue}
          choices={[{ value: '', label: real ? 'custom' : 'choose a host…' }, ...PRESETS.map((p) => ({ value: p.id, label: p.label }))]}
          onChange={(id) => {
            const chosen = PRESETS.find((p) => p.id === id);
            if (!chosen) return;
            vouchFor(chosen.baseUrl, true);
            edit(applyPreset(form, chosen), true);
          }}
        />
      </div>
      <ProblemList problems={at('llm.provider')} testId="llm-provider-errors" />

      {!real ? (
        <p className={HINT} data-testid="llm-mock-hint">
          Each turn takes the script's reply ({view.setup.definition.llm.replies.length} {view.setup.definition.llm.replies.length === 1 ? 'reply' : 'replies'}
          ), or what you type as the next reply. Choose a provider or a preset to ask a real model.
        </p>
      ) : (
        <>
          {preset?.notes && (
            <p className={HINT} data-testid="llm-preset-notes">
              {preset.notes}
            </p>
          )}
          <label className={LABEL}>
            Base URL
            <input
              data-testid="llm-base-url"
              type="url"
              inputMode="url"
              spellCheck={false}
              className={`${INPUT} font-mono`}
              placeholder={form.provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1'}
              value={form.baseUrl}
              aria-invalid={at('llm.baseUrl').length > 0}
              onChange={(e) => edit({ ...form, baseUrl: e.target.value })}
              onBlur={(e) => vouchFor(e.target.value, false)}
            />
          </label>
          <ProblemList problems={at('llm.baseUrl')} testId="llm-base-url-errors" />
          <label className={LABEL}>
            Model
            <input
              data-testid="llm-model"
              list={`${ids}-models`}
              spellCheck={false}
              className={`${INPUT} font-mono`}
              placeholder={suggestions[0] ?? 'the model the server serves'}
              value={form.model}
              aria-invalid={at('llm.model').length > 0}
              onChange={(e) => edit({ ...form, model: e.target.value })}
            />
            <datalist id={`${ids}-models`} data-testid="llm-model-suggestions">
              {suggestions.map((m) => (
                <option key={m} value={m} />
              ))}
            </datalist>
          </label>
          <ProblemList problems={at('llm.model')} testId="llm-model-errors" />
          <div className="grid grid-cols-3 items-end gap-2">
            {NUMBER_FIELDS.map((f) => (
              <NumberField key={f.field} {...f} value={form[f.field]} onChange={(v) => edit({ ...form, [f.field]: v })} />
            ))}
          </div>
          <p className={HINT}>
            Empty fields use the defaults: the provider's temperature, {DEFAULT_MAX_OUTPUT_TOKENS} output tokens, {DEFAULT_REQUEST_TIMEOUT_MS / 1000} s per
            request.
          </p>
          <ProblemList problems={at('llm.temperature', 'llm.maxOutputTokens', 'llm.requestTimeoutMs')} testId="llm-number-errors" />
          {endpoint && <ApiKeyField key={`${endpoint.provider} ${endpoint.baseUrl}`} endpoint={endpoint} />}
        </>
      )}
      <ProblemList problems={at('llm').filter((p) => p.path === 'llm' || p.path === 'llm.replies')} testId="llm-errors" />
    </div>
  );
}

/** The number fields of a real provider; empty, each takes the default its placeholder shows. */
interface NumberSpec {
  field: 'temperature' | 'maxOutputTokens' | 'timeoutSeconds';
  label: string;
  testId: string;
  placeholder: string;
  step: string;
}

const NUMBER_FIELDS: readonly NumberSpec[] = [
  { field: 'temperature', label: 'Temperature', testId: 'llm-temperature', placeholder: 'default', step: '0.1' },
  { field: 'maxOutputTokens', label: 'Max output tokens', testId: 'llm-max-output', placeholder: String(DEFAULT_MAX_OUTPUT_TOKENS), step: '1' },
  { field: 'timeoutSeconds', label: 'Timeout (s)', testId: 'llm-timeout', placeholder: String(DEFAULT_REQUEST_TIMEOUT_MS / 1000), step: '1' },
];

function NumberField({ label, testId, value, placeholder, step, onChange }: NumberSpec & { value: string; onChange: (v: string) => void }) {
  return (
    <label className={LABEL}>
      {label}
      <input
        data-testid={testId}
        type="number"
        inputMode="decimal"
        min={0}
        step={step}
        className={INPUT}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
