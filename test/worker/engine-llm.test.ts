// The engine asking a real provider (fake servers on 127.0.0.1): a reply is requested, streamed and
// applied as a turn with its usage; failures and stops change no turn and keep what they cost; the key
// reaches the server and nowhere else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecord } from '../../src/agent/run-record.ts';
import { promptHash } from '../../src/agent/system-prompt.ts';
import { decodeLink } from '../../src/session/link-codec.ts';
import { parseSession } from '../../src/session/session-file.ts';
import { Engine, type View } from '../../src/worker/engine.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../fakes/llm-servers.ts';

const KEY = 'sk-test-LEAKCHECK-7f3a9c';
const EXAMPLE = readFileSync(join(__dirname, '..', '..', 'examples', 'reviews-and-inventory.json'), 'utf8');
const clj = (code: string) => 'Here is the program.\n```clojure\n' + code + '\n```';

let openai: FakeLlmServer;
let anthropic: FakeLlmServer;

beforeAll(async () => {
  openai = await startFakeOpenAi({ requiredKey: KEY });
  anthropic = await startFakeAnthropic({ requiredKey: KEY });
});
afterAll(async () => {
  await openai.close();
  await anthropic.close();
});

function engineFor(provider: 'openai' | 'anthropic', llm: Record<string, unknown> = {}): Engine {
  const engine = new Engine({ maxRetries: 1 });
  const session = JSON.parse(EXAMPLE) as Record<string, unknown>;
  const server = provider === 'openai' ? openai : anthropic;
  session.llm = { provider, baseUrl: server.url, model: 'fake-model', requestTimeoutMs: 5000, ...llm };
  const r = engine.open(JSON.stringify(session));
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine;
}

/** Every text a user could carry away from the engine: views, the session file, a share link, a run record. */
function everything(engine: Engine, extra: unknown[] = []): string {
  const views: View[] = [engine.view(), ...[1, 2, 3].map((n) => engine.view({ selected: n }))];
  const link = engine.shareLink({ turns: true });
  const decoded = decodeLink(link.fragment);
  return JSON.stringify([views, engine.exportSession(), link.fragment, decoded.ok ? decoded.session.llm : null, ...extra]);
}

