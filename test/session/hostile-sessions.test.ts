// Hostile session files, share links and JSON input: each ends in a session or one clear
// line, never a throw, a hang or JavaScript's own objects; and JSON is read faithfully on every path.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { prepareAgent } from '../../src/agent/loop.ts';
import { expandMission, MAX_MISSION_CHARS } from '../../src/agent/mission-expander.ts';
import { answerLine } from '../../src/cli/batch.ts';
import { loadDataFile } from '../../src/cli/common.ts';
import { dataFromJsonText, readJson } from '../../src/lisp/json.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { Value } from '../../src/lisp/values.ts';
import { buildLink, decodeLink, toBase64Url } from '../../src/session/link-codec.ts';
import { parseSession, sessionToAgent } from '../../src/session/session-file.ts';
import { parseJson } from '../../src/ui/features/data/json-scan.ts';
import { Engine } from '../../src/worker/engine.ts';

/** The texts of the problems a refusal names (none when it opened). */
const refusals = (r: { ok: boolean; problems?: readonly { text: string }[] }) => (r.ok ? [] : (r.problems ?? []).map((p) => p.text));

const BASE = { version: 1, mission: 'm', llm: { provider: 'mock', replies: [] } };
const baseText = (fields: string): string => `{"version":1,"mission":"m","llm":{"provider":"mock","replies":[]}${fields}}`;
const withData = (json: string): string => baseText(`,"data":{"x":${json}}`);

function linkOf(text: string, version = 2): string {
  return `s=${version}.${toBase64Url(deflateSync(new TextEncoder().encode(text), { level: 9 }))}`;
}

/** The first problem, or `ok: VALUE` (data/x printed) when the session opens. */
function outcome(input: unknown): string {
  const r = parseSession(input);
  if (!r.ok) return r.errors[0];
  const x = r.session.data.get('x');
  return x === undefined ? 'ok' : `ok: ${printValue(x)}`;
}

function linkOutcome(fragment: string): string {
  const r = decodeLink(fragment);
  if (!r.ok) return r.error;
  const x = r.session.data.get('x');
  return x === undefined ? 'ok' : `ok: ${printValue(x)}`;
}

/** `s` cut to `max` characters, the last one an ellipsis, as long problem lines are. */
const cut = (s: string, max: number): string => (s.length > max ? s.slice(0, max - 1) + '…' : s);
const deep = (n: number, open = '[', close = ']', inner = '1'): string => open.repeat(n) + inner + close.repeat(n);
const deepObj = (n: number): string => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
const digits = (n: number): string => '7'.repeat(n);

const PROTO_NAMES = ['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty'] as const;

/** What each tag makes of a prototype name: a value of the language, or its clear problem. */
const TAG_OUTCOMES: Record<string, (name: string) => string> = {
  $float: (n) => `data.x.$float: expected a float such as "2.0", "1.0E21", "-0.0" or "##Inf", got "${n}"`,
  $bigint: (n) => `data.x.$bigint: expected the digits of an integer, got "${n}"`,
  $kw: (n) => `ok: :${n}`,
  $sym: () =>
    'data.x: unknown tag "$sym" (known: $float, $bigint, $kw, $list, $set, $map, $regex, $local-date, $instant, $duration, $date, $inst, $var, $fn, $unsaved; a map with one key starting with "$" is written {"$map": [[k, v]]})',
  $char: () =>
    'data.x: unknown tag "$char" (known: $float, $bigint, $kw, $list, $set, $map, $regex, $local-date, $instant, $duration, $date, $inst, $var, $fn, $unsaved; a map with one key starting with "$" is written {"$map": [[k, v]]})',
  $list: (n) => `data.x.$list: expected an array, got string "${n}"`,
  $set: (n) => `data.x.$set: expected an array, got string "${n}"`,
  $map: (n) => `data.x.$map: expected an array of [key, value] pairs, got string "${n}"`,
  $regex: (n) => `ok: #"${n}"`,
  $inst: (n) => `data.x.$inst: expected an ISO date such as "2026-01-08" or "2026-01-08T10:00:00.000Z", got "${n}"`,
  '$local-date': (n) => `data.x.$local-date: expected a java.time.LocalDate such as "2026-01-08", got "${n}"`,
  $instant: (n) => `data.x.$instant: expected a java.time.Instant such as "2026-01-08T10:00:00Z", got "${n}"`,
  $duration: (n) => `data.x.$duration: expected a java.time.Duration such as "PT1H30M0.5S", got "${n}"`,
  $date: (n) => `data.x.$date: expected a java.util.Date such as "2026-01-08T10:00:00.123Z", got "${n}"`,
  $var: (n) => `ok: #'${n}`,
  $fn: (n) => `data.x.$fn: expected {"name", "params", "doc"?}, got string "${n}"`,
};

