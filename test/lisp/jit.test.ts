// The compiler to JavaScript (src/lisp/jit) must be invisible: every program gives the same value,
// the same printed lines and the same error (type, message, line, column) with it and without it.
// "forced" compiles every function body on its first call and every unit however small, and hands
// every loop over to its compiled code after one iteration; "late" does so after three calls or
// iterations; "second" compiles as early when the program ran before, else from the 16th call or
// iteration on. So the generated code runs for every example here, not only
// for hot code, both from the start of a loop and taking over from the interpreter.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { jitSettings, jitStats, setWarmth, sourceOf } from '../../src/lisp/jit/compile.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { compileProgram, run } from '../../src/lisp/run.ts';

const defaults = { ...jitSettings };
afterEach(() => Object.assign(jitSettings, defaults));

type Mode = 'off' | 'default' | 'second' | 'forced' | 'late';
const MODES: Record<Mode, Partial<typeof jitSettings>> = {
  off: { enabled: false },
  default: {},
  // A program's first run uses compiled code from the 16th call or iteration on, a later run from the first.
  second: { minOps: 0, hot: 1, late: 16 },
  forced: { minOps: 0, hot: 1, eager: true },
  late: { minOps: 0, hot: 3, eager: true },
};

function outcome(program: string, mode: Mode, limits?: Record<string, number>): string {
  Object.assign(jitSettings, defaults, MODES[mode]);
  const r = run({ program, limits });
  const prints = r.prints.length > 0 ? ` prints ${JSON.stringify(r.prints)}` : '';
  if (!r.ok) return `${r.error.type} ${r.error.message} @${r.error.line ?? '-'}:${r.error.column ?? '-'}${prints}`;
  return `ok ${printValue(r.value)}${r.signal ? ` ${r.signal}` : ''}${prints}`;
}

/** The outcome without the compiler, after checking the two compiled modes agree with it. */
function same(program: string, limits?: Record<string, number>): string {
  const failed = jitStats.failed;
  const expected = outcome(program, 'off', limits);
  for (const mode of ['second', 'forced', 'late', 'default'] as const) expect(outcome(program, mode, limits), `${mode}: ${program}`).toBe(expected);
  expect(jitStats.failed, jitStats.lastFailure).toBe(failed);
  return expected;
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
  'nil',
  'true',
  '"ab"',
  ':k',
  '[10 20 30]',
  '{:k 1}',
  '#{1}',
];
const UNARY = ['-', 'inc', 'dec', 'zero?', 'pos?', 'neg?', 'count', 'not', 'nil?', 'some?', 'str', 'first'];
const BINARY = ['+', '-', '*', 'mod', '<', '>', '<=', '>=', '=', 'not=', 'min', 'max', 'nth', 'get', 'quot', '/', 'conj'];

