// The `tool/` namespace: each tool's name, signature, description and PTC-Lisp implementation, editable,
// with Add and Remove. The whole list is one draft: while the engine refuses it (a bad signature, a
// duplicate name), the draft stays as typed and each reason is shown at its tool. The MCP servers whose
// tools follow the session's own come after them (ServersPart.tsx).
import { useEffect, useRef, useState } from 'react';
import { formatCallForm, parseSignature } from '../../../records/signature.ts';
import type { SessionDefinition, View } from '../../../worker/engine.ts';
import { CodeEditor, type EditorMarker } from '../../components/CodeEditor.tsx';
import { usePlayground } from '../../state/playground.tsx';
import { fullMessage, problem } from '../../../lisp/problem.ts';
import { isUnder, mergeProblems, problemsUnder, type Problem } from '../../lib/problems.ts';
import { DefinitionPanel, HINT, INPUT, LABEL, PanelFrame, ProblemList } from '../../components/panel.tsx';
import { useDefinitionDraft, type DraftSpec } from '../../state/useDefinitionDraft.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { ServersPart } from './ServersPart.tsx';

export interface ToolDraft {
  /** Stable identity for React while names are edited. */
  key: number;
  name: string;
  signature: string;
  description: string;
  impl: string;
}

let nextKey = 0;

function toDrafts(tools: SessionDefinition['tools']): ToolDraft[] {
  return tools.map((t) => ({ key: ++nextKey, name: t.name, signature: t.signature, description: t.description ?? '', impl: t.impl }));
}

export function toTools(drafts: readonly ToolDraft[]): SessionDefinition['tools'] {
  return drafts.map((t) => ({ name: t.name, signature: t.signature, ...(t.description !== '' ? { description: t.description } : {}), impl: t.impl }));
}

const toolsSpec: DraftSpec<ToolDraft[]> = {
  read: (d) => toDrafts(d.tools),
  key: (d) => JSON.stringify(d.tools),
  write: (d, drafts) => ({ ok: true, definition: { ...d, tools: toTools(drafts) } }),
};

/** A name not yet used: new-tool, new-tool-2, … */
export function freshToolName(drafts: readonly ToolDraft[]): string {
  const used = new Set(drafts.map((t) => t.name));
  if (!used.has('new-tool')) return 'new-tool';
  let n = 2;
  while (used.has(`new-tool-${n}`)) n++;
  return `new-tool-${n}`;
}

export function ToolsPanel() {
  return <DefinitionPanel title="tool/" testId="tools-panel" closed="Open a session to see its tools." Editor={ToolList} />;
}

