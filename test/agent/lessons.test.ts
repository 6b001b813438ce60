import { describe, expect, it } from 'vitest';
import { checkLesson } from '../../src/agent/lessons/check.ts';
import { checkLessonById, LESSONS, lessonById } from '../../src/agent/lessons/index.ts';
import { describeDifference, describeShape } from '../../src/agent/lessons/shape.ts';
import type { Lesson } from '../../src/agent/lessons/types.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';
import { nextUser, play, prepared } from './fixtures.ts';

const lesson = (id: string): Lesson => {
  const l = lessonById(id);
  if (l === undefined) throw new Error(`no lesson ${id}`);
  return l;
};

/** A value from PTC-Lisp source. */
function v(src: string): Value {
  const r = run({ program: src });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the course', () => {
  it('has 12–15 lessons with unique ids', () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(12);
    expect(LESSONS.length).toBeLessThanOrEqual(15);
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
  });

  it('covers the topics the course promises', () => {
    const ids = LESSONS.map((l) => l.id);
    for (const id of [
      'values-and-let',
      'collections',
      'threading',
      'destructuring',
      'predicate-functions',
      'def-and-defn',
      'data',
      'tools',
      'println',
      'fail',
      'java-interop',
      'common-slips',
      'history',
    ]) {
      expect(ids).toContain(id);
    }
    const solutions = LESSONS.map((l) => l.solution).join('\n');
    for (const form of [
      '(let [',
      '->>',
      ':keys',
      '#(',
      'every-pred',
      'some-fn',
      '(defn ',
      '(def ',
      'data/',
      'tool/',
      'println',
      '(return ',
      '(fail ',
      'parse-long',
    ]) {
      expect(solutions).toContain(form);
    }
    expect(new Set(LESSONS.map((l) => l.area))).toEqual(new Set(['basics', 'collections', 'functions', 'agent', 'mistakes', 'history']));
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: every field is filled in', (_id, l) => {
    for (const text of [l.title, l.text, l.task, l.starter, l.solution]) expect(text.trim()).not.toBe('');
    expect(l.hints.length).toBeGreaterThan(0);
    expect(l.check.expected !== undefined || l.check.predicate !== undefined || l.check.ending !== undefined).toBe(true);
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: the solution passes', (_id, l) => {
    const r = checkLesson(l, l.solution);
    expect(r.message).toBe('passed');
    expect(r.passed).toBe(true);
  });

  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: the starter does not pass, and says why', (_id, l) => {
    const r = checkLesson(l, l.starter);
    expect(r.passed).toBe(false);
    expect(r.message).not.toBe('passed');
    expect(r.hint).toBeDefined();
  });

  // Every `; =>` claim in a lesson's ```clojure blocks is run: the block up to that line gives that value.
  it.each(LESSONS.map((l) => [l.id, l] as const))('%s: the examples in the text are true', (_id, l) => {
    for (const block of l.text.matchAll(/```clojure\n([\s\S]*?)```/g)) {
      const lines = block[1].split('\n');
      lines.forEach((line, i) => {
        const claim = /;+ => (.*)$/.exec(line);
        if (claim === null) return;
        const program = lines.slice(0, i + 1).join('\n');
        const r = run({ program });
        expect(r.ok, program).toBe(true);
        if (r.ok) expect(printValue(r.value), program).toBe(printValue(v(claim[1])));
      });
    }
  });
});

describe('the claims in the lessons’ prose', () => {
  // "`(f x)` is `v`" in running text is a claim too: each one is run.
  const claims = LESSONS.flatMap((l) => [...l.text.matchAll(/`(\([^`]+\))` is `([^`]+)`/g)].map((m) => [l.id, m[1], m[2]] as const));

  it('there are some', () => {
    expect(claims.length).toBeGreaterThan(5);
  });

  it.each(claims)('%s: %s is %s', (_id, form, value) => {
    expect(printValue(v(form))).toBe(printValue(v(value)));
  });
});

