// The run machine's transitions, one by one (pure: no store, no engine).
import { describe, expect, it } from 'vitest';
import {
  activityText,
  engineBusy,
  idleMachine,
  isBusy,
  isRunning,
  resetBlocker,
  stepBlocker,
  stopBlocker,
  stopEffect,
  transition,
  type CallLane,
  type RunEvent,
  type RunMachine,
  type RunPhase,
} from '../../../src/ui/state/run-machine.ts';

const at = (phase: RunPhase, calls: Partial<Record<CallLane, number>> = {}): RunMachine => ({ phase, calls: { turn: 0, edit: 0, other: 0, ...calls } });
const run = (m: RunMachine, ...events: RunEvent[]): RunMachine => events.reduce(transition, m);

describe('phase transitions', () => {
  it.each<[RunPhase, RunEvent, RunPhase]>([
    ['idle', { type: 'step' }, 'stepping'],
    ['idle', { type: 'run' }, 'running'],
    ['stepping', { type: 'turnEnded', goOn: true }, 'idle'],
    ['stepping', { type: 'turnEnded', goOn: false }, 'idle'],
    ['running', { type: 'turnEnded', goOn: true }, 'running'],
    ['running', { type: 'turnEnded', goOn: false }, 'idle'],
    ['stepping', { type: 'stop' }, 'stopping'],
    ['running', { type: 'stop' }, 'stopping'],
    ['stepping', { type: 'restarted' }, 'stopping'],
    ['running', { type: 'restarted' }, 'stopping'],
    ['stopping', { type: 'turnEnded', goOn: true }, 'idle'],
    ['stopping', { type: 'turnEnded', goOn: false }, 'idle'],
  ])('%s --%o--> %s', (from, event, to) => {
    const m = at(from);
    const next = transition(m, event);
    expect(next.phase).toBe(to);
    expect(next.calls).toEqual(m.calls);
  });

  it.each<[RunPhase, RunEvent]>([
    // Step and Run start only from idle: a second press while one is under way is refused.
    ['stepping', { type: 'step' }],
    ['running', { type: 'step' }],
    ['stopping', { type: 'step' }],
    ['stepping', { type: 'run' }],
    ['running', { type: 'run' }],
    ['stopping', { type: 'run' }],
    // Stop with nothing to stop, or already stopping, changes nothing.
    ['idle', { type: 'stop' }],
    ['stopping', { type: 'stop' }],
    ['idle', { type: 'restarted' }],
    ['stopping', { type: 'restarted' }],
    // No turn is under way in idle.
    ['idle', { type: 'turnEnded', goOn: true }],
  ])('%s ignores %o (the same object)', (from, event) => {
    const m = at(from, { edit: 1 });
    expect(transition(m, event)).toBe(m);
  });

  it('a Run goes on turn after turn, and ends at the first turn that does not go on', () => {
    const m = run(idleMachine, { type: 'run' }, { type: 'turnEnded', goOn: true }, { type: 'turnEnded', goOn: true });
    expect(m.phase).toBe('running');
    expect(transition(m, { type: 'turnEnded', goOn: false }).phase).toBe('idle');
  });

  it('Stop during Run: stopping until the turn under way ends, then idle (the run does not go on)', () => {
    const m = run(idleMachine, { type: 'run' }, { type: 'stop' });
    expect(m.phase).toBe('stopping');
    expect(transition(m, { type: 'turnEnded', goOn: true }).phase).toBe('idle');
  });
});