const protoCases: [string, string, string][] = Object.entries(TAG_OUTCOMES).flatMap(([tag, expected]) =>
  PROTO_NAMES.map((name): [string, string, string] => [`{"${tag}": "${name}"}`, withData(JSON.stringify({ [tag]: name })), expected(name)]),
);

const ARRAY_DEEP = 'session: refused at line 1, column 277: JSON nested more than 200 levels deep; at most 200 are read';

/** [what, session text or value, the exact first problem or `ok: VALUE`]. */
const hostile: [string, unknown, string][] = [
  // Deep JSON: text, objects, parsed values, in every place a session holds JSON.
  ['data 100,000 arrays deep', withData(deep(100_000)), ARRAY_DEEP],
  ['data 201 arrays deep', withData(deep(201)), ARRAY_DEEP],
  ['data 198 arrays deep opens', withData(deep(198)), `ok: ${deep(198)}`],
  [
    'data 100,000 objects deep',
    withData(deepObj(100_000)),
    'session: refused at line 1, column 1069: JSON nested more than 200 levels deep; at most 200 are read',
  ],
  ['top level 100,000 deep', deep(100_000), 'session: refused at line 1, column 201: JSON nested more than 200 levels deep; at most 200 are read'],
  ['deep and cut off', withData(deep(100_000)).slice(0, 150_000), ARRAY_DEEP],
  [
    'deep in a turn result',
    baseText(`,"turns":[{"number":1,"rawResponse":"","program":"","success":true,"result":${deep(100_000)}}]`),
    'session: refused at line 1, column 339: JSON nested more than 200 levels deep; at most 200 are read',
  ],
  [
    'a parsed value 100,000 deep',
    { ...BASE, data: { x: JSON.parse(deep(5000)) as unknown } },
    'session: nested more than 200 levels deep; at most 200 are read',
  ],
  [
    'a parsed value with a cycle',
    ((): unknown => {
      const a: unknown[] = [];
      a.push(a);
      return { ...BASE, data: { x: a } };
    })(),
    'session: nested more than 200 levels deep; at most 200 are read',
  ],
  [
    '$list 100,000 deep',
    withData(deep(100_000, '{"$list":[', ']}')),
    'session: refused at line 1, column 1069: JSON nested more than 200 levels deep; at most 200 are read',
  ],
  // Prototype names as keys and tags.
  ['a data name "constructor"', baseText(',"data":{"constructor":1}'), 'ok'],
  ['a map key "__proto__"', withData('{"__proto__":1}'), 'ok: {:__proto__ 1}'],
  ['a map key "constructor" and "toString"', withData('{"constructor":1,"toString":2}'), 'ok: {:constructor 1 :toString 2}'],
  [
    'an unknown tag "$__proto__"',
    withData('{"$__proto__":1}'),
    'data.x: unknown tag "$__proto__" (known: $float, $bigint, $kw, $list, $set, $map, $regex, $local-date, $instant, $duration, $date, $inst, $var, $fn, $unsaved; a map with one key starting with "$" is written {"$map": [[k, v]]})',
  ],
  ['a builtin named "constructor"', withData('{"$fn":{"name":"constructor","builtin":true,"params":[]}}'), 'ok: #fn[constructor]'],
  ['a var that is no name', withData('{"$var":"a b"}'), 'data.x.$var: expected a var name such as "total", got "a b"'],
  [
    'a float text of a megabyte',
    withData(`{"$float":"${digits(1_000_000)}.0"}`),
    `data.x.$float: expected a float such as "2.0", "1.0E21", "-0.0" or "##Inf", got "${digits(60)}…"`,
  ],
  ['a float past the doubles', withData('{"$float":"1e400"}'), 'data.x.$float: "1e400" is too large for a float (write "##Inf" for infinity)'],
  // Limits a file or link may ask for.
  [
    'timeoutMs 10,001',
    baseText(',"limits":{"timeoutMs":10001}'),
    'limits.timeoutMs: must be at most 10,000 (a session may ask for 10 s at most), got number 10001',
  ],
  [
    'timeoutMs 1e9',
    baseText(',"limits":{"timeoutMs":1e9}'),
    'limits.timeoutMs: must be at most 10,000 (a session may ask for 10 s at most), got number 1000000000',
  ],
  ['timeoutMs 10,000 opens', baseText(',"limits":{"timeoutMs":10000}'), 'ok'],
  [
    'maxLoopIterations 10,001',
    baseText(',"limits":{"maxLoopIterations":10001}'),
    'limits.maxLoopIterations: must be at most 10,000 (10 times the default), got number 10001',
  ],
  ['maxDepth 1e6', baseText(',"limits":{"maxDepth":1000000}'), 'limits.maxDepth: must be at most 10,000 (10 times the default), got number 1000000'],
  [
    'maxOutputChars 655,361',
    baseText(',"limits":{"maxOutputChars":655361}'),
    'limits.maxOutputChars: must be at most 655,360 (10 times the default), got number 655361',
  ],
  [
    'maxValueSize 10,000,001',
    baseText(',"limits":{"maxValueSize":10000001}'),
    'limits.maxValueSize: must be at most 10,000,000 (10 times the default), got number 10000001',
  ],
  ['maxValueSize 10,000,000 opens', baseText(',"limits":{"maxValueSize":10000000}'), 'ok'],
  [
    'toolTimeoutMs 120,001',
    baseText(',"limits":{"toolTimeoutMs":120001}'),
    'limits.toolTimeoutMs: must be at most 120,000 (a session may give one MCP call 120 s at most), got number 120001',
  ],
  [
    'toolWaitMs 600,001',
    baseText(',"limits":{"toolWaitMs":600001}'),
    'limits.toolWaitMs: must be at most 600,000 (a session may give a program 600 s of waiting on MCP calls at most), got number 600001',
  ],
  ['toolTimeoutMs 120,000 and toolWaitMs 600,000 open', baseText(',"limits":{"toolTimeoutMs":120000,"toolWaitMs":600000}'), 'ok'],
  [
    'a limit of 20 digits',
    baseText(',"limits":{"timeoutMs":99999999999999999999}'),
    'limits.timeoutMs: must be at most 10,000 (a session may ask for 10 s at most), got number 100000000000000000000',
  ],
  // Huge integers.
  ['an integer of 10,001 digits', withData(digits(10_001)), 'session: refused at line 1, column 79: an integer of 10,001 digits; at most 10,000 are read'],
  [
    'a negative integer of 2,000,000 digits',
    withData('-' + digits(2_000_000)),
    'session: refused at line 1, column 79: an integer of 2,000,000 digits; at most 10,000 are read',
  ],
  ['an integer of 10,000 digits opens', withData(digits(10_000)), `ok: ${digits(10_000)}`],
  ['a $bigint of 10,001 digits', withData(`{"$bigint":"${digits(10_001)}"}`), 'data.x.$bigint: an integer of 10,001 digits; at most 10,000 are read'],
  [
    'a maxTurns of 2,000,000 digits',
    baseText(`,"maxTurns":${digits(2_000_000)}`),
    'session: refused at line 1, column 78: an integer of 2,000,000 digits; at most 10,000 are read',
  ],
  ['a float literal past the doubles', withData('1e400'), 'session: refused at line 1, column 79: the number 1e400 is too large for a float'],
  // Not JSON, or not a session.
  ['empty text', '', 'invalid JSON at line 1, column 1: the text is empty (expected a JSON object)'],
  ['a lone surrogate escape is JSON', withData('"\\ud800"'), 'ok: "\ud800"'],
  ['an array', '[]', 'session: expected a JSON object, got an array'],
  ['a huge number alone', digits(30), 'session: expected a JSON object, got number'],
  ['a string value', 'null', 'session: expected a JSON object, got null'],
  ['a BOM then JSON', '\ufeff' + baseText(''), 'ok'],
  [
    'a version of a megabyte',
    `{"version":"${'v'.repeat(1_000_000)}"}`,
    `version: unsupported session version "${'v'.repeat(39)}…; this build reads versions 1 and 2`,
  ],
  [
    'a tool field named by a megabyte',
    baseText(`,"tools":[{"name":"t","signature":"() -> :int","impl":"(fn [] 1)","${'k'.repeat(1_000_000)}":1}]`),
    `tools[0].${'k'.repeat(490)}…`,
  ],
  [
    'a data name of a megabyte',
    baseText(`,"data":{"${'# '.repeat(500_000)}":1}`),
    cut(`data[${JSON.stringify('# '.repeat(500_000))}]: not a valid data name`, 500),
  ],
  [
    'an API key',
    baseText('').replace('"replies":[]', '"replies":[],"apiKey":"sk-x"'),
    'llm.apiKey: API keys are never stored in session files; remove this field and give the key to the app (or the environment) instead',
  ],
];

