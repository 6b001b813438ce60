// The session fields for real models: LLM settings, the SYSTEM prompt variant, prices, and what each
// turn records (usage, prompt fingerprint, provider). Optional, version 1, never a key.
import { describe, expect, it } from 'vitest';
import { parsedWith, problemsWith } from './builders.ts';
import { parseSession, serializeSession, sessionToAgent, type Session } from '../../src/session/session-file.ts';

const BASE = {
  version: 1,
  mission: 'Count the products',
  data: { products: [1, 2, 3] },
  llm: { provider: 'mock', replies: ['```clojure\n(return (count data/products))\n```'] },
};

const TURN = { number: 1, rawResponse: 'r', program: 'p', success: true };

const parsed = (patch: Record<string, unknown>): Session => parsedWith(BASE, patch);
const problems = (patch: Record<string, unknown>): string[] => problemsWith(BASE, patch);

function roundTrip(s: Session): Session {
  const r = parseSession(serializeSession(s));
  if (!r.ok) throw new Error(r.errors.join('\n'));
  return r.session;
}

describe('llm settings', () => {
  const full = {
    provider: 'openai',
    baseUrl: 'http://localhost:11434/v1',
    model: 'llama3.2',
    temperature: 0.2,
    maxOutputTokens: 1024,
    requestTimeoutMs: 30000,
  };

  it('reads every setting and writes them back in a fixed order', () => {
    const s = parsed({ llm: { ...full, replies: ['x'] } });
    expect(s.llm).toEqual({ ...full, replies: ['x'] });
    const json = JSON.parse(serializeSession(s)) as { llm: Record<string, unknown> };
    expect(Object.keys(json.llm)).toEqual(['provider', 'baseUrl', 'model', 'temperature', 'maxOutputTokens', 'requestTimeoutMs', 'replies']);
    expect(roundTrip(s).llm).toEqual(s.llm);
  });

  it('writes only the settings given', () => {
    const s = parsed({ llm: { provider: 'anthropic', model: 'claude-x' } });
    expect(JSON.parse(serializeSession(s)).llm).toEqual({ provider: 'anthropic', model: 'claude-x' });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['unknown provider', { provider: 'openia' }, 'llm.provider: expected "mock" or "openai" or "anthropic", got string "openia"'],
    [
      'base URL not a URL',
      { provider: 'openai', baseUrl: 'localhost:11434' },
      'llm.baseUrl: expected an http:// or https:// URL such as https://api.openai.com/v1',
    ],
    [
      'base URL of another scheme',
      { provider: 'openai', baseUrl: 'file:///etc/passwd' },
      'llm.baseUrl: expected an http:// or https:// URL such as https://api.openai.com/v1',
    ],
    ['temperature too high', { provider: 'openai', temperature: 3 }, 'llm.temperature: must be at most 2, got number 3'],
    ['output limit zero', { provider: 'openai', maxOutputTokens: 0 }, 'llm.maxOutputTokens: must be at least 1, got number 0'],
    ['timeout fractional', { provider: 'openai', requestTimeoutMs: 1.5 }, 'llm.requestTimeoutMs: expected a whole number, got number 1.5'],
    ['unknown setting', { provider: 'openai', key: 'x' }, 'llm.key: unknown field'],
  ];
  it.each(bad)('refuses %s', (_label, llm, expected) => {
    expect(problems({ llm })).toContain(expected);
  });

  it('never accepts a key, and says where keys go', () => {
    expect(problems({ llm: { provider: 'openai', apiKey: 'sk-test-123' } }).join('\n')).toMatch(/llm\.apiKey: API keys are never stored in session files/);
  });
});

describe('systemPrompt', () => {
  it('reads a prefix and a suffix, and gives them to the agent', () => {
    const s = parsed({ systemPrompt: { prefix: 'You are terse.', suffix: 'Answer in English.' } });
    expect(s.systemPrompt).toEqual({ prefix: 'You are terse.', suffix: 'Answer in English.' });
    expect(sessionToAgent(s).systemPrompt).toEqual({ prefix: 'You are terse.', suffix: 'Answer in English.' });
    expect(roundTrip(s).systemPrompt).toEqual(s.systemPrompt);
  });

  it('reads a replacement', () => {
    const s = parsed({ systemPrompt: { replace: 'Write Clojure.' } });
    expect(s.systemPrompt).toEqual({ replace: 'Write Clojure.' });
    expect(JSON.parse(serializeSession(s)).systemPrompt).toEqual({ replace: 'Write Clojure.' });
  });

  it('is absent from the file when the session has none', () => {
    expect(JSON.parse(serializeSession(parsed({}))).systemPrompt).toBeUndefined();
  });

  it('refuses a replacement mixed with a prefix, and an empty replacement', () => {
    expect(problems({ systemPrompt: { replace: 'x', prefix: 'y' } })).toContain(
      'systemPrompt.replace: give either "replace" (the whole prompt) or "prefix"/"suffix" (around the default), not both',
    );
    expect(problems({ systemPrompt: 'be terse' })).toContain('systemPrompt: expected an object, got string "be terse"');
    expect(problems({ systemPrompt: { replace: ' ' } })).toContain('systemPrompt.replace: must not be empty');
  });
});

describe('prices', () => {
  it('reads prices per model and writes them back', () => {
    const prices = {
      'gpt-4o-mini': { input: 0.15, cachedInput: 0.075, output: 0.6 },
      'claude-x': { input: 3, cacheWrite: 3.75, cachedInput: 0.3, output: 15 },
    };
    const s = parsed({ prices });
    expect(s.prices?.get('gpt-4o-mini')).toEqual({ input: 0.15, cachedInput: 0.075, output: 0.6 });
    expect(JSON.parse(serializeSession(s)).prices).toEqual(prices);
  });

  it("keeps a model's own batch price, and refuses one nested further", () => {
    const prices = { 'gpt-x': { input: 2, output: 8, batch: { input: 0.8, cachedInput: 0.4, output: 3 } } };
    const s = parsed({ prices });
    expect(s.prices?.get('gpt-x')?.batch).toEqual({ input: 0.8, cachedInput: 0.4, output: 3 });
    expect(JSON.parse(serializeSession(s)).prices).toEqual(prices);
    expect(problems({ prices: { m: { input: 1, output: 1, batch: { input: 1, output: 1, batch: { input: 1, output: 1 } } } } }).join('\n')).toContain(
      'prices.m.batch',
    );
  });

  it('refuses negative and missing prices', () => {
    expect(problems({ prices: { m: { input: -1, output: 1 } } })).toContain('prices.m.input: must be at least 0, got number -1');
    expect(problems({ prices: { m: { input: 1 } } })).toContain('prices.m.output: required');
  });
});

describe('what a turn records', () => {
  const usage = { inputTokens: 1200, outputTokens: 80, cachedInputTokens: 1024, cacheWriteTokens: 0 };
  const llm = { provider: 'anthropic', model: 'claude-x', baseUrl: 'http://127.0.0.1:9/', temperature: 0, maxOutputTokens: 4096 };

  it('keeps usage, the prompt fingerprint and the provider through a round trip', () => {
    const s = parsed({ turns: [{ ...TURN, usage, promptHash: '0123456789abcdef', llm }] });
    expect(s.turns[0].usage).toEqual(usage);
    expect(s.turns[0].promptHash).toBe('0123456789abcdef');
    expect(s.turns[0].llm).toEqual(llm);
    const again = roundTrip(s);
    expect(again.turns[0].usage).toEqual(usage);
    expect(again.turns[0].llm).toEqual(llm);
  });

  it('keeps usage fields absent when the provider did not report them', () => {
    const s = parsed({ turns: [{ ...TURN, usage: { inputTokens: 10 } }] });
    expect(JSON.parse(serializeSession(s)).turns[0].usage).toEqual({ inputTokens: 10 });
  });

  it('refuses negative and fractional token counts', () => {
    expect(problems({ turns: [{ ...TURN, usage: { inputTokens: -1 } }] })).toContain('turns[0].usage.inputTokens: must be at least 0, got number -1');
    expect(problems({ turns: [{ ...TURN, usage: { outputTokens: 1.5 } }] })).toContain('turns[0].usage.outputTokens: expected a whole number, got number 1.5');
  });

  it('keeps each request that never became a turn: where it went, why, and its tokens', () => {
    const requests = [
      { provider: 'openai', model: 'gpt-4o', kind: 'server', status: 500, inputTokens: 500, outputTokens: 20 },
      { provider: 'anthropic', kind: 'auth', status: 401 },
    ];
    const s = parsed({ discardedRequests: requests });
    expect(s.discardedRequests).toEqual(requests);
    expect(JSON.parse(serializeSession(s)).discardedRequests).toEqual(requests);
  });

  it("reads an earlier build's total of discarded requests as one entry standing for all of them", () => {
    const s = parsed({ discardedRequests: { count: 2, inputTokens: 500, outputTokens: 20 } });
    expect(s.discardedRequests).toEqual([{ count: 2, inputTokens: 500, outputTokens: 20 }]);
    expect(JSON.parse(serializeSession(s)).discardedRequests).toEqual([{ count: 2, inputTokens: 500, outputTokens: 20 }]);
  });

  it('refuses a discarded request with a field it does not know or a provider it does not have', () => {
    expect(problems({ discardedRequests: [{ provider: 'elsewhere' }] })).not.toEqual([]);
    expect(problems({ discardedRequests: [{ provider: 'openai', colour: 'red' }] })).not.toEqual([]);
  });
});
