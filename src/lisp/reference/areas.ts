// What the builtin registry does not say about a builtin and the reference needs: the area of a
// namespace's builtins, and for the few builtins registered without examples or parameter lists,
// those. Everything else (doc, arity, parameters, examples, a core builtin's area) is read from
// the registry, so it is written once.
import type { BuiltinInfo } from '../builtins/registry.ts';
import type { Area } from './types.ts';

const NAMESPACE_AREAS: Readonly<Record<string, Area>> = { 'clojure.string': 'strings', 'clojure.set': 'sets', interop: 'interop' };

/** The area of a registered builtin; undefined when nobody placed it (the reference test says so). */
export function areaOf(info: BuiltinInfo): Area | undefined {
  // The namespace first: clojure.string/reverse is a string function, whatever core reverse is.
  return (info.ns !== null ? NAMESPACE_AREAS[info.ns] : undefined) ?? info.area;
}

/** Examples for builtins registered without one (they need a run's ending, a tool, the clock). */
export const EXTRA_EXAMPLES: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  return: [
    ['(return 42)', '42'],
    ['(do (return :early) :never)', ':early'],
  ],
  fail: [['(fail "no matching order")', 'fail: "no matching order"']],
  call: [['(call "search" {:q "x"})', 'error: unknown_tool']],
  'System/currentTimeMillis': [['(pos? (System/currentTimeMillis))', 'true']],
  '.isAfter': [['(.isAfter (LocalDate/parse "2024-03-02") (LocalDate/parse "2024-03-01"))', 'true']],
  '.minusDays': [['(str (.minusDays (LocalDate/parse "2024-03-01") 1))', '"2024-02-29"']],
  '.toEpochDay': [['(.toEpochDay (LocalDate/parse "1970-01-11"))', '10']],
  'Long/parseLong': [
    ['(Long/parseLong "42")', '42'],
    ['(Long/parseLong "4x")', 'error: runtime_error'],
  ],
  'Double/parseDouble': [['(Double/parseDouble "2.5")', '2.5']],
  'Math/sqrt': [['(Math/sqrt 16)', '4.0']],
  'Math/floor': [['(Math/floor 2.7)', '2.0']],
  'Math/ceil': [['(Math/ceil 2.1)', '3.0']],
  'Math/log': [['(Math/log 1)', '0.0']],
  'Math/log10': [['(Math/log10 1000)', '3.0']],
  'Math/exp': [['(Math/exp 0)', '1.0']],
  'Math/abs': [['(Math/abs -7)', '7']],
  'Math/round': [['(Math/round 2.5)', '3']],
  'Math/max': [['(Math/max 3 9)', '9']],
  'Math/min': [['(Math/min 3 9)', '3']],
  '.toUpperCase': [['(.toUpperCase "abc")', '"ABC"']],
  '.toLowerCase': [['(.toLowerCase "ABC")', '"abc"']],
  '.trim': [['(.trim "  x  ")', '"x"']],
  '.isEmpty': [['(.isEmpty "")', 'true']],
  '.contains': [['(.contains "hello" "ell")', 'true']],
  '.startsWith': [['(.startsWith "hello" "he")', 'true']],
  '.endsWith': [['(.endsWith "hello" "lo")', 'true']],
};

/** Parameter lists of the interop functions, which the registry keeps without them. */
export const INTEROP_PARAMS: Readonly<Record<string, readonly string[]>> = {
  'java.util.Date.': ['[]', '[epoch-or-text]'],
  'java.time.LocalDate/parse': ['[text]'],
  'LocalDate/parse': ['[text]'],
  'System/currentTimeMillis': ['[]'],
  '.getTime': ['[date]'],
  '.isBefore': ['[date other]'],
  '.isAfter': ['[date other]'],
  '.plusDays': ['[date n]'],
  '.minusDays': ['[date n]'],
  '.toEpochDay': ['[date]'],
  'Integer/parseInt': ['[s]'],
  'Long/parseLong': ['[s]'],
  'Double/parseDouble': ['[s]'],
  'Math/sqrt': ['[x]'],
  'Math/floor': ['[x]'],
  'Math/ceil': ['[x]'],
  'Math/log': ['[x]'],
  'Math/log10': ['[x]'],
  'Math/exp': ['[x]'],
  'Math/pow': ['[x y]'],
  'Math/abs': ['[x]'],
  'Math/round': ['[x]'],
  'Math/max': ['[x y]'],
  'Math/min': ['[x y]'],
  '.indexOf': ['[s sub]', '[s sub from]'],
  '.lastIndexOf': ['[s sub]', '[s sub from]'],
  '.length': ['[s]'],
  '.toUpperCase': ['[s]'],
  '.toLowerCase': ['[s]'],
  '.trim': ['[s]'],
  '.isEmpty': ['[s]'],
  '.contains': ['[s sub]'],
  '.startsWith': ['[s prefix]'],
  '.endsWith': ['[s suffix]'],
  '.substring': ['[s begin]', '[s begin end]'],
};

/** The constants (Double/NaN, Math/PI …): a line each, and an example. */
export const CONSTANT_DOCS: Readonly<Record<string, readonly [string, string, string]>> = {
  'Double/POSITIVE_INFINITY': ['Positive infinity, ##Inf.', '(> Double/POSITIVE_INFINITY 1e308)', 'true'],
  'Double/NEGATIVE_INFINITY': ['Negative infinity, ##-Inf.', 'Double/NEGATIVE_INFINITY', '##-Inf'],
  'Double/NaN': ['Not a number, ##NaN (not equal even to itself).', '(= Double/NaN Double/NaN)', 'false'],
  'Double/MAX_VALUE': ['The largest finite float.', '(float? Double/MAX_VALUE)', 'true'],
  'Double/MIN_VALUE': ['The smallest positive float.', '(pos? Double/MIN_VALUE)', 'true'],
  'Math/PI': ['The ratio of a circle to its diameter, 3.141592653589793.', '(round (* 100 Math/PI))', '314'],
  'Math/E': ["Euler's number, 2.718281828459045.", '(round Math/E)', '3'],
  'Long/MAX_VALUE': ['The largest 64-bit integer, 9223372036854775807.', 'Long/MAX_VALUE', '9223372036854775807'],
  'Long/MIN_VALUE': ['The smallest 64-bit integer, -9223372036854775808.', 'Long/MIN_VALUE', '-9223372036854775808'],
  'Integer/MAX_VALUE': ['The largest 32-bit integer, 2147483647.', 'Integer/MAX_VALUE', '2147483647'],
  'Integer/MIN_VALUE': ['The smallest 32-bit integer, -2147483648.', 'Integer/MIN_VALUE', '-2147483648'],
};
