import { describe, expect, it } from 'vitest';
import {
  callFormOfSignature,
  formatCallForm,
  formatSignature,
  isSymbolName,
  KNOWN_TYPES,
  parseSignature,
  parseType,
  type SignatureResult,
} from '../../src/records/signature.ts';

function ok(result: SignatureResult): { params: { name: string; type: string }[]; returns: string | null } {
  if (!result.ok) throw new Error(`expected success, got: ${result.message}`);
  return { params: result.params.map((p) => ({ ...p })), returns: result.returns };
}

function failure(text: string): { message: string; column: number } {
  const r = parseSignature(text);
  if (r.ok) throw new Error(`expected ${JSON.stringify(text)} to be rejected`);
  return { message: r.message, column: r.column };
}

describe('parseSignature accepts the seeds’ forms', () => {
  const cases: [string, { name: string; type: string }[], string | null][] = [
    ['(category :string) -> :string', [{ name: 'category', type: ':string' }], ':string'],
    ['() -> :map', [], ':map'],
    ['()', [], null],
    [
      '(to :string subject :string) -> nil',
      [
        { name: 'to', type: ':string' },
        { name: 'subject', type: ':string' },
      ],
      'nil',
    ],
    [
      '(to :string, subject :string) -> :nil',
      [
        { name: 'to', type: ':string' },
        { name: 'subject', type: ':string' },
      ],
      ':nil',
    ],
    [
      '(query :string limit :int) -> [:map]',
      [
        { name: 'query', type: ':string' },
        { name: 'limit', type: ':int' },
      ],
      '[:map]',
    ],
    ['(x :float)', [{ name: 'x', type: ':float' }], null],
    ['() -> {:name :string :price :float}', [], '{:name :string :price :float}'],
    ['() -> {count :int, items [{id :int}]}', [], '{count :int items [{id :int}]}'],
    ['(filter {:min :number :tags [:keyword]}) -> [[:string]]', [{ name: 'filter', type: '{:min :number :tags [:keyword]}' }], '[[:string]]'],
    ['(opt :string?) -> :any', [{ name: 'opt', type: ':string?' }], ':any'],
    [
      '(max-price :number include-out-of-stock? :boolean) -> :list',
      [
        { name: 'max-price', type: ':number' },
        { name: 'include-out-of-stock?', type: ':boolean' },
      ],
      ':list',
    ],
    ['(e nil) -> :bool', [{ name: 'e', type: 'nil' }], ':bool'],
    ['() -> {}', [], '{}'],
  ];
  it.each(cases)('%s', (text, params, returns) => {
    expect(ok(parseSignature(text))).toEqual({ params, returns });
  });

  it('normalises spacing and commas in types', () => {
    const r = ok(parseSignature('  ( a   [ :map ] ,b {  :x :int ,  :y [ { :z :string } ] } )->{ :ok :bool }  '));
    expect(r).toEqual({
      params: [
        { name: 'a', type: '[:map]' },
        { name: 'b', type: '{:x :int :y [{:z :string}]}' },
      ],
      returns: '{:ok :bool}',
    });
  });

  it('accepts a signature spread over lines', () => {
    expect(ok(parseSignature('(a :string\n b :int)\n -> :map')).params).toHaveLength(2);
  });
});

