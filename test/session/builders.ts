// Builders shared by the session tests: a value of every PTC kind and recorded turns holding it.
import type { Turn } from '../../src/agent/turn.ts';
import type { PtcError } from '../../src/lisp/errors.ts';
import { float } from '../../src/lisp/numbers.ts';
import { compileRegex } from '../../src/lisp/reader.ts';
import { parseSession, type Session } from '../../src/session/session-file.ts';
import {
  Keyword,
  makeFn,
  MapBuilder,
  PDate,
  PDuration,
  PInstant,
  PList,
  PLocalDate,
  type PMap,
  PSet,
  PVar,
  type PtcFn,
  type Value,
} from '../../src/lisp/values.ts';

const kw = Keyword.of;

export const map = (...entries: [Value, Value][]): PMap => {
  const b = new MapBuilder();
  for (const [k, v] of entries) b.set(k, v);
  return b.build();
};

export function everyKindOfValue(): Value {
  const fn: PtcFn = makeFn(() => 1, { name: 'total', kind: 'closure', minArity: 1, maxArity: 1, params: ['[xs]'], doc: 'Sum' });
  return map(
    [kw('nil'), null],
    [kw('bools'), [true, false]],
    [kw('ints'), [0, -5, Number.MAX_SAFE_INTEGER, 2n ** 70n]],
    [kw('floats'), [2.5, float(2), float(-0), Infinity, -Infinity, NaN, float(1e21)]],
    [kw('strings'), ['', 'a "quoted"\nline', '$kw', 'é']],
    [kw('keywords'), [kw('a'), kw('ns/b'), kw('$x')]],
    [kw('list'), new PList([1, new PList([])])],
    [kw('set'), PSet.from([1, 'one', kw('one')])],
    [kw('odd-keys'), map(['s', 1], [1, 2], [[1, 2], 3], [kw('x/y'), 4], [kw('$m'), 5], [kw('3'), 6], [null, 7], [PSet.from([1]), 8])],
    [kw('regex'), compileRegex('(?i)ab+')],
    [kw('dates'), [new PLocalDate(20461), new PDate(1767863101007n), new PInstant(1767863101n, 7), new PDuration(-1n, 999_999_999)]],
    [kw('var'), new PVar('x')],
    [kw('fn'), fn],
    ['string key', map([kw('nested'), [map([kw('deep'), PSet.from([float(3)])])]])],
  );
}

export function recordedTurns(): Turn[] {
  const v = everyKindOfValue();
  const helper = makeFn(() => null, { name: 'helper', kind: 'closure', minArity: 0, maxArity: Infinity, params: ['[& xs]'] });
  return [
    {
      number: 1,
      rawResponse: '```clojure\n(def all data/products)\n(println "n" (count all))\n```',
      program: '(def all data/products)\n(println "n" (count all))',
      result: v,
      signal: null,
      prints: ['n 1'],
      toolCalls: [
        { name: 'search-reviews', args: ['Electronics', v], result: 'Reviews for Electronics', durationMs: 0.25 },
        { name: 'broken', args: [], result: null, durationMs: 1, error: 'boom' },
      ],
      memory: new Map([
        ['all', { name: 'all', value: v, doc: 'Everything' }],
        ['helper', { name: 'helper', value: helper, returnType: 'map[2]' }],
      ]),
      success: true,
      messages: [
        { role: 'system', content: 'SYSTEM' },
        { role: 'user', content: 'USER\n;; === tool/ ===' },
      ],
      durationMs: 12.5,
    },
    {
      number: 2,
      rawResponse: '(oops',
      program: '(oops',
      result: null,
      error: { type: 'parse_error', message: 'Unexpected end of input', line: 1, column: 1 },
      signal: null,
      prints: [],
      toolCalls: [],
      memory: new Map([['all', { name: 'all', value: v, doc: 'Everything' }]]),
      success: false,
      messages: [{ role: 'assistant', content: '(oops' }],
      durationMs: 3,
    },
    {
      number: 3,
      rawResponse: '(fail {:why :no-stock})',
      program: '(fail {:why :no-stock})',
      result: map([kw('why'), kw('no-stock')]),
      error: { type: 'fail' as PtcError['type'], message: '{:why :no-stock}' },
      signal: 'fail',
      prints: [],
      toolCalls: [],
      memory: new Map(),
      success: false,
      messages: [],
      durationMs: 0,
    },
  ];
}

/** The session of `base` with `patch` over it, read as a file; the test fails when it is refused. */
export function parsedWith(base: Record<string, unknown>, patch: Record<string, unknown>): Session {
  const r = parseSession(JSON.stringify({ ...base, ...patch }));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

/** Why the session of `base` with `patch` over it is refused; the test fails when it opens. */
export function problemsWith(base: Record<string, unknown>, patch: Record<string, unknown>): string[] {
  const r = parseSession(JSON.stringify({ ...base, ...patch }));
  if (r.ok) throw new Error('expected the session to be refused');
  return r.errors;
}
