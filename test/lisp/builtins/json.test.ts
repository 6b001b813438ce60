// json/parse-string, json/parse-lines and json/generate-string.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { equals } from '../../../src/lisp/equality.ts';
import { run } from '../../../src/lisp/run.ts';
import { MapBuilder, PFloat, type Value } from '../../../src/lisp/values.ts';
import { errors, ev, evErr, table } from '../helpers.ts';

table('json/parse-string reads JSON with string keys, exact integers and floats as floats', [
  ['(json/parse-string "{\\"a\\": 1, \\"b\\": [2, 3]}")', '{"a" 1 "b" [2 3]}'],
  ['(json/parse-string "[1, 2.0, 2.5, 1e3, -0.0]")', '[1 2.0 2.5 1000.0 -0.0]'],
  ['(json/parse-string "9007199254740993")', '9007199254740993'],
  ['(json/parse-string "-123456789012345678901234567890")', '-123456789012345678901234567890'],
  ['(json/parse-string "\\"caf\\\\u00e9\\"")', '"café"'],
  ['(json/parse-string "true")', 'true'],
  ['(json/parse-string "null")', 'nil'],
  ['(json/parse-string " {} ")', '{}'],
  ['(json/parse-string "{\\"a\\": 1, \\"a\\": 2}")', '{"a" 2}'],
  ['(json/parse-string "{\\"__proto__\\": 1}")', '{"__proto__" 1}'],
  ['(get (json/parse-string "{\\"name\\": \\"Ada\\"}") "name")', '"Ada"'],
  ['(:name (json/parse-string "{\\"name\\": \\"Ada\\"}"))', '"Ada"'],
]);

table('json/parse-string gives nil for anything that is not JSON text', [
  ['(json/parse-string "not json")', 'nil'],
  ['(json/parse-string "{\\"a\\": 1,}")', 'nil'],
  ['(json/parse-string "[1] [2]")', 'nil'],
  ['(json/parse-string "")', 'nil'],
  ['(json/parse-string "1e400")', 'nil'],
  ['(json/parse-string "NaN")', 'nil'],
  ['(json/parse-string "\\ufeff1")', 'nil'],
  ['(json/parse-string nil)', 'nil'],
  ['(json/parse-string 42)', 'nil'],
  ['(json/parse-string {:a 1})', 'nil'],
]);

table('json/parse-lines reads one value per line', [
  ['(json/parse-lines "{\\"a\\":1}\\n[2,3]\\n")', '[{"a" 1} [2 3]]'],
  ['(json/parse-lines "{\\"a\\":1}\\n\\nnull\\nnot json")', '[{"a" 1} nil nil]'],
  ['(json/parse-lines "  \\n{\\"ok\\":true}\\r\\n2\\r3")', '[{"ok" true} 2 3]'],
  ['(json/parse-lines "")', '[]'],
  ['(json/parse-lines 42)', 'nil'],
]);

table('json/generate-string writes JSON', [
  ['(json/generate-string nil)', '"null"'],
  ['(json/generate-string [1 2 3])', '"[1,2,3]"'],
  ['(json/generate-string "hello")', '"\\"hello\\""'],
  ['(json/generate-string {:server "fs"})', '"{\\"server\\":\\"fs\\"}"'],
  ['(json/generate-string {:max-turns 3})', '"{\\"max-turns\\":3}"'],
  ['(json/generate-string {:max-turns 3})', '"{\\"max-turns\\":3}"'],
  ['(json/generate-string {1 "a" 12345678901234567890 "b"})', '"{\\"1\\":\\"a\\",\\"12345678901234567890\\":\\"b\\"}"'],
  ['(json/generate-string [2.0 -0.0 0.5 1e21 1.5e-7])', '"[2.0,-0.0,0.5,1.0E21,1.5E-7]"'],
  ['(json/generate-string 12345678901234567890)', '"12345678901234567890"'],
  ['(json/generate-string (list 1 (list 2)))', '"[1,[2]]"'],
  ['(json/generate-string "tab\\tquote\\"")', '"\\"tab\\\\tquote\\\\\\"\\""'],
  ['(json/generate-string {})', '"{}"'],
  ['(json/generate-string [])', '"[]"'],
]);