describe('parseSignature rejects malformed signatures, saying what and where', () => {
  const cases: [string, string, RegExp, number][] = [
    ['empty', '', /empty signature/, 1],
    ['blank', '   ', /empty signature/, 4],
    ['no parameter list', 'string', /expected \( to start the parameter list, or a return type alone, found string/, 1],
    ['unclosed parameter list', '(category :string -> :string', /parameter category has no type|missing \)/, 1],
    ['unclosed parameter list at the end', '(category :string', /missing \) to close the parameter list/, 1],
    ['parameter without a type at the end', '(to :string subject)', /parameter subject has no type/, 13],
    ['parameter followed by another name', '(a b :string)', /parameter a has no type: expected a type .* found b/, 4],
    ['type without a name', '(:string)', /expected a parameter name before its type, found :string/, 2],
    ['invalid parameter name', '(1abc :string)', /invalid parameter name 1abc/, 2],
    ['namespaced parameter name', '(a/b :string)', /invalid parameter name a\/b/, 2],
    ['duplicate parameter', '(a :int a :int)', /parameter a appears twice/, 9],
    ['unclosed vector', '(a [:map) -> :string', /mismatched \): expected \] to close the \[ at column 4/, 9],
    ['unclosed vector at the end', '() -> [:map', /missing \] to close this \[/, 7],
    ['unclosed map', '() -> {:a :int', /missing \} to close this \{/, 7],
    ['stray closer after the list', '(a :int)) -> :x', /unexpected \): nothing to close/, 9],
    ['stray closer in a type', '(a ]) -> :x', /unexpected \]: nothing to close/, 4],
    ['empty vector type', '() -> []', /needs an element type/, 7],
    ['vector with two types', '() -> [:int :map]', /exactly one element type/, 13],
    ['map field without type', '() -> {:name :string :price}', /field :price has no type/, 22],
    ['duplicate map field', '() -> {:a :int a :int}', /field a appears twice/, 16],
    ['keyword without name', '(a :) -> :x', /expected a type name after :/, 4],
    ['missing arrow', '(a :int) :string', /expected -> and a return type after the parameter list, found :string/, 10],
    ['missing return type', '(a :int) ->', /missing return type after ->/, 10],
    ['text after the return type', '(a :int) -> :string :int', /unexpected text after the return type: :int/, 21],
    ['more text after the return type', '(a :int) -> [:map] extra words', /unexpected text after the return type: extra words/, 20],
    ['bare word as a type', '(a string) -> :x', /parameter a has no type: expected a type .* found string/, 4],
    ['bare word as return type', '() -> string', /expected the return type: a type such as :string/, 7],
  ];
  it.each(cases)('%s', (_label, text, pattern, column) => {
    const f = failure(text);
    expect(f.message).toMatch(pattern);
    expect(f.column).toBe(column);
    expect(f.message).toContain(`(column ${column})`);
  });
});

describe('isSymbolName', () => {
  it.each(['a', 'category', 'max-price', 'in-stock?', 'save!', '*limit*', '->x', 'a.b', 'x2', 'é', 'a$b', "a'", '<=', '-', 'a#'])('accepts %s', (name) => {
    expect(isSymbolName(name)).toBe(true);
  });
  it.each(['', '1a', '-1', '+2x', 'a b', 'a/b', ':a', 'nil', 'true', 'false', '&', '(a)', 'a"b', "'a", '#a', '%1', '@a', 'a;b', 'a,b', '\\a'])(
    'rejects %s',
    (name) => {
      expect(isSymbolName(name)).toBe(false);
    },
  );
});

describe('formatCallForm and formatSignature', () => {
  it('writes the call form with the parameter names', () => {
    expect(formatCallForm('search-reviews', ['category'])).toBe('(tool/search-reviews category)');
    expect(formatCallForm('send-email', [{ name: 'to' }, { name: 'subject' }])).toBe('(tool/send-email to subject)');
  });

  it('writes (tool/NAME) without parameters', () => {
    expect(formatCallForm('get-inventory', [])).toBe('(tool/get-inventory)');
  });

  it('makes the call form from a signature as shown: its parameters, then & more when it lists only some', () => {
    expect(callFormOfSignature('search', '(q :string, limit :int?) -> :any')).toBe('(tool/search q limit)');
    expect(callFormOfSignature('wide', '(a :int, b :int?, & more) -> :map')).toBe('(tool/wide a b & more)');
    expect(callFormOfSignature('odd', '(a :nope) -> :any')).toBe('(tool/odd)');
  });

  it('round-trips a parsed signature into its normalised text', () => {
    const r = parseSignature('(a  :int ,b [ :map ])->  {:x :int}');
    if (!r.ok) throw new Error(r.message);
    const text = formatSignature(r.params, r.returns);
    expect(text).toBe('(a :int b [:map]) -> {:x :int}');
    expect(parseSignature(text)).toEqual(r);
    expect(formatSignature([], null)).toBe('()');
  });
});

