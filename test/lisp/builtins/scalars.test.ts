// Numbers, comparison, predicates, parsing and date/constant interop.
import { describe, expect, test } from 'vitest';
import { callBuiltin, ev, evErr } from '../helpers.ts';
import { PFloat } from '../../../src/lisp/values.ts';

type Case = readonly [string, string];

function table(name: string, cases: readonly Case[]): void {
  describe(name, () => {
    test.each(cases)('%s → %s', (program, expected) => {
      expect(ev(program)).toBe(expected);
    });
  });
}

function errors(name: string, cases: readonly (readonly [string, string, RegExp?])[]): void {
  describe(name, () => {
    for (const [program, type, message] of cases) {
      test(`${program} fails with ${type}`, () => {
        const e = evErr(program);
        expect(e.type).toBe(type);
        if (message) expect(e.message).toMatch(message);
      });
    }
  });
}

table('arithmetic keeps integers and floats apart', [
  ['(+)', '0'],
  ['(+ 1 2)', '3'],
  ['(+ 1 2.0)', '3.0'],
  ['(+ 0.5 0.5)', '1.0'],
  ['(+ 0.1 0.2)', '0.30000000000000004'],
  ['(- 10 3 2)', '5'],
  ['(- 5)', '-5'],
  ['(- 2.5)', '-2.5'],
  ['(- 0)', '0'],
  ['(*)', '1'],
  ['(* 2 3 4)', '24'],
  ['(* 100 0.1)', '10.0'],
  ['(* 1.5 2)', '3.0'],
  ['(/ 10 2)', '5.0'],
  ['(/ 10 4)', '2.5'],
  ['(/ 1 3)', '0.3333333333333333'],
  ['(/ 2)', '0.5'],
  ['(/ 100 2 5)', '10.0'],
  ['(* 1.0 10000000)', '1.0E7'],
  ['(inc 41)', '42'],
  ['(inc 1.5)', '2.5'],
  ['(dec 0)', '-1'],
  ['(dec 1.0)', '0.0'],
  ['(abs -5)', '5'],
  ['(abs -2.5)', '2.5'],
  ['(abs -2.0)', '2.0'],
  ['(abs 0)', '0'],
]);

table('integers past 2^53 become exact big integers', [
  ['(* 9007199254740993 10)', '90071992547409930'],
  ['(+ 9007199254740991 2)', '9007199254740993'],
  ['(inc 9007199254740991)', '9007199254740992'],
  ['(dec -9007199254740991)', '-9007199254740992'],
  ['(- 9007199254740993 9007199254740992)', '1'],
  ['(* 99999999999 99999999999)', '9999999999800000000001'],
  ['(- (* 4611686018427387904 4))', '-18446744073709551616'],
  ['(abs -18446744073709551616)', '18446744073709551616'],
  ['(quot 18446744073709551616 3)', '6148914691236517205'],
  ['(mod 18446744073709551617 10)', '7'],
  ['(+ 9007199254740993 0.5)', '9.007199254740992E15'],
  ['(integer? (* 9007199254740993 10))', 'true'],
]);

table('IEEE specials: division by zero, infinities and NaN', [
  ['(/ 1 0)', '##Inf'],
  ['(/ -1 0)', '##-Inf'],
  ['(/ 0 0)', '##NaN'],
  ['(/ 1.5 0.0)', '##Inf'],
  ['(+ Double/POSITIVE_INFINITY 1)', '##Inf'],
  ['(* Double/POSITIVE_INFINITY 0)', '##NaN'],
  ['(- Double/POSITIVE_INFINITY Double/POSITIVE_INFINITY)', '##NaN'],
  ['(+ Double/NaN 1)', '##NaN'],
  ['(max 1 Double/NaN 3)', '##NaN'],
  ['(sqrt -1)', '##NaN'],
  ['(floor Double/POSITIVE_INFINITY)', '##Inf'],
  ['(number? Double/NaN)', 'true'],
  ['(pos? Double/POSITIVE_INFINITY)', 'true'],
  ['(pos? Double/NaN)', 'false'],
  ['(zero? Double/NaN)', 'false'],
  ['(NaN? (/ 0 0))', 'true'],
  ['(infinite? Double/NEGATIVE_INFINITY)', 'true'],
  ['(infinite? 1)', 'false'],
]);

