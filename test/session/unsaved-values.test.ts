// A value too large or too deep to write out never stops a session from being saved, exported or
// shared: a note stands in for it and reads back as nil.
import { describe, expect, it } from 'vitest';
import { decodeValue, encodeRecorded } from '../../src/session/value-codec.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { Engine } from '../../src/worker/engine.ts';

const SESSION = {
  version: 1,
  mission: 'Build something huge',
  maxTurns: 3,
  llm: {
    provider: 'mock',
    replies: [
      '```clojure\n(def huge (reduce (fn [a _] [a a]) 1 (range 40)))\n(def deep (reduce (fn [a _] [a]) 1 (range 2000)))\n[1 2]\n```',
      '```clojure\n(return (count huge))\n```',
    ],
  },
};

describe('values too large or deep to save', () => {
  it('are written as a note that reads back as nil', () => {
    const shared = Array.from({ length: 40 }).reduce<unknown[]>((a) => [a, a], [1]);
    const json = encodeRecorded(shared as never) as { $unsaved: string };
    expect(Object.keys(json)).toEqual(['$unsaved']);
    expect(json.$unsaved).toMatch(/^value too large to save: over 1000000 elements/);
    expect(decodeValue(json)).toBeNull();
    expect(() => decodeValue({ $unsaved: 3 })).toThrow('$unsaved: expected a string (why the value was not saved), got number 3');
  });

  it('do not stop the engine from showing, exporting, sharing and reopening the session', () => {
    const engine = new Engine();
    const opened = engine.open(JSON.stringify(SESSION));
    expect(opened.ok).toBe(true);
    expect(engine.stepTurn().ok).toBe(true);
    const view = engine.stepTurn();
    expect(view.ok).toBe(true);
    expect(engine.view().returnValue).toBe('2');
    const exported = engine.exportSession();
    const memory = (JSON.parse(exported) as { turns: { memory: { name: string; value: unknown }[] }[] }).turns[0].memory;
    expect(memory.map((m) => m.name)).toEqual(['huge', 'deep']);
    expect(memory[0].value).toEqual({ $unsaved: expect.stringMatching(/^value too large to save/) });
    expect(memory[1].value).toEqual({ $unsaved: 'value nested deeper than 500 levels cannot be saved' });
    const again = parseSession(exported);
    expect(again.ok).toBe(true);
    expect(engine.shareLink({ turns: true }).fragment).toMatch(/^s=2\./);
  });
});
