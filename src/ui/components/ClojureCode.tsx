// Read-only PTC-Lisp with light Clojure highlighting: one regular expression splits the text into
// comments, strings, keywords, numbers, brackets and symbols; no editor is loaded for it.
import { memo, type ReactNode } from 'react';

const TOKEN = /(;[^\n]*)|("(?:\\[\s\S]|[^"\\])*"?)|(#"(?:\\[\s\S]|[^"\\])*"?)|(:[^\s()[\]{}",;]+)|([()[\]{}])|(#\{|#\(|['`~@^#])|([^\s()[\]{}",;]+)/g;

const SPECIAL: ReadonlySet<string> = new Set([
  'def',
  'defn',
  'defn-',
  'fn',
  'fn*',
  'let',
  'letfn',
  'if',
  'if-let',
  'if-not',
  'if-some',
  'when',
  'when-let',
  'when-not',
  'when-some',
  'when-first',
  'cond',
  'condp',
  'case',
  'do',
  'loop',
  'recur',
  'and',
  'or',
  'not',
  'quote',
  'for',
  'doseq',
  'dotimes',
  'return',
  'fail',
  '->',
  '->>',
  'some->',
  'some->>',
  'as->',
  'cond->',
  'cond->>',
  'println',
]);

const CLASSES = {
  comment: 'text-slate-500 italic dark:text-slate-400',
  string: 'text-emerald-700 dark:text-emerald-400',
  keyword: 'text-violet-700 dark:text-violet-300',
  number: 'text-amber-700 dark:text-amber-300',
  bracket: 'text-slate-400 dark:text-slate-500',
  special: 'font-semibold text-sky-700 dark:text-sky-300',
  namespace: 'text-rose-700 dark:text-rose-300',
  constant: 'text-amber-700 dark:text-amber-300',
  reader: 'text-slate-500 dark:text-slate-400',
} as const;

type Kind = keyof typeof CLASSES;

function symbolKind(text: string): Kind | null {
  if (/^[-+]?\d/.test(text) || /^##(Inf|-Inf|NaN)$/.test(text)) return 'number';
  if (text === 'nil' || text === 'true' || text === 'false') return 'constant';
  if (SPECIAL.has(text)) return 'special';
  if (/^(tool|data|user|clojure\.\w+)\//.test(text) || text.startsWith('*')) return 'namespace';
  return null;
}

/** Splits code into highlighted spans; text between tokens (whitespace, commas) stays plain. */
export function highlight(code: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  const push = (text: string, kind: Kind | null) => {
    out.push(
      kind === null ? (
        text
      ) : (
        <span key={key++} className={CLASSES[kind]}>
          {text}
        </span>
      ),
    );
  };
  for (const m of code.matchAll(TOKEN)) {
    const index = m.index;
    if (index > last) push(code.slice(last, index), null);
    const [text, comment, string, regex, keyword, bracket, reader, symbol] = m;
    if (comment !== undefined) push(text, 'comment');
    else if (string !== undefined || regex !== undefined) push(text, 'string');
    else if (keyword !== undefined) push(text, 'keyword');
    else if (bracket !== undefined) push(text, 'bracket');
    else if (reader !== undefined) push(text, 'reader');
    else if (symbol !== undefined) push(text, symbolKind(text));
    last = index + text.length;
  }
  if (last < code.length) push(code.slice(last), null);
  return out;
}

export interface CodeError {
  line: number;
  column: number;
  message: string;
}

/** Offset of a 1-based line and column in `code`, or null when it lies outside. */
export function offsetOf(code: string, line: number, column: number): number | null {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const nl = code.indexOf('\n', at);
    if (nl < 0) return null;
    at = nl + 1;
  }
  const end = code.indexOf('\n', at);
  const lineEnd = end < 0 ? code.length : end;
  const offset = at + column - 1;
  return offset >= at && offset <= lineEnd ? offset : null;
}

export const ClojureCode = memo(function ClojureCode({
  code,
  className = '',
  testId,
  error,
}: {
  code: string;
  className?: string;
  testId?: string;
  error?: CodeError;
}) {
  const offset = error ? offsetOf(code, error.line, error.column) : null;
  let body;
  if (error && offset !== null) {
    // Underline the token the error points at, so it is found where it happened.
    const rest = code.slice(offset);
    const token = /^[^\s()[\]{}"]+/.exec(rest)?.[0] ?? (rest.slice(0, 1) || ' ');
    body = (
      <>
        {highlight(code.slice(0, offset))}
        <mark
          data-testid="error-mark"
          title={error.message}
          className="bg-transparent text-inherit underline decoration-red-500 decoration-wavy underline-offset-2"
        >
          {highlight(token)}
        </mark>
        {highlight(code.slice(offset + token.length))}
      </>
    );
  } else {
    body = highlight(code);
  }
  return (
    <pre data-testid={testId} className={`relative overflow-x-auto whitespace-pre-wrap break-words font-mono text-xs leading-5 ${className}`}>
      <code>{body}</code>
    </pre>
  );
});