// No timed assertions (the machines are shared and noisy): a quadratic or hanging case runs into the
// test's own timeout instead.
describe('hostile session files', () => {
  it.each([...hostile, ...protoCases.map(([what, text, expected]): [string, unknown, string] => [`tag ${what}`, text, expected])])(
    '%s',
    (_what, input, expected) => {
      expect(outcome(input)).toBe(expected);
    },
  );

  it('every prototype name in every tag opens in the engine or is refused, never throws', () => {
    for (const [, text] of protoCases) {
      const engine = new Engine();
      const r = engine.open(text);
      if (r.ok) expect(() => engine.repl('(str data/x)')).not.toThrow();
      else expect(r.problems.map((p) => p.text)[0]).toMatch(/^data\.x/);
    }
  });

  it('a tool implementation evaluated on open runs under the default limits, whatever the session asks', () => {
    const session = (limits: object) =>
      parseSession({
        ...BASE,
        limits,
        tools: [{ name: 'slow', signature: '() -> :int', impl: '(do (loop [i 0] (if (< i 5000) (recur (inc i)) i)) (fn [] 1))' }],
      });
    const r = session({ maxLoopIterations: 10_000 });
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const prepared = prepareAgent(sessionToAgent(r.session));
    expect(prepared.ok ? 'ok' : prepared.errors[0]).toBe(
      'tools[0].impl: loop exceeded 1000 iterations; check the exit condition, or process fewer items (line 1, column 5)',
    );
    // The session's limits still apply to the programs it runs.
    expect(run({ program: '(loop [i 0] (if (< i 5000) (recur (inc i)) i))', limits: r.session.limits }).ok).toBe(true);
  });
});

