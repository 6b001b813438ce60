// @vitest-environment happy-dom
// The playground App end to end in jsdom, with the real engine in-process: opening, stepping,
// running, resetting, selecting turns, strategies, the reply a person types, tokens.
import { strategyNames } from '../../src/compression/strategies/index.ts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../src/ui/App.tsx';
import { Engine } from '../../src/worker/engine.ts';
import { clearEditor, pasteInto, typeInto, waitForDefaultExample } from './app-helpers.tsx';
import { captureDownloads, exampleText, renderWithPlayground, textOf } from './harness.tsx';

afterEach(cleanup);

const testId = (id: string) => screen.getByTestId(id);
const text = (id: string) => testId(id).textContent ?? '';
const button = (id: string) => testId(id) as HTMLButtonElement;

/** The engine's own rendering for a turn of the example after `steps` steps. */
function engineView(name: string, steps: number, options: { selected?: number; strategy?: string } = {}) {
  const engine = new Engine();
  engine.open(exampleText(name));
  for (let i = 0; i < steps; i++) engine.stepTurn();
  return engine.view(options);
}

function lastUser(messages: { role: string; content: string }[]): string {
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

describe('App', () => {
  it('opens the default example and shows its mission and tools', async () => {
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    expect(text('status')).toBe('ready');
    const definition = screen.getByRole('region', { name: 'Session definition' });
    expect(within(definition).getAllByText(/Find well-reviewed Electronics products/).length).toBeGreaterThan(0);
    expect(within(definition).getAllByText(/search-reviews/).length).toBeGreaterThan(0);
    expect(within(definition).getAllByText(/get-inventory/).length).toBeGreaterThan(0);
    // The examples menu lists every bundled example by its title and shows the open one.
    const menu = testId('examples-menu') as HTMLSelectElement;
    await waitFor(() => expect(within(menu).getByRole('option', { name: 'A failed turn, then recovery' })).toBeTruthy());
    expect(menu.selectedOptions[0].textContent).toBe('Reviews and inventory');
    expect(within(menu).getAllByRole('option').length).toBe(6);
    // Before any turn there is no turn card, only the next turn, and its USER message has no user/ section.
    expect(screen.queryByTestId('turn-1')).toBeNull();
    expect(testId('turn-next').dataset.selected).toBe('true');
    expect(text('compressed-user')).not.toContain(';; === user/');
    expect((testId('next-reply') as HTMLTextAreaElement).value).toContain('```clojure');
    expect(text('next-reply-label')).toContain("mock's scripted reply for turn 1");
  });

  it('Step adds turn 1 and the compressed USER message gains the user/ section', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('step'));
    const turn = await screen.findByTestId('turn-1');
    expect(within(turn).getByTestId('turn-badge').textContent).toBe('ok');
    expect(within(turn).getByTestId('turn-program').textContent).toContain('(def electronics');
    expect(within(turn).getByTestId('turn-tool-calls').textContent).toContain('(tool/search-reviews "Electronics")');
    expect(within(turn).getByTestId('turn-tool-calls').textContent).toContain('Customer Review Summary');
    expect(within(turn).getByTestId('turn-result').textContent).toContain("#'inventory");
    await waitFor(() => expect(text('compressed-user')).toContain(';; === user/ (your prelude) ==='));
    expect(text('compressed-user')).toContain(';; Tool calls made:');
    expect(text('compressed-user')).toBe(lastUser(engineView('reviews-and-inventory.json', 1).compressed.messages));
    expect(text('messages-heading')).toContain('turn 2 (next)');
    expect(text('next-reply-label')).toContain('turn 2');
  });

  it('Run runs to the end, shows the return value, and Step is then disabled with the reason', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('run'));
    await waitFor(() => expect(text('status')).toBe('returned'));
    expect(text('return-value')).toBe('["Laptop" "Monitor"]');
    expect(screen.getByTestId('turn-3')).toBeTruthy();
    expect(within(testId('turn-3')).getByTestId('turn-badge').textContent).toBe('returned');
    expect(text('turn-end')).toContain('Returned ["Laptop" "Monitor"]');
    expect(button('step').disabled).toBe(true);
    expect(button('step').title).toContain('The run has returned');
    expect(button('run').disabled).toBe(true);
    expect(button('stop').disabled).toBe(true);
    // The raw LLM reply is there on demand.
    expect(within(testId('turn-3')).getByTestId('turn-raw').textContent).toContain('(return');
  });

  it('Reset clears the turns', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    await waitFor(() => expect(button('step').disabled).toBe(false));
    await user.click(button('step'));
    await screen.findByTestId('turn-2');
    await waitFor(() => expect(button('reset').disabled).toBe(false));
    await user.click(button('reset'));
    await waitFor(() => expect(screen.queryByTestId('turn-1')).toBeNull());
    expect(screen.queryByTestId('turn-2')).toBeNull();
    expect(text('status')).toBe('ready');
    expect(text('compressed-user')).not.toContain(';; === user/');
    expect(text('next-reply-label')).toContain('turn 1');
  });

  it('selecting a turn shows exactly the messages the engine renders for it; the next-turn row follows again', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('run'));
    await waitFor(() => expect(text('status')).toBe('returned'));
    // After the run the last turn is shown.
    expect(testId('turn-3').dataset.selected).toBe('true');
    await user.click(testId('turn-2'));
    await waitFor(() => expect(testId('turn-2').dataset.selected).toBe('true'));
    expect(testId('turn-3').dataset.selected).toBe('false');
    const expected = engineView('reviews-and-inventory.json', 3, { selected: 2 });
    expect(text('compressed-user')).toBe(lastUser(expected.compressed.messages));
    expect(text('compressed-chars')).toBe(expected.compressed.stats.characters.toLocaleString('en-US'));
    expect(text('full-chars')).toBe(expected.full.stats.characters.toLocaleString('en-US'));
    // Every message of the full history under its role (the SYSTEM prompt is hidden by default).
    const fullHeadings = within(testId('full-messages')).getAllByRole('heading', { level: 4 });
    const shown = expected.full.messages.filter((m) => m.role !== 'system');
    expect(fullHeadings.map((h) => h.textContent?.replace(/[\d,]+ chars$/, ''))).toEqual(shown.map((m) => m.role.toUpperCase()));
    expect(
      within(testId('full-messages'))
        .getAllByText((_, el) => el?.tagName === 'PRE')
        .map((el) => el.textContent),
    ).toEqual(shown.map((m) => m.content));
    expect(text('messages-heading')).toContain('turn 2');
    await user.click(testId('turn-1'));
    await waitFor(() => expect(text('compressed-user')).toBe(lastUser(engineView('reviews-and-inventory.json', 3, { selected: 1 }).compressed.messages)));
  });

  it('selecting the next-turn row follows the run', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    await user.click(testId('turn-1'));
    await waitFor(() => expect(testId('turn-1').dataset.selected).toBe('true'));
    expect(testId('turn-next').dataset.selected).toBe('false');
    await user.click(testId('turn-next'));
    await waitFor(() => expect(testId('turn-next').dataset.selected).toBe('true'));
    expect(text('compressed-user')).toContain(';; === user/');
  });

  it('switching the strategy to full-history changes the compressed side', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    const select = testId('strategy-select') as HTMLSelectElement;
    expect(select.value).toBe('single-user-coalesced');
    expect([...select.options].map((o) => o.value)).toEqual(strategyNames());
    const before = text('compressed-user');
    await user.selectOptions(select, 'full-history');
    await waitFor(() => expect(text('compressed-user')).not.toBe(before));
    expect((testId('strategy-select') as HTMLSelectElement).value).toBe('full-history');
    const expected = engineView('reviews-and-inventory.json', 1, { strategy: 'full-history' });
    expect(text('compressed-user')).toBe(lastUser(expected.compressed.messages));
    expect(text('compressed-chars')).toBe(text('full-chars'));
    // The choice holds across a step.
    await user.click(button('step'));
    await screen.findByTestId('turn-2');
    await waitFor(() => expect(text('compressed-chars')).toBe(text('full-chars')));
    expect((testId('strategy-select') as HTMLSelectElement).value).toBe('full-history');
    // It is a preview: the session's setting is unchanged, and one click goes back to it.
    expect(testId('strategy-select').closest('label')?.textContent).toMatch(/^preview with/);
    expect(testId('preview-session-strategy').textContent).toBe("back to the session's (single-user-coalesced)");
    await user.click(button('preview-session-strategy'));
    await waitFor(() => expect((testId('strategy-select') as HTMLSelectElement).value).toBe('single-user-coalesced'));
    expect(screen.queryByTestId('preview-session-strategy')).toBeNull();
  });

  it('the reply a person types is what runs', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const editor = testId('next-reply') as HTMLTextAreaElement;
    await clearEditor(user, editor);
    await pasteInto(user, editor, 'Acting as the LLM.\n\n```clojure\n(return (count data/products))\n```');
    expect(text('next-reply-label')).toContain('Edited by hand');
    expect(button('restore-script').disabled).toBe(false);
    await user.click(button('step'));
    const turn = await screen.findByTestId('turn-1');
    expect(within(turn).getByTestId('turn-program').textContent).toBe('(return (count data/products))');
    await waitFor(() => expect(text('status')).toBe('returned'));
    expect(text('return-value')).toBe('6');
  });

  it('restore script puts the scripted reply back', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const editor = testId('next-reply') as HTMLTextAreaElement;
    const scripted = editor.value;
    await typeInto(user, editor, ' more');
    expect(text('next-reply-label')).toContain('Edited by hand');
    await user.click(button('restore-script'));
    expect((testId('next-reply') as HTMLTextAreaElement).value).toBe(scripted);
    expect(text('next-reply-label')).toContain("mock's scripted reply");
    // An empty reply cannot be sent; the title says why.
    await clearEditor(user, testId('next-reply'));
    expect(button('step').disabled).toBe(true);
    expect(button('step').title).toContain('no reply for turn 1');
  });

  it('Ctrl+Enter steps (in the page and in the reply editor)', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('turn-1');
    await waitFor(() => expect(button('step').disabled).toBe(false));
    testId('next-reply').focus();
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByTestId('turn-2');
    // One step per key press, not two.
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByTestId('turn-3')).toBeNull();
  });

  it('shows token counts and the saving', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await waitFor(() => expect(text('compressed-tokens')).toMatch(/^[\d,]+$/), { timeout: 10000 });
    await waitFor(() => expect(text('full-tokens')).toMatch(/^[\d,]+$/));
    const expected = engineView('reviews-and-inventory.json', 0);
    const tokens = await new Engine().countTokens(expected.compressed.messages.map((m) => m.content));
    expect(text('compressed-tokens')).toBe(tokens.reduce((a, b) => a + b, 0).toLocaleString('en-US'));
    // Before any turn both sides hold the same messages: no saving.
    expect(text('saving')).toBe('0.0 %');
    await user.click(button('run'));
    await waitFor(() => expect(text('status')).toBe('returned'));
    await waitFor(() => expect(text('compressed-tokens')).toMatch(/^[\d,]+$/));
    await waitFor(() => expect(text('full-tokens')).toMatch(/^[\d,]+$/));
    // The saving leaves out the SYSTEM prompt, which is the same on both sides.
    const done = engineView('reviews-and-inventory.json', 3);
    const historyTokens = async (messages: { role: string; content: string }[]) =>
      (await new Engine().countTokens(messages.filter((m) => m.role !== 'system').map((m) => m.content))).reduce((x, y) => x + y, 0);
    const c = await historyTokens(done.compressed.messages);
    const f = await historyTokens(done.full.messages);
    expect(c).toBeLessThan(f);
    const pct = (Math.round((1 - c / f) * 1000) / 10).toFixed(1).replace('-', '−');
    expect(text('saving')).toBe(`${pct} %`);
  });

  it('shows the SYSTEM prompt only on request', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const messages = testId('compressed-messages');
    expect(within(messages).queryByRole('heading', { name: /^SYSTEM/ })).toBeNull();
    expect(within(messages).getByText(/SYSTEM: [\d,]+ characters, hidden/)).toBeTruthy();
    await user.click(testId('toggle-system'));
    expect(within(messages).getByRole('heading', { name: /^SYSTEM/ })).toBeTruthy();
  });

  it('opens another example from the menu', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    await waitFor(() => expect(within(testId('examples-menu')).getByRole('option', { name: 'A failed turn, then recovery' })).toBeTruthy());
    await user.selectOptions(testId('examples-menu'), 'A failed turn, then recovery');
    await waitFor(() => expect(text('session-title')).toBe('A failed turn, then recovery'));
    await user.click(button('run'));
    await waitFor(() => expect(text('status')).not.toBe('running'));
    // A failed turn shows its error with type and location.
    const failed = screen.getAllByTestId('turn-error');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0].textContent).toMatch(/^\w+: /);
  });

  it('Open file… lists the problems of a bad session by path; a good one opens', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const input = testId('open-file') as HTMLInputElement;
    await user.upload(input, new File(['{"version": 1}'], 'broken.json', { type: 'application/json' }));
    await waitFor(() => expect(text('notice-text')).toContain('Could not open broken.json'));
    expect(text('notice-text')).toContain('mission: required');
    expect(text('notice-text')).toContain('llm: required');
    expect(text('session-title')).toBe('Reviews and inventory');
    await user.click(testId('notice-dismiss'));
    expect(screen.queryByTestId('notice')).toBeNull();
    await user.upload(input, new File([exampleText('side-effect-calls.json')], 'side.json', { type: 'application/json' }));
    await waitFor(() => expect(text('session-title')).toBe('Side-effect tools returning nil'));
    // Opening a file says so.
    await waitFor(() => expect(text('notice-text')).toBe('Opened side.json: "Side-effect tools returning nil".'));
  });

  it('Open file… says when it raised the turn limit to hold the recorded turns', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const engine = new Engine();
    expect(engine.open(exampleText('side-effect-calls.json')).ok).toBe(true);
    engine.stepTurn();
    engine.stepTurn();
    const file = JSON.parse(engine.exportSession()) as { maxTurns: number; turns: unknown[] };
    expect(file.turns.length).toBe(2);
    file.maxTurns = 1;
    await user.upload(testId('open-file') as HTMLInputElement, new File([JSON.stringify(file)], 'long.json', { type: 'application/json' }));
    await waitFor(() => expect(text('notice-text')).toContain('Opened long.json'));
    expect(text('notice-text')).toContain('maxTurns raised from 1 to 2 to hold the 2 recorded turns');
    expect(text('session-title')).toBe('Side-effect tools returning nil');
  });

  it('Export downloads the session text as <title>.json', async () => {
    const user = userEvent.setup();
    const harness = renderWithPlayground(<App />);
    await waitForDefaultExample();
    await user.click(button('step'));
    await screen.findByTestId('turn-1');
    const { blobs, names: downloads, restore } = captureDownloads();
    try {
      fireEvent.click(button('export'));
      // The engine writes the text when Export asks for it.
      await waitFor(() => expect(downloads).toEqual(['Reviews and inventory.json']));
      const saved = JSON.parse(await blobs[0].text()) as { title: string; turns: unknown[] };
      expect(saved.title).toBe('Reviews and inventory');
      expect(saved.turns.length).toBe(1);
      // The file as the engine writes it: the same session as the page's view (whose pieces keep every message).
      const text = textOf(harness.store.getState().view);
      if (text === null) throw new Error('no view');
      const reopened = new Engine();
      expect(reopened.open(text).ok).toBe(true);
      expect(await blobs[0].text()).toBe(reopened.exportSession());
    } finally {
      restore();
    }
  });
});

describe('edits typed just before Step', () => {
  it('a mission edit still waiting for its pause is part of the next step', async () => {
    const user = userEvent.setup();
    renderWithPlayground(<App />);
    await waitForDefaultExample();
    const input = screen.getByTestId('mission-input');
    await clearEditor(user, input);
    await typeInto(user, input, 'Count the products');
    // Step at once, well inside the 400 ms pause.
    await user.click(screen.getByTestId('step'));
    await screen.findByTestId('turn-1');
    await waitFor(() => expect(screen.getByTestId('compressed-user').textContent?.startsWith('Count the products')).toBe(true));
    // The turn itself was sent the new mission (turn 1's recorded messages).
    await user.click(screen.getByTestId('turn-1'));
    await waitFor(() => expect(screen.getByTestId('messages-heading').textContent).toMatch(/turn 1/));
    expect(screen.getByTestId('compressed-user').textContent?.startsWith('Count the products\n')).toBe(true);
  });
});
