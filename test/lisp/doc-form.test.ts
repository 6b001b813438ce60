// (doc name) prints what a name is through the run's println output and gives nil. doc is a
// function whose one argument, written as a symbol, is taken as the name (as Clojure's doc macro
// reads it); a computed name is evaluated, and a name nothing documents prints so and gives nil.
import { describe, expect, it } from 'vitest';
import { ReplSession } from '../../src/cli/repl.ts';
import { formatEntry, referenceEntry } from '../../src/lisp/reference/index.ts';
import { run } from '../../src/lisp/run.ts';
import type { PtcFn } from '../../src/lisp/values.ts';

function prints(program: string): string[] {
  const r = run({ program });
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  expect(r.value).toBeNull();
  return r.prints;
}

describe('(doc name)', () => {
  it.each(['map', 'str/join', 'clojure.set/union', 'if', '->>', 'doc', '.getTime', 'java.util.Date.', 'Double/NaN', 'fn*'])(
    '(doc %s) prints its entry and gives nil',
    (name) => {
      expect(prints(`(doc ${name})`)).toEqual([formatEntry(referenceEntry(name)!)]);
    },
  );

  it("prints the user's definition of a name before any builtin of that name", () => {
    const r = run({ program: '(defn map "Mine; not the builtin" ([f] f) ([f xs] :mine)) (def limit {:n 10}) (doc map) (doc limit) (doc clojure.core/map)' });
    expect(r.ok).toBe(true);
    expect(r.prints.slice(0, 2)).toEqual([
      "map — function, user's definition\n  (map f)\n  (map f xs)\nMine not the builtin",
      "limit — value, user's definition\n  = {:n 10}",
    ]);
    expect(r.prints[2]).toBe(formatEntry(referenceEntry('clojure.core/map')!));
  });

  it('prints the name, kind, area, calls, doc and examples', () => {
    const [text] = prints('(doc str/join)');
    expect(text.split('\n')).toEqual([
      'str/join — function, strings; another spelling of join',
      '  (str/join coll)',
      '  (str/join sep coll)',
      referenceEntry('join')!.doc,
      'Examples:',
      `  ${referenceEntry('str/join')!.examples[0].code}  ;=> ${referenceEntry('str/join')!.examples[0].result}`,
    ]);
  });

  it('takes the name as a string too', () => {
    expect(prints('(doc "str/join")')).toEqual(prints('(doc str/join)'));
  });

  it('prints that nothing documents an unknown name, with the closest names, and gives nil', () => {
    expect(prints('(doc mapp)')).toEqual(['No documentation for mapp. Did you mean: map, map?, mapv?']);
    expect(prints('(doc "no-such-thing-at-all")')).toEqual(['No documentation for no-such-thing-at-all.']);
  });

  it('takes a computed name, and composes as a function value', () => {
    expect(prints('(doc (str "in" "c"))')).toEqual([formatEntry(referenceEntry('inc')!)]);
    const r = run({ program: '(mapv doc ["inc" "dec"])' });
    expect(r.ok && r.prints).toEqual([formatEntry(referenceEntry('inc')!), formatEntry(referenceEntry('dec')!)]);
  });

  it("prints a tool's call, signature and description, and data's kind and sample", () => {
    const tool = run({ program: '(fn [q] [q])' });
    if (!tool.ok) throw new Error('tool');
    const r = run({
      program: '(doc tool/search) (doc data/limit)',
      tools: [{ name: 'search', fn: tool.value as PtcFn, signature: '(q :string) -> [:string]', description: 'Finds things.' }],
      data: { limit: 5 },
    });
    expect(r.ok && r.prints).toEqual(['tool/search — tool\n  (tool/search q)  ; (q :string) -> [:string]\nFinds things.', 'data/limit — data\n  integer, 5']);
  });

  it.each([
    ['(doc)', 'arity_error'],
    ['(doc map filter)', 'arity_error'],
    ['(doc 42)', 'type_error'],
    ['(map doc [1])', 'type_error'],
  ])('%s is a %s', (program, type) => {
    const r = run({ program });
    expect(r.ok ? 'ok' : r.error.type).toBe(type);
  });

  it('keeps the program going: the value after it is the result', () => {
    const r = run({ program: '(doc inc) (inc 1)' });
    expect(r.ok && r.value).toBe(2);
    expect(r.prints).toHaveLength(1);
  });

  it('counts toward the output limit like println', () => {
    const r = run({ program: '(doc map)', limits: { maxOutputChars: 20 } });
    expect(r.ok ? 'ok' : r.error.type).toBe('output_limit_exceeded');
  });

  it('works in the REPL: the entry, then => nil', () => {
    const repl = new ReplSession();
    const { out, err } = repl.evaluate('(doc first)');
    expect(err).toEqual([]);
    expect(out).toEqual([formatEntry(referenceEntry('first')!), '=> nil']);
  });
});
