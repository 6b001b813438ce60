import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/experiment/records.ts';
import { resultsJson, summarize, summarizeAll } from '../../src/experiment/results.ts';
import { wilson } from '../../src/experiment/stats.ts';

function rec(variant: string, run: number, outcome: RunRecord['outcome'], over: Partial<RunRecord> = {}): RunRecord {
  return { variant, run, outcome, status: outcome === 'cut' ? 'cut' : 'returned', turns: 3, usage: {}, cost: null, ms: 100, ...over };
}

describe('summaries', () => {
  const records = [
    rec('a', 1, 'success', { usage: { inputTokens: 100, outputTokens: 10, cachedInputTokens: 40 }, cost: 0.5, turns: 2, ms: 50 }),
    rec('a', 2, 'failure', { usage: { inputTokens: 200, outputTokens: 20 }, cost: 0.25, turns: 4, ms: 150 }),
    rec('a', 3, 'cut', { cutKind: 'provider', usage: { inputTokens: 5 }, cost: 0.01, turns: 0, ms: 10 }),
    rec('b', 1, 'success'),
    rec('b', 2, 'success'),
  ];

  it('leaves cut runs out of the rate but not out of the counts', () => {
    const a = summarize('a', records);
    expect(a).toMatchObject({ runs: 3, successes: 1, failures: 1, cut: 1, successRate: 0.5, consistency: 'flaky' });
    expect(a.interval).toEqual(wilson(1, 2));
    expect(a.meanTurns).toBe(2);
    expect(a.meanMs).toBe(70);
    expect(a.inputTokens).toBe(305);
    expect(a.outputTokens).toBe(30);
    expect(a.cachedTokens).toBe(40);
    expect(a.cost).toBeCloseTo(0.76, 10);
  });

  it('says unknown rather than zero', () => {
    const b = summarize('b', records);
    expect(b).toMatchObject({ successRate: 1, consistency: 'always', inputTokens: null, outputTokens: null, cost: null });
    const none = summarize('c', [rec('c', 1, 'cut')]);
    expect(none).toMatchObject({ runs: 1, successRate: null, interval: null, consistency: 'none' });
    expect(summarize('d', [rec('d', 1, 'failure')]).consistency).toBe('never');
  });

  it('prints the documented JSON fields first, in order', () => {
    const json = resultsJson(summarizeAll(['a', 'b'], records));
    expect(Object.keys(json.variants[0]).slice(0, 10)).toEqual([
      'name',
      'runs',
      'successes',
      'successRate',
      'interval',
      'meanTurns',
      'meanMs',
      'inputTokens',
      'outputTokens',
      'cost',
    ]);
    expect(json.variants[1]).toMatchObject({ name: 'b', runs: 2, successes: 2, successRate: 1 });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });
});