describe('compiled builtins agree with the interpreter', () => {
  it.each(UNARY)('(%s x) in a function body and in a loop', (op) => {
    for (const a of VALUES) {
      same(`((fn [x] (${op} x)) ${a})`);
      same(`(loop [i 0 acc nil] (if (< i 2) (recur (inc i) (${op} ${a})) acc))`);
      same(`((fn [x] (if (${op} x) :yes :no)) ${a})`);
    }
  });

  it.each(BINARY)('(%s x y) in a function body and in a loop', (op) => {
    for (const a of VALUES) {
      for (const b of VALUES) {
        same(`((fn [x y] (${op} x y)) ${a} ${b})`);
        // An if on a comparison tests it as a boolean (see BOOLEAN_RESULTS in jit/emitter.ts).
        same(`((fn [x y] (if (${op} x y) :yes :no)) ${a} ${b})`);
        same(`(loop [i 0 acc nil] (if (< i 1) (recur (inc i) (${op} ${a} ${b})) acc))`);
      }
    }
  });

  // Integer literal operands are not checked in compiled code (and a literal divisor's sign is
  // settled when compiling): each side, each sign, zero, and values past 32 bits.
  it.each(BINARY)('(%s x n) and (%s n x) with an integer literal n', (op) => {
    for (const a of [...VALUES, '4294967296', '-2147483649', '3000000000']) {
      for (const n of ['3', '-3', '0', '1', '4294967296']) {
        same(`((fn [x] (${op} x ${n})) ${a})`);
        same(`((fn [x] (${op} ${n} x)) ${a})`);
      }
    }
  });

  // Whether a local read from the frame or a captured value is a vector is asked once per loop.
  it.each(['[10 20 30]', '[]', '"abc"', 'nil', '{:k 1}', '(list 1 2)'])('count and nth of %s held outside a loop', (v) => {
    same(`(let [xs ${v}] (loop [i 0 acc []] (if (< i (count xs)) (recur (inc i) (conj acc (nth xs i))) acc)))`);
    same(`(let [xs ${v} f (fn [n] (loop [i 0 acc 0] (if (< i n) (recur (inc i) (+ acc (count xs))) acc)))] (f 3))`);
    same(`((fn [xs] (loop [i 0 acc []] (if (< i 2) (recur (inc i) (conj acc (nth xs i 0))) acc))) ${v})`);
  });

  // Calls of three and four arguments are passed without an array: values and located errors.
  it.each(['{:a 1}', '{:a "x"}', '5', 'nil', '[1 2]'])('three- and four-argument calls on %s', (m) => {
    same(`((fn [m] (assoc m :a 1)) ${m})`);
    same(`((fn [m] (get m :a :none)) ${m})`);
    same(`((fn [m] (update m :a + 1)) ${m})`);
    same(`((fn [m] (update-in m [:a] (fnil + 0) 1)) ${m})`);
    same(`((fn [m] (assoc m :a 1 :b)) ${m})`);
    same(`(loop [i 0 m ${m}] (if (< i 2) (recur (inc i) (assoc m :a i)) m))`);
  });

  it('keeps exact integers, boxed floats and the spill to BigInt', () => {
    expect(same('((fn [x] (+ x 1)) 9007199254740991)')).toBe('ok 9007199254740992');
    expect(same('((fn [x] (* x x)) 4294967296)')).toBe('ok 18446744073709551616');
    expect(same('((fn [x] (+ x 1.5)) 1.5)')).toBe('ok 3.0');
    expect(same('((fn [x] (mod x 3)) -10)')).toBe('ok 2');
    expect(same('((fn [x] (- x)) 0)')).toBe('ok 0');
    expect(same('((fn [x] (- 0 x)) -0.0)')).toBe('ok 0.0');
  });
});

