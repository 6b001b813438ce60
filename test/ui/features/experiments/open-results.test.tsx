// @vitest-environment happy-dom
// Opening results `ptc experiment --out` wrote: results.json alone (figures, no run to open), a folder
// with some run files (those runs open as the session; the others say how to get them), loose files
// (placed by what each says it is), a broken file (its problems by path; nothing saved changes), a
// file whose summary disagrees with its runs (the runs' figures, the difference said), the exports
// made again equal to the folder's own, and the experiment kept over a remount, never resumable here.
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExperimentsPanel } from '../../../../src/ui/features/experiments/ExperimentsPanel.tsx';
import { RUN_FILE_MISSING } from '../../../../src/ui/features/experiments/ExperimentResults.tsx';
import { experimentDb, freshExperiments } from '../../experiment-helpers.ts';
import { captureDownloads } from '../../harness.tsx';
import { renderPanel, type PanelHarness } from '../../panel-helpers.tsx';
import { fileAt, resultsOf, runFileText, runPath } from './results-fixtures.ts';

freshExperiments();

const tid = (id: string) => screen.getByTestId(id);

// full: 3 runs, 2 succeed; trim: 2 of 3 ran (one failed, one cut): an incomplete experiment.
const folder = resultsOf(['full', 'trim'], 3, (v, run) =>
  v === 'full' ? (run === 2 ? 'failure' : 'success') : run === 1 ? 'failure' : run === 2 ? 'cut' : null,
);

async function openPanel(): Promise<PanelHarness> {
  const h = await renderPanel(<ExperimentsPanel onClose={() => undefined} />);
  await waitFor(() => expect(screen.queryByTestId('experiment-open-results')).not.toBeNull());
  return h;
}

function choose(testId: 'experiment-open-results-folder' | 'experiment-open-results-files', files: File[]): void {
  fireEvent.change(tid(testId), { target: { files } });
}

async function shown(): Promise<HTMLElement> {
  return waitFor(() => tid('experiment-results'), { timeout: 5000 });
}

