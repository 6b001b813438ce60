// The bounded Java surface as the 2026-08 reference has it: the number parsers and Math with
// Java's semantics, the four temporal classes (each method owned by its class), the String methods
// in UTF-16 units, and the members PTC-Lisp refuses with what to write instead.
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { errors, ev, evErr, table } from '../helpers.ts';

table('Boolean/parseBoolean: true only for "true" in any case', [
  ['(Boolean/parseBoolean "true")', 'true'],
  ['(Boolean/parseBoolean "TrUe")', 'true'],
  ['(Boolean/parseBoolean "x")', 'false'],
  ['(Boolean/parseBoolean " true")', 'false'],
  ['(Boolean/parseBoolean nil)', 'false'],
]);

table("Double/parseDouble and Float/parseFloat read Java's syntax", [
  ['(Double/parseDouble "3.14")', '3.14'],
  ['(Double/parseDouble " 2.5 ")', '2.5'],
  ['(Double/parseDouble "\\t1e3\\n")', '1000.0'],
  ['(Double/parseDouble "1d")', '1.0'],
  ['(Double/parseDouble "1.5F")', '1.5'],
  ['(Double/parseDouble "1.")', '1.0'],
  ['(Double/parseDouble ".5")', '0.5'],
  ['(Double/parseDouble "-0")', '-0.0'],
  ['(Double/parseDouble "0x1.8p0")', '1.5'],
  ['(Double/parseDouble "0X.8P1")', '1.0'],
  ['(= (Double/parseDouble "0x1p-1074") 4.9E-324)', 'true'],
  ['(Double/parseDouble "NaN")', '##NaN'],
  ['(Double/parseDouble "-Infinity")', '##-Inf'],
  ['(Double/parseDouble "1e400")', '##Inf'],
  ['(Double/parseDouble "1e-400")', '0.0'],
  ['(Float/parseFloat " 1.5 ")', '1.5'],
  ['(Float/parseFloat "0.1")', '0.10000000149011612'],
  ['(Float/parseFloat "3.4028235677973366e38")', '3.4028234663852886E38'],
  ['(Float/parseFloat "3.4028235677973367e38")', '##Inf'],
  ['(Float/parseFloat "7.1e-46")', '1.401298464324817E-45'],
  ['(Float/parseFloat "7.0e-46")', '0.0'],
  ['(Float/parseFloat "0x1.000001p0")', '1.0'],
]);

errors('the floating parsers fail as Java does', [
  ['(Double/parseDouble "x")', 'runtime_error', /NumberFormatException/],
  ['(Double/parseDouble "1_000")', 'runtime_error', /NumberFormatException/],
  ['(Double/parseDouble "inf")', 'runtime_error'],
  ['(Double/parseDouble "0x1.8")', 'runtime_error'],
  ['(Double/parseDouble "")', 'runtime_error'],
  ['(Double/parseDouble nil)', 'runtime_error', /NullPointerException/],
  ['(Float/parseFloat nil)', 'runtime_error', /NullPointerException/],
  ['(Double/parseDouble 1.5)', 'type_error'],
]);

table('Integer/parseInt and Long/parseLong: decimal digits within the range', [
  ['(Integer/parseInt "42")', '42'],
  ['(Integer/parseInt "-2147483648")', '-2147483648'],
  ['(Integer/parseInt "+7")', '7'],
  ['(Integer/parseInt "007")', '7'],
  ['(Integer/parseInt "\u0661\u0662")', '12'],
  ['(Long/parseLong "9223372036854775807")', '9223372036854775807'],
  ['(Long/parseLong "-9000000000000000000")', '-9000000000000000000'],
]);

errors('Integer/parseInt and Long/parseLong fail as Java does', [
  ['(Integer/parseInt "2147483648")', 'runtime_error', /NumberFormatException/],
  ['(Integer/parseInt " 1")', 'runtime_error'],
  ['(Integer/parseInt "1.0")', 'runtime_error'],
  ['(Integer/parseInt "-")', 'runtime_error'],
  ['(Integer/parseInt "")', 'runtime_error'],
  ['(Long/parseLong "9223372036854775808")', 'runtime_error'],
  ['(Long/parseLong nil)', 'runtime_error', /NumberFormatException/],
  ['(Integer/parseInt :a)', 'type_error'],
]);

