// (doc name) is a form of the language: it prints the reference entry through the run's println
// output and gives nil; `doc` is reserved like every special form.
import { describe, expect, it } from 'vitest';
import { ReplSession } from '../../src/cli/repl.ts';
import { formatEntry, referenceEntry } from '../../src/lisp/reference/index.ts';
import { run } from '../../src/lisp/run.ts';

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

  it('fails on an unknown name with the closest names as its hint', () => {
    const r = run({ program: '(doc mapp)' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.type).toBe('undefined_error');
    expect(r.error.message).toContain('No documentation for mapp');
    expect(r.error.hint).toMatch(/^Did you mean: map\b/);
    expect(r.error.line).toBe(1);
  });

  it('fails on an unknown name only when it runs', () => {
    const r = run({ program: '(if false (doc no-such-thing) :fine)' });
    expect(r.ok && r.value).toEqual(expect.objectContaining({ name: 'fine' }));
  });

  it.each([
    ['(doc)', 'arity_error'],
    ['(doc map filter)', 'arity_error'],
    ['(doc 42)', 'validation_error'],
    ['(def doc 1)', 'validation_error'],
    ['(defn doc [x] x)', 'validation_error'],
    ['(map doc [1])', 'validation_error'],
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