/** Typical wrong answers, each with the message the learner gets. */
const WRONG: [string, string, string][] = [
  ['values-and-let', '{:total (* 12 3) :label "3 x 12"}', 'expected the values to be named with (let [price 12 qty 3] …)'],
  [
    'values-and-let',
    '(let [price 12 qty 3] {:total (* price qty) :label (str qty "x" price)})',
    'expected a map with 2 keys (:total, :label): (:label result) should be "3 x 12", got "3x12"',
  ],
  ['collections', '(map :name (filter #(< (:price %) 50) data/products))', 'expected a list of 3 names: (nth result 0) should be "Lamp", got "Pen"'],
  ['threading', '(->> data/products (filter #(= (:category %) :office)) (map :price) (reduce +))', 'expected 14, got 0'],
  ['threading', '(reduce + (map :price (filter #(= (:category %) "office") data/products)))', 'expected a pipeline written with ->>'],
  [
    'destructuring',
    '(let [{:keys [customer lines]} data/order] (str (:name customer) " (" (:city customer) "): " (count lines)))',
    'expected "Ada (Lyon): 30", got "Ada (Lyon): 2"',
  ],
  [
    'predicate-functions',
    '(map :id (filter (every-pred #(= (:status %) "open") (some-fn #(>= (:priority %) 4))) data/tickets))',
    'expected a list of 3 ids, got a list of 2 integers',
  ],
  [
    'def-and-defn',
    '(defn line-total "qty times price" [{:keys [qty price]}] (* qty price))\n(def grand-total (reduce + (map line-total data/lines)))',
    "expected an integer (42), got a var (#'grand-total)",
  ],
  [
    'def-and-defn',
    '(defn line-total "qty times price" [{:keys [qty price]}] (+ qty price))\n(def grand-total (reduce + (map line-total data/lines)))\ngrand-total',
    'expected 42, got 35',
  ],
  [
    'data',
    '(->> data/orders (group-by :customer) (update-vals #(sum-by :amount %)) (filter (fn [[_ t]] (> t 100))) (into {}))',
    'expected the limit to be read from data/threshold, not written into the program',
  ],
  ['data', '(->> data/orders (group-by :customer) (update-vals #(sum-by :amount %)))', 'expected a map with 2 keys ("ada", "bo"): unexpected key "cy"'],
  ['tools', '{"Desk lamp" 40 "Floor lamp" 90}', 'expected a call to tool/search-products'],
  [
    'tools',
    '(into {} (map (juxt :title #(tool/get-price (:id %))) (filter #(pos? (:stock %)) (tool/search-products "lamp"))))\n(into {} (map (juxt :title #(tool/get-price (:id %))) (filter #(pos? (:stock %)) (tool/search-products "lamp"))))',
    'expected at most 1 call to tool/search-products, got 2',
  ],
  [
    'tools',
    '(into {} (map (juxt :title #(tool/get-price (:id %))) (tool/search-products "lamp")))',
    'expected a map with 2 keys ("Desk lamp", "Floor lamp"): unexpected key "Lava lamp"',
  ],
  ['tools', '(tool/get-price "1")', 'the program failed: tool/get-price: argument 1 (id) should be :int, got string "1"; the signature is (id :int) -> :int'],
  [
    'println',
    '(doseq [t data/tickets] (println "#" (:id t) (:status t)))\n(count data/tickets)',
    'expected the output to include "#1 open"; it printed: # 1 open | # 2 closed | # 3 pending',
  ],
  ['println', '(map #(println (str "#" (:id %)) (:status %)) data/tickets)', 'expected an integer (3), got a list of 3 nils'],
  [
    'fail',
    '(if-let [a (first (filter #(= (:id %) data/wanted) data/accounts))] (return (:balance a)) (fail "not found"))',
    'the reason should name the missing id 9',
  ],
  ['fail', '(if-let [a (first (filter #(= (:id %) data/wanted) data/accounts))] (:balance a) nil)', 'expected (fail …) to end the program'],
  [
    'java-interop',
    '(reduce + (keep #(when (seq %) (Integer/parseInt %)) data/raw))',
    'expected no Java interop (Integer/parseInt, .length, …): use the PTC functions',
  ],
  ['java-interop', '(reduce + (map int data/raw))', 'the program failed: int expected a number, got string: "12"; to parse a string use parse-long'],
  ['common-slips', '{:best 9 :ranking ["cai" "ana" "dee"]}', 'expected (return …) to end the program; it ended with its last value'],
  [
    'common-slips',
    '(return {:best 9 :ranking (map :name (sort-by :score data/scores >))})',
    'the program failed: sort-by takes the comparator before the collection: (sort-by keyfn > coll), not (sort-by keyfn coll >)',
  ],
  [
    'common-slips',
    '(return {:best 9 :ranking (->> data/scores (filter #(includes? ["red" "blue"] (:team %))) (sort-by :score >) (map :name))})',
    'the program failed: includes? expected a string, got vector: ["red" "blue"]; for collections use (contains? coll x) or (some #{x} coll)',
  ],
  [
    'history',
    '{:output (vec (mapcat :prints (filter :ok data/turns))) :calls (vec (mapcat :calls (filter :ok data/turns)))}',
    'expected a map with 2 keys (:output, :calls): (:calls result): expected a list of 4 strings, got a list of 3 strings',
  ],
  ['history', '(map :result data/turns)', 'expected a map with 2 keys (:output, :calls), got a list of 3 items'],
];

