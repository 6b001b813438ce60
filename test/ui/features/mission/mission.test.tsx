// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPTION_SPECS } from '../../../../src/compression/options.ts';
import { STRATEGIES } from '../../../../src/compression/strategies/index.ts';
import { MAX_TURNS_CAP } from '../../../../src/session/schema.ts';
import { MAX_TURNS_LIMIT, MissionPanel, readCompression, writeCompression } from '../../../../src/ui/features/mission/MissionPanel.tsx';
import { exampleText } from '../../harness.tsx';
import { renderPanel, waitForView, type PanelHarness } from '../../panel-helpers.tsx';

afterEach(cleanup);

/**
 * The `compression` of each definition the page sends to the engine, in order. (What the page sends,
 * not what the view echoes: src/session/session-file.ts writes only the first five options back.)
 */
function sentCompressions(h: PanelHarness): unknown[] {
  const sent: unknown[] = [];
  const call = h.client.call.bind(h.client);
  vi.spyOn(h.client, 'call').mockImplementation(((name: string, args?: unknown[], options?: object) => {
    if (name === 'setDefinition') sent.push((args?.[0] as { compression: unknown }).compression);
    return (call as (...a: unknown[]) => unknown)(name, args, options);
  }) as typeof h.client.call);
  return sent;
}

/** The option fields shown, by key. */
function fieldKeys(): string[] {
  const set = screen.queryByTestId('compression-options');
  if (!set) return [];
  return [...set.querySelectorAll('[data-testid^="compression-"]')]
    .map((el) => (el as HTMLElement).dataset.testid ?? '')
    .filter((id) => !id.startsWith('compression-unused') && !id.startsWith('compression-remove'))
    .map((id) => id.slice('compression-'.length));
}

