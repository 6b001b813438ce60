// The fake batch servers against the official SDKs' own batch methods: what the SDKs send, the fakes
// take, and what the fakes answer has the fields the SDKs' types declare.
import Anthropic from '@anthropic-ai/sdk';
import OpenAI, { toFile } from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicBatches, startFakeOpenAiBatches, type FakeBatchOptions } from '../../fakes/batch-servers.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

/** Errors the second request (custom id `b`) with a 429, answers the others. */
const ONE_RATE_LIMITED: FakeBatchOptions = {
  completeAfterPolls: Infinity,
  answer: (r) => (r.customId === 'b' ? { status: 429, message: 'slow down' } : { text: `reply ${r.turn}`, usage: { inputTokens: 12, outputTokens: 3 } }),
};

async function openAiFake(options: FakeBatchOptions = ONE_RATE_LIMITED) {
  const fake = await startFakeOpenAiBatches(options);
  open.push(fake);
  return { fake, client: new OpenAI({ baseURL: fake.url, apiKey: 'sk-fake', maxRetries: 0 }) };
}

async function anthropicFake(options: FakeBatchOptions = ONE_RATE_LIMITED) {
  const fake = await startFakeAnthropicBatches(options);
  open.push(fake);
  return { fake, client: new Anthropic({ baseURL: fake.url, apiKey: 'sk-fake', maxRetries: 0 }) };
}

function jsonl(models: readonly string[]): string {
  return models
    .map((model, i) =>
      JSON.stringify({
        custom_id: 'ab'[i] ?? `r${i}`,
        method: 'POST',
        url: '/v1/chat/completions',
        body: { model, messages: [{ role: 'user', content: 'hi' }], max_tokens: 50 },
      }),
    )
    .join('\n');
}