errors('json/generate-string refuses what JSON cannot hold, saying where', [
  ['(json/generate-string {"server" :fs})', 'type_error', /cannot encode a keyword as a JSON value at \["server"\]\. JSON has no keyword type/],
  ['(json/generate-string {"config" [{:port :http}]})', 'type_error', /at \["config" 0 :port\]/],
  ['(json/generate-string #{1})', 'type_error', /a set as a JSON value at the top level\. Convert it first with \(vec x\)/],
  ['(json/generate-string [##Inf])', 'type_error', /cannot encode ##Inf as a JSON value at \[0\]\. JSON has no infinity or NaN literal/],
  ['(json/generate-string {:a ##NaN})', 'type_error', /##NaN/],
  ['(json/generate-string [inc])', 'type_error', /a function/],
  ['(json/generate-string [(re-pattern "a")])', 'type_error', /a regex/],
  ['(json/generate-string (LocalDate/parse "2024-01-01"))', 'type_error', /java.time.LocalDate.*\(str x\)/],
  ['(json/generate-string {[1 2] 3})', 'type_error', /a vector as a JSON object key at the top level/],
  ['(json/generate-string {1.5 3})', 'type_error', /a number as a JSON object key/],
  ['(json/generate-string {##Inf 3})', 'type_error', /##Inf as a JSON object key/],
  ['(json/generate-string {nil 3})', 'type_error', /nil as a JSON object key/],
  ['(json/generate-string {true 3})', 'type_error', /a boolean as a JSON object key/],
  ['(json/generate-string {:a 1 "a" 2})', 'type_error', /two keys at the top level both encode to the JSON key "a"/],
  ['(json/generate-string {:x {1 1 "1" 2}})', 'type_error', /two keys at \[:x\] both encode to the JSON key "1"/],
  ['(json/generate-string [[[[[[[[[[:deep]]]]]]]]]])', 'type_error', /at \[0 0 0 0 0 0 0 0 …\]/],
  ['(json/parse-string)', 'arity_error'],
]);

describe('json/', () => {
  test('the functions are reachable only with the json/ prefix', () => {
    expect(evErr('(parse-string "1")').type).toBe('unbound_var');
    expect(evErr('(json/parse "1")').message).toMatch(/JSON functions: generate-string, parse-lines, parse-string/);
  });

  test('a message about a long key shows the start of it', () => {
    const e = evErr(`(json/generate-string {"${'k'.repeat(200)}" :v})`);
    expect(e.message).toContain(`["${'k'.repeat(48)}…"]`);
    expect(e.message.length).toBeLessThan(300);
  });

  test('the text is refused past the string size limit, with a clear error', () => {
    const r = run({ program: '(json/generate-string (vec (repeat 300000 "abc")))' });
    expect(r.ok ? 'ok' : r.error.type).toBe('memory_exceeded');
  });
});

/** JSON-shaped PTC values: what generate-string takes and parse-string gives back (keys as strings). */
const jsonValue: fc.Arbitrary<Value> = fc.letrec<{ v: Value }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.integer(),
    fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map((b): Value => (b >= -(2n ** 53n) + 1n && b <= 2n ** 53n - 1n ? Number(b) : b)),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((d): Value => (Number.isInteger(d) ? new PFloat(d) : d)),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 4 }).map((o) => {
      const b = new MapBuilder();
      for (const [k, x] of Object.entries(o)) b.set(k, x);
      return b.build();
    }),
  ),
})).v;

describe('laws', () => {
  test('json/parse-string of json/generate-string gives the value back', () => {
    fc.assert(
      fc.property(jsonValue, (v) => {
        const r = run({ program: '(json/parse-string (json/generate-string data/v))', data: new Map([['v', v]]) });
        expect(r.ok).toBe(true);
        if (r.ok) expect(equals(r.value, v)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('keyword keys come back as their names', () => {
    expect(ev('(json/parse-string (json/generate-string {:max-turns 3 :a {:b [1]}}))')).toBe('{"max-turns" 3 "a" {"b" [1]}}');
  });
});
