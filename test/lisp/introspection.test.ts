// What a program can ask about its names: dir, apropos, export-meta and source over the run's
// tool/, data/ and user/ refs (apropos and doc over the language's names too). Misses are not errors.
import { describe, expect, it } from 'vitest';
import { printValue } from '../../src/lisp/printer.ts';
import { run, type RunOptions, type RunResult } from '../../src/lisp/run.ts';
import type { ToolImpl } from '../../src/lisp/runtime.ts';
import type { PtcFn } from '../../src/lisp/values.ts';

function tool(name: string, impl: string, signature: string, description?: string): ToolImpl {
  const r = run({ program: impl });
  if (!r.ok) throw new Error(r.error.message);
  return { name, fn: r.value as PtcFn, signature, source: impl, ...(description !== undefined ? { description } : {}) };
}

const ENV: Omit<RunOptions, 'program'> = {
  tools: [
    tool('search-orders', '(fn [status] [{:id 1 :status status}])', '(status :string) -> [:map]', 'Orders with a status.'),
    tool('ping', '(fn [] :pong)', '() -> :keyword'),
  ],
  data: { orders: [1, 2, 3], limit: 5 },
};

function ok(program: string, opts: Omit<RunOptions, 'program'> = ENV): RunResult & { ok: true } {
  const r = run({ ...opts, program });
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  return r;
}
const value = (program: string, opts?: Omit<RunOptions, 'program'>): string => printValue(ok(program, opts).value);

describe('dir', () => {
  it('lists the namespaces that hold names, then the sorted refs of one', () => {
    expect(value('(dir)', {})).toBe('[]');
    expect(value('(dir)')).toBe('["data" "tool"]');
    expect(value('(defn twice [x] (* 2 x)) (def a 1) [(dir) (dir user) (dir "tool") (dir data)]')).toBe(
      '[["data" "tool" "user"] ["user/a" "user/twice"] ["tool/ping" "tool/search-orders"] ["data/limit" "data/orders"]]',
    );
  });

  it('gives [] for a namespace it does not know, and the same for a quoted or computed name', () => {
    expect(value('[(dir clojure.string) (dir "nope") (dir (str "to" "ol")) (dir \'tool)]')).toBe(
      '[[] [] ["tool/ping" "tool/search-orders"] ["tool/ping" "tool/search-orders"]]',
    );
  });

  it('sees the definitions of earlier turns', () => {
    const first = ok('(defn f [x] x)');
    expect(value('(dir user)', { ...ENV, memory: first.memory })).toBe('["user/f"]');
  });
});

describe('apropos', () => {
  it("matches names, calls and docs of the language and the run's names, any case, sorted and once each", () => {
    const names = ok('(defn total-price "Sums the ORDER lines" [lines] 0) (apropos "order")').value as string[];
    expect(names).toContain('tool/search-orders');
    expect(names).toContain('user/total-price');
    expect(names).toEqual([...new Set(names)].sort());
    expect(value('(some #{"upper-case"} (apropos "UPPER-CASE"))')).toBe('"upper-case"');
  });

  it('reads its text literally: regex characters match themselves', () => {
    expect(value('(apropos "(.*)+")')).toBe('[]');
    expect(value('(some #{"re-find"} (apropos "re-f"))')).toBe('"re-find"');
  });

  it('gives [] for a blank text and refuses a number', () => {
    expect(value('[(apropos "") (apropos "   ")]')).toBe('[[] []]');
    expect(run({ program: '(apropos 5)' }).ok).toBe(false);
  });
});

