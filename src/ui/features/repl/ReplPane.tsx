// A REPL against the open session: its data, tools and the definitions after the latest turn, plus
// the REPL's own definitions (which never change the session). Results print in Clojure notation.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import type { DefinitionPart } from '../../../worker/engine.ts';
import type { ReplEntry } from '../../state/store.ts';
import { CodeEditor } from '../../components/CodeEditor.tsx';
import { useController, usePlayground } from '../../state/playground.tsx';
import { ClojureCode } from '../../components/ClojureCode.tsx';
import { formatMs, formatReason } from '../../lib/format.ts';
import { useReplDraftStore } from '../../state/repl-draft.ts';

function Entry({ entry, latest }: { entry: ReplEntry; latest: boolean }) {
  const { output } = entry;
  return (
    <li className="border-b border-slate-200 py-1 last:border-b-0 dark:border-slate-800" data-testid="repl-entry">
      <div className="flex gap-1">
        <span className="select-none font-mono text-xs text-slate-500 dark:text-slate-400">user=&gt;</span>
        <ClojureCode code={entry.input} className="flex-1" />
      </div>
      {output.prints.length > 0 && (
        <pre className="whitespace-pre-wrap break-words font-mono text-xs text-slate-600 dark:text-slate-400">{output.prints.join('\n')}</pre>
      )}
      {output.ok ? (
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1" data-testid={latest ? 'repl-output' : undefined}>
            <ClojureCode code={output.result ?? 'nil'} />
          </div>
          <span className="shrink-0 text-[11px] text-slate-500 dark:text-slate-400">
            {output.signal !== null ? `${output.signal} · ` : ''}
            {formatMs(output.durationMs)}
          </span>
        </div>
      ) : (
        <p
          data-testid={latest ? 'repl-output' : undefined}
          role="note"
          className="whitespace-pre-wrap break-words font-mono text-xs text-rose-700 dark:text-rose-400"
        >
          {output.error ? formatReason(output.error) : 'error'}
        </p>
      )}
      {!output.ok && output.error?.hint !== undefined && (
        <p data-testid={latest ? 'repl-error-hint' : undefined} className="text-xs text-rose-700 dark:text-rose-400">
          Hint: {output.error.hint}
        </p>
      )}
    </li>
  );
}

/**
 * What the empty history suggests, from the session's own names so it runs there: the first data
 * entry (counted when it is a collection or a string), else the first tool's call form, else a
 * program that needs nothing.
 */
