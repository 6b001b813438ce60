import { describe, expect, it } from 'vitest';
import type { ToolDef } from '../../src/records/records.ts';
import { prepareAgent } from '../../src/agent/loop.ts';
import { parseType } from '../../src/records/signature.ts';
import { fits } from '../../src/agent/tool-check.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import { agentDef, INVENTORY_TOOL, play, prepared, REVIEWS_TOOL } from './fixtures.ts';

const tool = (name: string, signature: string, impl: string): ToolDef => ({ name, signature, impl });

describe('prepareAgent warns when an implementation cannot take the signature’s parameters', () => {
  const cases: [string, string, string | null][] = [
    ['(category :string limit :int) -> :string', '(fn [a] a)', 'the signature takes 2 arguments (category, limit) but the implementation takes 1'],
    ['(category :string) -> :string', '(fn [] 1)', 'the signature takes 1 argument (category) but the implementation takes 0'],
    ['() -> :map', '(fn [a b] a)', 'the signature takes no arguments but the implementation takes 2'],
    ['{count :int}', '(fn [a] a)', 'the signature takes no arguments but the implementation takes 1'],
    ['(a :int) -> :int', '(fn [a b & more] a)', 'the signature takes 1 argument (a) but the implementation takes at least 2'],
    ['(a :int b :int c :int) -> :int', '(fn ([a] a) ([a b] b))', 'the signature takes 3 arguments (a, b, c) but the implementation takes 1 to 2'],
    ['(a :int b :int) -> :int', '(fn [a & more] a)', null],
    ['(a :int) -> :int', '(fn ([] 0) ([a] a))', null],
    ['() -> :map', '(fn [] {})', null],
  ];
  it.each(cases)('%s with %s', (signature, impl, warning) => {
    const agent = prepared(agentDef({ tools: [INVENTORY_TOOL, tool('t', signature, impl)] }));
    expect(agent.warnings).toEqual(warning === null ? [] : [`tools[1]: ${warning}`]);
  });

  it('the warning comes first, before mission warnings, and does not stop the agent', () => {
    const p = prepareAgent(
      agentDef({ mission: '{{nope}}', tools: [tool('search-reviews', '(category :string, limit :int) -> :string', '(fn [category] category)')] }),
    );
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.agent.warnings).toEqual([
      'tools[0]: the signature takes 2 arguments (category, limit) but the implementation takes 1',
      'mission: no data for placeholder {{nope}}; it is left as written',
    ]);
  });
});

