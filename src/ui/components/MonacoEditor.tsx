// The Monaco side of CodeEditor: loaded lazily (this module and everything it imports form their own
// chunk), from the locally bundled monaco-editor (see monaco/setup.ts). Same props as CodeEditor; the
// wrapper element, its data-testid and the error list stay with CodeEditor.
import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { CodeEditorProps, EditorMarker } from './code-editor-props.ts';
import { monaco } from './monaco/setup.ts';
import { usePrefersDark } from './monaco/useColorScheme.ts';

type StandaloneEditor = Parameters<OnMount>[0];
type Model = NonNullable<ReturnType<StandaloneEditor['getModel']>>;

const MARKER_OWNER = 'ptc';

/** A marker's range: from its column to the end of the word there (at least one character), inside the text. */
function toMarkerData(model: Model, m: EditorMarker): Parameters<typeof monaco.editor.setModelMarkers>[2][number] {
  const line = Math.min(Math.max(1, Math.floor(m.line) || 1), model.getLineCount());
  const maxColumn = model.getLineMaxColumn(line);
  let start = Math.min(Math.max(1, Math.floor(m.column) || 1), maxColumn);
  let end = start + 1;
  const word = model.getWordAtPosition({ lineNumber: line, column: start });
  if (word && word.startColumn === start) end = word.endColumn;
  if (end > maxColumn) {
    // At the end of the line (e.g. "missing )"): mark its last character.
    end = maxColumn;
    start = Math.max(1, maxColumn - 1);
  }
  return {
    severity: monaco.MarkerSeverity.Error,
    message: m.message,
    startLineNumber: line,
    startColumn: start,
    endLineNumber: line,
    endColumn: end,
    source: 'ptc',
  };
}

/** Texts the editor reported that the parent has not yet given back as `value` (at most this many). */
const ECHO_LIMIT = 200;

export default function MonacoEditor({ value, onChange, language, readOnly = false, ariaLabel, markers, onSubmit }: CodeEditorProps) {
  const dark = usePrefersDark();
  const [editor, setEditor] = useState<StandaloneEditor | null>(null);
  const submitRef = useRef(onSubmit);
  const onChangeRef = useRef(onChange);
  const canSubmit = useRef<{ set(v: boolean): void } | null>(null);
  useEffect(() => {
    submitRef.current = onSubmit;
    onChangeRef.current = onChange;
    canSubmit.current?.set(onSubmit !== undefined);
  }, [onSubmit, onChange]);

  // The editor owns its text while the person types: `value` comes back from the parent a render
  // later, so a `value` that is one of the texts the editor reported is an echo (possibly a stale one,
  // when keys come faster than renders) and is not written back, which would drop keystrokes and
  // move the cursor. Any other `value` is a change from outside (another session, Format) and
  // replaces the text, as one undoable edit.
  const echoes = useRef<string[]>([]);
  const applying = useRef(false);

  const options = useMemo(
    () => ({
      readOnly,
      ariaLabel,
      fontSize: 12,
      lineNumbers: 'on' as const,
      lineNumbersMinChars: 3,
      lineDecorationsWidth: 6,
      glyphMargin: false,
      folding: language === 'json',
      minimap: { enabled: false },
      overviewRulerLanes: 0,
      scrollBeyondLastLine: false,
      wordWrap: 'on' as const,
      wrappingIndent: 'indent' as const,
      tabSize: 2,
      renderLineHighlight: 'none' as const,
      stickyScroll: { enabled: false },
      // The panels live in a narrow scrolling column: let the wheel scroll the column at the edges,
      // and draw hovers above everything so they are not clipped.
      scrollbar: { alwaysConsumeMouseWheel: false, verticalScrollbarSize: 8, horizontalScrollbarSize: 8 },
      fixedOverflowWidgets: true,
      padding: { top: 4, bottom: 4 },
      automaticLayout: true,
      // Tab moves the focus on (a page of editors must not trap the keyboard); a visible suggestion
      // still takes Tab, which accepts it.
      tabFocusMode: true,
    }),
    [readOnly, ariaLabel, language],
  );

  const onMount: OnMount = (ed) => {
    const key = ed.createContextKey<boolean>('ptcCanSubmit', submitRef.current !== undefined);
    canSubmit.current = key;
    // addAction binds the key in this editor only (addCommand would be shared by every editor).
    ed.addAction({
      id: 'ptc.submit',
      label: 'Run',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      precondition: 'ptcCanSubmit',
      // The editor's own text: the parent's `value` may lag behind the last keystrokes.
      run: () => submitRef.current?.(ed.getValue()),
    });
    ed.onDidChangeModelContent(() => {
      if (applying.current) return;
      const text = ed.getValue();
      echoes.current.push(text);
      if (echoes.current.length > ECHO_LIMIT) echoes.current.shift();
      onChangeRef.current?.(text);
    });
    setEditor(ed);
  };

  useEffect(() => {
    if (!editor) return;
    const seen = echoes.current.lastIndexOf(value);
    if (seen >= 0) {
      echoes.current.splice(0, seen + 1);
      return;
    }
    const model = editor.getModel();
    if (!model || value === model.getValue()) return;
    echoes.current = [];
    applying.current = true;
    try {
      if (readOnly) editor.setValue(value);
      else {
        editor.executeEdits('ptc', [{ range: model.getFullModelRange(), text: value, forceMoveMarkers: true }]);
        editor.pushUndoStop();
      }
    } finally {
      applying.current = false;
    }
  }, [editor, value, readOnly]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      (markers ?? []).map((m) => toMarkerData(model, m)),
    );
    // Markers are placed against the text they were computed for; re-place them when it changes.
  }, [editor, markers, value]);

  return <Editor defaultValue={value} language={language} theme={dark ? 'vs-dark' : 'vs'} options={options} height="100%" loading={null} onMount={onMount} />;
}
