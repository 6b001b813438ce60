// @vitest-environment happy-dom
// The experiments panel with the real engine in-process (fake-indexeddb for the saved experiments):
// problems of a bad variants file, the plan of a good one, a run to the end with its results, Stop
// then Resume, the experiment listed again after a remount, a run opened as the session, CSV export.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExperimentsPanel } from '../../../../src/ui/features/experiments/ExperimentsPanel.tsx';
import { experimentDb, freshExperiments } from '../../experiment-helpers.ts';
import { captureDownloads } from '../../harness.tsx';
import { renderPanel, type PanelHarness } from '../../panel-helpers.tsx';

const GOOD = JSON.stringify({
  success: { expected: ['Laptop', 'Monitor'] },
  variants: [
    { name: 'full', compression: false },
    { name: 'trimmed', compression: 'trim' },
  ],
});

freshExperiments();

const tid = (id: string) => screen.getByTestId(id);

async function openPanel(): Promise<PanelHarness> {
  return renderPanel(<ExperimentsPanel onClose={() => undefined} />);
}

function setVariants(text: string): void {
  fireEvent.change(tid('experiment-variants'), { target: { value: text } });
}

function setNumber(id: string, value: string): void {
  fireEvent.change(tid(id), { target: { value } });
}

async function runToEnd(total: number): Promise<void> {
  await waitFor(() => expect((tid('experiment-run') as HTMLButtonElement).disabled).toBe(false), { timeout: 3000 });
  fireEvent.click(tid('experiment-run'));
  await waitFor(() => expect(screen.getAllByTestId(/^experiment-run-.+-\d+$/)).toHaveLength(total), { timeout: 20_000 });
  await waitFor(() => expect(screen.queryByTestId('experiment-progress')).toBeNull(), { timeout: 20_000 });
}

