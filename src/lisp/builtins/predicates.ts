// Builtins: type tests, numeric predicates, logic (`not`, `boolean`) and the keyword/name coercions.
import { typeError } from '../errors.ts';
import { negNum, posNum, zeroNum } from '../fast-paths.ts';
import { constructedKeywordProblem } from '../keyword-names.ts';
import { graphemeCount } from '../graphemes.ts';
import { isFloat, isInteger, isNumber, numCompare, toJs } from '../numbers.ts';
import { Keyword, PFloat, PList, PMap, PSet, truthy, type Value } from '../values.ts';
import { expected, kindOf, num, show } from './coerce.ts';
import { builtin, builtinArea } from './registry.ts';

type Example = readonly [string, string];

function pred(name: string, doc: string, test: (v: Value) => boolean, examples: readonly Example[] = []): void {
  builtin(name, 1, doc, test, { params: ['[x]'], examples });
}

/** A one-character string (one grapheme): how characters are represented. */
function isChar(v: Value): boolean {
  if (typeof v !== 'string') return false;
  if (v.length === 1) return true;
  return v.length > 1 && graphemeCount(v) === 1;
}

// The reference area of the builtins below (registry.ts).
builtinArea('predicates');

pred('nil?', 'True when x is nil', (v) => v === null, [['(nil? nil)', 'true']]);
pred('some?', 'True when x is not nil (false counts as some)', (v) => v !== null, [['(some? false)', 'true']]);
pred('true?', 'True when x is the boolean true', (v) => v === true, [['(true? 1)', 'false']]);
pred('false?', 'True when x is the boolean false', (v) => v === false, [['(false? nil)', 'false']]);
pred('boolean?', 'True when x is true or false', (v) => typeof v === 'boolean', [['(boolean? false)', 'true']]);
pred('number?', 'True when x is a number (integer or float, ##NaN and ##Inf included)', isNumber, [['(number? 1.5)', 'true']]);
pred('integer?', 'True when x is an integer', isInteger, [
  ['(integer? 3)', 'true'],
  ['(integer? 3.0)', 'false'],
]);
pred('int?', 'True when x is an integer', isInteger, [['(int? 3)', 'true']]);
pred('float?', 'True when x is a float', isFloat, [['(float? 3.0)', 'true']]);
pred('double?', 'True when x is a float', isFloat, [['(double? 1)', 'false']]);
pred('string?', 'True when x is a string (characters are 1-character strings)', (v) => typeof v === 'string', [['(string? "a")', 'true']]);
pred('char?', 'True when x is a 1-character string', isChar, [
  ['(char? \\a)', 'true'],
  ['(char? "ab")', 'false'],
]);
pred('keyword?', 'True when x is a keyword', (v) => v instanceof Keyword, [['(keyword? :a)', 'true']]);
pred('vector?', 'True when x is a vector', (v) => Array.isArray(v), [['(vector? [1])', 'true']]);
pred('list?', 'True when x is a list', (v) => v instanceof PList, [['(list? [1])', 'false']]);
pred('map?', 'True when x is a map', (v) => v instanceof PMap, [['(map? {:a 1})', 'true']]);
pred('set?', 'True when x is a set', (v) => v instanceof PSet, [['(set? #{1})', 'true']]);
pred(
  'coll?',
  'True when x is a collection: a vector, list, map or set (strings are not)',
  (v) => Array.isArray(v) || v instanceof PList || v instanceof PMap || v instanceof PSet,
  [
    ['(coll? [1 2])', 'true'],
    ['(coll? {:a 1})', 'true'],
    ['(coll? "abc")', 'false'],
  ],
);
pred('sequential?', 'True when x is an ordered collection: a vector or list (not maps, sets or strings)', (v) => Array.isArray(v) || v instanceof PList, [
  ['(sequential? [1])', 'true'],
  ['(sequential? #{1})', 'false'],
]);
pred(
  'seqable?',
  'True when x can be used as a sequence: nil, strings, vectors, lists, maps and sets',
  (v) => v === null || typeof v === 'string' || Array.isArray(v) || v instanceof PList || v instanceof PMap || v instanceof PSet,
  [['(seqable? "abc")', 'true']],
);
pred('fn?', 'True when x is a function', (v) => typeof v === 'function', [['(fn? inc)', 'true']]);
pred(
  'ifn?',
  'True when x can be called: functions, keywords, maps, sets and vectors',
  (v) => typeof v === 'function' || v instanceof Keyword || v instanceof PMap || v instanceof PSet || Array.isArray(v),
  [['(ifn? :a)', 'true']],
);

