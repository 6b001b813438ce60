// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_TURNS_CAP } from '../../src/session/schema.ts';
import { MAX_TURNS_LIMIT, MissionPanel, readCompression, writeCompression } from '../../src/ui/features/mission/MissionPanel.tsx';
import { exampleText } from './harness.tsx';
import { renderPanel, waitForView } from './panel-helpers.tsx';

afterEach(cleanup);

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

  it('says what to do before a session is open', async () => {
    const { renderWithPlayground } = await import('./harness.tsx');
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
    await waitForView(h, (v) => expect(v.definition.mission).toBe('Is {{products.0.name}} in stock?'));
    await waitFor(() => expect(screen.getByTestId('mission-expanded').textContent).toBe('Is Laptop in stock?'));
    expect(h.view().missionExpanded).toBe('Is Laptop in stock?');
    // What the person typed stays as typed after the engine's answer.
    expect((input as HTMLTextAreaElement).value).toBe('Is {{products.0.name}} in stock?');
  });

  it('reports a placeholder with no data as a warning and keeps it as written', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('mission-input');
    await user.clear(input);
    await user.paste('Count {{orders}}');
    await waitForView(h, (v) => expect(v.warnings).toEqual(['mission: no data for placeholder {{orders}}; it is left as written']));
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
    await waitForView(h, (v) => expect(v.missionExpanded).toMatch(/^List \[\{/));
  });

  it('edits the title', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const title = screen.getByTestId('title-input');
    await user.clear(title);
    await user.type(title, 'Stock check');
    await waitForView(h, (v) => expect(v.definition.title).toBe('Stock check'));
  });

  it('keeps a turn limit outside 1–10,000 as typed, with the reason, and sends a valid one', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const input = screen.getByTestId('max-turns-input') as HTMLInputElement;
    await user.clear(input);
    await user.type(input, '0');
    await waitFor(() => expect(screen.getByTestId('max-turns-errors').textContent).toMatch(/whole number from 1 to 10,000/), { timeout: 3000 });
    expect(input.value).toBe('0');
    expect(h.view().maxTurns).toBe(5);
    await user.clear(input);
    await user.type(input, '12');
    await waitForView(h, (v) => expect(v.maxTurns).toBe(12));
    expect(screen.queryByTestId('max-turns-errors')).toBeNull();
  });

  it('the compression select switches the strategy (and off is the full history)', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    expect(h.view().sessionStrategy).toBe('single-user-coalesced');
    const select = screen.getByTestId('compression-select');
    const options = within(select)
      .getAllByRole('option')
      .map((o) => (o as HTMLOptionElement).value);
    expect(options).toEqual(['off', 'single-user-coalesced', 'full-history']);

    await user.selectOptions(select, 'full-history');
    await waitForView(h, (v) => expect(v.definition.compression).toBe('full-history'));
    expect(h.view().sessionStrategy).toBe('full-history');
    expect(screen.queryByTestId('compression-options')).toBeNull();

    await user.selectOptions(select, 'off');
    await waitForView(h, (v) => expect(v.definition.compression).toBe(false));
    expect(h.view().sessionStrategy).toBe('full-history');

    await user.selectOptions(select, 'single-user-coalesced');
    await waitForView(h, (v) => expect(v.sessionStrategy).toBe('single-user-coalesced'));
    expect(screen.getByTestId('compression-options')).toBeTruthy();
  });

  it('sets the coalescing options (numbers and failed turns); a bad number is kept with its reason', async () => {
    const user = userEvent.setup();
    const h = await renderPanel(<MissionPanel />);
    const println = screen.getByTestId('compression-printlnLimit') as HTMLInputElement;
    expect(println.placeholder).toBe('15');
    await user.type(println, '3');
    await user.selectOptions(screen.getByTestId('compression-failedTurns'), 'all');
    await waitForView(h, (v) => expect(v.definition.compression).toEqual({ strategy: 'single-user-coalesced', printlnLimit: 3, failedTurns: 'all' }));

    const samples = screen.getByTestId('compression-sampleLimit') as HTMLInputElement;
    await user.type(samples, '1.5');
    await waitFor(() => expect(screen.getByTestId('compression-errors').textContent).toMatch(/compression\.sampleLimit: enter a whole number/), {
      timeout: 3000,
    });
    expect(samples.value).toBe('1.5');
    expect(h.view().definition.compression).toEqual({ strategy: 'single-user-coalesced', printlnLimit: 3, failedTurns: 'all' });
  });

  it('follows the engine when another session is opened', async () => {
    const h = await renderPanel(<MissionPanel />);
    await act(async () => {
      await h.actions().open.mutateAsync(exampleText('products-exploration.json'));
    });
    await waitFor(() => expect((screen.getByTestId('title-input') as HTMLInputElement).value).toBe(h.view().definition.title));
    expect((screen.getByTestId('mission-input') as HTMLTextAreaElement).value).toBe(h.view().definition.mission);
  });
});

describe('compression form', () => {
  it('reads every form of the compression option', () => {
    expect(readCompression(false).mode).toBe('off');
    expect(readCompression(null).mode).toBe('off');
    expect(readCompression(true).mode).toBe('single-user-coalesced');
    expect(readCompression('full-history').mode).toBe('full-history');
    const f = readCompression({ strategy: 'single-user-coalesced', toolCallLimit: 4, failedTurns: 'latest' });
    expect(f).toEqual({
      mode: 'single-user-coalesced',
      numbers: { printlnLimit: '', toolCallLimit: '4', sampleLimit: '', samplePrintableLimit: '' },
      failedTurns: 'latest',
    });
  });

  it('writes the shortest form', () => {
    const base = readCompression(true);
    expect(writeCompression({ ...base, mode: 'off' })).toEqual({ ok: true, value: false });
    expect(writeCompression(base)).toEqual({ ok: true, value: 'single-user-coalesced' });
    expect(writeCompression({ ...base, numbers: { ...base.numbers, sampleLimit: '0' } })).toEqual({
      ok: true,
      value: { strategy: 'single-user-coalesced', sampleLimit: 0 },
    });
    const refused = writeCompression({ ...base, numbers: { ...base.numbers, sampleLimit: '-1' } });
    expect(refused.ok ? [] : refused.problems.map((p) => p.text)).toEqual([expect.stringMatching(/^compression\.sampleLimit:/)]);
    // Options belong to the coalescing strategies only.
    expect(writeCompression({ ...base, mode: 'full-history', numbers: { ...base.numbers, sampleLimit: '2' } })).toEqual({ ok: true, value: 'full-history' });
  });
});
