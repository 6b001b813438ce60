// @vitest-environment happy-dom
// Local persistence in the App (fake-indexeddb): autosave after a change, restoring the last session
// on a fresh mount (a reload), a broken record falling back to the default example, the sessions
// menu, imported files and examples as new records, and a browser without IndexedDB.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStore } from '../../../src/ui/persistence/session-store.ts';
import { createIdbSessionStore } from '../../../src/ui/persistence/session-store.ts';
import { typeInto, waitForDefaultExample } from '../app-helpers.tsx';
import type { Harness } from '../harness.tsx';
import { exampleText, textOf } from '../harness.tsx';
import { freshSessions, memoryTab, renderTab } from '../persistence-helpers.tsx';

afterEach(cleanup);

const testId = (id: string) => screen.getByTestId(id);
const text = (id: string) => testId(id).textContent ?? '';
const button = (id: string) => testId(id) as HTMLButtonElement;

/** Waits until the open session is saved and its record holds exactly the view's text. */
async function waitForSaved(h: Harness, sessions: SessionStore) {
  await waitFor(async () => {
    const { view, persistence } = h.store.getState();
    expect(persistence).not.toBeNull();
    const record = await sessions.get(persistence?.id ?? '');
    expect(record?.text).toBe(textOf(view));
    expect(record?.rev).toBe(persistence?.rev);
  });
  const { persistence } = h.store.getState();
  return (await sessions.get(persistence?.id ?? ''))!;
}

async function openSessionsPanel(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() => expect(button('sessions-button').disabled).toBe(false));
  if (screen.queryByTestId('sessions-panel') === null) await user.click(button('sessions-button'));
  await waitFor(() => expect(within(testId('sessions-list')).queryByText('Loading…')).toBeNull());
}

function item(title: string): HTMLElement {
  const found = within(testId('sessions-list'))
    .getAllByRole('listitem')
    .find((li) => li.dataset.title === title);
  if (!found) throw new Error(`no session titled ${title}`);
  return found;
}

