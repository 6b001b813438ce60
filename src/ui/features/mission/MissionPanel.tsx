// The session's title, mission (with {{placeholders}} and its expansion), turn limit and compression.
import { useId, useRef } from 'react';
import { DEFAULT_COMPRESSION_OPTIONS } from '../../../compression/strategy.ts';
import type { JsonValue } from '../../../session/value-codec.ts';
import type { SessionDefinition, View } from '../../../worker/engine-api.ts';
import { usePlayground, useDefinitionView } from '../../state/playground.tsx';
import { fieldProblem, mergeProblems, problemsUnder, type Problem } from '../definition/problems.ts';
import { HINT, INPUT, LABEL, PanelFrame, ProblemList } from '../definition/ui.tsx';
import { useDefinitionDraft, type DraftSpec } from '../definition/useDefinitionDraft.ts';

// ---------------------------------------------------------------------------------------------
// Drafts of each field

const titleSpec: DraftSpec<string> = {
  read: (d) => d.title,
  write: (d, title) => ({ ok: true, definition: { ...d, title } }),
};

const missionSpec: DraftSpec<string> = {
  read: (d) => d.mission,
  write: (d, mission) => ({ ok: true, definition: { ...d, mission } }),
};

/**
 * The session schema's own cap (MAX_TURNS_CAP in src/session/schema.ts, checked equal in
 * test/ui/mission.test.tsx), so the field accepts every session a file may hold. Written here rather
 * than imported: schema.ts brings zod into the page, whose `Function('')` probe the page's
 * Content-Security-Policy refuses (a console error in every end-to-end test).
 */
export const MAX_TURNS_LIMIT = 10_000;

const maxTurnsSpec: DraftSpec<string> = {
  read: (d) => String(d.maxTurns),
  write: (d, text) => {
    const n = Number(text.trim());
    if (text.trim() === '' || !Number.isInteger(n) || n < 1 || n > MAX_TURNS_LIMIT) {
      return { ok: false, problems: [fieldProblem('maxTurns', `enter a whole number from 1 to ${MAX_TURNS_LIMIT.toLocaleString('en-US')}`)] };
    }
    return { ok: true, definition: { ...d, maxTurns: n } };
  },
};

/** `compression: true` means the default strategy (DEFAULT_STRATEGY in src/compression/strategies). */
const DEFAULT_STRATEGY_NAME = 'single-user-coalesced';
export const OFF = 'off';

export const NUMERIC_OPTIONS = [
  { key: 'printlnLimit', label: 'println lines', help: 'output lines shown from earlier turns' },
  { key: 'toolCallLimit', label: 'tool calls', help: 'tool calls shown from earlier turns' },
  { key: 'sampleLimit', label: 'sample items', help: 'items in each value sample' },
  { key: 'samplePrintableLimit', label: 'sample characters', help: 'characters of each sample' },
] as const;

type NumericOption = (typeof NUMERIC_OPTIONS)[number]['key'];

export interface CompressionForm {
  /** OFF (the full history) or a strategy name. */
  mode: string;
  /** Numeric options as typed; '' leaves the default. */
  numbers: Record<NumericOption, string>;
  failedTurns: '' | 'latest' | 'all';
}

function emptyNumbers(): Record<NumericOption, string> {
  return { printlnLimit: '', toolCallLimit: '', sampleLimit: '', samplePrintableLimit: '' };
}

export function readCompression(c: JsonValue): CompressionForm {
  const form: CompressionForm = { mode: OFF, numbers: emptyNumbers(), failedTurns: '' };
  if (c === true) form.mode = DEFAULT_STRATEGY_NAME;
  else if (typeof c === 'string') form.mode = c;
  else if (c !== null && typeof c === 'object' && !Array.isArray(c)) {
    form.mode = typeof c.strategy === 'string' ? c.strategy : DEFAULT_STRATEGY_NAME;
    for (const { key } of NUMERIC_OPTIONS) if (typeof c[key] === 'number') form.numbers[key] = String(c[key]);
    if (c.failedTurns === 'latest' || c.failedTurns === 'all') form.failedTurns = c.failedTurns;
  }
  return form;
}

