// Step, Run, Stop and the engine calls around them, as one state machine (pure: no store, no engine).
//
// The phase says what the run controls are doing:
//   idle      nothing of a run under way (edits, turn switches, the REPL, opening may still call the engine)
//   stepping  one Step, from the press until its turn is made or refused
//   running   Run: turn after turn until one ends the run, fails or Stop is pressed
//   stopping  Stop was pressed: the turn under way is being ended (request aborted, worker restarted);
//             a turn that had not started yet never starts
// Engine calls in flight are counted by lane: `turn` (the calls that make a turn: a program, a tool
// call, an LLM request), `edit` (a definition edit) and `other` (open, view, reset, REPL, export).
//
// Edits and turns never overlap: both go through one queue (session-lane.ts). An edit made during
// Run waits for the turn under way and is applied before the next; a Step pressed while an edit is
// being applied is accepted (never dropped) and its turn waits for the edit.
//
//   idle     --step-->           stepping
//   idle     --run-->            running
//   stepping --turnEnded-->      idle
//   running  --turnEnded(goOn)-> running        running --turnEnded(!goOn)--> idle
//   stepping|running --stop-->   stopping       stepping|running --restarted--> stopping
//   stopping --turnEnded-->      idle
//   any      --callStarted/callEnded(lane)--> the same phase, the lane's count ±1
// Any other event leaves the machine as it is (the same object): the action was not taken.

export type RunPhase = 'idle' | 'stepping' | 'running' | 'stopping';

/** Which kind of engine call: one that makes a turn, a definition edit, or anything else. */
export type CallLane = 'turn' | 'edit' | 'other';

export interface RunMachine {
  readonly phase: RunPhase;
  /** Engine calls in flight, by lane. */
  readonly calls: Readonly<Record<CallLane, number>>;
}

export type RunEvent =
  | { type: 'step' }
  | { type: 'run' }
  | { type: 'stop' }
  /** The turn of a Step (or of one round of Run) was made, refused or skipped; goOn: the run may go on. */
  | { type: 'turnEnded'; goOn: boolean }
  /** The engine worker was restarted (Stop, or a watchdog): a run does not go on. */
  | { type: 'restarted' }
  | { type: 'callStarted'; lane: CallLane }
  | { type: 'callEnded'; lane: CallLane };

export const idleMachine: RunMachine = { phase: 'idle', calls: { turn: 0, edit: 0, other: 0 } };

function withPhase(m: RunMachine, phase: RunPhase): RunMachine {
  return phase === m.phase ? m : { ...m, phase };
}

/** The machine after `e`; the same object when `e` does not apply in this state. */
export function transition(m: RunMachine, e: RunEvent): RunMachine {
  switch (e.type) {
    case 'step':
      return m.phase === 'idle' ? withPhase(m, 'stepping') : m;
    case 'run':
      return m.phase === 'idle' ? withPhase(m, 'running') : m;
    case 'stop':
    case 'restarted':
      return m.phase === 'stepping' || m.phase === 'running' ? withPhase(m, 'stopping') : m;
    case 'turnEnded':
      if (m.phase === 'running') return e.goOn ? m : withPhase(m, 'idle');
      return m.phase === 'stepping' || m.phase === 'stopping' ? withPhase(m, 'idle') : m;
    case 'callStarted':
      return { ...m, calls: { ...m.calls, [e.lane]: m.calls[e.lane] + 1 } };
    case 'callEnded':
      return m.calls[e.lane] > 0 ? { ...m, calls: { ...m.calls, [e.lane]: m.calls[e.lane] - 1 } } : m;
  }
}

/** What Stop must do to the engine now. */
export type StopEffect = 'abort-request' | 'restart-worker' | 'none';

/**
 * Stop's effect: a request to a real LLM in flight is aborted (the worker keeps running); a turn's
 * engine call in flight (a program, a tool call, maybe a runaway one) is ended by restarting the
 * worker, unless it answers within a grace (the controller first aborts the tool calls a turn waits
 * on, and such a turn answers at once); a Step or Run whose turn has not started yet (waiting for an
 * edit) just never starts it. Outside a run, any engine call in flight (a REPL program, an edit) is
 * ended by a restart, as ever.
 */
export function stopEffect(m: RunMachine, llmRequest: boolean): StopEffect {
  if (llmRequest) return 'abort-request';
  if (m.calls.turn > 0) return 'restart-worker';
  if (m.phase === 'idle' && engineBusy(m)) return 'restart-worker';
  return 'none';
}

/** Any engine call in flight. */
export function engineBusy(m: RunMachine): boolean {
  return m.calls.turn + m.calls.edit + m.calls.other > 0;
}

/** Run is looping (a session must not be replaced under it). */
export function isRunning(m: RunMachine): boolean {
  return m.phase === 'running';
}

/** Something is under way: a Step, Run or Stop, or any engine call. */
export function isBusy(m: RunMachine): boolean {
  return m.phase !== 'idle' || engineBusy(m);
}

/** Whether Step or Run may start now, and why not (an edit in flight does not prevent it: the turn waits for it). */
export function stepBlocker(m: RunMachine): string | null {
  switch (m.phase) {
    case 'running':
      return 'Running; Stop first';
    case 'stepping':
      return 'A step is under way';
    case 'stopping':
      return 'Stopping';
    case 'idle':
      return m.calls.other + m.calls.turn > 0 ? 'The engine is busy' : null;
  }
}

/** Whether Stop has anything to stop, and why not. */
export function stopBlocker(m: RunMachine): string | null {
  if (m.phase === 'stepping' || m.phase === 'running') return null;
  if (m.phase === 'stopping') return 'Stopping';
  return engineBusy(m) ? null : 'Nothing is running';
}

/** Whether Reset may start now (it waits for edits, like a Step), and why not. */
export function resetBlocker(m: RunMachine): string | null {
  if (m.phase !== 'idle') return 'Stop the run first';
  return m.calls.other + m.calls.turn > 0 ? 'Stop the run first' : null;
}

/** The status bar's activity text; null when nothing is under way. */
export function activityText(m: RunMachine): string | null {
  switch (m.phase) {
    case 'running':
      return 'running…';
    case 'stepping':
      return 'stepping…';
    case 'stopping':
      return 'stopping…';
    case 'idle':
      return engineBusy(m) ? 'working…' : null;
  }
}
