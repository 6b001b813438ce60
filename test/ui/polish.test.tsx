// @vitest-environment happy-dom
// Polish a new user hit: the status before anything ran, errors said once, the REPL's hint
// from the session's own names, a long notice readable to its last line, Share offering only what
// makes sense, and opening an example again going back to its saved copy instead of saving another.
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App.tsx';
import { NOTICE_COLLAPSED_LINES } from '../../src/ui/features/layout/NoticeBanner.tsx';
import { replHint } from '../../src/ui/features/repl/ReplPane.tsx';
import { clearEditor, pasteInto, renderSlowApp, typeInto, waitForDefaultExample } from './app-helpers.tsx';
import { exampleText, renderWithPlayground, type Harness } from './harness.tsx';
import { freshSessions, memoryTab, renderTab } from './persistence-helpers.tsx';
import { isBusy, isRunning } from '../../src/ui/state/run-machine.ts';

afterEach(cleanup);

const testId = (id: string) => screen.getByTestId(id);
const text = (id: string) => testId(id).textContent ?? '';

/** How many times `needle` occurs in the page's text. */
function occurrences(needle: string): number {
  return (document.body.textContent ?? '').split(needle).length - 1;
}

/** Opens a session given as JSON through the app's own open action. */
async function openSession(h: Harness, session: object): Promise<void> {
  await act(async () => {
    const r = await h.client.call('open', [JSON.stringify(session)]);
    if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
    h.store.getState().setView(r.view);
  });
}

function bareSession(extra: object = {}): object {
  return {
    version: 1,
    title: 'Bare',
    mission: 'Say hi',
    maxTurns: 5,
    compression: true,
    data: {},
    tools: [],
    llm: { provider: 'mock', replies: ['```clojure\n(return "hi")\n```'] },
    turns: [],
    ...extra,
  };
}

describe('status before anything ran', () => {
  it('a fresh session is "ready" (0/5 turns), "running" only once a turn ran', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    expect(text('status')).toBe('ready');
    expect(text('turn-count')).toBe('0/5 turns');
    await user.click(testId('step'));
    await screen.findByTestId('turn-1');
    expect(text('status')).toBe('running');
    await user.click(testId('reset'));
    await waitFor(() => expect(screen.queryByTestId('turn-1')).toBeNull());
    expect(text('status')).toBe('ready');
  });

  it('Run under way before its first turn is "running"', async () => {
    const user = userEvent.setup();
    // An engine slow enough that the first turn is still under way when the status is read.
    const { store } = renderSlowApp(500);
    await waitFor(() => expect(text('session-title')).toBe('Reviews and inventory'), { timeout: 15000 });
    await waitFor(() => expect(text('status')).toBe('ready'), { timeout: 5000 });
    await user.click(testId('run'));
    await waitFor(() => expect(isRunning(store.getState().machine)).toBe(true));
    expect(store.getState().view?.turns).toHaveLength(0);
    expect(text('status')).toBe('running');
    await user.click(testId('stop'));
    await waitFor(() => expect(isBusy(store.getState().machine)).toBe(false), { timeout: 5000 });
  });

  it('a fresh session that cannot run is not "ready"', async () => {
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await openSession(h, bareSession({ tools: [{ name: 'broken', signature: '() -> :int', impl: '42' }] }));
    await waitFor(() => expect(text('session-title')).toBe('Bare'));
    expect(text('status')).toBe('not ready');
  });
});

