// @vitest-environment happy-dom
// Branches in the App: fork the default example at turn 3 with trim (the turn list keeps turns 1–2
// and the bar names the new branch), Step it, open main again, compare the two (turns 1–2 shared),
// a refused fork shows the engine's error, a branch is removed after a confirmation.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../../../src/ui/App.tsx';
import { forkRequestOf } from '../../../../src/ui/features/branches/fork-form.ts';
import { renderSlowApp, typeInto, waitForDefaultExample } from '../../app-helpers.tsx';
import { renderWithPlayground, type Harness } from '../../harness.tsx';

afterEach(cleanup);

const testId = (id: string) => screen.getByTestId(id);
const text = (id: string) => testId(id).textContent ?? '';
const turnNumbers = () => screen.queryAllByTestId(/^turn-\d+$/).map((el) => Number(el.dataset.testid?.slice(5)));

async function stepTo(user: UserEvent, n: number): Promise<void> {
  const step = testId('step') as HTMLButtonElement;
  await waitFor(() => expect(step.disabled).toBe(false));
  await user.click(step);
  await screen.findByTestId(`turn-${n}`);
}

/** The default example stepped three times, then forked at turn 3 with trim. */
async function forkedAtThree(): Promise<{ user: UserEvent; h: Harness }> {
  const user = userEvent.setup();
  const h = renderWithPlayground(<App />);
  await waitForDefaultExample();
  for (const n of [1, 2, 3]) await stepTo(user, n);
  // One branch: no bar yet, but every card can be forked from.
  expect(screen.queryByTestId('branch-bar')).toBeNull();
  await user.click(testId('fork-3'));
  const dialog = await screen.findByRole('dialog', { name: 'Fork from turn 3' });
  await user.selectOptions(within(dialog).getByLabelText('Strategy'), 'trim');
  expect((within(dialog).getByLabelText('Branch name') as HTMLInputElement).value).toBe('trim from turn 3');
  await user.click(within(dialog).getByRole('button', { name: 'Fork' }));
  await waitFor(() => expect(screen.queryByTestId('fork-dialog')).toBeNull());
  return { user, h };
}

