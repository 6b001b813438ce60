import { describe, expect, it } from 'vitest';
import type { Message } from '../../../src/records/records.ts';
import {
  anthropicBody,
  createLlm,
  describeRequest,
  effectiveBaseUrl,
  isOpenAiOwnApi,
  openAiBody,
  PRESETS,
  presetForBaseUrl,
  type AnthropicMessage,
} from '../../../src/agent/providers/index.ts';

const PREFIX = 'Mission: find the cheapest laptop\n\n;; tool/\n(tool/search q)\n\n;; data/\ndata/products';
const SYSTEM = 'You write PTC-Lisp programs.';
const FIRST_USER = `${PREFIX}\n\nTurns left: 5`;

/** `[system, user]`: what the coalesced (compressed) strategy renders for every turn. */
const COALESCED: Message[] = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: `${PREFIX}\n\n;; history\n(def x 1)\n\nTurns left: 4` },
];

/** The second turn of a full history. */
const FULL_HISTORY: Message[] = [
  { role: 'system', content: SYSTEM },
  { role: 'user', content: FIRST_USER },
  { role: 'assistant', content: '```clojure\n(tool/search "laptop")\n```' },
  { role: 'user', content: 'Result: [{:name "Laptop"}]\n\nTurns left: 4' },
];

function joined(content: AnthropicMessage['content']): string {
  return typeof content === 'string' ? content : content.map((b) => b.text).join('');
}

describe('OpenAI-compatible request body', () => {
  it('[system, user] to a compatible host: messages as given, max_tokens, streamed with usage', () => {
    expect(openAiBody({ provider: 'openai', baseUrl: 'http://localhost:11434/v1', model: 'llama3.2' }, COALESCED)).toEqual({
      model: 'llama3.2',
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: COALESCED[1].content },
      ],
      max_tokens: 4096,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("full history to OpenAI's own API: max_completion_tokens, temperature when set, key order as sent", () => {
    const body = openAiBody({ provider: 'openai', model: 'gpt-4o-mini', temperature: 0.2, maxOutputTokens: 900 }, FULL_HISTORY);
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({
        model: 'gpt-4o-mini',
        messages: FULL_HISTORY.map((m) => ({ role: m.role, content: m.content })),
        temperature: 0.2,
        max_completion_tokens: 900,
        stream: true,
        stream_options: { include_usage: true },
      }),
    );
  });

  it('max_completion_tokens only for api.openai.com (or no base URL); max_tokens everywhere else', () => {
    expect(isOpenAiOwnApi(undefined)).toBe(true);
    expect(isOpenAiOwnApi('')).toBe(true);
    expect(isOpenAiOwnApi('https://api.openai.com/v1')).toBe(true);
    expect(isOpenAiOwnApi('https://api.openai.com/v1/')).toBe(true);
    expect(isOpenAiOwnApi('https://openrouter.ai/api/v1')).toBe(false);
    expect(isOpenAiOwnApi('http://localhost:1234/v1')).toBe(false);
    expect(isOpenAiOwnApi('https://api.openai.com.evil.example/v1')).toBe(false);
    expect(isOpenAiOwnApi('not a url')).toBe(false);
    const groq = openAiBody({ provider: 'openai', baseUrl: 'https://api.groq.com/openai/v1', model: 'm' }, COALESCED);
    expect(groq).toHaveProperty('max_tokens', 4096);
    expect(groq).not.toHaveProperty('max_completion_tokens');
  });
});

describe('Anthropic request body and cache breakpoints', () => {
  it('[system, user]: system as a marked text block; the user message split at the stable prefix, the prefix marked', () => {
    const body = anthropicBody({ provider: 'anthropic', model: 'claude-sonnet-4-5' }, COALESCED, PREFIX);
    expect(body).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: PREFIX, cache_control: { type: 'ephemeral' } },
            { type: 'text', text: '\n\n;; history\n(def x 1)\n\nTurns left: 4' },
          ],
        },
      ],
      stream: true,
    });
    expect(joined(body.messages[0].content)).toBe(COALESCED[1].content);
  });

  it('2-turn full history: prefix marked in the first user message, the last message marked; 3 breakpoints', () => {
    const body = anthropicBody({ provider: 'anthropic', model: 'claude-haiku-4-5', temperature: 0, maxOutputTokens: 2000 }, FULL_HISTORY, PREFIX);
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({
        model: 'claude-haiku-4-5',
        max_tokens: 2000,
        system: [{ type: 'text', text: SYSTEM, cache_control: { type: 'ephemeral' } }],
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: PREFIX, cache_control: { type: 'ephemeral' } },
              { type: 'text', text: '\n\nTurns left: 5' },
            ],
          },
          { role: 'assistant', content: FULL_HISTORY[2].content },
          { role: 'user', content: [{ type: 'text', text: FULL_HISTORY[3].content, cache_control: { type: 'ephemeral' } }] },
        ],
        temperature: 0,
        stream: true,
      }),
    );
    expect(body.messages.map((m) => joined(m.content))).toEqual(FULL_HISTORY.slice(1).map((m) => m.content));
    expect(JSON.stringify(body).split('"cache_control"').length - 1).toBe(3);
  });

  it('no prefix (or one the message does not start with, or the whole message): no split', () => {
    const none = anthropicBody({ provider: 'anthropic', model: 'c' }, COALESCED);
    expect(none.messages).toEqual([{ role: 'user', content: COALESCED[1].content }]);
    const other = anthropicBody({ provider: 'anthropic', model: 'c' }, COALESCED, 'Something else');
    expect(other.messages).toEqual([{ role: 'user', content: COALESCED[1].content }]);
    const whole = anthropicBody({ provider: 'anthropic', model: 'c' }, [{ role: 'user', content: PREFIX }], PREFIX);
    expect(whole.messages).toEqual([{ role: 'user', content: PREFIX }]);
    expect(whole).not.toHaveProperty('system');
  });

  it('only the first user message starting with the prefix is split (breakpoints stay under 4)', () => {
    const msgs: Message[] = [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `${PREFIX} one` },
      { role: 'assistant', content: 'a' },
      { role: 'user', content: `${PREFIX} two` },
      { role: 'assistant', content: 'b' },
      { role: 'user', content: `${PREFIX} three` },
    ];
    const body = anthropicBody({ provider: 'anthropic', model: 'c' }, msgs, PREFIX);
    expect(body.messages[2]).toEqual({ role: 'user', content: `${PREFIX} two` });
    expect(body.messages[4]).toEqual({ role: 'user', content: [{ type: 'text', text: `${PREFIX} three`, cache_control: { type: 'ephemeral' } }] });
    expect(JSON.stringify(body).split('"cache_control"').length - 1).toBe(3);
    expect(body.messages.map((m) => joined(m.content))).toEqual(msgs.slice(1).map((m) => m.content));
  });

  it('a model is required', () => {
    expect(() => anthropicBody({ provider: 'anthropic', model: ' ' }, COALESCED)).toThrow('No model is set for the anthropic provider');
  });
});

