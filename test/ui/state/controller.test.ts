// The controller without React: the real engine in-process behind a fake worker whose calls the test
// can hold (a gate) or never answer, and a fake clock for the controller's waits (Stop's grace), so
// nothing here sleeps: every wait is on a call reached, a promise or the store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineClient } from '../../../src/ui/engine/client.ts';
import { KeyStore } from '../../../src/ui/persistence/keys.ts';
import { DEFAULT_EXAMPLE } from '../../../src/ui/state/examples.ts';
import type { Clock } from '../../../src/ui/state/clock.ts';
import { PlaygroundController, STOP_GRACE_MS } from '../../../src/ui/state/controller.ts';
import type { PlaygroundState } from '../../../src/ui/state/store.ts';
import { fakeWorkers } from '../fake-worker.ts';

/** Timers that fire only when the test moves time on. */
class FakeClock implements Clock {
  private time = 0;
  private ids = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  setTimeout(fn: () => void, ms: number): number {
    const id = ++this.ids;
    this.timers.set(id, { at: this.time + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  now(): number {
    return this.time;
  }
  pending(): number {
    return this.timers.size;
  }
  /** Moves time on by `ms`, firing every timer due by then in order. */
  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].fn();
    }
    this.time = until;
  }
}

/** A call the test holds: `reached` once the page made it, answered once `open` is called. */
interface Gate {
  reached: Promise<void>;
  open(): void;
}

function defaultExample(): string {
  return readFileSync(join(__dirname, '..', '..', '..', 'examples', `${DEFAULT_EXAMPLE}.json`), 'utf8');
}

function setup() {
  const log: string[] = [];
  const gates = new Map<string, { reached: () => void; opened: Promise<void> }>();
  const never = new Set<string>();
  let workers = 0;
  const fake = fakeWorkers({
    gate: (name, n) => gates.get(`${name}#${n}`)?.opened,
    never: (name, n) => never.has(`${name}#${n}`),
    onCall: (name, n) => {
      const key = `${name}#${n}`;
      log.push(key);
      gates.get(key)?.reached();
    },
  });
  const client = new EngineClient({
    createWorker: () => {
      workers++;
      return fake.createWorker();
    },
    watchdogMs: 60_000,
  });
  const clock = new FakeClock();
  const controller = new PlaygroundController({ client, clock, keys: new KeyStore(null) });
  controller.attach();
  const s = (): PlaygroundState => controller.store.getState();
  return {
    controller,
    clock,
    log,
    s,
    workers: () => workers,
    /** Holds the page's `n`th call of `name` until the gate is opened. */
    gate(name: string, n: number): Gate {
      let reached!: () => void;
      let open!: () => void;
      const r = new Promise<void>((resolve) => (reached = resolve));
      const opened = new Promise<void>((resolve) => (open = resolve));
      gates.set(`${name}#${n}`, { reached, opened });
      return { reached: r, open };
    },
    /** The page's `n`th call of `name` never answers. */
    neverAnswer(name: string, n: number): void {
      never.add(`${name}#${n}`);
    },
    /** Resolves once the store satisfies `check` (checked now and on every change). */
    until(check: (state: PlaygroundState) => boolean): Promise<void> {
      return new Promise((resolve) => {
        if (check(s())) return resolve();
        const unsubscribe = controller.store.subscribe((state) => {
          if (!check(state)) return;
          unsubscribe();
          resolve();
        });
      });
    },
  };
}

async function opened() {
  const t = setup();
  const outcome = await t.controller.open(defaultExample());
  expect(outcome).toEqual({ ok: true, problems: [] });
  return t;
}

