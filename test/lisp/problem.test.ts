// Problems as data: an interpreter error becomes one structure (code, message, hint, range, where
// it came from), and its one-line text is exactly what was shown before.
import { describe, expect, it } from 'vitest';
import { prepareAgent, applyReply, initialStep, messagesFor } from '../../src/agent/loop.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { fullMessage, isUnderPath, problem, problemLine, problemOfError } from '../../src/lisp/problem.ts';
import { run } from '../../src/lisp/run.ts';
import { parseSession, serializeSession } from '../../src/session/session-file.ts';

function failure(program: string) {
  const r = run({ program });
  if (r.ok) throw new Error('expected the program to fail');
  return r.error;
}

describe('an interpreter error as a problem', () => {
  it('keeps the hint apart from what is wrong, and the message the LLM reads whole', () => {
    const info = failure('(try (/ 1 0))');
    expect(info.message).toBe(
      'try is not supported in PTC-Lisp. There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.',
    );
    expect(info.hint).toBe('There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.');
    const p = problemOfError(info);
    expect(p).toEqual({
      severity: 'error',
      code: 'unbound_var',
      message: 'try is not supported in PTC-Lisp.',
      hint: 'There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.',
      range: { line: 1, column: 2 },
      path: '',
      origin: 'program',
      text: `${info.message} (line 1, column 2)`,
    });
    expect(fullMessage(p)).toBe(info.message);
    expect(problemLine(p)).toBe(`${info.message} (line 1, column 2)`);
  });

  it('a near miss suggests the name; no suggestion, no hint', () => {
    const near = failure('(fliter odd? [1 2])');
    expect(near.message).toBe('Unable to resolve symbol: fliter in this context. Did you mean: filter, filterv, flatten?');
    expect(problemOfError(near)).toMatchObject({
      message: 'Unable to resolve symbol: fliter in this context.',
      hint: 'Did you mean: filter, filterv, flatten?',
    });
    const far = failure('(qqqqqqqqqq 1)');
    expect(far.hint).toBeUndefined();
    expect(problemOfError(far).message).toBe(far.message);
  });

  it('unknown data and namespaces say what is available as the hint', () => {
    const r = run({ program: 'data/ordrs', data: dataFromJson({ orders: [1] }) });
    if (r.ok) throw new Error('expected a failure');
    expect(problemOfError(r.error)).toMatchObject({ message: 'data/ordrs does not exist.', hint: 'Did you mean: orders? Available: data/orders' });
    expect(r.error.message).toBe('data/ordrs does not exist. Did you mean: orders? Available: data/orders');
    const ns = failure('(str/uper "a")');
    expect(ns.message.startsWith('uper is not available in str/. String functions: blank?, ')).toBe(true);
    expect(problemOfError(ns)).toMatchObject({ message: 'uper is not available in str/.' });
    expect(problemOfError(ns).hint?.startsWith('String functions: blank?, ')).toBe(true);
  });

  it('errors without a hint and without a place', () => {
    const p = problemOfError({ type: 'timeout', message: 'Program exceeded 1000 ms' }, 'tool', 'tools[0].impl');
    expect(p).toEqual({
      severity: 'error',
      code: 'timeout',
      message: 'Program exceeded 1000 ms',
      path: 'tools[0].impl',
      origin: 'tool',
      text: 'tools[0].impl: Program exceeded 1000 ms',
    });
    expect(problemLine(p)).toBe('tools[0].impl: Program exceeded 1000 ms');
  });

  it('paths: a field holds the fields below it, not its namesakes', () => {
    expect(isUnderPath('tools[0].impl', 'tools[0]')).toBe(true);
    expect(isUnderPath('tools[01]', 'tools[0]')).toBe(false);
    expect(isUnderPath('data.x', 'data')).toBe(true);
    expect(isUnderPath('database', 'data')).toBe(false);
    expect(problem('session', 'maxTurns', 'invalid_field', 'must be at least 1, got 0').text).toBe('maxTurns: must be at least 1, got 0');
    expect(
      problem('session', 'session', 'invalid_json', 'Unexpected end', {
        range: { line: 1, column: 9 },
        text: 'invalid JSON at line 1, column 9: Unexpected end',
      }).text,
    ).toBe('invalid JSON at line 1, column 9: Unexpected end');
  });
});

describe('a hinted error in a recorded turn', () => {
  it('is saved with its hint and opens again unchanged', () => {
    const p = prepareAgent({ mission: 'm', tools: [], data: new Map(), maxTurns: 3, compression: true });
    if (!p.ok) throw new Error(p.errors.join('\n'));
    const step = applyReply(p.agent, initialStep(), '```clojure\n(try 1)\n```', messagesFor(p.agent, initialStep()).messages);
    const turn = step.turns[0];
    expect(turn.error?.hint).toBe('There are no exceptions; check values with if/when and end with (fail reason) when the task cannot be done.');
    const session = parseSession(
      JSON.stringify({
        version: 2,
        title: 't',
        mission: 'm',
        maxTurns: 3,
        compression: true,
        data: {},
        tools: [],
        llm: { provider: 'mock', replies: [] },
        turns: [],
      }),
    );
    if (!session.ok) throw new Error(session.errors.join('\n'));
    const text = serializeSession({ ...session.session, turns: [turn] });
    const back = parseSession(text);
    if (!back.ok) throw new Error(back.errors.join('\n'));
    expect(back.session.turns[0].error).toEqual(turn.error);
    expect(serializeSession(back.session)).toBe(text);
  });
});