describe("the fake OpenAI batch server, through the openai SDK's files and batches", () => {
  it('takes an uploaded input file, runs the batch and serves its output and error files', async () => {
    const { fake, client } = await openAiFake();
    const file = await client.files.create({ file: await toFile(Buffer.from(jsonl(['m', 'm'])), 'input.jsonl'), purpose: 'batch' });
    expect(file).toMatchObject({ object: 'file', purpose: 'batch', filename: 'input.jsonl', bytes: Buffer.byteLength(jsonl(['m', 'm'])) });

    const created = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect(created).toMatchObject({
      object: 'batch',
      status: 'validating',
      input_file_id: file.id,
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
    });
    expect((await client.batches.retrieve(created.id)).status).toBe('in_progress');
    fake.release(created.id);

    const done = await client.batches.retrieve(created.id);
    expect(done.status).toBe('completed');
    expect(done.request_counts).toEqual({ total: 2, completed: 1, failed: 1 });
    expect(typeof done.completed_at).toBe('number');
    expect(done.usage).toMatchObject({ input_tokens: 12, output_tokens: 3, total_tokens: 15 });

    const output = (await (await client.files.content(done.output_file_id!)).text()).trim().split('\n');
    const ok = JSON.parse(output[0]) as { custom_id: string; response: { status_code: number; body: OpenAI.ChatCompletion } };
    expect(ok.custom_id).toBe('a');
    expect(ok.response.status_code).toBe(200);
    expect(ok.response.body.choices[0].message.content).toBe('reply 1');
    expect(ok.response.body.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });

    const errors = (await (await client.files.content(done.error_file_id!)).text()).trim().split('\n');
    expect(JSON.parse(errors[0])).toMatchObject({ custom_id: 'b', response: { status_code: 429, body: { error: { message: 'slow down' } } }, error: null });
    expect(fake.counts()).toEqual({ uploads: 1, batchesCreated: 1, retrieves: 2, resultReads: 2, direct: 0 });
    expect(fake.perEndpoint()).toEqual({ 'POST /v1/files': 1, 'POST /v1/batches': 1, 'GET /v1/batches/{id}': 2, 'GET /v1/files/{id}/content': 2 });
    expect(fake.batch(created.id).requests.map((r) => r.body.model)).toEqual(['m', 'm']);
  });

  it('fails a batch whose file names two models at validation, with the reason in errors.data', async () => {
    const { client } = await openAiFake();
    const file = await client.files.create({ file: await toFile(Buffer.from(jsonl(['m', 'n'])), 'input.jsonl'), purpose: 'batch' });
    const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    const seen = await client.batches.retrieve(batch.id);
    expect(seen.status).toBe('failed');
    expect(seen.errors?.data?.[0].message).toContain('more than one model');
    expect(seen.output_file_id).toBeNull();
  });

  it('expires a batch: unfinished requests go to the error file as batch_expired', async () => {
    const { fake, client } = await openAiFake({ completeAfterPolls: Infinity });
    const file = await client.files.create({ file: await toFile(Buffer.from(jsonl(['m', 'm'])), 'input.jsonl'), purpose: 'batch' });
    const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    fake.expire(batch.id, ['a']);
    const seen = await client.batches.retrieve(batch.id);
    expect(seen).toMatchObject({ status: 'expired', request_counts: { total: 2, completed: 1, failed: 1 } });
    const errors = await (await client.files.content(seen.error_file_id!)).text();
    expect(JSON.parse(errors.trim())).toMatchObject({ custom_id: 'b', response: null, error: { code: 'batch_expired' } });
  });

  it("cancels through the SDK's cancel: cancelling, then cancelled", async () => {
    const { client } = await openAiFake({ completeAfterPolls: Infinity });
    const file = await client.files.create({ file: await toFile(Buffer.from(jsonl(['m'])), 'input.jsonl'), purpose: 'batch' });
    const batch = await client.batches.create({ input_file_id: file.id, endpoint: '/v1/chat/completions', completion_window: '24h' });
    expect((await client.batches.cancel(batch.id)).status).toBe('cancelling');
    expect((await client.batches.retrieve(batch.id)).status).toBe('cancelled');
  });

  it('refuses a direct completion (counted) and a wrong key in the API error format', async () => {
    const { fake, client } = await openAiFake({ requiredKey: 'sk-right' });
    await expect(client.batches.retrieve('batch_x')).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    const keyed = new OpenAI({ baseURL: fake.url, apiKey: 'sk-right', maxRetries: 0 });
    await expect(keyed.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(keyed.batches.retrieve('batch_x')).rejects.toBeInstanceOf(OpenAI.NotFoundError);
    expect(fake.counts().direct).toBe(1);
  });
});