describe('MissionPanel', () => {
  it("accepts the schema's own turn cap (written out: the page does not import the schema)", () => {
    expect(MAX_TURNS_LIMIT).toBe(MAX_TURNS_CAP);
  });

  it('shows the title, mission, turn limit and compression of the open session', async () => {
    await renderPanel(<MissionPanel />);
    expect(screen.getByRole('heading', { level: 2, name: 'Mission' })).toBeTruthy();
    expect((screen.getByTestId('title-input') as HTMLInputElement).value).toBe('Reviews and inventory');
    expect((screen.getByTestId('mission-input') as HTMLTextAreaElement).value).toMatch(/^Find well-reviewed Electronics products/);
    expect((screen.getByTestId('max-turns-input') as HTMLInputElement).value).toBe('5');
    // compression: true is the default strategy, with its options.
    expect((screen.getByTestId('compression-select') as HTMLSelectElement).value).toBe('single-user-coalesced');
    expect(screen.getByTestId('compression-options')).toBeTruthy();
    expect(screen.getByTestId('compression-description').textContent).toMatch(/One USER message/);
  });

  it("the placeholder hint names no data the session does not have; the session's own names are offered", async () => {
    await renderPanel(<MissionPanel />, 'failed-turn-recovery.json');
    const hint = screen.getByText(/inserts/).closest('p');
    expect(hint?.textContent).not.toContain('products');
    expect(hint?.textContent).toContain('{{name.0.field}}');
    expect(hint?.textContent).toContain('{{orders}}');
  });

  it('says what to do before a session is open', async () => {
    const { renderWithPlayground } = await import('../../harness.tsx');
    renderWithPlayground(<MissionPanel />);
    expect(screen.getByTestId('mission-panel').textContent).toMatch(/Open a session/);
  });

  it('editing the mission updates the expanded mission (placeholders filled from data/)', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('mission-input');
    await user.clear(input);
    // `{{` is user-event's escape for one `{`.
    await user.type(input, 'Is {{{{products.0.name}} in stock?');
    expect((input as HTMLTextAreaElement).value).toBe('Is {{products.0.name}} in stock?');
    await waitForView(h, (v) => expect(v.setup.definition.mission).toBe('Is {{products.0.name}} in stock?'));
    await waitFor(() => expect(screen.getByTestId('mission-expanded').textContent).toBe('Is Laptop in stock?'));
    expect(h.view().setup.missionExpanded).toBe('Is Laptop in stock?');
    // What the person typed stays as typed after the engine's answer.
    expect((input as HTMLTextAreaElement).value).toBe('Is {{products.0.name}} in stock?');
  });

  it('reports a placeholder with no data as a warning and keeps it as written', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('mission-input');
    await user.clear(input);
    await user.paste('Count {{orders}}');
    await waitForView(h, (v) => expect(v.setup.warnings).toEqual(['mission: no data for placeholder {{orders}}; it is left as written']));
    expect(screen.getByTestId('mission-warnings').textContent).toMatch(/no data for placeholder \{\{orders\}\}/);
    expect(screen.getByTestId('mission-expanded').textContent).toBe('Count {{orders}}');
  });

  it('inserts a data placeholder at the cursor', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('mission-input') as HTMLTextAreaElement;
    await user.clear(input);
    await user.type(input, 'List ');
    await user.click(within(screen.getByTestId('mission-panel')).getByRole('button', { name: '{{products}}' }));
    expect(input.value).toBe('List {{products}}');
    await waitForView(h, (v) => expect(v.setup.missionExpanded).toMatch(/^List \[\{/));
  });

  it('edits the title', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const title = screen.getByTestId('title-input');
    await user.clear(title);
    await user.type(title, 'Stock check');
    await waitForView(h, (v) => expect(v.setup.definition.title).toBe('Stock check'));
  });

  it('keeps a turn limit outside 1–10,000 as typed, with the reason, and sends a valid one', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('max-turns-input') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '0');
    await waitFor(() => expect(screen.getByTestId('max-turns-errors').textContent).toMatch(/whole number from 1 to 10,000/), { timeout: 3000 });
    expect(input.value).toBe('0');
    expect(h.view().setup.maxTurns).toBe(5);
    await user.clear(input);
    await user.type(input, '12');
    await waitForView(h, (v) => expect(v.setup.maxTurns).toBe(12));
    // The panel clears its error once the engine has taken the edit (the view arrives first).
    await waitFor(() => expect(screen.queryByTestId('max-turns-errors')).toBeNull());
  });

  it('the compression select switches the strategy (and off is the full history)', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    expect(h.view().setup.sessionStrategy).toBe('single-user-coalesced');
    const select = screen.getByTestId('compression-select');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    // One entry per rendering: compression off is the full history, listed once.
    expect(options).toEqual(h.view().setup.strategies.map((s) => s.name));
    expect(options.slice(0, 2)).toEqual(['single-user-coalesced', 'full-history']);
    expect(within(select).getByRole('option', { name: 'full-history (no compression)' })).toBeTruthy();

    await user.selectOptions(select, 'full-history');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe('full-history'));
    expect(h.view().setup.sessionStrategy).toBe('full-history');
    // full-history reads the sample options only (for data/).
    expect(fieldKeys()).toEqual(['sampleLimit', 'samplePrintableLimit']);

    await user.selectOptions(select, 'aggressive');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe('aggressive'));
    expect(screen.queryByTestId('compression-options')).toBeNull();

    // A file's compression off shows as full-history, with its options to set.
    await act(() => h.controller.setDefinition({ ...h.view().setup.definition, compression: false }));
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe('full-history'));
    expect(fieldKeys()).toEqual(['sampleLimit', 'samplePrintableLimit']);

    await user.selectOptions(select, 'single-user-coalesced');
    await waitForView(h, (v) => expect(v.setup.sessionStrategy).toBe('single-user-coalesced'));
    expect(screen.getByTestId('compression-options')).toBeTruthy();
  });

  it('sets the coalescing options (numbers and failed turns); a bad number is kept with its reason', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const println = screen.getByTestId('compression-printlnLimit') as HTMLInputElement;
    expect(println.placeholder).toBe('15');
    await user.type(println, '3');
    await user.selectOptions(screen.getByTestId('compression-failedTurns'), 'all');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toEqual({ strategy: 'single-user-coalesced', printlnLimit: 3, failedTurns: 'all' }));

    const samples = screen.getByTestId('compression-sampleLimit') as HTMLInputElement;
    await user.type(samples, '1.5');
    await waitFor(() => expect(screen.getByTestId('compression-errors').textContent).toMatch(/compression\.sampleLimit: enter a whole number/), {
      timeout: 3000,
    });
    expect(samples.value).toBe('1.5');
    expect(h.view().setup.definition.compression).toEqual({ strategy: 'single-user-coalesced', printlnLimit: 3, failedTurns: 'all' });
  });

  it('shows exactly the options each strategy reads, each labelled from OPTION_SPECS with its default', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const select = screen.getByTestId('compression-select');
    expect(STRATEGIES.map((s) => s.name)).toEqual(h.view().setup.strategies.map((s) => s.name));
    for (const strategy of STRATEGIES) {
      await user.selectOptions(select, strategy.name);
      expect(fieldKeys()).toEqual([...strategy.options]);
      expect(screen.getByTestId('compression-description').textContent).toBe(strategy.description);
      for (const key of strategy.options) {
        const spec = OPTION_SPECS.find((o) => o.key === key);
        if (!spec) throw new Error(key);
        const field = screen.getByTestId(`compression-${key}`);
        expect(field.closest('label')?.title).toBe(spec.help);
        expect(field.closest('label')?.textContent).toContain(spec.label);
        if (spec.kind === 'count') expect((field as HTMLInputElement).placeholder).toBe(String(spec.default));
        else expect(within(field).getAllByRole('option')[0].textContent).toMatch(/^default \(/);
      }
    }
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe(STRATEGIES[STRATEGIES.length - 1].name));
  });

  it('writes a flag as true or false, and back to the default', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const sent = sentCompressions(h);
    const flag = screen.getByTestId('compression-showToolResults') as HTMLSelectElement;
    expect([...flag.options].map((o) => o.textContent)).toEqual(['default (off)', 'on', 'off']);
    await user.selectOptions(flag, 'true');
    await waitFor(() => expect(sent.at(-1)).toEqual({ strategy: 'single-user-coalesced', showToolResults: true }));
    await user.selectOptions(flag, 'false');
    await waitFor(() => expect(sent.at(-1)).toEqual({ strategy: 'single-user-coalesced', showToolResults: false }));
    await user.selectOptions(flag, '');
    await waitFor(() => expect(sent.at(-1)).toBe('single-user-coalesced'));
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe('single-user-coalesced'));
  });

  it('keeps an option the new strategy does not read, says so, and removes it on request', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    await user.type(screen.getByTestId('compression-printlnLimit'), '4');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toEqual({ strategy: 'single-user-coalesced', printlnLimit: 4 }));
    await user.selectOptions(screen.getByTestId('compression-select'), 'trim');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toEqual({ strategy: 'trim', printlnLimit: 4 }));
    expect(screen.queryByTestId('compression-printlnLimit')).toBeNull();
    expect(screen.getByTestId('compression-unused-printlnLimit').textContent).toMatch(/println lines kept 4: not used by trim/);
    // Back to a strategy that reads it: a field again, with its value.
    await user.selectOptions(screen.getByTestId('compression-select'), 'rolling-window');
    expect((screen.getByTestId('compression-printlnLimit') as HTMLInputElement).value).toBe('4');
    await user.selectOptions(screen.getByTestId('compression-select'), 'trim');
    await user.click(screen.getByRole('button', { name: /Remove println lines kept/ }));
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe('trim'));
    expect(screen.queryByTestId('compression-unused')).toBeNull();
  });

  it("a bad number in another strategy's field is kept with its reason", async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    await user.selectOptions(screen.getByTestId('compression-select'), 'trim');
    await waitForView(h, (v) => expect(v.setup.definition.compression).toBe('trim'));
    const recent = screen.getByTestId('compression-recentTurns') as HTMLInputElement;
    await user.type(recent, '-2');
    await waitFor(() => expect(screen.getByTestId('compression-errors').textContent).toMatch(/compression\.recentTurns: enter a whole number/), {
      timeout: 3000,
    });
    expect(recent.getAttribute('aria-invalid')).toBe('true');
    expect(h.view().setup.definition.compression).toBe('trim');
  });

  it('follows the engine when another session is opened', async () => {
    const h = await renderPanel(<MissionPanel />);
    await act(async () => {
      await h.controller.open(exampleText('products-exploration.json'));
    });
    await waitFor(() => expect((screen.getByTestId('title-input') as HTMLInputElement).value).toBe(h.view().setup.definition.title));
    expect((screen.getByTestId('mission-input') as HTMLTextAreaElement).value).toBe(h.view().setup.definition.mission);
  });
});