describe('placeholder storms and oversized missions', () => {
  it('100,000 unknown placeholders expand in linear time, each reported once', () => {
    const mission = Array.from({ length: 100_000 }, (_, i) => `{{p${i.toString(36)}}}`).join('');
    expect(mission.length).toBeLessThan(MAX_MISSION_CHARS);
    const r = expandMission(mission, new Map());
    expect(r.missing).toHaveLength(100_000);
    expect(r.text).toBe(mission);
  });

  it('200,000 unknown placeholders, over the cap as written: cut, in linear time', () => {
    const mission = Array.from({ length: 200_000 }, (_, i) => `{{p${i}}}`).join(' ');
    const r = expandMission(mission, new Map());
    expect(r.text.startsWith(mission.slice(0, MAX_MISSION_CHARS))).toBe(true);
    expect(r.cut).toMatch(/^mission: the expanded text is over 1,000,000 characters/);
  });

  it('one placeholder repeated 200,000 times is reported once', () => {
    const r = expandMission('{{nope}}'.repeat(200_000), new Map());
    expect(r.missing).toEqual(['nope']);
  });

  it('a large value named again and again is printed once and cut at 1,000,000 characters, with a warning', () => {
    const big = Array.from({ length: 100_000 }, (_, i) => i) as Value;
    const r = expandMission('{{big}} '.repeat(10_000), new Map([['big', big]]));
    expect(r.text.length).toBeLessThan(MAX_MISSION_CHARS + 100);
    expect(r.text.endsWith('\n[… cut: the expanded text is limited to 1,000,000 characters]')).toBe(true);
    expect(r.cut).toBe('mission: the expanded text is over 1,000,000 characters; it is cut there (does a placeholder name a large value, or repeat one?)');
  });

  it('a mission within the cap is not cut', () => {
    const r = expandMission('{{a}} and {{a}}', new Map<string, Value>([['a', 'x'.repeat(400_000)]]));
    expect(r.text.length).toBe(800_005);
    expect(r.cut).toBeUndefined();
  });
});

const DAMAGED = 'This link is damaged: it should start with "s=<version>." (such as "s=2."), followed by the session.';

