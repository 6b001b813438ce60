import { describe, expect, it } from 'vitest';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { Definition, ToolImpl } from '../../src/lisp/runtime.ts';
import type { PtcFn, Value } from '../../src/lisp/values.ts';
import { ev, evErr } from './helpers.ts';

/** Compile a PTC-Lisp function source into a tool implementation. */
function tool(name: string, src: string): ToolImpl {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return { name, fn: r.value as PtcFn };
}

const tools = [tool('search', '(fn [q] (str "results for " q))'), tool('send-email', '(fn [m] nil)'), tool('items', '(fn [] [1 2 3])')];
const data = new Map<string, Value>([
  ['limit', 2],
  ['items', 99],
]);

describe('tool/ and data/', () => {
  it('NS-001 / TC-006 calls tools with any arguments and records each call (name, args, result) in order', () => {
    const r = run({ program: '(tool/search "tv") (tool/send-email {:to "a@b.c"}) (count (tool/items))', tools });
    expect(r.ok && printValue(r.value)).toBe('3');
    expect(r.toolCalls.map((c) => [c.name, printValue(c.args as Value), printValue(c.result)])).toEqual([
      ['search', '["tv"]', '"results for tv"'],
      ['send-email', '[{:to "a@b.c"}]', 'nil'],
      ['items', '[]', '[1 2 3]'],
    ]);
    expect(r.toolCalls.every((c) => c.durationMs >= 0)).toBe(true);
  });

  it('NS-002 reads data and refuses to define it', () => {
    expect(ev('(* data/limit 10)', { data })).toBe('20');
    const e = evErr('(def data/limit 5)', { data });
    expect(e.message).toContain('data/ is read-only');
  });

  it('NS-004 / NS-005 falls back from a bare name to the only tool or data with that name', () => {
    expect(ev('(search "x")', { tools, data })).toBe('"results for x"');
    expect(ev('(inc limit)', { tools, data })).toBe('3');
  });

  it('NS-007 reports an ambiguous bare name that is both a tool and data', () => {
    const e = evErr('(count items)', { tools, data });
    expect(e.type).toBe('ambiguous_reference');
    expect(e.message).toContain('tool/items');
    expect(e.message).toContain('data/items');
  });

  it('NS-006 / NS-009 lets locals and definitions win over the fallback; the namespace reaches past them', () => {
    expect(ev('(let [items 5] items)', { tools, data })).toBe('5');
    expect(ev('(def items 7) items', { tools, data })).toBe('7');
    expect(ev('(def items 7) (let [limit 0] [items limit data/limit data/items (count (tool/items))])', { tools, data })).toBe('[7 0 2 99 3]');
  });

  it('names the available tools and data when a name is unknown', () => {
    expect(evErr('(tool/serch "x")', { tools }).message).toMatch(/Unknown tool tool\/serch\. Did you mean: search\?.*tool\/search/);
    expect(evErr('data/limt', { data }).message).toContain('Did you mean: limit?');
  });

  it('records a failing tool call with its error', () => {
    const bad = [tool('boom', '(fn [x] (/ 1 (count x)) (fail-undefined))')];
    const r = run({ program: '(tool/boom [1])', tools: bad });
    expect(r.ok).toBe(false);
    expect(r.toolCalls[0].error).toContain('fail-undefined');
  });
});

describe('user definitions', () => {
  it('NS-003 returns a var from def and defn and keeps definitions with docstrings', () => {
    const r = run({ program: '(def x "The answer; really." 42) (defn f "Adds; one." [a] (+ a 1))' });
    expect(r.ok && printValue(r.value)).toBe("#'f");
    expect(r.memory.get('x')).toMatchObject({ value: 42, doc: 'The answer really.' });
    expect(r.memory.get('f')?.doc).toBe('Adds one.');
  });

  it('carries memory into the next run without mutating it', () => {
    const first = run({ program: '(def total 10) (defn add [x] (+ x total))' });
    if (!first.ok) throw new Error('first run failed');
    const memory: ReadonlyMap<string, Definition> = first.memory;
    const snapshot = [...memory.keys()];
    const second = run({ program: '(def total 20) (add 1)', memory });
    expect(second.ok && printValue(second.value)).toBe('21');
    expect([...memory.keys()]).toEqual(snapshot);
    expect(memory.get('total')?.value).toBe(10);
    expect(second.ok && [...second.memory.keys()]).toEqual(['total', 'add']);
  });

  it('keeps no definitions from a program that fails (transactional)', () => {
    const r = run({ program: '(def a 1) (def b (/ 1 nil))', memory: new Map([['z', { name: 'z', value: 0 }]]) });
    expect(r.ok).toBe(false);
    expect([...r.memory.keys()]).toEqual(['z']);
  });

  it('lets let and fn parameters shadow anything', () => {
    expect(ev('(let [count 3 map {:a 1}] [count (map :a)])')).toBe('[3 1]');
    expect(ev('((fn [str] (inc str)) 1)')).toBe('2');
  });

  it('records the latest return value of defn functions that were called', () => {
    const r = run({ program: '(defn sq [x] (* x x)) (sq 3) (sq 4)' });
    expect(r.ok && printValue(r.returns.get('sq') ?? null)).toBe('16');
  });

  it('exposes earlier results as *1 *2 *3', () => {
    expect(ev('[*1 *2 *3]', { history: [3, 2] })).toBe('[3 2 nil]');
  });

  it('ends the run with return and fail', () => {
    const r = run({ program: '(def kept 1) (return {:done true}) (def never 2)' });
    expect(r.ok && r.signal).toBe('return');
    expect(r.ok && r.memory.has('kept') && !r.memory.has('never')).toBe(true);
    const f = run({ program: '(fail "no data")' });
    expect(f.ok && f.signal === 'fail' && printValue(f.value)).toBe('"no data"');
  });

  it('TRN-008 / TRN-011 collects println entries, one per call, cut at 2000 characters', () => {
    const r = run({ program: '(println "a" 1 [:b "c"]) (println) (println (apply str (repeat 2500 "x")))' });
    expect(r.prints.slice(0, 2)).toEqual(['a 1 [:b c]', '']);
    expect(r.prints[2]).toHaveLength(2003);
    expect(r.prints[2].endsWith('...')).toBe(true);
  });
});

describe('namespaced builtins', () => {
  it('resolves clojure.string/, str/ and clojure.core/ aliases', () => {
    expect(ev('(clojure.string/join "," [1 2])')).toBe('"1,2"');
    expect(ev('(str/upper-case "a")')).toBe('"A"');
    expect(ev('(clojure.core/inc 1)')).toBe('2');
    expect(ev('(clojure.set/union #{1} #{2})')).toBe('#{1 2}');
  });

  it('lists what a namespace has when a name does not exist there', () => {
    const e = evErr('(clojure.string/capitalize "a")');
    expect(e.type).toBe('unbound_var');
    expect(e.message).toContain('capitalize is not available');
    expect(e.message).toContain('String functions:');
  });

  it('rejects unknown namespaces with the list of known ones', () => {
    expect(evErr('(foo/bar 1)').message).toContain('Unknown namespace foo/');
  });
});
