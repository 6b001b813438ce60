// Generators of hostile and random PTC-Lisp programs for the fuzz tests and the hardening report:
// programs built from the builtin table with odd arguments, and mutations of real programs (the
// specification's examples and the registry's own examples). Pure data: no test framework here.
import fc from 'fast-check';
import '../../src/lisp/builtins/index.ts';
import { allBuiltins } from '../../src/lisp/builtins/registry.ts';

/** Literals that tend to find edges: empty and huge, NaN, negative, JavaScript's own names. */
export const ODD_LITERALS = [
  'nil',
  'true',
  'false',
  '0',
  '-1',
  '1',
  '2.5',
  '-0.0',
  '##NaN',
  '##Inf',
  '##-Inf',
  '9007199254740993',
  '1e308',
  '""',
  '"a"',
  '"constructor"',
  '"__proto__"',
  '" :b"',
  ':a',
  ':constructor',
  ':__proto__',
  '(keyword "a :b")',
  '[]',
  '[1 2 3]',
  '[nil]',
  '{}',
  '{:a 1}',
  '{"toString" 1}',
  '#{}',
  '#{1 2}',
  "'(1 2)",
  '#"a+"',
  '#"(a+)+$"',
  '(range 5)',
  '(range 100000)',
  '(repeat 3 "x")',
  '\\a',
  '\\newline',
  'inc',
  'str',
  '+',
  '(fn [x] x)',
  '#(vector %)',
  'data/xs',
  '*1',
];

/** Values known to have broken interpreters like this one: catastrophic regex input, shared and deep structure, huge sizes, odd dates. */
export const HOSTILE_LITERALS = [
  '(str (apply str (repeat 40 "a")) "!")',
  '(reduce (fn [a _] [a a]) 1 (range 40))',
  '(reduce (fn [a _] [a]) 1 (range 100000))',
  '(range 1000000)',
  '(vec (range 30000))',
  '(java.util.Date. 8.64e15)',
  '(keyword "a :b")',
  '(hash-set ##NaN ##NaN)',
  '(zipmap (range 20) (repeat ##NaN))',
  '(apply str (repeat 100000 "xy"))',
  '(loop [s "x" i 0] (if (< i 24) (recur (str s s) (inc i)) s))',
  '(let [x (reduce (fn [a _] [a a]) 1 (range 30))] (fail x))',
  '(fail (reduce (fn [a _] [a]) 1 (range 100000)))',
  '(fn f [a b] (count (sort f [a b])) (compare a b))',
  '(sort (fn f [a b] (count (sort f [a b])) (compare a b)) [3 1 2])',
];

const FORMS = ['if', 'when', 'let', 'do', 'and', 'or', 'fn', 'loop', 'cond', 'case', 'for', 'doseq', 'dotimes', '->', '->>'];

let builtinCache: string[] | null = null;
export function builtinNames(): string[] {
  builtinCache ??= allBuiltins()
    .filter((b) => b.ns === null)
    .map((b) => b.name)
    .filter((n) => n !== 'pmap');
  return builtinCache;
}

/** One expression: a builtin applied to odd arguments, nested a little, sometimes in a special form. */
export function expressionArb(depth = 2, literals: readonly string[] = ODD_LITERALS): fc.Arbitrary<string> {
  const leaf = fc.constantFrom(...literals);
  if (depth <= 0) return leaf;
  const sub = expressionArb(depth - 1, literals);
  return fc.oneof(
    { arbitrary: leaf, weight: 3 },
    {
      arbitrary: fc.tuple(fc.constantFrom(...builtinNames()), fc.array(sub, { maxLength: 3 })).map(([f, xs]) => `(${f}${xs.map((x) => ' ' + x).join('')})`),
      weight: 5,
    },
    { arbitrary: fc.tuple(fc.constantFrom(...FORMS), fc.array(sub, { maxLength: 3 })).map(([f, xs]) => `(${f}${xs.map((x) => ' ' + x).join('')})`), weight: 1 },
    { arbitrary: fc.tuple(sub, sub).map(([a, b]) => `(let [x ${a}] [x ${b} x])`), weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('map', 'filter', 'reduce', 'mapv', 'sort-by', 'group-by'), sub)
        .map(([f, coll]) => `(${f} (fn [& xs] (first xs)) ${coll})`),
      weight: 1,
    },
  );
}

/** A program of one to three top-level forms, sometimes with definitions. */
export function programsOf(literals: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(expressionArb(2, literals), { minLength: 1, maxLength: 3 }), fc.boolean())
    .map(([forms, define]) => (define ? `(def v ${forms[0]})\n${forms.slice(1).join('\n')}\nv` : forms.join('\n')));
}

export const programArb: fc.Arbitrary<string> = programsOf(ODD_LITERALS);
/** The same, with the hostile literals mixed in. */
export const hostileProgramArb: fc.Arbitrary<string> = programsOf([...ODD_LITERALS, ...HOSTILE_LITERALS]);

/** Small edits that break or bend a program: drop, duplicate or swap a character, insert a bracket or a token. */
export function mutationArb(source: string): fc.Arbitrary<string> {
  const len = Math.max(1, source.length);
  const at = fc.integer({ min: 0, max: len });
  return fc.oneof(
    at.map((i) => source.slice(0, i) + source.slice(i + 1)),
    at.map((i) => source.slice(0, i) + source.slice(i, i + 1) + source.slice(i)),
    fc
      .tuple(at, fc.constantFrom('(', ')', '[', ']', '{', '}', '"', '#', '\\', '^', '~', '@', '`', "'", ' ', ':', '%'))
      .map(([i, c]) => source.slice(0, i) + c + source.slice(i)),
    fc.tuple(at, fc.constantFrom(...ODD_LITERALS)).map(([i, t]) => `${source.slice(0, i)} ${t} ${source.slice(i)}`),
    fc.tuple(at, at).map(([i, j]) => source.slice(0, Math.min(i, j)) + source.slice(Math.max(i, j))),
  );
}

/** Words that only JavaScript's own errors use: none may reach the user. */
export const JS_LEAK =
  /Cannot read prop|is not a function(?! and cannot be called)|is not iterable|undefined is not|Invalid string length|Invalid array length|Invalid time value|Maximum call stack|\bat (?:Object|Function|new )|\.ts:\d+|\.js:\d+|\[object Object\]|TypeError:|RangeError:|ReferenceError:|SyntaxError:/;

export const ERROR_TYPES = new Set([
  'parse_error',
  'validation_error',
  'type_error',
  'arity_error',
  'undefined_error',
  'ambiguous_reference',
  'execution_error',
  'invalid_java_string',
  'tool_error',
  'arithmetic_error',
  'timeout',
  'loop_limit_exceeded',
  'depth_limit_exceeded',
  'output_limit_exceeded',
  'memory_exceeded',
]);
