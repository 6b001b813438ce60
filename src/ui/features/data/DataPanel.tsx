// The `data/` namespace: the session's input data as a JSON editor, and what the LLM is told about
// each entry (its type and a sample). Text that is not JSON is kept and marked at its line and column;
// nothing is applied until it parses. The engine's own problems (`data.x.$kw: …`) are marked at the key.
import { useEffect, useMemo, useState } from 'react';
import type { SessionDefinition, View } from '../../../worker/engine.ts';
import { CodeEditor, type EditorMarker } from '../../components/CodeEditor.tsx';
import { usePlayground, usePlaygroundStore } from '../../state/playground.tsx';
import { fieldProblem, mergeProblems, problemsUnder, type Problem } from '../../lib/problems.ts';
import { DefinitionPanel, HINT, PanelFrame, ProblemList } from '../../components/panel.tsx';
import { useDefinitionDraft, type DraftSpec } from '../../state/useDefinitionDraft.ts';
import { readDataText, type JsonSyntaxError } from './data-text.ts';
import type * as JsonScan from './json-scan.ts';
import { HEAD_DATA_CUT } from '../../../session/file-text.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

type SessionData = NonNullable<SessionDefinition['data']>;

export function formatData(data: unknown): string {
  return JSON.stringify(data, null, 2);
}

/**
 * Data longer than this (formatted, in characters) fills its editor after the session's first paint:
 * writing and showing megabytes of JSON would hold up the turn list and the messages.
 */
export const LATER_DATA_CHARS = 1_000_000;

/**
 * The data's text, made once per definition object: the draft, its key and the check that the draft
 * is the engine's own text share this one string. Large data comes as that text already (the page
 * holds it once, never parsed); smaller data is formatted from its value.
 */
const dataTexts = new WeakMap<SessionDefinition, string>();
export function dataTextOf(d: SessionDefinition): string {
  if (d.dataText !== undefined) return d.dataText;
  let text = dataTexts.get(d);
  if (text === undefined) {
    text = formatData(d.data ?? {});
    dataTexts.set(d, text);
  }
  return text;
}

/** A parse's outcome without the value: the page does not keep a parsed copy of the data's text. */
type Checked = { ok: true } | { ok: false; error: JsonSyntaxError; final: boolean };

function check(text: string, definition: SessionDefinition): Checked {
  // The engine's own text (the same string, or the same characters): valid, nothing to read again.
  if (text === dataTextOf(definition)) return { ok: true };
  const parsed = readDataText(text);
  return parsed.ok ? { ok: true } : { ok: false, error: parsed.error, final: parsed.final };
}

/** json-scan.ts once loaded: its words for syntax errors and the places of keys (jsonc-parser). */
let jsonScan: typeof JsonScan | null = null;
let jsonScanLoading: Promise<void> | null = null;

/**
 * json-scan.ts when `needed` (an error to word, problems to place), loaded on first need: until it
 * arrives the reader's own words are shown and problems are listed; the panel renders again then.
 */
function useJsonScan(needed: boolean): typeof JsonScan | null {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!needed || jsonScan !== null) return;
    let live = true;
    jsonScanLoading ??= import('./json-scan.ts').then(
      (m) => {
        jsonScan = m;
      },
      () => {
        // Not loaded (offline after an update): the reader's words stay; the next need tries again.
        jsonScanLoading = null;
      },
    );
    void jsonScanLoading.then(() => {
      if (live) setLoaded(jsonScan !== null);
    });
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? jsonScan : null;
}

function mb(chars: number): string {
  return `${(chars / 1_000_000).toFixed(1)} MB`;
}

const dataSpec: DraftSpec<string> = {
  read: dataTextOf,
  key: dataTextOf,
  write: (d, text) => {
    const parsed = readDataText(text);
    // A syntax error is shown from the draft itself; nothing is sent.
    if (!parsed.ok) return { ok: false, problems: [] };
    const { dataText: _asText, data: _asValue, ...rest } = d;
    // Large data goes as its text (the engine reads it as a file's data), not as a parsed copy.
    return { ok: true, definition: text.length >= HEAD_DATA_CUT ? { ...rest, dataText: text } : { ...rest, data: parsed.value as SessionData } };
  },
};

