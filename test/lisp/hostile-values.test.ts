// Hostile values: values that share structure (2^30 leaves in 30 vectors) or nest
// 100,000 deep must never hang, overflow the stack or leak JavaScript errors through printing,
// equality, hashing, comparison or session encoding; hash keys never collide; NaN keys behave the
// same in small and large maps; dates out of range are refused where they are made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PtcError } from '../../src/lisp/errors.ts';
import { equals } from '../../src/lisp/equality.ts';
import { dataFromJson, fromJson, MAX_JSON_DEPTH } from '../../src/lisp/json.ts';
import { format, printBrief, printValue } from '../../src/lisp/printer.ts';
import { run, type RunOptions } from '../../src/lisp/run.ts';
import { hashKey, Keyword, PDate, PDuration, PInstant, PLocalDate, PSet, type Value } from '../../src/lisp/values.ts';
import { value as arbValue } from './arbitraries.ts';
import { CodecError, decodeValue, encodeValue, MAX_CODEC_DEPTH } from '../../src/session/value-codec.ts';

/** A generous clock: these cases are about the size bound, not the time limit (slow machines). */
const SLOW: Omit<RunOptions, 'program'> = { limits: { timeoutMs: 30_000 } };

function ev(program: string, opts: Omit<RunOptions, 'program'> = SLOW): string {
  const r = run({ ...opts, program });
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  return printValue(r.value);
}

function evErr(program: string, opts: Omit<RunOptions, 'program'> = SLOW): { type: string; message: string } {
  const r = run({ ...opts, program });
  if (r.ok) throw new Error(`expected an error, got ${printBrief(r.value, 200)}`);
  return r.error;
}

function value(program: string): Value {
  const r = run({ ...SLOW, program });
  if (!r.ok) throw new Error(`${r.error.type}: ${r.error.message}`);
  return r.value;
}

const SHARED = '(def x (reduce (fn [a _] [a a]) 1 (range 30))) (def y (reduce (fn [a _] [a a]) 1 (range 30))) ';
const DEEP =
  '(def x (reduce (fn [a _] [a]) 1 (range 100000))) (def y (reduce (fn [a _] [a]) 1 (range 100000))) (def z (reduce (fn [a _] [a]) 2 (range 100000))) ';

const over = (what: string, n = 1_000_000): string => `value too large to ${what}: over ${n} elements once shared parts are counted each time they appear`;

