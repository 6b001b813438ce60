// The lessons as the page reaches them: Engine → PageApi → the worker entry, as plain data.
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../../src/agent/lessons/index.ts';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';

describe('lessons through the worker', () => {
  const host = new PageApi(new Engine());

  it('lists every lesson, solutions included, without an open session', () => {
    const list = host.lessons();
    expect(list.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id));
    expect(list.every((l) => l.solution.length > 0)).toBe(true);
  });

  it('every lesson survives the structured clone the worker boundary makes', () => {
    expect(structuredClone(host.lessons())).toEqual(host.lessons());
  });

  it('checks code against a lesson, and the result crosses the boundary as it is', () => {
    const pass = host.checkLesson('threading', '(->> data/products (filter #(= (:category %) "office")) (map :price) (reduce +))');
    expect(pass).toEqual({ passed: true, message: 'passed', value: '14', prints: [] });
    const fail = host.checkLesson('threading', '(->> data/products (map :price) (reduce +))');
    expect(structuredClone(fail)).toEqual(fail);
    expect(fail.message).toBe('expected 14, got 359');
    expect(fail.hint).toBe(LESSONS.find((l) => l.id === 'threading')?.hints[0]);
  });

  it('an unknown lesson is a failed check, not an exception', () => {
    expect(host.checkLesson('no-such-lesson', '1').passed).toBe(false);
  });
});