describe("the fake Anthropic batch server, through the @anthropic-ai/sdk's message batches", () => {
  const requests = [
    { custom_id: 'a', params: { model: 'claude-x', max_tokens: 50, messages: [{ role: 'user' as const, content: 'hi' }] } },
    { custom_id: 'b', params: { model: 'claude-x', max_tokens: 50, messages: [{ role: 'user' as const, content: 'ho' }] } },
  ];

  it('creates, polls and ends a batch, and serves its results at results_url', async () => {
    const { fake, client } = await anthropicFake();
    const created = await client.messages.batches.create({ requests });
    expect(created).toMatchObject({
      type: 'message_batch',
      processing_status: 'in_progress',
      request_counts: { processing: 2, succeeded: 0, errored: 0, canceled: 0, expired: 0 },
      results_url: null,
      ended_at: null,
    });
    expect((await client.messages.batches.retrieve(created.id)).processing_status).toBe('in_progress');
    fake.release(created.id);
    const ended = await client.messages.batches.retrieve(created.id);
    expect(ended).toMatchObject({ processing_status: 'ended', request_counts: { processing: 0, succeeded: 1, errored: 1 } });
    expect(ended.results_url).toBe(`${fake.url}/v1/messages/batches/${created.id}/results`);

    const results = new Map<string, Anthropic.Messages.Batches.MessageBatchResult>();
    for await (const line of await client.messages.batches.results(created.id)) results.set(line.custom_id, line.result);
    const a = results.get('a');
    expect(a?.type).toBe('succeeded');
    if (a?.type === 'succeeded') {
      expect(a.message.content[0]).toEqual({ type: 'text', text: 'reply 1' });
      expect(a.message).toMatchObject({ model: 'claude-x', stop_reason: 'end_turn', usage: { input_tokens: 12, output_tokens: 3 } });
    }
    const b = results.get('b');
    expect(b?.type === 'errored' && b.error.error).toEqual({ type: 'rate_limit_error', message: 'slow down' });
    expect(fake.counts()).toMatchObject({ batchesCreated: 1, resultReads: 1, direct: 0 });
    // The SDK's results() retrieves the batch for its results_url first.
    expect(fake.perEndpoint()).toEqual({ 'POST /v1/messages/batches': 1, 'GET /v1/messages/batches/{id}': 3, 'GET /v1/messages/batches/{id}/results': 1 });
  });

  it('expires and cancels batches as Anthropic counts them', async () => {
    const { fake, client } = await anthropicFake({ completeAfterPolls: Infinity });
    const expiring = await client.messages.batches.create({ requests });
    fake.expire(expiring.id, ['a']);
    expect((await client.messages.batches.retrieve(expiring.id)).request_counts).toMatchObject({ succeeded: 1, expired: 1 });
    const lines = [];
    for await (const line of await client.messages.batches.results(expiring.id)) lines.push(line);
    expect(lines.find((l) => l.custom_id === 'b')?.result).toEqual({ type: 'expired' });

    const cancelled = await client.messages.batches.create({ requests });
    expect((await client.messages.batches.cancel(cancelled.id)).processing_status).toBe('canceling');
    const seen = await client.messages.batches.retrieve(cancelled.id);
    expect(seen).toMatchObject({ processing_status: 'ended', request_counts: { canceled: 2 } });
    expect(seen.cancel_initiated_at).not.toBeNull();
  });

  it('refuses streaming params, a direct message (counted) and a wrong key in the API error format', async () => {
    const { fake, client } = await anthropicFake({ requiredKey: 'sk-right' });
    await expect(client.messages.batches.retrieve('msgbatch_x')).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const keyed = new Anthropic({ baseURL: fake.url, apiKey: 'sk-right', maxRetries: 0 });
    await expect(keyed.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    );
    // The SDK's types forbid it; sent anyway to see the fake refuse it.
    const streamed = [{ custom_id: 'a', params: { ...requests[0].params, stream: true } as unknown as Anthropic.MessageCreateParamsNonStreaming }];
    await expect(keyed.messages.batches.create({ requests: streamed })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    expect(fake.counts()).toMatchObject({ direct: 1, batchesCreated: 0 });
  });

  it('errors the requests named in failRequests', async () => {
    const { fake, client } = await anthropicFake({ completeAfterPolls: 0, failRequests: { a: { status: 500, message: 'broke' } } });
    const batch = await client.messages.batches.create({ requests });
    fake.release(batch.id);
    const lines = [];
    for await (const line of await client.messages.batches.results(batch.id)) lines.push(line);
    expect(lines.find((l) => l.custom_id === 'a')?.result).toMatchObject({ type: 'errored', error: { error: { type: 'api_error', message: 'broke' } } });
    expect(lines.find((l) => l.custom_id === 'b')?.result.type).toBe('succeeded');
  });

  it('holds a batch until released when told to, however often it is polled', async () => {
    const { fake, client } = await anthropicFake({ completeAfterPolls: Infinity });
    const batch = await client.messages.batches.create({ requests });
    for (let i = 0; i < 5; i++) expect((await client.messages.batches.retrieve(batch.id)).processing_status).toBe('in_progress');
    expect(fake.batch(batch.id)).toMatchObject({ polls: 5, state: 'running' });
    fake.release(batch.id);
    expect(fake.batch(batch.id).state).toBe('ended');
  });
});
