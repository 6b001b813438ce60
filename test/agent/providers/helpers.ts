// Shared by the provider tests: both dialects behind one shape, and a catcher that checks every
// LlmError for the key.
import { expect } from 'vitest';
import { LlmError, type Llm } from '../../../src/agent/llm.ts';
import type { LlmSettings } from '../../../src/agent/llm-settings.ts';
import { createLlm } from '../../../src/agent/providers/index.ts';
import type { Message } from '../../../src/records/records.ts';
import { startFakeAnthropic, startFakeOpenAi, type FakeLlmServer, type FakeServerOptions } from '../../fakes/llm-servers.ts';

export const KEY = 'sk-test-SECRET-0123456789abcdef';

export const MESSAGES: Message[] = [
  { role: 'system', content: 'You write PTC-Lisp.' },
  { role: 'user', content: 'STABLE PREFIX\n\nTurns left: 3' },
];
export const PREFIX = 'STABLE PREFIX';

export interface Dialect {
  readonly name: 'openai' | 'anthropic';
  start(options?: FakeServerOptions): Promise<FakeLlmServer>;
  /** The request path the SDK posts to. */
  readonly path: string;
}

export const DIALECTS: readonly Dialect[] = [
  { name: 'openai', start: startFakeOpenAi, path: '/v1/chat/completions' },
  { name: 'anthropic', start: startFakeAnthropic, path: '/v1/messages' },
];

export function llmFor(
  dialect: Dialect,
  server: { url: string },
  settings: Partial<Omit<LlmSettings, 'provider'>> = {},
  options: { maxRetries?: number; fetch?: typeof fetch; key?: string } = {},
): Llm {
  const { key = KEY, ...rest } = options;
  return createLlm({ provider: dialect.name, baseUrl: server.url, model: 'test-model', ...settings }, key, rest);
}

/** The LlmError a call rejects with; fails when it resolves, when it is not an LlmError, or when the key shows. */
export async function failure(promise: Promise<unknown>, key: string = KEY): Promise<LlmError> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(LlmError);
  const error = caught as LlmError;
  expect(error.message).not.toContain(key);
  expect(JSON.stringify({ ...error, message: error.message })).not.toContain(key);
  return error;
}
