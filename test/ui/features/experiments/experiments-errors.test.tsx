// @vitest-environment happy-dom
// The experiments panel when things go wrong: the engine restarted under a run (a notice; the runs that
// ended stay saved and can be resumed), a saved experiment whose session no longer reads (the worker's
// errors shown), IndexedDB refused (kept in memory), and the figures' honest forms (no $0 for unknown).
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EngineClient, type EngineRemote } from '../../../../src/ui/engine/client.ts';
import { createExperimentDb, memoryKv } from '../../../../src/ui/features/experiments/experiment-db.ts';
import { ExperimentsPanel } from '../../../../src/ui/features/experiments/ExperimentsPanel.tsx';
import { experimentDb, freshExperiments } from '../../experiment-helpers.ts';
import { costText, exportsOf, rateText, summariesOf, type RunRecord } from '../../../../src/ui/features/experiments/figures.ts';
import { PlaygroundProvider } from '../../../../src/ui/state/playground.tsx';
import { createPlaygroundStore } from '../../../../src/ui/state/store.ts';
import { Engine } from '../../../../src/worker/engine.ts';
import { PageApi } from '../../../../src/worker/page-api.ts';
import { exampleText } from '../../harness.tsx';

freshExperiments();

const tid = (id: string) => screen.getByTestId(id);

/** The panel over an in-process engine whose "terminate" stops its experiment, as ending a worker does. */
async function renderWithWorkers(): Promise<EngineClient> {
  const client = new EngineClient({
    createWorker: () => {
      const host = new PageApi(new Engine());
      const api = new Proxy(
        {},
        {
          get:
            (_t, name: string) =>
            (...args: unknown[]) =>
              Promise.resolve().then(() => (host as unknown as Record<string, (...a: unknown[]) => unknown>)[name](...args)),
        },
      ) as unknown as EngineRemote;
      return { worker: { terminate: () => void host.stopExperiment() }, api };
    },
  });
  client.remember(() => exampleText('reviews-and-inventory.json'));
  await client.call('open', [exampleText('reviews-and-inventory.json')]);
  render(
    <PlaygroundProvider client={client} store={createPlaygroundStore()}>
      <ExperimentsPanel onClose={() => undefined} />
    </PlaygroundProvider>,
  );
  return client;
}

const record = (variant: string, run: number, outcome: RunRecord['outcome'], extra: Partial<RunRecord> = {}): RunRecord => ({
  variant,
  run,
  outcome,
  status: outcome === 'success' ? 'returned' : outcome === 'cut' ? 'cut' : 'failed',
  turns: 2,
  usage: {},
  cost: null,
  ms: 10,
  ...extra,
});

describe('experiments when things go wrong', () => {
  it('an engine restart mid-run says so; the ended runs stay saved and Resume finishes the rest', async () => {
    const client = await renderWithWorkers();
    fireEvent.change(tid('experiment-runs'), { target: { value: '1000' } });
    fireEvent.change(tid('experiment-concurrency'), { target: { value: '1' } });
    await waitFor(() => expect(tid('experiment-plan-total').textContent).toBe('1000 runs in total; success: the run returned'), { timeout: 3000 });
    fireEvent.click(tid('experiment-run'));
    await waitFor(() => expect(Number(tid('experiment-progress').getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    await act(async () => {
      await client.restart();
    });
    await waitFor(() => expect(tid('experiment-errors').textContent).toMatch(/stopped early \(the engine was restarted\)\. The \d+ finished runs are saved/));
    const [saved] = await experimentDb().list();
    const kept = saved.records.filter((r) => r.outcome !== 'cut').length;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(tid('experiment-errors').textContent).toContain(`The ${kept} finished runs are saved`);
    expect(screen.queryByTestId('experiment-progress')).toBeNull();
    // Shrunk so the resume is quick; it runs on the fresh worker, with the session the experiment kept.
    await experimentDb().put({ ...saved, runs: kept + 2, total: kept + 2 });
    cleanup();
    await renderWithWorkers();
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe(`${kept}/${kept + 2} runs`));
    fireEvent.click(tid('experiment-resume'));
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe(`${kept + 2}/${kept + 2} runs`), { timeout: 10_000 });
  });

  it("a saved experiment whose session no longer reads shows the worker's errors on Resume", async () => {
    const db = experimentDb();
    await db.put({
      id: 'broken',
      created: 1,
      title: 'Broken',
      sessionText: '{}',
      variantsText: '',
      runs: 2,
      concurrency: 1,
      variants: ['default'],
      total: 2,
      records: [],
    });
    await renderWithWorkers();
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe('0/2 runs'));
    fireEvent.click(tid('experiment-resume'));
    await waitFor(() => expect(tid('experiment-errors').textContent).toMatch(/^session: version/));
    expect(screen.queryByTestId('experiment-progress')).toBeNull();
  });

  it('keeps experiments in memory when IndexedDB is refused', async () => {
    const refused = {
      get: () => Promise.reject(new Error('refused')),
      set: () => Promise.reject(new Error('refused')),
      del: () => Promise.reject(new Error('refused')),
      keys: () => Promise.reject(new Error('refused')),
    };
    const db = createExperimentDb({ kv: refused, fallback: true });
    expect(db.inMemory()).toBe(false);
    await db.putRunText('x', 'v', 1, 'text');
    expect(db.inMemory()).toBe(true);
    expect(await db.getRunText('x', 'v', 1)).toBe('text');
    const mem = createExperimentDb({ kv: memoryKv() });
    await mem.put({ id: 'a', created: 2, title: 'A', sessionText: '', variantsText: '', runs: 1, concurrency: 1, variants: [], total: 1, records: [] });
    await mem.put({ id: 'b', created: 3, title: 'B', sessionText: '', variantsText: '', runs: 1, concurrency: 1, variants: [], total: 1, records: [] });
    await mem.putRunText('a', 'v', 1, 'run');
    expect((await mem.list()).map((r) => r.id)).toEqual(['b', 'a']);
    await mem.delete('a');
    expect(await mem.getRunText('a', 'v', 1)).toBeUndefined();
    expect((await mem.list()).map((r) => r.id)).toEqual(['b']);
  });

  it('figures: cut runs out of the rate, unknown cost a dash (never $0), CSV of a partial experiment', () => {
    const records = [
      record('a', 1, 'success', { cost: 0.002, usage: { inputTokens: 100, outputTokens: 5 } }),
      record('a', 2, 'failure', { why: 'out of turns', cost: 0.001 }),
      record('a', 3, 'cut', { why: 'stopped', cutKind: 'stopped', cost: 0 }),
      record('b', 1, 'success'),
    ];
    const [a, b] = summariesOf(['a', 'b'], records);
    expect(a).toMatchObject({ runs: 3, successes: 1, failures: 1, cut: 1, consistency: 'flaky' });
    expect(rateText(a)).toBe('50.0% (9.5–90.5%)');
    expect(costText(a.cost)).toBe('$0.0030');
    expect(costText(b.cost)).toBe('–');
    expect(rateText(summariesOf(['c'], [record('c', 1, 'cut')])[0])).toBe('–');
    const asked = { title: 't', created: 0, runs: 3, concurrency: 2, variants: ['a', 'b'], variantsText: '' };
    expect(exportsOf(asked, records).runs.split('\r\n')[2]).toBe('a,2,failure,failed,2,,,,0.001,10,,,,out of turns,');
  });
});