const hostileLinks: [string, string, string][] = [
  ['empty', '', 'This is not a playground share link: it should start with "s=" followed by a version and the session.'],
  ['another fragment', '#section-2', 'This is not a playground share link: it should start with "s=" followed by a version and the session.'],
  ['no version', 's=', DAMAGED],
  ['a version that is no number', 's=x.abc', DAMAGED],
  ['version 0', 's=0.abc', DAMAGED],
  ['a newer version', 's=3.abc', 'This link was made by a newer version of the playground (link version 3); this one reads 1–2.'],
  ['a version of 20 digits', 's=99999999999999999999.a', DAMAGED],
  ['nothing after the version', 's=2.', 'This link is damaged: it holds nothing after "s=2.".'],
  [
    'a space',
    's=2.ab cd',
    'This link is damaged: it holds a space at character 7, where only letters, digits, "-" and "_" can appear (was it cut or changed when copied?).',
  ],
  [
    'a character outside base64url',
    's=2.ab+cd',
    'This link is damaged: it holds "+" (U+002B) at character 7, where only letters, digits, "-" and "_" can appear (was it cut or changed when copied?).',
  ],
  ['cut in a byte', 's=2.abcde', 'This link is damaged: its data ends in the middle of a byte (it was probably cut off).'],
  [
    'not deflate',
    's=2.' + toBase64Url(new Uint8Array([0xff, 0xff, 0xff, 0xff])),
    'This link is damaged: its data does not decompress (it was cut off or changed).',
  ],
  ['not UTF-8', 's=2.' + toBase64Url(deflateSync(new Uint8Array([0xc3, 0x28]))), 'This link is damaged: its data is not UTF-8 text.'],
  [
    'not JSON',
    linkOf('{"version":1,'),
    'This link is damaged: its session is not valid JSON (line 1, column 14: unexpected end of input (expected a property name in double quotes)).',
  ],
  ['JSON 100,000 deep', linkOf(withData(deep(100_000))), 'This link is refused: its session is nested more than 200 levels deep.'],
  [
    'an integer of 3,000,000 digits',
    linkOf(withData(digits(3_000_000))),
    'This link is refused: at line 1, column 79 of its session, an integer of 3,000,000 digits; at most 10,000 are read.',
  ],
  [
    'a $bigint of 3,000,000 digits',
    linkOf(withData(`{"$bigint":"${digits(3_000_000)}"}`)),
    'This link holds a session with a problem: data.x.$bigint: an integer of 3,000,000 digits; at most 10,000 are read',
  ],
  ['an array', linkOf('[]'), 'This link holds a session with a problem: session: expected a JSON object, got an array'],
  ['a string', linkOf('"s"'), 'This link holds a session with a problem: session: expected a JSON object, got a string'],
  ['a number', linkOf('12345678901234567890'), 'This link holds a session with a problem: session: expected a JSON object, got number'],
  [
    '$float "constructor"',
    linkOf(withData('{"$float":"constructor"}')),
    'This link holds a session with a problem: data.x.$float: expected a float such as "2.0", "1.0E21", "-0.0" or "##Inf", got "constructor"',
  ],
  [
    'a time limit of an hour',
    linkOf(baseText(',"limits":{"timeoutMs":3600000}')),
    'This link holds a session with a problem: limits.timeoutMs: must be at most 10,000 (a session may ask for 10 s at most), got number 3600000',
  ],
  [
    'ten problems quoting megabyte keys',
    linkOf(baseText(`,"data":{${Array.from({ length: 10 }, (_, i) => `"${String(i).repeat(1_000)}":1`).join(',')}}`)),
    cut(
      `This link holds a session with 10 problems: ${Array.from({ length: 10 }, (_, i) => cut(`data.${String(i).repeat(1000)}: not a valid`, 500)).join('; ')}`,
      2000,
    ),
  ],
  ['a version-1 link that opens', linkOf(withData('[1.0, 9007199254740993]'), 1), 'ok: [1.0 9007199254740993]'],
];

