// The pure pieces of the batch providers: each provider's batch states mapped to BatchStatus, and the
// byte count that sizes requests against a batch's limit.
import type { MessageBatch } from '@anthropic-ai/sdk/resources/messages/batches';
import fc from 'fast-check';
import type { Batch } from 'openai/resources/batches';
import { describe, expect, it } from 'vitest';
import { anthropicBatchStatus } from '../../../src/agent/providers/batch-anthropic.ts';
import { utf8Bytes } from '../../../src/agent/providers/batch-items.ts';
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
