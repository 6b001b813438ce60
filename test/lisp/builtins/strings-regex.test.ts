// Strings, format, regexes and the Java string methods.
import { describe, expect, test } from 'vitest';
import { callBuiltin, errors, evErr, table } from '../helpers.ts';
import { lookupNamespaced } from '../../../src/lisp/builtins/index.ts';

table('str concatenates printed forms', [
  ['(str)', '""'],
  ['(str "hello")', '"hello"'],
  ['(str "Hello" " " "World")', '"Hello World"'],
  ['(str nil)', '""'],
  ['(str nil "x")', '"x"'],
  ['(str :user)', '":user"'],
  ['(str 42 1.5 2.0)', '"421.52.0"'],
  ['(str true false)', '"truefalse"'],
  ['(str [1 "a" :b])', '"[1 \\"a\\" :b]"'],
  ['(str {:a 1})', '"{:a 1}"'],
  ['(str \\a \\b)', '"ab"'],
  ['(str 9007199254740993)', '"9007199254740993"'],
  ['(str Double/NaN)', '"##NaN"'],
  ['(str/join "-" ["a" "b"])', '"a-b"'],
  ['(string/upper-case "x")', '"X"'],
  ['(clojure.string/trim " x ")', '"x"'],
]);

table('subs counts characters', [
  ['(subs "hello" 1)', '"ello"'],
  ['(subs "hello" 1 4)', '"ell"'],
  ['(subs "hello" 0 0)', '""'],
  ['(subs "hello" 5)', '""'],
  ['(subs "a😀b" 1 2)', '"😀"'],
  ['(subs "a😀b" 2)', '"b"'],
]);

// A character is a grapheme: "e" + U+0301, a flag, a family joined by U+200D count as one.
table('string functions count graphemes', [
  ['(count "e\u0301")', '1'],
  ['(count "😀a")', '2'],
  ['(count "🇺🇸🇫🇷")', '2'],
  ['(count "👨\u200d👩\u200d👧x")', '2'],
  ['(count "a\r\nb")', '3'],
  ['(subs "e\u0301xy" 1)', '"xy"'],
  ['(subs "🇺🇸🇫🇷" 1)', '"🇫🇷"'],
  ['(seq "e\u0301x")', '["e\u0301" "x"]'],
  ['(first "👍🏽!")', '"👍🏽"'],
  ['(nth "a😀b" 2)', '"b"'],
  ['(get "a😀b" 1)', '"😀"'],
  ['(vec "🇺🇸a")', '["🇺🇸" "a"]'],
  ['(index-of "😀a😀b" "b")', '3'],
  ['(last-index-of "😀a😀b" "😀")', '2'],
  ['(index-of "😀a😀b" "😀" 1)', '2'],
  ['(index-of "e\u0301x" "\u0301")', '1'],
  ['(split "e\u0301x" "")', '["e\u0301" "x"]'],
  ['(clojure.string/reverse "ae\u0301")', '"e\u0301a"'],
  ['(reverse "ae\u0301")', '["e\u0301" "a"]'],
  ['(char? "e\u0301")', 'true'],
  ['(char? "ab")', 'false'],
  ['(format "%.1s" "e\u0301x")', '"e\u0301"'],
  ['(count (filter #(= "😀" %) "😀a😀"))', '2'],
]);

errors('subs bounds and types', [
  ['(subs "abc" 5)', 'runtime_error', /out of range for a string of 3 characters/],
  ['(subs "abc" 0 10)', 'runtime_error', /min/],
  ['(subs "abc" 2 1)', 'runtime_error'],
  ['(subs "abc" -1)', 'runtime_error'],
  ['(subs nil 0)', 'type_error', /subs expected a string, got nil/],
  ['(subs "abc" 1.5)', 'type_error', /integer/],
]);

