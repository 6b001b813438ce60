import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { equals } from '../../src/lisp/equality.ts';
import { PtcError } from '../../src/lisp/errors.ts';
import { fromJson } from '../../src/lisp/json.ts';
import { float } from '../../src/lisp/numbers.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { compileRegex } from '../../src/lisp/reader.ts';
import {
  Keyword,
  makeFn,
  MapBuilder,
  PDate,
  PDuration,
  PFloat,
  PInstant,
  PJava,
  PList,
  PLocalDate,
  PMap,
  PRegex,
  PSet,
  PVar,
  type FnMeta,
  type PtcFn,
  type Value,
} from '../../src/lisp/values.ts';
import { run } from '../../src/lisp/run.ts';
import {
  arityOfParams,
  CodecError,
  decodeValue,
  encodeValue,
  formatPath,
  joinPath,
  isRestoredFunction,
  type JsonValue,
} from '../../src/session/value-codec.ts';

const kw = Keyword.of;

/** Equality that also tells 2 from 2.0, keywords from strings, and sees order, NaN and -0.0. */
function strictEquals(a: Value, b: Value): boolean {
  if (typeof a === 'number' || typeof b === 'number') return typeof a === 'number' && typeof b === 'number' && Object.is(a, b);
  if (typeof a === 'bigint' || typeof b === 'bigint') return a === b;
  if (a === null || b === null || typeof a === 'boolean' || typeof a === 'string') return a === b;
  if (typeof a === 'function') {
    if (typeof b !== 'function') return false;
    const x = a.ptc;
    const y = b.ptc;
    return (
      x.name === y.name && x.doc === y.doc && x.minArity === y.minArity && x.maxArity === y.maxArity && JSON.stringify(x.params) === JSON.stringify(y.params)
    );
  }
  if (typeof b !== 'object' || typeof b === 'function') return false;
  if (a instanceof Keyword) return a === b;
  if (a instanceof PFloat) return b instanceof PFloat && Object.is(a.v, b.v);
  if (Array.isArray(a)) return Array.isArray(b) && sameSeq(a, b);
  if (a instanceof PList) return b instanceof PList && sameSeq(a.items, b.items);
  if (a instanceof PSet) return b instanceof PSet && sameSeq(a.values(), b.values());
  if (a instanceof PMap) {
    if (!(b instanceof PMap)) return false;
    return sameSeq(a.keys(), b.keys()) && sameSeq(a.values(), b.values());
  }
  if (a instanceof PRegex) return b instanceof PRegex && a.source === b.source && a.re.flags === b.re.flags && a.re.source === b.re.source;
  if (a instanceof PJava) return b instanceof PJava && a.className === b.className && a.key() === b.key();
  if (a instanceof PVar) return b instanceof PVar && a.name === b.name;
  return false;
}

function sameSeq(a: readonly Value[], b: readonly Value[]): boolean {
  return a.length === b.length && a.every((x, i) => strictEquals(x, b[i]));
}

function fn(meta: Partial<FnMeta> & { params: string[] }): PtcFn {
  return makeFn(() => null, { name: null, kind: 'closure', minArity: 0, maxArity: Infinity, ...meta });
}

const roundTrip = (v: Value): Value => decodeValue(encodeValue(v));
const throughText = (v: Value): Value => decodeValue(JSON.parse(JSON.stringify(encodeValue(v))));

// ---------------------------------------------------------------------------------------------
// Generators covering every kind of value, with the awkward cases made likely.