describe.each(['openai', 'anthropic'] as const)('%s: requestReply then applyRequested', (provider) => {
  const server = () => (provider === 'openai' ? openai : anthropic);

  it('runs a 3-turn session, streaming each reply and recording its usage, provider and prompt', async () => {
    const engine = engineFor(provider, { temperature: 0.1 });
    server().enqueue(
      {
        text: clj('(def in-stock (filter #(pos? (:stock % 0)) data/products))'),
        chunks: 4,
        usage: { inputTokens: 900, outputTokens: 20, cacheWriteTokens: 700, cachedInputTokens: 0 },
      },
      { text: clj('(println (count in-stock))'), chunks: 3, usage: { inputTokens: 950, outputTokens: 10, cachedInputTokens: 700, cacheWriteTokens: 0 } },
      { text: clj('(return (mapv :name in-stock))'), usage: { inputTokens: 960, outputTokens: 12, cachedInputTokens: 700, cacheWriteTokens: 0 } },
    );
    const seen: string[] = [];
    for (let n = 1; n <= 3; n++) {
      const r = await engine.requestReply(KEY, (t) => (n === 1 ? seen.push(t) : undefined));
      expect(r.ok, JSON.stringify(r)).toBe(true);
      const applied = engine.applyRequested();
      expect(applied.ok).toBe(true);
    }
    const view = engine.view();
    expect(view.status).toBe('returned');
    expect(view.turns).toHaveLength(3);
    // The first reply arrived in four growing pieces.
    const first = clj('(def in-stock (filter #(pos? (:stock % 0)) data/products))');
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((t, i) => first.startsWith(t) && (i === 0 || t.length > seen[i - 1].length))).toBe(true);
    expect(seen[seen.length - 1]).toBe(first);
    expect(view.turns[0].usage).toEqual({ inputTokens: 900, outputTokens: 20, cacheWriteTokens: 700, cachedInputTokens: 0 });
    expect(view.turns[1].llm).toEqual({ provider, model: 'fake-model', baseUrl: server().url, temperature: 0.1 });
    expect(view.turns.every((t) => t.promptHash === view.setup.systemPrompt.hash)).toBe(true);
    expect(view.usage.tokens).toEqual({ inputTokens: 2810, outputTokens: 42, cachedInputTokens: 1400, cacheWriteTokens: 700 });
    // The recorded turn's request is the one the server received.
    const sent = server()
      .requests.filter((q) => q.method === 'POST')
      .slice(-3);
    expect(engine.view({ selected: 2 }).request?.body).toEqual(sent[1].body);
    // Saved and reopened, the turns keep what they recorded.
    const reopened = parseSession(engine.exportSession());
    expect(reopened.ok && reopened.session.turns[2].usage).toEqual({ inputTokens: 960, outputTokens: 12, cachedInputTokens: 700, cacheWriteTokens: 0 });
    // The key went to the server, and nowhere else.
    expect(JSON.stringify(sent[0].headers)).toContain(KEY);
    expect(everything(engine)).not.toContain(KEY);
    expect(everything(engine)).not.toContain('LEAKCHECK');
  });

  it('a failed request makes no turn, says why, keeps nothing half-applied, and can be retried', async () => {
    const engine = engineFor(provider);
    const before = engine.exportSession();
    const bad = await engine.requestReply('sk-wrong-LEAKCHECK-0000');
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.error.kind).toBe('auth');
    expect(bad.error.status).toBe(401);
    expect(bad.error.message).not.toContain('LEAKCHECK');
    expect(bad.view.turns).toHaveLength(0);
    expect(engine.applyRequested().ok).toBe(false);
    expect(JSON.parse(engine.exportSession()).discardedRequests).toEqual([{ provider, model: 'fake-model', kind: 'auth', status: 401 }]);
    expect(JSON.parse(before).turns).toEqual([]);
    server().enqueue({ text: clj('(return 42)') });
    const good = await engine.requestReply(KEY);
    expect(good.ok).toBe(true);
    expect(engine.applyRequested().ok).toBe(true);
    expect(engine.view().returnValue).toBe('42');
    expect(everything(engine, [bad])).not.toContain('LEAKCHECK');
  });

  it('a reply cut off at the output limit is not applied; its partial text and tokens are kept', async () => {
    const engine = engineFor(provider, { maxOutputTokens: 16 });
    server().enqueue({ text: '```clojure\n(def a (range', finishReason: 'length', usage: { inputTokens: 500, outputTokens: 16 } });
    const r = await engine.requestReply(KEY);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('truncated');
    expect(r.partialText).toBe('```clojure\n(def a (range');
    expect(r.view.turns).toHaveLength(0);
    expect(r.view.usage.discarded).toEqual([{ provider, model: 'fake-model', kind: 'truncated', inputTokens: 500, outputTokens: 16 }]);
    // An edit of the session (the model included) keeps them, with the model each was sent to.
    const edited = engine.setDefinition({
      ...r.view.setup.definition,
      mission: 'another mission',
      llm: { ...r.view.setup.definition.llm, model: 'other-model' },
    });
    expect(edited.ok && edited.view.usage.discarded).toEqual([{ provider, model: 'fake-model', kind: 'truncated', inputTokens: 500, outputTokens: 16 }]);
    expect(JSON.parse(engine.exportSession()).discardedRequests).toEqual([
      { provider, model: 'fake-model', kind: 'truncated', inputTokens: 500, outputTokens: 16 },
    ]);
    const link = decodeLink(engine.shareLink({ turns: true }).fragment);
    expect(link.ok && link.session.discardedRequests).toEqual([{ provider, model: 'fake-model', kind: 'truncated', inputTokens: 500, outputTokens: 16 }]);
    // Reset starts a new run: the last run's unused requests no longer count.
    expect(engine.reset().usage.discarded).toBeUndefined();
  });

  it('stopping a request returns what arrived so far and makes no turn', async () => {
    const engine = engineFor(provider);
    server().enqueue({ text: clj('(def slow 1)\n(println "still coming")'), chunks: 6, chunkDelayMs: 150 });
    let got = '';
    const pending = engine.requestReply(KEY, (t) => {
      got = t;
      if (t.length > 0) engine.abortRequest();
    });
    const r = await pending;
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('aborted');
    expect(r.partialText).toBe(got);
    expect(r.view.turns).toHaveLength(0);
    expect(r.view.usage.discarded).toMatchObject([{ provider, model: 'fake-model', kind: 'aborted' }]);
    expect(engine.abortRequest()).toBe(false);
  });
});