describe('engine calls in flight', () => {
  it.each<CallLane>(['turn', 'edit', 'other'])('%s calls are counted, in every phase, without changing it', (lane) => {
    for (const phase of ['idle', 'stepping', 'running', 'stopping'] as const) {
      const m = run(at(phase), { type: 'callStarted', lane }, { type: 'callStarted', lane });
      expect(m.phase).toBe(phase);
      expect(m.calls[lane]).toBe(2);
      const after = run(m, { type: 'callEnded', lane }, { type: 'callEnded', lane });
      expect(after.calls).toEqual({ turn: 0, edit: 0, other: 0 });
    }
  });

  it('an end without a start is ignored (never negative)', () => {
    const m = at('idle');
    expect(transition(m, { type: 'callEnded', lane: 'edit' })).toBe(m);
  });

  it('an edit in flight does not block Step or Run: the machine accepts them', () => {
    const m = run(idleMachine, { type: 'callStarted', lane: 'edit' });
    expect(stepBlocker(m)).toBeNull();
    expect(transition(m, { type: 'step' }).phase).toBe('stepping');
    expect(transition(m, { type: 'run' }).phase).toBe('running');
  });
});

describe('what Stop does', () => {
  it('aborts a request to an LLM (the worker keeps running)', () => {
    expect(stopEffect(at('stepping', { turn: 1 }), true)).toBe('abort-request');
    expect(stopEffect(at('running', { turn: 1 }), true)).toBe('abort-request');
  });

  it("restarts the worker during a turn's engine call (a program, a tool call)", () => {
    expect(stopEffect(at('stepping', { turn: 1 }), false)).toBe('restart-worker');
    expect(stopEffect(at('running', { turn: 1, edit: 1 }), false)).toBe('restart-worker');
  });

  it('does nothing to the engine when the turn has not started (it waits for an edit, and never starts)', () => {
    expect(stopEffect(at('stepping', { edit: 1 }), false)).toBe('none');
    expect(stopEffect(at('running'), false)).toBe('none');
  });

  it('outside a run, restarts the worker when a call is in flight (a runaway REPL program), else nothing', () => {
    expect(stopEffect(at('idle', { other: 1 }), false)).toBe('restart-worker');
    expect(stopEffect(at('idle', { edit: 1 }), false)).toBe('restart-worker');
    expect(stopEffect(at('idle'), false)).toBe('none');
  });
});

describe('what the controls read', () => {
  it('Step/Run: only from idle, and not while another engine call (open, view, REPL) is in flight', () => {
    expect(stepBlocker(at('idle'))).toBeNull();
    expect(stepBlocker(at('idle', { edit: 2 }))).toBeNull();
    expect(stepBlocker(at('idle', { other: 1 }))).toBe('The engine is busy');
    expect(stepBlocker(at('stepping'))).toBe('A step is under way');
    expect(stepBlocker(at('running'))).toBe('Running; Stop first');
    expect(stepBlocker(at('stopping'))).toBe('Stopping');
  });

  it('Stop: during a Step or Run, or any call; not twice', () => {
    expect(stopBlocker(at('stepping'))).toBeNull();
    expect(stopBlocker(at('running'))).toBeNull();
    expect(stopBlocker(at('idle', { other: 1 }))).toBeNull();
    expect(stopBlocker(at('idle'))).toBe('Nothing is running');
    expect(stopBlocker(at('stopping', { turn: 1 }))).toBe('Stopping');
  });

  it('Reset: from idle; an edit in flight is waited for', () => {
    expect(resetBlocker(at('idle', { edit: 1 }))).toBeNull();
    expect(resetBlocker(at('idle', { other: 1 }))).toBe('Stop the run first');
    for (const phase of ['stepping', 'running', 'stopping'] as const) expect(resetBlocker(at(phase))).toBe('Stop the run first');
  });

  it('the status text, running and busy', () => {
    expect(activityText(at('idle'))).toBeNull();
    expect(activityText(at('idle', { edit: 1 }))).toBe('working…');
    expect(activityText(at('stepping'))).toBe('stepping…');
    expect(activityText(at('running'))).toBe('running…');
    expect(activityText(at('stopping'))).toBe('stopping…');
    expect(isRunning(at('running'))).toBe(true);
    expect(isRunning(at('stopping'))).toBe(false);
    expect(isBusy(at('idle'))).toBe(false);
    expect(isBusy(at('stopping'))).toBe(true);
    expect(isBusy(at('idle', { other: 1 }))).toBe(true);
    expect(engineBusy(at('stepping'))).toBe(false);
  });
});
