// @vitest-environment happy-dom
// The setup's note for experiments that belong to the command line: shown past 100 runs answered by
// real providers (not for the mock or the simulated model, not at 100), with the exact `--batch`
// command, a copy button, and downloads of the session (as Export writes it) and of the variants
// file exactly as the form would run it.
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { batchCommand, shellWord } from '../../../../src/ui/features/experiments/batch-note.ts';
import { ExperimentsPanel } from '../../../../src/ui/features/experiments/ExperimentsPanel.tsx';
import { freshExperiments } from '../../experiment-helpers.ts';
import { captureDownloads } from '../../harness.tsx';
import { renderPanel } from '../../panel-helpers.tsx';

freshExperiments();

const tid = (id: string) => screen.getByTestId(id);

const REAL = JSON.stringify({
  variants: [
    { name: 'mini', llm: { provider: 'openai', model: 'gpt-4o-mini' } },
    { name: 'haiku', llm: { provider: 'anthropic', model: 'claude-3-5-haiku-latest' } },
    { name: 'simulated', llm: { provider: 'simulated' } },
  ],
});

async function planned(variants: string, runs: string): Promise<void> {
  fireEvent.change(tid('experiment-variants'), { target: { value: variants } });
  fireEvent.change(tid('experiment-runs'), { target: { value: runs } });
  await waitFor(() => expect(tid('experiment-plan-total').textContent).toMatch(new RegExp(`^${Number(runs) * (variants === '' ? 1 : 3)} runs in total`)), {
    timeout: 3000,
  });
}

describe('the batch note', () => {
  it('quotes what a shell would split, and leaves out --variants without a variants file', () => {
    expect(shellWord('variants.json')).toBe('variants.json');
    expect(shellWord("Bob's session.json")).toBe(`'Bob'\\''s session.json'`);
    expect(batchCommand({ sessionFile: 'a.json', variantsFile: null, runs: 7 })).toBe('ptc experiment a.json --runs 7 --batch --out results');
  });

  it('appears past 100 runs answered by real providers, with the exact command; copy and both downloads give what the form runs', async () => {
    const h = await renderPanel(<ExperimentsPanel onClose={() => undefined} />);
    // 2 real variants × 50 runs = 100: not yet.
    await planned(REAL, '50');
    expect(screen.queryByTestId('experiment-batch-note')).toBeNull();
    await planned(REAL, '51');
    await waitFor(() => expect(screen.queryByTestId('experiment-batch-note')).not.toBeNull());
    expect(tid('experiment-batch-note').textContent).toContain('102 runs asking a real provider');
    expect(tid('experiment-batch-note').textContent).toContain('a browser tab is no place to wait for it');
    expect(tid('experiment-batch-note').textContent).toContain('--shard i/n');
    expect(tid('experiment-batch-note').textContent).toContain('ptc experiment merge DIR… --out DIR');
    expect(tid('experiment-batch-note').textContent).toContain('“Shards”');
    expect(tid('experiment-batch-command').textContent).toBe(
      "ptc experiment 'Reviews and inventory.json' --variants variants.json --runs 51 --batch --out results",
    );

    const written: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: (t: string) => Promise.resolve(void written.push(t)) } });
    fireEvent.click(tid('experiment-batch-copy'));
    await waitFor(() => expect(written).toEqual([tid('experiment-batch-command').textContent]));
    await screen.findByText('Copied.');

    const { blobs, names, restore } = captureDownloads();
    try {
      fireEvent.click(tid('experiment-batch-variants'));
      fireEvent.click(tid('experiment-batch-session'));
      await waitFor(() => expect(blobs).toHaveLength(2));
    } finally {
      restore();
    }
    expect(names).toEqual(['variants.json', 'Reviews and inventory.json']);
    expect(await blobs[0].text()).toBe(REAL);
    expect(await blobs[1].text()).toBe(await h.controller.exportText());
  });

  it('does not appear for the mock or the simulated model, however many runs', async () => {
    await renderPanel(<ExperimentsPanel onClose={() => undefined} />);
    await planned('', '1000');
    expect(screen.queryByTestId('experiment-batch-note')).toBeNull();
    await planned(JSON.stringify({ variants: [{ name: 'a' }, { name: 'b', llm: { provider: 'simulated' } }, { name: 'c', compression: 'trim' }] }), '1000');
    expect(screen.queryByTestId('experiment-batch-note')).toBeNull();
  });

  it('leaves --variants out when the form has no variants file and the session itself asks a real provider', async () => {
    const session = JSON.parse((await import('../../harness.tsx')).exampleText('reviews-and-inventory.json')) as Record<string, unknown>;
    const h = await renderPanel(<ExperimentsPanel onClose={() => undefined} />);
    await h.controller.open(JSON.stringify({ ...session, title: 'Real', llm: { provider: 'openai', model: 'gpt-4o-mini' } }));
    await planned('', '101');
    await waitFor(() => expect(tid('experiment-batch-command').textContent).toBe('ptc experiment Real.json --runs 101 --batch --out results'));
    expect(screen.queryByTestId('experiment-batch-variants')).toBeNull();
  });
});