describe('autosave', () => {
  it('saves the default example as a new record, then every change to it', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions });
    await waitForDefaultExample();
    const first = await waitForSaved(h, sessions);
    expect(first).toMatchObject({ rev: 1, title: 'Reviews and inventory', turns: 0 });
    expect(await sessions.getLastOpen()).toBe(first.id);

    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    const saved = await waitForSaved(h, sessions);
    expect(saved.id).toBe(first.id);
    expect(saved.rev).toBe(2);
    expect(saved.turns).toBe(1);
    expect(saved.text).toBe(textOf(h.store.getState().view));
    expect(JSON.parse(saved.text).turns.length).toBe(1);
    expect((await sessions.list()).length).toBe(1);
  });

  it('a turn switch saves nothing (the text did not change); the Step before it saved once', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions });
    await waitForDefaultExample();
    await waitForSaved(h, sessions);
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    const stepped = await waitForSaved(h, sessions);
    expect(stepped.rev).toBe(2);
    await user.click(within(testId('turn-1')).getByRole('button', { name: 'Turn 1' }));
    await waitFor(() => expect(testId('turn-1').getAttribute('data-selected')).toBe('true'));
    // Past the pause (30 ms here), and a flush: still the Step's save.
    await new Promise((resolve) => setTimeout(resolve, 120));
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect((await sessions.get(stepped.id))?.rev).toBe(2);
  });

  it('waits for the pause, and saves at once when the page is hidden', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions, delayMs: 60_000 });
    await waitForDefaultExample();
    // The first save is a minute away: nothing is stored yet.
    await new Promise((r) => setTimeout(r, 50));
    expect(await sessions.list()).toEqual([]);
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const first = await waitForSaved(h, sessions);
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    await new Promise((r) => setTimeout(r, 50));
    expect((await sessions.get(first.id))?.turns).toBe(0);
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    try {
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      const saved = await waitForSaved(h, sessions);
      expect(saved.turns).toBe(1);
    } finally {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });

  it('an opened example and an imported file each become a new record; the one left keeps its text', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions });
    await waitForDefaultExample();
    const first = await waitForSaved(h, sessions);

    await user.selectOptions(testId('examples-menu'), '/examples/side-effect-calls.json');
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    const example = await waitForSaved(h, sessions);
    expect(example.id).not.toBe(first.id);
    expect(example.title).toBe('Side-effect tools returning nil');

    await user.upload(testId('open-file') as HTMLInputElement, new File([exampleText('failed-turn-recovery.json')], 'f.json', { type: 'application/json' }));
    await waitFor(() => expect(text('session-title')).toBe('A failed turn, then recovery'));
    const imported = await waitForSaved(h, sessions);
    expect(new Set([first.id, example.id, imported.id]).size).toBe(3);
    expect((await sessions.list()).map((s) => s.title)).toEqual(['A failed turn, then recovery', 'Side-effect tools returning nil', 'Reviews and inventory']);
    expect((await sessions.get(first.id))?.rev).toBe(1);
    expect(await sessions.getLastOpen()).toBe(imported.id);
    expect(text('notice-text')).toBe('Opened f.json as a new session, "A failed turn, then recovery".');

    // The same file again: a new session, named so that it is told apart from the first.
    await user.upload(
      testId('open-file') as HTMLInputElement,
      new File([exampleText('failed-turn-recovery.json')], 'again.json', { type: 'application/json' }),
    );
    await waitFor(() => expect(text('session-title')).toBe('A failed turn, then recovery (again.json)'));
    expect(text('notice-text')).toBe('Opened again.json as a new session, "A failed turn, then recovery (again.json)".');
    const again = await waitForSaved(h, sessions);
    expect(again.title).toBe('A failed turn, then recovery (again.json)');
    await sessions.delete(again.id);

    // A file with problems lists them by path, one per line, and saves nothing.
    await user.upload(testId('open-file') as HTMLInputElement, new File(['{"version": 1, "title": 3}'], 'broken.json', { type: 'application/json' }));
    await waitFor(() => expect(text('notice-text')).toContain('Could not open broken.json'));
    const lines = text('notice-text').split('\n');
    expect(lines).toContain('mission: required');
    expect(lines.some((l) => l.startsWith('title: '))).toBe(true);
    await new Promise((r) => setTimeout(r, 80));
    expect((await sessions.list()).length).toBe(3);
  });
});

describe('restoring on load', () => {
  it('a fresh mount (a reload) reopens the last session with its turns, without saving it again', async () => {
    const user = userEvent.setup();
    const { sessions, dbName } = freshSessions();
    const first = renderTab({ sessions });
    await waitForDefaultExample();
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    await user.click(button('step'));
    await screen.findByTestId('turn-2');
    const saved = await waitForSaved(first, sessions);
    expect(saved.turns).toBe(2);
    cleanup();

    const again = createIdbSessionStore({ dbName });
    const h = renderTab({ sessions: again });
    await waitFor(() => expect(screen.queryByTestId('turn-2')).not.toBeNull());
    expect(text('session-title')).toBe('Reviews and inventory');
    expect(within(testId('turn-1')).getByTestId('turn-badge').textContent).toBe('ok');
    expect(textOf(h.store.getState().view)).toBe(saved.text);
    expect(h.store.getState().persistence).toEqual({ id: saved.id, rev: saved.rev });
    await new Promise((r) => setTimeout(r, 80));
    expect((await again.list()).map((s) => [s.id, s.rev])).toEqual([[saved.id, saved.rev]]);
    expect(screen.queryByTestId('notice')).toBeNull();
    // It goes on: the next step saves to the same record.
    await user.click(button('step'));
    await screen.findByTestId('turn-3');
    const next = await waitForSaved(h, again);
    expect(next).toMatchObject({ id: saved.id, rev: saved.rev + 1, turns: 3 });
  });

  it('prefers the session this tab had open over the last one any tab opened', async () => {
    const { sessions } = freshSessions();
    const a = await sessions.create(exampleText('side-effect-calls.json'), { savedBy: 'x' });
    const b = await sessions.create(exampleText('failed-turn-recovery.json'), { savedBy: 'x' });
    await sessions.setLastOpen(b.id);
    const tab = memoryTab();
    tab.value = a.id;
    const h = renderTab({ sessions, tabMemory: tab });
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    expect(h.store.getState().persistence?.id).toBe(a.id);
    // Opening it made it the last open session, which a new tab (nothing in its memory) opens.
    await waitFor(async () => expect(await sessions.getLastOpen()).toBe(a.id));
    cleanup();
    renderTab({ sessions, tabMemory: memoryTab() });
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
  });

  it('a broken record falls back to the default example and says why; the record is kept', async () => {
    const { sessions } = freshSessions();
    const broken = await sessions.create('{"version": 1, "title": "Half saved"}', { savedBy: 'x' });
    await sessions.setLastOpen(broken.id);
    const h = renderTab({ sessions });
    await waitForDefaultExample();
    await waitFor(() => expect(text('notice-text')).toContain('The saved session "Half saved" could not be opened, so the default example was opened instead'));
    expect(text('notice-text').split('\n')).toContain('mission: required');
    expect(testId('notice').getAttribute('role')).toBe('alert');
    const fresh = await waitForSaved(h, sessions);
    expect(fresh.id).not.toBe(broken.id);
    expect((await sessions.list()).length).toBe(2);
    expect(await sessions.getLastOpen()).toBe(fresh.id);
  });

  it('a last-open id whose record is gone opens the newest saved session', async () => {
    const { sessions } = freshSessions();
    await sessions.create(exampleText('side-effect-calls.json'), { savedBy: 'x' });
    await sessions.setLastOpen('deleted-long-ago');
    renderTab({ sessions });
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    expect(screen.queryByTestId('notice')).toBeNull();
  });
});

