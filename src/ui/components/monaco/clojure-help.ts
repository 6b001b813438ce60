// Editor help in every PTC-Lisp editor (a tool's implementation, the REPL, and the code blocks of the
// reply editor's plain text): completion, hover, and the worker's diagnostics as markers while typing.
// Registered once with Monaco (setup.ts); the names come from the open session through
// help-source.ts, read at each request, so they follow edits and turns.
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import { codeLines, completionItems, hoverMarkdown, markersOf, replyProgram, symbolAt, symbolBefore, wordItems, type HelpItem } from './help-items.ts';
import { editorHelpSource, type EditorHelpSource } from './help-source.ts';

type Monaco = typeof MonacoApi;
type Model = MonacoApi.editor.ITextModel;

/** Owner of the diagnostics' markers (the editors' own `markers` prop uses 'ptc'). */
export const HELP_MARKER_OWNER = 'ptc-help';
/** Pause after the last keystroke before the program is diagnosed. */
export const DIAGNOSE_DELAY_MS = 250;

/** Languages with help: Clojure editors hold a program; plain text (the reply) holds code in fenced blocks. */
const LANGUAGES = ['clojure', 'plaintext'] as const;

const isHelped = (model: Model): boolean => (LANGUAGES as readonly string[]).includes(model.getLanguageId());

/** Whether the position's line is PTC-Lisp: any line of a Clojure editor, a fenced code line of a reply. */
function inCode(model: Model, lineNumber: number): boolean {
  if (model.getLanguageId() === 'clojure') return true;
  return codeLines(model.getLinesContent())[lineNumber - 1] === true;
}

/** The program a model holds (a reply: its code lines, the rest emptied); null when it holds none. */
function programOf(model: Model): string | null {
  const text = model.getValue();
  return model.getLanguageId() === 'clojure' ? text : replyProgram(text);
}

function kindOf(monaco: Monaco, kind: HelpItem['kind']): MonacoApi.languages.CompletionItemKind {
  const K = monaco.languages.CompletionItemKind;
  switch (kind) {
    case 'special-form':
    case 'macro':
      return K.Keyword;
    case 'constant':
      return K.Constant;
    case 'tool':
      return K.Method;
    case 'data':
    case 'user-value':
      return K.Variable;
    case 'word':
      return K.Text;
    default:
      return K.Function;
  }
}

function completionProvider(monaco: Monaco): MonacoApi.languages.CompletionItemProvider {
  return {
    triggerCharacters: ['/'],
    async provideCompletionItems(model, position) {
      const source = editorHelpSource();
      if (source === null || !inCode(model, position.lineNumber)) return { suggestions: [] };
      await source.loadReference();
      const typed = symbolBefore(model.getLineContent(position.lineNumber), position.column);
      const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: typed.start, endColumn: position.column };
      const items = completionItems(typed.text, source.names());
      // Names of the program itself (locals, parameters) after the others, unless a prefix is typed.
      const words = typed.text.includes('/') || typed.text.startsWith(':') ? [] : wordItems(programOf(model) ?? '', typed.text, items);
      const suggestions = [...items, ...words].map((item) => ({
        label: { label: item.label, description: item.summary },
        kind: kindOf(monaco, item.kind),
        detail: item.detail,
        ...(item.documentation !== '' ? { documentation: { value: item.documentation } } : {}),
        insertText: item.insertText,
        sortText: item.sortText,
        filterText: item.label,
        range,
      }));
      return { suggestions };
    },
  };
}

function hoverProvider(): MonacoApi.languages.HoverProvider {
  return {
    async provideHover(model, position) {
      const source = editorHelpSource();
      if (source === null || !inCode(model, position.lineNumber)) return null;
      const word = symbolAt(model.getLineContent(position.lineNumber), position.column);
      if (word === null) return null;
      await source.loadReference();
      const text = hoverMarkdown(word.text, source.names());
      if (text === null) return null;
      return {
        range: { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.start, endColumn: word.end },
        contents: [{ value: text }],
      };
    },
  };
}

/** Diagnostics of every helped model: on each change (after a pause), and when the session's names change. */
class Diagnostics {
  private readonly timers = new Map<Model, ReturnType<typeof setTimeout>>();
  private subscribed: { source: EditorHelpSource; unsubscribe: () => void } | null = null;

  constructor(private readonly monaco: Monaco) {}

  attach(model: Model): void {
    if (!isHelped(model)) return;
    // The reference is loaded ahead of the first completion, which would otherwise show "Loading…".
    void editorHelpSource()?.loadReference();
    const sub = model.onDidChangeContent(() => this.schedule(model));
    model.onWillDispose(() => {
      sub.dispose();
      clearTimeout(this.timers.get(model));
      this.timers.delete(model);
    });
    this.schedule(model);
  }

  private schedule(model: Model): void {
    clearTimeout(this.timers.get(model));
    this.timers.set(
      model,
      setTimeout(() => void this.run(model), DIAGNOSE_DELAY_MS),
    );
  }

  /** Follows the current source's names: a change diagnoses every open model again. */
  private follow(source: EditorHelpSource): void {
    if (this.subscribed?.source === source) return;
    this.subscribed?.unsubscribe();
    const unsubscribe = source.onChange(() => {
      for (const m of this.monaco.editor.getModels()) if (isHelped(m) && !m.isDisposed()) this.schedule(m);
    });
    this.subscribed = { source, unsubscribe };
  }

  private async run(model: Model): Promise<void> {
    this.timers.delete(model);
    const source = editorHelpSource();
    if (source === null || model.isDisposed()) return;
    this.follow(source);
    const version = model.getVersionId();
    const program = programOf(model);
    let problems: Awaited<ReturnType<EditorHelpSource['diagnose']>> = [];
    if (program !== null && program.trim() !== '') {
      try {
        problems = await source.diagnose(program);
      } catch {
        return; // The worker restarted or is gone: the next change asks again.
      }
    }
    // A change since the question: its own diagnostics are on their way.
    if (model.isDisposed() || model.getVersionId() !== version) return;
    const markers = markersOf(problems, model.getLinesContent());
    // What the editor's own markers already say (a tool's parse error) is not said twice.
    const own = this.monaco.editor.getModelMarkers({ resource: model.uri, owner: 'ptc' });
    const fresh = markers.filter((m) => !own.some((o) => o.startLineNumber === m.startLineNumber && o.startColumn === m.startColumn));
    this.monaco.editor.setModelMarkers(
      model,
      HELP_MARKER_OWNER,
      fresh.map((m) => ({
        ...m,
        severity: m.severity === 'error' ? this.monaco.MarkerSeverity.Error : this.monaco.MarkerSeverity.Warning,
        source: 'ptc',
      })),
    );
  }
}

let registered = false;

/** Registers completion, hover and diagnostics for every PTC-Lisp editor; once, whatever the calls. */
export function registerClojureHelp(monaco: Monaco): void {
  if (registered) return;
  registered = true;
  for (const language of LANGUAGES) {
    monaco.languages.registerCompletionItemProvider(language, completionProvider(monaco));
    monaco.languages.registerHoverProvider(language, hoverProvider());
  }
  const diagnostics = new Diagnostics(monaco);
  monaco.editor.onDidCreateModel((model) => diagnostics.attach(model));
  for (const model of monaco.editor.getModels()) diagnostics.attach(model);
}