describe('compiled control flow', () => {
  it.each([
    '(loop [i 0 acc []] (if (< i 5) (recur (inc i) (conj acc (* i i))) acc))',
    '(loop [a 1 b 2 n 0] (if (< n 3) (recur b a (inc n)) [a b n]))',
    '(loop [i 0] (when (< i 3) (recur (inc i))))',
    '(loop [i 0] (if-not (>= i 3) (recur (inc i)) i))',
    '(loop [i 0] (when-not (>= i 3) (recur (inc i))))',
    '(loop [i 0 acc 0] (cond (> i 10) acc (even? i) (recur (inc i) (+ acc i)) :else (recur (inc i) acc)))',
    '(loop [i 0 acc 0] (cond (> i 10) acc (even? i) (recur (inc i) (+ acc i))))',
    '(loop [i 0] (and (< i 3) (or (= i 5) (> i 7) i)))',
    '(loop [i 0 out []] (if (< i 4) (let [sq (* i i) s (str sq "!")] (recur (inc i) (conj out s))) out))',
    '(loop [i 0 out []] (if (< i 3) (do (println "i" i) (recur (inc i) (conj out i))) out))',
    '(loop [i 0 acc 0] (if (< i 3) (recur (inc i) (+ acc (loop [j 0 s 0] (if (< j i) (recur (inc j) (+ s j)) s)))) acc))',
    '(loop [i 0] (if (< i 3) (recur (inc i)) (loop [j i] (if (< j 6) (recur (inc j)) [i j]))))',
    '(loop [i 0 fs []] (if (< i 3) (recur (inc i) (conj fs (fn [] i))) (mapv (fn [f] (f)) fs)))',
    '(loop [i 0 fs []] (if (< i 3) (let [j (* 10 i)] (recur (inc i) (conj fs (fn [] (+ i j))))) (mapv (fn [f] (f)) fs)))',
    // A recur inside a node the compiler leaves alone (case, when-let) stores into the frame.
    '(loop [i 0 acc []] (case i 0 (recur 1 (conj acc :zero)) 1 (recur 2 (conj acc :one)) acc))',
    '(loop [xs [1 2 3] acc 0] (if-let [x (first xs)] (recur (rest xs) (+ acc x)) acc))',
    '(loop [xs [1 2 3] acc 0] (when-let [x (first xs)] (if (= x 3) (+ acc x) (recur (rest xs) (+ acc x)))))',
    // Function bodies: recur into the parameters, captured values, several arities.
    '((fn [a b n] (if (< n 3) (recur b a (inc n)) [a b])) 1 2 0)',
    '(defn fact [n acc] (if (<= n 1) acc (recur (dec n) (* acc n)))) (fact 25 1)',
    '(let [k 10 m {:a 1}] (mapv (fn [x] (+ x k (:a m))) [1 2 3]))',
    // Captured values are JS locals too: their names must not hide the helpers (c1, c2: calls).
    '(let [a 1 b 2 c 3] ((fn [] (- (if (pos? a) (+ b c) a)))))',
    '(mapv (fn [x y] ((fn [] (- (cond 1 x :else y))))) [1 4 3] [5 2 6])',
    '(let [f (fn [x] (let [y (* x 2)] (when (pos? y) (str y))))] [(f 1) (f -1)])',
    '(mapv (fn [o] (* (:price o) (:qty o))) [{:price 2 :qty 3} {:price 5 :qty 1}])',
    '(mapv (fn [i] {:id i :sq (* i i) :tags [:a i] :fixed [1 2] :m {:k 1}}) (range 3))',
    '(let [rows (mapv (fn [i] {:id i :v (* 3 i)}) (range 4))] [(get (nth rows 2) :v) (assoc (first rows) :x 1) (= (nth rows 1) {:v 3 :id 1})])',
    '(loop [i 0 acc []] (if (< i 3) (recur (inc i) (conj acc [i {:i i}])) acc))',
    '(filter (fn [x] (and (pos? x) (odd? x))) (range -5 6))',
    '(reduce (fn [acc x] (if (> x acc) x acc)) 0 [3 9 2 7])',
    '(defn count-down [n] (if (zero? n) :done (count-down (dec n)))) (count-down 50)',
    // Destructured, variadic and multi-arity functions: the body reads what binding put in the frame.
    '(mapv (fn [{:keys [price qty] :or {qty 1}}] (* price qty)) [{:price 2 :qty 3} {:price 5}])',
    '(mapv (fn [[a b] c] (if (> a b) (+ a c) (- b c))) [[1 2] [5 3]] [10 20])',
    '(defn f [x & more] (if (seq more) (+ x (count more)) x)) [(f 1) (f 1 2 3)]',
    '(defn g ([x] (g x 10)) ([x y] (* x y))) [(g 2) (g 2 3)]',
    '((fn [n & xs] (if (pos? n) (recur (dec n) (conj (vec xs) n)) xs)) 3)',
    '((fn [[n acc]] (if (pos? n) (recur [(dec n) (+ acc n)]) acc)) [5 0])',
    // A loop run many times: taken over by its compiled code the first time, compiled from the start after.
    '(defn tri [[n]] (loop [i 0 acc 0] (if (<= i n) (recur (inc i) (+ acc i)) acc))) (mapv tri [[0] [1] [5] [10] [3]])',
    '(defn tri [[n]] (loop [i 0 acc []] (if (<= i n) (recur (inc i) (conj acc (* i i))) acc))) (mapv tri [[4] [6]])',
    '(let [xs (mapv (fn [i] (if (zero? (mod i 5)) (- (mod (* i 3) 700)) (mod (* i 7) 300))) (range 200))] (loop [i 0 bal 0 low 0 od 0] (if (< i (count xs)) (let [b (+ bal (nth xs i))] (recur (inc i) b (min low b) (if (neg? b) (inc od) od))) {:balance bal :low low :overdrafts od})))',
  ])('%s', (program) => {
    expect(same(program)).toMatch(/^ok /);
  });

  it('reports errors at the failing call, with the interpreter’s message', () => {
    for (const program of [
      '(loop [i 0]\n  (if (< i 3)\n    (recur (inc i))\n    (+ i "x")))',
      '((fn [x]\n   (let [y (inc x)]\n     (nth y 0))) 1)',
      '(mapv (fn [o] (* (:price o) 2)) [{:price 1} {:price "a"}])',
      '(loop [i 0] (if (< i 3) (recur (inc i)) (i 1)))',
      '((fn [x] (fail {:reason x})) :bad)',
      '((fn [x] (return (* x 2))) 21)',
    ]) {
      same(program);
    }
  });

  it('counts iterations against the loop limit and keeps checking the clock', () => {
    expect(same('(loop [i 0] (if (< i 1000) (recur (inc i)) i))')).toBe('ok 1000');
    expect(same('(loop [i 0] (if (< i 1001) (recur (inc i)) i))')).toMatch(/^loop_limit_exceeded /);
    expect(same('(loop [i 0] (case i 1001 i (recur (inc i))))')).toMatch(/^loop_limit_exceeded /);
    expect(same('((fn [i] (if (< i 1001) (recur (inc i)) i)) 0)')).toMatch(/^loop_limit_exceeded /);
    const spin = '(loop [i 0] (if (>= i 0) (recur (inc i)) i))';
    expect(same(spin, { timeoutMs: 50, maxLoopIterations: 1e12 })).toMatch(/^timeout /);
  });
});