describe('describeRequest', () => {
  it('OpenAI-compatible: POST to …/chat/completions, key redacted, the body as built', () => {
    const settings = { provider: 'openai' as const, baseUrl: 'https://openrouter.ai/api/v1', model: 'openai/gpt-4o-mini' };
    expect(describeRequest(settings, COALESCED)).toEqual({
      provider: 'openai',
      method: 'POST',
      url: 'https://openrouter.ai/api/v1/chat/completions',
      headers: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
      body: openAiBody(settings, COALESCED),
    });
    expect(describeRequest({ ...settings, baseUrl: 'http://localhost:8080/v1/' }, COALESCED).url).toBe('http://localhost:8080/v1/chat/completions');
    expect(describeRequest(settings, COALESCED, undefined, { withKey: false }).headers).toEqual({ 'content-type': 'application/json' });
  });

  it('Anthropic: POST to /v1/messages on the default base URL, with the version header', () => {
    const settings = { provider: 'anthropic' as const, model: 'claude-sonnet-4-5' };
    const described = describeRequest(settings, FULL_HISTORY, PREFIX);
    expect(described.url).toBe('https://api.anthropic.com/v1/messages');
    expect(described.headers).toEqual({
      'content-type': 'application/json',
      authorization: 'Bearer [redacted]',
      'anthropic-version': '2026-10-21',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(described.body).toEqual(anthropicBody(settings, FULL_HISTORY, PREFIX));
  });

  it('the mock sends nothing', () => {
    expect(() => describeRequest({ provider: 'mock' }, COALESCED)).toThrow('The mock provider sends no HTTP request');
  });
});

describe('createLlm', () => {
  it('labels by provider and model', () => {
    expect(createLlm({ provider: 'openai', model: 'gpt-4o-mini' }, 'k').label).toBe('openai gpt-4o-mini');
    expect(createLlm({ provider: 'anthropic', model: 'claude-haiku-4-5' }, 'k').label).toBe('anthropic claude-haiku-4-5');
  });
  it('fails at creation for the mock, a missing model, a bad base URL', () => {
    expect(() => createLlm({ provider: 'mock' }, '')).toThrow('the mock LLM is made with mockLlm');
    expect(() => createLlm({ provider: 'openai' }, 'k')).toThrow(
      'No model is set for the openai provider: choose one in the LLM settings (for example gpt-4o-mini)',
    );
    expect(() => createLlm({ provider: 'anthropic', model: '' }, 'k')).toThrow('No model is set for the anthropic provider');
    expect(() => createLlm({ provider: 'openai', model: 'm', baseUrl: 'localhost:11434' }, 'k')).toThrow('must start with http:// or https://');
    expect(() => createLlm({ provider: 'openai', model: 'm', baseUrl: 'http//x' }, 'k')).toThrow('is not a valid URL');
  });
  it('defaults the base URL per provider', () => {
    expect(effectiveBaseUrl({ provider: 'openai' })).toBe('https://api.openai.com/v1');
    expect(effectiveBaseUrl({ provider: 'anthropic', baseUrl: '  ' })).toBe('https://api.anthropic.com');
  });
});

describe('presets', () => {
  it('cover the known hosts with their base URLs', () => {
    expect(Object.fromEntries(PRESETS.map((p) => [p.id, [p.provider, p.baseUrl, p.keyRequired]]))).toEqual({
      openai: ['openai', 'https://api.openai.com/v1', true],
      anthropic: ['anthropic', 'https://api.anthropic.com', true],
      openrouter: ['openai', 'https://openrouter.ai/api/v1', true],
      groq: ['openai', 'https://api.groq.com/openai/v1', true],
      together: ['openai', 'https://api.together.xyz/v1', true],
      mistral: ['openai', 'https://api.mistral.ai/v1', true],
      gemini: ['openai', 'https://generativelanguage.googleapis.com/v1beta/openai', true],
      ollama: ['openai', 'http://localhost:11434/v1', false],
      lmstudio: ['openai', 'http://localhost:1234/v1', false],
      vllm: ['openai', 'http://localhost:8000/v1', false],
      llamacpp: ['openai', 'http://localhost:8080/v1', false],
    });
    expect(presetForBaseUrl('http://localhost:11434/v1/')?.id).toBe('ollama');
    expect(presetForBaseUrl('http://example.com')).toBeUndefined();
  });
});
