// Recorded calls answer a replay (T5): matched on their key; the k-th equal call of a run gets the
// k-th answer, counting the equal calls of the run's earlier programs.
import { describe, expect, it } from 'vitest';
import { countKeys, RecordedCalls, type RecordedCall } from '../../src/records/recorded-calls.ts';

const CALLS: RecordedCall[] = [
  { key: 'sum {"a":2,"b":40}', result: 42, durationMs: 3 },
  { key: 'graph {}', result: 'first', durationMs: 4 },
  { key: 'graph {}', result: 'second', durationMs: 5 },
  { key: 'fail {}', result: null, durationMs: 1, error: 'tool/fail (server everything) failed: boom' },
];

describe('recorded calls', () => {
  it('answer equal calls in the order they were recorded, with their time and error', () => {
    const a = new RecordedCalls(CALLS).answers();
    expect(a.answer('graph', 'graph {}', 0, '')).toEqual({ result: 'first', durationMs: 4 });
    expect(a.answer('graph', 'graph {}', 1, '')).toEqual({ result: 'second', durationMs: 5 });
    expect(a.answer('graph', 'graph {}', 2, '')).toBeUndefined();
    expect(a.answer('fail', 'fail {}', 0, '')).toEqual({ result: null, durationMs: 1, error: 'tool/fail (server everything) failed: boom' });
    expect(a.answer('sum', 'sum {"a":1,"b":1}', 0, '')).toBeUndefined();
    expect(a.recorded?.('graph {}')).toBe(2);
  });

  it('start after the equal calls the run’s earlier programs made', () => {
    const a = new RecordedCalls(CALLS).answers(countKeys(['graph {}', 'sum {"a":2,"b":40}']));
    expect(a.answer('graph', 'graph {}', 0, '')?.result).toBe('second');
    expect(a.answer('sum', 'sum {"a":2,"b":40}', 0, '')).toBeUndefined();
  });
});
