// The `user/` namespace: what the LLM's programs defined before the selected turn — functions as
// `(name [params])` with their docstring and the type they last returned, values with type and sample.
import type { UserEntryView } from '../../../worker/engine.ts';
import { usePlayground } from '../../state/playground.tsx';
import { HINT, PanelFrame } from '../../components/panel.tsx';

export function UserPanel() {
  const view = usePlayground((s) => s.view);
  const turn = view?.selected ?? 1;
  const entries = view?.user ?? [];
  return (
    <PanelFrame
      title="user/"
      testId="user-panel"
      aside={
        view && (
          <span className={HINT} data-testid="user-turn">
            before turn {turn}
          </span>
        )
      }
    >
      {!view ? (
        <p className={HINT}>Open a session to see its definitions.</p>
      ) : entries.length === 0 ? (
        <p className={HINT} data-testid="user-empty">
          Nothing defined yet{turn > 1 ? ` before turn ${turn}` : ''}. What the programs define with <code>def</code> and <code>defn</code> appears here, as the
          LLM sees it at the start of the selected turn.
        </p>
      ) : (
        <ul className="flex flex-col gap-1" aria-label="Definitions">
          {entries.map((e) => (
            <UserEntry key={e.name} entry={e} />
          ))}
        </ul>
      )}
    </PanelFrame>
  );
}

/** `(name [x])`, one line per arity. */
export function callForms(entry: UserEntryView): string[] {
  const arities = entry.params.length > 0 ? entry.params : ['[]'];
  return arities.map((p) => `(${entry.name} ${p})`);
}

function UserEntry({ entry }: { entry: UserEntryView }) {
  return (
    <li data-testid={`user-entry-${entry.name}`} className="rounded bg-slate-50 p-1.5 text-xs dark:bg-slate-900">
      {entry.kind === 'function' ? (
        <>
          <div className="flex flex-wrap items-baseline gap-x-2 font-mono">
            <span className="flex flex-col">
              {callForms(entry).map((f) => (
                <code key={f} className="font-semibold">
                  {f}
                </code>
              ))}
            </span>
            {entry.returnType !== undefined && (
              <span
                className="text-[11px] text-sky-700 dark:text-sky-400"
                data-testid={`user-entry-${entry.name}-returns`}
                title="Type of the value it last returned"
              >
                -&gt; {entry.returnType}
              </span>
            )}
          </div>
          {entry.doc !== undefined && <p className="mt-0.5 text-slate-600 italic dark:text-slate-400">{entry.doc}</p>}
        </>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline gap-x-2">
            <code className="font-mono font-semibold">{entry.name}</code>
            <span className="font-mono text-[11px] text-sky-700 dark:text-sky-400">{entry.type}</span>
          </div>
          {entry.doc !== undefined && <p className="mt-0.5 text-slate-600 italic dark:text-slate-400">{entry.doc}</p>}
          {entry.sample !== null && <div className="mt-0.5 break-words font-mono text-[11px] text-slate-600 dark:text-slate-400">{entry.sample}</div>}
        </>
      )}
    </li>
  );
}
