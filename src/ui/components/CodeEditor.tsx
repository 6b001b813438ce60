// A code editor for PTC-Lisp (Clojure) and JSON. This first version is a plain textarea; the Monaco
// editor (bundled locally, loaded lazily) replaces it once loaded, with the same props.
import { useId } from 'react';

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
  onSubmit?: () => void;
  testId?: string;
}

export function CodeEditor({ value, onChange, readOnly, height = '8rem', ariaLabel, markers, onSubmit, testId }: CodeEditorProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <textarea
        id={id}
        data-testid={testId}
        aria-label={ariaLabel}
        className="w-full resize-y rounded border border-slate-300 bg-white p-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        style={{ height }}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        onChange={(e) => onChange?.(e.target.value)}
        onKeyDown={(e) => {
          if (onSubmit && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            onSubmit();
          }
        }}
      />
      {markers && markers.length > 0 && (
        <ul className="text-xs text-red-700 dark:text-red-400" aria-label={`${ariaLabel} errors`}>
          {markers.map((m, i) => (
            <li key={i}>
              line {m.line}, column {m.column}: {m.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