describe('tool arguments are checked against the signature before the implementation runs', () => {
  const SIG = '(category :string) -> :string';
  const agent = prepared(
    agentDef({
      tools: [
        REVIEWS_TOOL,
        INVENTORY_TOOL,
        tool('send', '(to :string, subject :string?) -> nil', '(fn [to subject] (str to subject))'),
        tool('find', '(filter {:min :number :tags [:keyword]} limit :int) -> [:map]', '(fn [f l] [f])'),
        tool('anything', '(x :any) -> :any', '(fn [x] x)'),
        tool('rows', '(rows [{:id :int}]) -> :int', '(fn [rows] (count rows))'),
        tool('flag', '(on :bool) -> :bool', '(fn [on] on)'),
        tool('ratio', '(x :float) -> :float', '(fn [x] x)'),
        tool('nothing', '(e nil) -> :int', '(fn [e] 1)'),
        tool('spread', '(a :int) -> :int', '(fn [& xs] (count xs))'),
      ],
    }),
  );
  const call = (program: string) => run({ program, data: agent.def.data, tools: agent.tools });

  const passing: string[] = [
    '(tool/search-reviews "Toys")',
    '(tool/get-inventory)',
    '(tool/send "a@b.c" "Hi")',
    '(tool/send "a@b.c" nil)',
    '(tool/find {:min 1.5 :tags [:a :b]} 3)',
    '(tool/find {:min 2} 3)',
    '(tool/find {"min" 2 :extra "x"} 3)',
    '(tool/find {} 0)',
    '(tool/anything nil)',
    '(tool/anything [1 "a"])',
    '(tool/rows [{:id 1} {:id 2 :name "x"}])',
    "(tool/rows '({:id 1}))",
    '(tool/rows [])',
    '(tool/flag false)',
    '(tool/ratio 2)',
    '(tool/ratio 2.5)',
    '(tool/nothing nil)',
    '(tool/spread 1)',
  ];
  it.each(passing)('%s passes', (program) => {
    const r = call(program);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0].error).toBeUndefined();
  });

  const failing: [string, string, string][] = [
    ['(tool/search-reviews 42)', 'type_error', `tool/search-reviews: argument 1 (category) should be :string, got integer 42; the signature is ${SIG}`],
    ['(tool/search-reviews :toys)', 'type_error', `tool/search-reviews: argument 1 (category) should be :string, got keyword :toys; the signature is ${SIG}`],
    ['(tool/search-reviews nil)', 'type_error', `tool/search-reviews: argument 1 (category) should be :string, got nil; the signature is ${SIG}`],
    ['(tool/search-reviews)', 'arity_error', `tool/search-reviews: takes 1 argument (category), got 0; the signature is ${SIG}`],
    ['(tool/search-reviews "a" "b")', 'arity_error', `tool/search-reviews: takes 1 argument (category), got 2; the signature is ${SIG}`],
    ['(tool/get-inventory "x")', 'arity_error', 'tool/get-inventory: takes no arguments, got 1; the signature is () -> :string'],
    ['(tool/send "a@b.c")', 'arity_error', 'tool/send: takes 2 arguments (to, subject), got 1; the signature is (to :string, subject :string?) -> nil'],
    [
      '(tool/send "a@b.c" 5)',
      'type_error',
      'tool/send: argument 2 (subject) should be :string?, got integer 5; the signature is (to :string, subject :string?) -> nil',
    ],
    [
      '(tool/find {:min "1"} 3)',
      'type_error',
      'tool/find: argument 1 (filter) should be {:min :number :tags [:keyword]}, got map {:min "1"}; the signature is (filter {:min :number :tags [:keyword]} limit :int) -> [:map]',
    ],
    [
      '(tool/find {:tags ["a"]} 3)',
      'type_error',
      'tool/find: argument 1 (filter) should be {:min :number :tags [:keyword]}, got map {:tags ["a"]}; the signature is (filter {:min :number :tags [:keyword]} limit :int) -> [:map]',
    ],
    [
      '(tool/find {} 1.5)',
      'type_error',
      'tool/find: argument 2 (limit) should be :int, got float 1.5; the signature is (filter {:min :number :tags [:keyword]} limit :int) -> [:map]',
    ],
    [
      '(tool/find [] 1)',
      'type_error',
      'tool/find: argument 1 (filter) should be {:min :number :tags [:keyword]}, got vector []; the signature is (filter {:min :number :tags [:keyword]} limit :int) -> [:map]',
    ],
    [
      '(tool/rows [{:id "1"}])',
      'type_error',
      'tool/rows: argument 1 (rows) should be [{:id :int}], got vector [{:id "1"}]; the signature is (rows [{:id :int}]) -> :int',
    ],
    ['(tool/rows {:id 1})', 'type_error', 'tool/rows: argument 1 (rows) should be [{:id :int}], got map {:id 1}; the signature is (rows [{:id :int}]) -> :int'],
    ['(tool/flag "yes")', 'type_error', 'tool/flag: argument 1 (on) should be :bool, got string "yes"; the signature is (on :bool) -> :bool'],
    ['(tool/nothing 0)', 'type_error', 'tool/nothing: argument 1 (e) should be nil, got integer 0; the signature is (e nil) -> :int'],
    ['(tool/spread 1 2)', 'arity_error', 'tool/spread: takes 1 argument (a), got 2; the signature is (a :int) -> :int'],
  ];
  it.each(failing)('%s fails', (program, type, message) => {
    const r = call(program);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ type, message, line: 1, column: 1 });
    // The call is still recorded, with its error.
    expect(r.toolCalls).toHaveLength(1);
    expect(r.toolCalls[0].error).toBe(message);
  });

  it('the implementation does not run when the arguments are refused', () => {
    const counting = prepared(agentDef({ tools: [tool('log', '(msg :string) -> nil', '(fn [msg] (println "ran" msg))')] }));
    const ok = run({ program: '(tool/log "a")', data: counting.def.data, tools: counting.tools });
    expect(ok.prints).toEqual(['ran a']);
    const bad = run({ program: '(tool/log 1)', data: counting.def.data, tools: counting.tools });
    expect(bad.prints).toEqual([]);
  });

  it('a turn that calls a tool wrongly fails at the call, with the call recorded', () => {
    const step = play(agent, ['(def n 1)\n(tool/search-reviews 42)']);
    const t = step.turns[0];
    expect(t.success).toBe(false);
    expect(t.error).toMatchObject({
      type: 'type_error',
      message: `tool/search-reviews: argument 1 (category) should be :string, got integer 42; the signature is ${SIG}`,
      line: 2,
      column: 1,
    });
    expect(t.toolCalls.map((c) => [c.name, c.args.map(printValue), c.error])).toEqual([['search-reviews', ['42'], t.error?.message]]);
  });

  it('a signature spread over lines is quoted on one line', () => {
    const a = prepared(agentDef({ tools: [tool('t', '(a :int\n   b :int)\n  -> :int', '(fn [a b] a)')] }));
    const r = run({ program: '(tool/t 1 "2")', data: a.def.data, tools: a.tools });
    expect(r.ok ? null : r.error.message).toBe('tool/t: argument 2 (b) should be :int, got string "2"; the signature is (a :int b :int) -> :int');
  });

  it('return types are not checked', () => {
    const a = prepared(agentDef({ tools: [tool('t', '(a :int) -> :string', '(fn [a] a)')] }));
    const r = run({ program: '(tool/t 1)', data: a.def.data, tools: a.tools });
    expect(r.ok && printValue(r.value)).toBe('1');
  });

  it('apply and higher-order calls go through the same check', () => {
    expect(call('(mapv tool/search-reviews ["a" "b"])').ok).toBe(true);
    const r = call('(apply tool/search-reviews [1])');
    expect(r.ok ? null : r.error.type).toBe('type_error');
  });
});

describe('fits', () => {
  const data = dataFromJson({ n: 1, s: 'x', m: { a: 1 } });
  it('is lenient with :any and optional types, strict with the rest', () => {
    expect(fits(data.get('n') ?? null, parseType(':int'))).toBe(true);
    expect(fits(data.get('s') ?? null, parseType(':int'))).toBe(false);
    expect(fits(null, parseType(':int?'))).toBe(true);
    expect(fits(null, parseType(':any'))).toBe(true);
    expect(fits(data.get('m') ?? null, parseType('{:a :int}'))).toBe(true);
    expect(fits(data.get('m') ?? null, parseType('{:a :string}'))).toBe(false);
  });
});