table('mod, rem and quot follow Clojure signs', [
  ['(mod 10 3)', '1'],
  ['(mod -10 3)', '2'],
  ['(mod 10 -3)', '-2'],
  ['(mod -10 -3)', '-1'],
  ['(mod 9 3)', '0'],
  ['(mod -9 3)', '0'],
  ['(mod 5.5 2)', '1.5'],
  ['(mod -0.5 1)', '0.5'],
  ['(mod 1.0 0)', '##NaN'],
  ['(rem 10 3)', '1'],
  ['(rem -10 3)', '-1'],
  ['(rem 10 -3)', '1'],
  ['(rem -4 2)', '0'],
  ['(rem 5.5 2)', '1.5'],
  ['(quot 7 2)', '3'],
  ['(quot -7 2)', '-3'],
  ['(quot 7 -2)', '-3'],
  ['(quot 7.5 2)', '3.0'],
]);

table('rounding returns integers', [
  ['(floor 3.7)', '3'],
  ['(floor -3.2)', '-4'],
  ['(floor 5)', '5'],
  ['(ceil 3.2)', '4'],
  ['(ceil -3.7)', '-3'],
  ['(round 3.5)', '4'],
  ['(round 2.4)', '2'],
  ['(round -2.5)', '-2'],
  ['(round 2.0)', '2'],
  ['(trunc -3.7)', '-3'],
  ['(trunc 3.7)', '3'],
  ['(floor 1.0E20)', '100000000000000000000'],
  ['(int 3.7)', '3'],
  ['(int -3.7)', '-3'],
  ['(int 42)', '42'],
  ['(int 1.0E20)', '100000000000000000000'],
  ['(double 5)', '5.0'],
  ['(float 2)', '2.0'],
  ['(double 2.5)', '2.5'],
  ['(double 18446744073709551616)', '1.8446744073709552E19'],
  ['(sqrt 16)', '4.0'],
  ['(sqrt 2)', '1.4142135623730951'],
  ['(pow 2 10)', '1024.0'],
  ['(pow 2 0.5)', '1.4142135623730951'],
]);

table('max and min keep the winning argument as it is', [
  ['(max 1 5 3)', '5'],
  ['(max 1 2.0)', '2.0'],
  ['(max 7)', '7'],
  ['(min 4 2 8)', '2'],
  ['(min -1.5 2)', '-1.5'],
  ['(apply max [3 9 2])', '9'],
  ['(max 9007199254740993 1)', '9007199254740993'],
]);