table("Math members keep Java's primitive semantics", [
  ['(Math/abs -7)', '7'],
  ['(Math/abs -7.0)', '7.0'],
  ['(Math/abs -0.0)', '0.0'],
  ['(Math/abs ##-Inf)', '##Inf'],
  ['(Math/abs -9223372036854775808)', '-9223372036854775808'],
  ['(Math/ceil 1.2)', '2.0'],
  ['(Math/ceil -0.5)', '-0.0'],
  ['(Math/ceil 3)', '3.0'],
  ['(Math/floor -1.2)', '-2.0'],
  ['(Math/floor ##Inf)', '##Inf'],
  ['(Math/max 1 2)', '2'],
  ['(Math/max -0.0 0.0)', '0.0'],
  ['(Math/min 0.0 -0.0)', '-0.0'],
  ['(Math/max ##NaN 1.0)', '##NaN'],
  ['(Math/pow 2 3)', '8.0'],
  ['(Math/pow -1 0.5)', '##NaN'],
  ['(Math/pow 1 ##Inf)', '##NaN'],
  ['(Math/pow -0.0 -3)', '##-Inf'],
  ['(Math/round 2.5)', '3'],
  ['(Math/round -1.5)', '-1'],
  ['(Math/round -2.5)', '-2'],
  ['(Math/round 0.49999999999999994)', '0'],
  ['(Math/round 4503599627370497.0)', '4503599627370497'],
  ['(Math/round ##NaN)', '0'],
  ['(Math/round ##Inf)', '9223372036854775807'],
  ['(Math/round -1e300)', '-9223372036854775808'],
  ['(Math/sqrt 25)', '5.0'],
  ['(Math/sqrt -0.0)', '-0.0'],
  ['(map Math/abs [-1 2 -3])', '[1 2 3]'],
]);

errors('Math members refuse what Java has no overload for', [
  ['(Math/round 1)', 'type_error', /float/],
  ['(Math/max 1 2.0)', 'type_error', /two integers or two floats/],
  ['(Math/min nil 1)', 'type_error'],
  ['(Math/max 1)', 'arity_error'],
  ['(Math/min 1 2 3)', 'arity_error'],
  ['(Math/abs 9223372036854775808)', 'type_error', /long range/],
  ['(Math/pow 2 "x")', 'type_error', /second/],
]);

table('the Double constants', [
  ['Double/POSITIVE_INFINITY', '##Inf'],
  ['Double/NEGATIVE_INFINITY', '##-Inf'],
  ['Double/NaN', '##NaN'],
]);

describe('LocalDate: an epoch day over the whole Java range', () => {
  test.each([
    ['(str (LocalDate/parse "2024-01-02"))', '"2024-01-02"'],
    ['(str (java.time.LocalDate/parse "2024-02-29"))', '"2024-02-29"'],
    ['(LocalDate/parse "2024-01-02")', '#java[java.time.LocalDate 2024-01-02]'],
    ['(str (LocalDate/parse "-999999999-01-01"))', '"-999999999-01-01"'],
    ['(str (LocalDate/parse "+999999999-12-31"))', '"+999999999-12-31"'],
    ['(str (LocalDate/parse "+00000-01-01"))', '"0000-01-01"'],
    ['(str (LocalDate/parse "+12024-03-01"))', '"+12024-03-01"'],
    ['(.toEpochDay (LocalDate/parse "2024-01-02"))', '19724'],
    ['(.toEpochDay (LocalDate/parse "-999999999-01-01"))', '-365243219162'],
    ['(str (.plusDays (LocalDate/parse "2024-01-01") 1.9))', '"2024-01-02"'],
    ['(str (.plusDays (LocalDate/parse "2024-01-01") ##NaN))', '"2024-01-01"'],
    ['(str (.minusDays (LocalDate/parse "2024-03-01") 1))', '"2024-02-29"'],
    ['(str (.plusDays (LocalDate/parse "2024-01-01") (Integer/parseInt "1")))', '"2024-01-02"'],
    ['(.isBefore (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))', 'true'],
    ['(.isAfter (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))', 'false'],
    ['(= (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-01"))', 'true'],
    ['(compare (LocalDate/parse "2024-01-01") (LocalDate/parse "2023-01-01"))', '1'],
    ['(mapv str (sort [(LocalDate/parse "2024-01-02") (LocalDate/parse "2023-12-31")]))', '["2023-12-31" "2024-01-02"]'],
    ['(type (LocalDate/parse "2024-01-01"))', ':java_object'],
    ['(count #{(LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-01")})', '1'],
  ])('%s → %s', (program, expected) => {
    expect(ev(program)).toBe(expected);
  });
});