describe('hostile share links', () => {
  it.each(hostileLinks)('%s', (_what, fragment, expected) => {
    expect(linkOutcome(fragment)).toBe(expected);
  });

  it('the encoder says when a session holds an integer the decoder will not read', () => {
    const r = parseSession(baseText(''));
    if (!r.ok) throw new Error(r.errors.join('\n'));
    const at = (n: number) => buildLink({ ...r.session, data: new Map<string, Value>([['x', BigInt(digits(n))]]) });
    expect(at(10_001).unopenable).toBe('the session holds an integer of more than 10,000 digits; a link reads at most 10,000');
    expect(at(10_000).unopenable).toBeUndefined();
    expect(linkOutcome(at(10_000).fragment)).toBe(`ok: ${digits(10_000)}`);
  });

  it('Engine.openLink keeps the open session on every hostile link', () => {
    const engine = new Engine();
    expect(engine.open(withData('1')).ok).toBe(true);
    for (const [, fragment, expected] of hostileLinks) {
      const r = engine.openLink(fragment);
      if (!expected.startsWith('ok')) expect(r.ok).toBe(false);
    }
    expect(engine.open(withData('1')).ok).toBe(true);
  });

  it('Engine.open and openLink: whatever throws while a session opens is refused, the open session kept', () => {
    const engine = new Engine();
    expect(engine.open(withData('1')).ok).toBe(true);
    const before = JSON.stringify(engine.view());
    const inner = engine as unknown as { openSession: () => never };
    const spy = vi.spyOn(inner, 'openSession').mockImplementation(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    expect(refusals(engine.open(withData('2')))).toEqual(['session: could not be opened: it is too large or too deeply nested']);
    expect(refusals(engine.openLink(linkOf(withData('3'))))).toEqual(['session: could not be opened: it is too large or too deeply nested']);
    spy.mockImplementation(() => {
      throw new TypeError("Cannot read properties of undefined (reading 'x')");
    });
    expect(refusals(engine.open(withData('4')))).toEqual(['session: could not be opened: something in it could not be prepared']);
    spy.mockRestore();
    expect(JSON.stringify(engine.view())).toBe(before);
  });

  it('a hostile tool implementation in a link is stopped by the default limits on open', () => {
    const text = JSON.stringify({
      ...BASE,
      limits: { timeoutMs: 10_000 },
      tools: [{ name: 'spin', signature: '() -> :int', impl: '(loop [i 0] (recur (inc i)))' }],
    });
    const engine = new Engine();
    const r = engine.openLink(linkOf(text));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.view.setup.problems[0].text).toMatch(/^tools\[0\]\.impl: loop exceeded 1000 iterations/);
  });
});

describe('hostile --data files and batch lines', () => {
  const dataCases: [string, string, string][] = [
    ['100,000 deep', `{"x":${deep(100_000)}}`, 'is refused (line 1, column 205: JSON nested more than 200 levels deep; at most 200 are read)'],
    ['an integer of 5,000,000 digits', `{"x":${digits(5_000_000)}}`, 'is refused (line 1, column 6: an integer of 5,000,000 digits; at most 10,000 are read)'],
    ['not JSON', '{"x":', 'is not valid JSON (line 1, column 6: unexpected end of input)'],
    ['an array', '[1.0]', 'must hold a JSON object (its keys become data/ names)'],
  ];
  it.each(dataCases)('%s', (_what, text, expected) => {
    const r = dataFromJsonText(text);
    expect(r.ok ? 'ok' : r.message).toBe(expected);
    const answer = answerLine(`{"id": 7, "program": "1", "data": ${text}}`);
    expect(answer).toMatchObject({ id: 7, ok: false });
  });

  it('a batch line nested 100,000 deep is one request error, answered with its id', () => {
    expect(answerLine(`{"id": 1, "program": "1", "data": {"x": ${deep(100_000)}}}`)).toEqual({
      id: 1,
      ok: false,
      error: { type: 'request_error', message: 'line is refused (column 239: JSON nested more than 200 levels deep; at most 200 are read)' },
    });
  });
});