describe('the experiments panel', () => {
  it('shows every problem of a bad variants file, as the worker words it, and refuses to run', async () => {
    await openPanel();
    setVariants('{"variants": [');
    await waitFor(() => expect(tid('experiment-problems').textContent).toMatch(/^line 1, column 15: /), { timeout: 3000 });
    expect(within(tid('experiment-plan')).getByRole('alert')).toBeTruthy();
    expect((tid('experiment-run') as HTMLButtonElement).disabled).toBe(true);
    setVariants('{"variants": [{"compression": "nope"}]}');
    await waitFor(() => expect(tid('experiment-problems').textContent).toMatch(/^variants\[0\]\.compression/), { timeout: 3000 });
    expect((tid('experiment-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the plan of a good file and of a preset: variants, who answers, the total, the check', async () => {
    await openPanel();
    setVariants(GOOD);
    setNumber('experiment-runs', '4');
    await waitFor(() => expect(tid('experiment-plan-total').textContent).toBe('8 runs in total; success: returned ["Laptop" "Monitor"]'), { timeout: 3000 });
    expect(tid('experiment-plan-full').textContent).toBe('fullfull-historymock');
    expect(tid('experiment-plan-trimmed').textContent).toContain('trim');
    fireEvent.click(tid('experiment-preset-strategies'));
    // The simulated model follows the session's script: its runs are judged against the script's answer.
    await waitFor(() => expect(tid('experiment-plan-total').textContent).toBe('20 runs in total; success: returned ["Laptop" "Monitor"]'), { timeout: 3000 });
    expect(tid('experiment-plan-aggressive').textContent).toContain('simulated (slip');
    expect(screen.getAllByTestId(/^experiment-plan-(?!total)/)).toHaveLength(5);
  });

  it('says which endpoint needs a key and keeps Run off until there is one', async () => {
    const h = await openPanel();
    void h;
    setVariants(JSON.stringify({ variants: [{ name: 'gpt', llm: { provider: 'openai', model: 'gpt-4o-mini' } }] }));
    await waitFor(() => expect(tid('experiment-missing-keys').textContent).toContain('gpt: openai https://api.openai.com/v1 needs an API key'), {
      timeout: 3000,
    });
    expect((tid('experiment-run') as HTMLButtonElement).disabled).toBe(true);
  });

  it('runs every run with the progress up to the total; the results table and chart say the rates', async () => {
    await openPanel();
    setVariants(GOOD);
    setNumber('experiment-runs', '3');
    await runToEnd(6);
    const full = tid('experiment-variant-full');
    expect(within(full).getByTestId('experiment-rate').textContent).toBe('100.0% (43.8–100.0%)');
    expect(full.textContent).toContain('always');
    // The mock reports no tokens: unknown, never zero, and no cost.
    expect(full.textContent).toContain('–');
    expect(full.textContent).not.toContain('$0');
    expect(tid('experiment-chart').getAttribute('aria-label')).toBe(
      'Success rate with 95% interval per variant: full 100.0% (43.8–100.0%); trimmed 100.0% (43.8–100.0%).',
    );
    expect(screen.getByText(/left out of the success\s+rate/)).toBeTruthy();
    const saved = await experimentDb().list();
    expect(saved).toHaveLength(1);
    expect(saved[0].records).toHaveLength(6);
    expect(await experimentDb().getRunText(saved[0].id, 'full', 2)).toContain('"turns"');
  });

  it('Stop cuts the runs in flight; Resume runs only the rest, to the total', async () => {
    await openPanel();
    setVariants('');
    setNumber('experiment-runs', '1000');
    setNumber('experiment-concurrency', '1');
    await waitFor(() => expect(tid('experiment-plan-total').textContent).toBe('1000 runs in total; success: the run returned'), { timeout: 3000 });
    fireEvent.click(tid('experiment-run'));
    await waitFor(() => expect(Number(tid('experiment-progress').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(tid('experiment-progress').getAttribute('aria-valuemax')).toBe('1000');
    fireEvent.click(tid('experiment-stop'));
    await waitFor(() => expect(screen.queryByTestId('experiment-progress')).toBeNull(), { timeout: 10_000 });
    expect(tid('experiment-errors').textContent).toMatch(/Stopped \(stopped\)/);
    const [stopped] = await experimentDb().list();
    const finished = stopped.records.filter((r) => r.outcome !== 'cut').length;
    expect(finished).toBeGreaterThanOrEqual(2);
    expect(finished).toBeLessThan(1000);
    expect(tid('experiment-saved-count').textContent).toBe(`${finished}/1000 runs`);
    // Resume with fewer runs to go: shrink the experiment by editing its record (1000 takes long).
    await act(async () => {
      await experimentDb().put({ ...stopped, runs: finished + 3, total: finished + 3 });
    });
    cleanup();
    await openPanel();
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe(`${finished}/${finished + 3} runs`));
    fireEvent.click(tid('experiment-resume'));
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe(`${finished + 3}/${finished + 3} runs`), { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByTestId('experiment-progress')).toBeNull(), { timeout: 10_000 });
    const [resumed] = await experimentDb().list();
    expect(resumed.records.filter((r) => r.outcome !== 'cut')).toHaveLength(finished + 3);
    expect(new Set(resumed.records.map((r) => r.run)).size).toBe(finished + 3);
    expect(screen.queryByTestId('experiment-resume')).toBeNull();
  });

  it('lists a saved experiment after a remount; Open makes a run the open session; the exports download runs, variants and JSON', async () => {
    await openPanel();
    setVariants(GOOD);
    setNumber('experiment-runs', '2');
    await runToEnd(4);
    cleanup();

    const h = await openPanel();
    await waitFor(() => expect(screen.getAllByTestId('experiment-saved')).toHaveLength(1));
    expect(tid('experiment-saved-count').textContent).toBe('4/4 runs');
    fireEvent.click(within(tid('experiment-saved')).getByText('Show'));
    await screen.findByTestId('experiment-results');

    const { blobs, names, restore } = captureDownloads();
    try {
      fireEvent.click(tid('experiment-export-runs'));
      fireEvent.click(tid('experiment-export-variants'));
      fireEvent.click(tid('experiment-export-json'));
    } finally {
      restore();
    }
    expect(names[0]).toMatch(/^Reviews-and-inventory-experiment-.*-results-runs\.csv$/);
    expect(names[1]).toMatch(/-results-variants\.csv$/);
    expect(names[2]).toMatch(/-results\.json$/);
    const csv = (await blobs[0].text()).split('\r\n');
    expect(csv[0]).toMatch(/^variant,run,outcome,status,turns,input_tokens_all_requests,/);
    expect(csv.slice(1, 5).map((l) => l.split(',').slice(0, 3).join(','))).toEqual([
      'full,1,success',
      'full,2,success',
      'trimmed,1,success',
      'trimmed,2,success',
    ]);
    expect(
      (await blobs[1].text())
        .split('\r\n')
        .slice(1, 3)
        .map((l) => l.split(',').slice(0, 3).join(',')),
    ).toEqual(['full,2,2', 'trimmed,2,2']);
    expect(JSON.parse(await blobs[2].text())).toMatchObject({
      configuration: { title: 'Reviews and inventory', runsPerVariant: 2, variants: ['full', 'trimmed'] },
      variants: [{ name: 'full', runs: 2, successRate: 1 }, { name: 'trimmed' }],
      runs: [
        { variant: 'full', run: 1 },
        { variant: 'full', run: 2 },
        { variant: 'trimmed', run: 1 },
        { variant: 'trimmed', run: 2 },
      ],
    });

    // The open session has no turns; the run opened has the run's.
    expect(h.view().turns).toHaveLength(0);
    const row = tid('experiment-run-trimmed-2');
    const turns = Number(row.children[3].textContent);
    expect(turns).toBeGreaterThan(0);
    fireEvent.click(within(row).getByRole('button', { name: 'Open trimmed run 2' }));
    await waitFor(() => expect(h.view().turns).toHaveLength(turns));
    expect(h.view().setup.definition.compression).toBe('trim');
  });

  it('deletes a saved experiment after asking', async () => {
    await openPanel();
    setVariants('');
    setNumber('experiment-runs', '1');
    await runToEnd(1);
    fireEvent.click(tid('experiment-delete'));
    expect(await experimentDb().list()).toHaveLength(1);
    fireEvent.click(tid('experiment-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('experiment-saved')).toBeNull());
    expect(await experimentDb().list()).toHaveLength(0);
  });
});
