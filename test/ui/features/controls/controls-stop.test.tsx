// @vitest-environment happy-dom
// Stop while a run is under way (the engine answers slowly here), by the button and by Escape.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSlowApp, waitForDefaultExample } from '../../app-helpers.tsx';
import { isBusy, isRunning } from '../../../../src/ui/state/run-machine.ts';

afterEach(cleanup);

const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('Stop', () => {
  it('the Stop button between two turns ends the run quietly: no restart, every count kept', async () => {
    const user = userEvent.setup();
    const { store, engines } = renderSlowApp(200);
    await waitForDefaultExample();
    expect(button('stop').disabled).toBe(true);
    await user.click(button('run'));
    await screen.findByTestId('turn-1');
    expect(button('stop').disabled).toBe(false);
    await user.click(button('stop'));
    await waitFor(() => expect(isRunning(store.getState().machine)).toBe(false));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    // The turn under way answered within Stop's grace: the same worker, no banner.
    expect(engines).toHaveLength(1);
    expect(screen.queryByTestId('notice')).toBeNull();
    expect(screen.getByTestId('status').textContent).toBe('running');
    const turns = store.getState().view?.turns.length ?? 0;
    expect(turns).toBeLessThan(3);
    expect(button('step').disabled).toBe(false);
    // Stepping goes on from where the session was.
    await user.click(button('step'));
    await screen.findByTestId(`turn-${turns + 1}`);
  });

  it('Escape during a quick mock Run ends it with the token counts intact (no restart, no "?")', async () => {
    const user = userEvent.setup();
    const { store, engines } = renderSlowApp(100);
    await waitForDefaultExample();
    await user.click(button('run'));
    await screen.findByTestId('turn-2');
    // Pressed while the next turn's call is in the worker, as a person's key mostly is during Run.
    await new Promise<void>((resolve) => {
      const check = () => store.getState().machine.calls.turn > 0 && (resolve(), true);
      if (!check()) {
        const unsubscribe = store.subscribe(() => check() && unsubscribe());
      }
    });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(engines).toHaveLength(1);
    expect(screen.queryByTestId('notice')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('compressed-tokens').textContent).toMatch(/^[\d,]+$/));
  });

  it('Escape stops a run', async () => {
    const user = userEvent.setup();
    const { store } = renderSlowApp(200);
    await waitForDefaultExample();
    await user.click(button('run'));
    await screen.findByTestId('turn-1');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(isRunning(store.getState().machine)).toBe(false));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(screen.getByTestId('status').textContent).toBe('running');
    expect(store.getState().view?.turns.length).toBeLessThan(3);
  });

  it('Stop during a step that does not answer restarts the engine after its grace, and says so (dismissable)', async () => {
    const user = userEvent.setup();
    const { store, engines } = renderSlowApp(5, { neverAnswer: ['stepTurn'] });
    await waitForDefaultExample();
    await user.click(button('step'));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(true));
    await user.click(button('stop'));
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('engine was restarted'));
    expect(engines).toHaveLength(2);
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(screen.queryByTestId('turn-1')).toBeNull();
    await user.click(screen.getByTestId('notice-dismiss'));
    expect(screen.queryByTestId('notice')).toBeNull();
  });
});

describe('Ctrl/Cmd+Enter while the engine is busy', () => {
  it('is kept, said, and Steps once as soon as the engine is free, however often it was pressed', async () => {
    const user = userEvent.setup();
    // The first Step answers once the keys were pressed, however long pressing takes.
    let pressed = () => {};
    const keysPressed = new Promise<void>((resolve) => (pressed = resolve));
    const { store } = renderSlowApp(20, { gate: (name, n) => (name === 'stepTurn' && n === 1 ? keysPressed : undefined) });
    await waitForDefaultExample();
    await user.click(button('step'));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(true));
    for (let i = 0; i < 3; i++) await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.getByTestId('step-queued').textContent).toBe('Step queued');
    pressed();
    await screen.findByTestId('turn-2');
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(screen.queryByTestId('step-queued')).toBeNull();
    expect(store.getState().view?.turns).toHaveLength(2);
  });

  it('is not queued during Run (Run is already stepping), and nothing steps after the run ends', async () => {
    const user = userEvent.setup();
    const { store } = renderSlowApp(100);
    await waitForDefaultExample();
    await user.click(button('run'));
    await screen.findByTestId('turn-1');
    // During Run the shortcut is not queued: Run is already stepping.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(screen.queryByTestId('step-queued')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('returned'), { timeout: 10_000 });
    const turns = store.getState().view?.turns.length;
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(store.getState().view?.turns.length).toBe(turns);
  });
});
