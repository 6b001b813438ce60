// Where Monaco's editor help (clojure-help.ts, registered once for every editor) finds the open
// session: the app sets the source while it is mounted (useEditorHelpSource). No Monaco here: this
// module is in the page's first bundle.
import type { Problem } from '../../../lisp/problem.ts';
import type { HelpNames } from './help-items.ts';

export interface EditorHelpSource {
  /** The names as they are now (the store's view, and the reference once it arrived). */
  names(): HelpNames;
  /** The language reference, loaded from the worker on first use. */
  loadReference(): Promise<void>;
  /** The worker's diagnostics of a program (nothing runs). */
  diagnose(program: string): Promise<Problem[]>;
  /** Calls `listener` when the session's names change (an edit, a turn); returns the unsubscribe. */
  onChange(listener: () => void): () => void;
}

let current: EditorHelpSource | null = null;

export function setEditorHelpSource(source: EditorHelpSource): void {
  current = source;
}

/** Forget `source` if it is still the current one (an unmounted app). */
export function clearEditorHelpSource(source: EditorHelpSource): void {
  if (current === source) current = null;
}

export function editorHelpSource(): EditorHelpSource | null {
  return current;
}