describe('the specification examples', () => {
  const file = join(__dirname, '..', '..', '..', 'shared', 'conformance', 'spec-examples.jsonl');
  const cases: { id: string; program: string }[] = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  it.skipIf(cases.length === 0)('give the same outcome compiled and interpreted', () => {
    for (const c of cases) same(c.program);
  });
});

// Generated programs: expressions over locals and mixed values, inside a loop and a function body.
const atomArb = (names: string[]) => fc.oneof(fc.constantFrom(...VALUES), ...(names.length > 0 ? [fc.constantFrom(...names)] : []));
function exprArb(names: string[], depth: number): fc.Arbitrary<string> {
  if (depth === 0) return atomArb(names);
  const sub = exprArb(names, depth - 1);
  const bound = `v${depth}`;
  return fc.oneof(
    { arbitrary: atomArb(names), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...UNARY), sub).map(([op, x]) => `(${op} ${x})`), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...BINARY), sub, sub).map(([op, x, y]) => `(${op} ${x} ${y})`), weight: 3 },
    { arbitrary: fc.tuple(sub, sub, sub).map(([c, t, e]) => `(if ${c} ${t} ${e})`), weight: 1 },
    { arbitrary: fc.tuple(fc.constantFrom('and', 'or'), sub, sub).map(([op, x, y]) => `(${op} ${x} ${y})`), weight: 1 },
    { arbitrary: fc.tuple(sub, sub, sub).map(([c, t, e]) => `(cond ${c} ${t} :else ${e})`), weight: 1 },
    { arbitrary: fc.tuple(sub, exprArb([...names, bound], depth - 1)).map(([v, body]) => `(let [${bound} ${v}] ${body})`), weight: 1 },
    // Literals, a closure over the locals, a case (called as it is).
    { arbitrary: fc.tuple(sub, sub).map(([x, y]) => `[${x} ${y}]`), weight: 1 },
    { arbitrary: fc.tuple(sub, sub).map(([x, y]) => `{:a ${x} :b ${y}}`), weight: 1 },
    { arbitrary: fc.tuple(sub, sub).map(([x, y]) => `{${x} ${y}}`), weight: 1 },
    { arbitrary: sub.map((x) => `((fn [] ${x}))`), weight: 1 },
    { arbitrary: fc.tuple(sub, sub, sub).map(([x, a, b]) => `(case ${x} 0 ${a} nil ${b} :other)`), weight: 1 },
    // A nested loop, its counter and accumulator visible to the step.
    {
      arbitrary: fc
        .tuple(sub, exprArb([...names, `j${depth}`, `a${depth}`], depth - 1))
        .map(([init, step]) => `(loop [j${depth} 0 a${depth} ${init}] (if (< j${depth} 2) (recur (inc j${depth}) ${step}) a${depth}))`),
      weight: 1,
    },
  );
}

describe('generated programs', () => {
  it('give the same outcome compiled and interpreted', () => {
    let runs = 0;
    let succeeded = 0;
    fc.assert(
      fc.property(exprArb(['i', 'acc'], 3), exprArb(['x', 'y'], 3), fc.constantFrom(...VALUES), (step, body, arg) => {
        // A loop at the top, a function body, and a loop inside a function body (compiled with it).
        for (const program of [
          `(loop [i 0 acc 0] (if (< i 3) (recur (inc i) ${step}) acc))`,
          `(mapv (fn [x y] ${body}) [1 ${arg} 3] [${arg} 2 ${arg}])`,
          `(mapv (fn [x y] (loop [i 0 acc x] (if (< i 2) (recur (inc i) ${step}) [acc ${body}]))) [1 ${arg}] [${arg} 2])`,
        ]) {
          runs++;
          if (same(program).startsWith('ok ')) succeeded++;
        }
      }),
      { numRuns: 200 },
    );
    // Not only errors: a fair share of the programs run to a value.
    expect(succeeded / runs).toBeGreaterThan(0.2);
  });
});