errors('LocalDate is strict', [
  ['(LocalDate/parse "2024-01-02T00:00:00")', 'runtime_error', /DateTimeParseException.*Instant\/parse/],
  ['(LocalDate/parse "2023-02-29")', 'runtime_error', /DateTimeParseException/],
  ['(LocalDate/parse " 2024-01-02")', 'runtime_error'],
  ['(LocalDate/parse "12024-01-02")', 'runtime_error'],
  ['(LocalDate/parse "+2024-01-02")', 'runtime_error'],
  ['(LocalDate/parse "-0000-01-01")', 'runtime_error'],
  ['(LocalDate/parse "+0000000000010000-01-01")', 'runtime_error'],
  ['(LocalDate/parse "2024-1-2")', 'runtime_error'],
  ['(LocalDate/parse nil)', 'runtime_error', /NullPointerException/],
  ['(LocalDate/parse 20240102)', 'type_error'],
  ['(.plusDays (LocalDate/parse "+999999999-12-31") 1)', 'runtime_error', /DateTimeException/],
  ['(.plusDays (LocalDate/parse "1970-01-02") 9223372036854775807)', 'runtime_error', /ArithmeticException/],
  ['(.minusDays (LocalDate/parse "1970-01-02") -9223372036854775808)', 'runtime_error', /ArithmeticException/],
  ['(.minusDays (LocalDate/parse "1970-01-01") -9223372036854775808)', 'runtime_error', /DateTimeException/],
  ['(.plusDays (LocalDate/parse "2024-01-01") ##Inf)', 'type_error'],
  ['(.plusDays (LocalDate/parse "2024-01-01") 1e30)', 'type_error'],
  ['(.toEpochDay nil)', 'runtime_error', /NullPointerException/],
  ['(.isBefore (LocalDate/parse "2024-01-01") nil)', 'runtime_error', /NullPointerException/],
  ['(.isBefore (LocalDate/parse "2024-01-01") (Instant/parse "2024-01-01T00:00:00Z"))', 'type_error', /java.time.LocalDate/],
  ['(.getTime (LocalDate/parse "2024-01-01"))', 'type_error', /toEpochDay/],
  ['(< (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))', 'type_error', /isBefore/],
  ['(sort [(LocalDate/parse "2024-01-01") (Instant/parse "2024-01-01T00:00:00Z")])', 'type_error'],
]);

table('Instant: seconds and nanoseconds, parsed strictly with a zone', [
  ['(str (Instant/parse "2024-01-02T03:04:05.123456789Z"))', '"2024-01-02T03:04:05.123456789Z"'],
  ['(str (Instant/parse "2024-01-02T03:04:05.120Z"))', '"2024-01-02T03:04:05.120Z"'],
  ['(str (Instant/parse "2024-01-02T03:04:05.1234Z"))', '"2024-01-02T03:04:05.123400Z"'],
  ['(str (java.time.Instant/parse "1970-01-01T00:00:00.Z"))', '"1970-01-01T00:00:00Z"'],
  ['(str (Instant/parse "2016-12-31T23:59:60.5Z"))', '"2016-12-31T23:59:59.500Z"'],
  ['(str (Instant/parse "1970-01-01T24:00:00Z"))', '"1970-01-02T00:00:00Z"'],
  ['(str (Instant/parse "1970-01-01t00:00:00z"))', '"1970-01-01T00:00:00Z"'],
  ['(str (Instant/parse "1970-01-01T00:00:00+00:00:30"))', '"1969-12-31T23:59:30Z"'],
  ['(str (Instant/parse "2024-01-01T00:00:00-18:00"))', '"2024-01-01T18:00:00Z"'],
  ['(str (Instant/parse "+00000-01-01T00:00:00Z"))', '"0000-01-01T00:00:00Z"'],
  ['(str (Instant/parse "-1000000000-01-01T00:00:00Z"))', '"-1000000000-01-01T00:00:00Z"'],
  ['(.toEpochMilli (Instant/parse "2024-01-02T03:04:05.123456789Z"))', '1704164645123'],
  ['(.toEpochMilli (Instant/parse "1969-12-31T23:59:59.9999Z"))', '-1'],
  ['(.isAfter (Instant/parse "2024-01-01T00:00:00.000000001Z") (Instant/parse "2024-01-01T00:00:00Z"))', 'true'],
  ['(Instant/parse "2024-01-02T03:04:05Z")', '#java[java.time.Instant 2024-01-02T03:04:05Z]'],
]);

