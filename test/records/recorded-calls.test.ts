// Recorded MCP calls answer a replay (T5): matched on server, tool and arguments as sent; the k-th
// equal call gets the k-th answer; a call nothing recorded is a tool_error that says why.
import { describe, expect, it } from 'vitest';
import { PtcError } from '../../src/lisp/errors.ts';
import { RecordedAnswers, type RecordedCall } from '../../src/records/recorded-calls.ts';

const CALLS: RecordedCall[] = [
  { server: 'everything', tool: 'get-sum', args: '{"a":2,"b":40}', result: 42 },
  { server: 'memory', tool: 'read_graph', args: '{}', result: 'first' },
  { server: 'memory', tool: 'read_graph', args: '{}', result: 'second' },
  { server: 'everything', tool: 'fail', args: '{}', result: null, error: 'tool/fail (server everything) failed: boom' },
];

describe('recorded answers', () => {
  it('answer each call from the record: equal calls in the order they were recorded', () => {
    const r = new RecordedAnswers(CALLS);
    expect(r.answer('memory', 'read_graph', '{}')).toEqual({ ok: true, result: 'first' });
    expect(r.answer('everything', 'get-sum', '{"a":2,"b":40}')).toEqual({ ok: true, result: 42 });
    expect(r.answer('memory', 'read_graph', '{}')).toEqual({ ok: true, result: 'second' });
    expect(r.answer('everything', 'fail', '{}')).toEqual({ ok: false, error: 'tool/fail (server everything) failed: boom' });
  });

  it('refuse a call nothing recorded, or one more than was recorded, as a tool_error that says why', () => {
    const r = new RecordedAnswers(CALLS);
    const refusal = (f: () => unknown): PtcError => {
      try {
        f();
      } catch (e) {
        if (e instanceof PtcError) return e;
      }
      throw new Error('no refusal');
    };
    const a = refusal(() => r.answer('everything', 'get-sum', '{"a":1,"b":1}', 'sum'));
    expect([a.type, a.message]).toEqual([
      'tool_error',
      'tool/sum (server everything): the server is not connected, and no recorded call has these arguments: {"a":1,"b":1}',
    ]);
    r.answer('everything', 'get-sum', '{"a":2,"b":40}');
    expect(refusal(() => r.answer('everything', 'get-sum', '{"a":2,"b":40}')).message).toContain('only 1 recorded call has these arguments');
    // The same tool name on another server is another tool.
    expect(refusal(() => r.answer('other', 'read_graph', '{}')).type).toBe('tool_error');
  });
});
