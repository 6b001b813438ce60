// The evaluator's fast paths (intrinsic nodes for hot builtins, arguments read inline from slots,
// captures and constants, recur storing straight into loop slots) must behave exactly like the
// general path: same values, same error types and messages.
import { describe, expect, it } from 'vitest';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import { ev, evErr } from './helpers.ts';

/** Printed value, or error type and message: what a program's outcome looks like to its author. */
function outcome(program: string): string {
  const r = run({ program });
  return r.ok ? `ok ${printValue(r.value)}` : `${r.error.type} ${r.error.message}`;
}

const VALUES = [
  '1',
  '-7',
  '0',
  '2.5',
  '2.0',
  '-0.0',
  '9007199254740991',
  '-9007199254740991',
  '99999999999999999999',
  '##NaN',
  '##Inf',
  'nil',
  'true',
  '"ab"',
  ':k',
  '[10 20 30]',
  '{:k 1}',
  '#{1}',
];

/** Every way a call node can get its arguments: constant, local slot, captured local, expression. */
function shapes(op: string, args: string[]): string[] {
  const names = args.map((_, i) => `v${i}`);
  const binds = args.map((a, i) => `${names[i]} ${a}`).join(' ');
  return [
    `(${op} ${args.join(' ')})`,
    `(let [${binds}] (${op} ${names.join(' ')}))`,
    `(let [${binds}] ((fn [] (${op} ${names.join(' ')}))))`,
    `(${op} ${args.map((a) => `(identity ${a})`).join(' ')})`,
    `(let [${binds}] (${op} ${args.map((a, i) => (i === 0 ? names[i] : a)).join(' ')}))`,
  ];
}

describe('intrinsic nodes agree with the builtins called through apply', () => {
  const unary = ['-', 'inc', 'dec', 'zero?', 'pos?', 'neg?', 'count', 'not', 'nil?', 'some?'];
  it.each(unary)('(%s x)', (op) => {
    for (const a of VALUES) {
      const expected = outcome(`(apply ${op} [${a}])`);
      for (const p of shapes(op, [a])) expect(outcome(p), p).toBe(expected);
    }
  });

  const binary = ['+', '-', '*', 'mod', '<', '>', '<=', '>=', '=', 'not=', 'min', 'max', 'nth', 'get', 'quot', 'str'];
  it.each(binary)('(%s x y)', (op) => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const expected = outcome(`(apply ${op} [${a} ${b}])`);
        for (const p of shapes(op, [a, b])) expect(outcome(p), p).toBe(expected);
      }
    }
  });

  it('keeps integer results exact and floats boxed', () => {
    expect(ev('(let [x 9007199254740991] (+ x 1))')).toBe('9007199254740992');
    expect(ev('(let [x 1.5] (+ x 1.5))')).toBe('3.0');
    expect(ev('(let [x 9007199254740991] (inc x))')).toBe('9007199254740992');
    expect(ev('(let [x -10] (mod x 3))')).toBe('2');
    expect(ev('(let [x 0] (- x 0))')).toBe('0');
  });

  it('reports errors at the call', () => {
    const r = run({ program: '(let [x "a"]\n  (inc x))' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.type).toBe('type_error');
      expect(r.error.line).toBe(2);
    }
  });
});

describe('calls through locals, keywords and data', () => {
  it.each([
    ['(:a {:a 1})', 'ok 1'],
    ['(:a {"a" 1})', 'ok 1'],
    ['(:a nil)', 'ok nil'],
    ['(:a #{:a})', 'ok :a'],
    ['(:a "text")', 'ok nil'],
    ['(let [m {:a 1}] (:a m))', 'ok 1'],
    ['(let [k :a m {:a 1}] (k m))', 'ok 1'],
    ['(let [f inc x 1] (f x))', 'ok 2'],
    ['(let [f inc] ((fn [] (f 1))))', 'ok 2'],
    ['(let [v [1 2]] (v 1))', 'ok 2'],
    ['(let [m {:a 1}] (m :a))', 'ok 1'],
    ['(let [s #{1}] (s 2))', 'ok nil'],
    ['(let [x 1] (x 2))', 'not_callable 1 is not a function and cannot be called'],
  ])('%s', (program, expected) => {
    expect(outcome(program)).toBe(expected);
  });

  it('checks the arity of a local function', () => {
    expect(evErr('(let [f (fn [a b] a)] (f 1))').type).toBe('arity_error');
  });
});

