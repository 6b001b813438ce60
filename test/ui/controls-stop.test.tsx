// @vitest-environment happy-dom
// Stop while a run is under way (the engine answers slowly here), by the button and by Escape.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderSlowApp, waitForDefaultExample } from './app-helpers.tsx';
import { isBusy, isRunning } from '../../src/ui/state/run-machine.ts';

afterEach(cleanup);

const button = (id: string) => screen.getByTestId(id) as HTMLButtonElement;

describe('Stop', () => {
  it('the Stop button stops a run; the engine restarts with the session kept', async () => {
    const user = userEvent.setup();
    const { store } = renderSlowApp(200);
    await waitForDefaultExample();
    expect(button('stop').disabled).toBe(true);
    await user.click(button('run'));
    await screen.findByTestId('turn-1');
    expect(button('stop').disabled).toBe(false);
    await user.click(button('stop'));
    await waitFor(() => expect(isRunning(store.getState().machine)).toBe(false));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    // The run did not reach its end.
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.getByTestId('status').textContent).toBe('running');
    expect(screen.queryByTestId('turn-3')).toBeNull();
    expect(button('step').disabled).toBe(false);
    // Stepping goes on from where the session was.
    const turns = store.getState().view?.turns.length ?? 0;
    await user.click(button('step'));
    await screen.findByTestId(`turn-${turns + 1}`);
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
    await new Promise((r) => setTimeout(r, 700));
    expect(screen.getByTestId('status').textContent).toBe('running');
    expect(screen.queryByTestId('turn-3')).toBeNull();
  });

  it('Stop during a step in flight says the engine was restarted (dismissable)', async () => {
    const user = userEvent.setup();
    const { store } = renderSlowApp(300);
    await waitForDefaultExample();
    await user.click(button('step'));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(true));
    await user.click(button('stop'));
    await waitFor(() => expect(screen.getByTestId('notice-text').textContent).toContain('engine was restarted'));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false));
    expect(screen.queryByTestId('turn-1')).toBeNull();
    await user.click(screen.getByTestId('notice-dismiss'));
    expect(screen.queryByTestId('notice')).toBeNull();
  });
});
