// @vitest-environment jsdom
// jsdom, not happy-dom: this file talks to a local fake LLM server through fetch, and jsdom keeps
// Node's own fetch (a dropped connection fails as in a browser; happy-dom's fetch reports it otherwise).
// Step, Run, Stop and edits overlapping, in the App (the run machine, src/ui/state/run-machine.ts):
// an edit during Run is applied between turns; Step pressed while an edit is being applied waits for
// it; Stop during a tool call restarts the worker; Stop during an LLM request aborts it; Stop while a
// Step waits for an edit means its turn never starts. The engine answers each method after its own
// delay here, and logs when each call starts (+) and is answered (-).
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { EngineClient } from '../../../../src/ui/engine/client.ts';
import { PlaygroundProvider } from '../../../../src/ui/state/playground.tsx';
import type { RunPhase } from '../../../../src/ui/state/run-machine.ts';
import { createPlaygroundStore, type PlaygroundStore } from '../../../../src/ui/state/store.ts';
import { startFakeOpenAi, type FakeLlmServer } from '../../../fakes/llm-servers.ts';
import { pasteInto, clearEditor, waitForDefaultExample } from '../../app-helpers.tsx';
import { fakeWorkers } from '../../fake-worker.ts';
import { button, exampleReplies, renderLlmApp, replyText, configureLlm } from '../../llm-helpers.tsx';

afterEach(cleanup);

interface ControlledApp {
  store: PlaygroundStore;
  /** `+name` when a call reached the engine, `-name` when it answered (turn and edit calls only). */
  log: string[];
  /** Workers made so far (a restart makes one more). */
  workers: () => number;
}

const LOGGED = new Set(['stepTurn', 'setDefinition', 'reset']);

/**
 * The App over an in-process engine that answers `name` after `delays[name]` ms (else `delays.other`);
 * `hold(name, n)` true: the n-th call of that name never answers (a tool call that never returns);
 * `gate(name, n)` a promise: the n-th call of that name starts its delay once the test settles it.
 */
function renderControlledApp(
  delays: Record<string, number>,
  hold: (name: string, n: number) => boolean = () => false,
  gate: (name: string, n: number) => Promise<void> | undefined = () => undefined,
): ControlledApp {
  const log: string[] = [];
  let workers = 0;
  const fake = fakeWorkers({
    delay: (name) => delays[name] ?? delays.other ?? 0,
    gate,
    // A call held never answers (a tool call that never returns).
    never: hold,
    onCall: (name) => void (LOGGED.has(name) && log.push(`+${name}`)),
    onAnswer: (name) => void (LOGGED.has(name) && log.push(`-${name}`)),
  });
  const client = new EngineClient({
    createWorker: () => {
      workers++;
      return fake.createWorker();
    },
    // Generous: only Stop restarts the worker in these tests.
    watchdogMs: 60_000,
  });
  const store = createPlaygroundStore();
  render(
    <PlaygroundProvider client={client} store={store}>
      <App />
    </PlaygroundProvider>,
  );
  return { store, log, workers: () => workers };
}

/** Every phase the machine goes through from now on. */
function recordPhases(store: PlaygroundStore): RunPhase[] {
  const phases: RunPhase[] = [store.getState().machine.phase];
  store.subscribe((s) => {
    if (s.machine.phase !== phases[phases.length - 1]) phases.push(s.machine.phase);
  });
  return phases;
}

/** The log with the other calls' entries left out: no two calls of the session lane overlap. */
function expectNoOverlap(log: readonly string[]): void {
  let open: string | null = null;
  for (const entry of log) {
    if (entry.startsWith('+')) {
      expect(open, `${entry} while ${open} was in flight (${log.join(' ')})`).toBeNull();
      open = entry.slice(1);
    } else {
      expect(entry.slice(1)).toBe(open);
      open = null;
    }
  }
}

const mission = () => screen.getByTestId('mission-input');

