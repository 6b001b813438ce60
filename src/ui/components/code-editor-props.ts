// The props of CodeEditor, in a leaf module: CodeEditor (which re-exports them) loads MonacoEditor
// lazily and MonacoEditor takes the same props, without an import circle between the two.

export interface EditorMarker {
  line: number;
  column: number;
  message: string;
}

export interface CodeEditorProps {
  value: string;
  onChange?: (value: string) => void;
  language: 'clojure' | 'json' | 'plaintext';
  readOnly?: boolean;
  /** CSS height, e.g. "8rem" or "100%". */
  height?: string;
  ariaLabel: string;
  /** Errors to underline (1-based line and column). */
  markers?: readonly EditorMarker[];
  /** Called on Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: (value: string) => void;
  testId?: string;
}