export function isCoalescing(strategy: string): boolean {
  return strategy !== OFF && strategy !== 'full-history';
}

export function writeCompression(form: CompressionForm): { ok: true; value: JsonValue } | { ok: false; problems: Problem[] } {
  if (form.mode === OFF) return { ok: true, value: false };
  if (!isCoalescing(form.mode)) return { ok: true, value: form.mode };
  const problems: Problem[] = [];
  const options: { [k: string]: JsonValue } = {};
  for (const { key } of NUMERIC_OPTIONS) {
    const text = form.numbers[key].trim();
    if (text === '') continue;
    const n = Number(text);
    if (!Number.isInteger(n) || n < 0) problems.push(fieldProblem(`compression.${key}`, 'enter a whole number ≥ 0 (or leave it empty for the default)'));
    else options[key] = n;
  }
  if (form.failedTurns !== '') options.failedTurns = form.failedTurns;
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: Object.keys(options).length === 0 ? form.mode : { strategy: form.mode, ...options } };
}

const compressionSpec: DraftSpec<CompressionForm> = {
  read: (d) => readCompression(d.compression),
  key: (d) => JSON.stringify(d.compression),
  write: (d, form) => {
    const r = writeCompression(form);
    return r.ok ? { ok: true, definition: { ...d, compression: r.value } } : r;
  },
};

// ---------------------------------------------------------------------------------------------
// The panel

export function MissionPanel() {
  // The definition's part only: a Step or a turn switch does not render this panel again.
  const view = useDefinitionView();
  return (
    <PanelFrame title="Mission" testId="mission-panel">
      {view ? <MissionFields view={view} /> : <p className={HINT}>Open a session to edit its mission.</p>}
    </PanelFrame>
  );
}

