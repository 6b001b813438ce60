// One entry of the reference panel: the name, its kind and call shapes, the doc and details, the other
// spellings, and the examples with their results, each with a "try it" button that puts the example
// in the REPL's input.
import { memo } from 'react';
import type { EntryKind } from '../../../lisp/reference/index.ts';
import { ClojureCode } from '../../components/ClojureCode.tsx';
import type { RefHit } from './reference-search.ts';

const KIND_LABEL: Readonly<Record<EntryKind, string>> = {
  'special-form': 'special form',
  macro: 'macro',
  function: 'function',
  constant: 'constant',
};

export const TRY_BUTTON =
  'shrink-0 rounded border border-slate-300 px-1.5 py-0.5 text-[11px] hover:bg-slate-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-sky-500 dark:border-slate-600 dark:hover:bg-slate-800';

/** A parameter vector as a call: `[sep coll]` of join is `(join sep coll)`. */
export function callShape(name: string, arity: string): string {
  const inner = arity.startsWith('[') && arity.endsWith(']') ? arity.slice(1, -1).trim() : arity;
  return inner === '' ? `(${name})` : `(${name} ${inner})`;
}

export const ReferenceEntry = memo(function ReferenceEntry({ hit, onTry }: { hit: RefHit; onTry: (code: string) => void }) {
  const { entry, via, aliases, examples } = hit;
  const shown = via?.name ?? entry.name;
  return (
    <li data-testid={`ref-entry-${entry.name}`} className="border-b border-slate-200 py-2 last:border-b-0 dark:border-slate-800">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h4 className="font-mono text-sm font-semibold" data-testid="ref-name">
          {entry.name}
        </h4>
        <span data-testid="ref-kind" className="rounded bg-slate-100 px-1 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          {KIND_LABEL[entry.kind]}
        </span>
        {hit.exact && <span className="text-[11px] text-emerald-700 dark:text-emerald-400">exact match</span>}
      </div>
      {via !== null && (
        <p data-testid="ref-alias-note" className="text-xs text-sky-800 dark:text-sky-300">
          <code className="font-mono">{via.name}</code> is an alias of <code className="font-mono">{entry.name}</code>
        </p>
      )}
      {entry.arities.length > 0 && (
        <ul aria-label="Arities" data-testid="ref-arities" className="flex flex-wrap gap-x-3 font-mono text-xs text-slate-700 dark:text-slate-300">
          {entry.arities.map((a) => (
            <li key={a}>{callShape(shown, a)}</li>
          ))}
        </ul>
      )}
      <p data-testid="ref-doc" className="mt-0.5 text-sm">
        {entry.doc}
      </p>
      {entry.details !== undefined && (
        <p data-testid="ref-details" className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
          {entry.details}
        </p>
      )}
      {aliases.length > 0 && (
        <p data-testid="ref-aliases" className="mt-0.5 text-[11px] text-slate-500 dark:text-slate-400">
          Also written: <span className="font-mono">{aliases.join(', ')}</span>
        </p>
      )}
      {examples.length > 0 && (
        <ul aria-label={`Examples of ${shown}`} className="mt-1 flex flex-col gap-1">
          {examples.map((ex, i) => (
            <li key={i} data-testid="ref-example" className="flex items-start gap-2 rounded bg-slate-50 px-1.5 py-1 dark:bg-slate-900">
              <div className="min-w-0 flex-1">
                <ClojureCode code={ex.code} testId="ref-example-code" />
                <div className="flex gap-1 font-mono text-xs text-slate-600 dark:text-slate-400">
                  <span aria-hidden="true">⇒</span>
                  <span className="sr-only">gives</span>
                  <span data-testid="ref-example-result" className="break-all">
                    {ex.result}
                  </span>
                </div>
              </div>
              <button
                type="button"
                data-testid="ref-try"
                className={TRY_BUTTON}
                aria-label={`Try it: ${ex.code}`}
                title="Put this example in the REPL input"
                onClick={() => onTry(ex.code)}
              >
                Try it
              </button>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
});
