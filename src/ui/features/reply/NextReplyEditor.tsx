// The reply the next Step sends as the LLM's answer: the mock's scripted reply, or what a person
// typed (acting as the LLM). With a real LLM the editor shows its reply as it streams in (read-only
// meanwhile), and keeps what arrived when a request fails or is stopped, with Retry. Ctrl/Cmd+Enter
// in the editor steps.
import { CodeEditor } from '../../components/CodeEditor.tsx';
import { useController, usePlayground } from '../../state/playground.tsx';
import { scriptedReply, type PlaygroundState } from '../../state/store.ts';
import { stepAvailability } from '../../state/availability.ts';
import { useAvailability } from '../../state/useAvailability.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';

function modelOf(s: PlaygroundState): string {
  const llm = s.view?.setup.definition.llm;
  return llm?.model ? `${llm.model}` : 'the LLM';
}

export function NextReplyEditor() {
  const c = useController();
  const store = c.store;
  const status = usePlayground((s) => s.view?.status ?? null);
  const turn = usePlayground((s) => (s.view ? s.view.turns.length + 1 : 1));
  const real = usePlayground((s) => s.view !== null && s.view.setup.definition.llm.provider !== 'mock');
  const scripted = usePlayground((s) => (s.view ? scriptedReply(s.view) : null));
  const model = usePlayground(modelOf);
  const reply = usePlayground((s) => s.nextReply);
  const edited = usePlayground((s) => s.replyEdited);
  const fromLlm = usePlayground((s) => s.replyFromLlm);
  const call = usePlayground((s) => s.llmCall);
  const failure = usePlayground((s) => s.llmFailure);
  const setNextReply = usePlayground((s) => s.setNextReply);
  const canStep = useAvailability(stepAvailability);

  const ended = status !== null && status !== 'running';
  const streaming = call !== null;
  const label = ended
    ? 'The run has ended; Reset to run again'
    : streaming
      ? `${call.phase === 'waiting' ? 'Asking' : 'Receiving the reply from'} ${model} for turn ${turn}`
      : edited
        ? real
          ? `Edited by hand: sent as the reply for turn ${turn} instead of asking ${model}`
          : `Edited by hand: sent as the LLM's reply for turn ${turn}`
        : fromLlm && failure !== null
          ? `What arrived before the request for turn ${turn} ${failure.kind === 'aborted' ? 'was stopped' : 'failed'}; Step asks ${model} again (edit it to send it yourself)`
          : real
            ? `Step asks ${model} for turn ${turn}; its reply appears here as it arrives (or type one to act as the LLM)`
            : scripted !== null
              ? `The mock's scripted reply for turn ${turn}`
              : `No scripted reply for turn ${turn}: write one to act as the LLM`;
  const canRestore = (edited || fromLlm) && !ended && !streaming;

  const restore = () => store.getState().resetReply();
  const submit = () => {
    if (c.canStep().ok) void c.step();
  };
  const retry = () => {
    if (!c.canStep().ok || failure === null) return;
    if (failure.retry === 'run') void c.run();
    else void c.step();
  };

  return (
    <section className="flex h-full min-h-0 flex-col gap-1 p-2" aria-label="Next reply">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Next reply</h2>
        {streaming && (
          <span data-testid="llm-receiving" role="status" className="animate-pulse text-xs font-medium text-sky-700 dark:text-sky-300">
            {call.phase === 'waiting' ? 'waiting…' : 'receiving…'}
          </span>
        )}
        <button
          type="button"
          data-testid="restore-script"
          className={SMALL_BUTTON}
          disabled={!canRestore}
          title={
            scripted !== null
              ? "Put back the mock's scripted reply"
              : real
                ? 'Clear the reply: Step asks the LLM'
                : 'Clear the reply (the script has none for this turn)'
          }
          onClick={restore}
        >
          {real ? 'Clear' : 'Restore script'}
        </button>
      </div>
      <p data-testid="next-reply-label" className={`text-xs ${edited && !ended ? 'text-amber-700 dark:text-amber-400' : 'text-slate-600 dark:text-slate-400'}`}>
        {label}
      </p>
      {failure !== null && !streaming && !ended && (
        <div
          data-testid="llm-failure"
          role="group"
          aria-label="Failed request"
          className="flex shrink-0 items-center gap-2 rounded border border-rose-300 bg-rose-50 px-2 py-0.5 text-xs text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100"
        >
          {/* One line: the error itself is said once, in the notice above; the editor keeps its room. */}
          <span className="min-w-0 flex-1 truncate">
            <span data-testid="llm-failure-kind" className="mr-1 rounded bg-rose-200 px-1 font-mono dark:bg-rose-800">
              {failure.kind}
            </span>
            {failure.kind === 'aborted'
              ? 'The request was stopped: what arrived is below.'
              : 'The request failed (the message is above): what arrived is below.'}
          </span>
          <button
            type="button"
            data-testid="llm-retry"
            className={SMALL_BUTTON}
            disabled={!canStep.ok}
            title={canStep.ok ? 'Ask the LLM again' : canStep.why}
            onClick={retry}
          >
            Retry
          </button>
        </div>
      )}
      <div className="min-h-0 flex-1 [&>div]:h-full">
        <CodeEditor
          value={ended ? '' : reply}
          onChange={(text) => setNextReply(text)}
          language="plaintext"
          readOnly={ended || streaming}
          height="100%"
          ariaLabel={`Reply for turn ${turn}`}
          onSubmit={submit}
          testId="next-reply"
        />
      </div>
    </section>
  );
}
