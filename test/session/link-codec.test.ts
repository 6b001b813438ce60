import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { Deflate, deflateSync, inflateSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyReply, initialStep, messagesFor, messagesForTurn, prepareAgent } from '../../src/agent/loop.ts';
import type { Turn } from '../../src/agent/turn.ts';
import { compileRegex } from '../../src/lisp/reader.ts';
import { makeFn, MapBuilder, PDate, PDuration, PInstant, PLocalDate, PVar, type Value } from '../../src/lisp/values.ts';
import {
  buildLink,
  decodeLink,
  encodeLink,
  fromBase64Url,
  LINK_VERSION,
  MAX_FRAGMENT_CHARS,
  MAX_INFLATED_BYTES,
  MAX_JSON_DEPTH,
  MAX_LINK_LENGTH,
  MAX_LINK_TURNS,
  toBase64Url,
  type DecodeLinkResult,
} from '../../src/session/link-codec.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../../src/session/session-file.ts';
import { value as lispValue } from '../lisp/arbitraries.ts';
import { everyKindOfValue, recordedTurns } from './builders.ts';

// ---------------------------------------------------------------------------------------------
// Helpers

const EXAMPLES = join(__dirname, '..', '..', 'examples');
const exampleNames = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'));
const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);

function sessionOf(input: unknown): Session {
  const r = parseSession(input);
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

const BASE = {
  version: 1,
  title: 'Link test',
  mission: 'Find {{what}}',
  maxTurns: 5,
  compression: true,
  data: { what: 'laptops' },
  tools: [{ name: 'search', signature: '(q :string) -> :string', description: 'Search', impl: '(fn [q] (str "found " q))' }],
  llm: { provider: 'mock', replies: ['```clojure\n(def x 1)\n```'] },
  turns: [],
};

const base = (patch: Record<string, unknown> = {}): Session => sessionOf({ ...BASE, ...patch });

/** A session with every turn its mock replies give, run as the engine runs them. */
function ranToEnd(session: Session): Session {
  const prepared = prepareAgent(sessionToAgent(session));
  if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
  const agent = prepared.agent;
  let step = initialStep();
  const replies = session.llm.replies ?? [];
  while (step.status === 'running' && step.turns.length < replies.length) {
    step = applyReply(agent, step, replies[step.turns.length], messagesFor(agent, step).messages);
  }
  return { ...session, turns: step.turns };
}

const example = (name: string): Session => sessionOf(readFileSync(join(EXAMPLES, name), 'utf8'));

/** A version-1 link, as the first format wrote it: the session file, deflated, base64url. */
const v1Link = (fileText: string): string => `s=1.${toBase64Url(deflateSync(utf8(fileText), { level: 9 }))}`;
/** A link of any version around any payload text. */
const linkOf = (version: number, text: string): string => `s=${version}.${toBase64Url(deflateSync(utf8(text), { level: 9 }))}`;
/** The JSON inside a link. */
const payloadOf = (fragment: string): Record<string, unknown> =>
  JSON.parse(new TextDecoder().decode(inflateSync(fromBase64Url(fragment.slice(fragment.indexOf('.') + 1))))) as Record<string, unknown>;

function opened(fragment: string): Extract<DecodeLinkResult, { ok: true }> {
  const r = decodeLink(fragment);
  if (!r.ok) throw new Error(r.error);
  return r;
}

function refused(fragment: string): string {
  const r = decodeLink(fragment);
  if (r.ok) throw new Error('expected the link to be refused');
  expect(typeof r.error).toBe('string');
  expect(r.error.length).toBeGreaterThan(10);
  return r.error;
}

// ---------------------------------------------------------------------------------------------

describe('format', () => {
  it('is s=<version>.<base64url of raw DEFLATE of the JSON>', () => {
    const s = base();
    const f = encodeLink(s);
    expect(LINK_VERSION).toBe(2);
    expect(f).toMatch(/^s=2\.[A-Za-z0-9_-]+$/);
    expect(payloadOf(f)).toEqual(JSON.parse(serializeSession(s)));
  });

  it('base64url round-trips every length of bytes, without padding', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(text.length).toBe(Math.ceil((bytes.length * 4) / 3));
        expect([...fromBase64Url(text)]).toEqual([...bytes]);
      }),
    );
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('shares the limit the UI uses', () => {
    expect(MAX_LINK_LENGTH).toBe(32_768);
    expect(MAX_FRAGMENT_CHARS).toBe(2 * 1024 * 1024);
    expect(MAX_INFLATED_BYTES).toBe(8 * 1024 * 1024);
    expect(MAX_JSON_DEPTH).toBe(200);
  });

  it('opens with or without the leading #', () => {
    const f = encodeLink(base());
    expect(serializeSession(opened(`#${f}`).session)).toBe(serializeSession(base()));
  });
});

