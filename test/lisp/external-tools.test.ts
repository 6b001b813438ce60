// Tools answered by a host that does I/O: a plain run answers them from what it is given or fails;
// runWithTools makes the calls between passes, pmap's and pcalls' side by side, and gives the same
// results as the same tools run synchronously.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PtcError } from '../../src/lisp/errors.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run, runWithTools, type ToolHost } from '../../src/lisp/run.ts';
import type { ToolAnswer, ToolImpl, ToolRequest } from '../../src/lisp/runtime.ts';
import { makeFn, type Value } from '../../src/lisp/values.ts';

/** A tool answered from outside: its calls are keyed by name and printed arguments. */
function external(name: string): ToolImpl {
  return {
    name,
    fn: makeFn(() => null, { name: 'tool/' + name, kind: 'tool', minArity: 0, maxArity: Infinity, params: [] }),
    external: {
      key: (args) => `${name} ${printValue([...args])}`,
      unanswered: (key) => new PtcError('tool_error', `tool/${name}: nobody answers ${key}`),
    },
  };
}

/** A host answering with `answer(args)`, recording each round of requests it was given. */
function host(answer: (req: ToolRequest) => Value | Error, durationMs = 5): ToolHost & { rounds: ToolRequest[][] } {
  const rounds: ToolRequest[][] = [];
  return {
    rounds,
    answer: (requests) => {
      rounds.push([...requests]);
      return Promise.resolve(
        requests.map((q): ToolAnswer => {
          const a = answer(q);
          return a instanceof Error ? { result: null, durationMs, error: a.message } : { result: a, durationMs };
        }),
      );
    },
  };
}

const double = (q: ToolRequest): Value => (q.args[0] as number) * 2;

describe('a plain run', () => {
  it('fails a call nothing answers, with the tool’s own reason, and records it', () => {
    const r = run({ program: '(tool/get 1)', tools: [external('get')] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ type: 'tool_error', message: expect.stringContaining('nobody answers get [1]') });
    expect(r.toolCalls).toMatchObject([{ name: 'get', args: [1], error: expect.stringContaining('nobody answers') }]);
  });

  it('answers from the answers it is given, the k-th equal call with the k-th answer', () => {
    const given = {
      answer: (_tool: string, key: string, n: number): ToolAnswer | undefined =>
        key === 'get [1]'
          ? [
              { result: 'a', durationMs: 3 },
              { result: 'b', durationMs: 4 },
            ][n]
          : undefined,
    };
    const r = run({ program: '[(tool/get 1) (tool/get 1)]', tools: [external('get')], answers: given });
    expect(r.ok && r.value).toEqual(['a', 'b']);
    expect(r.toolCalls.map((c) => c.durationMs)).toEqual([3, 4]);
  });
});