describe('opening results made by ptc experiment', () => {
  it('shows results.json alone as its own results are shown; no run can be opened, and it cannot be resumed here', async () => {
    await openPanel();
    choose('experiment-open-results-files', [new File([folder.texts.json], 'results.json')]);
    const results = await shown();
    expect(within(results).getByText(/^Results: Reviews and inventory$/)).toBeTruthy();
    expect(within(tid('experiment-variant-full')).getByTestId('experiment-rate').textContent).toBe('66.7% (20.8–93.9%)');
    expect(within(tid('experiment-variant-trim')).getByTestId('experiment-rate').textContent).toBe('0.0% (0.0–79.3%)');
    expect(tid('experiment-variant-trim').children[4].textContent).toBe('1');
    expect(tid('experiment-chart').getAttribute('aria-label')).toBe(
      'Success rate with 95% interval per variant: full 66.7% (20.8–93.9%); trim 0.0% (0.0–79.3%).',
    );
    expect(tid('experiment-results-origin').textContent).toContain('made by ptc experiment');
    expect(screen.getAllByTestId(/^experiment-run-(full|trim)-\d+$/)).toHaveLength(5);
    expect(screen.queryByTestId('experiment-run-open')).toBeNull();
    expect(screen.getAllByTestId('experiment-run-no-file').map((e) => e.textContent)).toEqual(Array(5).fill(RUN_FILE_MISSING));
    // Saved, marked, and continued only by the command line (4 of 6 runs finished).
    expect(tid('experiment-saved-count').textContent).toBe('4/6 runs');
    expect(tid('experiment-saved-origin').textContent).toContain('made by ptc experiment');
    expect(tid('experiment-saved-resume-command').textContent).toBe('ptc experiment --resume DIR');
    expect(screen.queryByTestId('experiment-resume')).toBeNull();
    const [saved] = await experimentDb().list();
    expect(saved.imported).toMatchObject({ folder: null, runFiles: [], differences: [] });
    expect(saved.records).toHaveLength(5);
  });

  it('opens a folder: the runs whose files came open as sessions, the exports are the folder’s own, and it is kept over a remount', async () => {
    const h = await openPanel();
    choose('experiment-open-results-folder', [
      fileAt('out/results.json', folder.texts.json),
      fileAt('out/results-runs.csv', folder.texts.runs),
      fileAt('out/experiment.json', '{}'),
      fileAt(runPath('out', 0, 'full', 1), runFileText('full', 1)),
      fileAt(runPath('out', 0, 'full', 2), runFileText('full', 2)),
      fileAt(runPath('out', 1, 'trim', 1), runFileText('trim', 1)),
      // A run results.json does not have (written after it): not kept.
      fileAt(runPath('out', 1, 'trim', 3), runFileText('trim', 3)),
    ]);
    await shown();
    expect(tid('experiment-results-origin').textContent).toContain('in out');
    expect(tid('experiment-saved-resume-command').textContent).toBe('ptc experiment --resume out');
    expect(within(tid('experiment-run-full-1')).queryByTestId('experiment-run-open')).not.toBeNull();
    expect(within(tid('experiment-run-full-3')).getByTestId('experiment-run-no-file').textContent).toBe(RUN_FILE_MISSING);
    expect(within(tid('experiment-run-trim-2')).getByTestId('experiment-run-no-file')).toBeTruthy();

    const { blobs, restore } = captureDownloads();
    try {
      fireEvent.click(tid('experiment-export-runs'));
      fireEvent.click(tid('experiment-export-variants'));
      fireEvent.click(tid('experiment-export-json'));
    } finally {
      restore();
    }
    expect(await Promise.all(blobs.map((b) => b.text()))).toEqual([folder.texts.runs, folder.texts.variants, folder.texts.json]);

    cleanup();
    const again = await openPanel();
    void h;
    await waitFor(() => expect(screen.getAllByTestId('experiment-saved')).toHaveLength(1));
    fireEvent.click(within(tid('experiment-saved')).getByText('Show'));
    await shown();
    fireEvent.click(within(tid('experiment-run-trim-1')).getByRole('button', { name: 'Open trim run 1' }));
    await waitFor(() => expect(again.view().setup.definition.title).toBe('Reviews and inventory · trim · run 1'));
  });

  it('places files chosen one by one by the run each says it is', async () => {
    const h = await openPanel();
    choose('experiment-open-results-files', [
      new File([folder.texts.json], 'results.json'),
      new File([runFileText('full', 3)], 'run-003.json'),
      new File(['not a run'], 'run-009.json'),
    ]);
    await shown();
    expect(within(tid('experiment-run-full-3')).queryByTestId('experiment-run-open')).not.toBeNull();
    expect(screen.getAllByTestId('experiment-run-open')).toHaveLength(1);
    fireEvent.click(within(tid('experiment-run-full-3')).getByRole('button', { name: 'Open full run 3' }));
    await waitFor(() => expect(h.view().setup.definition.title).toBe('Reviews and inventory · full · run 3'));
  });

  it('refuses a broken file, naming each problem by its path, and leaves the saved experiments and the one shown as they were', async () => {
    await openPanel();
    choose('experiment-open-results-files', [new File([folder.texts.json], 'results.json')]);
    await shown();
    const before = await experimentDb().list();
    const broken = JSON.parse(folder.texts.json) as { runs: Record<string, unknown>[] };
    broken.runs[1].outcome = 'maybe';
    delete broken.runs[3].ms;
    choose('experiment-open-results-folder', [fileAt('bad/results.json', JSON.stringify(broken))]);
    await waitFor(() => expect(screen.queryByTestId('experiment-open-results-problems')).not.toBeNull());
    const items = within(tid('experiment-open-results-problems'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'bad/results.json: runs[1].outcome: expected "success" or "failure" or "cut", got string "maybe"',
      'bad/results.json: runs[3].ms: required',
    ]);
    expect(tid('experiment-open-results-problems').textContent).toContain('nothing saved was changed');
    expect(await experimentDb().list()).toEqual(before);
    expect(screen.getAllByTestId('experiment-saved')).toHaveLength(1);
    expect(tid('experiment-results')).toBeTruthy();

    choose('experiment-open-results-files', [new File(['{'], 'notes.json')]);
    await waitFor(() => expect(tid('experiment-open-results-problems').textContent).toContain('No results.json among the 1 file chosen'));
    choose('experiment-open-results-files', [new File(['{"configuration": '], 'results.json')]);
    await waitFor(() => expect(tid('experiment-open-results-problems').textContent).toMatch(/results\.json: results\.json is not JSON: /));
    expect(await experimentDb().list()).toEqual(before);
  });

  it('shows the runs’ figures when the file’s own summary disagrees, and says where it differed', async () => {
    await openPanel();
    const doc = JSON.parse(folder.texts.json) as { variants: Record<string, unknown>[] };
    doc.variants[0].successes = 3;
    doc.variants[0].failures = 0;
    choose('experiment-open-results-files', [new File([JSON.stringify(doc)], 'results.json')]);
    await shown();
    expect(within(tid('experiment-variant-full')).getByTestId('experiment-rate').textContent).toBe('66.7% (20.8–93.9%)');
    expect(tid('experiment-variant-full').children[2].textContent).toBe('2');
    expect(
      within(tid('experiment-results-differences'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['"full": the file\'s summary says 3 successes, its runs 2', '"full": the file\'s summary says 0 failures, its runs 1']);
  });

  it('opens results.json dropped on the panel’s drop area', async () => {
    await openPanel();
    const file = new File([folder.texts.json], 'results.json');
    const entry = { isFile: true, isDirectory: false, fullPath: '/results.json', file: (ok: (f: File) => void) => ok(file) };
    fireEvent.drop(tid('experiment-open-results'), { dataTransfer: { items: [{ kind: 'file', webkitGetAsEntry: () => entry }], files: [file] } });
    await shown();
    expect(tid('experiment-saved-count').textContent).toBe('4/6 runs');
  });

  it('replaces the copy opened before when the same experiment is opened again (more runs after a --resume)', async () => {
    await openPanel();
    choose('experiment-open-results-files', [new File([folder.texts.json], 'results.json')]);
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe('4/6 runs'));
    const [first] = await experimentDb().list();
    const resumed = resultsOf(['full', 'trim'], 3, () => 'success');
    choose('experiment-open-results-folder', [fileAt('out/results.json', resumed.texts.json), fileAt(runPath('out', 0, 'full', 1), runFileText('full', 1))]);
    await waitFor(() => expect(tid('experiment-saved-count').textContent).toBe('6/6 runs'));
    expect(screen.getAllByTestId('experiment-saved')).toHaveLength(1);
    const saved = await experimentDb().list();
    expect(saved.map((r) => r.id)).not.toContain(first.id);
    expect(saved).toHaveLength(1);
    expect(await experimentDb().getRunText(saved[0].id, 'full', 1)).toBe(runFileText('full', 1));
  });
});
