// Monaco, bundled: the editor core, the few editor features the playground uses, Clojure (Monarch
// highlighting) and JSON. Only the lazy editor chunk imports this module, so none of it is in the
// page's first bundle. Nothing is ever fetched from a CDN: @monaco-editor/react's loader is handed
// this copy, and the web workers are Vite-bundled modules.
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

// Editor features (the full `monaco-editor` entry imports ~60 of these; these are the ones worth having
// in small code and JSON fields).
import 'monaco-editor/features/codicon/register';
import 'monaco-editor/features/codeEditor/register';
import 'monaco-editor/features/tokenization/register';
import 'monaco-editor/features/hover/register';
import 'monaco-editor/features/suggest/register';
import 'monaco-editor/features/gotoError/register';
import 'monaco-editor/features/bracketMatching/register';
import 'monaco-editor/features/comment/register';
import 'monaco-editor/features/find/register';
import 'monaco-editor/features/clipboard/register';
import 'monaco-editor/features/contextmenu/register';
import 'monaco-editor/features/cursorUndo/register';
import 'monaco-editor/features/multicursor/register';
import 'monaco-editor/features/wordOperations/register';
import 'monaco-editor/features/linesOperations/register';
import 'monaco-editor/features/indentation/register';
import 'monaco-editor/features/folding/register';

// Languages: Clojure's Monarch tokenizer (loaded on first use) and JSON (tokens, folding, formatting).
import 'monaco-editor/languages/definitions/clojure/register';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// JSON mode's worker manager pulls in every editor feature through this module; loading it here, with
// the core, registers their services before the first editor exists (loaded later, they are missing
// and Monaco throws "depends on UNKNOWN service" on some page loads).
import 'monaco-editor/internal/common/workers';
import { registerClojureHelp } from './clojure-help.ts';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The data panel reports JSON errors itself (the same text with or without Monaco), so Monaco's own
// JSON diagnostics would only repeat them.
jsonDefaults.setDiagnosticsOptions({ validate: false });

loader.config({ monaco });

// Completion, hover and diagnostics in every PTC-Lisp editor (clojure-help.ts).
registerClojureHelp(monaco);

export { monaco };
export type Monaco = typeof monaco;