// Numeric predicates: non-numbers are a type error; NaN makes each of them false. Each tries its
// fast path (fast-paths.ts; a separate function per predicate, so V8 can inline it) first.
function numPred(name: string, doc: string, test: (v: Value) => boolean, examples: readonly Example[]): void {
  pred(name, doc, test, examples);
}
function numSign(name: string, v: Value): number {
  return numCompare(num(name, v), 0);
}
numPred('zero?', 'True when the number is zero', (v) => zeroNum(v, (x) => numSign('zero?', x) === 0), [
  ['(zero? 0)', 'true'],
  ['(zero? 0.0)', 'true'],
]);
numPred('pos?', 'True when the number is greater than zero', (v) => posNum(v, (x) => numSign('pos?', x) > 0), [['(pos? 3)', 'true']]);
numPred('neg?', 'True when the number is less than zero', (v) => negNum(v, (x) => numSign('neg?', x) < 0), [['(neg? -1)', 'true']]);

/** even? and odd?: a whole float counts as its integer; other floats and non-numbers are neither. */
function parity(wantOdd: boolean): (v: Value) => boolean {
  return (v: Value): boolean => {
    if (typeof v === 'number') return Number.isInteger(v) && (v % 2 !== 0) === wantOdd;
    if (typeof v === 'bigint') return (v % 2n !== 0n) === wantOdd;
    return v instanceof PFloat && (v.v % 2 !== 0) === wantOdd;
  };
}
pred('even?', 'True when the number is even; a whole float counts (4.0), other floats and non-numbers give false', parity(false), [
  ['(even? 4)', 'true'],
  ['(even? 4.0)', 'true'],
  ['(even? 4.5)', 'false'],
]);
pred('odd?', 'True when the number is odd; a whole float counts (3.0), other floats and non-numbers give false', parity(true), [['(odd? 3)', 'true']]);

pred('nat-int?', 'True when x is an integer ≥ 0', (v) => isInteger(v) && numCompare(v, 0) >= 0, [['(nat-int? 0)', 'true']]);
pred('pos-int?', 'True when x is an integer > 0', (v) => isInteger(v) && numCompare(v, 0) > 0, [['(pos-int? 0)', 'false']]);
pred('neg-int?', 'True when x is an integer < 0', (v) => isInteger(v) && numCompare(v, 0) < 0, [['(neg-int? -2)', 'true']]);
pred('NaN?', 'True when the number is ##NaN', (v) => Number.isNaN(toJs(num('NaN?', v))), [['(NaN? Double/NaN)', 'true']]);
pred(
  'infinite?',
  'True when the number is ##Inf or ##-Inf',
  (v) => {
    const n = toJs(num('infinite?', v));
    return n === Infinity || n === -Infinity;
  },
  [['(infinite? Double/POSITIVE_INFINITY)', 'true']],
);

pred('not', 'True when x is nil or false; false for everything else', (v) => !truthy(v), [
  ['(not nil)', 'true'],
  ['(not 0)', 'false'],
]);
builtinArea('strings');
pred('boolean', 'Coerce to a boolean: nil and false give false, everything else true', truthy, [['(boolean 0)', 'true']]);

builtin(
  'keyword',
  1,
  'Make a keyword from a string (a keyword is returned as is; nil gives nil)',
  (v) => {
    if (v instanceof Keyword || v === null) return v;
    if (typeof v !== 'string') throw expected('keyword', 'a string', v);
    const problem = constructedKeywordProblem(v);
    if (problem !== null) throw typeError(`keyword cannot make a keyword of ${show(v)}: ${problem}; a string can be a map key as it is`);
    return Keyword.of(v);
  },
  {
    params: ['[name]'],
    examples: [
      ['(keyword "status")', ':status'],
      ['(keyword "first name")', 'error: type_error'],
    ],
  },
);

builtin(
  'name',
  1,
  'The name of a keyword without the colon; a string is returned as is',
  (v) => {
    if (v instanceof Keyword) return v.name;
    if (typeof v === 'string') return v;
    throw expected('name', 'a keyword or string', v);
  },
  { params: ['[x]'], examples: [['(name :user-id)', '"user-id"']] },
);

builtin('type', 1, 'The kind of a value as a keyword: :integer :float :string :keyword :vector :map :set :nil …', (v) => Keyword.of(kindOf(v)), {
  params: ['[x]'],
  examples: [
    ['(type 1)', ':integer'],
    ['(type "a")', ':string'],
  ],
});
