// A definition may take a builtin's name (def, defn, defonce). Builtins are bound when code is
// analyzed, so the user's definition wins for code analyzed after it ran: the later top-level forms
// of the same program and every later turn; functions defined before it keep the builtin.
import { describe, expect, it } from 'vitest';
import { printValue } from '../../src/lisp/printer.ts';
import { run, type RunResult } from '../../src/lisp/run.ts';
import type { Definition } from '../../src/lisp/runtime.ts';
import { ev, evErr } from './helpers.ts';

/** Run programs as successive turns, each with the memory the one before left. */
function turns(...programs: string[]): RunResult[] {
  let memory = new Map<string, Definition>();
  return programs.map((program) => {
    const r = run({ program, memory });
    memory = r.memory;
    return r;
  });
}

const shown = (r: RunResult): string => (r.ok ? printValue(r.value) : `${r.error.type}: ${r.error.message}`);

describe('definitions that take a builtin name', () => {
  it('define the name and give the var', () => {
    expect(ev('(def map {})')).toBe("#'map");
    expect(ev('(defn count [x] :mine)')).toBe("#'count");
    expect(ev('(defonce filter 1)')).toBe("#'filter");
  });

  it('win over the builtin in the later top-level forms of the same program', () => {
    expect(ev('(defn inc [x] (- x 1)) (inc 5)')).toBe('4');
    expect(ev('(def map {:a 1}) (map :a)')).toBe('1');
    // In value position, and as the test an if fuses with (a hot builtin otherwise).
    expect(ev('(defn pos? [x] :mine) [(pos? 1) (if (pos? -1) :yes :no) (mapv pos? [1])]')).toBe('[:mine :yes [:mine]]');
  });

  it('do not change functions defined before them, nor the form that defines them', () => {
    expect(ev('(defn f [x] (inc x)) (defn inc [x] (- x 1)) [(f 5) (inc 5)]')).toBe('[6 4]');
    // One top-level form is analyzed as a whole before it runs.
    expect(ev('(do (defn inc [x] (- x 1)) (inc 5))')).toBe('6');
  });

  it('win in every later turn, where code is analyzed after the definition ran', () => {
    const [a, b, c] = turns('(defn f [x] (inc x))', '(defn inc [x] (* x 100))', '[(inc 1) (f 1) (map inc [1 2])]');
    expect([a, b].map(shown)).toEqual(["#'f", "#'inc"]);
    expect(shown(c)).toBe('[100 2 [100 200]]');
  });

  it('are undone with the rest of a failed program', () => {
    const [, b] = turns('(defn inc [x] :mine) (fail-here)', '(inc 1)');
    expect(shown(b)).toBe('2');
  });

  it('leave locals first: a let or fn parameter still wins over the definition', () => {
    expect(ev('(def count 7) (let [count (fn [_] :local)] (count [1]))')).toBe(':local');
  });

  it('keep namespaced builtins reachable', () => {
    expect(ev('(defn count [x] :mine) [(count [1 2]) (clojure.core/count [1 2])]')).toBe('[:mine 2]');
  });

  it('cannot take the name of a special form or macro, nil, true, false or Java syntax', () => {
    for (const [program, name] of [
      ['(def if 1)', 'if'],
      ['(defn let [x] x)', 'let'],
      ['(defn ->> [x] x)', '->>'],
      ['(defonce fn 1)', 'fn'],
      ['(def def 1)', 'def'],
    ]) {
      const e = evErr(program);
      expect([e.type, e.message]).toEqual([
        'invalid_form',
        `${name} is a special form or macro and cannot be redefined: choose another name for your definition`,
      ]);
    }
    expect(evErr('(def nil 1)').type).toBe('invalid_form');
    expect(evErr('(def .length 1)').message).toContain('Java interop syntax');
    expect(evErr('(def java.util.Date. 1)').message).toContain('Java interop syntax');
    for (const program of ['(let [.length 1] .length)', '(fn [.trim] 1)', '(let [{:keys [.length]} {}] 1)', '(loop [Date. 1] 1)']) {
      const e = evErr(program);
      expect([e.type, e.message]).toEqual(['invalid_form', expect.stringContaining('is Java interop syntax and cannot be bound')]);
    }
    expect(ev('(let [a.b 1 ..x 2] [a.b ..x])')).toBe('[1 2]');
  });
});

describe('defonce', () => {
  it('defines only when the name is not defined yet, without evaluating the value otherwise', () => {
    expect(ev('(defonce total 0) (defonce total 99) total')).toBe('0');
    expect(ev('(def seen 5) (defonce seen (fail "never")) seen')).toBe('5');
    const [, b] = turns('(defonce counter 0) (def counter (inc counter))', '(defonce counter 0) (def counter (inc counter)) counter');
    expect(shown(b)).toBe('2');
  });

  it('takes a docstring and keeps it with the definition', () => {
    const r = run({ program: '(defonce limit "How many to fetch" 10)' });
    expect(r.ok && r.defined.map((d) => [d.name, d.doc, d.value])).toEqual([['limit', 'How many to fetch', 10]]);
  });

  it('refuses a malformed form before anything runs', () => {
    expect(evErr('(defonce)').type).toBe('invalid_form');
    expect(evErr('(defonce a 1 2 3)').type).toBe('invalid_arity');
  });
});

describe("#'name", () => {
  it('gives the value, as the plain name does', () => {
    expect(ev("(do (def x 42) #'x)")).toBe('42');
    expect(ev("(do (def x 42) [#'x x])")).toBe('[42 42]');
    expect(ev("(#'inc 1)")).toBe('2');
    expect(ev("(let [y 3] #'y)")).toBe('3');
  });

  it('fails as an unknown name does', () => {
    expect(evErr("#'nothing-here").type).toBe('unbound_var');
  });
});
