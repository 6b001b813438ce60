import { describe, expect, it } from 'vitest';
import { PtcError } from '../../src/lisp/errors.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { Keyword, type PMap, type PtcFn, type Value } from '../../src/lisp/values.ts';
import { parseJsonText, parseSession, serializeSession, sessionToAgent, turnToJson, type Session } from '../../src/session/session-file.ts';
import { recordedTurns } from './builders.ts';

const kw = Keyword.of;

const S1 = `{
  "version": 1,
  "title": "Reviews and inventory",
  "mission": "Find well-reviewed products in stock",
  "maxTurns": 5,
  "compression": true,
  "data": {"products": [{"name": "Laptop", "price": 1200}]},
  "tools": [{"name": "search-reviews", "signature": "(category :string) -> :string",
             "description": "Review summary for a category",
             "impl": "(fn [category] (str \\"Reviews for \\" category))"}],
  "llm": {"provider": "mock", "replies": ["\`\`\`clojure\\n(def x 1)\\n\`\`\`"]},
  "turns": []
}`;

function parsed(input: unknown): Session {
  const r = parseSession(input);
  if (!r.ok) throw new Error(`expected the session to parse:\n${r.errors.join('\n')}`);
  return r.session;
}

function problems(input: unknown): string[] {
  const r = parseSession(input);
  if (r.ok) throw new Error('expected the session to be refused');
  return r.errors;
}

/** A valid minimal session object with `patch` merged in, as JSON text. */
function withFields(patch: Record<string, unknown>): string {
  const base: Record<string, unknown> = JSON.parse(S1) as Record<string, unknown>;
  return JSON.stringify({ ...base, ...patch });
}

describe('the S1 example', () => {
  it('parses into decoded fields', () => {
    const s = parsed(S1);
    // Read as version 1, held (and written) as the current version.
    expect(s.version).toBe(2);
    expect(s.title).toBe('Reviews and inventory');
    expect(s.mission).toBe('Find well-reviewed products in stock');
    expect(s.maxTurns).toBe(5);
    expect(s.compression).toBe(true);
    expect([...s.data.keys()]).toEqual(['products']);
    expect(printValue(s.data.get('products') ?? null)).toBe('[{:name "Laptop" :price 1200}]');
    expect(s.tools).toEqual([
      {
        name: 'search-reviews',
        signature: '(category :string) -> :string',
        description: 'Review summary for a category',
        impl: '(fn [category] (str "Reviews for " category))',
      },
    ]);
    expect(s.llm).toEqual({ provider: 'mock', replies: ['```clojure\n(def x 1)\n```'] });
    expect(s.turns).toEqual([]);
    expect(s.limits).toBeUndefined();
    expect(s.extra?.size).toBe(0);
  });

  it('becomes an agent definition', () => {
    const agent = sessionToAgent(parsed(withFields({ limits: { timeoutMs: 500 } })));
    expect(agent.mission).toBe('Find well-reviewed products in stock');
    expect(agent.tools.map((t) => t.name)).toEqual(['search-reviews']);
    expect(agent.maxTurns).toBe(5);
    expect(agent.compression).toBe(true);
    expect(agent.limits).toEqual({ timeoutMs: 500 });
    expect(agent.data.get('products')).toBeDefined();
  });

  it('accepts an already parsed object', () => {
    expect(parsed(JSON.parse(S1)).title).toBe('Reviews and inventory');
  });

  it('serializes in the S1 field order and round-trips to identical text', () => {
    const text = serializeSession(parsed(S1));
    expect(Object.keys(JSON.parse(text) as object)).toEqual([
      'version',
      'language',
      'title',
      'mission',
      'maxTurns',
      'compression',
      'data',
      'tools',
      'llm',
      'turns',
    ]);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "version": 2,\n');
    expect(serializeSession(parsed(text))).toBe(text);
  });
});

describe('defaults', () => {
  it('fills title, maxTurns, compression, data, tools and turns', () => {
    const s = parsed({ version: 1, mission: 'm', llm: { provider: 'mock', replies: [] } });
    expect(s.title).toBe('Untitled');
    expect(s.maxTurns).toBe(5);
    expect(s.compression).toBe(false);
    expect(s.data.size).toBe(0);
    expect(s.tools).toEqual([]);
    expect(s.turns).toEqual([]);
  });

  it('keeps every compression form', () => {
    for (const c of [false, null, true, 'single-user-coalesced', { strategy: 'x', printlnLimit: 3, failedTurns: 'all' }]) {
      const s = parsed(withFields({ compression: c }));
      expect(s.compression).toEqual(c);
      expect(serializeSession(parsed(serializeSession(s)))).toBe(serializeSession(s));
    }
  });

  it('accepts a provider other than mock without replies', () => {
    const s = parsed(withFields({ llm: { provider: 'openai', model: 'gpt-x', baseUrl: 'https://example.test/v1' } }));
    expect(s.llm).toEqual({ provider: 'openai', model: 'gpt-x', baseUrl: 'https://example.test/v1' });
  });
});

