// The `data/` namespace: the session's input data as a JSON editor, and what the LLM is told about
// each entry (its type and a sample). Text that is not JSON is kept and marked at its line and column;
// nothing is applied until it parses. The engine's own problems (`data.x.$kw: …`) are marked at the key.
import { useMemo } from 'react';
import type { View } from '../../../worker/engine-api.ts';
import { CodeEditor, type EditorMarker } from '../../components/CodeEditor.tsx';
import { usePlayground, useDefinitionView } from '../../state/playground.tsx';
import { problemsUnder, type Problem } from '../definition/problems.ts';
import { BUTTON, HINT, PanelFrame, ProblemList, mergeLines } from '../definition/ui.tsx';
import { useDefinitionDraft, type DraftSpec } from '../definition/useDefinitionDraft.ts';
import { jsonPlaces, parseJson, placeOf } from './json-scan.ts';

export function formatData(data: unknown): string {
  return JSON.stringify(data, null, 2);
}

const dataSpec: DraftSpec<string> = {
  read: (d) => formatData(d.data),
  key: (d) => JSON.stringify(d.data),
  write: (d, text) => {
    const parsed = parseJson(text);
    // A syntax error is shown from the draft itself; nothing is sent.
    if (!parsed.ok) return { ok: false, errors: [] };
    return { ok: true, definition: { ...d, data: parsed.value as typeof d.data } };
  },
};

export function DataPanel() {
  // The definition's part only: a Step or a turn switch does not render this panel again.
  const view = useDefinitionView();
  if (!view) {
    return (
      <PanelFrame title="data/" testId="data-panel">
        <p className={HINT}>Open a session to see its data.</p>
      </PanelFrame>
    );
  }
  return <DataEditor view={view} />;
}

function DataEditor({ view }: { view: View }) {
  const storeErrors = usePlayground((s) => s.definitionErrors);
  const data = useDefinitionDraft(view.definition, dataSpec);
  const text = data.draft;
  const parsed = useMemo(() => parseJson(text), [text]);
  const problems = problemsUnder(mergeLines(data.errors, storeErrors, view.problems), 'data');

  // Engine problems are marked at the key they name, when that key is in the text.
  const markers: EditorMarker[] = [];
  const listed: Problem[] = [];
  if (!parsed.ok) {
    markers.push({ line: parsed.error.line, column: parsed.error.column, message: parsed.error.message });
    listed.push(...problems);
  } else if (problems.length > 0) {
    const places = jsonPlaces(text, 'data');
    for (const p of problems) {
      const at = p.path !== 'data' ? placeOf(places, p.path) : undefined;
      if (at) markers.push({ ...at, message: `${p.path}: ${p.message}` });
      else listed.push(p);
    }
  }

  const format = () => {
    if (parsed.ok) data.edit(formatData(parsed.value), { now: true });
  };

  return (
    <PanelFrame
      title="data/"
      testId="data-panel"
      aside={
        <button type="button" className={BUTTON} onClick={format} disabled={!parsed.ok} title="Indent the JSON">
          Format
        </button>
      }
    >
      <p className={HINT}>
        A JSON object: each key is a name the program reads as <code>data/name</code>.
      </p>
      <CodeEditor value={text} onChange={(t) => data.edit(t)} language="json" height="12rem" ariaLabel="Data (JSON)" markers={markers} testId="data-editor" />
      {!parsed.ok && (
        // The error itself (line, column, message) is the editor's marker, listed under it: said once.
        <p role="alert" data-testid="data-error" className="text-xs text-red-700 dark:text-red-400">
          Not valid JSON: nothing is applied until it parses; the engine keeps the last valid data.
        </p>
      )}
      <ProblemList problems={listed} testId="data-problems" />
      <DataSummary view={view} stale={data.pending || !parsed.ok || problems.length > 0} />
    </PanelFrame>
  );
}

function DataSummary({ view, stale }: { view: View; stale: boolean }) {
  if (view.data.length === 0) return <p className={HINT}>No data entries.</p>;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-xs font-medium text-slate-600 dark:text-slate-300">
        As the LLM sees it{stale && <span className="font-normal text-slate-500 dark:text-slate-400"> (last applied data)</span>}
      </h3>
      <ul className="flex flex-col gap-1" data-testid="data-entries">
        {view.data.map((d) => (
          <li key={d.name} data-testid={`data-entry-${d.name}`} className="rounded bg-slate-50 p-1.5 text-xs dark:bg-slate-900">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-mono font-semibold">data/{d.name}</code>
              <span className="font-mono text-[11px] text-sky-700 dark:text-sky-400">{d.type}</span>
            </div>
            {d.sample !== null && <div className="mt-0.5 break-words font-mono text-[11px] text-slate-600 dark:text-slate-400">{d.sample}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