describe('recur into plain-name bindings', () => {
  it('evaluates every argument before storing any', () => {
    expect(ev('(loop [a 1 b 2 n 0] (if (< n 3) (recur b a (inc n)) [a b n]))')).toBe('[2 1 3]');
    expect(ev('(loop [a 1 b 2 c 3 d 4 n 0] (if (< n 1) (recur d c b a (inc n)) [a b c d]))')).toBe('[4 3 2 1]');
    expect(ev('(loop [a 1 b 2 c 3 d 4 e 5 n 0] (if (< n 1) (recur e d c b a (inc n)) [a b c d e]))')).toBe('[5 4 3 2 1]');
    expect(ev('((fn [a b n] (if (< n 3) (recur b a (inc n)) [a b])) 1 2 0)')).toBe('[2 1]');
  });

  it('is re-entrant: an argument may run the same loop again', () => {
    const program = `(defn sum-to [n] (loop [i 0 acc 0] (if (<= i n) (recur (inc i) (+ acc (if (and (= i 2) (> n 2)) (sum-to 2) i))) acc)))
                     (sum-to 4)`;
    // 0 + 1 + (sum-to 2 = 3) + 3 + 4
    expect(ev(program)).toBe('11');
  });

  it('still counts iterations against the loop limit', () => {
    expect(ev('(loop [i 0] (if (< i 1000) (recur (inc i)) i))')).toBe('1000');
    expect(evErr('(loop [i 0] (if (< i 1001) (recur (inc i)) i))').type).toBe('loop_limit_exceeded');
    expect(evErr('((fn [i] (if (< i 1001) (recur (inc i)) i)) 0)').type).toBe('loop_limit_exceeded');
    expect(ev('((fn [i] (if (< i 1000) (recur (inc i)) i)) 0)')).toBe('1000');
  });

  it('leaves destructuring and variadic recur alone', () => {
    expect(ev('(loop [[a b] [1 2] n 0] (if (< n 1) (recur [b a] (inc n)) [a b]))')).toBe('[2 1]');
    expect(ev('((fn [n & xs] (if (pos? n) (recur (dec n) (conj (vec xs) n)) xs)) 2)')).toBe('[2 1]');
  });

  it('keeps values captured by closures made in earlier iterations', () => {
    expect(ev('(loop [i 0 fs []] (if (< i 3) (recur (inc i) (conj fs (fn [] i))) (mapv (fn [f] (f)) fs)))')).toBe('[0 1 2]');
  });
});