describe('sessions menu', () => {
  it('lists saved sessions, marks the open one, and opens, renames, duplicates and deletes', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions });
    await waitForDefaultExample();
    const reviews = await waitForSaved(h, sessions);
    const side = await sessions.create(exampleText('side-effect-calls.json'), { savedBy: 'elsewhere' });

    await openSessionsPanel(user);
    expect(within(testId('sessions-list')).getAllByRole('listitem').length).toBe(2);
    expect(item('Reviews and inventory').dataset.open).toBe('true');
    expect(item('Side-effect tools returning nil').dataset.open).toBe('false');
    expect(testId(`session-item-${side.id}`)).toBe(item('Side-effect tools returning nil'));
    expect(within(item('Reviews and inventory')).getByTestId('session-info').textContent).toContain('0 turns');
    expect((within(item('Reviews and inventory')).getByTestId('session-open') as HTMLButtonElement).disabled).toBe(true);

    // Open: the other session, which then autosaves to its own record.
    await user.click(within(item('Side-effect tools returning nil')).getByTestId('session-open'));
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    // The menu closes once the open has finished, which may be a moment after the title shows.
    await waitFor(() => expect(screen.queryByTestId('sessions-panel')).toBeNull());
    expect(h.store.getState().persistence?.id).toBe(side.id);
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    const stepped = await waitForSaved(h, sessions);
    expect(stepped).toMatchObject({ id: side.id, rev: 2, turns: 1 });
    expect((await sessions.get(reviews.id))?.rev).toBe(1);

    // Rename a session that is not open.
    await openSessionsPanel(user);
    expect(item('Side-effect tools returning nil').dataset.open).toBe('true');
    await user.click(within(item('Reviews and inventory')).getByTestId('session-rename'));
    const input = testId('session-rename-input') as HTMLInputElement;
    await user.clear(input);
    await typeInto(user, input, 'Reviews, kept{Enter}');
    await waitFor(() => expect(item('Reviews, kept')).toBeTruthy());
    expect((await sessions.get(reviews.id))?.title).toBe('Reviews, kept');
    expect(JSON.parse((await sessions.get(reviews.id))?.text ?? '').title).toBe('Reviews, kept');

    // Rename the open session: its title changes in the page and in the saved text.
    await user.click(within(item('Side-effect tools returning nil')).getByTestId('session-rename'));
    const openInput = testId('session-rename-input') as HTMLInputElement;
    await user.clear(openInput);
    await typeInto(user, openInput, 'Side effects');
    await user.click(testId('session-rename-save'));
    await waitFor(() => expect(text('session-title')).toBe('Side effects'));
    await waitFor(async () => expect((await sessions.get(side.id))?.title).toBe('Side effects'));
    const renamed = await waitForSaved(h, sessions);
    expect(JSON.parse(renamed.text).title).toBe('Side effects');
    expect(renamed.turns).toBe(1);
    await waitFor(() => expect(item('Side effects').dataset.open).toBe('true'));

    // Duplicate: a copy, not opened.
    await user.click(within(item('Side effects')).getByTestId('session-duplicate'));
    await waitFor(() => expect(item('Side effects (copy)')).toBeTruthy());
    const copyId = item('Side effects (copy)').dataset.testid?.replace('session-item-', '') ?? '';
    expect((await sessions.get(copyId))?.text).toBe(JSON.stringify({ ...JSON.parse(renamed.text), title: 'Side effects (copy)' }, null, 2) + '\n');
    expect(h.store.getState().persistence?.id).toBe(side.id);

    // Delete asks first; Cancel keeps it.
    await user.click(within(item('Reviews, kept')).getByTestId('session-delete'));
    await user.click(within(item('Reviews, kept')).getByTestId('session-delete-cancel'));
    expect((await sessions.list()).length).toBe(3);
    await user.click(within(item('Reviews, kept')).getByTestId('session-delete'));
    await user.click(within(item('Reviews, kept')).getByTestId('session-delete-confirm'));
    await waitFor(() => expect(within(testId('sessions-list')).getAllByRole('listitem').length).toBe(2));
    expect(await sessions.get(reviews.id)).toBeUndefined();

    // Deleting the open session opens the newest other one.
    await user.click(within(item('Side effects')).getByTestId('session-delete'));
    await user.click(within(item('Side effects')).getByTestId('session-delete-confirm'));
    await waitFor(() => expect(text('session-title')).toBe('Side effects (copy)'));
    expect(h.store.getState().persistence?.id).toBe(copyId);
    await new Promise((r) => setTimeout(r, 80));
    expect((await sessions.list()).map((s) => s.id)).toEqual([copyId]);

    // New: the default example, as a new record.
    await openSessionsPanel(user);
    await user.click(testId('session-new'));
    await waitForDefaultExample();
    const fresh = await waitForSaved(h, sessions);
    expect(fresh.id).not.toBe(copyId);
    expect((await sessions.list()).map((s) => s.title)).toEqual(['Reviews and inventory', 'Side effects (copy)']);
  });

  it('Escape closes the panel', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    renderTab({ sessions });
    await waitForDefaultExample();
    await openSessionsPanel(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('sessions-panel')).toBeNull();
  });
});

