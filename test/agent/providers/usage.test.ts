// Usage and finish reasons as each API reports them, streamed (through the providers, in
// streaming.test.ts) and in whole completions (here, fetched from the fake servers as they are).
import { afterEach, describe, expect, it } from 'vitest';
import { normalizeAnthropicFinish, normalizeOpenAiFinish, parseAnthropicUsage, parseOpenAiUsage } from '../../../src/agent/providers/index.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer } from '../../fakes/llm-servers.ts';

const servers: FakeLlmServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('OpenAI usage', () => {
  it('prompt_tokens as they are, completion_tokens, cached_tokens (and cache_write_tokens where reported)', () => {
    expect(parseOpenAiUsage({ prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 1024 } })).toEqual({
      inputTokens: 1200,
      outputTokens: 80,
      cachedInputTokens: 1024,
    });
    expect(parseOpenAiUsage({ prompt_tokens: 10, completion_tokens: 2, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 8 } })).toEqual({
      inputTokens: 10,
      outputTokens: 2,
      cachedInputTokens: 0,
      cacheWriteTokens: 8,
    });
  });
  it('absent fields stay absent; nothing reported is undefined', () => {
    expect(parseOpenAiUsage({ prompt_tokens: 5 })).toEqual({ inputTokens: 5 });
    expect(parseOpenAiUsage({ prompt_tokens: null, completion_tokens: 'x' })).toBeUndefined();
    expect(parseOpenAiUsage(null)).toBeUndefined();
    expect(parseOpenAiUsage(undefined)).toBeUndefined();
  });
  it('finish reasons: stop and length as they are, others pass through, none is undefined', () => {
    expect(['stop', 'length', 'content_filter', null].map(normalizeOpenAiFinish)).toEqual(['stop', 'length', 'content_filter', undefined]);
  });
  it('a whole (not streamed) completion from the fake server parses the same', async () => {
    const server = await startFakeOpenAi({
      responses: [{ text: 'hello', usage: { inputTokens: 300, outputTokens: 7, cachedInputTokens: 256 }, finishReason: 'length' }],
    });
    servers.push(server);
    const response = await fetch(`${server.url}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
    });
    const json = (await response.json()) as { choices: { message: { content: string }; finish_reason: string }[]; usage: unknown };
    expect(json.choices[0].message.content).toBe('hello');
    expect(normalizeOpenAiFinish(json.choices[0].finish_reason)).toBe('length');
    expect(json.usage).toEqual({ prompt_tokens: 300, completion_tokens: 7, total_tokens: 307, prompt_tokens_details: { cached_tokens: 256 } });
    expect(parseOpenAiUsage(json.usage)).toEqual({ inputTokens: 300, outputTokens: 7, cachedInputTokens: 256 });
  });
});

describe('Anthropic usage', () => {
  it('inputTokens = input + cache reads + cache writes; output from the final message_delta', () => {
    expect(
      parseAnthropicUsage({ input_tokens: 50, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, output_tokens: 1 }, { output_tokens: 75 }),
    ).toEqual({ inputTokens: 1250, outputTokens: 75, cachedInputTokens: 1000, cacheWriteTokens: 200 });
  });
  it('the final usage wins where it has a field (newer APIs repeat the input counts there)', () => {
    expect(parseAnthropicUsage({ input_tokens: 50, output_tokens: 1 }, { input_tokens: 60, cache_read_input_tokens: 5, output_tokens: 9 })).toEqual({
      inputTokens: 65,
      outputTokens: 9,
      cachedInputTokens: 5,
    });
  });
  it('absent or null fields stay absent', () => {
    expect(parseAnthropicUsage({ input_tokens: 12, cache_read_input_tokens: null, cache_creation_input_tokens: null })).toEqual({ inputTokens: 12 });
    expect(parseAnthropicUsage({}, {})).toBeUndefined();
    expect(parseAnthropicUsage(undefined)).toBeUndefined();
  });
  it('finish reasons: end_turn and stop_sequence are stop, max_tokens is length, others pass through', () => {
    expect(['end_turn', 'stop_sequence', 'max_tokens', 'refusal', null].map(normalizeAnthropicFinish)).toEqual([
      'stop',
      'stop',
      'length',
      'refusal',
      undefined,
    ]);
  });
  it('a whole (not streamed) message from the fake server parses the same', async () => {
    const server = await startFakeAnthropic({
      responses: [{ text: 'hello', usage: { inputTokens: 1300, outputTokens: 7, cachedInputTokens: 1000, cacheWriteTokens: 200 } }],
    });
    servers.push(server);
    const response = await fetch(`${server.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
      body: JSON.stringify({ model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const json = (await response.json()) as { content: { text: string }[]; stop_reason: string; usage: unknown; model: string };
    expect(json.content).toEqual([{ type: 'text', text: 'hello' }]);
    expect(json.model).toBe('claude-x');
    expect(normalizeAnthropicFinish(json.stop_reason)).toBe('stop');
    expect(json.usage).toEqual({ input_tokens: 100, cache_creation_input_tokens: 200, cache_read_input_tokens: 1000, output_tokens: 7 });
    expect(parseAnthropicUsage(json.usage)).toEqual({ inputTokens: 1300, outputTokens: 7, cachedInputTokens: 1000, cacheWriteTokens: 200 });
  });
});