describe('merging small maps', () => {
  it.each([
    ['(merge {:a 1 :b 2} {:c 3})', '{:a 1 :b 2 :c 3}'],
    ['(merge {:a 1 :b 2} {:b 20 :c 3})', '{:a 1 :b 20 :c 3}'],
    ['(merge {:a 1} {} nil {:a 2})', '{:a 2}'],
    ['(merge-with + {:a 1 :b 2} {:b 10 :c 3})', '{:a 1 :b 12 :c 3}'],
    ['(merge {:a 1 :b 2 :c 3 :d 4 :e 5} {:f 6 :g 7 :h 8 :i 9})', '{:a 1 :b 2 :c 3 :d 4 :e 5 :f 6 :g 7 :h 8 :i 9}'],
    ['(get (merge {:a 1 :b 2 :c 3 :d 4 :e 5} {:f 6 :g 7 :h 8 :i 9}) :i)', '9'],
    ['(merge {:a 1} {"a" 2})', '{:a 1 "a" 2}'],
  ])('%s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });

  it('leaves the merged maps and earlier results unchanged', () => {
    const program = `(let [base {:id 1 :n 2}
                           xs (mapv (fn [i] (merge {:id i :n 0} {:extra i})) (range 3))
                           grown (assoc (first xs) :more true)
                           changed (assoc (second xs) :id 99)
                           m1 (merge base {:c 1})
                           m2 (merge base {:c 2})]
                       [base xs grown changed m1 m2 (dissoc m1 :id) (merge m1 {:d 4}) m2])`;
    expect(ev(program)).toBe(
      '[{:id 1 :n 2} [{:id 0 :n 0 :extra 0} {:id 1 :n 0 :extra 1} {:id 2 :n 0 :extra 2}] {:id 0 :n 0 :extra 0 :more true} {:id 99 :n 0 :extra 1} {:id 1 :n 2 :c 1} {:id 1 :n 2 :c 2} {:n 2 :c 1} {:id 1 :n 2 :c 1 :d 4} {:id 1 :n 2 :c 2}]',
    );
  });

  it('combines with a function that reads other versions of the same maps', () => {
    const program = `(let [m {:a 1 :b 2}
                           m2 (assoc m :a 10)
                           r (merge-with (fn [x y] (+ x y (:a m) (:a m2))) m2 {:a 100})]
                       [m m2 r])`;
    expect(ev(program)).toBe('[{:a 1 :b 2} {:a 10 :b 2} {:a 121 :b 2}]');
  });
});

describe('two-argument callers (update with one extra argument, fnil, reduce)', () => {
  const fns = ['+', '(fnil + 0)', '(fnil + 0 0)', 'max', 'str', 'inc', '(fnil inc 0)', 'conj', '(fn [a b] [a b])', '(fn [a] a)', ':k', '{1 2}'];
  const olds = ['1', 'nil', '2.5', '"s"', '[1]'];
  it.each(fns)('(update m :a %s x) is (assoc m :a (apply f [old x]))', (f) => {
    for (const old of olds) {
      for (const x of ['1', 'nil']) {
        const m = `{:a ${old}}`;
        const expected = outcome(`(assoc ${m} :a (apply ${f} [(get ${m} :a) ${x}]))`);
        const got = outcome(`(update ${m} :a ${f} ${x})`);
        // The general path names update as the caller only in arity messages of non-functions.
        expect(got.replace(/^(\w+_error).*/, '$1'), `(update ${m} :a ${f} ${x})`).toBe(expected.replace(/^(\w+_error).*/, '$1'));
        if (got.startsWith('ok')) expect(got).toBe(expected);
        expect(outcome(`(update-in {:x ${m}} [:x :a] ${f} ${x})`).replace(/^(\w+_error).*/, '$1')).toBe(
          outcome(`(assoc-in {:x ${m}} [:x :a] (apply ${f} [(get ${m} :a) ${x}]))`).replace(/^(\w+_error).*/, '$1'),
        );
      }
    }
  });

  it.each([
    ['((fnil + 0) nil 2)', '2'],
    ['((fnil + 0 10) nil nil)', '10'],
    ['((fnil + 0) 1 2 3)', '6'],
    ['((fnil + 0) nil)', '0'],
    ['(reduce + [1 2 3])', '6'],
    ['(reduce + 0 [1 2.5])', '3.5'],
    ['(reduce max [1 5 3])', '5'],
    ['(reduce (fnil + 0) nil [1 2])', '3'],
    ['(update {:a 1} :a + 9007199254740991)', '{:a 9007199254740992}'],
  ])('%s → %s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });

  it('reports the same errors', () => {
    expect(evErr('((fnil + 0) nil "a")').type).toBe('type_error');
    expect(evErr('(update {:a 1} :a (fnil inc 0) 5)')).toEqual(evErr('(apply (fnil inc 0) [1 5])'));
    expect(evErr('(update {:a 1} :a inc 5)').type).toBe('arity_error');
  });
});

describe('reused call frames', () => {
  it.each([
    ['(defn fib [n] (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2))))) (fib 15)', '610'],
    ['(let [adders (mapv (fn [n] (fn [x] (+ x n))) [1 2 3])] (mapv (fn [f] (f 10)) adders))', '[11 12 13]'],
    ['(defn tree [d] (if (zero? d) 1 (mapv (fn [_] (tree (dec d))) [1 2]))) (tree 2)', '[[1 1] [1 1]]'],
    ['(let [f (fn [a b] (let [s (+ a b)] (fn [] [a b s])))] (let [g (f 1 2) h (f 3 4)] [(g) (h)]))', '[[1 2 3] [3 4 7]]'],
    ['(let [f (fn self [x acc] (if (empty? x) acc (self (rest x) (conj acc (count x)))))] (f [1 2 3] []))', '[3 2 1]'],
  ])('%s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });

  it('survive a failed call of a function kept in memory', () => {
    const first = run({ program: '(defn f [x y] (let [s (+ x y)] [x y s]))' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const failed = run({ program: '(f 1 "a")', memory: first.memory });
    expect(failed.ok).toBe(false);
    const again = run({ program: '[(f 1 2) (mapv #(f % %) [3 4])]', memory: first.memory });
    expect(again.ok && printValue(again.value)).toBe('[[1 2 3] [[3 3 6] [4 4 8]]]');
  });
});

describe('if fused with a comparison or predicate test', () => {
  /** Programs around a test; each is run with the test as a direct call and through apply. */
  function programs(args: string[]): ((call: (xs: string[]) => string) => string)[] {
    const names = args.map((_, i) => `v${i}`);
    const binds = args.map((a, i) => `${names[i]} ${a}`).join(' ');
    return [
      (call) => `(if ${call(args)} :yes :no)`,
      (call) => `(let [${binds}] (if ${call(names)} v0 :no))`,
      (call) => `(let [${binds}] ((fn [] (if ${call(names)} :yes v0))))`,
      (call) => `(if ${call(args.map((a) => `(identity ${a})`))} (identity :yes))`,
      (call) => `(loop [n 0] (if ${call(args)} (if (< n 2) (recur (inc n)) n) :no))`,
    ];
  }

  it.each(['zero?', 'pos?', 'neg?', 'nil?', 'some?', 'not'])('(if (%s x) …)', (op) => {
    for (const a of VALUES) {
      for (const p of programs([a])) {
        const fast = p((xs) => `(${op} ${xs.join(' ')})`);
        expect(outcome(fast), fast).toBe(outcome(p((xs) => `(apply ${op} [${xs.join(' ')}])`)));
      }
    }
  });

  it.each(['<', '>', '<=', '>=', '='])('(if (%s x y) …)', (op) => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        for (const p of programs([a, b])) {
          const fast = p((xs) => `(${op} ${xs.join(' ')})`);
          expect(outcome(fast), fast).toBe(outcome(p((xs) => `(apply ${op} [${xs.join(' ')}])`)));
        }
      }
    }
  });

  it('keeps arity errors, shadowed names and three-argument tests on the general path', () => {
    expect(evErr('(if (zero? 1 2) :a :b)').type).toBe('arity_error');
    expect(ev('(let [< (fn [a b] true)] (if (< 2 1) :yes :no))')).toBe(':yes');
    expect(ev('(if (< 1 2 3) :yes :no)')).toBe(':yes');
    expect(ev('(if (< 1 3 2) :yes :no)')).toBe(':no');
    expect(ev('(if (< 1 2) :yes)')).toBe(':yes');
    expect(ev('(if (> 1 2) :yes)')).toBe('nil');
  });
});

describe('loop running its if test, lets and recur itself', () => {
  /** Outcome with its error line, under small limits; `general` adds a first body form, which keeps the loop on the general path. */
  function both(
    program: (body: (forms: string) => string) => string,
    limits: { maxLoopIterations?: number; timeoutMs?: number } = { maxLoopIterations: 5 },
    now?: () => number,
  ): [string, string] {
    const out = (p: string): string => {
      const r = run({ program: p, limits, now });
      return r.ok ? `ok ${printValue(r.value)}` : `${r.error.type} ${r.error.message} @${r.error.line}:${r.error.column}`;
    };
    // Padded so both put every form at the same line and column.
    return [out(program((f) => `    ${f}`)), out(program((f) => `nil ${f}`))];
  }

  it.each(['<', '>', '<=', '>='])('(loop … (if (%s a b) (recur …) …)) agrees with the general path', (op) => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        const [fast, general] = both((body) => `(loop [n 0 v ${a}]\n  ${body(`(if (${op} v ${b}) (recur (inc n) v) [n v])`)})`);
        expect(fast, `${op} ${a} ${b}`).toBe(general);
      }
    }
  });

  it.each(VALUES)('(< i (count %s)) in the test agrees with the general path', (v) => {
    for (const test of ['(< i (count xs))', '(> (count xs) i)', `(<= (count ${v}) i)`]) {
      const [fast, general] = both((body) => `(loop [i 0 xs ${v} acc []] ${body(`(if ${test} (recur (inc i) xs (conj acc i)) acc)`)})`, {
        maxLoopIterations: 1000,
      });
      expect(fast, `${test} ${v}`).toBe(general);
    }
  });

  it.each([
    // lets before the recur, the recurring branch second, the exit branch recurring too, no else
    '(loop [i 0 acc 0] BODY(if (< i 10) (let [sq (* i i)] (recur (inc i) (+ acc sq))) acc))',
    '(loop [i 0 acc 0] BODY(if (< i 10) (let [sq (* i i) d (- sq i)] (recur (inc i) (+ acc d))) acc))',
    '(loop [i 0 acc 0] BODY(if (< i 10) (let [a i] (let [b (* a 2)] (recur (inc i) (+ acc b)))) acc))',
    '(loop [i 0 acc []] BODY(if (>= i 4) acc (recur (inc i) (conj acc i))))',
    '(loop [i 0] BODY(if (< i 3) (recur (inc i)) (if (< i 5) (recur (inc i)) i)))',
    '(loop [i 0] BODY(if (> i 3) (recur (dec i))))',
    '(loop [] BODY(if (< 2 1) (recur) :done))',
    '(loop [a 1 b 2 c 3 d 4 n 0] BODY(if (< n 3) (recur d c b a (inc n)) [a b c d n]))',
    // not run by the loop itself: 3 lets, 5 recur arguments, destructuring let, a test that is not a comparison
    '(loop [i 0 acc 0] BODY(if (< i 10) (let [a i b a c b] (recur (inc i) (+ acc c))) acc))',
    '(loop [a 1 b 2 c 3 d 4 e 5 n 0] BODY(if (< n 3) (recur e d c b a (inc n)) [a b c d e n]))',
    '(loop [i 0 acc 0] BODY(if (< i 3) (let [[x] [i]] (recur (inc i) (+ acc x))) acc))',
    '(loop [i 0] BODY(if (= i 3) i (recur (inc i))))',
    // errors inside the lets, the recur arguments and the exit branch
    '(loop [i 0 acc 0] BODY(if (< i 10) (let [x (nth [1 2] i)] (recur (inc i) (+ acc x))) acc))',
    '(loop [i 0 acc 0] BODY(if (< i 10) (recur (inc i) (+ acc (if (= i 4) "x" i))) acc))',
    '(loop [i 0] BODY(if (< i 2) (recur (inc i)) (inc "done")))',
    '(loop [i 0 s "a"] BODY(if (< s 2) (recur (inc i) s) i))',
  ])('%s', (template) => {
    const [fast, general] = both((body) => template.replace('BODY', body('')), { maxLoopIterations: 1000 });
    expect(fast).toBe(general);
  });

  it('counts iterations against the loop limit and checks the clock like the general path', () => {
    for (const [n, limit] of [
      [1000, 1000],
      [1001, 1000],
      [3, 2],
    ]) {
      const [fast, general] = both((body) => `(loop [i 0] ${body(`(if (< i ${n}) (let [j (inc i)] (recur j)) i)`)})`, { maxLoopIterations: limit });
      expect(fast).toBe(general);
    }
    expect(both((body) => `(loop [i 0] ${body('(if (< i 1001) (recur (inc i)) i)')})`, { maxLoopIterations: 1000 })[0]).toMatch(/^loop_limit_exceeded/);
    let t = 0;
    const [fast, general] = both(
      (body) => `(loop [i 0] ${body('(if (>= i 0) (recur (inc i)) i)')})`,
      { maxLoopIterations: 1e9, timeoutMs: 50 },
      () => (t += 1),
    );
    expect(fast).toMatch(/^timeout/);
    expect(fast).toBe(general);
  });

  it('is re-entrant and keeps values captured in earlier iterations', () => {
    expect(ev('(defn tri [n] (loop [i 0 acc 0] (if (< i n) (let [x (if (= i 3) (tri 2) i)] (recur (inc i) (+ acc x))) acc))) (tri 5)')).toBe('8');
    expect(ev('(loop [i 0 fs []] (if (< i 3) (let [g (fn [] i)] (recur (inc i) (conj fs g))) (mapv (fn [f] (f)) fs)))')).toBe('[0 1 2]');
    expect(ev('(let [f (fn [n] (loop [i 0 acc []] (if (< i n) (let [sq (* i i)] (recur (inc i) (conj acc sq))) acc)))] [(f 3) (f 2)])')).toBe(
      '[[0 1 4] [0 1]]',
    );
  });
});