export function replHint(setup: Pick<DefinitionPart, 'data' | 'tools'> | null): string {
  const data = setup?.data[0];
  if (data) return /^(list|map|set)\[|^string$/.test(data.type) ? `(count data/${data.name})` : `data/${data.name}`;
  const tool = setup?.tools[0];
  if (tool) return tool.callForm;
  return '(->> (range 10) (filter odd?) (reduce +))';
}

/** `collapsed` and `onToggle`: the pane's Hide/Show (the layout folds its panel to this header). */
export function ReplPane({ collapsed = false, onToggle }: { collapsed?: boolean; onToggle?: () => void } = {}) {
  const c = useController();
  const store = c.store;
  // The input lives in a small store, so another panel can put a program there (the reference's "try it").
  const draft = useReplDraftStore();
  const input = useStore(draft, (s) => s.text);
  const setInput = useStore(draft, (s) => s.setText);
  const focusRequests = useStore(draft, (s) => s.focusRequests);
  const editorBox = useRef<HTMLDivElement>(null);
  const entries = usePlayground((s) => s.repl);
  const cleared = usePlayground((s) => s.replCleared);
  const clear = usePlayground((s) => s.clearRepl);
  const hasSession = usePlayground((s) => s.view !== null);
  const hint = usePlayground((s) => replHint(s.view?.setup ?? null));
  const bottom = useRef<HTMLLIElement>(null);
  // A failed input stays in the editor; its error is marked there while the text is unchanged.
  const last = entries.at(-1);
  const failed = last && !last.output.ok && last.input === input ? last.output.error : undefined;
  const markers = failed?.line !== undefined ? [{ line: failed.line, column: failed.column ?? 1, message: `${failed.type}: ${failed.message}` }] : [];

  // `text` is the editor's own content on Ctrl/Cmd+Enter (the last keystrokes may not be in `input` yet).
  const evaluate = async (text?: string) => {
    const program = text ?? input;
    if (program.trim() === '' || !hasSession) return;
    await c.repl(program);
    // A success clears the input; a failure keeps it, so it can be fixed.
    const last = store.getState().repl.at(-1);
    if (last && last.input === program && last.output.ok && draft.getState().text === program) setInput('');
  };

  useEffect(() => {
    // Monaco's own input element (its edit-context element, else its hidden textarea), or the textarea.
    const box = editorBox.current;
    if (focusRequests > 0 && box) (box.querySelector<HTMLElement>('.native-edit-context') ?? box.querySelector<HTMLElement>('textarea'))?.focus();
  }, [focusRequests]);

  useEffect(() => {
    const el = bottom.current;
    if (el && typeof el.scrollIntoView === 'function') el.scrollIntoView({ block: 'nearest' });
  }, [entries.length]);

  const smallButton =
    'rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800';
  return (
    <section aria-label="REPL" className="flex h-full min-h-0 flex-col gap-1 p-2">
      <div className="flex items-center justify-between gap-2">
        <h2 className="min-w-0 truncate text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          REPL <span className="font-normal normal-case">(the session's data, tools and definitions after the latest turn)</span>
        </h2>
        <div className="flex shrink-0 gap-1">
          {!collapsed && (
            <button type="button" data-testid="repl-clear" className={smallButton} disabled={entries.length === 0 && cleared === null} onClick={clear}>
              Clear
            </button>
          )}
          {onToggle !== undefined && (
            <button type="button" data-testid="repl-toggle" className={smallButton} aria-expanded={!collapsed} onClick={onToggle}>
              {collapsed ? 'Show' : 'Hide'}
            </button>
          )}
        </div>
      </div>
      {/* Kept mounted while hidden: the input being typed and the editor's undo history stay. */}
      <div className="flex min-h-0 flex-1 flex-col gap-1" hidden={collapsed}>
        <ol
          data-testid="repl-history"
          className="relative min-h-0 flex-1 overflow-auto rounded border border-slate-200 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
          aria-label="REPL history"
          tabIndex={0}
        >
          {cleared !== null && (
            <li data-testid="repl-cleared" role="status" className="py-1 text-xs italic text-slate-600 dark:text-slate-300">
              {cleared}
            </li>
          )}
          {entries.length === 0 && <li className="py-1 text-xs text-slate-500 dark:text-slate-400">Try {hint}. Ctrl/Cmd+Enter evaluates.</li>}
          {entries.map((e, i) => (
            <Entry key={e.id} entry={e} latest={i === entries.length - 1} />
          ))}
          <li ref={bottom} aria-hidden="true" />
        </ol>
        {/* The input under its history, as in every terminal. */}
        <div ref={editorBox} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <CodeEditor
              value={input}
              onChange={setInput}
              language="clojure"
              height="3rem"
              ariaLabel="REPL input"
              onSubmit={(text) => void evaluate(text)}
              testId="repl-input"
              markers={markers}
            />
          </div>
          <button
            type="button"
            data-testid="repl-eval"
            className="rounded bg-slate-700 px-3 py-1 text-sm text-white hover:bg-slate-800 disabled:opacity-40 dark:bg-slate-300 dark:text-slate-900 dark:hover:bg-slate-200"
            disabled={!hasSession || input.trim() === ''}
            onClick={() => void evaluate()}
          >
            Eval
          </button>
        </div>
      </div>
    </section>
  );
}