describe('the generated JavaScript', () => {
  const hostile = `(let [s "\\"); globalThis.pwned = 1; (\\"" k :constructor]
    (loop [i 0 acc []] (if (< i 2) (recur (inc i) (conj acc (str s k i) (get {"__proto__" 1} "x"))) acc)))`;

  it('contains no text of the program, only its own names, operators and integer literals', () => {
    const found: string[] = [];
    Object.assign(jitSettings, defaults, MODES.forced);
    const r = run({ program: hostile });
    expect(r.ok).toBe(true);
    expect((globalThis as Record<string, unknown>).pwned).toBeUndefined();
    for (const src of generatedSources(hostile)) {
      found.push(src);
      expect(src).not.toMatch(/pwned|constructor|__proto__/);
      // Every token is a made-up name, a keyword of JavaScript, punctuation or an integer.
      for (const word of src.match(/[A-Za-z_$][\w$]*/g) ?? []) expect(word, src).toMatch(ALLOWED_WORD);
    }
    expect(found.length).toBeGreaterThan(0);
  });

  it('is compiled when a program runs again, and then reused', () => {
    setWarmth(jitSettings.coldWork); // an engine that has run a while (the checks below assume it)
    const program = '(loop [i 0 acc 0] (if (< i 1000) (recur (inc i) (+ acc (* i 1234567))) acc))';
    const at = (): number[] => [jitStats.compiled, jitStats.reused];
    const start = at();
    // First run: 1,000 iterations, short of the late check: nothing is compiled.
    expect(outcome(program, 'default')).toBe('ok 616666216500');
    expect(at()).toEqual(start);
    // The same program again: compiled at iteration 50, and taking over there.
    expect(outcome(program, 'default')).toBe('ok 616666216500');
    expect(at()).toEqual([start[0] + 1, start[1]]);
    // And again: the compiled function is reused.
    expect(outcome(program, 'default')).toBe('ok 616666216500');
    expect(at()).toEqual([start[0] + 1, start[1] + 1]);
  });

  it('takes over a program’s first run only when it runs long', () => {
    const program = (n: number): string => `(loop [i 0 acc 0] (if (< i ${n}) (recur (inc i) (+ acc (* i 7654321))) acc))`;
    setWarmth(jitSettings.coldWork);
    const compiled = jitStats.compiled;
    outcome(program(99_999), 'default');
    expect(jitStats.compiled).toBe(compiled);
    expect(outcome(program(100_001), 'default', { maxLoopIterations: 1e6 })).toBe('ok 38271987716050000');
    expect(jitStats.compiled).toBe(compiled + 1);
  });

  it('takes over a first run early while the engine itself is cold, as in a fresh process', () => {
    const program = (k: number): string => `(loop [i 0 acc 0] (if (< i 600) (recur (inc i) (+ acc (* i ${k}))) acc))`;
    const expected = (k: number): string => `ok ${(599 * 600 * k) / 2}`;
    try {
      // Warm: a new program of 600 iterations stays with the interpreter in its first run.
      setWarmth(jitSettings.coldWork);
      let compiled = jitStats.compiled;
      expect(outcome(program(31), 'default')).toBe(expected(31));
      expect(jitStats.compiled).toBe(compiled);
      // Cold: another new program is compiled at iteration `cold` and finishes compiled, same answer.
      setWarmth(0);
      compiled = jitStats.compiled;
      expect(outcome(program(37), 'default')).toBe(expected(37));
      expect(jitStats.compiled).toBe(compiled + 1);
      // The checks count what was interpreted: past coldWork the engine is warm again.
      setWarmth(jitSettings.coldWork - jitSettings.hot);
      compiled = jitStats.compiled;
      expect(outcome(program(41), 'default')).toBe(expected(41));
      expect(jitStats.compiled).toBe(compiled);
    } finally {
      setWarmth(jitSettings.coldWork);
    }
  });
});

const ALLOWED_WORD =
  /^(?:[stvklgn]\d+|a[ksv]\d+|L\d+|cs|f|r|max|K|G|L|N|H|c1|c2|c3|c4|cn|kws|eq|getFlex|getKeyword|PMap|rec|RECUR|lle|rt|tick|ticks|clockTick|limits|loop|maxLoopIterations|unit|it0|use|strict|const|let|var|return|function|if|else|for|break|continue|throw|typeof|instanceof|null|true|false|undefined|number|Number|isInteger|isSafeInteger|Array|isArray|length)$/;

/** The JavaScript of every loop at the top of the program (let bodies included). */
function generatedSources(program: string): string[] {
  const { nodes } = compileProgram(program);
  const out: string[] = [];
  for (const n of nodes) {
    const src = sourceOf(n, null);
    if (src !== null) out.push(src);
  }
  return out;
}