errors('Instant is strict', [
  ['(Instant/parse "2024-01-02")', 'runtime_error', /LocalDate\/parse/],
  ['(Instant/parse "2024-01-02T03:04:05")', 'runtime_error', /DateTimeParseException/],
  ['(Instant/parse "2024-01-02T03:04Z")', 'runtime_error'],
  ['(Instant/parse "1970-01-01T24:00:00.000000001Z")', 'runtime_error'],
  ['(Instant/parse "1970-01-01T00:00:00+00")', 'runtime_error'],
  ['(Instant/parse "1970-01-01T00:00:00+0000")', 'runtime_error'],
  ['(Instant/parse "1970-01-01T00:00:00+18:01")', 'runtime_error'],
  ['(Instant/parse "1970-01-01T00:00:00.0000000000Z")', 'runtime_error'],
  ['(Instant/parse "+1000000001-01-01T00:00:00Z")', 'runtime_error'],
  ['(Instant/parse nil)', 'runtime_error', /NullPointerException/],
  ['(.toEpochMilli (Instant/parse "+1000000000-12-31T23:59:59.999999999Z"))', 'runtime_error', /ArithmeticException/],
  ['(.getTime (Instant/parse "1970-01-01T00:00:01Z"))', 'type_error', /toEpochMilli/],
]);

table('Duration: between two Instants', [
  ['(str (Duration/between (Instant/parse "2024-01-01T00:00:00Z") (Instant/parse "2024-01-01T00:00:01.500000001Z")))', '"PT1.500000001S"'],
  ['(str (Duration/between (Instant/parse "1970-01-01T00:00:01.5Z") (Instant/parse "1970-01-01T00:00:00Z")))', '"PT-1.5S"'],
  ['(str (Duration/between (Instant/parse "1970-01-01T01:00:00Z") (Instant/parse "1970-01-01T00:00:00.5Z")))', '"PT-59M-59.5S"'],
  ['(str (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1970-01-03T01:00:00Z")))', '"PT49H"'],
  ['(str (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1970-01-01T00:00:00Z")))', '"PT0S"'],
  ['(.toMillis (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1969-12-31T23:59:59.999999999Z")))', '0'],
  ['(.toDays (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1970-01-02T12:00:00Z")))', '1'],
  ['(.toDays (Duration/between (Instant/parse "1970-01-02T12:00:00Z") (Instant/parse "1970-01-01T00:00:00Z")))', '-1'],
  [
    '(let [e (Instant/parse "1970-01-01T00:00:00Z") a (Duration/between e (Instant/parse "1970-01-01T00:00:00.999999999Z")) b (Duration/between e (Instant/parse "1970-01-01T00:00:01Z"))] [(compare a b) (mapv str (sort [b a]))])',
    '[-1 ["PT0.999999999S" "PT1S"]]',
  ],
]);