describe('compression form', () => {
  it('reads every form of the compression option', () => {
    expect(readCompression(false).mode).toBe('off');
    expect(readCompression(null).mode).toBe('off');
    expect(readCompression(true).mode).toBe('single-user-coalesced');
    expect(readCompression('full-history').mode).toBe('full-history');
    const f = readCompression({ strategy: 'single-user-coalesced', toolCallLimit: 4, failedTurns: 'latest' });
    expect(f).toEqual({ mode: 'single-user-coalesced', values: { toolCallLimit: '4', failedTurns: 'latest' } });
    expect(readCompression({ strategy: 'single-user-coalesced', showToolResults: false }).values).toEqual({ showToolResults: 'false' });
  });

  it('writes the shortest form', () => {
    const base = readCompression(true);
    expect(writeCompression({ ...base, mode: 'off' })).toEqual({ ok: true, value: false });
    expect(writeCompression(base)).toEqual({ ok: true, value: 'single-user-coalesced' });
    expect(writeCompression({ ...base, values: { sampleLimit: '0' } })).toEqual({
      ok: true,
      value: { strategy: 'single-user-coalesced', sampleLimit: 0 },
    });
    const refused = writeCompression({ ...base, values: { sampleLimit: '-1' } });
    expect(refused.ok ? [] : refused.problems.map((p) => p.text)).toEqual([expect.stringMatching(/^compression\.sampleLimit:/)]);
    // An option is written with any strategy (one that does not read it keeps it: nothing is dropped).
    expect(writeCompression({ ...base, mode: 'full-history', values: { sampleLimit: '2' } })).toEqual({
      ok: true,
      value: { strategy: 'full-history', sampleLimit: 2 },
    });
    expect(writeCompression({ ...base, mode: 'trim', values: { printlnLimit: '4', recentTurns: '' } })).toEqual({
      ok: true,
      value: { strategy: 'trim', printlnLimit: 4 },
    });
    // Flags as true or false; empty is the default (not written).
    expect(writeCompression({ ...base, values: { showToolResults: 'true', keepRecoveredErrors: 'false' } })).toEqual({
      ok: true,
      value: { strategy: 'single-user-coalesced', showToolResults: true, keepRecoveredErrors: false },
    });
    // A session's object comes back as it was.
    const session = { strategy: 'trim', recentTurns: 2, triggerTokens: 0, sampleLimit: 3 };
    expect(writeCompression(readCompression(session))).toEqual({ ok: true, value: session });
  });
});