table('join, split and lines', [
  ['(join ", " ["a" "b" "c"])', '"a, b, c"'],
  ['(join ["a" "b" "c"])', '"abc"'],
  ['(join "-" [1 2 3])', '"1-2-3"'],
  ['(join ", " [])', '""'],
  ['(join "," nil)', '""'],
  ['(join "," [nil "a" :k])', '",a,:k"'],
  ['(join "," #{1})', '"1"'],
  ['(split "a,b,c" ",")', '["a" "b" "c"]'],
  ['(split "a,,b" ",")', '["a" "" "b"]'],
  ['(split "a,b," ",")', '["a" "b" ""]'],
  ['(split "hello" "")', '["h" "e" "l" "l" "o"]'],
  ['(split "a1b22c" (re-pattern "\\\\d+"))', '["a" "b" "c"]'],
  ['(split "a1b2" (re-pattern "\\\\d"))', '["a" "b"]'],
  ['(split "a,b,c,d" "," 2)', '["a" "b,c,d"]'],
  ['(split "a1b2c3" (re-pattern "\\\\d") 2)', '["a" "b2c3"]'],
  ['(split-lines "a\\nb\\r\\nc")', '["a" "b" "c"]'],
  ['(split-lines "a\\n\\nb\\n\\n")', '["a" "" "b"]'],
  ['(split-lines "")', '[]'],
  ['(trim "  hi  ")', '"hi"'],
  ['(trim "\\n\\t text \\r\\n")', '"text"'],
  ['(triml "  hi  ")', '"hi  "'],
  ['(trimr "  hi  ")', '"  hi"'],
  ['(trim-newline "hi\\r\\n")', '"hi"'],
  ['(trim-newline "hi \\n ")', '"hi \\n "'],
]);

errors('join and split argument errors', [
  ['(join ["a"] ",")', 'type_error', /separator first/],
  ['(join "," 5)', 'type_error'],
  ['(split nil ",")', 'type_error'],
  ['(split "a" 1)', 'type_error', /separator/],
]);

table('replace and replace-first', [
  ['(replace "hello" "l" "L")', '"heLLo"'],
  ['(replace "aaa" "a" "b")', '"bbb"'],
  ['(replace "a.b.c" "." "-")', '"a-b-c"'],
  ['(replace "price $1" "$1" "$2")', '"price $2"'],
  ['(replace "abc" "" "-")', '"-a-b-c-"'],
  ['(replace "x1y22" (re-pattern "\\\\d+") "#")', '"x#y#"'],
  ['(replace "John Smith" (re-pattern "(\\\\w+) (\\\\w+)") "$2, $1")', '"Smith, John"'],
  ['(replace "a1" (re-pattern "\\\\d") "\\\\$")', '"a$"'],
  ['(replace "a1b2" (re-pattern "\\\\d") (fn [m] (str "<" m ">")))', '"a<1>b<2>"'],
  ['(replace "k=v" (re-pattern "(\\\\w)=(\\\\w)") (fn [[_ k v]] (str v "=" k)))', '"v=k"'],
  ['(replace-first "a-b-c" "-" "+")', '"a+b-c"'],
  ['(replace-first "a1b2" (re-pattern "\\\\d") "#")', '"a#b2"'],
  ['(replace {:a 1} [:a :b :a])', '[1 :b 1]'],
  ['(replace [:zero :one] [0 1 2])', '[:zero :one 2]'],
]);

errors('replace errors', [
  ['(replace nil "a" "b")', 'type_error'],
  ['(replace "abc" 1 "b")', 'type_error', /string or regex/],
  ['(replace "abc" (re-pattern "(b)") "$2")', 'runtime_error', /group 2/],
]);

table('case, tests and search', [
  ['(upper-case "abc")', '"ABC"'],
  ['(lower-case "ABC")', '"abc"'],
  ['(upcase "abc")', '"ABC"'],
  ['(downcase "ÄBC")', '"äbc"'],
  ['(starts-with? "hello" "he")', 'true'],
  ['(starts-with? "hello" "x")', 'false'],
  ['(starts-with? "hello" "")', 'true'],
  ['(ends-with? "hello" "lo")', 'true'],
  ['(includes? "hello" "ell")', 'true'],
  ['(includes? "hello" "")', 'true'],
  ['(includes? "hello" \\z)', 'false'],
  ['(blank? "  ")', 'true'],
  ['(blank? "")', 'true'],
  ['(blank? nil)', 'true'],
  ['(blank? " a ")', 'false'],
  ['(index-of "hello" "l")', '2'],
  ['(index-of "hello" "l" 3)', '3'],
  ['(index-of "hello" "z")', 'nil'],
  ['(index-of "😀ab" "b")', '2'],
  ['(last-index-of "hello" "l")', '3'],
  ['(last-index-of "hello" "l" 2)', '2'],
  ['(last-index-of "hello" "z")', 'nil'],
  ['(clojure.string/reverse "abc")', '"cba"'],
  ['(str/reverse "a😀b")', '"b😀a"'],
  ['(reverse "abc")', '["c" "b" "a"]'],
]);