describe('errors are said once', () => {
  it('a turn limit out of range and data that is not JSON each appear once on the page', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const maxTurns = testId('max-turns-input');
    await clearEditor(user, maxTurns);
    await typeInto(user, maxTurns, '0');
    await waitFor(() => expect(text('max-turns-errors')).toMatch(/whole number from 1 to 10,000/), { timeout: 3000 });
    expect(occurrences('enter a whole number from 1 to 10,000')).toBe(1);

    const data = testId('data-editor');
    await clearEditor(user, data);
    await pasteInto(user, data, '{\n  "a": 1,\n}');
    await waitFor(() => expect(screen.getByTestId('data-error')).toBeTruthy());
    // The located message is the editor's marker (worded once json-scan.ts has loaded); the alert
    // under it says what follows from it.
    await waitFor(() => expect(text('data-editor-markers')).toMatch(/^line 3, column 1: Trailing comma/));
    expect(occurrences('Trailing comma')).toBe(1);
    expect(occurrences('line 3, column 1')).toBe(1);
    expect(text('data-error')).toMatch(/^Not valid JSON: nothing is applied until it parses/);
  });
});

describe("the REPL's hint comes from the session", () => {
  it('names the first data entry, else a tool, else needs nothing', () => {
    expect(replHint({ data: [{ name: 'orders', type: 'list[6]', sample: null }], tools: [] })).toBe('(count data/orders)');
    expect(replHint({ data: [{ name: 'batch-size', type: 'integer', sample: '5' }], tools: [] })).toBe('data/batch-size');
    const tool = { name: 'fetch-order', signature: '(id :int) -> :map', impl: '(fn [id] id)', callForm: '(tool/fetch-order id)' };
    expect(replHint({ data: [], tools: [tool] })).toBe('(tool/fetch-order id)');
    expect(replHint({ data: [], tools: [] })).toBe('(->> (range 10) (filter odd?) (reduce +))');
    expect(replHint(null)).toBe('(->> (range 10) (filter odd?) (reduce +))');
  });

  it('in the page: data/orders for the failed-turn example, a plain program for a bare session', async () => {
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    expect(text('repl-history')).toContain('Try (count data/products).');
    await openSession(h, JSON.parse(exampleText('failed-turn-recovery.json')) as object);
    await waitFor(() => expect(text('repl-history')).toContain('Try (count data/orders).'));
    expect(text('repl-history')).not.toContain('data/products');
    await openSession(h, bareSession());
    await waitFor(() => expect(text('repl-history')).toContain('Try (->> (range 10) (filter odd?) (reduce +)).'));
    // The hint runs as it is.
    const user = userEvent.setup();
    await typeInto(user, testId('repl-input'), '(->> (range 10) (filter odd?) (reduce +))');
    await user.click(testId('repl-eval'));
    await waitFor(() => expect(text('repl-output')).toBe('25'));
  });
});

describe('a long notice', () => {
  it('keeps every line, scrolls by keyboard and opens to its full length', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    const problems = Array.from({ length: 40 }, (_, i) => `tools[${i}].signature: unknown type :strin${i}`);
    act(() => h.store.getState().setNotice({ kind: 'error', text: `Could not open big.json:\n${problems.join('\n')}` }));
    const box = testId('notice-text');
    expect(box.textContent?.split('\n')).toEqual(['Could not open big.json:', ...problems]);
    // A scrolling box the keyboard can reach (Tab, then the arrow keys), and a button to open it.
    expect(box.tabIndex).toBe(0);
    expect(box.dataset.expanded).toBe('false');
    const more = testId('notice-more');
    expect(more.textContent).toBe('Show all 41 lines');
    await user.click(more);
    expect(box.dataset.expanded).toBe('true');
    expect(box.className).not.toMatch(/max-h-32/);
    expect(testId('notice-more').textContent).toBe('Show fewer lines');
    // A short notice stays as it was: no button, not a tab stop.
    act(() => h.store.getState().setNotice({ kind: 'info', text: 'Saved.' }));
    expect(screen.queryByTestId('notice-more')).toBeNull();
    expect(testId('notice-text').hasAttribute('tabindex')).toBe(false);
    // A new long notice starts closed.
    act(() => h.store.getState().setNotice({ kind: 'error', text: Array.from({ length: NOTICE_COLLAPSED_LINES + 1 }, (_, i) => `line ${i}`).join('\n') }));
    expect(testId('notice-text').dataset.expanded).toBe('false');
  });
});

