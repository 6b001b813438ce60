// An error raised inside a function read from another program (an earlier turn's definition, a
// tool's implementation) is located where this program called it, and says where it was raised.
import { describe, expect, it } from 'vitest';
import { run } from '../../src/lisp/run.ts';

function define(program: string) {
  const r = run({ program });
  if (!r.ok) throw new Error(r.error.message);
  return r.memory;
}

describe('errors raised in code from another program', () => {
  const memory = define('(def x 1)\n\n\n(defn amount [r]\n  ;; the amount, or the order total\n  (+ 1 (:amount r)))');

  it('are located at the call in the running program, with the place inside the function named', () => {
    const r = run({ program: '(def refunds [{:amount nil}])\n(map amount refunds)', memory });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.error.line, r.error.column]).toEqual([2, 1]);
    expect(r.error.message).toContain('(raised inside a function defined outside this program, at its line 6, column 3)');
    expect(r.error.type).toBe('type_error');
  });

  it('an error in the running program itself is located as before', () => {
    const r = run({ program: '(def a 1)\n(+ 1 nil)', memory });
    if (r.ok) throw new Error('expected a failure');
    expect([r.error.line, r.error.column]).toEqual([2, 1]);
    expect(r.error.message).not.toContain('outside this program');
  });

  it('the same program text run again is the same program: no note', () => {
    const program = '(defn f [x] (+ x nil))\n(f 1)';
    const r = run({ program });
    if (r.ok) throw new Error('expected a failure');
    expect(r.error.message).not.toContain('outside this program');
    expect(r.error.line).toBe(1);
  });

  it('a hint still ends the message', () => {
    const mem = define('(defn g [x] (undefined-thing x))');
    const r = run({ program: '(g 1)', memory: mem });
    if (r.ok) throw new Error('expected a failure');
    if (r.error.hint !== undefined) expect(r.error.message.endsWith(r.error.hint)).toBe(true);
  });
});