errors('string functions reject non-strings', [
  ['(upper-case nil)', 'type_error', /upper-case expected a string, got nil/],
  ['(includes? ["a" "b"] "a")', 'type_error', /contains\?/],
  ['(starts-with? "abc" nil)', 'type_error'],
  ['(blank? 5)', 'type_error'],
  ['(index-of 123 "1")', 'type_error'],
]);

table('format is Java-style', [
  ['(format "%s has %d items" "cart" 3)', '"cart has 3 items"'],
  ['(format "%.2f" 3.14159)', '"3.14"'],
  ['(format "%.2f" 1.005)', '"1.01"'],
  ['(format "%.2f" 2)', '"2.00"'],
  ['(format "%.0f" 2.5)', '"3"'],
  ['(format "%f" 1.5)', '"1.500000"'],
  ['(format "%.1f%%" 45.67)', '"45.7%"'],
  ['(format "%5d|%-5d|%05d" 42 42 42)', '"   42|42   |00042"'],
  ['(format "%,d" 1234567)', '"1,234,567"'],
  ['(format "%,.2f" 1234567.891)', '"1,234,567.89"'],
  ['(format "%+d" 5)', '"+5"'],
  ['(format "%x %X %o" 255 255 8)', '"ff FF 10"'],
  ['(format "%e" 12345.678)', '"1.234568e+04"'],
  ['(format "%10s|%-6s|" "hi" "ab")', '"        hi|ab    |"'],
  ['(format "%.3s" "abcdef")', '"abc"'],
  ['(format "%s %s" :k nil)', '":k nil"'],
  ['(format "%s" [1 "a"])', '"[1 \\"a\\"]"'],
  ['(format "%d" 9007199254740993)', '"9007199254740993"'],
  ['(format "%2$s %1$s" "a" "b")', '"b a"'],
  ['(format "%b %c" nil \\x)', '"false x"'],
  ['(format "a%nb")', '"a\\nb"'],
  ['(format "no args")', '"no args"'],
  ['(format "%.2f" Double/NaN)', '"NaN"'],
]);

errors('format errors', [
  ['(format "%d" 1.5)', 'type_error', /%f/],
  ['(format "%d" "x")', 'type_error'],
  ['(format "%.2f" "x")', 'type_error'],
  ['(format "%s %s" 1)', 'runtime_error', /no argument/],
  ['(format "%q" 1)', 'runtime_error', /unknown conversion/],
  ['(format nil)', 'type_error'],
]);

table('pr-str prints readably', [
  ['(pr-str "a")', '"\\"a\\""'],
  ['(pr-str nil)', '"nil"'],
  ['(pr-str 1 "b" :c)', '"1 \\"b\\" :c"'],
  ['(pr-str)', '""'],
]);

table('grep and grep-n', [
  ['(grep "err" "ok\\nerr 1\\nerr 2")', '["err 1" "err 2"]'],
  ['(grep "" "a\\nb")', '["a" "b"]'],
  ['(grep "x" "a\\nb")', '[]'],
  ['(grep "a.c" "abc\\na.c")', '["a.c"]'],
  ['(grep (re-pattern "^\\\\d+$") "12\\nab\\n3")', '["12" "3"]'],
  ['(grep-n "b" "a\\nb")', '[{:line 2 :text "b"}]'],
  ['(grep-n "" "x\\ny")', '[{:line 1 :text "x"} {:line 2 :text "y"}]'],
]);