// ---------------------------------------------------------------------------------------------

const regex = fc.constantFrom('a+', '(?i)hello', '^\\d{3}$').map((s) => compileRegex(s));
const inst = fc.oneof(
  fc.integer({ min: -365_243_219_162, max: 365_241_780_471 }).map((day) => new PLocalDate(day)),
  fc
    .tuple(fc.bigInt({ min: -31_557_014_167_219_200n, max: 31_556_889_864_403_199n }), fc.integer({ min: 0, max: 999_999_999 }))
    .map(([s, n]) => new PInstant(s, n)),
  fc.tuple(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), fc.integer({ min: 0, max: 999_999_999 })).map(([s, n]) => new PDuration(s, n)),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((ms) => new PDate(ms)),
);
const fnValue = fc
  .constantFrom<[string | null, string[], string | undefined]>(['total', ['[xs]'], 'Sum'], [null, ['[& xs]'], undefined], ['f', ['[x]', '[x y]'], undefined])
  .map(([name, params, doc]) => makeFn(() => null, { name, kind: 'closure', minArity: 0, maxArity: Infinity, params, ...(doc !== undefined ? { doc } : {}) }));
/** Every PTC value kind: the shared arbitraries plus regexes, dates, vars and functions, also inside collections. */
const anyValue: fc.Arbitrary<Value> = fc.oneof(
  lispValue,
  regex,
  inst,
  fc.constantFrom('x', 'data/y').map((n) => new PVar(n)),
  fnValue,
  fc.array(fc.oneof(lispValue, regex, inst, fnValue), { maxLength: 4 }),
  fc.array(fc.tuple(lispValue, fc.oneof(regex, inst, fnValue)), { maxLength: 3 }).map((es) => {
    const b = new MapBuilder();
    for (const [k, v] of es) b.set(k, v);
    return b.build();
  }),
);
// nil, true and false read as literals, so no definition or data entry can have them as its name.
const symbol = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/).filter((n) => !['nil', 'true', 'false'].includes(n));