errors('Duration takes Instants only', [
  ['(Duration/between (LocalDate/parse "2024-01-01") (LocalDate/parse "2024-01-02"))', 'type_error', /toEpochDay/],
  ['(Duration/between (java.util.Date. 0) (java.util.Date. 1))', 'type_error'],
  ['(Duration/between nil (Instant/parse "1970-01-01T00:00:00Z"))', 'runtime_error', /NullPointerException/],
  [
    '(.toMillis (Duration/between (Instant/parse "-1000000000-01-01T00:00:00Z") (Instant/parse "+1000000000-01-01T00:00:00Z")))',
    'runtime_error',
    /ArithmeticException/,
  ],
  ['(< (Duration/between (Instant/parse "1970-01-01T00:00:00Z") (Instant/parse "1970-01-01T00:00:01Z")) 2)', 'type_error'],
]);

table('java.util.Date: exact epoch milliseconds', [
  ['(.getTime (java.util.Date. 1))', '1'],
  ['(.getTime (java.util.Date. 1700000000))', '1700000000'],
  ['(.getTime (java.util.Date. -9223372036854775808))', '-9223372036854775808'],
  ['(str (java.util.Date. 1))', '"1970-01-01T00:00:00.001Z"'],
  ['(str (java.util.Date. 0))', '"1970-01-01T00:00:00Z"'],
  ['(java.util.Date. 1)', '#java[java.util.Date 1970-01-01T00:00:00.001Z]'],
  ['(.getTime (java.util.Date. "Thu Jan 01 00:00:01 UTC 1970"))', '1000'],
  ['(.getTime (java.util.Date. "Thu Jan 01 00:00:01 1970"))', '1000'],
  ['(.getTime (java.util.Date. "Wed, 8 Jan 2026 14:30:00 UTC"))', '1767882600000'],
  ['(.getTime (java.util.Date. "Wed, 8 Jan 2026 14:30 UTC"))', '1767882600000'],
  ['(.getTime (java.util.Date. "January 8, 2026 14:30"))', '1767882600000'],
  ['(.getTime (java.util.Date. "1/8/2026 09:30 EST"))', '1767882600000'],
  ['(.getTime (java.util.Date. "8 Jan 2026 15:30 +0100"))', '1767882600000'],
  ['(.getTime (java.util.Date. "8 Jan 2026 (a comment) 14:30 GMT"))', '1767882600000'],
  ['(.getTime (java.util.Date. (Integer/parseInt "1")))', '1'],
  ['(.before (java.util.Date. 1) (java.util.Date. 2))', 'true'],
  ['(.after (java.util.Date. 2) (java.util.Date. 1))', 'true'],
  ['(integer? (.getTime (java.util.Date.)))', 'true'],
  ['(> (System/currentTimeMillis) 1700000000000)', 'true'],
]);

errors('java.util.Date refuses other forms', [
  ['(java.util.Date. "2026-01-08T14:30:00Z")', 'runtime_error', /Instant\/parse/],
  ['(java.util.Date. "yesterday")', 'runtime_error', /IllegalArgumentException/],
  ['(java.util.Date. "Nonsense Jan 01 1970")', 'runtime_error'],
  ['(java.util.Date. "Jan 1 00:00:00 UTC 1500")', 'runtime_error'],
  ['(java.util.Date. "Feb 30 2026")', 'runtime_error'],
  ['(java.util.Date. nil)', 'runtime_error', /IllegalArgumentException/],
  ['(java.util.Date. 1.5)', 'type_error', /integer/],
  ['(java.util.Date. 9223372036854775808)', 'type_error'],
  ['(.isBefore (java.util.Date. 0) (java.util.Date. 1))', 'type_error', /\.before/],
  ['(.before (java.util.Date. 0) nil)', 'runtime_error', /NullPointerException/],
  ['(.getTime "2026-01-01")', 'type_error'],
]);

