// The pieces of error handling that need no server: Retry-After parsing, the fetch wrapper that
// stops long waits, key redaction.
import { describe, expect, it } from 'vitest';
import { limitRetryAfter, parseRetryAfter, redactKey, toLlmError } from '../../../src/agent/providers/errors.ts';

const ctx = { provider: 'openai' as const, baseUrl: 'https://api.example.com/v1', model: 'm', apiKey: 'sk-secret-key-42', timeoutMs: 1000, maxRetries: 2 };

describe('Retry-After', () => {
  it('reads retry-after-ms, seconds and HTTP dates', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '1500', 'retry-after': '9' }))).toBe(1.5);
    expect(parseRetryAfter(new Headers({ 'retry-after': '120' }))).toBe(120);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:05:00 GMT' }), now)).toBe(300);
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(new Headers())).toBeUndefined();
  });

  it('the fetch wrapper marks a wait over 60 s as not to be retried, and leaves the rest alone', async () => {
    const answer = (status: number, retryAfter: string) =>
      limitRetryAfter(() => Promise.resolve(new Response('{}', { status, headers: { 'retry-after': retryAfter } })))('http://x');
    const long = await answer(429, '61');
    expect(long.status).toBe(429);
    expect(long.headers.get('x-should-retry')).toBe('false');
    expect(long.headers.get('retry-after')).toBe('61');
    expect(await long.text()).toBe('{}');
    expect((await answer(429, '60')).headers.get('x-should-retry')).toBeNull();
    expect((await answer(503, '3600')).headers.get('x-should-retry')).toBe('false');
    expect((await answer(400, '3600')).headers.get('x-should-retry')).toBeNull();
  });
});

describe('key redaction', () => {
  it('replaces every occurrence; keys too short to be secret are left alone', () => {
    expect(redactKey('a sk-secret-key-42 b sk-secret-key-42', 'sk-secret-key-42')).toBe('a [redacted] b [redacted]');
    expect(redactKey('abc', '')).toBe('abc');
    expect(redactKey('a b c', 'b')).toBe('a b c');
  });
  it('no error kind lets the key through', () => {
    const key = ctx.apiKey;
    const failures = [
      { type: 'http' as const, status: 401, body: { error: { message: `bad key ${key}` } } },
      { type: 'http' as const, status: 404, message: key },
      { type: 'http' as const, status: 429, headers: new Headers({ 'retry-after': '500' }), body: key },
      { type: 'http' as const, status: 502, body: key },
      { type: 'http' as const, status: 422, body: key },
      { type: 'http' as const, body: { type: 'error', error: { type: 'overloaded_error', message: key } } },
      { type: 'network' as const, phase: 'connect' as const, cause: new Error(`refused ${key}`) },
      { type: 'network' as const, phase: 'stream' as const, cause: new TypeError(`terminated ${key}`) },
      { type: 'timeout' as const },
      { type: 'aborted' as const },
      { type: 'other' as const, error: new Error(`weird ${key}`) },
    ];
    const errors = failures.map((f) => toLlmError(f, ctx));
    expect(errors.map((e) => e.kind)).toEqual([
      'auth',
      'not_found',
      'rate_limit',
      'server',
      'bad_request',
      'server',
      'connection',
      'connection',
      'timeout',
      'aborted',
      'provider',
    ]);
    for (const e of errors) expect(e.message).not.toContain(key);
    expect(errors[2].message).toContain('it asks to wait 9 min before trying again');
    expect(errors[2].retryAfterSeconds).toBe(500);
  });
});
