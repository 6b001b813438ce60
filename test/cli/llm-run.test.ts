// `ptc run` against real LLM APIs, played by the fake OpenAI-compatible and Anthropic servers: usage in
// the record, --save, exit codes for every kind of failure, and the key never leaving the request.
// The command runs in process with the environment each test gives it (the fake servers live in
// this process too); one test spawns the real command, for its exit status and its environment.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RunRecord } from '../../src/agent/run-record.ts';
import { parseLlmFlags, mergeLlm } from '../../src/cli/llm-options.ts';
import { UsageError } from '../../src/cli/common.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer, type RecordedRequest } from '../fakes/llm-servers.ts';
import { main } from '../../src/cli/main.ts';
import { memoryIo, ptcIn, ptcSpawnAsync, type Result } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-llm-run-'));
/** Recognisable, so any leak shows; long enough that the providers redact it. */
const KEY = 'sk-test-LEAKCHECK-7f3a9c';

/** The parent's keys never reach the CLI unless a test gives them. */
function baseEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  return env;
}

/** `ptc run ARGS` in process, seeing only the variables given. */
function ptc(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return ptcIn(['run', ...args], { env });
}

/** `ptc run ARGS` as a process, with the test's environment less its API keys. */
function ptcProcess(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return ptcSpawnAsync(['run', ...args], { env: { ...baseEnv(), ...env } });
}

let n = 0;
function sessionFile(llm: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const p = join(dir, `s${++n}.json`);
  writeFileSync(p, JSON.stringify({ version: 1, mission: 'Sum the numbers in data/xs.', data: { xs: [1, 2, 3] }, llm, ...extra }));
  return p;
}
const mockSession = (extra: Record<string, unknown> = {}): string => sessionFile({ provider: 'mock', replies: [] }, extra);

const code = (program: string): string => `Here you go:\n\`\`\`clojure\n${program}\n\`\`\``;
const THREE_TURNS = [code('(def total (reduce + data/xs))'), code('(println "total" total)'), code('(return total)')];

function noKey(...texts: string[]): void {
  for (const t of texts) expect(t).not.toContain(KEY);
}

/** The key as it reached the fake (the SDKs send `Authorization: Bearer`, Anthropic's API also takes `x-api-key`). */
function sentKey(r: RecordedRequest): string | undefined {
  return r.headers['x-api-key'] ?? r.headers.authorization?.replace(/^Bearer /, '');
}

function bodyOf(r: RecordedRequest): Record<string, unknown> {
  return r.body as Record<string, unknown>;
}

let openai: FakeLlmServer;
let anthropic: FakeLlmServer;
beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startFakeOpenAi(), startFakeAnthropic()]);
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
  rmSync(dir, { recursive: true, force: true });
});