table('String methods count UTF-16 units', [
  ['(.length "hello")', '5'],
  ['(.length "😀a")', '3'],
  ['(.length "e\u0301")', '2'],
  ['(.substring "hello" 2)', '"llo"'],
  ['(.substring "hello" 1 3)', '"el"'],
  ['(.substring "😀a" 2)', '"a"'],
  ['(.substring "😀a" 0 2)', '"😀"'],
  ['(.substring "abc" 3)', '""'],
  ['(.indexOf "hello" "ll")', '2'],
  ['(.indexOf "hello" "x")', '-1'],
  ['(.indexOf "hello" "l" 3)', '3'],
  ['(.indexOf "hello" "l" -5)', '2'],
  ['(.indexOf "hello" "" 99)', '5'],
  ['(.indexOf "😀a" "a")', '2'],
  ['(.lastIndexOf "hello" "l")', '3'],
  ['(.lastIndexOf "😀a😀" "😀")', '3'],
  ['(.contains "hello" "ell")', 'true'],
  ['(.startsWith "hello" "he")', 'true'],
  ['(.endsWith "hello" "lo")', 'true'],
  ['(.trim "  Ada  ")', '"Ada"'],
  ['(.trim "\\u0000\\tx\\u001f")', '"x"'],
  ['(count (.trim "\\u2003x"))', '2'],
  ['(count (trim "\\u2003x"))', '1'],
  ['(index-of "😀a" "a")', '1'],
]);

errors('String methods raise on bad input', [
  ['(.substring "😀a" 1)', 'invalid_java_string', /surrogate/],
  ['(.substring "a😀" 0 2)', 'invalid_java_string'],
  ['(.substring "abc" 5)', 'runtime_error', /StringIndexOutOfBoundsException/],
  ['(.substring "abc" 2 1)', 'runtime_error', /StringIndexOutOfBoundsException/],
  ['(.substring "abc" -1)', 'runtime_error'],
  ['(.substring "abc" 99999999999999999999)', 'runtime_error'],
  ['(.substring "abc" 1.5)', 'type_error'],
  ['(.indexOf 123 "x")', 'type_error', /no admitted class/],
  ['(.length nil)', 'runtime_error', /NullPointerException/],
  ['(.contains "abc" nil)', 'runtime_error', /NullPointerException/],
  ['(.lastIndexOf "abc" "b" 1)', 'arity_error'],
]);

errors('members PTC-Lisp does not admit say what to write instead', [
  ['(.toUpperCase "abc")', 'unsupported_method', /upper-case/],
  ['(.toLowerCase "ABC")', 'unsupported_method', /lower-case/],
  ['(.isEmpty "")', 'unsupported_method', /empty\?/],
  ['(.fooBar "x")', 'unsupported_method', /Java methods PTC-Lisp admits: .after .before/],
  ['(parse "2024-01-01")', 'unbound_var', /LocalDate\/parse/],
  ['(between 1 2)', 'unbound_var', /Duration\/between/],
  ['Math/PI', 'unsupported_method', /3.141592653589793/],
  ['Long/MAX_VALUE', 'unsupported_method', /9223372036854775807/],
  ['Integer/MAX_VALUE', 'unsupported_method', /2147483647/],
  ['(float? Double/MAX_VALUE)', 'unsupported_method', /1.7976931348623157E308/],
  ['(Math/log 1)', 'unsupported_method', /abs, ceil, floor, max, min, pow, round, sqrt/],
  ['(Math/trunc 1.5)', 'unsupported_method', /\(trunc …\)/],
  ['(Math/bit-and 1 2)', 'unsupported_method', /bit-and/],
  ['(LocalDate/now)', 'unsupported_method', /currentTimeMillis/],
  ['(java.time.LocalDate/of 2024 1 1)', 'unsupported_method', /LocalDate\/parse/],
  ['(java.lang.Math/abs -1)', 'unsupported_method', /Write Math\/abs/],
  ['(Foo/bar 1)', 'unbound_var', /Unknown namespace Foo\/.*json\/.*Math\//],
]);

describe('laws', () => {
  test('.length is the UTF-16 length and .substring of the whole string is the string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (s) => {
        const lit = JSON.stringify(s);
        expect(ev(`(.length ${lit})`)).toBe(String(s.length));
        expect(ev(`(= (.substring ${lit} 0) ${lit})`)).toBe('true');
      }),
      { numRuns: 60 },
    );
  });
});

test('the error of a refused member is an unsupported_method only when it runs', () => {
  expect(ev('(if false (.toUpperCase "x") 1)')).toBe('1');
  expect(evErr('(.toUpperCase "x")').type).toBe('unsupported_method');
});