describe('batch entry of one- and two-parameter closures (map, mapv, filter, remove, reduce)', () => {
  /**
   * Outcome (value or error with its position, the clock reads, the returns recorded for defn'd
   * functions) of a program run once with `(fn [PARAMS] BODY)` and once with the same function
   * given a second, unused arity, which has no batch entry and is called item by item.
   */
  function both(template: string, params: string, limits: { maxDepth?: number; timeoutMs?: number; maxLoopIterations?: number } = {}): [string, string] {
    const out = (fn: (name: string, body: string) => string): string => {
      let clock = 0;
      // Innermost first: FN{…} may nest; FN:name{…} names the function.
      let program = template;
      for (let prev = ''; prev !== program;) {
        prev = program;
        program = program.replace(/FN(?::([\w-]+))?\{([^{}]*)\}/g, (_, name: string | undefined, body: string) => fn(name ?? '', body));
      }
      const r = run({ program, limits, now: () => clock++ });
      const result = r.ok
        ? `ok ${printValue(r.value)} returns ${printValue([...r.returns.values()])}`
        : `${r.error.type} ${r.error.message} @${r.error.line}:${r.error.column}`;
      return `${result} clock ${clock}`;
    };
    // Padded so both put every form at the same line and column.
    return [
      out((name, body) => `(fn ${name}  [${params}] ${body}${' '.repeat(17)})`),
      out((name, body) => `(fn ${name} ([${params}] ${body}) ([a b c d] nil))`),
    ];
  }

  it.each([
    '(mapv FN{(* x x)} [1 2 3])',
    '(map FN{(if (odd? x) (let [y (* x 10)] y) (str x))} (range 6))',
    '(filter FN{(odd? x)} (range 7))',
    '(remove FN{(when (odd? x) x)} [1 nil false 2 3])',
    '(filterv FN{x} [1 nil false 2])',
    '(mapv FN{(count x)} {:a 1 :b 2})',
    '(mapv FN{x} [])',
    '(filter FN{x} nil)',
    // recur inside the function, closures made per item, the same function nested in its own batch
    '(mapv FN{(if (< x 5) (recur (+ x 2)) x)} [0 1 7])',
    '(mapv (fn [f] (f)) (mapv FN{(fn [] x)} [1 2 3]))',
    '(FN:f{(if (vector? x) (mapv f x) (inc x))} [1 [2 3] [[4]]])',
    '(defn bump [x] (if (vector? x) (mapv bump x) (inc x))) (bump [1 [2 3] [[4]]])',
    '(defn big? [x] (> x 2)) [(filter big? [1 5 2 7]) (remove big? [1 5])]',
    // errors at an item, in the middle of a batch, and from a nested batch
    '(mapv FN{(inc x)}\n  [1 2 "a" 4])',
    '(filter FN{(nth [1 2] x)} [0 1 2])',
    '(mapv FN{(mapv FN{(/ 1 x)} [1 x])} [1 0])',
  ])('%s', (template) => {
    const [fast, general] = both(template, 'x');
    expect(fast).toBe(general);
  });

  it.each([
    '(reduce FN{(+ a x)} 0 (range 10))',
    '(reduce FN{(+ a x)} (range 10))',
    '(reduce FN{(conj a x)} [] [1 2])',
    '(reduce FN{(+ a x)} 5 [])',
    '(reduce FN{(+ a x)} [5])',
    '(reduce FN{(if (< a 10) (recur (* a 2) x) (+ a x))} 1 [1 2 3])',
    '(reduce FN{(assoc a (first x) (reduce FN{(+ a x)} 0 (second x)))} {} {:a [1 2] :b [3]})',
    '(reduce FN{(+ a x)}\n  0 [1 2 "x"])',
  ])('%s', (template) => {
    const [fast, general] = both(template, 'a x');
    expect(fast).toBe(general);
  });

  it('raises the depth error at the same depth, only when an item is called', () => {
    for (const depth of [1, 2, 3, 10]) {
      for (const n of [0, 1, 2, 5, 9, 10, 11]) {
        const limits = { maxDepth: depth };
        for (const [template, params] of [
          [`(FN:down{(if (zero? n) 0 (first (mapv down [(dec n)])))} ${n})`, 'n'],
          [`(FN:down{(if (zero? n) 0 (count (filter down (if (odd? n) [(dec n)] []))))} ${n})`, 'n'],
          [`(FN:down{(if (zero? n) 0 (reduce down 0 [(dec n)]))} 0 ${n})`, '_ n'],
        ] as const) {
          const [fast, general] = both(template, params, limits);
          expect(fast, `${template} ${depth}`).toBe(general);
        }
      }
    }
    expect(both('(FN:down{(if (zero? n) 0 (first (mapv down [(dec n)])))} 5)', 'n', { maxDepth: 3 })[0]).toMatch(/^depth_limit_exceeded/);
  });

  it('reads the clock as often as separate calls would, and times out alike', () => {
    for (const n of [1, 255, 256, 257, 1000]) {
      for (const [template, params] of [
        [`(count (mapv FN{x} (range ${n})))`, 'x'],
        [`(count (remove FN{x} (range ${n})))`, 'x'],
        [`(reduce FN{x} 0 (range ${n}))`, 'a x'],
      ] as const) {
        const [fast, general] = both(template, params, { timeoutMs: 1e9 });
        expect(fast, template).toBe(general);
      }
    }
    for (const timeoutMs of [0, 1, 2, 5]) {
      const [fast, general] = both('(mapv FN{(mapv FN{x} (range 300))} (range 10))', 'x', { timeoutMs });
      expect(fast, String(timeoutMs)).toBe(general);
    }
    expect(both('(mapv FN{x} (range 1000))', 'x', { timeoutMs: 2 })[0]).toMatch(/^timeout/);
  });

  it('leaves no frame values behind and stays usable after an error', () => {
    const first = run({ program: '(defn f [x] (let [y (* x 2)] (if (> y 4) (inc "no") y)))' });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const failed = run({ program: '(mapv f [1 2 3])', memory: first.memory });
    expect(failed.ok).toBe(false);
    const again = run({ program: '[(mapv f [1 2]) (f 1) (filter f [0 1])]', memory: first.memory });
    expect(again.ok && printValue(again.value)).toBe('[[2 4] 2 [0 1]]');
  });
});
