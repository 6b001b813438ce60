// The worker's calls made from the protocol table: a call that renders waits for the tokenizer first
// when, and only when, what it renders counts tokens; nothing meets the tokenizer unloaded halfway.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import { workerCalls } from '../../src/worker/worker-calls.ts';
import { CALLS, PROTOCOL } from '../../src/worker/protocol.ts';
import { loadTokenizer, TokenizerNotLoaded, type TokenizerName } from '../../src/compression/tokens.ts';
import { applyPatch } from '../../src/worker/view-patch.ts';

const text = (name: string): string => readFileSync(join(__dirname, '..', '..', 'examples', name), 'utf8');
const example = JSON.parse(text('reviews-and-inventory.json')) as Record<string, unknown>;
const TRIM = { strategy: 'trim', triggerTurns: 1, recentTurns: 1 };

/** The worker's calls over a fresh engine, with a loader that records what it was asked for. */
function worker(load: (name: TokenizerName) => Promise<unknown> = () => Promise.resolve(() => 0)) {
  const loads: TokenizerName[] = [];
  const api = new PageApi(new Engine());
  const calls = workerCalls(api, async (name) => {
    loads.push(name);
    await load(name);
    return () => 0;
  });
  return { api, calls, loads };
}

describe('the worker calls', () => {
  it('are every line of the table, and nothing else', () => {
    const { calls } = worker();
    expect(Object.keys(calls).sort()).toEqual([...CALLS].sort());
    expect(CALLS).toEqual(Object.keys(PROTOCOL));
  });

  it('a session whose strategy never counts tokens never loads the tokenizer, whatever it is asked', async () => {
    const { calls, loads } = worker();
    const opened = await calls.open(text('reviews-and-inventory.json'));
    expect(opened.ok).toBe(true);
    for (let n = 1; n <= 3; n++) expect((await calls.stepTurn()).ok).toBe(true);
    await calls.view({ selected: 2 });
    await calls.reset();
    await calls.exportSession();
    await calls.shareLink({ turns: true });
    await calls.requestMessages('full-history', 1);
    expect((await calls.fork({ at: 1, name: 'other model', llm: { temperature: 0.5 } })).ok).toBe(true);
    expect(loads).toEqual([]);
  });

  it('loads it before a call that renders a strategy counting tokens: a file, a view, a definition, a fork, a link', async () => {
    const trimFile = JSON.stringify({ ...example, compression: TRIM });
    const file = worker();
    expect((await file.calls.open(trimFile)).ok).toBe(true);
    expect(file.loads).toEqual(['o200k_base']);

    const viewed = worker();
    await viewed.calls.open(text('reviews-and-inventory.json'));
    await viewed.calls.view({ strategy: 'trim' });
    expect(viewed.loads).toEqual(['o200k_base']);

    const edited = worker();
    const r = await edited.calls.open(text('reviews-and-inventory.json'));
    if (!r.ok) throw new Error('not opened');
    const def = applyPatch(null, r.view).setup.definition;
    expect(edited.loads).toEqual([]);
    expect((await edited.calls.setDefinition({ ...def, compression: TRIM })).ok).toBe(true);
    expect(edited.loads).toEqual(['o200k_base']);

    const forked = worker();
    await forked.calls.open(text('reviews-and-inventory.json'));
    await forked.calls.stepTurn();
    expect((await forked.calls.fork({ at: 1, name: 'trim', compression: TRIM })).ok).toBe(true);
    expect(forked.loads).toEqual(['o200k_base']);

    const link = (await file.calls.shareLink({ turns: true })).fragment;
    const linked = worker();
    expect((await linked.calls.openLink(link)).ok).toBe(true);
    expect(linked.loads).toEqual(['o200k_base']);
  });

  it('a trim session opens and steps in the worker however the tokenizer stands', async () => {
    const { api, calls } = worker(loadTokenizer);
    const session = { ...example, compression: TRIM };
    const opened = await calls.open(JSON.stringify(session));
    if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
    expect(applyPatch(null, opened.view).setup.sessionStrategy).toBe('trim');
    for (let n = 1; n <= 3; n++) expect((await calls.stepTurn()).ok).toBe(true);
    // The request for turn 3 follows 2 turns, more than triggerTurns: it keeps the last turn only.
    const view = api.engine.view({ selected: 3 });
    expect(view.compressed.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(view.compressed.messages[1].content).toContain(';; Turn 1 is left out to save space; the last turn follows.');
  });

  it('a call that still meets the tokenizer unloaded fails once: it is not made again', async () => {
    const api = new PageApi(new Engine());
    const view = vi.spyOn(api, 'view').mockImplementation(() => {
      throw new TokenizerNotLoaded('o200k_base');
    });
    const calls = workerCalls(api, () => Promise.resolve(() => 0));
    await calls.open(text('reviews-and-inventory.json'));
    await expect(calls.view()).rejects.toBeInstanceOf(TokenizerNotLoaded);
    expect(view).toHaveBeenCalledTimes(1);
  });
});