describe('PlaygroundController', () => {
  it('opens the default example, steps, runs to the end and resets', async () => {
    const t = await opened();
    expect(t.s().view?.turns).toHaveLength(0);
    expect(t.controller.canStep()).toEqual({ ok: true, why: '' });
    expect(t.controller.canStop().ok).toBe(false);

    expect(await t.controller.step()).toBe(true);
    expect(t.s().view?.turns).toHaveLength(1);
    expect(t.s().machine.phase).toBe('idle');

    await t.controller.run();
    const view = t.s().view;
    expect(view?.status).toBe('returned');
    expect(view?.turns.length).toBeGreaterThan(1);
    expect(t.s().machine.phase).toBe('idle');
    expect(t.controller.canStep().ok).toBe(false);
    expect(t.controller.canReset().ok).toBe(true);

    await t.controller.reset();
    expect(t.s().view?.turns).toHaveLength(0);
    expect(t.s().view?.status).toBe('running');
    expect(t.controller.canStep().ok).toBe(true);
    // Nothing here waited on the clock.
    expect(t.clock.now()).toBe(0);
  });

  it('Stop during a turn that answers within the grace ends the run quietly: no restart', async () => {
    const t = await opened();
    const second = t.gate('stepTurn', 2);
    const running = t.controller.run();
    await second.reached;
    expect(t.controller.canStop().ok).toBe(true);
    const stopping = t.controller.stop();
    // The grace is waiting on the clock; the call answers before it ends.
    expect(t.clock.pending()).toBe(1);
    second.open();
    await stopping;
    await running;
    expect(t.workers()).toBe(1);
    expect(t.clock.pending()).toBe(0);
    expect(t.s().view?.turns).toHaveLength(2);
    expect(t.s().view?.status).toBe('running');
    expect(t.s().machine.phase).toBe('idle');
    expect(t.s().notice).toBeNull();
    expect(t.log.filter((c) => c.startsWith('stepTurn'))).toEqual(['stepTurn#1', 'stepTurn#2']);
  });

  it('Stop during a call that never answers restarts the worker once the grace has passed; the session is kept', async () => {
    const t = await opened();
    t.neverAnswer('stepTurn', 2);
    const second = t.gate('stepTurn', 2);
    const running = t.controller.run();
    await second.reached;
    second.open();
    const stopping = t.controller.stop();
    expect(t.s().machine.phase).toBe('stopping');
    t.clock.advance(STOP_GRACE_MS - 1);
    expect(t.workers()).toBe(1);
    t.clock.advance(1);
    await stopping;
    await running;
    expect(t.workers()).toBe(2);
    await t.until((s) => s.machine.phase === 'idle');
    expect(t.s().notice?.kind).toBe('error');
    expect(t.s().notice?.text).toMatch(/restarted/);
    // The turn made before Stop is kept; the one cut never happened.
    expect(t.s().view?.turns).toHaveLength(1);
    // The new worker has the session: a Step goes on from it.
    expect(await t.controller.step()).toBe(true);
    expect(t.s().view?.turns).toHaveLength(2);
  });

  it('an edit made during Run is applied between two turns, and the next turn is made on it', async () => {
    const t = await opened();
    const first = t.gate('stepTurn', 1);
    const running = t.controller.run();
    await first.reached;
    const edited = t.controller.edit((def) => ({ ...def, mission: `${def.mission} (edited)` }));
    // Held behind the turn in flight.
    await Promise.resolve();
    expect(t.log).not.toContain('setDefinition#1');
    first.open();
    expect((await edited).ok).toBe(true);
    await running;
    const order = t.log.filter((c) => c.startsWith('stepTurn') || c.startsWith('setDefinition'));
    expect(order.slice(0, 3)).toEqual(['stepTurn#1', 'setDefinition#1', 'stepTurn#2']);
    expect(t.s().view?.setup.definition.mission).toMatch(/\(edited\)$/);
    expect(t.s().view?.status).toBe('returned');
  });

  it('keeps one store per feature factory', () => {
    const t = setup();
    const factory = () => ({ made: Symbol('store') });
    expect(t.controller.storeFor(factory)).toBe(t.controller.storeFor(factory));
    expect(setup().controller.storeFor(factory)).not.toBe(t.controller.storeFor(factory));
  });
});