describe('Share offers what makes sense', () => {
  it('a session too large for a link, with no turns yet, is not offered a link "without turns"', async () => {
    const user = userEvent.setup();
    const h = renderWithPlayground(<App />);
    await waitForDefaultExample();
    let seed = 11;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    await openSession(h, bareSession({ data: { notes: Array.from({ length: 12000 }, () => Math.floor(rnd() * 1e9).toString(36)) } }));
    await waitFor(() => expect(text('session-title')).toBe('Bare'));
    await user.click(testId('share'));
    await waitFor(() => expect(text('share-status')).toMatch(/^This session needs [\d.]+ KB of link/));
    expect(text('share-status')).not.toMatch(/without the recorded turns/);
    expect(screen.queryByTestId('share-without-turns')).toBeNull();
    expect(testId('share-export')).toBeTruthy();
  });

  it('a link for a session with no turns does not claim to hold recorded turns', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(testId('share'));
    await waitFor(() => expect(text('share-status')).toMatch(/with no turns recorded yet/));
    expect(text('share-status')).not.toMatch(/with its recorded turns/);
  });
});

describe('opening an example again', () => {
  async function savedTitles(sessions: { list(): Promise<{ title: string }[]> }): Promise<string[]> {
    return (await sessions.list()).map((s) => s.title).sort();
  }

  it('goes back to its untouched saved copy instead of saving another; a changed one gets a fresh copy', async () => {
    const user = userEvent.setup();
    const { sessions } = freshSessions();
    const h = renderTab({ sessions, tabMemory: memoryTab() });
    await waitForDefaultExample();
    await waitFor(async () => expect(await savedTitles(sessions)).toEqual(['Reviews and inventory']));
    const first = (await sessions.list())[0];

    const menu = testId('examples-menu') as HTMLSelectElement;
    await waitFor(() => expect(within(menu).getByRole('option', { name: 'A failed turn, then recovery' })).toBeTruthy());
    await user.selectOptions(menu, 'A failed turn, then recovery');
    await waitFor(() => expect(text('session-title')).toBe('A failed turn, then recovery'));
    await waitFor(async () => expect(await savedTitles(sessions)).toEqual(['A failed turn, then recovery', 'Reviews and inventory']));

    // Back to the first example: its saved copy opens again, and nothing new is saved.
    await user.selectOptions(menu, 'Reviews and inventory');
    await waitFor(() => expect(text('session-title')).toBe('Reviews and inventory'));
    await waitFor(() => expect(h.store.getState().persistence?.id).toBe(first.id));
    await new Promise((r) => setTimeout(r, 150));
    expect(await savedTitles(sessions)).toEqual(['A failed turn, then recovery', 'Reviews and inventory']);
    // The same example picked while it is open (a menu may fire that): still no copy.
    await act(async () => {
      menu.value = '/examples/reviews-and-inventory.json';
      menu.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 150));
    });
    expect(h.store.getState().persistence?.id).toBe(first.id);
    expect(await savedTitles(sessions)).toEqual(['A failed turn, then recovery', 'Reviews and inventory']);

    // Once stepped, the saved session is the person's work: the example opens as a fresh copy beside it.
    await user.click(testId('step'));
    await screen.findByTestId('turn-1');
    await waitFor(async () => expect((await sessions.get(first.id))?.turns).toBe(1));
    await act(async () => {
      menu.value = '/examples/reviews-and-inventory.json';
      menu.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(screen.queryByTestId('turn-1')).toBeNull());
    await waitFor(async () => expect(await savedTitles(sessions)).toEqual(['A failed turn, then recovery', 'Reviews and inventory', 'Reviews and inventory']));
    expect((await sessions.get(first.id))?.turns).toBe(1);
  });
});