describe('faithful JSON input (L9): one lossless reader on every path', () => {
  const TEXT = '{"a": 9007199254740993, "b": 1.0, "c": 1e3, "d": 12345678901234567890123}';
  const EXPECTED = ['9007199254740993', '1.0', '1000.0', '12345678901234567890123'];
  const printed = (data: ReadonlyMap<string, Value>): string[] => ['a', 'b', 'c', 'd'].map((k) => printValue(data.get(k) ?? null));
  const dir = mkdtempSync(join(tmpdir(), 'ptc-lossless-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const sessionText = baseText(`,"data":${TEXT}`);
  const paths: [string, () => string[]][] = [
    [
      'session file text (parseSession)',
      () => {
        const r = parseSession(sessionText);
        if (!r.ok) throw new Error(r.errors.join('\n'));
        return printed(r.session.data);
      },
    ],
    [
      'recorded values in a session file (turn result)',
      () => {
        const r = parseSession(baseText(`,"turns":[{"number":1,"rawResponse":"","program":"","success":true,"result":${TEXT}}]`));
        if (!r.ok) throw new Error(r.errors.join('\n'));
        const result = r.session.turns[0].result;
        return ['a', 'b', 'c', 'd'].map((k) => {
          const got = run({ program: `(get *1 :${k})`, history: [result] });
          return got.ok ? printValue(got.value) : got.error.message;
        });
      },
    ],
    [
      'share link',
      () => {
        const r = decodeLink(linkOf(sessionText));
        if (!r.ok) throw new Error(r.error);
        return printed(r.session.data);
      },
    ],
    [
      'Engine.open (a file opened in the app)',
      () => {
        const engine = new Engine();
        if (!engine.open(sessionText).ok) throw new Error('not opened');
        return [engine.repl('[data/a data/b data/c data/d]').result ?? ''];
      },
    ],
    [
      'the data panel (parseJson → Engine.setDefinition)',
      () => {
        const engine = new Engine();
        if (!engine.open(baseText('')).ok) throw new Error('not opened');
        const parsed = parseJson(TEXT);
        if (!parsed.ok) throw new Error(parsed.error.message);
        const r = engine.setDefinition({ ...engine.view().setup.definition, data: parsed.value as { [name: string]: never } });
        if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
        return [engine.repl('[data/a data/b data/c data/d]').result ?? ''];
      },
    ],
    [
      'ptc eval --data (loadDataFile)',
      () => {
        const file = join(dir, 'data.json');
        writeFileSync(file, TEXT);
        return printed(loadDataFile(file));
      },
    ],
    [
      'ptc eval --data (the command itself)',
      () => {
        const file = join(dir, 'spawned.json');
        writeFileSync(file, TEXT);
        const r = spawnSync(process.execPath, [join(__dirname, '..', '..', 'bin', 'ptc.mjs'), 'eval', '--data', file, '-e', '[data/a data/b data/c data/d]'], {
          encoding: 'utf8',
          timeout: 20_000,
        });
        return [r.stdout.trim() || r.stderr];
      },
    ],
    [
      'ptc eval --batch data',
      () => {
        const answer = answerLine(`{"id": 1, "program": "[data/a data/b data/c data/d]", "data": ${TEXT}}`);
        return [answer.ok ? answer.result : answer.error.message];
      },
    ],
    [
      'dataFromJsonText',
      () => {
        const r = dataFromJsonText(TEXT);
        if (!r.ok) throw new Error(r.message);
        return printed(r.data);
      },
    ],
  ];

  it.each(paths)('%s', (_what, read) => {
    const got = read();
    expect(got.length === 1 ? got[0] : got).toEqual(got.length === 1 ? `[${EXPECTED.join(' ')}]` : EXPECTED);
  });

  it('reads what JSON.parse reads, numbers aside', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const text = JSON.stringify(v);
        const r = readJson(text);
        expect(r.ok).toBe(true);
        if (r.ok) expect(JSON.stringify(r.value)).toBe(JSON.stringify(JSON.parse(text)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the codecs never throw (fast-check, bounded)', () => {
  const json = fc.jsonValue({ maxDepth: 4, depthSize: 'small' });
  it('parseSession on arbitrary JSON values, as values and as text', () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(() => parseSession(v)).not.toThrow();
        expect(() => parseSession(JSON.stringify(v))).not.toThrow();
        expect(() => parseSession({ ...BASE, data: { x: v }, turns: [{ number: 1, rawResponse: '', program: '', success: true, result: v }] })).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('parseSession and decodeLink on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (s) => {
        expect(() => parseSession(s)).not.toThrow();
        expect(() => decodeLink(s)).not.toThrow();
        expect(() => decodeLink('s=2.' + s)).not.toThrow();
        expect(() => decodeLink(linkOf(s))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it('decodeLink on links holding arbitrary JSON, in a session or alone', () => {
    fc.assert(
      fc.property(json, (v) => {
        expect(() => decodeLink(linkOf(JSON.stringify(v)))).not.toThrow();
        expect(() => decodeLink(linkOf(JSON.stringify({ ...BASE, data: { x: v } })))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