describe('unknown top-level fields', () => {
  it('are kept in order and written back after the S1 fields', () => {
    const text = withFields({ notes: 'keep me', ui: { theme: 'dark', panels: [1, 2] } });
    const s = parsed(text);
    expect([...(s.extra?.keys() ?? [])]).toEqual(['notes', 'ui']);
    const out = serializeSession(s);
    expect(Object.keys(JSON.parse(out) as object).slice(-2)).toEqual(['notes', 'ui']);
    expect((JSON.parse(out) as { ui: unknown }).ui).toEqual({ theme: 'dark', panels: [1, 2] });
    expect(serializeSession(parsed(out))).toBe(out);
  });
});

// ---------------------------------------------------------------------------------------------

describe('recorded turns', () => {
  it('round-trip every kind of value, the memory order and the messages', () => {
    const turns = recordedTurns();
    const text = serializeSession({ ...parsed(S1), turns });
    const back = parsed(text);
    expect(serializeSession(back)).toBe(text);
    expect(back.turns).toHaveLength(3);
    const [t1, t2, t3] = back.turns;
    expect(printValue(t1.result)).toBe(printValue(turns[0].result));
    expect(printValue(t1.toolCalls[0].args[1])).toBe(printValue(turns[0].toolCalls[0].args[1]));
    expect(t1.toolCalls[1]).toEqual({ name: 'broken', args: [], result: null, durationMs: 1, error: 'boom' });
    expect([...t1.memory.keys()]).toEqual(['all', 'helper']);
    expect(t1.memory.get('all')?.doc).toBe('Everything');
    expect(t1.memory.get('helper')?.returnType).toBe('map[2]');
    expect(t1.messages).toEqual(turns[0].messages);
    expect(t1.prints).toEqual(['n 1']);
    expect(t1.durationMs).toBe(12.5);
    expect(t2.error).toEqual({ type: 'parse_error', message: 'Unexpected end of input', line: 1, column: 1 });
    expect(t2.success).toBe(false);
    expect(t3.signal).toBe('fail');
    expect(t3.error?.type).toBe('fail');
  });

  it('keep the kinds apart: 2.0 stays a float, keywords stay keywords, odd keys stay keys', () => {
    const back = parsed(serializeSession({ ...parsed(S1), turns: recordedTurns() }));
    const r = back.turns[0].result as PMap;
    const floats = r.get(kw('floats')) as Value[];
    expect(printValue(floats)).toBe('[2.5 2.0 -0.0 ##Inf ##-Inf ##NaN 1.0E21]');
    expect(r.get(kw('keywords'))).toEqual([kw('a'), kw('ns/b'), kw('$x')]);
    expect(printValue(r.get(kw('odd-keys')))).toBe('{"s" 1 1 2 [1 2] 3 :x/y 4 :$m 5 :3 6 nil 7 #{1} 8}');
    expect(r.get(kw('ints'))).toEqual([0, -5, Number.MAX_SAFE_INTEGER, 2n ** 70n]);
  });

  it('restore functions as stubs that ask to be redefined', () => {
    const back = parsed(serializeSession({ ...parsed(S1), turns: recordedTurns() }));
    const helper = back.turns[0].memory.get('helper')?.value as PtcFn;
    expect(helper.ptc).toMatchObject({ name: 'helper', kind: 'closure', minArity: 0, maxArity: Infinity, params: ['[& xs]'] });
    expect(() => helper()).toThrow(/restored from a saved session without its code/);
  });

  it('write encoded values into the JSON (turnToJson)', () => {
    const j = turnToJson(recordedTurns()[2]) as Record<string, unknown>;
    expect(j.result).toEqual({ why: { $kw: 'no-stock' } });
    expect(Object.keys(j)).toEqual([
      'number',
      'rawResponse',
      'program',
      'result',
      'error',
      'signal',
      'prints',
      'toolCalls',
      'memory',
      'success',
      'messages',
      'durationMs',
    ]);
  });

  it('may leave out fields that have defaults', () => {
    const s = parsed(withFields({ turns: [{ number: 1, rawResponse: 'r', program: 'p', success: true }] }));
    expect(s.turns[0]).toMatchObject({ result: null, signal: null, prints: [], toolCalls: [], messages: [], durationMs: 0 });
    expect(s.turns[0].memory.size).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('problems are reported with their path', () => {
  const turn = { number: 1, rawResponse: 'r', program: 'p', success: true };
  const tool = { name: 'search-reviews', signature: '(category :string) -> :string', impl: '(fn [c] c)' };
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ['missing mission', { mission: undefined }, 'mission: required'],
    ['mission not a string', { mission: 3 }, 'mission: expected a string, got number 3'],
    ['title not a string', { title: ['x'] }, 'title: expected a string, got an array'],
    ['maxTurns too large', { maxTurns: 10_001 }, 'maxTurns: must be at most 10000, got number 10001'],
    ['maxTurns zero', { maxTurns: 0 }, 'maxTurns: must be at least 1, got number 0'],
    ['maxTurns fractional', { maxTurns: 2.5 }, 'maxTurns: expected a whole number, got number 2.5'],
    ['compression of the wrong kind', { compression: 3 }, /^compression: expected false, null, true, a strategy name, or \{"strategy": NAME, …options\}$/],
    ['compression empty name', { compression: '' }, 'compression: must not be empty'],
    ['compression without strategy', { compression: { printlnLimit: 2 } }, 'compression.strategy: required'],
    ['compression bad limit', { compression: { strategy: 's', sampleLimit: -1 } }, 'compression.sampleLimit: must be at least 0, got number -1'],
    [
      'compression bad failedTurns',
      { compression: { strategy: 's', failedTurns: 'some' } },
      'compression.failedTurns: expected "latest" or "all", got string "some"',
    ],
    ['compression unknown option', { compression: { strategy: 's', printLimit: 2 } }, 'compression.printLimit: unknown field'],
    ['compression with two problems', { compression: { strategy: 's', printlnLimit: '5', bogus: 1 } }, 'compression.bogus: unknown field'],
    [
      'compression with two problems (the other)',
      { compression: { strategy: 's', printlnLimit: '5', bogus: 1 } },
      'compression.printlnLimit: expected a number, got string "5"',
    ],
    ['data not an object', { data: [1] }, 'data: expected an object mapping names to values, got an array'],
    ['data bad name', { data: { 'two words': 1 } }, /^data\["two words"\]: not a valid data name/],
    ['data bad encoded value', { data: { products: [{ tags: { $sett: [] } }] } }, /^data\.products\[0\]\.tags: unknown tag "\$sett"/],
    ['data bad tagged value inside', { data: { x: { $set: [1, { $float: 'x' }] } } }, /^data\.x\.\$set\[1\]\.\$float: expected a float/],
    ['tools not an array', { tools: {} }, 'tools: expected an array, got an object'],
    ['tool bad name', { tools: [{ ...tool, name: 'search reviews' }] }, /^tools\[0\]\.name: not a valid tool name/],
    [
      'tool bad signature',
      { tools: [tool, { ...tool, name: 'b', signature: '(category) -> :string' }] },
      'tools[1].signature: parameter category has no type (write e.g. category :string) (column 2)',
    ],
    [
      'tool signature with trailing text',
      { tools: [{ ...tool, signature: '() -> :map extra' }] },
      'tools[0].signature: unexpected text after the return type: extra (column 12)',
    ],
    [
      'tool signature with an unknown type',
      { tools: [{ ...tool, signature: '(category :strin) -> :string' }] },
      'tools[0].signature: unknown type :strin; did you mean :string? (column 11)',
    ],
    ['tool empty impl', { tools: [{ ...tool, impl: '  ' }] }, 'tools[0].impl: must not be empty'],
    ['tool missing impl', { tools: [{ name: 'a', signature: '()' }] }, 'tools[0].impl: required'],
    ['tool unknown field', { tools: [{ ...tool, fn: 'x' }] }, 'tools[0].fn: unknown field'],
    ['duplicate tool', { tools: [tool, { ...tool, impl: '(fn [] 2)' }] }, 'tools[1].name: duplicate tool name "search-reviews" (also tools[0].name)'],
    ['limits not positive', { limits: { timeoutMs: 0 } }, 'limits.timeoutMs: must be at least 1, got number 0'],
    ['limits unknown', { limits: { maxTime: 5 } }, 'limits.maxTime: unknown field'],
    ['llm missing', { llm: undefined }, 'llm: required'],
    ['llm mock without replies', { llm: { provider: 'mock' } }, 'llm.replies: required for the mock provider (its replies, one per turn)'],
    ['llm replies not strings', { llm: { provider: 'mock', replies: ['a', 2] } }, 'llm.replies[1]: expected a string, got number 2'],
    ['llm api key', { llm: { provider: 'openai', apiKey: 'sk-123' } }, /^llm\.apiKey: API keys are never stored in session files/],
    ['top-level api key', { apiKey: 'sk-123' }, /^apiKey: API keys are never stored in session files/],
    ['turns not an array', { turns: 'none' }, 'turns: expected an array, got string "none"'],
    ['turn missing program', { turns: [{ ...turn, program: undefined }] }, 'turns[0].program: required'],
    ['turn bad result', { turns: [turn, { ...turn, number: 2, result: { $set: [1, { $bad: 2 }] } }] }, /^turns\[1\]\.result\.\$set\[1\]: unknown tag "\$bad"/],
    ['turn bad signal', { turns: [{ ...turn, signal: 'stop' }] }, 'turns[0].signal: expected "return" or "fail", got string "stop"'],
    ['turn numbered out of order', { turns: [turn, turn] }, 'turns[1].number: expected 2, got 1 (turns are numbered 1, 2, 3… in order)'],
    ['failed turn without error', { turns: [{ ...turn, success: false }] }, 'turns[0].error: required when success is false (what went wrong)'],
    ['successful turn with error', { turns: [{ ...turn, error: { type: 'x', message: 'y' } }] }, 'turns[0].error: must be absent when success is true'],
    ['turn error without message', { turns: [{ ...turn, success: false, error: { type: 'x' } }] }, 'turns[0].error.message: required'],
    [
      'bad message role',
      { turns: [{ ...turn, messages: [{ role: 'tool', content: '' }] }] },
      'turns[0].messages[0].role: expected "system" or "user" or "assistant", got string "tool"',
    ],
    [
      'bad tool call arg',
      { turns: [{ ...turn, toolCalls: [{ name: 't', args: [1, { $kw: 5 }] }] }] },
      /^turns\[0\]\.toolCalls\[0\]\.args\[1\]\.\$kw: expected a string/,
    ],
    [
      'tool call args not an array',
      { turns: [{ ...turn, toolCalls: [{ name: 't', args: 'x' }] }] },
      'turns[0].toolCalls[0].args: expected an array, got string "x"',
    ],
    ['memory value missing', { turns: [{ ...turn, memory: [{ name: 'x' }] }] }, 'turns[0].memory[0].value: required'],
    ['memory bad name', { turns: [{ ...turn, memory: [{ name: '1x', value: 1 }] }] }, /^turns\[0\]\.memory\[0\]\.name: not a valid name/],
    [
      'memory duplicate name',
      {
        turns: [
          {
            ...turn,
            memory: [
              { name: 'x', value: 1 },
              { name: 'x', value: 2 },
            ],
          },
        ],
      },
      'turns[0].memory[1].name: duplicate definition "x" (also turns[0].memory[0].name)',
    ],
    ['negative duration', { turns: [{ ...turn, durationMs: -1 }] }, 'turns[0].durationMs: must be at least 0, got number -1'],
    ['unknown turn field', { turns: [{ ...turn, bogus: {} }] }, 'turns[0].bogus: unknown field'],
  ];
  it.each(cases)('%s', (_label, patch, expected) => {
    const errors = problems(withFields(patch));
    if (typeof expected === 'string') expect(errors).toContain(expected);
    else
      expect(
        errors.some((e) => expected.test(e)),
        errors.join('\n'),
      ).toBe(true);
  });

  it('lists several problems at once', () => {
    const errors = problems(
      withFields({
        mission: undefined,
        maxTurns: 0,
        tools: [tool, { ...tool, signature: '(a :int' }, { ...tool, name: 'x', impl: '' }],
        data: { ok: 1, bad: { $nope: 1 } },
        llm: { provider: 'mock', replies: [], apiKey: 'k' },
        turns: [{ ...turn, result: { $kw: 1 } }],
      }),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        'mission: required',
        'maxTurns: must be at least 1, got number 0',
        'tools[1].signature: missing ) to close the parameter list (column 1)',
        'tools[2].impl: must not be empty',
        'tools[1].name: duplicate tool name "search-reviews" (also tools[0].name)',
        expect.stringMatching(/^data\.bad: unknown tag "\$nope"/),
        expect.stringMatching(/^llm\.apiKey: API keys are never stored/),
        expect.stringMatching(/^turns\[0\]\.result\.\$kw: expected a string/),
      ]),
    );
    expect(errors).toHaveLength(8);
  });
});

describe('versions and JSON text', () => {
  it('refuses another version', () => {
    expect(problems(withFields({ version: 3 }))).toEqual(['version: unsupported session version 3; this build reads versions 1 and 2']);
    expect(problems(withFields({ version: '1' }))).toEqual(['version: unsupported session version "1"; this build reads versions 1 and 2']);
  });

  it('refuses a missing version', () => {
    expect(problems(withFields({ version: undefined }))).toEqual(['version: missing; this build reads versions 1 and 2 (add "version": 2)']);
  });

  it('refuses JSON that is not an object', () => {
    expect(problems('[1, 2]')).toEqual(['session: expected a JSON object, got an array']);
    expect(problems(null)).toEqual(['session: expected a JSON object, got null']);
  });

  it.each<[string, string, string]>([
    ['a trailing comma', '{\n  "version": 1,\n  "mission": "m",\n}', "invalid JSON at line 4, column 1: trailing comma before '}'"],
    [
      'a missing comma',
      '{\n  "version": 1\n  "mission": "m"\n}',
      "invalid JSON at line 3, column 3: unexpected '\"' (expected ',' or '}' after a property value)",
    ],
    [
      'a missing value',
      '{"version": }',
      "invalid JSON at line 1, column 13: unexpected '}' (expected a value: an object, array, string, number, true, false or null)",
    ],
    ['single quotes', "{'version': 1}", "invalid JSON at line 1, column 2: unexpected ''' (expected a property name in double quotes)"],
    ['an unterminated string', '{"mission": "abc', 'invalid JSON at line 1, column 13: unterminated string (missing closing ")'],
    [
      'a raw newline in a string',
      '{"mission": "a\nb"}',
      'invalid JSON at line 1, column 15: character U+000A inside a string (write it as an escape such as \\n)',
    ],
    ['text after the object', '{"version": 1} x', "invalid JSON at line 1, column 16: unexpected 'x' after the end of the JSON value"],
    ['an unclosed object', '{"version": 1', "invalid JSON at line 1, column 14: unexpected end of input (expected ',' or '}' after a property value)"],
    ['empty text', '  ', 'invalid JSON at line 1, column 1: the text is empty (expected a JSON object)'],
    ['a bad escape', '{"a": "\\q"}', 'invalid JSON at line 1, column 8: bad escape \\q in a string'],
  ])('reports %s with line and column', (_label, text, expected) => {
    expect(problems(text)).toEqual([expected]);
  });

  it('reads text with a byte order mark', () => {
    expect(parsed('\uFEFF' + S1).title).toBe('Reviews and inventory');
  });

  it('parseJsonText gives the value when the text is valid', () => {
    expect(parseJsonText('{"a": [1, 2.5, "x", null, true]}')).toEqual({ ok: true, value: { a: [1, 2.5, 'x', null, true] } });
  });
});

describe('restored stub errors', () => {
  it('are execution errors', () => {
    const s = parsed(withFields({ data: { f: { $fn: { name: 'f', params: ['[x]'] } } } }));
    const f = s.data.get('f') as PtcFn;
    try {
      f(1);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PtcError);
      expect((e as PtcError).type).toBe('runtime_error');
    }
  });
});

describe('compression options in a file', () => {
  it('every option of every strategy is written back as it was read', () => {
    const compression = {
      strategy: 'trim',
      recentTurns: 2,
      triggerTurns: 4,
      triggerTokens: 900,
      showToolResults: true,
      keepRecoveredErrors: true,
      startAfterTurns: 3,
      startAfterTokens: 500,
      printlnLimit: 5,
      failedTurns: 'all',
    };
    const parsed = parseSession(JSON.stringify({ version: 2, mission: 'm', llm: { provider: 'mock', replies: [] }, compression }));
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const again = parseSession(serializeSession(parsed.session));
    if (!again.ok) throw new Error(again.errors.join('\n'));
    expect(again.session.compression).toEqual(compression);
    expect((JSON.parse(serializeSession(parsed.session)) as { compression: unknown }).compression).toEqual(compression);
  });

  it('a bad option value is refused with its path', () => {
    const parsed = parseSession(
      JSON.stringify({ version: 2, mission: 'm', llm: { provider: 'mock', replies: [] }, compression: { strategy: 'trim', showToolResults: 'yes' } }),
    );
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.errors.join('\n')).toMatch(/compression/);
  });
});