errors('arithmetic type and domain errors', [
  ['(+ 1 nil)', 'type_error', /\+ expected a number, got nil/],
  ['(- "5" 1)', 'type_error', /- expected a number, got string/],
  ['(* 2 :a)', 'type_error', /keyword/],
  ['(/ 1 nil)', 'type_error'],
  ['(inc nil)', 'type_error', /inc/],
  ['(dec "1")', 'type_error'],
  ['(max [1 2 3])', 'type_error', /max expected a number, got vector/],
  ['(mod 10 0)', 'arithmetic_error', /Division by zero/],
  ['(rem 10 0)', 'arithmetic_error', /Division by zero/],
  ['(quot 10 0)', 'arithmetic_error', /Division by zero/],
  ['(int Double/POSITIVE_INFINITY)', 'arithmetic_error', /##Inf/],
  ['(int Double/NaN)', 'arithmetic_error', /##NaN/],
  ['(int "42")', 'type_error', /parse-long/],
  ['(double "1.5")', 'type_error', /parse-double/],
  ['(floor nil)', 'type_error'],
  ['(abs nil)', 'type_error'],
]);

table('= is structural; == and ordering are numeric', [
  ['(= 1 1)', 'true'],
  ['(= 1 1.0)', 'false'],
  ['(== 1 1.0)', 'true'],
  ['(= [1 2] [1 2])', 'true'],
  ['(= {:a [1]} {:a [1]})', 'true'],
  ['(= 5 nil)', 'false'],
  ['(= nil nil)', 'true'],
  ['(= \\a "a")', 'true'],
  ['(= 1 1 1)', 'true'],
  ['(= 1 1 2)', 'false'],
  ['(= 7)', 'true'],
  ['(not= 1 2)', 'true'],
  ['(not= [1] [1])', 'false'],
  ['(= Double/NaN Double/NaN)', 'false'],
  ['(= 9007199254740993 9007199254740993)', 'true'],
  ['(< 1 2)', 'true'],
  ['(< 2 1)', 'false'],
  ['(< 1 2 3)', 'true'],
  ['(< 1 3 2)', 'false'],
  ['(> 3 2 1)', 'true'],
  ['(<= 1 1 2)', 'true'],
  ['(>= 3 3 1)', 'true'],
  ['(< 1.5 2)', 'true'],
  ['(< 9007199254740993 9007199254740994)', 'true'],
  ['(> 9007199254740993 9007199254740992)', 'true'],
  ['(< 1.0 Double/POSITIVE_INFINITY)', 'true'],
  ['(> -1.0 Double/NEGATIVE_INFINITY)', 'true'],
  ['(< Double/NaN 0.0)', 'false'],
  ['(>= Double/NaN 0.0)', 'false'],
  ['(> Double/NaN 0.0)', 'false'],
  ['(< 5)', 'true'],
  ['(compare 1 2)', '-1'],
  ['(compare 2 2.0)', '0'],
  ['(compare "b" "a")', '1'],
  ['(compare "apple" "banana")', '-1'],
  ['(compare :a :b)', '-1'],
  ['(compare [1 2] [1 3])', '-1'],
  ['(compare nil 1)', '-1'],
  ['(identical? :a :a)', 'true'],
  ['(identical? [1] [1])', 'false'],
]);

errors('ordering rejects non-numbers with a hint', [
  ['(> "b" "a")', 'type_error', /compare/],
  ['(< 1 nil)', 'type_error', /nil/],
  ['(< {:a 1} 2)', 'type_error', /map/],
  ['(<= 1 2 "x")', 'type_error', /string/],
  ['(== "a" "a")', 'type_error'],
  ['(compare 1 "a")', 'type_error'],
  ['(< (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-01-02"))', 'type_error', /getTime|isBefore/],
]);

table('type predicates', [
  ['(nil? nil)', 'true'],
  ['(nil? false)', 'false'],
  ['(some? false)', 'true'],
  ['(some? nil)', 'false'],
  ['(true? true)', 'true'],
  ['(true? 1)', 'false'],
  ['(false? false)', 'true'],
  ['(false? nil)', 'false'],
  ['(boolean? false)', 'true'],
  ['(boolean? nil)', 'false'],
  ['(number? 1)', 'true'],
  ['(number? "1")', 'false'],
  ['(integer? 3)', 'true'],
  ['(integer? 3.0)', 'false'],
  ['(integer? 9007199254740993)', 'true'],
  ['(int? 3)', 'true'],
  ['(float? 3.0)', 'true'],
  ['(float? 3)', 'false'],
  ['(double? 2.5)', 'true'],
  ['(string? "a")', 'true'],
  ['(string? :a)', 'false'],
  ['(char? \\a)', 'true'],
  ['(char? "ab")', 'false'],
  ['(char? "")', 'false'],
  ['(keyword? :a)', 'true'],
  ['(keyword? "a")', 'false'],
  ['(vector? [1])', 'true'],
  ['(vector? {:a 1})', 'false'],
  ['(map? {:a 1})', 'true'],
  ['(map? [1])', 'false'],
  ['(set? #{1})', 'true'],
  ['(coll? [1 2])', 'true'],
  ['(coll? {:a 1})', 'false'],
  ['(coll? #{1})', 'false'],
  ['(coll? "abc")', 'false'],
  ['(sequential? [1])', 'true'],
  ['(sequential? #{1})', 'false'],
  ['(seqable? nil)', 'true'],
  ['(seqable? "abc")', 'true'],
  ['(seqable? {:a 1})', 'true'],
  ['(seqable? 1)', 'false'],
  ['(fn? inc)', 'true'],
  ['(fn? (fn [x] x))', 'true'],
  ['(fn? :a)', 'false'],
  ['(ifn? :a)', 'true'],
  ['(ifn? {:a 1})', 'true'],
  ['(ifn? 1)', 'false'],
  ['(list? [1])', 'false'],
]);

table('numeric predicates', [
  ['(zero? 0)', 'true'],
  ['(zero? 0.0)', 'true'],
  ['(zero? 1)', 'false'],
  ['(pos? 3)', 'true'],
  ['(pos? 0)', 'false'],
  ['(neg? -1)', 'true'],
  ['(neg? -0.5)', 'true'],
  ['(even? 4)', 'true'],
  ['(even? 0)', 'true'],
  ['(even? -3)', 'false'],
  ['(odd? 3)', 'true'],
  ['(odd? -3)', 'true'],
  ['(even? 18446744073709551616)', 'true'],
  ['(nat-int? 0)', 'true'],
  ['(nat-int? -1)', 'false'],
  ['(nat-int? 1.0)', 'false'],
  ['(pos-int? 5)', 'true'],
  ['(pos-int? 0)', 'false'],
  ['(neg-int? -2)', 'true'],
  ['(neg-int? "x")', 'false'],
]);

errors('numeric predicates reject non-numbers', [
  ['(even? 4.0)', 'type_error', /even\? expected an integer, got float/],
  ['(odd? nil)', 'type_error'],
  ['(zero? nil)', 'type_error'],
  ['(pos? "1")', 'type_error'],
  ['(NaN? "x")', 'type_error'],
]);

table('logic and coercions', [
  ['(not nil)', 'true'],
  ['(not false)', 'true'],
  ['(not 0)', 'false'],
  ['(not "")', 'false'],
  ['(boolean nil)', 'false'],
  ['(boolean 0)', 'true'],
  ['(keyword "status")', ':status'],
  ['(keyword :a)', ':a'],
  ['(keyword nil)', 'nil'],
  ['(name :user-id)', '"user-id"'],
  ['(name "abc")', '"abc"'],
  ['(type 1)', ':integer'],
  ['(type 1.5)', ':float'],
  ['(type [1])', ':vector'],
  ['(type nil)', ':nil'],
]);

errors('coercion errors', [
  ['(keyword "a/b")', 'type_error', /namespaced/],
  ['(keyword 1)', 'type_error'],
  ['(name 1)', 'type_error', /keyword or string/],
]);

table('parsing: the whole string must match, anything else is nil', [
  ['(parse-long "42")', '42'],
  ['(parse-long "-17")', '-17'],
  ['(parse-long "+5")', '5'],
  ['(parse-long "42abc")', 'nil'],
  ['(parse-long " 42")', 'nil'],
  ['(parse-long "4.2")', 'nil'],
  ['(parse-long "")', 'nil'],
  ['(parse-long nil)', 'nil'],
  ['(parse-long 42)', 'nil'],
  ['(parse-long "123456789012345678901234567890")', '123456789012345678901234567890'],
  ['(parse-int "7")', '7'],
  ['(parse-double "3.14")', '3.14'],
  ['(parse-double "-0.5")', '-0.5'],
  ['(parse-double "42")', '42.0'],
  ['(parse-double "1.23e-4")', '1.23E-4'],
  ['(parse-double ".5")', '0.5'],
  ['(parse-double "NaN")', '##NaN'],
  ['(parse-double "Infinity")', '##Inf'],
  ['(parse-double "invalid")', 'nil'],
  ['(parse-double "1.5x")', 'nil'],
  ['(parse-double nil)', 'nil'],
  ['(parse-boolean "true")', 'true'],
  ['(parse-boolean "false")', 'false'],
  ['(parse-boolean "yes")', 'nil'],
  ['(Integer/parseInt "42")', '42'],
  ['(Long/parseLong "-9000000000000000000")', '-9000000000000000000'],
  ['(Double/parseDouble " 2.5 ")', '2.5'],
]);

errors('Java-style parsing fails loudly', [
  ['(Integer/parseInt "abc")', 'execution_error', /NumberFormatException/],
  ['(Integer/parseInt "3000000000")', 'execution_error'],
  ['(Long/parseLong nil)', 'type_error'],
  ['(Double/parseDouble "x")', 'execution_error'],
]);

table('constants', [
  ['Double/POSITIVE_INFINITY', '##Inf'],
  ['Double/NEGATIVE_INFINITY', '##-Inf'],
  ['Double/NaN', '##NaN'],
  ['Long/MAX_VALUE', '9223372036854775807'],
  ['(inc Long/MAX_VALUE)', '9223372036854775808'],
  ['Integer/MAX_VALUE', '2147483647'],
  ['Math/PI', '3.141592653589793'],
  ['(float? Double/MAX_VALUE)', 'true'],
  ['(Math/abs -3)', '3'],
  ['(Math/floor 3.7)', '3.0'],
  ['(Math/round 2.5)', '3'],
  ['(Math/pow 2 3)', '8.0'],
  ['(Math/sqrt 9)', '3.0'],
  ['(Math/max 1 2)', '2'],
]);

table('dates', [
  ['(.getTime (java.util.Date. 1700000000))', '1700000000000'],
  ['(.getTime (java.util.Date. 1700000000000))', '1700000000000'],
  ['(.getTime (java.util.Date. "2026-01-08T14:30:00Z"))', '1767882600000'],
  ['(.getTime (java.util.Date. "2026-01-08T14:30:00"))', '1767882600000'],
  ['(.getTime (java.util.Date. "2026-01-08T16:30:00+02:00"))', '1767882600000'],
  ['(.getTime (java.util.Date. "2026-01-08T14:30:00.250Z"))', '1767882600250'],
  ['(.getTime (java.util.Date. "2026-01-08"))', '1767830400000'],
  ['(.getTime (java.util.Date. "Thu, 8 Jan 2026 14:30:00 +0000"))', '1767882600000'],
  ['(.getTime (java.util.Date. "8 Jan 2026 14:30:00 GMT"))', '1767882600000'],
  ['(integer? (.getTime (java.util.Date.)))', 'true'],
  ['(> (System/currentTimeMillis) 1700000000000)', 'true'],
  ['(str (LocalDate/parse "2023-10-27"))', '"2023-10-27"'],
  ['(str (java.time.LocalDate/parse "2024-02-29"))', '"2024-02-29"'],
  ['(str (.plusDays (LocalDate/parse "2026-01-31") 1))', '"2026-02-01"'],
  ['(str (.minusDays (LocalDate/parse "2026-03-01") 1))', '"2026-02-28"'],
  ['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10'],
  ['(.isBefore (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-02-01"))', 'true'],
  ['(.isAfter (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-02-01"))', 'false'],
  ['(= (LocalDate/parse "2026-01-01") (LocalDate/parse "2026-01-01"))', 'true'],
  ['(str (java.util.Date. 0))', '"1970-01-01T00:00:00.000Z"'],
]);

errors('date errors', [
  ['(java.util.Date. nil)', 'type_error', /nil/],
  ['(java.util.Date. "yesterday")', 'execution_error', /ISO-8601/],
  ['(java.util.Date. "2026-02-30")', 'execution_error'],
  ['(LocalDate/parse "2026-13-01")', 'execution_error', /YYYY-MM-DD/],
  ['(LocalDate/parse nil)', 'type_error'],
  ['(.getTime (LocalDate/parse "2026-01-01"))', 'execution_error', /LocalDate/],
  ['(.getTime "2026-01-01")', 'type_error'],
]);

describe('direct calls', () => {
  test('(/ 10 2) is a boxed integral float', () => {
    expect(callBuiltin('/', 10, 2)).toEqual(new PFloat(5));
  });
  test('+ on two small integers returns a plain number', () => {
    expect(callBuiltin('+', 2, 3)).toBe(5);
  });
  test('- never produces negative zero for integers', () => {
    expect(Object.is(callBuiltin('-', 0), 0)).toBe(true);
    expect(Object.is(callBuiltin('rem', -4, 2), 0)).toBe(true);
  });
  test('integer overflow yields a bigint', () => {
    expect(callBuiltin('*', 9007199254740993n, 10)).toBe(90071992547409930n);
    expect(callBuiltin('-', 9007199254740993n, 9007199254740992n)).toBe(1);
  });
});
