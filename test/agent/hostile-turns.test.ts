// Hostile turns: whatever value a program fails with, the turn's recorded error and the run's failure
// say what happened within the 2,000-character cap of every error message, and saying it never walks
// the whole value (a reason shared 2^30 times, or nested 100,000 deep).
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS } from '../../src/lisp/errors.ts';
import { agentDef, play, prepared } from './fixtures.ts';

describe('(fail reason) with a hostile reason', () => {
  const agent = prepared(agentDef());
  it.each([
    ['nested 100,000 deep', '(fail (reduce (fn [a _] [a]) 1 (range 100000)))', '[[[[[[[['],
    ['shared: 2^30 paths through 30 vectors', '(fail (loop [x 1 i 0] (if (< i 30) (recur [x x] (inc i)) x)))', '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]'],
    ['shared: 2^30 paths, built with let', `(fail ${'(let [x [x x]] '.repeat(30).replace('[x x]', '[1 1]')}x${')'.repeat(30)})`, '[[[['],
    ['a string of 100,000 characters', '(fail (apply str (repeat 100000 "x")))', 'xxxxxxxx'],
  ])('%s: the turn and the run say so in at most 2,000 characters', (_what, program, start) => {
    const step = play(agent, [program]);
    expect(step.status).toBe('failed');
    const turn = step.turns[0];
    expect(turn).toMatchObject({ success: false, signal: 'fail', error: { type: 'fail' } });
    for (const message of [turn.error?.message ?? '', step.fail?.message ?? '']) {
      expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
      expect(message.startsWith(start)).toBe(true);
      expect(message.endsWith('…')).toBe(true);
    }
  });

  it('a short reason is recorded whole', () => {
    const step = play(agent, ['(fail {:why "no stock"})']);
    expect([step.turns[0].error?.message, step.fail?.message]).toEqual(['{:why "no stock"}', '{:why "no stock"}']);
  });
});