describe('shared structure: 2^30 leaves in 30 vectors', () => {
  const errors: [string, string, string][] = [
    ['(pr-str x)', 'memory_exceeded', over('print')],
    ['(str x)', 'memory_exceeded', over('print')],
    ['(str "a" x "b")', 'memory_exceeded', over('print')],
    ['(println x)', 'memory_exceeded', over('print')],
    ['(format "%s" x)', 'memory_exceeded', over('print')],
    ['(= x y)', 'memory_exceeded', over('compare')],
    ['(not= x y)', 'memory_exceeded', over('compare')],
    ['(hash-set x)', 'memory_exceeded', over('hash')],
    ['(conj #{} x)', 'memory_exceeded', over('hash')],
    ['(contains? #{1} x)', 'memory_exceeded', over('hash')],
    ['(assoc {} x 1)', 'memory_exceeded', over('hash')],
    ['(get {:a 1} x)', 'memory_exceeded', over('hash')],
    ['(frequencies [x])', 'memory_exceeded', over('hash')],
    ['(distinct [x y])', 'memory_exceeded', over('hash')],
    ['(sort [x y])', 'memory_exceeded', over('compare')],
    ['(compare x y)', 'memory_exceeded', over('compare')],
  ];
  it.each(errors)('%s → %s', (program, type, message) => {
    const e = evErr(SHARED + program);
    expect(e.type).toBe(type);
    expect(e.message).toBe(message);
  });

  const results: [string, string][] = [
    ['(= x x)', 'true'],
    ['(= [x] [x])', 'true'],
    ['(compare x x)', '0'],
    ['(count (sort [x x]))', '2'],
    ['(count x)', '2'],
    // 2^10 leaves is fine: "1", and "[" a " " a "]" for every level
    ['(count (pr-str (reduce (fn [a _] [a a]) 1 (range 10))))', String(2 ** 10 * 4 - 3)],
    ['(count (hash-set (reduce (fn [a _] [a a]) 1 (range 10)) (reduce (fn [a _] [a a]) 1 (range 10))))', '1'],
  ];
  it.each(results)('%s → %s', (program, expected) => {
    expect(ev(SHARED + program)).toBe(expected);
  });

  const chars: [string, string, string][] = [
    ['(hash-set (vec (repeat 1000 s)))', 'memory_exceeded', 'value too large to hash: over 64000000 characters'],
    ['(pr-str (vec (repeat 1000 s)))', 'memory_exceeded', 'value too large to print: over 64000000 characters'],
    ['(str [s (vec (repeat 1000 s))])', 'memory_exceeded', 'value too large to print: over 64000000 characters'],
  ];
  it.each(chars)('a shared 100,000-character string: %s → %s', (program, type, message) => {
    const e = evErr(`(let [s (apply str (repeat 100000 "x"))] ${program})`);
    expect(e.type).toBe(type);
    expect(e.message).toBe(message);
  });

  it("is bounded by the run's own value size limit", () => {
    const e = evErr('(pr-str (reduce (fn [a _] [a a]) 1 (range 16)))', { limits: { timeoutMs: 30_000, maxValueSize: 10_000 } });
    expect(e).toEqual({ type: 'memory_exceeded', message: over('print', 10_000), line: 1, column: 1 });
  });

  it('outside a run the default limit applies: printing (hosts) cuts, the rest fails', () => {
    const x = value('(reduce (fn [a _] [a a]) 1 (range 30))');
    const y = value('(reduce (fn [a _] [a a]) 1 (range 30))');
    const fails = (f: () => unknown, what: string): void => {
      let err: unknown = null;
      try {
        f();
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(PtcError);
      expect((err as PtcError).type).toBe('memory_exceeded');
      expect((err as PtcError).message).toBe(what);
    };
    const shown = printValue(x);
    expect(shown.length).toBeLessThan(5_000_000);
    expect(shown.startsWith('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]]')).toBe(true);
    expect(shown.endsWith(' ...] ...]')).toBe(true);
    fails(() => equals(x, y), over('compare'));
    fails(() => hashKey(x), over('hash'));
    fails(() => PSet.from([x]), over('hash'));
    fails(() => encodeValue(x), over('save'));
  });

  it('truncating printers cut instead of failing', () => {
    const x = value('(reduce (fn [a _] [a a]) 1 (range 30))');
    const f = format(x, { limit: 3, printableLimit: 20 });
    expect(f.truncated).toBe(true);
    expect(f.text.startsWith('[[[[')).toBe(true);
    expect(f.text.length).toBeLessThan(5_000_000);
    const brief = printBrief(x);
    expect(brief).toBe('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1 1] [1 1]…');
  });

  it('a run that returns it succeeds (only printing it is refused)', () => {
    const r = run({ ...SLOW, program: '(reduce (fn [a _] [a a]) 1 (range 30))' });
    expect(r.ok).toBe(true);
  });
});

describe('nesting 100,000 deep', () => {
  const results: [string, string][] = [
    ['(count (pr-str x))', '200001'],
    ['(count (str x))', '200001'],
    ['(subs (pr-str x) 0 5)', '"[[[[["'],
    ['(= x y)', 'true'],
    ['(= x z)', 'false'],
    ['(= x [y])', 'false'],
    ['(count (hash-set x y))', '1'],
    ['(count (hash-set x y z))', '2'],
    ['(get {x :found} y)', ':found'],
    ['(vals (frequencies [x y z]))', '[2 1]'],
    ['(do (println x) :printed)', ':printed'],
    ['(count (distinct [x y z]))', '2'],
    ['(compare x z)', '-1'],
    ['(compare z y)', '1'],
    ['(= (first (sort [z x])) x)', 'true'],
    ['(count (pr-str (reduce (fn [a _] {:k a}) 1 (range 100000))))', '500001'],
    ['(count (pr-str (reduce (fn [a _] (list a)) 1 (range 100000))))', '200001'],
    ['(count (str (reduce (fn [a _] [a]) "s" (range 100000))))', '200003'],
    ['(let [m (fn [] (reduce (fn [a _] {:k a}) 1 (range 100000)))] [(= (m) (m)) (count (hash-set (m) (m)))])', '[true 1]'],
    ['(let [m (fn [v] (reduce (fn [a _] {:k a}) v (range 100000)))] [(= (m 1) (m 2)) (count (hash-set (m 1) (m 2)))])', '[false 2]'],
    ['(let [l (fn [] (reduce (fn [a _] (list 0 a)) 1 (range 100000)))] [(= (l) (l)) (compare (l) (l)) (count (hash-set (l) (l)))])', '[true 0 1]'],
    ['(= (reduce (fn [a _] (list a)) 1 (range 100000)) x)', 'true'],
    ['(count (hash-set (reduce (fn [a _] (list a)) 1 (range 100000)) x))', '1'],
  ];
  it.each(results)('%s → %s', (program, expected) => {
    expect(ev(DEEP + program)).toBe(expected);
  });

  const errors: [string, string, string][] = [['(flatten x)', 'type_error', 'flatten: nesting deeper than 1000 levels']];
  it.each(errors)('%s → %s', (program, type, message) => {
    const e = evErr(DEEP + program);
    expect(e.type).toBe(type);
    expect(e.message).toBe(message);
  });

  it('a quadratic chain of walks (each set hashes the one inside) ends at the time limit', () => {
    for (const program of ['(reduce (fn [a _] #{a}) 1 (range 100000))', '(reduce (fn [a _] {[a] 1}) 1 (range 100000))']) {
      const e = evErr(program, {});
      expect(e.type).toBe('timeout');
      expect(e.message).toBe('Execution timed out after 1000 ms; simplify the program or process less data per turn');
    }
  });

  it('prints, compares and hashes outside a run too', () => {
    const x = value('(reduce (fn [a _] [a]) 1 (range 100000))');
    const y = value('(reduce (fn [a _] [a]) 1 (range 100000))');
    expect(printValue(x).length).toBe(200001);
    expect(format(x, { limit: 5 }).text.length).toBe(200001);
    expect(equals(x, y)).toBe(true);
    expect(hashKey(x)).toBe(hashKey(y));
  });

  it('session encoding refuses more than MAX_CODEC_DEPTH levels; decoding too', () => {
    const x = value('(reduce (fn [a _] [a]) 1 (range 100000))');
    expect(() => encodeValue(x)).toThrow(new PtcError('depth_limit_exceeded', `value nested deeper than ${MAX_CODEC_DEPTH} levels cannot be saved`));
    const ok = value(`(reduce (fn [a _] [a]) 1 (range ${MAX_CODEC_DEPTH}))`);
    expect(equals(decodeValue(encodeValue(ok)), ok)).toBe(true);
    const m = value(`(reduce (fn [a _] {[1 "$x"] (list a)}) 1 (range ${MAX_CODEC_DEPTH / 2}))`);
    expect(equals(decodeValue(JSON.parse(JSON.stringify(encodeValue(m)))), m)).toBe(true);
    expect(() => encodeValue(value(`(reduce (fn [a _] [a]) 1 (range ${MAX_CODEC_DEPTH + 1}))`))).toThrow(PtcError);
    const json = JSON.parse('['.repeat(100_000) + '1' + ']'.repeat(100_000)) as unknown;
    expect(() => decodeValue(json)).toThrow(CodecError);
    expect(() => decodeValue(json)).toThrow(`nested deeper than ${MAX_CODEC_DEPTH} levels`);
  });
});

describe('the in-process data loader (fromJson) and deep data', () => {
  /** Arrays nested n deep around 1, as JSON.parse or a host would hand them over. */
  const nested = (n: number): unknown => {
    let x: unknown = 1;
    for (let i = 0; i < n; i++) x = [x];
    return x;
  };
  const refusal = new PtcError('depth_limit_exceeded', `data nested more than ${MAX_JSON_DEPTH} levels deep; at most ${MAX_JSON_DEPTH} are read`);

  it('reads data as deep as the JSON reader does', () => {
    expect(printValue(fromJson(nested(MAX_JSON_DEPTH))).length).toBe(2 * MAX_JSON_DEPTH + 1);
    expect(printValue(dataFromJson({ x: nested(MAX_JSON_DEPTH - 1) }).get('x') ?? null).length).toBe(2 * MAX_JSON_DEPTH - 1);
  });

  it.each([
    ['one level too deep', nested(MAX_JSON_DEPTH + 1)],
    ['10,000 deep', nested(10_000)],
    ['100,000 deep', nested(100_000)],
    ['10,000 deep in objects', JSON.parse('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)) as unknown],
  ])('refuses data %s with the depth limit, stated (no stack overflow)', (_what, x) => {
    expect(() => fromJson(x)).toThrow(refusal);
    expect(() => dataFromJson({ x })).toThrow(refusal);
  });

  it('refuses a cycle as too deep instead of recursing forever', () => {
    const a: unknown[] = [];
    a.push(a);
    expect(() => fromJson(a)).toThrow(refusal);
  });
});

describe('hash keys never collide', () => {
  // Keywords whose names no literal or (keyword s) can spell come from data (JSON keys, L9).
  const oddKeywords = { ab: Keyword.of('a :b'), aSpaceB: Keyword.of('a b'), quote: Keyword.of('a"'), xy: Keyword.of('x y') };
  const results: [string, string][] = [
    ['(count (hash-set [data/ab] [:a :b]))', '2'],
    ['(count (hash-set [(keyword "a") (keyword "b")] [data/aSpaceB]))', '2'],
    ['(count (hash-set [:a] ["a"] [\'a]))', '2'],
    ['(count (hash-set ["a\\" \\"b"] ["a" "b"]))', '2'],
    ['(count (hash-set [data/quote] [:a "\\""]))', '2'],
    ['(count (hash-set [1] ["1"] [1.5] ["f1.5"] [nil] ["nil"] [true] ["true"]))', '8'],
    ["(count (hash-set [1 2] '(1 2)))", '1'],
    ["(= [1 2] '(1 2))", 'true'],
    ['(count (hash-set {:a 1 :b 2} {:b 2 :a 1}))', '1'],
    ['(count (hash-set {:a "1 :b 2"} {:a 1 :b 2}))', '2'],
    ['(count (hash-set #{1 2} #{2 1} [1 2]))', '2'],
    ['(count (hash-set {[1] 2} {1 [2]}))', '2'],
    ['(count (hash-set [1.0] [1]))', '2'],
    ['(count (hash-set [0.0] [-0.0]))', '1'],
    ['(count (hash-set [#"a"] [#"a"]))', '2'],
    ['(get {[data/xy] 1} [(keyword "x") (keyword "y")])', 'nil'],
    ['(count (frequencies [[data/ab] [:a :b]]))', '2'],
    ['(count (distinct [[data/ab] [:a :b]]))', '2'],
    ['(count (group-by identity [[data/ab] [:a :b]]))', '2'],
  ];
  it.each(results)('%s → %s', (program, expected) => {
    expect(ev(program, { ...SLOW, data: oddKeywords })).toBe(expected);
  });

  it('hash keys agree with = on generated values of every kind', () => {
    const xs = [
      '[]',
      '()',
      '#{}',
      '{}',
      '[nil]',
      '[[]]',
      '[""]',
      '[" "]',
      '[:a]',
      '["a"]',
      '[:a :b]',
      '[(keyword "a :b")]',
      '{:a [1]}',
      '{:a (1)}',
      '{"a" 1}',
      '{:a 1}',
      '#{[1]}',
      '#{(1)}',
      '[1 [2]]',
      '[[1] 2]',
      '[1.5]',
      '[2.0]',
      '[2]',
    ];
    const vals = xs.map((s) => value(`'${s}`));
    for (const a of vals) for (const b of vals) expect(hashKey(a) === hashKey(b)).toBe(equals(a, b));
  });
});

describe('NaN keys: each ##NaN is distinct and unreachable, in small and large maps alike', () => {
  const results: [string, string][] = [
    ['(let [m (into {} (map (fn [i] [(if (< i 2) ##NaN i) i]) (range 3)))] [(count m) (get m ##NaN) (contains? m ##NaN)])', '[3 nil false]'],
    ['(let [m (into {} (map (fn [i] [(if (< i 2) ##NaN i) i]) (range 20)))] [(count m) (get m ##NaN) (contains? m ##NaN)])', '[20 nil false]'],
    ['(count (assoc {} ##NaN 1 ##NaN 2))', '2'],
    ['(count (reduce (fn [m i] (assoc m ##NaN i)) {} (range 20)))', '20'],
    ['(count (hash-set ##NaN ##NaN))', '2'],
    ['(count (distinct [##NaN ##NaN 1 1]))', '3'],
    ['(count (frequencies [[##NaN] [##NaN]]))', '2'],
    ['(= ##NaN ##NaN)', 'false'],
    ['(let [v [##NaN]] (contains? #{v} v))', 'true'],
    ['(contains? #{[##NaN]} [##NaN])', 'false'],
  ];
  it.each(results)('%s → %s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });
});

describe("Java dates hold Java's whole range and refuse what lies past it", () => {
  const errors: [string, string, RegExp][] = [
    ['(java.util.Date. 9223372036854775808)', 'type_error', /long range/],
    ['(java.util.Date. 1e300)', 'type_error', /integer/],
    ['(.plusDays (LocalDate/parse "2026-01-01") 1000000000000)', 'runtime_error', /DateTimeException/],
    ['(.plusDays (LocalDate/parse "2026-01-01") 9223372036854775807)', 'runtime_error', /ArithmeticException/],
    ['(.minusDays (LocalDate/parse "-999999999-01-01") 1)', 'runtime_error', /DateTimeException/],
    ['(LocalDate/parse "+1000000000-01-01")', 'runtime_error', /DateTimeParseException/],
    ['(Instant/parse "+1000000001-01-01T00:00:00Z")', 'runtime_error', /DateTimeParseException/],
    ['(Instant/parse "+1000000000-12-31T24:00:00Z")', 'runtime_error', /DateTimeParseException/],
  ];
  it.each(errors)('%s → %s', (program, type, message) => {
    const e = evErr(program);
    expect(e.type).toBe(type);
    expect(e.message).toMatch(message);
  });

  const results: [string, string][] = [
    ['(java.util.Date. 9223372036854775807)', '#java[java.util.Date +292278994-08-17T07:12:55.807Z]'],
    ['(java.util.Date. -9223372036854775808)', '#java[java.util.Date -292275055-05-16T16:47:04.192Z]'],
    ['(.plusDays (LocalDate/parse "2026-01-01") 3000000)', '#java[java.time.LocalDate +10239-09-22]'],
    ['(LocalDate/parse "0050-03-01")', '#java[java.time.LocalDate 0050-03-01]'],
    ['(str (.minusDays (LocalDate/parse "0001-01-01") 1))', '"0000-12-31"'],
    ['(str (Instant/parse "+1000000000-12-31T23:59:59.999999999Z"))', '"+1000000000-12-31T23:59:59.999999999Z"'],
    [
      '(str (Duration/between (Instant/parse "-1000000000-01-01T00:00:00Z") (Instant/parse "+1000000000-12-31T23:59:59.999999999Z")))',
      '"PT17531640008783H59M59.999999999S"',
    ],
  ];
  it.each(results)('%s → %s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });

  it('printing, hashing and encoding a Java value at either end of its range never throw', () => {
    const ends = [
      new PLocalDate(-365_243_219_162),
      new PLocalDate(365_241_780_471),
      new PInstant(-31_557_014_167_219_200n, 0),
      new PInstant(31_556_889_864_403_199n, 999_999_999),
      new PDuration(-(2n ** 63n), 0),
      new PDuration(2n ** 63n - 1n, 999_999_999),
      new PDate(-(2n ** 63n)),
      new PDate(2n ** 63n - 1n),
    ];
    for (const d of ends) {
      expect(() => printValue([d, [d]])).not.toThrow();
      expect(() => hashKey([d])).not.toThrow();
      expect(decodeValue(encodeValue(d))).toEqual(d);
    }
  });
});

describe('the explicit-stack walks (past REC_DEPTH) agree with the recursive ones', () => {
  const wrap = (v: Value, n: number): Value => {
    let w = v;
    for (let i = 0; i < n; i++) w = i % 3 === 0 ? [w] : i % 3 === 1 ? [0, w] : [w, 'x'];
    return w;
  };
  const text = (v: string, n: number): string => {
    let w = v;
    for (let i = 0; i < n; i++) w = i % 3 === 0 ? `[${w}]` : i % 3 === 1 ? `[0 ${w}]` : `[${w} "x"]`;
    return w;
  };

  it('printing (plain, unreadable and truncated)', () => {
    fc.assert(
      fc.property(arbValue, (v) => {
        expect(printValue(wrap(v, 300))).toBe(text(printValue(v), 300));
        expect(format(wrap(v, 300), { readably: false }).text).toBe(text(format(v, { readably: false }).text, 300).replaceAll('"x"', 'x'));
        const cut = format(wrap(v, 300), { limit: 2, printableLimit: 3 });
        expect(cut.text).toBe(text(format(v, { limit: 2, printableLimit: 3 }).text, 300).replaceAll('"x"', '"x"'));
      }),
      { numRuns: 150 },
    );
  });

  it('equality, hashing and comparison', () => {
    fc.assert(
      fc.property(arbValue, arbValue, (a, b) => {
        const same = equals(a, b);
        expect(equals(wrap(a, 300), wrap(b, 300))).toBe(same);
        expect(hashKey(wrap(a, 300)) === hashKey(wrap(b, 300))).toBe(hashKey(a) === hashKey(b));
        expect(equals(wrap(a, 300), wrap(a, 300))).toBe(equals(a, a));
      }),
      { numRuns: 150 },
    );
  });
});

describe('messages about huge values', () => {
  const SHARED = '(reduce (fn [a _] [a a]) 1 (range 40))';
  it.each([
    [`(let [x ${SHARED}] (+ x 1))`, 'type_error', /^\+ expected a number, got vector: \[\[\[/],
    [`(let [x ${SHARED}] (subs x 1))`, 'type_error', /^subs expected a string, got vector: /],
    [`(let [x ${SHARED}] (name x))`, 'type_error', /^name expected a keyword or string, got vector: \[\[\[/],
    ['(replace "ab" #"(?<x>a)" "${constructor}")', 'runtime_error', /^replace: no group named constructor in the regex$/],
  ])('%s reports the real problem, briefly', (program, type, message) => {
    const r = run({ program });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.type).toBe(type);
    expect(r.error.message).toMatch(message);
    expect(r.error.message.length).toBeLessThan(200);
  });
});
