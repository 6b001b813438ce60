// A code editor for PTC-Lisp (Clojure), JSON and plain text. It shows a textarea at once and swaps in
// Monaco (bundled locally, in its own lazily loaded chunk) when that has loaded. Where Monaco cannot
// run (jsdom in the component tests, no Web Workers, no matchMedia) or with `?editor=plain` in the
// address, the textarea stays: it is a complete editor, not a placeholder.
//
// For tests, the element carrying `data-testid` is:
//   - the <textarea> itself (`data-editor="textarea"`): fill/type into it as usual;
//   - with Monaco, a wrapper <div data-editor="monaco">: click into it and type, or set the whole text
//     with `el.dispatchEvent(new CustomEvent('ptc-set-value', { detail: text }))`.
// In both cases `data-value` mirrors the current text up to MIRROR_LIMIT characters (a longer text,
// such as megabytes of data, is not copied into an attribute: `data-value-length` says how long it
// is, and `el.dispatchEvent(new CustomEvent('ptc-get-value', { detail: box }))` puts it in
// `box.value`). The events work on the textarea too.
import { Component, Suspense, lazy, useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import type { CodeEditorProps } from './code-editor-props.ts';

export type { CodeEditorProps, EditorMarker } from './code-editor-props.ts';

/** The DOM event that replaces an editor's whole text (for end-to-end tests and scripts). */
export const SET_VALUE_EVENT = 'ptc-set-value';
/** The DOM event that reads an editor's whole text into `detail.value`. */
export const GET_VALUE_EVENT = 'ptc-get-value';
/** Longest text mirrored in `data-value`: the page keeps one copy of a large text, the editor's. */
export const MIRROR_LIMIT = 100_000;

/** The attributes that mirror the text for tests: the text itself while it is short, else its length. */
function mirrorOf(value: string): { 'data-value'?: string; 'data-value-length': number } {
  return value.length <= MIRROR_LIMIT ? { 'data-value': value, 'data-value-length': value.length } : { 'data-value-length': value.length };
}

const LazyMonaco = lazy(() => import('./MonacoEditor.tsx'));

let monacoFailed = false;

/** Whether Monaco can run here; otherwise the textarea is the editor. */
export function monacoAvailable(): boolean {
  if (monacoFailed || typeof window === 'undefined' || typeof document === 'undefined') return false;
  if (typeof window.matchMedia !== 'function' || typeof Worker === 'undefined') return false;
  if (typeof navigator !== 'undefined' && /jsdom|happy-?dom/i.test(navigator.userAgent)) return false;
  return new URLSearchParams(window.location.search).get('editor') !== 'plain';
}

/** If Monaco fails to load (a stale chunk after an update, say), the textarea takes over for good. */
class MonacoBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    monacoFailed = true;
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A callback ref that lets `SET_VALUE_EVENT` replace the text through `onChange`, and `GET_VALUE_EVENT` read it. */
function useSetValueEvent(onChange: ((value: string) => void) | undefined, value: string): (el: HTMLElement | null) => (() => void) | undefined {
  const onChangeRef = useRef(onChange);
  const valueRef = useRef(value);
  useEffect(() => {
    onChangeRef.current = onChange;
    valueRef.current = value;
  }, [onChange, value]);
  return useCallback((el: HTMLElement | null) => {
    if (!el) return undefined;
    const listener = (e: Event) => {
      const detail = (e as CustomEvent<unknown>).detail;
      if (typeof detail === 'string') onChangeRef.current?.(detail);
    };
    const reader = (e: Event) => {
      const box = (e as CustomEvent<unknown>).detail;
      if (typeof box === 'object' && box !== null) (box as { value?: string }).value = valueRef.current;
    };
    el.addEventListener(SET_VALUE_EVENT, listener);
    el.addEventListener(GET_VALUE_EVENT, reader);
    return () => {
      el.removeEventListener(SET_VALUE_EVENT, listener);
      el.removeEventListener(GET_VALUE_EVENT, reader);
    };
  }, []);
}

const FRAME = 'rounded border border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900';

export function CodeEditor(props: CodeEditorProps) {
  const { value, onChange, readOnly, height = '8rem', ariaLabel, markers, onSubmit, testId } = props;
  const id = useId();
  const valueRef = useSetValueEvent(onChange, value);
  const mirror = mirrorOf(value);

  const textarea = (
    <textarea
      id={id}
      ref={valueRef}
      data-testid={testId}
      data-editor="textarea"
      {...mirror}
      aria-label={ariaLabel}
      aria-invalid={markers && markers.length > 0 ? true : undefined}
      className={`w-full resize-y p-2 font-mono text-xs text-slate-900 dark:text-slate-100 ${FRAME}`}
      style={{ height }}
      value={value}
      readOnly={readOnly}
      spellCheck={false}
      onChange={(e) => onChange?.(e.target.value)}
      onKeyDown={(e) => {
        if (onSubmit && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          onSubmit(e.currentTarget.value);
        }
      }}
    />
  );

  const editor = monacoAvailable() ? (
    <MonacoBoundary fallback={textarea}>
      <Suspense fallback={textarea}>
        <div
          ref={valueRef}
          data-testid={testId}
          data-editor="monaco"
          {...mirror}
          className={`w-full overflow-hidden ${FRAME}`}
          // The frame can be dragged taller, like the textarea; Monaco follows its size.
          style={{ height, resize: 'vertical', minHeight: '3rem' }}
        >
          <LazyMonaco {...props} />
        </div>
      </Suspense>
    </MonacoBoundary>
  ) : (
    textarea
  );

  return (
    <div className="flex flex-col gap-1">
      {editor}
      {markers && markers.length > 0 && (
        <ul className="text-xs text-red-700 dark:text-red-400" aria-label={`${ariaLabel} errors`} data-testid={testId ? `${testId}-markers` : undefined}>
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
