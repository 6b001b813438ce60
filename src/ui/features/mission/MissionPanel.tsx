// The session's title, mission (with {{placeholders}} and its expansion), turn limit and compression.
import { useId, useRef } from 'react';
import type { SessionDefinition, View } from '../../../worker/engine.ts';
import { usePlayground, useDefinitionView } from '../../state/playground.tsx';
import { fieldProblem, mergeProblems, problemsUnder, type Problem } from '../../lib/problems.ts';
import { CompressionOptions } from './CompressionOptions.tsx';
import { OFF, readCompression, writeCompression, type CompressionForm } from './compression-form.ts';

/** The strategy that compresses nothing: what compression off renders too. */
const FULL_HISTORY = 'full-history';
import { HINT, INPUT, LABEL, PanelFrame, ProblemList, SelectField } from '../../components/panel.tsx';
import { useDefinitionDraft, type DraftSpec } from '../../state/useDefinitionDraft.ts';

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
 * test/ui/features/mission/mission.test.tsx), so the field accepts every session a file may hold. Written here rather
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

export { OFF, readCompression, writeCompression, type CompressionForm } from './compression-form.ts';

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
  const definition: SessionDefinition = view.setup.definition;
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const title = useDefinitionDraft(definition, titleSpec);
  const mission = useDefinitionDraft(definition, missionSpec);
  const maxTurns = useDefinitionDraft(definition, maxTurnsSpec);
  const compression = useDefinitionDraft(definition, compressionSpec);
  const missionRef = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const at = (own: readonly Problem[], ...paths: string[]) => problemsUnder(mergeProblems(own, storeProblems, view.setup.problems), ...paths);
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
  // Compression off (a file's `false`) renders the full history: the menu has one entry for both,
  // and setting one of its options makes it full-history with that option.
  const shownForm: CompressionForm = form.mode === OFF ? { ...form, mode: FULL_HISTORY } : form;
  const strategy = view.setup.strategies.find((s) => s.name === shownForm.mode);
  const knownMode = strategy !== undefined;
  const invalidKeys = new Set(compressionProblems.map((p) => p.path.slice('compression.'.length)));

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
          <code>{'{{name}}'}</code> inserts <code>data/name</code> (<code>{'{{name.0.field}}'}</code> walks into it).
          {view.setup.data.length > 0 && (
            <span className="ml-1 inline-flex flex-wrap gap-1 align-middle">
              {view.setup.data.map((d) => (
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
        <ProblemList problems={view.setup.warnings} testId="mission-warnings" kind="warning" />
        <details className="text-xs" open={view.setup.missionExpanded !== view.setup.definition.mission}>
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">As the LLM reads it</summary>
          <div
            data-testid="mission-expanded"
            className="mt-1 max-h-40 relative overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 font-mono text-[11px] text-slate-800 dark:bg-slate-900 dark:text-slate-200"
          >
            {view.setup.missionExpanded}
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
        <SelectField
          label="Compression"
          testId="compression-select"
          className="min-w-0 flex-1"
          value={shownForm.mode}
          choices={[
            ...view.setup.strategies.map((s) => ({ value: s.name, label: s.name === FULL_HISTORY ? `${s.name} (no compression)` : s.name })),
            ...(knownMode ? [] : [{ value: form.mode, label: `${form.mode} (unknown)` }]),
          ]}
          invalid={compressionProblems.length > 0}
          onChange={(mode) => {
            // Off already is the full history: choosing it again changes nothing.
            if (mode !== shownForm.mode) setForm({ ...form, mode }, true);
          }}
        />
      </div>
      <ProblemList problems={maxTurnsProblems} testId="max-turns-errors" />
      {strategy && (
        <p data-testid="compression-description" className={HINT}>
          {strategy.description}
        </p>
      )}

      <CompressionOptions form={shownForm} setForm={setForm} strategies={view.setup.strategies} invalidKeys={invalidKeys} />
      <ProblemList problems={compressionProblems} testId="compression-errors" />
    </div>
  );
}
