// @vitest-environment happy-dom
// The messages pane (compressed beside full history) after edits: a definition the engine cannot
// prepare, compression turned off, an option changed on a recorded turn. The real engine in-process.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessagesCompare, savingOf } from '../../../../src/ui/features/selected-turn/MessagesCompare.tsx';
import { Engine } from '../../../../src/worker/engine.ts';
import type { SessionDefinition } from '../../../../src/worker/engine.ts';
import { exampleText } from '../../harness.tsx';
import { renderPanel, type PanelHarness } from '../../panel-helpers.tsx';

afterEach(cleanup);

const text = (id: string) => screen.getByTestId(id).textContent ?? '';
const EXAMPLE = 'reviews-and-inventory.json';

function lastUser(messages: readonly { role: string; content: string }[]): string {
  return [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

async function steps(h: PanelHarness, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await act(async () => {
      await h.controller.step();
    });
  }
}

async function define(h: PanelHarness, change: (d: SessionDefinition) => SessionDefinition): Promise<void> {
  await act(async () => {
    await h.controller.setDefinition(change(h.view().setup.definition));
  });
}

async function select(h: PanelHarness, turn: number): Promise<void> {
  await act(async () => {
    await h.controller.select(turn);
  });
}

/** The engine's own view of the example after `n` steps and `change`. */
function engineView(n: number, change: (d: SessionDefinition) => SessionDefinition, selected: number) {
  const engine = new Engine();
  const opened = engine.open(exampleText(EXAMPLE));
  if (!opened.ok) throw new Error('example did not open');
  for (let i = 0; i < n; i++) engine.stepTurn();
  engine.setDefinition(change(opened.view.setup.definition));
  return engine.view({ selected });
}

async function historyTokens(messages: readonly { role: string; content: string }[]): Promise<number> {
  const counts = await new Engine().countTokens(messages.filter((m) => m.role !== 'system').map((m) => m.content));
  return counts.reduce((a, b) => a + b, 0);
}

const brokenTool = (d: SessionDefinition): SessionDefinition => ({ ...d, tools: d.tools.map((t, i) => (i === 1 ? { ...t, impl: '(fn []\n  (str "a"' } : t)) });

describe('MessagesCompare after edits', () => {
  it('a tool implementation that does not read keeps the last messages, marked out of date, and the session strategy', async () => {
    const h = await renderPanel(<MessagesCompare />);
    await steps(h, 1);
    await waitFor(() => expect(text('compressed-user')).toContain(';; Tool calls made:'));
    const compressed = text('compressed-user');
    const full = text('full-messages');
    const good = h.view().setup.definition;

    await define(h, brokenTool);
    expect(h.view().setup.problems[0].text).toMatch(/^tools\[1\]\.impl: /);
    const outdated = await screen.findByTestId('messages-outdated');
    expect(outdated.textContent).toMatch(/out of date/i);
    expect(outdated.textContent).toMatch(/tools\[1\]\.impl: /);
    // The last good rendering stays, under the session's own strategy.
    expect(text('compressed-user')).toBe(compressed);
    expect(text('full-messages')).toBe(full);
    const strategy = screen.getByTestId('strategy-select') as HTMLSelectElement;
    expect(strategy.value).toBe('single-user-coalesced');
    expect(strategy.selectedOptions[0].textContent).toBe('single-user-coalesced (session)');
    expect(h.view().setup.sessionStrategy).toBe('single-user-coalesced');

    await define(h, () => good);
    await waitFor(() => expect(screen.queryByTestId('messages-outdated')).toBeNull());
    expect(text('compressed-user')).toBe(compressed);
  });

  it('a problem before anything was rendered is shown in place', async () => {
    const h = await renderPanel(<MessagesCompare />);
    // A session that cannot be prepared, opened (as a file, or on a reload): no rendering to keep.
    await define(h, brokenTool);
    await act(async () => {
      await h.controller.open(JSON.stringify({ version: 1, ...h.view().setup.definition, turns: [] }));
    });
    await waitFor(() => expect(text('messages-outdated')).toMatch(/cannot be rendered: tools\[1\]\.impl: /));
    expect(screen.queryByTestId('compressed-user')).toBeNull();
  });

  it('with compression off, the full history column holds the full history and the other says compression is off', async () => {
    const h = await renderPanel(<MessagesCompare />);
    await steps(h, 2);
    await select(h, 2);
    await waitFor(() => expect(text('compressed-user')).toContain(';; Tool calls made:'));

    await define(h, (d) => ({ ...d, compression: false }));
    await waitFor(() => expect(text('compression-off')).toMatch(/Compression is off: the LLM gets the full history/));
    expect(text('messages-heading')).toContain('turn 2');
    const expected = engineView(2, (d) => ({ ...d, compression: false }), 2).full.messages;
    const pres = within(screen.getByTestId('full-messages'))
      .getAllByText((_, el) => el?.tagName === 'PRE')
      .map((el) => el.textContent);
    expect(pres).toEqual(expected.filter((m) => m.role !== 'system').map((m) => m.content));
    expect(text('full-messages')).not.toContain(';; Tool calls made:');
    // Nothing compressed anywhere.
    expect(screen.queryByTestId('compressed-messages')).toBeNull();
    expect(screen.queryByTestId('compressed-figures')).toBeNull();
    expect(text('saving')).toBe('—');
    expect((screen.getByTestId('strategy-select') as HTMLSelectElement).selectedOptions[0].textContent).toBe('off (session)');

    // Comparing a strategy still works while the session's compression is off.
    await act(async () => {
      await h.controller.setStrategy('single-user-coalesced');
    });
    await waitFor(() => expect(text('compressed-user')).toContain(';; Tool calls made:'));
    expect(screen.queryByTestId('compression-off')).toBeNull();
  });

  it('an option change keeps the selected turn, and the text, figures, tokens and saving all follow it', async () => {
    const h = await renderPanel(<MessagesCompare />);
    await steps(h, 3);
    await select(h, 2);
    await waitFor(() => expect(text('messages-heading')).toContain('turn 2'));
    await waitFor(() => expect(text('compressed-tokens')).toMatch(/^[\d,]+$/), { timeout: 10_000 });
    const before = text('compressed-user');

    const change = (d: SessionDefinition): SessionDefinition => ({ ...d, compression: { strategy: 'single-user-coalesced', toolCallLimit: 0 } });
    await define(h, change);
    // The turn stays selected.
    expect(h.view().selected).toBe(2);
    expect(text('messages-heading')).toContain('turn 2');

    const expected = engineView(3, change, 2).compressed;
    if (!expected.rendered) throw new Error('turn 2 should be stale');
    const now = expected.rendered;
    await waitFor(() => expect(text('compressed-user')).toBe(lastUser(now.messages)));
    expect(text('compressed-user')).not.toBe(before);
    expect(text('compressed-chars')).toBe(now.stats.characters.toLocaleString('en-US'));
    expect(text('compressed-figures')).toMatch(new RegExp(`tool calls shown/dropped ${now.stats.toolCallsShown}/${now.stats.toolCallsDropped}`));
    expect(text('recorded-note')).toMatch(/edited after this turn ran/);
    await waitFor(() => expect(text('compressed-tokens')).toMatch(/^[\d,]+$/), { timeout: 10_000 });
    await waitFor(() => expect(text('full-tokens')).toMatch(/^[\d,]+$/));
    const counts = await new Engine().countTokens(now.messages.map((m) => m.content));
    expect(text('compressed-tokens')).toBe(counts.reduce((a, b) => a + b, 0).toLocaleString('en-US'));
    const full = engineView(3, change, 2).full.messages;
    expect(text('saving')).toBe(savingOf(await historyTokens(now.messages), await historyTokens(full)));

    // As sent: the recorded text, with its own counts, and no figures of another rendering.
    await act(async () => {
      screen.getByTestId('show-sent').click();
    });
    expect(text('compressed-user')).toBe(lastUser(expected.messages));
    expect(text('compressed-chars')).toBe(expected.stats.characters.toLocaleString('en-US'));
    expect(screen.queryByTestId('compressed-figures')).toBeNull();
    await waitFor(() => expect(text('compressed-tokens')).toMatch(/^[\d,]+$/));
    expect(text('saving')).toBe(savingOf(await historyTokens(expected.messages), await historyTokens(full)));
  });
});

describe('the saving after the first Step', () => {
  it('is positive in the default example: its first comparison shows what compression is for', async () => {
    const h = await renderPanel(<MessagesCompare />);
    await act(() => h.controller.step());
    await waitFor(() => expect(screen.getByTestId('saving').textContent).toMatch(/^\d+\.\d %$/));
    expect(parseFloat(screen.getByTestId('saving').textContent ?? '')).toBeGreaterThan(10);
    expect(screen.queryByTestId('saving-note')).toBeNull();
  });

  it('is explained where it is negative (another example after its first turn), and not otherwise', async () => {
    const h = await renderPanel(<MessagesCompare />, 'products-exploration.json');
    expect(screen.queryByTestId('saving-note')).toBeNull();
    await act(() => h.controller.step());
    await waitFor(() => expect(screen.getByTestId('saving').textContent).toMatch(/^−/));
    expect(screen.getByTestId('saving-note').textContent).toMatch(/^Negative: early in a run the compressed message's summaries/);
  });
});
