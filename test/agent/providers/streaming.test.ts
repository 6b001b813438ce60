// Both providers against the fake servers: what is sent, streaming, usage, finish reasons.
import { afterEach, describe, expect, it } from 'vitest';
import { createLlm, describeRequest } from '../../../src/agent/providers/index.ts';
import type { FakeLlmServer } from '../../fakes/llm-servers.ts';
import { DIALECTS, failure, KEY, llmFor, MESSAGES, PREFIX } from './helpers.ts';

const servers: FakeLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe.each(DIALECTS)('$name provider, streamed', (dialect) => {
  async function start(...args: Parameters<typeof dialect.start>) {
    const server = await dialect.start(...args);
    servers.push(server);
    return server;
  }

  it('streams: onText gets the growing text, the reply has text, usage, finish reason and model', async () => {
    const server = await start({
      responses: [{ text: '(+ 1 2 3 4)\n', chunks: 3, usage: { inputTokens: 1200, outputTokens: 17, cachedInputTokens: 1024 }, model: 'test-model-2025' }],
    });
    const seen: string[] = [];
    const reply = await llmFor(dialect, server).complete({ messages: MESSAGES, turn: 1, stablePrefix: PREFIX, onText: (t) => seen.push(t) });
    expect(seen).toEqual(['(+ 1', '(+ 1 2 3', '(+ 1 2 3 4)\n']);
    expect(reply).toEqual({
      text: '(+ 1 2 3 4)\n',
      usage: { inputTokens: 1200, outputTokens: 17, cachedInputTokens: 1024 },
      finishReason: 'stop',
      model: 'test-model-2025',
    });
  });

  it('sends exactly the body and headers describeRequest shows (with the real key)', async () => {
    const server = await start({ responses: [{ text: 'ok' }] });
    const settings = { provider: dialect.name, baseUrl: server.url, model: 'test-model', temperature: 0.3, maxOutputTokens: 777 };
    await createLlm(settings, KEY).complete({ messages: MESSAGES, turn: 1, stablePrefix: PREFIX });
    const described = describeRequest(settings, MESSAGES, PREFIX);
    const [sent] = server.requests;
    expect(sent.method).toBe('POST');
    expect(`http://127.0.0.1:${server.port}${sent.path}`).toBe(described.url);
    expect(sent.path).toBe(dialect.path);
    expect(sent.body).toEqual(described.body);
    for (const [name, value] of Object.entries(described.headers)) expect(sent.headers[name]).toBe(value.replace('[redacted]', KEY));
    expect(JSON.stringify(described)).not.toContain(KEY);
  });

  it('an empty key sends no auth header at all (local servers)', async () => {
    const server = await start({ responses: [{ text: 'ok' }] });
    await llmFor(dialect, server, {}, { key: '' }).complete({ messages: MESSAGES, turn: 1 });
    expect(server.requests[0].headers.authorization).toBeUndefined();
    expect(server.requests[0].headers['x-api-key']).toBeUndefined();
  });

  it('usage fields the server does not report stay absent', async () => {
    const server = await start({ responses: [{ text: 'ok', rawUsage: {} }] });
    const reply = await llmFor(dialect, server).complete({ messages: MESSAGES, turn: 1 });
    expect(reply).toEqual({ text: 'ok', finishReason: 'stop', model: 'test-model' });
  });

  it('a provider finish word other than stop/length passes through', async () => {
    const server = await start({ responses: [{ text: 'ok', finishReason: 'content_filter' }] });
    expect((await llmFor(dialect, server).complete({ messages: MESSAGES, turn: 1 })).finishReason).toBe('content_filter');
  });

  it('a reply cut at the output limit rejects as truncated, with the text and usage', async () => {
    const server = await start({
      responses: [{ text: '```clojure\n(def x', chunks: 2, finishReason: 'length', usage: { inputTokens: 40, outputTokens: 50 } }],
    });
    const error = await failure(llmFor(dialect, server, { maxOutputTokens: 50 }).complete({ messages: MESSAGES, turn: 1 }));
    expect(error.kind).toBe('truncated');
    expect(error.message).toBe(
      'The reply was cut off at 50 output tokens (the output limit) before the model finished. Raise "max output tokens" in the LLM settings and try again.',
    );
    expect(error.partialText).toBe('```clojure\n(def x');
    expect(error.usage).toEqual({ inputTokens: 40, outputTokens: 50 });
  });

  it('a reply without text rejects as empty, with the usage', async () => {
    const server = await start({ responses: [{ text: '', usage: { inputTokens: 30, outputTokens: 0 } }] });
    const error = await failure(llmFor(dialect, server).complete({ messages: MESSAGES, turn: 1 }));
    expect(error.kind).toBe('empty');
    expect(error.message).toBe('The LLM (model "test-model") returned an empty reply (finish reason: stop).');
    expect(error.usage).toEqual({ inputTokens: 30, outputTokens: 0 });
  });
});

describe('OpenAI-specific', () => {
  it("OpenAI's own API gets max_completion_tokens (checked on the wire through a redirecting fetch)", async () => {
    const { startFakeOpenAi } = await import('../../fakes/llm-servers.ts');
    const server = await startFakeOpenAi({ responses: [{ text: 'ok' }] });
    servers.push(server);
    const redirect: typeof fetch = (input, init) =>
      fetch(String(input instanceof Request ? input.url : input).replace('https://api.openai.com/v1', server.url), init);
    const llm = createLlm({ provider: 'openai', model: 'gpt-4o-mini', maxOutputTokens: 321 }, KEY, { fetch: redirect });
    await llm.complete({ messages: MESSAGES, turn: 1 });
    expect(server.requests[0].body).toMatchObject({ max_completion_tokens: 321 });
    expect(server.requests[0].body).not.toHaveProperty('max_tokens');
  });
});

describe('Anthropic-specific', () => {
  it('usage: cache reads and writes count in inputTokens; output from the final message_delta', async () => {
    const { startFakeAnthropic } = await import('../../fakes/llm-servers.ts');
    const server = await startFakeAnthropic({
      responses: [{ text: 'ok', rawUsage: { input_tokens: 12, cache_read_input_tokens: 3000, cache_creation_input_tokens: 500, output_tokens: 42 } }],
    });
    servers.push(server);
    const reply = await createLlm({ provider: 'anthropic', baseUrl: server.url, model: 'claude-x' }, KEY).complete({ messages: MESSAGES, turn: 1 });
    expect(reply.usage).toEqual({ inputTokens: 3512, outputTokens: 42, cachedInputTokens: 3000, cacheWriteTokens: 500 });
  });

  it('the SDK sends the key as Authorization: Bearer, which the fake accepts like x-api-key', async () => {
    const { startFakeAnthropic } = await import('../../fakes/llm-servers.ts');
    const server = await startFakeAnthropic({ requiredKey: KEY, responses: [{ text: 'ok' }, { text: 'ok' }] });
    servers.push(server);
    await createLlm({ provider: 'anthropic', baseUrl: server.url, model: 'claude-x' }, KEY).complete({ messages: MESSAGES, turn: 1 });
    expect(server.requests[0].headers.authorization).toBe(`Bearer ${KEY}`);
    const viaHeader = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(viaHeader.status).toBe(200);
  });
});