describe('what requestReply refuses', () => {
  it('the mock, a run that ended, and a second request while one is running', async () => {
    const mock = new Engine();
    mock.open(EXAMPLE);
    const r = await mock.requestReply(KEY);
    expect(r).toMatchObject({ ok: false, error: { message: 'The session uses the mock LLM: Step takes its scripted reply' } });

    const engine = engineFor('openai');
    openai.enqueue({ text: clj('(return 1)'), chunks: 3, chunkDelayMs: 100 });
    const first = engine.requestReply(KEY);
    const second = await engine.requestReply(KEY);
    expect(second).toMatchObject({ ok: false, error: { message: 'A request to the LLM is already running' } });
    expect((await first).ok).toBe(true);
    engine.applyRequested();
    expect(await engine.requestReply(KEY)).toMatchObject({ ok: false, error: { message: 'The run has ended (returned); reset it to run again' } });
  });

  it('the request view shows the next request with the key redacted, and none for the mock', () => {
    const engine = engineFor('anthropic');
    const request = engine.view().request;
    expect(request?.url).toBe(`${anthropic.url}/v1/messages`);
    expect(request?.headers.authorization).toBe('Bearer [redacted]');
    expect(JSON.stringify(request?.body)).toContain('"cache_control":{"type":"ephemeral"}');
    const mock = new Engine();
    mock.open(EXAMPLE);
    expect(mock.view().request).toBeNull();
  });

  it('the run record carries no key either', async () => {
    const engine = engineFor('openai');
    openai.enqueue({ text: clj('(return 7)') });
    await engine.requestReply(KEY);
    engine.applyRequested();
    const parsed = parseSession(engine.exportSession());
    if (!parsed.ok) throw new Error('unreadable');
    expect(
      JSON.stringify(runRecord({ turns: parsed.session.turns, memory: new Map(), status: 'returned', usage: { turns: 1, durationMs: 0, llmMs: 0 } })),
    ).not.toContain('LEAKCHECK');
  });
});

describe('the SYSTEM prompt variant', () => {
  it('reaches the request, the view and the turn’s fingerprint', async () => {
    const engine = engineFor('openai');
    const def = engine.view().setup.definition;
    const r = engine.setDefinition({ ...def, systemPrompt: { suffix: 'Answer in one turn.' } });
    expect(r.ok).toBe(true);
    const view = engine.view();
    expect(view.setup.systemPrompt.changed).toBe(true);
    expect(view.setup.systemPrompt.text.endsWith('\n\nAnswer in one turn.')).toBe(true);
    openai.enqueue({ text: clj('(return 1)') });
    await engine.requestReply(KEY);
    engine.applyRequested();
    const sent = openai.requests.filter((q) => q.method === 'POST').at(-1)?.body as { messages: { role: string; content: string }[] };
    expect(sent.messages[0].content).toBe(view.setup.systemPrompt.text);
    expect(engine.view().turns[0].promptHash).toBe(view.setup.systemPrompt.hash);
    expect(view.setup.systemPrompt.hash).not.toBe(promptHash(view.setup.systemPrompt.default));
  });
});
