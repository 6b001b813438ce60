// The providers' batch interfaces through createBatchProvider, against fake servers in each API's
// wire format: submit, status, results, errors sorted as direct requests' are, and the key kept out.
import { afterEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src/agent/llm.ts';
import type { LlmSettings } from '../../../src/agent/llm-settings.ts';
import type { BatchItem, BatchProvider } from '../../../src/agent/providers/batch.ts';
import { ANTHROPIC_BATCH_LIMITS, createAnthropicBatchProvider } from '../../../src/agent/providers/batch-anthropic.ts';
import { OPENAI_BATCH_LIMITS, createOpenAiBatchProvider } from '../../../src/agent/providers/batch-openai.ts';
import { createBatchProvider } from '../../../src/agent/providers/batch-providers.ts';
import type { Message } from '../../../src/records/records.ts';
import { startFakeAnthropicBatches, startFakeOpenAiBatches, type FakeBatchOptions, type FakeBatchServer } from '../../fakes/batch-servers.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../../fakes/llm-servers.ts';
import { DIALECTS as DIRECT_DIALECTS, KEY, PREFIX, failure, llmFor } from './helpers.ts';

interface BatchDialect {
  readonly name: 'openai' | 'anthropic';
  start(options?: FakeBatchOptions): Promise<FakeBatchServer>;
  startDirect(): Promise<FakeLlmServer>;
}

const DIALECTS: readonly BatchDialect[] = [
  { name: 'openai', start: startFakeOpenAiBatches, startDirect: startFakeOpenAi },
  { name: 'anthropic', start: startFakeAnthropicBatches, startDirect: startFakeAnthropic },
];

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

async function started<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T> {
  const s = await server;
  open.push(s);
  return s;
}

function settingsFor(dialect: BatchDialect, server: { url: string }, extra: Partial<LlmSettings> = {}): LlmSettings {
  return { provider: dialect.name, baseUrl: server.url, model: 'test-model', ...extra };
}

function conversation(turns: number, run: number): Message[] {
  const messages: Message[] = [
    { role: 'system', content: 'You write PTC-Lisp.' },
    { role: 'user', content: `${PREFIX}\n\nRun ${run}. Turns left: ${turns}` },
  ];
  for (let t = 1; t < turns; t++) messages.push({ role: 'assistant', content: `(+ ${t} ${run})` }, { role: 'user', content: `Result ${t}` });
  return messages;
}

function items(settings: LlmSettings, n: number): BatchItem[] {
  return Array.from({ length: n }, (_, i) => ({ customId: `v0-r${i}-t${i + 1}`, settings, messages: conversation(i + 1, i), stablePrefix: PREFIX }));
}

/** Polls until the batch is final, at most `limit` times (the fakes end batches after a set number of polls). */
async function settle(provider: BatchProvider, id: string, limit = 5) {
  for (let i = 0; i < limit; i++) {
    const status = await provider.status(id);
    if (status.phase !== 'running') return status;
  }
  throw new Error(`batch ${id} still running after ${limit} polls`);
}

describe.each(DIALECTS)('$name batches', (dialect) => {
  it('submits, runs while held, ends when released and returns every reply by custom id', async () => {
    const fake = await started(
      dialect.start({
        completeAfterPolls: Infinity,
        answer: (r) => ({ text: `(answer ${r.customId})`, usage: { inputTokens: 100 + r.turn, outputTokens: 7 } }),
      }),
    );
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const batchItems = items(settings, 3);
    const id = await provider.submit(batchItems);

    const running = await provider.status(id);
    expect(running).toMatchObject({ id, phase: 'running', counts: { pending: 3 } });
    expect(running.providerState).toBe('in_progress');
    fake.release(id);
    const ended = await provider.status(id);
    expect(ended).toMatchObject({
      id,
      phase: 'ended',
      providerState: dialect.name === 'openai' ? 'completed' : 'ended',
      counts: { succeeded: 3, failed: 0, pending: 0 },
    });

    const results = await provider.results(id);
    expect([...results.keys()].sort()).toEqual(batchItems.map((i) => i.customId).sort());
    for (const [i, item] of batchItems.entries()) {
      expect(results.get(item.customId)).toEqual({
        ok: true,
        reply: { text: `(answer ${item.customId})`, usage: { inputTokens: 100 + i + 1, outputTokens: 7 }, finishReason: 'stop', model: 'test-model' },
      });
    }
    expect(fake.counts()).toMatchObject({ batchesCreated: 1, direct: 0, uploads: dialect.name === 'openai' ? 1 : 0 });
    expect(fake.batch(id).requests.map((r) => r.customId)).toEqual(batchItems.map((i) => i.customId));
  });

  it('sends each request with exactly the direct request body, streaming left out', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: 0 }));
    const direct = await started(dialect.startDirect());
    const extra = { temperature: 0.3, maxOutputTokens: 900 };
    const settings = settingsFor(dialect, fake, extra);
    const batchItems = items(settings, 3);
    await createBatchProvider(settings, KEY).submit(batchItems);

    for (const item of batchItems) {
      direct.enqueue({ text: '(+ 1 2)' });
      await llmFor(
        DIRECT_DIALECTS.find((d) => d.name === dialect.name)!,
        direct,
        extra,
      ).complete({
        messages: item.messages,
        turn: 1,
        stablePrefix: PREFIX,
      });
    }
    const directBodies = direct.requests.map((r) => {
      const { stream: _stream, stream_options: _options, ...rest } = r.body as Record<string, unknown>;
      return rest;
    });
    const batchBodies = fake.batches()[0].requests.map((r) => r.body);
    // The base URLs differ only in port, so the two servers get the same output-limit field.
    expect(batchBodies).toEqual(directBodies);
    expect(JSON.stringify(batchBodies)).not.toContain('"stream"');
    if (dialect.name === 'anthropic') expect(JSON.stringify(batchBodies)).toContain('cache_control');
  });

  it('ends on its own after the polls the fake is told, and reads results only once final', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: 2 }));
    const provider = createBatchProvider(settingsFor(dialect, fake), KEY);
    const id = await provider.submit(items(settingsFor(dialect, fake), 2));
    expect((await provider.status(id)).phase).toBe('running');
    expect((await provider.status(id)).phase).toBe('running');
    expect((await provider.status(id)).phase).toBe('ended');
    expect((await provider.results(id)).size).toBe(2);
  });

  it('an expired batch returns the requests it completed; the others are provider errors saying so', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: Infinity }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const batchItems = items(settings, 3);
    const id = await provider.submit(batchItems);
    fake.expire(id, [batchItems[0].customId]);
    const status = await settle(provider, id);
    expect(status).toMatchObject({ phase: 'expired', counts: { succeeded: 1, failed: 2, pending: 0 } });
    const results = await provider.results(id);
    expect(results.get(batchItems[0].customId)?.ok).toBe(true);
    for (const item of batchItems.slice(1)) {
      const outcome = results.get(item.customId);
      expect(outcome?.ok).toBe(false);
      if (outcome?.ok === false) {
        expect(outcome.error.kind).toBe('provider');
        expect(outcome.error.message).toMatch(/expired .*before this request ran/);
      }
    }
  });

  it('a cancelled batch is cancelled; the requests it never ran say so', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: Infinity }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const batchItems = items(settings, 2);
    const id = await provider.submit(batchItems);
    fake.cancel(id, [batchItems[1].customId]);
    expect(await settle(provider, id)).toMatchObject({ phase: 'cancelled', counts: { succeeded: 1, failed: 1 } });
    const results = await provider.results(id);
    expect(results.get(batchItems[1].customId)?.ok).toBe(true);
    const notRun = results.get(batchItems[0].customId);
    expect(notRun?.ok === false && notRun.error.message).toMatch(/was cancelled before this request ran/);
  });

  it.each([
    [429, 'rate_limit'],
    [500, 'server'],
    [400, 'bad_request'],
    [404, 'not_found'],
  ] as const)('a request answered %i inside the batch is {ok: false} of kind %s with the provider message', async (status, kind) => {
    const fake = await started(
      dialect.start({
        completeAfterPolls: 0,
        answer: (r) => (r.customId === 'v0-r1-t2' ? { status, message: `failed on purpose ${status}` } : { text: '(ok)' }),
      }),
    );
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const id = await provider.submit(items(settings, 2));
    expect(await settle(provider, id)).toMatchObject({ phase: 'ended', counts: { succeeded: 1, failed: 1 } });
    const results = await provider.results(id);
    expect(results.get('v0-r0-t1')?.ok).toBe(true);
    const bad = results.get('v0-r1-t2');
    expect(bad?.ok).toBe(false);
    if (bad?.ok === false) {
      expect(bad.error).toBeInstanceOf(LlmError);
      expect(bad.error.kind).toBe(kind);
      expect(bad.error.message).toContain(`failed on purpose ${status}`);
    }
  });

  it.each([
    ['cut at the output limit', { text: '(+ 1', finishReason: 'length' }, 'truncated'],
    ['empty', { text: '' }, 'empty'],
  ] as const)('a reply %s is the same %s error a direct request gives', async (_what, reply, kind) => {
    const fake = await started(dialect.start({ completeAfterPolls: 0, answer: () => reply }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const id = await provider.submit(items(settings, 1));
    await settle(provider, id);
    const outcome = (await provider.results(id)).get('v0-r0-t1');
    expect(outcome?.ok === false && outcome.error.kind).toBe(kind);
  });

  it('a refused key is an auth error without the key, for submit, status and results alike', async () => {
    const fake = await started(dialect.start({ requiredKey: 'the-right-key-0000' }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY, { maxRetries: 0 });
    const refused = await failure(provider.submit(items(settings, 1)));
    expect(refused.kind).toBe('auth');
    expect(refused.status).toBe(401);
    expect((await failure(provider.status('any'))).kind).toBe('auth');
    expect((await failure(provider.results('any'))).kind).toBe('auth');
    expect(fake.counts().batchesCreated).toBe(0);
  });

  it('a creation whose answer is lost is not sent again (a second batch would run every request twice); polls are retried', async () => {
    const fake = await started(dialect.start());
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY, { maxRetries: 2 });
    fake.loseNextCreation();
    const lost = await failure(provider.submit(items(settings, 2)));
    expect(lost.kind).toBe('server');
    expect(fake.counts().batchesCreated).toBe(1);
  });

  it('the key is sent in the auth header only: never in an uploaded file or a body', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: 0, requiredKey: KEY }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const id = await provider.submit(items(settings, 2));
    await settle(provider, id);
    await provider.results(id);
    expect(fake.requests.length).toBeGreaterThan(2);
    for (const request of fake.requests) expect(JSON.stringify(request.body ?? '')).not.toContain(KEY);
    for (const upload of fake.uploads) expect(upload).not.toContain(KEY);
    // Both SDKs send the key as `Authorization: Bearer` (the Anthropic one as describeRequest shows).
    expect(fake.requests.filter((r) => r.headers.authorization !== `Bearer ${KEY}`).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('a keyless server gets no auth header at all', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: 0 }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, '');
    const id = await provider.submit(items(settings, 1));
    await settle(provider, id);
    await provider.results(id);
    for (const request of fake.requests) {
      expect(request.headers.authorization).toBeUndefined();
      expect(request.headers['x-api-key']).toBeUndefined();
    }
  });

  it('a base URL without the batch interface is not_found, naming where batches were asked for', async () => {
    const fake = await started(dialect.start());
    const settings = settingsFor(dialect, { url: `${fake.url}/nothing-here` });
    const error = await failure(createBatchProvider(settings, KEY).submit(items(settings, 1)));
    expect(error.kind).toBe('not_found');
    expect(error.message).toContain('not every compatible server offers them');
  });

  it('results asked for while the batch runs are a provider error', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: Infinity }));
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const id = await provider.submit(items(settings, 1));
    const error = await failure(provider.results(id));
    expect(error.kind).toBe('provider');
    expect(error.message).toMatch(/finished processing|still in_progress/);
  });

  it('a stop before the answer is an aborted error', async () => {
    const fake = await started(dialect.start());
    const provider = createBatchProvider(settingsFor(dialect, fake), KEY);
    const controller = new AbortController();
    controller.abort();
    expect((await failure(provider.status('any', controller.signal))).kind).toBe('aborted');
  });

  it('refuses a malformed or repeated custom id, an empty batch and another endpoint before sending anything', async () => {
    const fake = await started(dialect.start());
    const settings = settingsFor(dialect, fake);
    const provider = createBatchProvider(settings, KEY);
    const [one] = items(settings, 1);
    await expect(provider.submit([])).rejects.toThrow('at least one request');
    await expect(provider.submit([{ ...one, customId: 'variant a/run 1' }])).rejects.toThrow('is not 1 to 64');
    await expect(provider.submit([{ ...one, customId: 'x'.repeat(65) }])).rejects.toThrow('is not 1 to 64');
    await expect(provider.submit([one, one])).rejects.toThrow('appears twice');
    await expect(provider.submit([{ ...one, settings: { ...settings, baseUrl: 'http://127.0.0.1:1/v1' } }])).rejects.toThrow('but this batch goes to');
    await expect(provider.submit([one]).then(() => 'sent')).resolves.toBe('sent');
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(dialect.name === 'openai' ? 2 : 1);
  });

  it('a batch over the limits is refused: exactly at them it is taken', async () => {
    const probe = await started(dialect.start());
    const settings = settingsFor(dialect, probe);
    const sizes = items(settings, 3).map((item) => createBatchProvider(settings, KEY).sizeOf(item));
    // The limits of the fake made as small as a batch of these three, with the provider's own accounting.
    const envelope = dialect.name === 'anthropic' ? '{"requests":[]}'.length - 1 : 0;
    const fake = await started(dialect.start({ completeAfterPolls: 0, limits: { maxRequests: 3, maxBytes: sizes.reduce((a, b) => a + b, 0) + envelope } }));
    const at = settingsFor(dialect, fake);
    const provider = createBatchProvider(at, KEY, { maxRetries: 0 });
    const taken = await provider.submit(items(at, 3));
    expect((await settle(provider, taken)).phase).toBe('ended');
    const four = items(at, 4);
    if (dialect.name === 'openai') {
      expect((await settle(provider, await provider.submit(four))).phase).toBe('failed');
    } else {
      expect((await failure(provider.submit(four))).kind).toBe('bad_request');
    }
  });

  it('sending the batch gets a second per megabyte on top of the request timeout; polls get the request timeout', async () => {
    const fake = await started(dialect.start({ completeAfterPolls: 0 }));
    const settings = settingsFor(dialect, fake, { requestTimeoutMs: 10_000 });
    const provider = createBatchProvider(settings, KEY);
    const big: BatchItem = { customId: 'big', settings, messages: [{ role: 'user', content: 'x'.repeat(3_000_000) }] };
    await provider.status(await provider.submit([big]));
    // The SDKs tell the server their timeout in whole seconds (OpenAI's only when it is given per request).
    const timeouts = fake.requests.map((r) => r.headers['x-stainless-timeout']);
    expect(timeouts[0]).toBe('13');
    expect(timeouts.slice(1).every((t) => t === undefined || t === '10')).toBe(true);
  });

  it('an item without a model takes the batch provider’s', async () => {
    const fake = await started(dialect.start());
    const settings = settingsFor(dialect, fake, { model: 'batch-default' });
    const [one] = items({ ...settings, model: undefined }, 1);
    await createBatchProvider(settings, KEY).submit([one]);
    expect(fake.batches()[0].requests[0].body.model).toBe('batch-default');
  });
});