describe('export-meta', () => {
  it('tells a function definition as data, with its call, arity and parameters', () => {
    expect(value('(defn twice "Doubles x" [x] (* 2 x)) (export-meta user/twice)')).toBe(
      '{:ref "user/twice" :namespace "user" :symbol "twice" :kind :function :call "(twice x)" :doc "Doubles x" :visibility :public :effect :unknown :arity {:min 1 :max 1} :params ["[x]"]}',
    );
    expect(value('(defn f [a & more] a) (:arity (export-meta "user/f"))')).toBe('{:min 1 :max nil}');
  });

  it('tells a value, a tool and data, and a bare name means the user’s', () => {
    expect(value('(def limit 3) (export-meta limit)')).toBe(
      '{:ref "user/limit" :namespace "user" :symbol "limit" :kind :value :doc nil :visibility :public :effect :none :type "integer"}',
    );
    expect(value('(select-keys (export-meta tool/search-orders) [:kind :call :doc :signature :effect])')).toBe(
      '{:kind :tool :call "(tool/search-orders status)" :doc "Orders with a status." :signature "(status :string) -> [:map]" :effect :unknown}',
    );
    expect(value('(select-keys (export-meta data/orders) [:kind :type])')).toBe('{:kind :data :type "vector"}');
  });

  it('is nil for a name the run does not have, or a builtin', () => {
    expect(value('[(export-meta nope) (export-meta map) (export-meta "tool/nope") (export-meta "other/x")]')).toBe('[nil nil nil nil]');
  });

  it('composes with dir, as a function value', () => {
    expect(value('(defn a [] 1) (defn b [x] x) (map :call (map export-meta (dir user)))')).toBe('["(a)" "(b x)"]');
  });
});

describe('source', () => {
  it('prints the form that defined a name, as written, even from an earlier turn', () => {
    const program = '(def rate 0.2)\n(defn net "without VAT"\n  [gross]\n  (/ gross (+ 1 rate)))';
    const first = ok(program);
    expect(ok('(source net) (source user/rate)', { memory: first.memory }).prints).toEqual([
      '(defn net "without VAT"\n  [gross]\n  (/ gross (+ 1 rate)))',
      '(def rate 0.2)',
    ]);
  });

  it("prints a tool's implementation, and says when there is no source", () => {
    expect(ok('(source tool/ping) (source map) (source "user/nothing")').prints).toEqual([
      '(fn [] :pong)',
      'no source available for map',
      'no source available for user/nothing',
    ]);
  });
});

describe('describe', () => {
  it('summarizes a vector of maps as the specification shows', () => {
    expect(value('(describe [{"event" "turn"} {"event" "done" "ok" true}])')).toBe(
      '{:type "vector" :count 2 :scanned 2 :item_types {"map" 2} :keys {"event" {:present 2 :pct 100.0 :types {"string" 2} :examples ["turn" "done"] :distinct_count 2} "ok" {:present 1 :pct 50.0 :types {"boolean" 1} :examples [true] :distinct_count 1}} :key_types {"string" 3}}',
    );
  });

  it('summarizes a map, scalars, and items that are not maps', () => {
    expect(value('(describe {:a 1})')).toBe(
      '{:type "map" :count 1 :keys {:a {:present 1 :pct 100.0 :types {"integer" 1} :examples [1] :distinct_count 1}} :key_types {"keyword" 1}}',
    );
    expect(value('(describe "hi")')).toBe('{:type "string" :examples ["hi"]}');
    expect(value('(describe #{:x})')).toBe('{:type "set" :count 1 :scanned 1 :item_types {"keyword" 1} :examples [:x] :distinct_count 1}');
  });

  it('goes deeper on request, lists paths, and keeps :sample examples', () => {
    const d = '(describe [{:tags ["x" "y" "z"]} {:tags []}] {:depth 2 :sample 1 :paths true})';
    expect(value(`(get-in ${d} [:keys :tags :nested :items])`)).toBe('{:item_types {"string" 3} :examples ["x"] :distinct_count 3}');
    expect(value(`(:paths ${d})`)).toBe('{"[].tags[]" {"string" 3}}');
    expect(value('(get-in (describe [{:tags ["x"]}]) [:keys :tags :examples])')).toBe('["[\\"x\\"]"]');
  });

  it('stops at its caps and says which', () => {
    expect(value('(select-keys (describe (vec (range 5000))) [:count :scanned :truncated :caps_hit])')).toBe(
      '{:count 5000 :scanned 1000 :truncated true :caps_hit [:scan]}',
    );
    expect(value('(:caps_hit (describe [(zipmap (range 150) (range 150))]))')).toBe('[:keys]');
  });

  it('refuses options out of range', () => {
    for (const opts of ['{:depth 9}', '{:sample 0}', '5']) expect(run({ program: `(describe [1] ${opts})` }).ok).toBe(false);
  });

  it('encodes as JSON-friendly data: its own keys are keywords, its type names strings', () => {
    expect(value('(every? keyword? (keys (describe [{:a 1}])))')).toBe('true');
  });
});