describe('an edit during Run', () => {
  it('is applied between turns: after the turn in flight, before the next; never lost, never overlapping a turn', async () => {
    const user = userEvent.setup();
    // Turn 2 answers once the edit is typed, however long typing takes: the run then sends the waiting
    // edit before turn 3 (its pause need not be over), after the turn in flight.
    let typed = () => {};
    const editTyped = new Promise<void>((resolve) => (typed = resolve));
    const app = renderControlledApp({ other: 20 }, undefined, (name, n) => (name === 'stepTurn' && n === 2 ? editTyped : undefined));
    await waitForDefaultExample();
    await user.click(button('run'));
    await screen.findByTestId('turn-1', {}, { timeout: 5000 });
    // Turn 2 is in flight now; the edit is typed while it runs.
    await waitFor(() => expect(app.store.getState().machine.calls.turn).toBe(1));
    await clearEditor(user, mission());
    await pasteInto(user, mission(), 'Count the products');
    typed();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('returned'), { timeout: 15_000 });
    expect(app.store.getState().view?.setup.definition.mission).toBe('Count the products');
    expect(app.store.getState().machine).toEqual({ phase: 'idle', calls: { turn: 0, edit: 0, other: 0 } });
    // The edit went between two turns (turn 1 had ended when it was typed), and no call overlapped.
    expectNoOverlap(app.log);
    const edit = app.log.indexOf('+setDefinition');
    expect(app.log.slice(0, edit).filter((e) => e === '-stepTurn').length).toBeGreaterThanOrEqual(2);
    expect(app.log.slice(edit)).toContain('+stepTurn');
    // The turn after the edit was made with the new mission.
    const turns = app.store.getState().view?.turns ?? [];
    expect(turns.length).toBe(3);
    await user.click(screen.getByTestId('turn-3'));
    await waitFor(() => expect(screen.getByTestId('messages-heading').textContent).toMatch(/turn 3/));
    expect(screen.getByTestId('compressed-user').textContent?.startsWith('Count the products\n')).toBe(true);
  }, 30_000);
});

describe('Step while an edit is being applied', () => {
  it('is enabled, accepted, and its turn waits for the edit (made on the new definition)', async () => {
    const user = userEvent.setup();
    const app = renderControlledApp({ setDefinition: 600, other: 20 });
    await waitForDefaultExample();
    await clearEditor(user, mission());
    await pasteInto(user, mission(), 'Count the products');
    // The edit's pause is over: the engine is applying it.
    await waitFor(() => expect(app.store.getState().machine.calls.edit).toBe(1), { timeout: 3000 });
    expect(button('step').disabled).toBe(false);
    await user.click(button('step'));
    expect(app.store.getState().machine.phase).toBe('stepping');
    await screen.findByTestId('turn-1', {}, { timeout: 5000 });
    expectNoOverlap(app.log);
    expect(app.log.indexOf('-setDefinition')).toBeLessThan(app.log.indexOf('+stepTurn'));
    await user.click(screen.getByTestId('turn-1'));
    await waitFor(() => expect(screen.getByTestId('messages-heading').textContent).toMatch(/turn 1/));
    expect(screen.getByTestId('compressed-user').textContent?.startsWith('Count the products\n')).toBe(true);
    await waitFor(() => expect(app.store.getState().machine.phase).toBe('idle'));
  }, 20_000);

  it('by the keyboard too (Ctrl+Enter is never dropped)', async () => {
    const user = userEvent.setup();
    const app = renderControlledApp({ setDefinition: 600, other: 20 });
    await waitForDefaultExample();
    await clearEditor(user, mission());
    await pasteInto(user, mission(), 'Count the products');
    await waitFor(() => expect(app.store.getState().machine.calls.edit).toBe(1), { timeout: 3000 });
    mission().blur();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('turn-1', {}, { timeout: 5000 });
    expect(app.log.indexOf('-setDefinition')).toBeLessThan(app.log.indexOf('+stepTurn'));
  }, 20_000);

  it('Stop while that Step waits: its turn never starts, the engine is not restarted, the edit is kept', async () => {
    const user = userEvent.setup();
    const app = renderControlledApp({ setDefinition: 800, other: 20 });
    await waitForDefaultExample();
    const phases = recordPhases(app.store);
    await clearEditor(user, mission());
    await pasteInto(user, mission(), 'Count the products');
    await waitFor(() => expect(app.store.getState().machine.calls.edit).toBe(1), { timeout: 3000 });
    await user.click(button('step'));
    expect(button('stop').disabled).toBe(false);
    await user.click(button('stop'));
    await waitFor(() => expect(app.store.getState().machine.phase).toBe('idle'), { timeout: 5000 });
    expect(phases).toEqual(['idle', 'stepping', 'stopping', 'idle']);
    expect(app.log).not.toContain('+stepTurn');
    expect(app.workers()).toBe(1);
    expect(app.store.getState().view?.setup.definition.mission).toBe('Count the products');
    expect(screen.queryByTestId('turn-1')).toBeNull();
    expect(button('step').disabled).toBe(false);
  }, 20_000);
});