function MissionFields({ view }: { view: View }) {
  const definition: SessionDefinition = view.definition;
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const title = useDefinitionDraft(definition, titleSpec);
  const mission = useDefinitionDraft(definition, missionSpec);
  const maxTurns = useDefinitionDraft(definition, maxTurnsSpec);
  const compression = useDefinitionDraft(definition, compressionSpec);
  const missionRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const at = (own: readonly Problem[], ...paths: string[]) => problemsUnder(mergeProblems(own, storeProblems, view.problems), ...paths);
  const titleProblems = at(title.problems, 'title');
  const missionProblems = at(mission.problems, 'mission');
  const maxTurnsProblems = at(maxTurns.problems, 'maxTurns');
  const compressionProblems = at(compression.problems, 'compression');

  const insertPlaceholder = (name: string) => {
    const el = missionRef.current;
    const text = mission.draft;
    const token = `{{${name}}}`;
    const start = el ? el.selectionStart : text.length;
    const end = el ? el.selectionEnd : text.length;
    mission.edit(text.slice(0, start) + token + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const form = compression.draft;
  const setForm = (next: CompressionForm, now = false) => compression.edit(next, { now });
  const strategy = view.strategies.find((s) => s.name === form.mode);
  const knownMode = form.mode === OFF || strategy !== undefined;

  return (
    <div className="flex flex-col gap-2">
      <label className={LABEL}>
        Title
        <input
          data-testid="title-input"
          className={INPUT}
          value={title.draft}
          aria-invalid={titleProblems.length > 0}
          onChange={(e) => title.edit(e.target.value)}
        />
        <ProblemList problems={titleProblems} testId="title-errors" />
      </label>

      <div className="flex flex-col gap-0.5">
        <label htmlFor={`${ids}-mission`} className={LABEL}>
          Mission
        </label>
        <textarea
          id={`${ids}-mission`}
          ref={missionRef}
          data-testid="mission-input"
          aria-describedby={`${ids}-mission-hint`}
          aria-invalid={missionProblems.length > 0}
          className={`${INPUT} min-h-20 resize-y font-mono`}
          rows={4}
          value={mission.draft}
          spellCheck
          onChange={(e) => mission.edit(e.target.value)}
        />
        <p id={`${ids}-mission-hint`} className={HINT}>
          <code>{'{{name}}'}</code> inserts <code>data/name</code> (<code>{'{{products.0.name}}'}</code> walks into it).
          {view.data.length > 0 && (
            <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
              {view.data.map((d) => (
                <button
                  key={d.name}
                  type="button"
                  className="rounded bg-slate-100 px-1 font-mono text-[11px] text-slate-700 hover:bg-sky-100 dark:bg-slate-800 dark:text-slate-200 dark:hover:bg-sky-900"
                  title={`Insert {{${d.name}}} at the cursor`}
                  onClick={() => insertPlaceholder(d.name)}
                >
                  {`{{${d.name}}}`}
                </button>
              ))}
            </span>
          )}
        </p>
        <ProblemList problems={missionProblems} testId="mission-errors" />
        <ProblemList problems={view.warnings} testId="mission-warnings" kind="warning" />
        <details className="text-xs" open={view.missionExpanded !== view.definition.mission}>
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">As the LLM reads it</summary>
          <div
            data-testid="mission-expanded"
            className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 font-mono text-[11px] text-slate-800 dark:bg-slate-900 dark:text-slate-200"
          >
            {view.missionExpanded}
          </div>
        </details>
      </div>

      <div className="flex items-start gap-2">
        <label className={`${LABEL} w-20 shrink-0`}>
          Max turns
          <input
            data-testid="max-turns-input"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_TURNS_LIMIT}
            step={1}
            className={INPUT}
            value={maxTurns.draft}
            aria-invalid={maxTurnsProblems.length > 0}
            onChange={(e) => maxTurns.edit(e.target.value)}
          />
        </label>
        <label className={`${LABEL} min-w-0 flex-1`}>
          Compression
          <select
            data-testid="compression-select"
            className={INPUT}
            value={form.mode}
            aria-invalid={compressionProblems.length > 0}
            onChange={(e) => setForm({ ...form, mode: e.target.value }, true)}
          >
            <option value={OFF}>off — full history</option>
            {view.strategies.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
            {!knownMode && <option value={form.mode}>{form.mode} (unknown)</option>}
          </select>
        </label>
      </div>
      <ProblemList problems={maxTurnsProblems} testId="max-turns-errors" />
      {strategy && (
        <p data-testid="compression-description" className={HINT}>
          {strategy.description}
        </p>
      )}

      {isCoalescing(form.mode) && (
        <fieldset className="grid grid-cols-2 gap-x-2 gap-y-1 rounded border border-slate-200 p-1.5 dark:border-slate-700" data-testid="compression-options">
          <legend className="px-1 text-[11px] text-slate-500 dark:text-slate-400">Compression options (empty: default)</legend>
          {NUMERIC_OPTIONS.map((o) => (
            <label key={o.key} className={LABEL} title={o.help}>
              {o.label}
              <input
                data-testid={`compression-${o.key}`}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                className={INPUT}
                placeholder={String(DEFAULT_COMPRESSION_OPTIONS[o.key])}
                value={form.numbers[o.key]}
                onChange={(e) => setForm({ ...form, numbers: { ...form.numbers, [o.key]: e.target.value } })}
              />
            </label>
          ))}
          <label className={`${LABEL} col-span-2`}>
            failed turns shown
            <select
              data-testid="compression-failedTurns"
              className={INPUT}
              value={form.failedTurns}
              onChange={(e) => setForm({ ...form, failedTurns: e.target.value as CompressionForm['failedTurns'] }, true)}
            >
              <option value="">default ({DEFAULT_COMPRESSION_OPTIONS.failedTurns})</option>
              <option value="latest">latest — only the most recent failure</option>
              <option value="all">all — every failed turn</option>
            </select>
          </label>
        </fieldset>
      )}
      <ProblemList problems={compressionProblems} testId="compression-errors" />
    </div>
  );
}