export function DataPanel() {
  return <DefinitionPanel title="data/" testId="data-panel" closed="Open a session to see its data." Editor={DataEditor} />;
}

function DataEditor({ view }: { view: View }) {
  const storeProblems = usePlayground((s) => s.definitionProblems);
  const later = (view.setup.dataChars ?? 0) > LATER_DATA_CHARS;
  const data = useDefinitionDraft(view.setup.definition, dataSpec, { later });
  const loading = data.following;
  const text = loading ? '' : data.draft;
  const parsed = useMemo(() => (loading ? ({ ok: true } as const) : check(text, view.setup.definition)), [loading, text, view.setup.definition]);
  const problems = problemsUnder(mergeProblems(data.problems, storeProblems, view.setup.problems), 'data');
  // Data that does not parse is never sent: Step and Run wait for it, and say why beside the controls.
  const store = usePlaygroundStore();
  const syntax = parsed.ok ? null : `does not parse: ${parsed.error.message} (line ${parsed.error.line}, column ${parsed.error.column})`;
  useEffect(() => {
    store.getState().setDraftProblems('data', syntax === null ? [] : [fieldProblem('data', syntax, 'invalid_json')]);
  }, [store, syntax]);
  useEffect(() => () => store.getState().setDraftProblems('data', []), [store]);
  const scan = useJsonScan(!parsed.ok || problems.length > 0);
  // The syntax error worded for people once json-scan.ts is here; the reader's words until then.
  const error = useMemo(() => (parsed.ok || parsed.final || scan === null ? null : scan.wordSyntaxError(text, parsed.error)), [parsed, scan, text]);

  // Engine problems are marked at the key they name, when that key is in the text.
  const markers: EditorMarker[] = [];
  const listed: Problem[] = [];
  if (!parsed.ok) {
    const at = error ?? parsed.error;
    markers.push({ line: at.line, column: at.column, message: at.message });
    listed.push(...problems);
  } else if (problems.length > 0) {
    const places = scan !== null ? scan.jsonPlaces(text, 'data') : new Map<string, JsonScan.JsonLocation>();
    for (const p of problems) {
      const at = p.path !== 'data' ? scan?.placeOf(places, p.path) : undefined;
      if (at) markers.push({ ...at, message: `${p.path}: ${p.message}` });
      else listed.push(p);
    }
  }

  const format = () => {
    const again = readDataText(text);
    if (again.ok) data.edit(formatData(again.value), { now: true });
  };

  return (
    <PanelFrame
      title="data/"
      testId="data-panel"
      aside={
        <button type="button" className={SMALL_BUTTON} onClick={format} disabled={loading || !parsed.ok} title="Indent the JSON">
          Format
        </button>
      }
    >
      <p className={HINT}>
        A JSON object: each key is a name the program reads as <code>data/name</code>.
      </p>
      {loading && (
        // Until the data's text is in the editor (after the session's first paint): its size, and no
        // editor holding another session's data or nothing, which an edit could save over it.
        <p
          role="status"
          data-testid="data-loading"
          className={`${HINT} flex h-48 items-center justify-center rounded border border-dashed border-slate-300 dark:border-slate-600`}
        >
          Loading the data ({mb(view.setup.dataChars ?? 0)})…
        </p>
      )}
      {data.draft !== undefined && (
        // Kept mounted (hidden) while the next text loads: its undo history and size stay.
        <div hidden={loading}>
          <CodeEditor
            value={loading ? data.draft : text}
            onChange={(t) => data.edit(t)}
            language="json"
            height="12rem"
            ariaLabel="Data (JSON)"
            markers={markers}
            testId="data-editor"
          />
        </div>
      )}
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
  if (view.setup.data.length === 0) return <p className={HINT}>No data entries.</p>;
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-xs font-medium text-slate-600 dark:text-slate-300">
        As the LLM sees it{stale && <span className="font-normal text-slate-500 dark:text-slate-400"> (last applied data)</span>}
      </h3>
      <ul className="flex flex-col gap-1" data-testid="data-entries">
        {view.setup.data.map((d) => (
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