describe('OpenAI batches', () => {
  it('sizeOf is the bytes of the input file line, so the sizes add up to the uploaded file; limits are the published ones', async () => {
    const fake = await started(startFakeOpenAiBatches());
    const settings: LlmSettings = { provider: 'openai', baseUrl: fake.url, model: 'test-model' };
    const provider = createBatchProvider(settings, KEY);
    const batchItems = items(settings, 4).map((item, i) =>
      i === 2 ? { ...item, messages: [...item.messages, { role: 'user' as const, content: 'é ✓ 😀' }] } : item,
    );
    await provider.submit(batchItems);
    const file = fake.uploads[0];
    expect(batchItems.reduce((sum, item) => sum + provider.sizeOf(item), 0)).toBe(Buffer.byteLength(file));
    expect(
      file
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown)[0],
    ).toMatchObject({
      custom_id: batchItems[0].customId,
      method: 'POST',
      url: '/v1/chat/completions',
    });
    expect(provider.limits).toEqual({ maxRequests: 50_000, maxBytes: 200_000_000 });
    expect(provider.limits).toBe(OPENAI_BATCH_LIMITS);
  });

  it('refuses requests for two models in one submit (a plain Error, nothing sent)', async () => {
    const fake = await started(startFakeOpenAiBatches());
    const settings: LlmSettings = { provider: 'openai', baseUrl: fake.url, model: 'model-a' };
    const [a, b] = items(settings, 2);
    const error = await createBatchProvider(settings, KEY)
      .submit([a, { ...b, settings: { ...settings, model: 'model-b' } }])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(LlmError);
    expect((error as Error).message).toContain('one batch per model');
    expect(fake.requests).toHaveLength(0);
  });

  it('a batch that fails validation is failed, with the reasons in why, and has no results', async () => {
    const fake = await started(startFakeOpenAiBatches());
    const settings: LlmSettings = { provider: 'openai', baseUrl: fake.url, model: 'test-model' };
    const provider = createBatchProvider(settings, KEY);
    fake.failNext('The model test-model does not support batches.');
    const id = await provider.submit(items(settings, 2));
    expect(await provider.status(id)).toMatchObject({ phase: 'failed', providerState: 'failed', why: 'The model test-model does not support batches.' });
    expect((await provider.results(id)).size).toBe(0);
  });

  it.each([
    ['larger than the bound', { maxBytes: 600, maxLineBytes: 10_000 }, /larger than 600 bytes/],
    ['with a line longer than the bound', { maxBytes: 1_000_000, maxLineBytes: 100 }, /line is longer than 100 bytes/],
  ])('refuses an output file %s', async (_what, bounds, message) => {
    const fake = await started(startFakeOpenAiBatches({ completeAfterPolls: 0, answer: () => ({ text: 'x'.repeat(300) }) }));
    const settings: LlmSettings = { provider: 'openai', baseUrl: fake.url, model: 'test-model' };
    const provider = createOpenAiBatchProvider(settings, KEY, {}, bounds);
    const id = await provider.submit(items(settings, 3));
    await settle(provider, id);
    const error = await failure(provider.results(id));
    expect(error.kind).toBe('provider');
    expect(error.message).toMatch(message);
  });

  it('refuses an output file whose line is not JSON', async () => {
    const fake = await started(startFakeOpenAiBatches({ completeAfterPolls: 0 }));
    const settings: LlmSettings = { provider: 'openai', baseUrl: fake.url, model: 'test-model' };
    const spoilt: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = input instanceof Request ? input.url : String(input);
      return url.endsWith('/content') ? new Response(`${await response.text()}{not json\n`, { status: 200 }) : response;
    };
    const provider = createBatchProvider(settings, KEY, { fetch: spoilt });
    const id = await provider.submit(items(settings, 2));
    await settle(provider, id);
    const error = await failure(provider.results(id));
    expect(error.kind).toBe('provider');
    expect(error.message).toContain('line 3 is not JSON');
  });
});

