// The reply the next Step sends as the LLM's answer: the mock's scripted reply, or what a person
// typed (acting as the LLM). Ctrl/Cmd+Enter in the editor steps.
import { CodeEditor } from '../../components/CodeEditor.tsx';
import { useEngineActions, usePlayground, usePlaygroundStore } from '../../state/playground.tsx';
import { stepAvailability } from '../controls/availability.ts';

export function NextReplyEditor() {
  const store = usePlaygroundStore();
  const { step } = useEngineActions();
  const status = usePlayground((s) => s.view?.status ?? null);
  const turn = usePlayground((s) => (s.view ? s.view.turns.length + 1 : 1));
  const scripted = usePlayground((s) => s.view?.nextReply ?? null);
  const reply = usePlayground((s) => s.nextReply);
  const edited = usePlayground((s) => s.replyEdited);
  const setNextReply = usePlayground((s) => s.setNextReply);

  const ended = status !== null && status !== 'running';
  const label = ended
    ? 'The run has ended; Reset to run again'
    : edited
      ? `Edited by hand: sent as the LLM's reply for turn ${turn}`
      : scripted !== null
        ? `The mock's scripted reply for turn ${turn}`
        : `No scripted reply for turn ${turn}: write one to act as the LLM`;
  const canRestore = edited && !ended;

  const restore = () => store.setState({ nextReply: scripted ?? '', replyEdited: false });
  const submit = () => {
    if (stepAvailability(store.getState()).ok) step.mutate();
  };

  return (
    <section className="flex h-full min-h-0 flex-col gap-1 p-2" aria-label="Next reply">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Next reply</h2>
        <button
          type="button"
          data-testid="restore-script"
          className="rounded border border-slate-300 px-2 py-0.5 text-xs hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 dark:border-slate-600 dark:hover:bg-slate-800"
          disabled={!canRestore}
          title={scripted !== null ? 'Put back the mock\'s scripted reply' : 'Clear the reply (the script has none for this turn)'}
          onClick={restore}
        >
          Restore script
        </button>
      </div>
      <p data-testid="next-reply-label" className={`text-xs ${edited && !ended ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-400'}`}>
        {label}
      </p>
      <div className="min-h-0 flex-1 [&>div]:h-full">
        <CodeEditor
          value={ended ? '' : reply}
          onChange={(text) => setNextReply(text)}
          language="plaintext"
          readOnly={ended}
          height="100%"
          ariaLabel={`Reply for turn ${turn}`}
          onSubmit={submit}
          testId="next-reply"
        />
      </div>
    </section>
  );
}