describe('runWithTools', () => {
  it('runs once more per call a program makes one after another, keeping only the last pass', async () => {
    const h = host(double, 7);
    const r = await runWithTools(
      { program: '(def a (tool/get 1)) (println "a" a) (def b (tool/get a)) (println "b" b) (+ a b (tool/get b))', tools: [external('get')] },
      h,
    );
    expect(r.ok && r.value).toBe(2 + 4 + 8);
    expect(r.prints).toEqual(['a 2', 'b 4']);
    expect(r.ok && r.defined.map((d) => d.name)).toEqual(['a', 'b']);
    expect(r.toolCalls).toMatchObject([
      { name: 'get', args: [1], result: 2, durationMs: 7 },
      { name: 'get', args: [2], result: 4, durationMs: 7 },
      { name: 'get', args: [4], result: 8, durationMs: 7 },
    ]);
    expect(h.rounds.map((round) => round.length)).toEqual([1, 1, 1]);
    expect(r.figures).toMatchObject({ passes: 4, rounds: 3, calls: 3 });
  });

  it('goes on after the last top-level form a pass finished, never running it again', async () => {
    let counted = 0;
    const count: ToolImpl = { name: 'count', fn: makeFn(() => ++counted, { name: 'tool/count', kind: 'tool', minArity: 0, maxArity: 0, params: [] }) };
    const h = host(double);
    const r = await runWithTools(
      {
        program: '(def n (tool/count)) (println "start" n) (def a (tool/get 1)) (println "a" a) (def b (tool/get a)) (defn f [x] (+ x n)) [n a b (f b)]',
        tools: [count, external('get')],
      },
      h,
    );
    expect(r.ok && r.value).toEqual([1, 2, 4, 5]);
    expect(counted).toBe(1);
    expect(r.prints).toEqual(['start 1', 'a 2']);
    expect(r.ok && r.defined.map((d) => d.name)).toEqual(['n', 'a', 'b', 'f']);
    expect(r.toolCalls.map((c) => c.name)).toEqual(['count', 'get', 'get']);
    expect(r.figures).toMatchObject({ passes: 3, rounds: 2 });
  });

  it('keeps a builtin’s name defined by the user across passes, before or after the waiting form', async () => {
    for (const program of ['(defn inc [x] (+ x 100)) (def a (tool/get 1)) (inc a)', '(def a (tool/get 1)) (defn inc [x] (+ x 100)) (inc a)']) {
      const r = await runWithTools({ program, tools: [external('get')] }, host(double));
      expect([program, r.ok && r.value]).toEqual([program, 102]);
    }
  });

  it('makes all of pmap’s calls in one round, and pcalls’ too', async () => {
    const h = host(double);
    const r = await runWithTools({ program: '(pmap #(tool/get %) (range 8))', tools: [external('get')] }, h);
    expect(r.ok && r.value).toEqual([0, 2, 4, 6, 8, 10, 12, 14]);
    expect(h.rounds.map((round) => round.length)).toEqual([8]);
    const h2 = host(double);
    const r2 = await runWithTools({ program: '(pcalls #(tool/get 1) #(tool/get 2) (fn [] 7))', tools: [external('get')] }, h2);
    expect(r2.ok && r2.value).toEqual([2, 4, 7]);
    expect(h2.rounds.map((round) => round.length)).toEqual([2]);
  });

  it('goes on with every element at once when each makes calls one after another', async () => {
    const h = host(double);
    const r = await runWithTools({ program: '(pmap (fn [x] (tool/get (tool/get x))) [1 2 3])', tools: [external('get')] }, h);
    expect(r.ok && r.value).toEqual([4, 8, 12]);
    expect(h.rounds.map((round) => round.map((q) => q.args[0]))).toEqual([
      [1, 2, 3],
      [2, 4, 6],
    ]);
  });

  it('gives equal calls the answers in the order they were made (a tool need not be idempotent)', async () => {
    let n = 0;
    const h = host(() => ++n);
    const r = await runWithTools({ program: '[(pmap (fn [_] (tool/next)) [:a :b :c]) (tool/next)]', tools: [external('next')] }, h);
    expect(r.ok && r.value).toEqual([[1, 2, 3], 4]);
  });

  it('keeps the order of the program: an element waiting on a call comes before a later one’s error', async () => {
    const h = host(double);
    const r = await runWithTools({ program: '(pmap (fn [x] (if (= x 1) (return (tool/get x)) (/ 1 0))) [1 2])', tools: [external('get')] }, h);
    expect(r.ok && r.signal).toBe('return');
    expect(r.ok && r.value).toBe(2);
    // Without the waiting element first, the error is the program's.
    const r2 = await runWithTools({ program: '(pmap (fn [x] (if (= x 1) (/ 1 0) (tool/get x))) [1 2])', tools: [external('get')] }, host(double));
    expect(!r2.ok && r2.error.type).toBe('arithmetic_error');
  });

  it('fails with tool_error when the host answers with an error', async () => {
    const r = await runWithTools(
      { program: '(tool/get 1)', tools: [external('get')] },
      host(() => new Error('tool/get (server s): no such id')),
    );
    expect(!r.ok && r.error).toMatchObject({ type: 'tool_error', message: expect.stringContaining('no such id') });
    expect(r.toolCalls).toMatchObject([{ name: 'get', error: expect.stringContaining('no such id') }]);
  });

  it('replays the wall clock, so a later pass takes the path the first one took', async () => {
    let t = 1_000;
    const h = host((q) => q.args[0]);
    const r = await runWithTools(
      { program: '(let [a (System/currentTimeMillis) b (tool/echo a) c (System/currentTimeMillis)] [a b c])', tools: [external('echo')], wallClock: () => t++ },
      h,
    );
    expect(r.ok && r.value).toEqual([1000, 1000, 1001]);
  });

  it('runs a program without external calls once, as run does', async () => {
    const r = await runWithTools({ program: '(def x 2) (* x 21)' }, host(double));
    expect(r.ok && r.value).toBe(42);
    expect(r.figures).toMatchObject({ passes: 1, rounds: 0 });
  });

  it('fails with timeout once waiting exceeds its budget, aborting the calls in flight', async () => {
    let seen: AbortSignal | undefined;
    const never: ToolHost = {
      answer: (_q, signal) => {
        seen = signal;
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
    };
    const r = await runWithTools({ program: '(println "before") (tool/get 1)', tools: [external('get')] }, never, { waitMs: 20 });
    expect(!r.ok && r.error).toMatchObject({ type: 'timeout', message: expect.stringContaining('20 ms') });
    expect(r.prints).toEqual(['before']);
    expect(seen?.aborted).toBe(true);
  });

  it('counts running the program again against the budget for waiting', async () => {
    // A clock that moves 1 ms at each reading: each pass and each round cost a few readings.
    let t = 0;
    const r = await runWithTools(
      { program: '(loop [i 0] (when (< i 1000) (tool/get i) (recur (inc i))))', tools: [external('get')], now: () => (t += 1) },
      host(double, 0),
      { waitMs: 100 },
    );
    expect(!r.ok && r.error.type).toBe('timeout');
    expect(r.figures.rerunMs).toBeGreaterThan(0);
    expect(r.figures.rerunMs + r.figures.waitedMs).toBeGreaterThanOrEqual(100);
    expect(r.figures.rounds).toBeLessThan(100);
  });

  it('rejects with the reason when stopped, aborting the calls in flight', async () => {
    const stop = new AbortController();
    let seen: AbortSignal | undefined;
    const pending: ToolHost = {
      answer: (_q, signal) => {
        seen = signal;
        stop.abort(new Error('stopped by the person'));
        return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      },
    };
    await expect(runWithTools({ program: '(tool/get 1)', tools: [external('get')] }, pending, { signal: stop.signal })).rejects.toThrow(
      'stopped by the person',
    );
    expect(seen?.aborted).toBe(true);
  });

  it('gives what the same tools give when run synchronously (property)', async () => {
    // Programs made of steps: a call, a pmap of calls, a pcalls, each fed by the value before.
    const step = fc.oneof(
      fc.constant('(tool/get v)'),
      fc.integer({ min: 0, max: 4 }).map((n) => `(reduce + (pmap #(tool/get (+ v %)) (range ${n})))`),
      fc.constant('(reduce + (pcalls #(tool/get v) #(tool/get (inc v))))'),
      fc.constant('(+ v 1)'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 6 }), fc.boolean(), async (steps, topLevel) => {
        // As one form binding v step by step, or as top-level forms redefining it.
        const program = topLevel
          ? `(def v 1) ${steps.map((s) => `(def v (mod ${s} 1000)) (println v)`).join(' ')} v`
          : `(let [v 1 ${steps.map((s) => `v (mod ${s} 1000)`).join(' ')}] v)`;
        const sync: ToolImpl = {
          name: 'get',
          fn: makeFn((x: Value) => (x as number) * 2, { name: 'tool/get', kind: 'tool', minArity: 1, maxArity: 1, params: [] }),
        };
        const expected = run({ program, tools: [sync] });
        const got = await runWithTools({ program, tools: [external('get')] }, host(double));
        expect(got.ok && got.value).toEqual(expected.ok && expected.value);
        expect(got.toolCalls.map((c) => [c.args, c.result])).toEqual(expected.toolCalls.map((c) => [c.args, c.result]));
        expect(got.prints).toEqual(expected.prints);
      }),
      { numRuns: 60 },
    );
  });
});
