// Every way a request can fail, for both providers, against the fake servers; the key never shows.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeLlmServer } from '../../fakes/llm-servers.ts';
import { DIALECTS, failure, KEY, llmFor, MESSAGES } from './helpers.ts';

const servers: FakeLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  delete (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope;
});

/** A base URL where nothing listens: a port that was just free. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe.each(DIALECTS)('$name provider errors', (dialect) => {
  async function start(...args: Parameters<typeof dialect.start>) {
    const server = await dialect.start(...args);
    servers.push(server);
    return server;
  }
  const ask = { messages: MESSAGES, turn: 1 };
  const notFoundHint =
    dialect.name === 'openai' ? 'OpenAI-compatible base URLs usually end in /v1' : "Anthropic's base URL is https://api.anthropic.com, without /v1";

  it('401: auth, naming the base URL; the key the server echoed is redacted', async () => {
    const server = await start({ requiredKey: 'the-right-key' });
    const error = await failure(llmFor(dialect, server).complete(ask));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      `The API key was refused by ${server.url} (HTTP 401): it is missing, mistyped or not allowed to use model "test-model". Check the key for this provider. The server said: Incorrect API key provided: [redacted].`,
    );
    expect(server.requests).toHaveLength(1);
  });

  it('403: auth too', async () => {
    const server = await start({ responses: [{ status: 403 }] });
    const error = await failure(llmFor(dialect, server).complete(ask));
    expect([error.kind, error.status]).toEqual(['auth', 403]);
  });

  it('404: not_found, naming the model and how base URLs look', async () => {
    const server = await start({ responses: [{ status: 404, message: 'model `test-model` does not exist' }] });
    const error = await failure(llmFor(dialect, server).complete(ask));
    expect(error.kind).toBe('not_found');
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `${server.url} answered 404 Not Found for model "test-model": the model name is unknown or the base URL is wrong (${notFoundHint}). The server said: model \`test-model\` does not exist`,
    );
  });

  it('429 with Retry-After: 0 is retried by the SDK and then succeeds', async () => {
    const server = await start({ responses: [{ status: 429, headers: { 'retry-after': '0' } }, { text: 'after the wait' }] });
    const reply = await llmFor(dialect, server, {}, { maxRetries: 2 }).complete(ask);
    expect(reply.text).toBe('after the wait');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].headers['x-stainless-retry-count']).toBe('1');
  });

  it('429 still after the retries: rate_limit', async () => {
    const server = await start({
      responses: [
        { status: 429, headers: { 'retry-after-ms': '1' } },
        { status: 429, headers: { 'retry-after-ms': '1' } },
      ],
    });
    const error = await failure(llmFor(dialect, server, {}, { maxRetries: 1 }).complete(ask));
    expect(error.kind).toBe('rate_limit');
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(0.001);
    expect(error.message).toContain(`Rate limited by ${server.url} (HTTP 429), still after 1 retry.`);
    expect(server.requests).toHaveLength(2);
  });

  it('429 asking to wait 120 s fails at once, saying how long to wait', async () => {
    const server = await start({ responses: [{ status: 429, headers: { 'retry-after': '120' } }, { text: 'never asked for' }] });
    // Waiting as asked would outlast the test's timeout; one request at the server proves no retry.
    const error = await failure(llmFor(dialect, server, {}, { maxRetries: 2 }).complete(ask));
    expect(error.kind).toBe('rate_limit');
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.message).toMatch(
      new RegExp(
        `^Rate limited by ${server.url.replace(/[.]/g, '\\.')} \\(HTTP 429\\): it asks to wait 2 min before trying again, so the request was not retried\\.`,
      ),
    );
    expect(server.requests).toHaveLength(1);
    expect(server.pending()).toBe(1);
  });

  it('500: server (after the retries)', async () => {
    const server = await start({ responses: [{ status: 500 }, { status: 503, headers: { 'retry-after-ms': '1' } }] });
    const error = await failure(llmFor(dialect, server, {}, { maxRetries: 1 }).complete(ask));
    expect(error.kind).toBe('server');
    expect(error.status).toBe(503);
    expect(error.message).toContain(`${server.url} had a server error (HTTP 503) for model "test-model". Try again later.`);
    expect(server.requests).toHaveLength(2);
  });

  it("other 4xx: bad_request with the provider's own message", async () => {
    const server = await start({ responses: [{ status: 400, message: 'max_tokens is too large: 999999' }] });
    const error = await failure(llmFor(dialect, server).complete(ask));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toBe(`${server.url} refused the request (HTTP 400) for model "test-model". The server said: max_tokens is too large: 999999`);
  });

  it('connection refused (nothing listening): connection', async () => {
    const url = await closedPortUrl();
    const error = await failure(llmFor(dialect, { url }, {}, { maxRetries: 0 }).complete(ask));
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(
      new RegExp(
        `^Could not connect to ${url.replace(/[.]/g, '\\.')} \\(.*ECONNREFUSED.*\\)\\. Check that the server is running and the base URL is right\\.$`,
      ),
    );
  });

  it('in a browser (or worker), a failed fetch is reported as possibly CORS, with the fixes', async () => {
    (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope = class {};
    const refuse: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(llmFor(dialect, { url: 'http://localhost:11434' }, {}, { maxRetries: 0, fetch: refuse }).complete(ask));
    expect(error.kind).toBe('cors');
    expect(error.message).toContain('The browser could not reach http://localhost:11434. Either the server is not running there');
    expect(error.message).toContain('(CORS)');
    expect(error.message).toContain('OLLAMA_ORIGINS');
    expect(error.message).toContain('LM Studio: turn on its CORS switch');
    expect(error.message).toContain('an HTTPS page cannot call a plain-HTTP server other than localhost');
  });

  it('the connection dropped before an answer: retried, then connection', async () => {
    const server = await start({ responses: [{ drop: 'before' }, { text: 'second try' }] });
    expect((await llmFor(dialect, server, {}, { maxRetries: 1 }).complete(ask)).text).toBe('second try');
    server.enqueue({ drop: 'before' });
    const error = await failure(llmFor(dialect, server, {}, { maxRetries: 0 }).complete(ask));
    expect(error.kind).toBe('connection');
  });

  it('dropped mid-stream: connection, with the text received so far', async () => {
    const server = await start({ responses: [{ drop: 'mid-stream', text: 'aaaabbbbccccdddd', chunks: 4 }] });
    const seen: string[] = [];
    const error = await failure(llmFor(dialect, server).complete({ ...ask, onText: (t) => seen.push(t) }));
    expect(error.kind).toBe('connection');
    expect(error.partialText).toBe('aaaabbbb');
    expect(seen).toEqual(['aaaa', 'aaaabbbb']);
    expect(error.message).toMatch(
      new RegExp(`^The connection to ${server.url.replace(/[.]/g, '\\.')} was lost while the reply was arriving \\(.+\\)\\. Try again\\.$`),
    );
    expect(server.requests).toHaveLength(1);
  });

  it('no answer within the request timeout: timeout, saying the limit', async () => {
    const server = await start({ responses: [{ hang: true }] });
    const error = await failure(llmFor(dialect, server, { requestTimeoutMs: 150 }, { maxRetries: 0 }).complete(ask));
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe(
      `No answer from ${server.url} within 0.15 s (the request timeout) for model "test-model". Try again, or raise the request timeout for slow models.`,
    );
  });

  it('a stream that goes silent longer than the timeout: timeout, with the text so far', async () => {
    const server = await start({ responses: [{ text: 'abcdef', chunks: 2, chunkDelayMs: 400 }] });
    const error = await failure(llmFor(dialect, server, { requestTimeoutMs: 150 }, { maxRetries: 0 }).complete(ask));
    expect(error.kind).toBe('timeout');
    expect(error.partialText).toBe('');
  });

  it('stopped by the user mid-stream: aborted, with the text received so far', async () => {
    const server = await start({ responses: [{ text: 'aaaabbbbcccc', chunks: 3, chunkDelayMs: 60, usage: { inputTokens: 99, outputTokens: 3 } }] });
    const controller = new AbortController();
    const error = await failure(
      llmFor(dialect, server).complete({
        ...ask,
        signal: controller.signal,
        onText: () => controller.abort(),
      }),
    );
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('The request to the LLM was stopped');
    expect(error.partialText).toBe('aaaa');
    // Anthropic reports the prompt's tokens when the message starts; OpenAI only at the end.
    if (dialect.name === 'anthropic') expect(error.usage).toEqual({ inputTokens: 99, outputTokens: 1 });
    else expect(error.usage).toBeUndefined();
  });

  it('stopped while waiting for the answer, or before starting: aborted with no text', async () => {
    const server = await start({ responses: [{ hang: true }] });
    const controller = new AbortController();
    // Stop once the server holds the request (not after a fixed delay: loading the SDK may take longer).
    const poll = setInterval(() => {
      if (server.requests.length > 0) {
        clearInterval(poll);
        controller.abort();
      }
    }, 5);
    const waiting = await failure(llmFor(dialect, server).complete({ ...ask, signal: controller.signal }));
    clearInterval(poll);
    expect([waiting.kind, waiting.partialText]).toEqual(['aborted', '']);
    const before = await failure(llmFor(dialect, server).complete({ ...ask, signal: AbortSignal.abort() }));
    expect(before.kind).toBe('aborted');
    expect(server.requests).toHaveLength(1);
  });

  it('the key is redacted even from a 500 body that quotes it', async () => {
    const server = await start({ responses: [{ status: 500, body: { error: { message: `upstream rejected key ${KEY} for org`, type: 'server_error' } } }] });
    const error = await failure(llmFor(dialect, server, {}, { maxRetries: 0 }).complete(ask));
    expect(error.kind).toBe('server');
    expect(error.message).toContain('The server said: upstream rejected key [redacted] for org');
  });
});