describe('without IndexedDB', () => {
  it('the app works without autosave and says so once', async () => {
    const user = userEvent.setup();
    const original = globalThis.indexedDB;
    (globalThis as { indexedDB?: IDBFactory }).indexedDB = undefined;
    try {
      const h = renderTab({ sessions: createIdbSessionStore({ dbName: 'refused' }) });
      await waitForDefaultExample();
      await waitFor(() => expect(text('notice-text')).toContain('Sessions are not saved in this browser'));
      expect(testId('notice').getAttribute('role')).toBe('status');
      expect(button('sessions-button').disabled).toBe(true);
      expect(button('sessions-button').title).toContain('not saved');
      await user.click(button('step'));
      await screen.findByTestId('turn-1');
      await new Promise((r) => setTimeout(r, 80));
      // No save was tried, so no "could not save" error replaces the one notice.
      expect(screen.queryByTestId('notice')).toBeNull();
      expect(h.store.getState().persistence).toBeNull();
    } finally {
      globalThis.indexedDB = original;
    }
  });

  it('without a provider nothing is saved and the default example opens (as before)', async () => {
    const { renderWithPlayground } = await import('../harness.tsx');
    const { App } = await import('../../../src/ui/App.tsx');
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    expect(screen.queryByTestId('sessions-button')).toBeNull();
    expect(screen.queryByTestId('notice')).toBeNull();
  });
});