describe('branches', () => {
  it('forks at turn 3 with trim, steps the branch, opens main again and compares the two', async () => {
    const { user, h } = await forkedAtThree();
    await waitFor(() => expect(turnNumbers()).toEqual([1, 2]));
    expect(text('branch-open-name')).toBe('trim from turn 3');
    const select = screen.getByRole('combobox', { name: 'Open a branch' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['main (3 turns, returned)', '\u00a0\u00a0└ trim from turn 3 (2 turns, running)']);
    expect(h.store.getState().view?.setup.sessionStrategy).toBe('trim');

    await stepTo(user, 3);
    expect(turnNumbers()).toEqual([1, 2, 3]);
    await waitFor(() => expect(select.selectedOptions[0].textContent).toContain('trim from turn 3 (3 turns, returned)'));

    // Back to main: its own three turns and settings.
    await user.selectOptions(select, 'main');
    await waitFor(() => expect(text('branch-open-name')).toBe('main'));
    expect(turnNumbers()).toEqual([1, 2, 3]);
    expect(h.store.getState().view?.setup.sessionStrategy).not.toBe('trim');

    await user.click(testId('branch-compare'));
    const dialog = await screen.findByRole('dialog', { name: 'Compare branches' });
    await within(dialog).findByTestId('branch-compare-table');
    expect(text('branch-side-a-name')).toBe('main');
    expect(text('branch-side-b-name')).toBe('trim from turn 3');
    expect(text('branch-side-b-strategy')).toBe('trim');
    expect(text('branch-side-a-strategy')).toBe(h.store.getState().view?.setup.sessionStrategy);
    expect(text('branch-side-a-status')).toBe('returned');
    expect(text('branch-side-b-status')).toBe('returned');
    // Turns 1–2 were made before the fork: once across both columns, marked shared.
    expect(text('branch-shared-1')).toContain('shared');
    expect(text('branch-shared-2')).toContain('shared');
    expect(screen.queryByTestId('branch-shared-3')).toBeNull();
    expect(screen.queryByTestId('branch-turn-a-1')).toBeNull();
    // The same word as the turn card: turn 3 returned, so "returned", not "ok".
    expect(text('branch-turn-a-3')).toContain('returned');
    expect(text('branch-turn-a-3')).not.toMatch(/\bok\b/);
    expect(text('branch-shared-1')).toContain('→ ok,');
    expect(text('branch-turn-b-3')).toMatch(/\d+ prompt tokens/);
    expect(text('branch-total-a')).toMatch(/prompt tokens \(counted\)/);
    // Another pair: the same branch twice is all shared.
    await user.selectOptions(within(dialog).getByLabelText('Branch B'), 'main');
    await waitFor(() => expect(screen.queryByTestId('branch-shared-3')).not.toBeNull());
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows why a fork is refused and keeps the dialog open', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await stepTo(user, 1);
    await user.click(testId('fork-1'));
    const dialog = await screen.findByRole('dialog', { name: 'Fork from turn 1' });
    await typeInto(user, within(dialog).getByLabelText('Temperature (optional)'), '9');
    await user.click(within(dialog).getByRole('button', { name: 'Fork' }));
    const errors = await within(dialog).findByRole('alert');
    expect(errors.textContent).toMatch(/temperature/i);
    expect(screen.queryByTestId('branch-bar')).toBeNull();
    expect(turnNumbers()).toEqual([1]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a branch that is not open, after a confirmation', async () => {
    const { user } = await forkedAtThree();
    await waitFor(() => expect(text('branch-open-name')).toBe('trim from turn 3'));
    await user.click(testId('branch-remove'));
    const confirm = testId('branch-remove-confirm');
    // The open branch is not offered.
    expect([...(within(confirm).getByLabelText('Branch to remove') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['main']);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('branch-remove-confirm')).toBeNull();
    expect(testId('branch-bar')).toBeTruthy();

    await user.click(testId('branch-remove'));
    await user.click(within(testId('branch-remove-confirm')).getByRole('button', { name: 'Remove' }));
    // One branch left: no bar; the open branch's turns stay.
    await waitFor(() => expect(screen.queryByTestId('branch-bar')).toBeNull());
    expect(turnNumbers()).toEqual([1, 2]);
  });

  it('forks from the next turn too, and a request changes only what the dialog changed', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await stepTo(user, 1);
    expect(testId('fork-2').textContent).toBe('Fork from here');
    await user.click(testId('fork-2'));
    const dialog = await screen.findByRole('dialog', { name: 'Fork from turn 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Fork' }));
    await waitFor(() => expect(text('branch-open-name')).toMatch(/from turn 2$/));
    expect(turnNumbers()).toEqual([1]);

    const base = { name: 'x', strategy: 'trim', prompt: 'unchanged' as const, suffix: '', model: '', temperature: '' };
    expect(forkRequestOf(base, 3, 'trim', true)).toEqual({ at: 3, name: 'x' });
    expect(
      forkRequestOf({ ...base, strategy: 'aggressive', prompt: 'default', model: ' gpt-x ', temperature: '0.5' }, 2, 'trim', {
        strategy: 'trim',
        keepRecent: 2,
      }),
    ).toEqual({
      at: 2,
      name: 'x',
      compression: { strategy: 'aggressive', keepRecent: 2 },
      systemPrompt: null,
      llm: { model: 'gpt-x', temperature: 0.5 },
    });
    expect(forkRequestOf({ ...base, prompt: 'suffix', suffix: 'Be brief.' }, 1, 'trim', 'trim').systemPrompt).toEqual({ suffix: 'Be brief.' });
  });

  it('offers no fork while a Run is under way', async () => {
    const user = userEvent.setup();
    const h = renderSlowApp(30);
    await waitForDefaultExample();
    await stepTo(user, 1);
    const fork = testId('fork-1') as HTMLButtonElement;
    await waitFor(() => expect(fork.disabled).toBe(false));
    await user.click(testId('run'));
    await waitFor(() => expect(h.store.getState().machine.phase).toBe('running'));
    expect((testId('fork-1') as HTMLButtonElement).disabled).toBe(true);
    expect(testId('fork-1').title).toBe('Stop the run first');
    await waitFor(() => expect(text('status')).toBe('returned'), { timeout: 10_000 });
    await waitFor(() => expect((testId('fork-1') as HTMLButtonElement).disabled).toBe(false));
  });
});
