// Step, Run, Stop and Reset, with the keyboard: Ctrl/Cmd+Enter steps, Escape stops.
import { useEffect, useRef, useState } from 'react';
import { useController } from '../../state/playground.tsx';
import { stepBlocker } from '../../state/run-machine.ts';
import { resetAvailability, runAvailability, stepAvailability, stopAvailability, type Availability } from '../../state/availability.ts';
import { useAvailability } from '../../state/useAvailability.ts';

const base =
  'rounded px-2.5 py-1 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-500';
const styles = {
  step: `${base} bg-sky-700 text-white hover:bg-sky-800 dark:bg-sky-500 dark:hover:bg-sky-400 dark:text-slate-950`,
  run: `${base} bg-emerald-700 text-white hover:bg-emerald-800 dark:bg-emerald-500 dark:hover:bg-emerald-400 dark:text-slate-950`,
  stop: `${base} bg-rose-600 text-white hover:bg-rose-700 dark:bg-rose-500 dark:hover:bg-rose-400 dark:text-slate-950`,
  reset: `${base} border border-slate-300 bg-white hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:hover:bg-slate-700`,
};

function title(a: Availability, label: string): string {
  return a.ok ? label : `${label} — ${a.why}`;
}

/** One run control: its look, and disabled with the reason in its title while it is not available. */
function ControlButton({
  kind,
  availability,
  label,
  onClick,
  children,
}: {
  kind: keyof typeof styles;
  availability: Availability;
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <button type="button" data-testid={kind} className={styles[kind]} disabled={!availability.ok} title={title(availability, label)} onClick={onClick}>
      {children}
    </button>
  );
}

export function Controls() {
  const c = useController();
  const store = c.store;
  const step = useAvailability(stepAvailability);
  const run = useAvailability(runAvailability);
  const stop = useAvailability(stopAvailability);
  const reset = useAvailability(resetAvailability);

  const doStep = () => {
    if (c.canStep().ok) void c.step();
  };
  // Ctrl/Cmd+Enter pressed while a Step or another engine call is under way is kept (once, however
  // often it was pressed) and Steps as soon as the engine is free; during Run or Stop it is not.
  const [queued, setQueued] = useState(false);
  const queuedRef = useRef(false);
  const queueStep = (value: boolean) => {
    queuedRef.current = value;
    setQueued(value);
  };
  const doStepKey = () => {
    const state = store.getState();
    if (c.canStep().ok) void c.step();
    else if (stepBlocker(state.machine) !== null && (state.machine.phase === 'idle' || state.machine.phase === 'stepping')) queueStep(true);
  };
  useEffect(() => {
    if (!queued) return;
    const stepWhenFree = () => {
      const state = store.getState();
      if (!queuedRef.current || stepBlocker(state.machine) !== null) return;
      queueStep(false);
      // The run may have ended meanwhile: then there is nothing to step, and the button says why.
      if (c.canStep().ok) void c.step();
    };
    stepWhenFree();
    return store.subscribe(stepWhenFree);
  });
  const doStop = () => {
    if (c.canStop().ok) void c.stop();
  };

  // The window listener always calls the latest handlers.
  const handlers = useRef({ doStepKey, doStop });
  handlers.current = { doStepKey, doStop };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // An editor that handled the key itself (the REPL's Ctrl+Enter evaluates) has prevented it.
      if (e.defaultPrevented) return;
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey) {
        e.preventDefault();
        if (!e.repeat) handlers.current.doStepKey();
      } else if (e.key === 'Escape') {
        if (c.canStop().ok) {
          e.preventDefault();
          handlers.current.doStop();
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [c]);

  return (
    <div className="flex shrink-0 items-center gap-1.5" role="toolbar" aria-label="Run controls">
      <ControlButton kind="step" availability={step} label="Run one turn (Ctrl/Cmd+Enter)" onClick={doStep}>
        Step
      </ControlButton>
      {queued && (
        <span
          data-testid="step-queued"
          role="status"
          className="text-xs text-slate-600 dark:text-slate-300"
          title="Ctrl/Cmd+Enter: Steps as soon as the engine is free"
        >
          Step queued
        </span>
      )}
      <ControlButton kind="run" availability={run} label="Run turns until the run ends" onClick={() => void c.run()}>
        Run
      </ControlButton>
      <ControlButton kind="stop" availability={stop} label="Stop the run (Escape)" onClick={doStop}>
        Stop
      </ControlButton>
      <ControlButton kind="reset" availability={reset} label="Clear the turns and start the run again" onClick={() => void c.reset()}>
        Reset
      </ControlButton>
    </div>
  );
}