const keywordName = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9?!_-]{0,6}$/),
  fc.stringMatching(/^[a-z]{1,3}\/[a-z]{1,3}$/),
  fc.constantFrom('', '$kw', '$set', '$', '$x', '0', '12', '007', '4294967295', '__proto__', 'a b', 'constructor', 'é'),
);
const keyword = keywordName.map((n) => kw(n));
const floatValue = fc.oneof(
  fc.double().map((d) => float(d)),
  fc.constantFrom<Value>(float(2), float(-0), float(0), float(1e21), float(-1e300), NaN, Infinity, -Infinity, 0.1, -2.5, 5e-324, float(1.7976931348623157e308)),
);
const integer = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom<Value>(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 2n ** 53n, -(2n ** 53n), 10n ** 30n),
  fc.bigInt({ min: -(2n ** 90n), max: 2n ** 90n }).map((b) => (b >= -9007199254740991n && b <= 9007199254740991n ? Number(b) : b)),
);
const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 10 }), fc.constantFrom('$kw', '{"$float": "2.0"}', '', 'nil', ':a', '\u0001x'));
const regex = fc.constantFrom('a+', '(?i)hello', '^\\d{3}-\\d{4}$', '[a-z]+', '\\Qa.b\\E').map((s) => compileRegex(s));
/** The Java values over their whole ranges, as the interop makes them. */
const nanos = fc.oneof(fc.integer({ min: 0, max: 999_999_999 }), fc.constantFrom(0, 1_000_000, 500_000_000, 999_999_999));
const inst = fc.oneof(
  fc.integer({ min: -365_243_219_162, max: 365_241_780_471 }).map((day) => new PLocalDate(day)),
  fc.tuple(fc.bigInt({ min: -31_557_014_167_219_200n, max: 31_556_889_864_403_199n }), nanos).map(([s, n]) => new PInstant(s, n)),
  fc.tuple(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), nanos).map(([s, n]) => new PDuration(s, n)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((ms) => new PDate(ms)),
);
const fnValue = fc
  .record({
    name: fc.option(fc.constantFrom('f', 'total-price', 'tool/search', 'inc'), { nil: null }),
    params: fc.constantFrom<string[]>(['[x]'], ['[]'], ['[x y & more]'], ['[x]', '[x y]'], ['[{:keys [a b]} [c d]]'], ['[& xs]'], []),
    doc: fc.option(fc.constantFrom('Adds things', 'has "quotes" and\nnewlines'), { nil: undefined }),
    odd: fc.boolean(),
  })
  .map(({ name, params, doc, odd }) => {
    const implied = arityOfParams(params) ?? { minArity: 0, maxArity: Infinity };
    return fn({ name, params, ...(doc !== undefined ? { doc } : {}), ...(odd ? { minArity: 1, maxArity: 3 } : implied) });
  });

const scalar: fc.Arbitrary<Value> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  integer,
  floatValue,
  text,
  keyword,
  regex,
  inst,
  fc.constantFrom('x', 'data/y').map((n) => new PVar(n)),
  fnValue,
);

const anyValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value; vec: Value[]; list: PList; set: PSet; map: PMap; kwMap: PMap }>((tie) => ({
  v: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('vec'), tie('map'), tie('kwMap'), tie('set'), tie('list')),
  vec: fc.array(tie('v'), { maxLength: 4 }),
  list: fc.array(tie('v'), { maxLength: 3 }).map((xs) => new PList(xs)),
  set: fc.array(tie('v'), { maxLength: 3 }).map((xs) => PSet.from(xs)),
  map: fc.array(fc.tuple(tie('v'), tie('v')), { maxLength: 3 }).map(buildMap),
  kwMap: fc.array(fc.tuple(keyword, tie('v')), { maxLength: 4 }).map(buildMap),
})).v;

function buildMap(entries: [Value, Value][]): PMap {
  const b = new MapBuilder();
  for (const [k, v] of entries) b.set(k, v);
  return b.build();
}

