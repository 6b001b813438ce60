// The pieces of the batch providers that need no server: each provider's batch states mapped to
// BatchStatus, the byte count that sizes requests, and result files read line by line within bounds.
import type { MessageBatch } from '@anthropic-ai/sdk/resources/messages/batches';
import fc from 'fast-check';
import type { Batch } from 'openai/resources/batches';
import { describe, expect, it } from 'vitest';
import { anthropicBatchStatus } from '../../../src/agent/providers/batch-anthropic.ts';
import { utf8Bytes } from '../../../src/agent/providers/batch-items.ts';
import { boundedFetch, jsonLines } from '../../../src/agent/providers/batch-outcomes.ts';
import { openAiBatchStatus } from '../../../src/agent/providers/batch-openai.ts';

function openAiBatch(status: Batch['status'], extra: Partial<Batch> = {}): Batch {
  return {
    id: 'batch_1',
    object: 'batch',
    endpoint: '/v1/chat/completions',
    input_file_id: 'file-1',
    completion_window: '24h',
    created_at: 0,
    status,
    request_counts: { total: 10, completed: 6, failed: 1 },
    ...extra,
  };
}

function anthropicBatch(
  processing_status: MessageBatch['processing_status'],
  counts: Partial<MessageBatch['request_counts']>,
  cancelled = false,
): MessageBatch {
  return {
    id: 'msgbatch_1',
    type: 'message_batch',
    processing_status,
    request_counts: { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0, ...counts },
    archived_at: null,
    cancel_initiated_at: cancelled ? '2026-01-01T00:00:00Z' : null,
    created_at: '2026-01-01T00:00:00Z',
    ended_at: null,
    expires_at: '2026-01-02T00:00:00Z',
    results_url: null,
  };
}

describe('OpenAI batch states', () => {
  it.each([
    ['validating', 'running'],
    ['in_progress', 'running'],
    ['finalizing', 'running'],
    ['cancelling', 'running'],
    ['completed', 'ended'],
    ['expired', 'expired'],
    ['failed', 'failed'],
    ['cancelled', 'cancelled'],
  ] as const)('%s is %s, with the counts of request_counts', (state, phase) => {
    expect(openAiBatchStatus(openAiBatch(state))).toEqual({
      id: 'batch_1',
      phase,
      providerState: state,
      counts: { succeeded: 6, failed: 1, pending: 3 },
    });
  });

  it('a failed batch says why, line by line; one without request_counts counts nothing', () => {
    const failed = openAiBatch('failed', {
      request_counts: undefined,
      errors: {
        object: 'list',
        data: [
          { code: 'invalid_json_line', line: 2, message: 'Not JSON.' },
          { code: 'too_big', message: 'Too big.' },
        ],
      },
    });
    expect(openAiBatchStatus(failed)).toMatchObject({ why: 'line 2: Not JSON.; Too big.', counts: { succeeded: 0, failed: 0, pending: 0 } });
  });
});

describe('Anthropic batch states', () => {
  it.each([
    ['waiting', anthropicBatch('in_progress', { processing: 4 }), 'running', { succeeded: 0, failed: 0, pending: 4 }],
    ['canceling', anthropicBatch('canceling', { processing: 4 }, true), 'running', { succeeded: 0, failed: 0, pending: 4 }],
    ['ended', anthropicBatch('ended', { succeeded: 3, errored: 1 }), 'ended', { succeeded: 3, failed: 1, pending: 0 }],
    ['ended with every request expired', anthropicBatch('ended', { expired: 4 }), 'expired', { succeeded: 0, failed: 4, pending: 0 }],
    ['ended with some requests expired', anthropicBatch('ended', { succeeded: 2, errored: 1, expired: 1 }), 'expired', { succeeded: 2, failed: 2, pending: 0 }],
    ['ended after a cancel', anthropicBatch('ended', { succeeded: 1, canceled: 3 }, true), 'cancelled', { succeeded: 1, failed: 3, pending: 0 }],
    [
      'ended after a cancel that came too late to stop anything',
      anthropicBatch('ended', { succeeded: 4 }, true),
      'cancelled',
      { succeeded: 4, failed: 0, pending: 0 },
    ],
  ] as const)('%s is %s', (_what, batch, phase, counts) => {
    expect(anthropicBatchStatus(batch)).toEqual({ id: 'msgbatch_1', phase, providerState: batch.processing_status, counts });
  });
});

describe('utf8Bytes', () => {
  it('counts what TextEncoder writes for any JSON text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), (a, b) => {
        const json = JSON.stringify({ a, b });
        expect(utf8Bytes(json)).toBe(new TextEncoder().encode(json).length);
      }),
    );
  });
});

/** The bytes of `text` cut at the given points (any byte, inside a character too). */
function chunked(text: string, cuts: readonly number[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bytes = new TextEncoder().encode(text);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let from = 0;
  for (const to of [...points, bytes.length]) {
    if (to > from) pieces.push(bytes.slice(from, to));
    from = Math.max(from, to);
  }
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

const JSON_VALUES = fc.array(
  fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown),
  { maxLength: 8 },
);

describe('result files', () => {
  it('jsonLines gives every line back in order, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(JSON_VALUES, fc.array(fc.nat()), fc.boolean(), async (values, cuts, trailingNewline) => {
        const text = values.map((v) => JSON.stringify(v)).join('\n') + (trailingNewline ? '\n' : '');
        const read = [];
        for await (const line of jsonLines(chunked(text, cuts), 'test')) read.push(line);
        expect(read).toEqual(values.map((value, i) => ({ number: i + 1, value })));
      }),
    );
  });

  it('boundedFetch refuses exactly the result bodies with a line over the bound, however the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.nat()),
        fc.integer({ min: 1, max: 30 }),
        async (lines, cuts, bound) => {
          const text = lines.map((l) => l.replaceAll('\n', ' ')).join('\n');
          const longest = Math.max(...text.split('\n').map((l) => new TextEncoder().encode(l).length));
          const fetchResults = boundedFetch(() => Promise.resolve(new Response(chunked(text, cuts))), { maxBytes: 10_000, maxLineBytes: bound });
          const response = await fetchResults('http://x/results', { headers: { Accept: 'application/binary' } });
          const read = response.text().then(
            (body) => body,
            (error: unknown) => error,
          );
          if (longest > bound) expect(await read).toMatchObject({ kind: 'provider' });
          else expect(await read).toBe(text);
        },
      ),
    );
  });

  it('boundedFetch leaves JSON answers alone', async () => {
    const fetchJson = boundedFetch(() => Promise.resolve(new Response('x'.repeat(100))), { maxBytes: 10, maxLineBytes: 10 });
    expect(await (await fetchJson('http://x/v1/batches/b', { headers: { Accept: 'application/json' } })).text()).toHaveLength(100);
  });
});