describe('the output-only shorthand: a return type alone means no parameters', () => {
  const cases: [string, string][] = [
    [':map', ':map'],
    [':int', ':int'],
    ['[:string]', '[:string]'],
    ['{count :int}', '{count :int}'],
    ['  { :count :int , :items [ {id :int} ] } ', '{:count :int :items [{id :int}]}'],
    ['nil', 'nil'],
    [':string?', ':string?'],
  ];
  it.each(cases)('%s', (text, returns) => {
    expect(ok(parseSignature(text))).toEqual({ params: [], returns });
  });

  it('calls the tool without arguments', () => {
    const r = ok(parseSignature('{count :int}'));
    expect(formatCallForm('count-things', r.params)).toBe('(tool/count-things)');
  });

  const bad: [string, string, number][] = [
    [':map :int', 'unexpected text after the return type: :int (column 6)', 6],
    ['[:map', 'missing ] to close this [ (column 1)', 1],
    ['{count}', 'field count has no type (write e.g. count :string) (column 2)', 2],
    [':strng', 'unknown type :strng; did you mean :string? (column 1)', 1],
  ];
  it.each(bad)('rejects %s', (text, message, column) => {
    expect(failure(text)).toEqual({ message, column });
  });
});

describe('unknown types are refused, naming the closest known type', () => {
  const cases: [string, string, number][] = [
    ['(category :strin) -> :string', 'unknown type :strin; did you mean :string? (column 11)', 11],
    ['(n :itn) -> :int', 'unknown type :itn; did you mean :int? (column 4)', 4],
    ['(b :boolen)', 'unknown type :boolen; did you mean :boolean? (column 4)', 4],
    ['(x :flaot) -> :map', 'unknown type :flaot; did you mean :float? (column 4)', 4],
    ['(opt :strin?) -> :any', 'unknown type :strin?; did you mean :string?? (column 6)', 6],
    ['() -> [:mapp]', 'unknown type :mapp; did you mean :map? (column 8)', 8],
    ['() -> {:count :Int}', 'unknown type :Int; did you mean :int? (column 15)', 15],
    ['(q :string) -> {:items [{:id :innt}]}', 'unknown type :innt; did you mean :int? (column 30)', 30],
    ['(x :widget) -> :map', `unknown type :widget; the types are ${KNOWN_TYPES.map((t) => ':' + t).join(' ')} (column 4)`, 4],
  ];
  it.each(cases)('%s', (text, message, column) => {
    expect(failure(text)).toEqual({ message, column });
  });

  it.each(KNOWN_TYPES.flatMap((t) => [`:${t}`, `:${t}?`]))('accepts %s', (type) => {
    expect(parseSignature(`(x ${type}) -> ${type}`).ok).toBe(true);
  });
});

describe('parseType reads a normalised type back as a tree', () => {
  it('keywords, optional keywords, nil, vectors and maps', () => {
    expect(parseType(':string')).toEqual({ kind: 'keyword', name: 'string', optional: false });
    expect(parseType(':int?')).toEqual({ kind: 'keyword', name: 'int', optional: true });
    expect(parseType('nil')).toEqual({ kind: 'nil' });
    expect(parseType('[[:map]]')).toEqual({ kind: 'vector', of: { kind: 'vector', of: { kind: 'keyword', name: 'map', optional: false } } });
    expect(parseType('{:to :string items [{id :int}]}')).toEqual({
      kind: 'map',
      fields: [
        { name: 'to', type: { kind: 'keyword', name: 'string', optional: false } },
        { name: 'items', type: { kind: 'vector', of: { kind: 'map', fields: [{ name: 'id', type: { kind: 'keyword', name: 'int', optional: false } }] } } },
      ],
    });
    expect(parseType('{}')).toEqual({ kind: 'map', fields: [] });
  });
});