describe('round trip (property)', () => {
  it('decode(encode(v)) is v, for every kind of value', () => {
    fc.assert(
      fc.property(anyValue, (v) => {
        const back = roundTrip(v);
        expect(strictEquals(back, v)).toBe(true);
        if (typeof v !== 'function') expect(equals(back, v) || printValue(back) === printValue(v)).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('survives JSON.stringify and JSON.parse', () => {
    fc.assert(
      fc.property(anyValue, (v) => {
        const back = throughText(v);
        expect(strictEquals(back, v)).toBe(true);
        expect(printValue(back)).toBe(printValue(v));
      }),
      { numRuns: 1500 },
    );
  });

  it('encodes to the same text twice (encoding is deterministic)', () => {
    fc.assert(
      fc.property(anyValue, (v) => {
        expect(JSON.stringify(encodeValue(throughText(v)))).toBe(JSON.stringify(encodeValue(v)));
      }),
      { numRuns: 500 },
    );
  });

  it('decodes plain JSON exactly as L9 (fromJson) does', () => {
    fc.assert(
      fc.property(fc.json({ depthSize: 'small' }), (text) => {
        const parsed: unknown = JSON.parse(text);
        // Objects with a single "$…" key are tags; L9 never produces them from real data.
        fc.pre(!hasTagLikeObject(parsed));
        expect(strictEquals(decodeValue(parsed), fromJson(parsed))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

function hasTagLikeObject(x: unknown): boolean {
  if (Array.isArray(x)) return x.some(hasTagLikeObject);
  if (x !== null && typeof x === 'object') {
    const keys = Object.keys(x);
    if (keys.length === 1 && keys[0].startsWith('$')) return true;
    return Object.values(x).some(hasTagLikeObject);
  }
  return false;
}

// ---------------------------------------------------------------------------------------------

function enc(v: Value): unknown {
  return JSON.parse(JSON.stringify(encodeValue(v)));
}

describe('plain JSON where L9 gives the value back', () => {
  it.each<[string, Value, unknown]>([
    ['nil', null, null],
    ['true', true, true],
    ['false', false, false],
    ['a string', 'hi', 'hi'],
    ['an integer', 42, 42],
    ['a negative integer', -7, -7],
    ['the largest safe integer', Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
    ['a non-integral float', 2.5, 2.5],
    ['a tiny float', 1e-300, 1e-300],
    ['a vector', [1, 'a', null], [1, 'a', null]],
    ['an empty vector', [], []],
    [
      'a keyword-keyed map',
      buildMap([
        [kw('name'), 'Laptop'],
        [kw('price'), 1200],
      ]),
      { name: 'Laptop', price: 1200 },
    ],
    ['an empty map', PMap.EMPTY, {}],
    ['nested', [buildMap([[kw('a'), [buildMap([[kw('b'), 0.5]])]]])], [{ a: [{ b: 0.5 }] }]],
  ])('%s', (_label, v, json) => {
    expect(enc(v)).toEqual(json);
    expect(strictEquals(decodeValue(json), v)).toBe(true);
  });

  it('keeps map key order', () => {
    const m = buildMap([
      [kw('z'), 1],
      [kw('a'), 2],
      [kw('m'), 3],
    ]);
    expect(JSON.stringify(encodeValue(m))).toBe('{"z":1,"a":2,"m":3}');
  });
});

describe('tagged values', () => {
  it.each<[string, Value, unknown]>([
    ['an integral float', float(2), { $float: '2.0' }],
    ['zero as a float', float(0), { $float: '0.0' }],
    ['negative zero', float(-0), { $float: '-0.0' }],
    ['a large integral float', float(1e21), { $float: '1.0E21' }],
    ['##Inf', Infinity, { $float: '##Inf' }],
    ['##-Inf', -Infinity, { $float: '##-Inf' }],
    ['##NaN', NaN, { $float: '##NaN' }],
    ['a big integer', 2n ** 64n, { $bigint: '18446744073709551616' }],
    ['a negative big integer', -(10n ** 20n), { $bigint: '-100000000000000000000' }],
    ['a keyword', kw('a'), { $kw: 'a' }],
    ['a namespaced keyword', kw('ns/a'), { $kw: 'ns/a' }],
    ['a list', new PList([1, kw('b')]), { $list: [1, { $kw: 'b' }] }],
    ['a set', PSet.from([1, 'two']), { $set: [1, 'two'] }],
    ['a string-keyed map', buildMap([['a', 1]]), { $map: [['a', 1]] }],
    ['a map with a vector key', buildMap([[[1, 2], 'v']]), { $map: [[[1, 2], 'v']] }],
    ['a map with a namespaced keyword key', buildMap([[kw('x/y'), 1]]), { $map: [[{ $kw: 'x/y' }, 1]] }],
    ['a map with a "$" keyword key', buildMap([[kw('$kw'), 'a']]), { $map: [[{ $kw: '$kw' }, 'a']] }],
    [
      'a map with an array-index keyword key',
      buildMap([
        [kw('b'), 1],
        [kw('2'), 2],
      ]),
      {
        $map: [
          [{ $kw: 'b' }, 1],
          [{ $kw: '2' }, 2],
        ],
      },
    ],
    ['a map with an integer key', buildMap([[1, 'one']]), { $map: [[1, 'one']] }],
    ['a map with a float key', buildMap([[float(1), 'one']]), { $map: [[{ $float: '1.0' }, 'one']] }],
    ['a regex', compileRegex('(?i)a+b'), { $regex: '(?i)a+b' }],
    ['a LocalDate', new PLocalDate(20461), { '$local-date': '2026-01-08' }],
    ['an Instant', new PInstant(1767868200n, 123456789), { $instant: '2026-01-08T10:30:00.123456789Z' }],
    ['a Duration', new PDuration(-3600n, 500_000_000), { $duration: 'PT-59M-59.5S' }],
    ['a java.util.Date', new PDate(1767868200001n), { $date: '2026-01-08T10:30:00.001Z' }],
    ['a var', new PVar('total'), { $var: 'total' }],
    ['a function', fn({ name: 'add', params: ['[a b]'], minArity: 2, maxArity: 2 }), { $fn: { name: 'add', params: ['[a b]'] } }],
    [
      'a function with a docstring',
      fn({ name: 'f', params: ['[x & more]'], doc: 'Doc', minArity: 1 }),
      { $fn: { name: 'f', params: ['[x & more]'], doc: 'Doc' } },
    ],
    ['an anonymous function', fn({ params: ['[x]', '[x y]'], minArity: 1, maxArity: 2 }), { $fn: { name: null, params: ['[x]', '[x y]'] } }],
    [
      'a function whose arity the params do not tell',
      fn({ name: 'inc', params: [], minArity: 1, maxArity: 1 }),
      { $fn: { name: 'inc', params: [], minArity: 1, maxArity: 1 } },
    ],
    ['a variadic function without params', fn({ name: '+', params: [], minArity: 0 }), { $fn: { name: '+', params: [], minArity: 0, maxArity: null } }],
  ])('%s', (_label, v, json) => {
    expect(enc(v)).toEqual(json);
    expect(strictEquals(decodeValue(json), v)).toBe(true);
  });

  it('keeps a regex working after decoding', () => {
    const re = decodeValue({ $regex: '(?i)hello' });
    expect(re instanceof PRegex && re.re.test('HELLO')).toBe(true);
  });

  it('decodes "$float" text that is not integral, and integral $bigint text to a plain integer', () => {
    expect(decodeValue({ $float: '2.5' })).toBe(2.5);
    expect(decodeValue({ $float: '1e3' })).toEqual(new PFloat(1000));
    expect(decodeValue({ $bigint: '12' })).toBe(12);
  });

  it('decodes a JSON integer beyond 2^53 as a (possibly rounded) big integer, as L9 does', () => {
    expect(decodeValue(1e20)).toBe(10n ** 20n);
  });

  it('decodes multi-key objects with "$" keys as plain maps (only one-key objects are tags)', () => {
    const v = decodeValue({ $kw: 'a', other: 1 });
    expect(v instanceof PMap && v.get(kw('$kw'))).toBe('a');
  });

  it('opens the dates sessions saved before the Java values had kinds: a date alone as a LocalDate, a date and time as a java.util.Date', () => {
    expect(strictEquals(decodeValue({ $inst: '2026-01-08' }), new PLocalDate(20461))).toBe(true);
    expect(strictEquals(decodeValue({ $inst: '2026-01-08T10:30:00.250Z' }), new PDate(1767868200250n))).toBe(true);
    expect(strictEquals(decodeValue({ $inst: '+010239-09-22' }), new PLocalDate(3020454))).toBe(true);
    expect(strictEquals(decodeValue({ $inst: '-271821-04-20T00:00:00.000Z' }), new PDate(-8640000000000000n))).toBe(true);
    // Written back in the new form.
    expect(enc(decodeValue({ $inst: '2026-01-08' }))).toEqual({ '$local-date': '2026-01-08' });
  });
});

describe('restored functions', () => {
  const stub = decodeValue({ $fn: { name: 'total', params: ['[xs]'], doc: 'Sum of prices' } }) as PtcFn;

  it('have the saved description, kind closure', () => {
    expect(typeof stub).toBe('function');
    expect(stub.ptc).toEqual({ name: 'total', kind: 'closure', minArity: 1, maxArity: 1, params: ['[xs]'], doc: 'Sum of prices' });
    expect(isRestoredFunction(stub)).toBe(true);
    expect(isRestoredFunction(fn({ params: [] }))).toBe(false);
  });

  it('fail when called, saying they must be redefined', () => {
    let caught: unknown;
    try {
      stub([1, 2]);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(PtcError);
    const err = caught as PtcError;
    expect(err.type).toBe('runtime_error');
    expect(err.message).toMatch(/total was restored from a saved session without its code; it must be redefined/);
  });

  it('a builtin kept as a value comes back as the builtin itself', () => {
    const r = run({ program: '(def f inc) (def g str/join) [f g]' });
    if (!r.ok) throw new Error(r.error.message);
    const json = JSON.parse(JSON.stringify(encodeValue(r.value))) as JsonValue;
    const back = decodeValue(json) as PtcFn[];
    expect(back[0]).toBe((r.value as PtcFn[])[0]);
    expect(back[0](41)).toBe(42);
    expect(isRestoredFunction(back[1])).toBe(false);
    expect(() => decodeValue({ $fn: { name: 'inc', builtin: 'yes', params: [] } })).toThrow(/builtin: expected true or false/);
    // An unknown builtin name still restores as a stub rather than failing the whole file.
    expect(isRestoredFunction(decodeValue({ $fn: { name: 'gone-fn', builtin: true, params: ['[x]'] } }))).toBe(true);
  });

  it('derive arity from the parameter vectors', () => {
    expect(arityOfParams(['[x y & more]'])).toEqual({ minArity: 2, maxArity: Infinity });
    expect(arityOfParams(['[]', '[a {:keys [b c]}]'])).toEqual({ minArity: 0, maxArity: 2 });
    expect(arityOfParams([])).toBeNull();
    expect(arityOfParams(['not a vector'])).toBeNull();
  });
});

describe('errors carry the JSON path', () => {
  const cases: [string, unknown, string, RegExp][] = [
    ['unknown tag', { $nope: 1 }, '', /unknown tag "\$nope" \(known: \$float/],
    ['unknown tag deep inside', { a: [1, { $set: [1, { $sett: [] }] }] }, 'a[1].$set[1]', /unknown tag "\$sett"/],
    ['bad float text', { $float: 'two' }, '$float', /expected a float such as "2.0"/],
    ['float not a string', { $float: 2 }, '$float', /expected a string \(a float/],
    ['bad bigint', { $bigint: '12x' }, '$bigint', /expected the digits of an integer/],
    ['keyword not a string', { $kw: 1 }, '$kw', /expected a string \(a keyword name\), got number 1/],
    ['list not an array', { $list: 'x' }, '$list', /expected an array, got string/],
    ['duplicate set member', { $set: [1, 1] }, '$set', /same value twice/],
    ['map not pairs', { $map: [[1]] }, '$map[0]', /expected a \[key, value\] pair/],
    [
      'map duplicate key',
      {
        $map: [
          [1, 'a'],
          [1, 'b'],
        ],
      },
      '$map[1][0]',
      /same key twice/,
    ],
    ['bad value in a map pair', { $map: [[1, { $kw: 3 }]] }, '$map[0][1].$kw', /expected a string/],
    ['bad regex', { $regex: '(' }, '$regex', /invalid regex "\("/],
    ['bad date', { $inst: 'yesterday' }, '$inst', /expected an ISO date/],
    ['impossible date', { $inst: '2026-13-45' }, '$inst', /not a valid date/],
    ['bad LocalDate', { '$local-date': '2026-02-30' }, '$local-date', /expected a java.time.LocalDate/],
    ['bad Instant', { $instant: '2026-01-08' }, '$instant', /expected a java.time.Instant/],
    ['bad Duration', { $duration: 'P1D' }, '$duration', /expected a java.time.Duration/],
    ['a Date finer than milliseconds', { $date: '2026-01-08T10:30:00.0001Z' }, '$date', /expected a java.util.Date/],
    ['a huge Java text', { $instant: '9'.repeat(1000) }, '$instant', /expected a java.time.Instant/],
    ['fn without params', { $fn: { name: 'f' } }, '$fn.params', /expected an array of parameter vectors/],
    ['fn with a bad name', { $fn: { name: 3, params: [] } }, '$fn.name', /expected a string or null/],
    ['fn with an unknown field', { $fn: { name: 'f', params: [], code: '(+ 1 2)' } }, '$fn.code', /unknown field/],
    ['fn with a bad arity', { $fn: { name: 'f', params: [], minArity: 2, maxArity: 1 } }, '$fn.maxArity', /whole number ≥ minArity/],
    ['fn not an object', { $fn: 'f' }, '$fn', /expected \{"name", "params", "doc"\?\}/],
    ['not JSON', { a: undefined }, 'a', /not a JSON value/],
    ['infinite number', [Infinity], '[0]', /not a JSON number/],
    ['odd key', { 'my key': { $x: 1 } }, '["my key"]', /unknown tag/],
  ];
  it.each(cases)('%s', (_label, json, path, reason) => {
    let caught: unknown;
    try {
      decodeValue(json);
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(CodecError);
    const err = caught as CodecError;
    expect(err.path).toBe(path);
    expect(err.reason).toMatch(reason);
    expect(err.message).toBe(path === '' ? err.reason : `${path}: ${err.reason}`);
  });

  it('prefixes the path it is given', () => {
    const json: JsonValue = { $set: [1, { $bad: 2 }] };
    expect(() => decodeValue(json, 'turns[2].result')).toThrow('turns[2].result.$set[1]: unknown tag "$bad"');
    expect(() => decodeValue(json, ['turns', 2, 'result'])).toThrow('turns[2].result.$set[1]: unknown tag "$bad"');
  });

  it('formats paths with dots, brackets and quoted odd keys', () => {
    expect(formatPath(['tools', 2, 'signature'])).toBe('tools[2].signature');
    expect(formatPath([0, 'a'])).toBe('[0].a');
    expect(formatPath(['data', 'my key', '$set'])).toBe('data["my key"].$set');
    expect(formatPath([])).toBe('');
    expect(joinPath('turns[1].result', [0])).toBe('turns[1].result[0]');
    expect(joinPath('turns[1].result', ['$set', 0])).toBe('turns[1].result.$set[0]');
    expect(joinPath('data', [])).toBe('data');
  });
});

describe('interop functions kept as values', () => {
  it('come back as the interop function itself', () => {
    const r = run({ program: '[Math/abs .length]' });
    if (!r.ok) throw new Error(r.error.message);
    const back = decodeValue(encodeValue(r.value)) as PtcFn[];
    expect(back[0]).toBe((r.value as PtcFn[])[0]);
    expect(back[1]).toBe((r.value as PtcFn[])[1]);
  });
});
