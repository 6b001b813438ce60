// Diagnostics before a program runs: parse errors with their place, names nothing defines as warnings
// with the interpreter's own message and hint, and no warning for what will resolve.
import { describe, expect, it } from 'vitest';
import { definedNames, diagnose, type DiagnoseNames } from '../../src/lisp/diagnose.ts';
import { readProgram } from '../../src/lisp/reader.ts';
import { run } from '../../src/lisp/run.ts';

const NONE: DiagnoseNames = { memory: [], tools: [], data: [] };
const SESSION: DiagnoseNames = { memory: ['total'], tools: ['get-orders', 'search'], data: ['orders', 'limit'] };

const warnings = (program: string, names: DiagnoseNames = SESSION) => diagnose(program, names).filter((p) => p.severity === 'warning');

describe('diagnose', () => {
  it('warns of an unknown name with the message and hint a run gives, at its place', () => {
    const [p, ...rest] = diagnose('(let [orders 1]\n  (fiter odd? orderz))', NONE);
    expect(rest).toHaveLength(1);
    expect(p).toMatchObject({ severity: 'warning', code: 'unbound_var', range: { line: 2, column: 4 } });
    expect(p.message).toBe('Unable to resolve symbol: fiter in this context.');
    expect(p.hint).toBe('Did you mean: filter, filterv?');
    expect(rest[0]).toMatchObject({
      message: 'Unable to resolve symbol: orderz in this context.',
      hint: 'Did you mean: orders?',
      range: { line: 2, column: 15 },
    });
    // The same words as the error of running it.
    const r = run({ program: '(fiter odd? [1])' });
    expect(r.ok ? '' : r.error.message).toBe(`${p.message} ${p.hint}`);
  });

  it('does not flag locals, parameters, destructured names, builtins, special forms or history', () => {
    const program = [
      '(defn f [{:keys [a b]} [x & more] & {:as opts}] (+ a b x (count more) (count opts)))',
      '(let [{n :n :or {n 1}} {} [p q] [1 2]] (loop [i 0] (if (< i n) (recur (inc i)) (+ p q))))',
      '(for [{:keys [id]} [] :let [y id] :when y] y)',
      '(fn self [k] (when (pos? k) (self (dec k))))',
      '(->> [1 2] (map #(* % 2)) (filter even?) (reduce +))',
      '(doseq [z [1]] (println z)) (dotimes [j 2] j) *1',
      '(str/join "," [\'unknown-but-quoted])',
    ].join('\n');
    expect(diagnose(program, NONE)).toEqual([]);
  });

  it('knows names the program defines anywhere, earlier turns remember, and the session has', () => {
    expect(warnings('(defn g [] (later 1))\n(def later inc)\n(+ total (count orders) (search "x"))')).toEqual([]);
    expect(warnings('(get-orders)')).toEqual([]);
    expect(warnings('(dotimes [i 1] (def inner i)) inner')).toEqual([]);
  });

  it('checks tool/ and data/ names against the session', () => {
    expect(warnings('(tool/search {:q "x"}) data/orders ctx/limit')).toEqual([]);
    const [tool, data] = warnings('(tool/serch {})\n(count data/order)');
    expect(tool).toMatchObject({ message: 'Unknown tool tool/serch.', range: { line: 1, column: 2 } });
    expect(tool.hint).toBe('Did you mean: search? Available tools: tool/get-orders, tool/search');
    expect(data).toMatchObject({ message: 'data/order does not exist.', range: { line: 2, column: 8 } });
    expect(data.hint).toContain('Did you mean: orders?');
    expect(warnings('tool/x', NONE)[0].hint).toBe('No tools are available.');
  });

  it('warns of unknown namespaces and members, and of a bare name that is both a tool and data', () => {
    const [member, ns] = warnings('(str/jion ["a"])\n(foo/bar 1)');
    expect(member.message).toBe('jion is not available in str/.');
    expect(member.hint).toContain('Did you mean: join?');
    expect(ns.message).toBe('Unknown namespace foo/ in foo/bar.');
    const [amb] = warnings('x', { memory: [], tools: ['x'], data: ['x'] });
    expect(amb.code).toBe('ambiguous_reference');
  });

  it('gives unsupported Clojure its own hint', () => {
    const [p] = warnings('(atom 1)');
    expect(p.message).toBe('atom is not supported in PTC-Lisp.');
    expect(p.hint).toBeDefined();
  });

  it('reports a parse error as an error with its range, and nothing else', () => {
    const problems = diagnose('(map inc\n  [1 2]', SESSION);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', code: 'parse_error', range: { line: 1, column: 1 } });
    const [bad] = diagnose('(+ 1 2))) "open', NONE);
    expect(bad).toMatchObject({ severity: 'error', code: 'parse_error' });
    expect(bad.range).toBeDefined();
  });

  it('reports an analysis error of one form and still checks the others', () => {
    const problems = diagnose('(let [x] x)\n(nope 1)', NONE);
    expect(problems.map((p) => p.severity)).toEqual(['error', 'warning']);
    expect(problems[0].range?.line).toBe(1);
    expect(problems[1].range).toEqual({ line: 2, column: 2 });
  });

  it('collects def and defn names at any depth', () => {
    expect([...definedNames(readProgram('(when true (defn a [] 1) [(def b 2)]) (defn- c [] 3) (def)'))].sort()).toEqual(['a', 'b', 'c']);
  });

  it('never runs the program', () => {
    expect(diagnose('(println "hi") (tool/search {}) (loop [] (recur))', SESSION)).toEqual([]);
  });
});