describe('Stop during a tool call', () => {
  it('restarts the worker (a tool call that never returns); the run does not go on; the session is kept', async () => {
    const user = userEvent.setup();
    // Turn 2's call never answers, like a tool call that never returns.
    const app = renderControlledApp({ other: 20 }, (name, n) => name === 'stepTurn' && n === 2);
    await waitForDefaultExample();
    await user.click(button('run'));
    await screen.findByTestId('turn-1', {}, { timeout: 5000 });
    await waitFor(() => expect(app.log.filter((e) => e === '+stepTurn')).toHaveLength(2));
    expect(app.store.getState().machine).toMatchObject({ phase: 'running', calls: { turn: 1 } });
    const phases = recordPhases(app.store);
    await user.click(button('stop'));
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('engine was restarted'), { timeout: 5000 });
    await waitFor(() => expect(app.store.getState().machine).toEqual({ phase: 'idle', calls: { turn: 0, edit: 0, other: 0 } }));
    expect(phases).toEqual(['running', 'stopping', 'idle']);
    expect(app.workers()).toBe(2);
    // The session as it was before the step that was stopped: turn 1 kept, no turn 2, Run did not go on.
    await new Promise((r) => setTimeout(r, 300));
    expect(app.store.getState().view?.turns).toHaveLength(1);
    expect(screen.queryByTestId('turn-2')).toBeNull();
    expect(app.log.filter((e) => e === '+stepTurn')).toHaveLength(2);
    // The new worker steps on from there.
    await user.click(button('step'));
    await screen.findByTestId('turn-2', {}, { timeout: 5000 });
  }, 20_000);
});

describe('Stop during an LLM request', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeOpenAi();
  });
  afterAll(() => server.close());

  it('aborts the request (no restart); the Step ends, its partial text kept; Step asks again', async () => {
    const user = userEvent.setup();
    const app = await renderLlmApp();
    await configureLlm(app, { provider: 'openai', baseUrl: server.url, model: 'fake-model' });
    const replies = exampleReplies();
    server.enqueue({ text: replies[0], chunks: 40, chunkDelayMs: 60 });
    const phases = recordPhases(app.store);
    await user.click(button('step'));
    await waitFor(() => expect(replyText().length).toBeGreaterThan(0), { timeout: 5000 });
    expect(app.store.getState().machine).toMatchObject({ phase: 'stepping', calls: { turn: 1 } });
    await user.click(button('stop'));
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('Stopped the request for turn 1'));
    await waitFor(() => expect(app.store.getState().machine).toEqual({ phase: 'idle', calls: { turn: 0, edit: 0, other: 0 } }));
    expect(phases).toEqual(['idle', 'stepping', 'stopping', 'idle']);
    expect(app.engines).toHaveLength(1);
    expect(screen.queryByTestId('turn-1')).toBeNull();
    server.enqueue({ text: replies[0] });
    await user.click(button('step'));
    await screen.findByTestId('turn-1', {}, { timeout: 5000 });
    expect(app.engines).toHaveLength(1);
  }, 20_000);
});
