// The SYSTEM prompt as an experiment: keep the default, put text before and after it, or replace it.
// Shows the prompt the LLM gets, its tokens and fingerprint (turns record it, so a change shows in
// the turn list), and how it differs from the default.
import { lazy, Suspense, useId, useMemo } from 'react';
import type { View } from '../../../worker/engine.ts';
import { usePlayground, useTokenCounts, useDefinitionView } from '../../state/playground.tsx';
import { mergeProblems, problemsUnder } from '../../lib/problems.ts';
import { HINT, INPUT, LABEL, PanelFrame, ProblemList, SelectField } from '../../components/panel.tsx';
import { useDefinitionDraft } from '../../state/useDefinitionDraft.ts';
import { formatCount, shortHash } from '../../lib/format.ts';
import { promptSpec, type PromptMode } from './prompt-draft.ts';
import { Loading } from '../../components/Loading.tsx';

// The line diff (and its library) loads only once a session's prompt differs from the default.
const PromptDiff = lazy(() => import('./PromptDiff.tsx').then((m) => ({ default: m.PromptDiff })));

const MODES: { value: PromptMode; label: string }[] = [
  { value: 'default', label: 'default' },
  { value: 'wrap', label: 'prefix & suffix' },
  { value: 'replace', label: 'replace' },
];

export function SystemPromptPanel() {
  // The definition's part only: a Step or a turn switch does not render this panel again.
  const view = useDefinitionView();
  return (
    <PanelFrame
      title="SYSTEM prompt"
      testId="prompt-panel"
      aside={
        view && (
          <code
            data-testid="prompt-hash"
            className="text-[11px] text-slate-500 dark:text-slate-400"
            title={`Fingerprint ${view.setup.systemPrompt.hash}: turns record it, so a changed prompt is marked in the turn list`}
          >
            {shortHash(view.setup.systemPrompt.hash)}
          </code>
        )
      }
    >
      {view ? <PromptFields view={view} /> : <p className={HINT}>Open a session to change its SYSTEM prompt.</p>}
    </PanelFrame>
  );
}

function PromptTokens({ text }: { text: string }) {
  const texts = useMemo(() => [text], [text]);
  const q = useTokenCounts(texts);
  const n = q.data?.[0];
  return (
    <span data-testid="prompt-tokens" title="o200k_base (GPT-4o) tokens">
      {n !== undefined ? `${formatCount(n)} tokens` : q.isError ? '? tokens' : '… tokens'}
    </span>
  );
}

function PromptFields({ view }: { view: View }) {
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const prompt = useDefinitionDraft(view.setup.definition, promptSpec);
  const ids = useId();
  const draft = prompt.draft;
  const problems = problemsUnder(mergeProblems(prompt.problems, storeProblems, view.setup.problems), 'systemPrompt');
  const sp = view.setup.systemPrompt;

  const setMode = (mode: PromptMode) => {
    // A replacement starts from the prompt in use, so small edits stay small.
    const replace = mode === 'replace' && draft.replace.trim() === '' ? sp.text : draft.replace;
    prompt.edit({ ...draft, mode, replace }, { now: true });
  };

  // Each text of the setting: its label above it, and the draft's part it edits.
  const text = (part: 'prefix' | 'suffix' | 'replace', label: string, minHeight: string, rows: number, invalid?: boolean) => (
    <>
      <label className={LABEL} htmlFor={`${ids}-${part}`}>
        {label}
      </label>
      <textarea
        id={`${ids}-${part}`}
        data-testid={`prompt-${part}`}
        className={`${INPUT} ${minHeight} resize-y font-mono`}
        rows={rows}
        value={draft[part]}
        aria-invalid={invalid}
        onChange={(e) => prompt.edit({ ...draft, [part]: e.target.value })}
      />
    </>
  );

  return (
    <div className="flex flex-col gap-2">
      <p className={HINT}>The default is the same static text for every turn and session, so providers can cache it; any change gets a new fingerprint.</p>
      <SelectField label="Mode" testId="prompt-mode" value={draft.mode} choices={MODES} onChange={(mode) => setMode(mode as PromptMode)} />
      {draft.mode === 'wrap' && (
        <>
          {text('prefix', 'Prefix (before the default)', 'min-h-12', 2)}
          {text('suffix', 'Suffix (after the default)', 'min-h-12', 2)}
        </>
      )}
      {draft.mode === 'replace' && text('replace', 'The whole SYSTEM prompt', 'min-h-32', 8, problems.length > 0)}
      <ProblemList problems={problems} testId="prompt-errors" />
      <p data-testid="prompt-status" className="flex flex-wrap gap-x-2 text-[11px] text-slate-600 dark:text-slate-300">
        <span>{sp.changed ? 'changed from the default' : 'the default'}</span>
        <span>·</span>
        <span>{formatCount(sp.text.length)} characters</span>
        <span>·</span>
        <PromptTokens text={sp.text} />
        {prompt.pending && <span className="text-slate-400">· saving…</span>}
      </p>
      <details className="text-xs">
        <summary className="cursor-pointer text-slate-600 dark:text-slate-300">The prompt the LLM gets</summary>
        <pre
          data-testid="prompt-effective"
          className="mt-1 max-h-64 relative overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-1.5 font-mono text-[11px] text-slate-800 dark:bg-slate-900 dark:text-slate-200"
        >
          {sp.text}
        </pre>
      </details>
      {sp.changed && (
        <details className="text-xs" open>
          <summary className="cursor-pointer text-slate-600 dark:text-slate-300">Difference from the default</summary>
          <div className="mt-1">
            <Suspense fallback={<Loading what="the difference" />}>
              <PromptDiff before={sp.default} after={sp.text} />
            </Suspense>
          </div>
        </details>
      )}
    </div>
  );
}