describe('ptc run with a real provider', () => {
  test('openai: 3 turns, usage per turn and summed, only JSON on stdout, --save with provider/baseUrl/model and no key', async () => {
    const before = openai.requests.length;
    openai.enqueue(
      { text: THREE_TURNS[0], usage: { inputTokens: 100, outputTokens: 10 } },
      { text: THREE_TURNS[1], usage: { inputTokens: 150, outputTokens: 12, cachedInputTokens: 64 } },
      { text: THREE_TURNS[2], usage: { inputTokens: 200, outputTokens: 8, cachedInputTokens: 128 }, chunks: 5 },
    );
    const saved = join(dir, 'openai-saved.json');
    const r = await ptc(['--llm', 'openai', '--base-url', openai.url, '--model', 'fake-model', '--json', '--save', saved, mockSession()], {
      OPENAI_API_KEY: KEY,
    });
    expect(r.code).toBe(0);
    const rec = JSON.parse(r.out) as RunRecord;
    expect([rec.ok, rec.status, rec.return, rec.error]).toEqual([true, 'returned', '6', undefined]);
    expect(rec.turns.map((t) => t.usage)).toEqual([
      { inputTokens: 100, outputTokens: 10 },
      { inputTokens: 150, outputTokens: 12, cachedInputTokens: 64 },
      { inputTokens: 200, outputTokens: 8, cachedInputTokens: 128 },
    ]);
    expect(rec.usage.tokens).toEqual({ inputTokens: 450, outputTokens: 30, cachedInputTokens: 192 });
    expect(rec.usage.turns).toBe(3);
    expect(rec.usage.llmMs).toBeGreaterThan(0);
    const sent = { provider: 'openai', model: 'fake-model', baseUrl: openai.url, maxOutputTokens: 4096 };
    expect(rec.llm).toEqual(sent);
    for (const t of rec.turns) {
      expect(t.llm).toEqual(sent);
      expect(t.promptHash).toMatch(/\S/);
    }
    // The fake got the key, each time; nothing printed or saved has it.
    const requests = openai.requests.slice(before);
    expect(requests).toHaveLength(3);
    for (const q of requests) expect(sentKey(q)).toBe(KEY);
    expect(bodyOf(requests[0]).max_tokens ?? bodyOf(requests[0]).max_completion_tokens).toBe(4096);
    const savedText = readFileSync(saved, 'utf8');
    noKey(r.out, r.err, savedText);
    const s = JSON.parse(savedText) as { llm: Record<string, unknown>; turns: { usage?: unknown; llm?: unknown }[] };
    expect(s.llm).toMatchObject({ provider: 'openai', baseUrl: openai.url, model: 'fake-model' });
    expect(s.turns).toHaveLength(3);
    expect(s.turns[1].usage).toEqual({ inputTokens: 150, outputTokens: 12, cachedInputTokens: 64 });
    expect(s.turns[0].llm).toEqual(sent);
    expect(r.err).toBe(`saved 3 turns to ${saved}\n`);
  });

  test('anthropic from the session itself (no --llm), flags over the session field by field; human output shows tokens', async () => {
    const before = anthropic.requests.length;
    const usage = { inputTokens: 300, outputTokens: 20, cachedInputTokens: 200, cacheWriteTokens: 50 };
    anthropic.enqueue(...THREE_TURNS.map((text) => ({ text, usage })), ...THREE_TURNS.map((text) => ({ text, usage })));
    const s = sessionFile({ provider: 'anthropic', baseUrl: anthropic.url, model: 'session-model', temperature: 1 });
    const env = { ANTHROPIC_API_KEY: KEY };
    // One after the other: the two runs share the fake's script.
    const json = await ptc([s, '--json', '--model', 'flag-model', '--max-tokens', '512'], env);
    const human = await ptc([s, '--temperature', '0.25'], env);
    expect(json.code).toBe(0);
    const rec = JSON.parse(json.out) as RunRecord;
    expect([rec.status, rec.return]).toEqual(['returned', '6']);
    expect(rec.turns.map((t) => t.usage)).toEqual([usage, usage, usage]);
    expect(rec.usage.tokens).toEqual({ inputTokens: 900, outputTokens: 60, cachedInputTokens: 600, cacheWriteTokens: 150 });
    expect(rec.turns[0].llm).toEqual({ provider: 'anthropic', model: 'flag-model', baseUrl: anthropic.url, temperature: 1, maxOutputTokens: 512 });

    expect(human.code).toBe(0);
    expect(human.out).toContain('=== Turn 1 of 5 (ok,');
    expect(human.out).toContain('--- tokens: in 300, cached 200, written 50, out 20\n');
    expect(human.out).toContain('=== Returned ===\n6\n=== Tokens (3 turns) ===\nin 900, cached 600, written 150, out 60\n');
    noKey(json.out, json.err, human.out, human.err);

    const requests = anthropic.requests.slice(before);
    expect(requests).toHaveLength(6);
    for (const q of requests) expect(sentKey(q)).toBe(KEY);
    expect(requests.map((q) => bodyOf(q).model)).toEqual(['flag-model', 'flag-model', 'flag-model', 'session-model', 'session-model', 'session-model']);
    expect([bodyOf(requests[0]).temperature, bodyOf(requests[0]).max_tokens]).toEqual([1, 512]);
    expect([bodyOf(requests[3]).temperature, bodyOf(requests[3]).max_tokens]).toEqual([0.25, 4096]);
  });

  test('exit 1 for a (fail …) run and for running out of turns', async () => {
    const failing = await startFakeOpenAi({ defaultResponse: { text: code('(fail "no data")') } });
    const looping = await startFakeOpenAi({ defaultResponse: { text: code('(def x 1)') } });
    try {
      const env = { OPENAI_API_KEY: KEY };
      const [fail, out] = await Promise.all([
        ptc(['--llm', 'openai', '--base-url', failing.url, '--model', 'm', '--json', mockSession()], env),
        ptc(['--llm', 'openai', '--base-url', looping.url, '--model', 'm', mockSession({ maxTurns: 2 })], env),
      ]);
      expect(fail.code).toBe(1);
      const rec = JSON.parse(fail.out) as RunRecord;
      expect([rec.status, rec.fail, rec.turns.length]).toEqual(['failed', 'no data', 1]);
      expect(out.code).toBe(1);
      expect(out.out).toContain('=== Out of turns ===\nNo (return …) or (fail …) after 2 turns');
      expect(looping.requests).toHaveLength(2);
    } finally {
      await Promise.all([failing.close(), looping.close()]);
    }
  });

  test('exit 2 before any request: missing or empty key, no model, bad flags, LLM flags without a provider', async () => {
    const before = openai.requests.length;
    const s = mockSession();
    const real = ['--llm', 'openai', '--base-url', openai.url];
    const withModel = [...real, '--model', 'm'];
    const key = { OPENAI_API_KEY: KEY };
    const runs = await Promise.all([
      ptc([...withModel, s]),
      ptc([...withModel, s], { OPENAI_API_KEY: '' }),
      ptc([...real, s], key),
      ptc([...withModel, '--temperature', 'hot', s], key),
      ptc([...withModel, '--temperature', '3', s], key),
      ptc(['--llm', 'gemini', '--model', 'm', s], key),
      ptc([...withModel, '--base-url', 'ftp://example.com', s], key),
      ptc(['--model', 'm', s], key),
      ptc([...withModel, '--max-tokens', '0', s], key),
      ptc(['--llm', 'anthropic', '--model', 'm', s], key),
    ]);
    const expected = [
      /OPENAI_API_KEY is not set: .*for a keyless local server, set it to any value/,
      /OPENAI_API_KEY is empty/,
      /no model: give --model NAME or set llm\.model in the session/,
      /--temperature: "hot" is not a number/,
      /--temperature: 3 is out of range \(0 to 2\)/,
      /--llm: unknown provider "gemini"/,
      /--base-url: "ftp:\/\/example\.com" must start with http:\/\/ or https:\/\//,
      /the session uses the mock LLM; add --llm openai or --llm anthropic/,
      /--max-tokens: "0" is not a positive whole number/,
      /ANTHROPIC_API_KEY is not set/,
    ];
    runs.forEach((r, i) => {
      expect(r.code, `run ${i}: ${r.err}`).toBe(2);
      expect(r.err).toMatch(expected[i]);
      expect(r.out).toBe('');
      noKey(r.err);
    });
    expect(openai.requests.length).toBe(before);
  });

  test('exit 3 for a refused key (401) after a good turn: the message names the problem, the key is redacted, the turn is kept', async () => {
    const server = await startFakeOpenAi({
      responses: [{ text: THREE_TURNS[0] }, { status: 401, message: `Incorrect API key provided: ${KEY}.` }],
    });
    try {
      const saved = join(dir, 'after-401.json');
      // The real command: exit status 3 from the process, the key from its environment.
      const r = await ptcProcess(['--llm', 'openai', '--base-url', server.url, '--model', 'm', '--json', '--save', saved, mockSession()], {
        OPENAI_API_KEY: KEY,
      });
      expect(r.code).toBe(3);
      const rec = JSON.parse(r.out) as RunRecord;
      expect([rec.ok, rec.status, rec.errorKind, rec.turns.length]).toEqual([false, 'running', 'auth', 1]);
      expect(rec.error).toMatch(/API key was refused .*HTTP 401/);
      expect(r.err).toContain('ptc run: The API key was refused');
      expect(r.err).toContain('[redacted]');
      expect(sentKey(server.requests[1])).toBe(KEY);
      const savedText = readFileSync(saved, 'utf8');
      expect((JSON.parse(savedText) as { turns: unknown[] }).turns).toHaveLength(1);
      noKey(r.out, r.err, savedText);
    } finally {
      await server.close();
    }
  });

  test('exit 3 for a 404, a 500 after its retries, a refused connection and a timeout; human output says so in a word', async () => {
    const retryNow = { 'retry-after': '0' };
    const notFound = await startFakeAnthropic({ responses: [{ text: THREE_TURNS[0] }, { status: 404 }] });
    const broken = await startFakeOpenAi({ responses: [{ text: THREE_TURNS[0] }, ...[1, 2, 3].map(() => ({ status: 500, headers: retryNow }))] });
    const hanging = await startFakeOpenAi({ responses: [{ hang: true }] });
    const closed = await startFakeOpenAi();
    const closedUrl = closed.url;
    await closed.close();
    try {
      const s = mockSession();
      const [r404, r500, refused, timeout] = await Promise.all([
        ptc(['--llm', 'anthropic', '--base-url', notFound.url, '--model', 'nope', '--json', s], { ANTHROPIC_API_KEY: KEY }),
        ptc(['--llm', 'openai', '--base-url', broken.url, '--model', 'm', '--json', s], { OPENAI_API_KEY: KEY }),
        ptc(['--llm', 'openai', '--base-url', closedUrl, '--model', 'm', '--retries', '0', s], { OPENAI_API_KEY: KEY }),
        ptc(['--llm', 'openai', '--base-url', hanging.url, '--model', 'm', '--retries', '0', '--timeout-ms', '300', '--json', s], { OPENAI_API_KEY: KEY }),
      ]);
      const rec404 = JSON.parse(r404.out) as RunRecord;
      expect([r404.code, rec404.errorKind, rec404.turns.length]).toEqual([3, 'not_found', 1]);
      expect(rec404.error).toMatch(/404 Not Found for model "nope"/);
      expect(r404.err).toMatch(/^ptc run: .*404 Not Found/m);

      const rec500 = JSON.parse(r500.out) as RunRecord;
      expect([r500.code, rec500.errorKind, rec500.turns.length]).toEqual([3, 'server', 1]);
      expect(rec500.turns[0].usage).toBeDefined();
      expect(broken.requests).toHaveLength(4); // the good turn, then the first try and 2 retries

      expect(refused.code).toBe(3);
      expect(refused.err).toMatch(/Could not connect to http:\/\/127\.0\.0\.1:\d+\/v1/);
      expect(refused.out).toBe('=== Stopped ===\nprovider error (connection)\n');

      const recTimeout = JSON.parse(timeout.out) as RunRecord;
      expect([timeout.code, recTimeout.errorKind, recTimeout.turns]).toEqual([3, 'timeout', []]);
      for (const r of [r404, r500, refused, timeout]) noKey(r.out, r.err);
    } finally {
      await Promise.all([notFound.close(), broken.close(), hanging.close()]);
    }
  });

  test('Ctrl+C stops the request in flight: exit 130, the record says so; a second one quits at once', async () => {
    const hanging = await startFakeOpenAi({ responses: [{ hang: true }] });
    try {
      let interrupt: (() => void) | undefined;
      const quits: number[] = [];
      const { io, out, err } = memoryIo({ env: { OPENAI_API_KEY: KEY } });
      const onInterrupt = (handler: () => void) => {
        interrupt = handler;
        return () => (interrupt = undefined);
      };
      const running = main(['run', '--llm', 'openai', '--base-url', hanging.url, '--model', 'm', '--retries', '0', '--json', mockSession()], {
        ...io,
        onInterrupt,
        quit: (c) => quits.push(c),
      });
      await vi.waitFor(() => expect(hanging.requests).toHaveLength(1), { timeout: 10000 });
      interrupt?.();
      interrupt?.();
      expect(await running).toBe(130);
      expect(quits).toEqual([130]);
      expect(interrupt).toBeUndefined(); // the run stopped listening
      const rec = JSON.parse(out()) as RunRecord;
      expect([rec.status, rec.errorKind, rec.turns]).toEqual(['running', 'aborted', []]);
      expect(err()).toContain('ptc run: stopping (Ctrl+C again to quit at once)');
    } finally {
      await hanging.close();
    }
  });

  test('the mock running out of replies keeps exit 1; --replay refuses LLM flags', async () => {
    const s = sessionFile({ provider: 'mock', replies: [THREE_TURNS[0]] });
    const [short, replay] = await Promise.all([ptc([s, '--json']), ptc([s, '--replay', '--llm', 'openai'])]);
    expect(short.code).toBe(1);
    const rec = JSON.parse(short.out) as RunRecord;
    expect([rec.errorKind, rec.turns.length, rec.llm, rec.turns[0].llm, rec.turns[0].usage]).toEqual(['no_reply', 1, undefined, undefined, undefined]);
    expect(rec.turns[0].promptHash).toMatch(/\S/);
    expect(replay.code).toBe(2);
    expect(replay.err).toMatch(/--replay answers with the recorded replies/);
  });
});

describe('LLM flags (in process)', () => {
  test('numbers are strict and flags override the session field by field', () => {
    expect(() => parseLlmFlags(new Map([['--timeout-ms', '']]))).toThrow(UsageError);
    expect(() => parseLlmFlags(new Map([['--max-tokens', '0x10']]))).toThrow(/is not a number/);
    expect(() => parseLlmFlags(new Map([['--max-tokens', '1.5']]))).toThrow(/positive whole number/);
    expect(() => parseLlmFlags(new Map([['--base-url', 'localhost:8080']]))).toThrow(/must start with http/);
    const o = parseLlmFlags(
      new Map([
        ['--llm', 'anthropic'],
        ['--temperature', '0'],
        ['--retries', '0'],
      ]),
    );
    expect(o).toEqual({ provider: 'anthropic', temperature: 0, retries: 0 });
    expect(mergeLlm({ provider: 'openai', model: 'a', baseUrl: 'http://x/v1', temperature: 1 }, o)).toEqual({
      provider: 'anthropic',
      model: 'a',
      baseUrl: 'http://x/v1',
      temperature: 0,
    });
  });
});
