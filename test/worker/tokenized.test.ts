import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/worker/engine.ts';
import { tokenized } from '../../src/worker/tokenized.ts';
import { isTokenizerLoaded, TokenizerNotLoaded } from '../../src/compression/tokens.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const example = JSON.parse(readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8')) as Record<string, unknown>;

describe('calls that meet the tokenizer unloaded', () => {
  it('are answered again once it loaded; other errors pass through', async () => {
    let calls = 0;
    const fn = tokenized((x: number) => {
      calls++;
      if (calls === 1) throw new TokenizerNotLoaded('cl100k_base');
      return x * 2;
    });
    expect(await fn(21)).toBe(42);
    expect(calls).toBe(2);
    expect(isTokenizerLoaded('cl100k_base')).toBe(true);
    const failing = tokenized(() => {
      throw new Error('boom');
    });
    await expect(failing()).rejects.toThrow('boom');
  });

  it('a trim session opens and steps in the worker however the tokenizer stands', async () => {
    const engine = new Engine();
    const open = tokenized((text: string) => engine.open(text));
    const step = tokenized(() => engine.stepTurn());
    const session = { ...example, compression: { strategy: 'trim', triggerTurns: 1, recentTurns: 1 } };
    const opened = await open(JSON.stringify(session));
    if (!opened.ok) throw new Error(opened.problems.map((p) => p.text).join('\n'));
    expect(opened.view.sessionStrategy).toBe('trim');
    for (let n = 1; n <= 3; n++) expect((await step()).ok).toBe(true);
    // The request for turn 3 follows 2 turns, more than triggerTurns: it keeps the last turn only.
    const view = engine.view({ selected: 3 });
    expect(view.compressed.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(view.compressed.messages[1].content).toContain(';; Turn 1 is left out to save space; the last turn follows.');
  });
});
