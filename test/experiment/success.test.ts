import { describe, expect, it } from 'vitest';
import { checkPredicate, describeCheck, judge, RETURNED } from '../../src/experiment/success.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';

function value(program: string): Value {
  const r = run({ program });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('success checks', () => {
  it('accepts any returned value by default', () => {
    expect(judge(RETURNED, null)).toEqual({ ok: true });
  });

  it('compares an expected value as PTC-Lisp compares', () => {
    const check = { kind: 'expected', value: value('["Laptop" "Monitor"]') } as const;
    expect(judge(check, value('(list "Laptop" "Monitor")'))).toEqual({ ok: true });
    expect(judge(check, value('["Laptop"]'))).toEqual({ ok: false, why: 'returned ["Laptop"], expected ["Laptop" "Monitor"]' });
    const map = { kind: 'expected', value: value('{:total 3 :names #{"a" "b"}}') } as const;
    expect(judge(map, value('{:names #{"b" "a"} :total 3}')).ok).toBe(true);
    expect(judge(map, value('{:names #{"b" "a"} :total 3.5}')).ok).toBe(false);
  });

  it('runs a predicate in the sandbox with the session data', () => {
    const data = dataFromJson({ result: [9, 9], limit: 2 });
    const check = { kind: 'predicate', source: '(fn [r] (= (count r) data/limit))' } as const;
    expect(judge(check, value('[1 2]'), data)).toEqual({ ok: true });
    expect(judge(check, value('[1 2 3]'), data)).toEqual({ ok: false, why: 'the check said no to [1 2 3]' });
    // The session's data/result does not shadow the value checked.
    expect(judge({ kind: 'predicate', source: '(fn [r] (= r [1 2]))' }, value('[1 2]'), data).ok).toBe(true);
  });

  it('treats nil and false from a predicate as no, anything else as yes', () => {
    expect(judge({ kind: 'predicate', source: '(fn [r] nil)' }, 1).ok).toBe(false);
    expect(judge({ kind: 'predicate', source: '(fn [r] false)' }, 1).ok).toBe(false);
    expect(judge({ kind: 'predicate', source: '(fn [r] 0)' }, 1).ok).toBe(true);
  });

  it('reports a predicate that raises as a failure saying so', () => {
    const verdict = judge({ kind: 'predicate', source: '(fn [r] (> (count r) 2))' }, value(':kw'));
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.why).toMatch(/^the check raised \w+: .* \(for :kw\)$/);
  });

  it('stops a predicate that loops forever', () => {
    const verdict = judge({ kind: 'predicate', source: '(fn [r] (loop [i 0] (recur (inc i))))' }, 1);
    expect(verdict.ok).toBe(false);
  });

  it('tells what is wrong with a predicate before any run', () => {
    expect(checkPredicate('(fn [r] (pos? r))')).toBeNull();
    expect(checkPredicate('')).toMatch(/empty/);
    expect(checkPredicate('(fn [r]')).toMatch(/^the predicate does not run: /);
    expect(checkPredicate('42')).toBe('the predicate must evaluate to a function such as (fn [result] …), got 42');
  });

  it('describes each check in words', () => {
    expect(describeCheck(RETURNED)).toBe('the run returned');
    expect(describeCheck({ kind: 'expected', value: value('[1 2]') })).toBe('returned [1 2]');
    expect(describeCheck({ kind: 'predicate', source: '(fn [r]\n  (pos? r))' })).toBe('(fn [r] (pos? r)) is true');
  });
});