function ToolList({ view }: { view: View }) {
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const tools = useDefinitionDraft(view.setup.definition, toolsSpec);
  const [added, setAdded] = useState<number | null>(null);
  const drafts = tools.draft;
  const lines = mergeProblems(tools.problems, storeProblems, view.setup.problems);
  const listProblems = problemsUnder(lines, 'tools').filter((p) => p.path === 'tools');

  const change = (i: number, patch: Partial<ToolDraft>) => tools.edit(drafts.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const add = () => {
    const tool: ToolDraft = { key: ++nextKey, name: freshToolName(drafts), signature: '(x :string) -> :string', description: '', impl: '(fn [x] x)' };
    setAdded(tool.key);
    tools.edit([...drafts, tool], { now: true });
  };
  const remove = (i: number) =>
    tools.edit(
      drafts.filter((_, j) => j !== i),
      { now: true },
    );

  return (
    <PanelFrame
      title="tool/"
      testId="tools-panel"
      aside={
        <button type="button" data-testid="tool-add" className={SMALL_BUTTON} onClick={add}>
          + Add tool
        </button>
      }
    >
      {drafts.length === 0 && view.setup.mcpServers.length === 0 && <p className={HINT}>No tools. The LLM can only use data/ and its own definitions.</p>}
      <ProblemList problems={listProblems} testId="tools-errors" />
      <ol className="flex flex-col gap-2">
        {drafts.map((t, i) => (
          <ToolItem
            key={t.key}
            index={i}
            draft={t}
            view={view}
            problems={problemsUnder(lines, `tools[${i}]`)}
            autoFocus={t.key === added}
            onChange={(patch) => change(i, patch)}
            onRemove={() => remove(i)}
          />
        ))}
      </ol>
      {tools.pending && (
        <p className={HINT} aria-live="polite">
          Applying…
        </p>
      )}
      <ProblemList problems={problemsUnder(lines, 'mcpServers')} testId="servers-errors" />
      <ServersPart view={view} />
    </PanelFrame>
  );
}

interface ToolItemProps {
  index: number;
  draft: ToolDraft;
  view: View;
  problems: Problem[];
  autoFocus: boolean;
  onChange: (patch: Partial<ToolDraft>) => void;
  onRemove: () => void;
}

function ToolItem({ index: i, draft, view, problems, autoFocus, onChange, onRemove }: ToolItemProps) {
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!autoFocus) return;
    nameRef.current?.focus();
    nameRef.current?.select();
    nameRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [autoFocus]);

  const base = `tools[${i}]`;
  const engineTool = view.setup.tools[i];
  const inSync = engineTool !== undefined && engineTool.name === draft.name && engineTool.signature === draft.signature;
  const implInSync = view.setup.definition.tools[i]?.impl === draft.impl;

  const field = (name: string) => problems.filter((p) => isUnder(p.path, `${base}.${name}`));
  const nameProblems = field('name');
  const signatureProblems = field('signature');
  if (inSync && engineTool.signatureError && signatureProblems.length === 0) {
    signatureProblems.push(problem('tool', `${base}.signature`, 'invalid_signature', engineTool.signatureError, { text: engineTool.signatureError }));
  }
  const descriptionProblems = field('description');
  const implProblems = field('impl');
  // An implementation error with a place in the code is underlined there; others are listed.
  const markers: EditorMarker[] = [];
  const implListed: Problem[] = [];
  for (const p of implProblems) {
    if (p.range && implInSync) markers.push({ line: p.range.line, column: p.range.column, message: fullMessage(p) });
    else implListed.push(p);
  }
  const other = problems.filter((p) => ![nameProblems, signatureProblems, descriptionProblems, implProblems].some((list) => list.includes(p)));

  let callForm: string | null = inSync ? engineTool.callForm : null;
  if (callForm === null) {
    const sig = parseSignature(draft.signature);
    callForm = sig.ok ? formatCallForm(draft.name, sig.params) : null;
  }
  const label = draft.name.trim() === '' ? `tool ${i + 1}` : draft.name;

  return (
    <li
      data-testid={`tool-${i}`}
      aria-label={`Tool ${label}`}
      className={`flex flex-col gap-1.5 rounded border p-1.5 ${problems.length > 0 ? 'border-red-300 dark:border-red-800' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex items-end gap-1.5">
        <label className={`${LABEL} min-w-0 flex-1`}>
          Name
          <span className="flex items-center font-mono">
            <span className="pr-0.5 text-xs text-slate-500 dark:text-slate-400">tool/</span>
            <input
              ref={nameRef}
              data-testid={`tool-${i}-name`}
              className={`${INPUT} font-mono`}
              value={draft.name}
              spellCheck={false}
              aria-invalid={nameProblems.length > 0}
              onChange={(e) => onChange({ name: e.target.value })}
            />
          </span>
        </label>
        <button
          type="button"
          data-testid={`tool-${i}-remove`}
          className={SMALL_BUTTON}
          aria-label={`Remove tool ${label}`}
          title={`Remove tool/${draft.name}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </div>
      <ProblemList problems={nameProblems} testId={`tool-${i}-name-errors`} />

      <label className={LABEL}>
        Signature
        <input
          data-testid={`tool-${i}-signature`}
          className={`${INPUT} font-mono`}
          value={draft.signature}
          placeholder="(category :string) -> :string"
          spellCheck={false}
          aria-invalid={signatureProblems.length > 0}
          onChange={(e) => onChange({ signature: e.target.value })}
        />
      </label>
      <ProblemList problems={signatureProblems} testId={`tool-${i}-signature-errors`} />

      <label className={LABEL}>
        Description
        <textarea
          data-testid={`tool-${i}-description`}
          className={`${INPUT} resize-y`}
          rows={2}
          value={draft.description}
          placeholder="What the tool does, as the LLM reads it"
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </label>
      <ProblemList problems={descriptionProblems} />

      <div className={LABEL}>
        <span>Implementation (PTC-Lisp)</span>
        <CodeEditor
          value={draft.impl}
          onChange={(impl) => onChange({ impl })}
          language="clojure"
          height="6rem"
          ariaLabel={`Implementation of tool/${draft.name}`}
          markers={markers}
          testId={`tool-${i}-impl`}
        />
      </div>
      <ProblemList problems={implListed} testId={`tool-${i}-impl-errors`} />
      {/* Only for what the engine has: a warning about an older signature or implementation would mislead. */}
      <ProblemList
        problems={inSync && implInSync && engineTool.arityWarning ? [engineTool.arityWarning] : []}
        testId={`tool-${i}-arity-warning`}
        kind="warning"
      />

      <p className={HINT}>
        Called as{' '}
        <code data-testid={`tool-${i}-call-form`} className="font-mono text-slate-700 dark:text-slate-200">
          {callForm ?? '—'}
        </code>
      </p>
      <ProblemList problems={other} testId={`tool-${i}-errors`} />
    </li>
  );
}