describe('typical wrong answers fail with a specific message', () => {
  it.each(WRONG)('%s: %s', (id, code, message) => {
    const r = checkLesson(lesson(id), code);
    expect(r.passed).toBe(false);
    expect(r.message).toBe(message);
  });

  it('a failed run carries the interpreter’s error and hint', () => {
    const r = checkLesson(lesson('java-interop'), '(reduce + (map int data/raw))');
    expect(r.error).toBe('int expected a number, got string: "12"; to parse a string use parse-long');
    expect(r.value).toBe('');
  });

  it('a passing check gives the value as text and what was printed', () => {
    const l = lesson('println');
    expect(checkLesson(l, l.solution)).toEqual({ passed: true, message: 'passed', value: '3', prints: ['#1 open', '#2 closed', '#3 pending'] });
  });

  it('an unknown lesson id is a failed check', () => {
    expect(checkLessonById('nope', '1')).toEqual({ passed: false, message: 'no lesson "nope"', value: '', prints: [] });
  });
});

describe('the shape describer', () => {
  it.each([
    ['nil', 'nil'],
    ['42', 'an integer (42)'],
    ['2.5', 'a float (2.5)'],
    ['"hi"', 'a string ("hi")'],
    [':open', 'a keyword (:open)'],
    ['true', 'a boolean (true)'],
    ['[]', 'an empty list'],
    ['["a" "b" "c"]', 'a list of 3 strings'],
    ['[1 "a"]', 'a list of 2 items'],
    ['[{:a 1}]', 'a list of 1 map'],
    ['[nil nil]', 'a list of 2 nils'],
    ['#{1 2}', 'a set of 2 integers'],
    ['{}', 'an empty map'],
    ['{:name "Ada" :age 3}', 'a map with 2 keys (:name, :age)'],
    ['{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6}', 'a map with 6 keys (:a, :b, :c, :d, :e, … 1 more)'],
    ['(fn [x] x)', 'a function'],
    ['(def x 1)', "a var (#'x)"],
  ])('%s is %s', (src, words) => {
    expect(describeShape(v(src))).toBe(words);
  });

  it('names the items with a noun when given', () => {
    expect(describeShape(v('["a" "b" "c"]'), 'names')).toBe('a list of 3 names');
  });

  it.each([
    ['[1 2]', '[1 2]', null],
    ['[1 2]', "'(1 2)", null],
    ['42', '41', 'expected 42, got 41'],
    ['2', '2.0', 'expected an integer (2), got a float (2.0)'],
    ['["a" "b" "c"]', '{:a 1 :b 2}', 'expected a list of 3 strings, got a map with 2 keys (:a, :b)'],
    ['["a" "b"]', '["a" "c"]', 'expected a list of 2 strings: (nth result 1) should be "b", got "c"'],
    ['{:a 1}', '{:a 2}', 'expected a map with 1 key (:a): (:a result) should be 1, got 2'],
    ['{:a 1 :b 2}', '{:a 1}', 'expected a map with 2 keys (:a, :b): missing key :b'],
    [
      '{"x" [1 2]}',
      '{"x" [1 3]}',
      'expected a map with 1 key ("x"): (get result "x"): expected a list of 2 integers: (nth (get result "x") 1) should be 2, got 3',
    ],
    ['#{1 2}', '#{1 3}', 'expected a set of 2 integers: missing 2'],
  ])('%s against %s', (want, got, message) => {
    expect(describeDifference(v(want), v(got))).toBe(message);
  });
});

describe('the history lesson agrees with single-user-coalesced', () => {
  // The lesson's claims, checked on a real run: prints of failed turns are dropped, their tool calls are listed.
  it('prints of successful turns only, tool calls of every turn', () => {
    const agent = prepared();
    const step = play(agent, [
      '(tool/get-inventory)\n(println "first note")',
      '(tool/search-reviews "Books")\n(println "lost note")\n(+ 1 "a")',
      '(println "last note")',
    ]);
    const user = nextUser(agent, step);
    expect(user).toContain(';; Output:\nfirst note\nlast note');
    expect(user).not.toContain('lost note');
    expect(user).toContain(';; Tool calls made:\n;   get-inventory()\n;   search-reviews("Books")');
  });
});