table('regex matching', [
  ['(re-find (re-pattern "\\\\d+") "v1")', '"1"'],
  ['(re-find (re-pattern "\\\\d+") "abc")', 'nil'],
  ['(re-find (re-pattern "(\\\\d+)-(\\\\d+)") "10-20")', '["10-20" "10" "20"]'],
  ['(re-find (re-pattern "(a)|(b)") "b")', '["b" nil "b"]'],
  ['(re-find "\\\\d+" "ab12")', '"12"'],
  ['(re-matches (re-pattern "\\\\d+") "123")', '"123"'],
  ['(re-matches (re-pattern "\\\\d+") "123a")', 'nil'],
  ['(re-matches (re-pattern "a|ab") "ab")', '"ab"'],
  ['(re-matches (re-pattern "(\\\\w+)@(\\\\w+)") "me@host")', '["me@host" "me" "host"]'],
  ['(re-matches (re-pattern "(?m)^a$") "a\\nb")', 'nil'],
  ['(re-seq (re-pattern "\\\\d+") "a1b22c333")', '["1" "22" "333"]'],
  ['(re-seq (re-pattern "(\\\\w)=(\\\\d)") "a=1 b=2")', '[["a=1" "a" "1"] ["b=2" "b" "2"]]'],
  ['(re-seq (re-pattern "x") "abc")', '[]'],
  ['(count (re-seq (re-pattern "a*") "baa"))', '3'],
  ['(re-split (re-pattern "\\\\s+") "a  b   c")', '["a" "b" "c"]'],
  ['(re-split (re-pattern ",") "a,b,c")', '["a" "b" "c"]'],
  ['(re-split (re-pattern "(,)") "a,b")', '["a" "b"]'],
  ['(re-split (re-pattern ",") "a,b,")', '["a" "b" ""]'],
  ['(re-find (re-pattern "(?i)hello") "HeLLo")', '"HeLLo"'],
  ['(re-find (re-pattern "\\\\Qa.b\\\\E") "xa.b")', '"a.b"'],
  ['(regex? (re-pattern "a"))', 'true'],
  ['(regex? "a")', 'false'],
  ['(re-pattern "a+")', '#"a+"'],
  ['(extract "id=(\\\\d+)" "user id=42")', '"42"'],
  ['(extract "id=(\\\\d+)" "user id=42" 0)', '"id=42"'],
  ['(extract "\\\\d+" "ab 12 cd")', '"12"'],
  ['(extract (re-pattern "(\\\\w+)@(\\\\w+)") "me@host" 2)', '"host"'],
  ['(extract "z(\\\\d)" "abc")', 'nil'],
  ['(extract "(\\\\d)" nil)', 'nil'],
  ['(extract-int "(\\\\d+) items" "got 12 items")', '12'],
  ['(extract-int "(\\\\d+)" "none")', 'nil'],
  ['(extract-int "(\\\\d+)" "none" 1 0)', '0'],
  ['(extract-int "(\\\\w+)" "abc" 1 -1)', '-1'],
]);

errors('regex errors', [
  ['(re-pattern "(")', 'runtime_error', /invalid regex/],
  ['(re-pattern 5)', 'type_error'],
  ['(re-find 5 "a")', 'type_error', /regex/],
  ['(re-find (re-pattern "a") nil)', 'type_error'],
  ['(extract "(a)" "a" 3)', 'runtime_error', /no group 3/],
]);

describe('regex safety limits', () => {
  test('patterns over 256 characters are refused', () => {
    const e = evErr(`(re-pattern "${'a'.repeat(257)}")`);
    expect(e.type).toBe('runtime_error');
    expect(e.message).toMatch(/limit is 256/);
  });
  test('only the first 32 KB of the input is scanned', () => {
    const big = 'a'.repeat(40000) + 'b';
    expect(callBuiltin('re-find', callBuiltin('re-pattern', 'b'), big)).toBeNull();
    expect(callBuiltin('re-find', callBuiltin('re-pattern', 'a+'), big)).toHaveLength(32 * 1024);
  });
});

// Java's string methods count UTF-16 units: test/lisp/builtins/java-interop.test.ts.

describe('namespaces', () => {
  test('string functions are reachable as clojure.string/…', () => {
    for (const name of [
      'str',
      'subs',
      'join',
      'split',
      'split-lines',
      'trim',
      'replace',
      'upper-case',
      'includes?',
      'blank?',
      'index-of',
      'reverse',
      'format',
    ]) {
      expect(lookupNamespaced('clojure.string', name)?.name).toBe(name);
    }
  });
  test('capitalize is not available', () => {
    expect(lookupNamespaced('str', 'capitalize')).toBeUndefined();
  });
});