const sessionWithValues = fc
  .record({
    data: fc.uniqueArray(fc.tuple(symbol, anyValue), { selector: ([k]) => k, maxLength: 4 }),
    turns: fc.array(
      fc.record({
        result: anyValue,
        arg: anyValue,
        defined: fc.uniqueArray(fc.tuple(symbol, anyValue), { selector: ([k]) => k, maxLength: 3 }),
        print: fc.string({ maxLength: 20 }),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ data, turns }): Session => {
    const s = base({ maxTurns: 5 });
    const built: Turn[] = turns.map((t, i) => ({
      number: i + 1,
      rawResponse: `reply ${i + 1}`,
      program: `(tool/search "q${i}")`,
      result: t.result,
      signal: null,
      prints: [t.print],
      toolCalls: [{ name: 'search', args: [t.arg], result: t.result, durationMs: 0.5 }],
      memory: new Map(t.defined.map(([name, v]) => [name, { name, value: v, doc: `doc of ${name}` }])),
      success: true,
      messages: [{ role: 'user', content: `sent ${i + 1}` }],
      durationMs: 1,
    }));
    return { ...s, data: new Map([['what', 'laptops'], ...data.filter(([k]) => k !== 'what')]), turns: built };
  });

/** The same turns, each holding the messages the session renders for it (what a real run records). */
function withRenderedMessages(s: Session): Session {
  const prepared = prepareAgent(sessionToAgent(s));
  if (!prepared.ok) throw new Error(prepared.errors.join('\n'));
  const turns: Turn[] = [];
  for (const t of s.turns) turns.push({ ...t, messages: messagesForTurn(prepared.agent, turns, t.number).messages });
  return { ...s, turns };
}

describe('round trip', () => {
  it('keeps every kind of PTC value in data, results, tool calls and memory (property)', () => {
    fc.assert(
      fc.property(sessionWithValues, (s) => {
        const text = serializeSession(s);
        const r = opened(encodeLink(s));
        expect(r.version).toBe(2);
        expect(serializeSession(r.session)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  it('derives the messages of turns that recorded what the session renders (property)', () => {
    fc.assert(
      fc.property(sessionWithValues, (raw) => {
        const s = withRenderedMessages(raw);
        const built = buildLink(s);
        expect(built.turnsDerived).toBe(s.turns.length);
        const r = opened(built.fragment);
        expect(r.warnings).toEqual([]);
        expect(serializeSession(r.session)).toBe(serializeSession(s));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the session tests’ value of every kind and their recorded turns', () => {
    const s: Session = {
      ...base(),
      data: new Map<string, Value>([
        ['what', 'x'],
        ['everything', everyKindOfValue()],
      ]),
      turns: recordedTurns(),
    };
    const text = serializeSession(s);
    // Their messages are not what the session renders, so they stay in the link as written.
    expect(buildLink(s).turnsDerived).toBe(0);
    expect(serializeSession(opened(encodeLink(s)).session)).toBe(text);
  });

  it('keeps a session’s own "$rendered" field with recorded turns (their messages are then all kept)', () => {
    const ran = ranToEnd(example('failed-turn-recovery.json'));
    const s: Session = { ...ran, extra: new Map([['$rendered', 'mine']]) };
    const built = buildLink(s);
    expect(built.turnsDerived).toBe(0);
    const r = opened(built.fragment);
    expect(r.session.extra?.get('$rendered')).toBe('mine');
    expect(serializeSession(r.session)).toBe(serializeSession(s));
  });

  it('keeps unknown top-level fields, limits, other providers and every compression form', () => {
    for (const patch of [
      { notes: 'keep me', ui: { theme: 'dark' } },
      { limits: { timeoutMs: 500, maxDepth: 50 } },
      { llm: { provider: 'openai', model: 'gpt-x', baseUrl: 'https://example.test/v1' } },
      { compression: false },
      { compression: { strategy: 'single-user-coalesced', printlnLimit: 3, failedTurns: 'all' } },
      { $rendered: 'the session’s own field' },
    ]) {
      const s = base(patch);
      expect(serializeSession(opened(encodeLink(s)).session)).toBe(serializeSession(s));
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('recorded turns (version 2 leaves out the messages it can render again)', () => {
  it.each(exampleNames)('%s: every turn opens with exactly the messages it was sent', (name) => {
    const s = ranToEnd(example(name));
    expect(s.turns.length).toBeGreaterThan(1);
    const built = buildLink(s);
    expect(built.turnsDerived).toBe(s.turns.length);
    // Nothing of the messages is in the link…
    const payload = payloadOf(built.fragment);
    expect((payload.turns as object[]).every((t) => !('messages' in t))).toBe(true);
    expect((payload.turns as object[]).every((t) => typeof (t as { messagesHash?: unknown }).messagesHash === 'string')).toBe(true);
    // …yet they come back exactly, and so does the whole session file.
    const r = opened(built.fragment);
    expect(r.warnings).toEqual([]);
    r.session.turns.forEach((t, i) => expect(t.messages).toEqual(s.turns[i].messages.map((m) => ({ role: m.role, content: m.content }))));
    expect(serializeSession(r.session)).toBe(serializeSession(s));
    // Much smaller than the whole session file in a version-1 link.
    expect(built.fragment.length).toBeLessThan(v1Link(serializeSession(s, { keepMessages: true })).length / 3);
    expect(built.fragment.length).toBeLessThan(MAX_LINK_LENGTH);
  });

  it('keeps the recorded messages of turns the definition no longer renders (edited after they ran)', () => {
    const ran = ranToEnd(example('reviews-and-inventory.json'));
    const edited: Session = { ...ran, mission: `${ran.mission} (edited)` };
    const built = buildLink(edited);
    expect(built.turnsDerived).toBe(0);
    const r = opened(built.fragment);
    r.session.turns.forEach((t, i) => expect(t.messages).toEqual(ran.turns[i].messages));
    expect(r.session.mission).toBe(edited.mission);
    expect(serializeSession(r.session)).toBe(serializeSession(edited));
  });

  it('mixes derived and kept messages turn by turn', () => {
    const ran = ranToEnd(example('long-run-overflow.json'));
    const turns = ran.turns.map((t, i) =>
      i === 2 ? { ...t, messages: [...t.messages.slice(0, 1), { role: 'user' as const, content: 'what it was really sent' }] } : t,
    );
    const s: Session = { ...ran, turns };
    const built = buildLink(s);
    expect(built.turnsDerived).toBe(turns.length - 1);
    const payload = payloadOf(built.fragment);
    expect((payload.turns as object[]).map((t) => 'messages' in t)).toEqual(turns.map((_, i) => i === 2));
    expect(serializeSession(opened(built.fragment).session)).toBe(serializeSession(s));
  });

  it('keeps every message when the agent cannot be prepared', () => {
    const ran = ranToEnd(example('side-effect-calls.json'));
    const broken: Session = { ...ran, tools: ran.tools.map((t, i) => (i === 0 ? { ...t, impl: '(fn [x' } : t)) };
    const built = buildLink(broken);
    expect(built.turnsDerived).toBe(0);
    expect(serializeSession(opened(built.fragment).session)).toBe(serializeSession(broken));
  });

  it('without recorded turns ({turns: false}): the mock replies are kept to replay them', () => {
    const ran = ranToEnd(example('products-exploration.json'));
    const f = encodeLink(ran, { turns: false });
    const r = opened(f);
    expect(r.session.turns).toEqual([]);
    expect(r.session.llm.replies).toEqual(ran.llm.replies);
    expect(serializeSession(r.session)).toBe(serializeSession({ ...ran, turns: [] }));
    expect(f.length).toBeLessThan(encodeLink(ran).length);
    // Replaying the replies gives the same turns again.
    expect(serializeSession(ranToEnd(r.session)).replace(/"durationMs": [\d.]+/g, '')).toBe(serializeSession(ran).replace(/"durationMs": [\d.]+/g, ''));
  });

  it('says so when this build renders the left-out messages differently from the one that made the link', () => {
    const ran = ranToEnd(example('failed-turn-recovery.json'));
    const payload = payloadOf(encodeLink(ran));
    for (const t of payload.turns as { messagesHash?: string }[]) t.messagesHash = '00000000';
    const r = opened(linkOf(2, JSON.stringify(payload)));
    expect(r.warnings).toEqual([expect.stringMatching(/rendered the LLM's messages differently: turns 1, 2, 3, 4 show this version's rendering/)]);
  });

  it('reads links made before session version 2 (a version-1 session leaving out messages, with "$rendered")', () => {
    const ran = ranToEnd(example('failed-turn-recovery.json'));
    const legacy = JSON.parse(serializeSession(ran, { keepMessages: true })) as { version: number; turns: { messages?: unknown }[]; $rendered?: string };
    legacy.version = 1;
    for (const t of legacy.turns) delete t.messages;
    // Such a link's checksum (FNV-1a 32 of the left-out messages as JSON), here one this build does not render.
    legacy.$rendered = '00000000';
    const r = opened(linkOf(2, JSON.stringify(legacy)));
    expect(r.warnings).toEqual([expect.stringMatching(/rendered the LLM's messages differently: turns 1, 2, 3, 4 show this version's rendering/)]);
    expect(r.session.extra?.has('$rendered')).toBe(false);
    r.session.turns.forEach((t, i) => expect(t.messages).toEqual(ran.turns[i].messages));
  });

  it('refuses a link that leaves out messages its session cannot render', () => {
    const payload = {
      ...BASE,
      tools: [{ name: 'search', signature: '(q :string) -> :string', impl: 'alert(1)' }],
      turns: [{ number: 1, rawResponse: 'r', program: '(+ 1 2)', success: true }],
    };
    expect(refused(linkOf(2, JSON.stringify(payload)))).toMatch(
      /^This link is damaged: it leaves out the messages of turn 1, and its session cannot render them \(tools\[0\]\.impl: /,
    );
  });

  it('refuses more recorded turns than a session can run', () => {
    const turns = Array.from({ length: MAX_LINK_TURNS + 1 }, (_, i) => ({ number: i + 1, rawResponse: '', program: '', success: true }));
    expect(refused(linkOf(2, JSON.stringify({ ...BASE, turns })))).toBe('This link is refused: it holds 10,001 recorded turns; a session has at most 10,000.');
  });
});

// ---------------------------------------------------------------------------------------------

describe('versions', () => {
  it.each(exampleNames)('%s: a version-1 link (the whole session file) opens as written', (name) => {
    const s = ranToEnd(example(name));
    const text = serializeSession(s, { keepMessages: true }).replace('"version": 2', '"version": 1');
    const r = opened(v1Link(text));
    expect(r.version).toBe(1);
    r.session.turns.forEach((t, i) => expect(t.messages).toEqual(s.turns[i].messages));
    expect(serializeSession(r.session)).toBe(serializeSession(s));
  });

  it('version 1 takes the JSON as it is: messages left out are empty, a "$rendered" field is the session’s own', () => {
    const r = opened(linkOf(1, JSON.stringify({ ...BASE, $rendered: 'x', turns: [{ number: 1, rawResponse: 'r', program: '(+ 1 2)', success: true }] })));
    expect(r.session.turns[0].messages).toEqual([]);
    expect(r.session.extra?.get('$rendered')).toBe('x');
  });

  it('a version-1 fixture written by hand', () => {
    const fixture = `{
  "version": 1,
  "title": "Reviews and inventory",
  "mission": "Find well-reviewed products in stock",
  "maxTurns": 5,
  "compression": true,
  "data": {"products": [{"name": "Laptop", "price": 1200}], "tags": {"$set": [{"$kw": "new"}]}},
  "tools": [{"name": "search-reviews", "signature": "(category :string) -> :string",
             "impl": "(fn [category] (str \\"Reviews for \\" category))"}],
  "llm": {"provider": "mock", "replies": ["\`\`\`clojure\\n(def x 1)\\n\`\`\`"]},
  "turns": []
}`;
    const r = opened(v1Link(fixture));
    expect(r.session.title).toBe('Reviews and inventory');
    expect(serializeSession(r.session)).toBe(serializeSession(sessionOf(fixture)));
  });

  it('a newer version is refused, saying which versions this build reads', () => {
    expect(refused(linkOf(3, serializeSession(base())))).toBe('This link was made by a newer version of the playground (link version 3); this one reads 1–2.');
    expect(refused('s=12345.AAAA')).toMatch(/link version 12345\); this one reads 1–2/);
  });
});

// ---------------------------------------------------------------------------------------------

describe('damaged and hostile links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a missing or malformed prefix', () => {
    for (const f of ['', '#', 'x=2.abc', 'share=2.abc', 'S=2.abc']) expect(refused(f)).toMatch(/^This is not a playground share link/);
    for (const f of ['s=', 's=2', 's=.abc', 's=abc.xyz', 's=02.abc', 's=-1.abc', 's=0.abc', 's=2e1.abc', 's=1234567890.abc'])
      expect(refused(f)).toMatch(/^This link is damaged: it should start with "s=<version>\."/);
    expect(refused('s=2.')).toBe('This link is damaged: it holds nothing after "s=2.".');
  });

  it('every truncation of a real link is refused with a clear message', () => {
    const f = encodeLink(ranToEnd(example('reviews-and-inventory.json')));
    const messages = new Set<string>();
    for (let cut = 5; cut < f.length; cut += 7) messages.add(refused(f.slice(0, cut)));
    expect([...messages].sort()).toEqual([
      'This link is damaged: its data does not decompress (it was cut off or changed).',
      'This link is damaged: its data ends in the middle of a byte (it was probably cut off).',
    ]);
  });

  it('characters a link cannot carry are named with their place', () => {
    const f = encodeLink(base());
    expect(refused(`${f.slice(0, 10)}%${f.slice(10)}`)).toBe(
      'This link is damaged: it holds "%" (U+0025) at character 11, where only letters, digits, "-" and "_" can appear (was it cut or changed when copied?).',
    );
    expect(refused(`#${f.slice(0, 10)}+${f.slice(10)}`)).toMatch(/holds "\+" \(U\+002B\) at character 12/);
    for (const c of ['/', '=', 'é', '😀', '\u0000', '<']) expect(refused(`${f}${c}`)).toMatch(/^This link is damaged: it holds .* at character/);
    expect(refused(`${f.slice(0, 20)}\n${f.slice(20)}`)).toMatch(/the control character U\+000A at character 21/);
    expect(refused(`${f.slice(0, 20)} ${f.slice(20)}`)).toMatch(/a space at character 21/);
  });

  it('valid base64url of garbage is refused, whatever the bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), fc.integer({ min: 1, max: 2 }), (bytes, version) => {
        const r = decodeLink(`s=${version}.${toBase64Url(bytes)}`);
        if (!r.ok) expect(r.error).toMatch(/^This link (is damaged|is refused|holds a session)/);
      }),
      { numRuns: 500 },
    );
    expect(refused(`s=2.${toBase64Url(utf8('hello, this is not deflate'))}`)).toBe(
      'This link is damaged: its data does not decompress (it was cut off or changed).',
    );
  });

  it('never throws, whatever the text (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `s=2.${s}`),
          fc.stringMatching(/^s=[12]\.[A-Za-z0-9_-]{0,200}$/),
        ),
        (f) => {
          const r = decodeLink(f);
          expect(r.ok ? true : typeof r.error).not.toBe(undefined);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('deflated bytes that are not UTF-8, or not JSON', () => {
    expect(refused(`s=2.${toBase64Url(deflateSync(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))}`)).toBe('This link is damaged: its data is not UTF-8 text.');
    expect(refused(linkOf(2, '{"version": 1, "mission": '))).toMatch(/^This link is damaged: its session is not valid JSON \(line 1, column 27: /);
    expect(refused(linkOf(2, ''))).toMatch(/not valid JSON .*the text is empty/);
  });

  it('a deflate bomb (100 MB of JSON) is refused fast, with little memory', () => {
    const parts: Uint8Array[] = [];
    const deflate = new Deflate({ level: 1 }, (chunk) => parts.push(chunk));
    deflate.push(utf8('{"version":1,"mission":"'));
    const block = new Uint8Array(1024 * 1024).fill(0x61);
    for (let i = 0; i < 100; i++) deflate.push(block);
    deflate.push(utf8('","llm":{"provider":"mock","replies":[]}}'), true);
    const compressed = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    parts.reduce((at, p) => (compressed.set(p, at), at + p.length), 0);
    const bomb = `s=2.${toBase64Url(compressed)}`;
    expect(bomb.length).toBeLessThan(MAX_FRAGMENT_CHARS);

    const before = process.memoryUsage();
    const error = refused(bomb);
    const after = process.memoryUsage();
    expect(error).toBe('This link is refused: its session decompresses to more than 8 MB.');
    // Inflating it all would take 100 MB (and 200 MB more as a string); the cap keeps it to a few.
    expect(after.arrayBuffers - before.arrayBuffers + (after.heapUsed - before.heapUsed)).toBeLessThan(48 * 1024 * 1024);
  });

  it('decompresses up to the cap and not a byte more', () => {
    const fill = (n: number) => JSON.stringify({ ...BASE, mission: '' }).replace('"mission":""', `"mission":"${'m'.repeat(n)}"`);
    const exact = fill(0);
    const room = MAX_INFLATED_BYTES - exact.length;
    expect(opened(linkOf(2, fill(room))).session.mission.length).toBe(room);
    expect(refused(linkOf(2, fill(room + 1)))).toBe('This link is refused: its session decompresses to more than 8 MB.');
  });

  it('a JSON bomb: nesting deeper than the cap is refused before parsing', () => {
    const deep = (n: number) => JSON.stringify({ ...BASE, data: { x: 0 } }).replace('"x":0', `"x":${'['.repeat(n)}${']'.repeat(n)}`);
    // The data value sits 2 levels down.
    expect(opened(linkOf(2, deep(MAX_JSON_DEPTH - 2))).session.data.has('x')).toBe(true);
    expect(refused(linkOf(2, deep(MAX_JSON_DEPTH - 1)))).toBe('This link is refused: its session is nested more than 200 levels deep.');
    expect(refused(linkOf(2, deep(1_000_000)))).toBe('This link is refused: its session is nested more than 200 levels deep.');
    // Brackets inside strings are text, not nesting.
    expect(opened(linkOf(2, JSON.stringify({ ...BASE, mission: '[{'.repeat(10_000) }))).session.mission).toHaveLength(20_000);
  });

  it('a JSON bomb: huge arrays within the cap open (or fail) with a clear answer', () => {
    const big = JSON.stringify({ ...BASE, data: { what: 'x', zeros: 0 } }).replace('"zeros":0', `"zeros":[${Array(1_000_000).fill('0').join(',')}]`);
    const f = linkOf(2, big);
    expect(f.length).toBeLessThan(MAX_LINK_LENGTH);
    const r = opened(f);
    expect((r.session.data.get('zeros') as Value[]).length).toBe(1_000_000);
    // Many wrong items: a clear refusal with the first problems, not a crash or a list of thousands.
    const prints = (n: number) =>
      JSON.stringify({ ...BASE, turns: [{ number: 1, rawResponse: '', program: '', success: true, prints: 0 }] }).replace(
        '"prints":0',
        `"prints":[${Array(n).fill('{}').join(',')}]`,
      );
    const many = decodeLink(linkOf(2, prints(100_000)));
    if (many.ok) throw new Error('expected a refusal');
    expect(many.error).toMatch(
      /^This link holds a session with 100,000 problems: turns\[0\]\.prints\[0\]: expected a string, got an object; .*turns\[0\]\.prints\[9\]: .*; … and 99,990 more$/,
    );
    expect(many.problems).toHaveLength(101);
    expect(many.problems?.[100]).toBe('… and 99,900 more');
    // Past what the schema checker can walk, the engine's own limit is caught and said plainly.
    expect(refused(linkOf(2, prints(500_000)))).toBe('This link holds a session with a problem: session: refused, it is too large to check');
  });

  it('wrong types at the top level and inside, listed by path', () => {
    expect(refused(linkOf(2, '[]'))).toBe('This link holds a session with a problem: session: expected a JSON object, got an array');
    expect(refused(linkOf(2, '3'))).toBe('This link holds a session with a problem: session: expected a JSON object, got number');
    expect(refused(linkOf(1, 'null'))).toBe('This link holds a session with a problem: session: expected a JSON object, got null');
    expect(refused(linkOf(2, '"text"'))).toBe('This link holds a session with a problem: session: expected a JSON object, got a string');
    // A session file inside a JSON string is not read as one.
    expect(refused(linkOf(2, JSON.stringify(serializeSession(base()))))).toMatch(/got a string$/);
    expect(refused(linkOf(2, '{}'))).toMatch(/^This link holds a session with a problem: version: missing/);
    const r = decodeLink(linkOf(2, JSON.stringify({ ...BASE, maxTurns: 'five', tools: [{ name: 'search', signature: '(q :string)', impl: 3 }] })));
    expect(r).toMatchObject({
      ok: false,
      error: 'This link holds a session with 2 problems: maxTurns: expected a number, got string "five"; tools[0].impl: expected a string, got number 3',
      problems: ['maxTurns: expected a number, got string "five"', 'tools[0].impl: expected a string, got number 3'],
    });
    // The same problems as data: where each is, and what kind.
    expect(r.ok ? [] : r.details?.map((p) => [p.path, p.code, p.message])).toEqual([
      ['maxTurns', 'invalid_type', 'expected a number, got string "five"'],
      ['tools[0].impl', 'invalid_type', 'expected a string, got number 3'],
    ]);
  });

  it('a 10 MB fragment is refused at once', () => {
    const huge = `s=2.${'A'.repeat(10 * 1024 * 1024)}`;
    // Refused on its length alone: the message is the length check's, before any decoding.
    expect(refused(huge)).toBe('This link is too long to open: 10,485,764 characters, more than the 2,097,152 the playground reads.');
  });

  it('never holds an API key: one in the link is refused, wherever it is', () => {
    for (const version of [1, 2]) {
      expect(refused(linkOf(version, JSON.stringify({ ...BASE, llm: { provider: 'openai', model: 'gpt-x', apiKey: 'sk-secret' } })))).toMatch(
        /llm\.apiKey: API keys are never stored in session files/,
      );
      expect(refused(linkOf(version, JSON.stringify({ ...BASE, apiKey: 'sk-secret' })))).toMatch(/(^|; |: )apiKey: API keys are never stored/);
    }
    // The encoder writes provider, model and base URL at most.
    const s = base({ llm: { provider: 'openai', model: 'gpt-x', baseUrl: 'https://example.test/v1' } });
    expect(payloadOf(encodeLink(s)).llm).toEqual({ provider: 'openai', model: 'gpt-x', baseUrl: 'https://example.test/v1' });
  });

  it('a tool implementation that is JavaScript is only ever PTC-Lisp that fails to prepare', () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    for (const impl of ['alert(1)', '(js/alert 1)', '(fn [q] (alert q))', '<script>alert(1)</script>']) {
      const s = base({ tools: [{ name: 'search', signature: '(q :string) -> :string', impl }] });
      const r = opened(encodeLink(s));
      expect(r.session.tools[0].impl).toBe(impl);
      const prepared = prepareAgent(sessionToAgent(r.session));
      if (prepared.ok) {
        // It prepared as PTC-Lisp (a function); calling it still cannot reach JavaScript.
        const tool = prepared.agent.tools[0];
        expect(() => tool.fn('x')).toThrow();
      } else {
        expect(prepared.errors[0]).toMatch(/^tools\[0\]\.impl: /);
      }
    }
    expect(alert).not.toHaveBeenCalled();
  });

  it('the encoder says when a session would be over the decoder’s caps', () => {
    // Built in memory: parseSession itself refuses JSON nested past the cap.
    let nested: Value = [];
    for (let i = 1; i < 250; i++) nested = [nested];
    const deep: Session = {
      ...base(),
      data: new Map<string, Value>([
        ['what', 'x'],
        ['deep', nested],
      ]),
    };
    const built = buildLink(deep);
    expect(built.unopenable).toBe('the session is nested 252 levels deep; a link holds at most 200');
    expect(refused(built.fragment)).toMatch(/nested more than 200 levels/);
    expect(buildLink(base()).unopenable).toBeUndefined();
  });
});
