import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lisp/run.ts';
import { evErr } from './helpers.ts';

describe('limits (L8): each ends the program with a clear error and no memory change', () => {
  it('stops a runaway loop at the iteration limit', () => {
    const e = evErr('(loop [x 0] (recur x))');
    expect(e.type).toBe('loop_limit_exceeded');
    expect(e.message).toContain('1000 iterations');
    expect(evErr('(loop [x 0] (recur x))', { limits: { maxLoopIterations: 10 } }).message).toContain('10 iterations');
  });

  it('allows loops up to the limit', () => {
    const r = run({ program: '(loop [i 0] (if (< i 1000) (recur (inc i)) i))' });
    expect(r.ok).toBe(true);
  });

  it('stops deep recursion at the call-depth limit without a JS stack overflow', () => {
    const e = evErr('(defn down [n] (if (zero? n) 0 (inc (down (dec n))))) (down 5000)');
    expect(e.type).toBe('depth_limit_exceeded');
    const ok = run({ program: '(defn down [n] (if (zero? n) 0 (inc (down (dec n))))) (down 900)' });
    expect(ok.ok).toBe(true);
  });

  it('survives a JS stack overflow from extreme nesting with an error value', () => {
    // Deep enough to exhaust the stack however warm the engine is (at 20,000 a warm engine, with its
    // smaller compiled frames, sometimes got through).
    const deep = '(inc '.repeat(200_000) + '0' + ')'.repeat(200_000);
    const r = run({ program: deep });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.type).toBe('depth_limit_exceeded');
  });

  it('stops a program that runs past its time limit', () => {
    const e = evErr('(defn spin [n] (reduce + (range n))) (loop [i 0] (spin 100000) (recur (inc i)))', {
      limits: { timeoutMs: 50, maxLoopIterations: 1e9 },
    });
    expect(e.type).toBe('timeout');
    expect(e.message).toContain('50 ms');
  });

  it('counts time spent in tools', () => {
    const slowTool = run({ program: '(fn [] (reduce + (range 200000)))' });
    if (!slowTool.ok) throw new Error('tool failed to compile');
    const e = evErr('(loop [i 0] (tool/slow) (recur (inc i)))', {
      tools: [{ name: 'slow', fn: slowTool.value as never }],
      limits: { timeoutMs: 30, maxLoopIterations: 1e9 },
    });
    expect(e.type).toBe('timeout');
  });

  it('caps printed output per program', () => {
    const e = evErr('(dotimes [i 100] (println (apply str (repeat 100 "x"))))', { limits: { maxOutputChars: 1000 } });
    expect(e.type).toBe('output_limit_exceeded');
  });

  it('caps the size of any single collection', () => {
    expect(evErr('(count (range 2000000))').type).toBe('memory_exceeded');
    expect(evErr('(count (range 20))', { limits: { maxValueSize: 10 } }).type).toBe('memory_exceeded');
  });

  it('keeps memory unchanged when a limit stops the program', () => {
    const r = run({ program: '(def a 1) (loop [x 0] (recur x))' });
    expect(r.ok).toBe(false);
    expect(r.memory.size).toBe(0);
  });
});

describe('robustness', () => {
  it('never throws, whatever the input text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (src) => {
        const r = run({ program: src, limits: { timeoutMs: 200 } });
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.message).not.toContain('Internal error');
      }),
      { numRuns: 500 },
    );
  });

  const token = fc.constantFrom(
    '(',
    ')',
    '[',
    ']',
    '{',
    '}',
    '#{',
    '#(',
    '%',
    '%2',
    '"s"',
    ':k',
    '1',
    '2.5',
    'nil',
    'x',
    'f',
    '+',
    'map',
    'let',
    'fn',
    'if',
    'def',
    'loop',
    'recur',
    'let [x 1]',
    '&',
    'where',
    ':keys',
    '->>',
    'reduce',
    'first',
    'str',
    'get',
    '{:a 1}',
    '[1 2]',
    'data/x',
    'tool/t',
    '#"a"',
    "'",
    '\\a',
  );

  it('never throws on random token soup, and errors are typed values', () => {
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (toks) => {
        const r = run({ program: toks.join(' '), limits: { timeoutMs: 200 } });
        if (!r.ok) {
          expect(r.error.type).toMatch(/^[a-z_]+$/);
          expect(r.error.message).not.toContain('Internal error');
        }
      }),
      { numRuns: 1500 },
    );
  });
});