describe('Anthropic batches', () => {
  it('sizeOf is the bytes of the entry and its comma, so with the envelope the sizes add up to the create body; limits are the published ones', async () => {
    const fake = await started(startFakeAnthropicBatches());
    const settings: LlmSettings = { provider: 'anthropic', baseUrl: fake.url, model: 'test-model' };
    const provider = createBatchProvider(settings, KEY);
    const batchItems = items(settings, 3);
    await provider.submit(batchItems);
    const create = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/messages/batches');
    const bodyBytes = Buffer.byteLength(JSON.stringify(create?.body));
    expect(batchItems.reduce((sum, item) => sum + provider.sizeOf(item), 0) + '{"requests":[]}'.length - 1).toBe(bodyBytes);
    expect(provider.limits).toEqual({ maxRequests: 100_000, maxBytes: 256_000_000 - 14 });
    expect(provider.limits).toBe(ANTHROPIC_BATCH_LIMITS);
  });

  it('a batch refused at creation is a bad_request LlmError', async () => {
    const fake = await started(startFakeAnthropicBatches());
    const settings: LlmSettings = { provider: 'anthropic', baseUrl: fake.url, model: 'test-model' };
    fake.failNext('requests.0.params.model: unknown model');
    const error = await failure(createBatchProvider(settings, KEY).submit(items(settings, 1)));
    expect(error.kind).toBe('bad_request');
    expect(error.message).toContain('unknown model');
  });

  it('refuses results larger than the bound', async () => {
    const fake = await started(startFakeAnthropicBatches({ completeAfterPolls: 0, answer: () => ({ text: 'y'.repeat(300) }) }));
    const settings: LlmSettings = { provider: 'anthropic', baseUrl: fake.url, model: 'test-model' };
    const provider = createAnthropicBatchProvider(settings, KEY, {}, { maxBytes: 1_000_000, maxLineBytes: 200 });
    const id = await provider.submit(items(settings, 2));
    await settle(provider, id);
    const error = await failure(provider.results(id));
    expect(error.kind).toBe('provider');
    expect(error.message).toMatch(/line is longer than 200 bytes/);
  });
});

describe('createBatchProvider', () => {
  it.each([
    [{ provider: 'mock' }, 'no batch interface'],
    [{ provider: 'openai', baseUrl: 'not a url', model: 'm' }, 'not a valid URL'],
    [{ provider: 'anthropic', baseUrl: 'ftp://example.com', model: 'm' }, 'must start with http:// or https://'],
    [{ provider: 'openai', model: '' }, 'No model is set'],
  ] as const)('throws at once for %j', (settings, message) => {
    expect(() => createBatchProvider(settings as LlmSettings, KEY)).toThrow(message);
  });
});
