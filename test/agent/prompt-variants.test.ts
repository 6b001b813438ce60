// The SYSTEM prompt as an experiment: text around the default or a replacement, a fingerprint on
// every turn, and the tokens each turn's answer cost summed over the run.
import { describe, expect, it } from 'vitest';
import type { Llm } from '../../src/agent/llm.ts';
import { initialStep, messagesFor, prepareAgent, resumeStep, runAgent } from '../../src/agent/loop.ts';
import { promptHash, SystemPrompt } from '../../src/agent/system-prompt.ts';
import { agentDef, prepared, reply } from './fixtures.ts';

describe('SYSTEM prompt variants', () => {
  it('puts a suffix after the default and a prefix before it', () => {
    const plain = SystemPrompt.generate('multi_turn');
    expect(SystemPrompt.generate('multi_turn', { prefix: 'P.', suffix: 'S.' })).toBe(`P.\n\n${plain}\n\nS.`);
    expect(SystemPrompt.generate('multi_turn', { suffix: '  ' })).toBe(plain);
  });

  it('a replacement is the whole prompt, as written', () => {
    expect(SystemPrompt.generate('single_shot', { replace: 'Only Clojure.\n' })).toBe('Only Clojure.\n');
  });

  it('the agent sends the variant as its SYSTEM message', () => {
    const agent = prepared(agentDef({ systemPrompt: { suffix: 'Be brief.' } }));
    const [system] = messagesFor(agent, initialStep()).messages;
    expect(system.content.endsWith('\n\nBe brief.')).toBe(true);
    expect(system.content.startsWith(SystemPrompt.generate('multi_turn'))).toBe(true);
  });
});

describe('promptHash', () => {
  it('is 16 hex digits, the same for the same text and different for another', () => {
    expect(promptHash('abc')).toMatch(/^[0-9a-f]{16}$/);
    expect(promptHash('abc')).toBe(promptHash('abc'));
    expect(promptHash('abc')).not.toBe(promptHash('abd'));
    // FNV-1a 64 of the empty text is its offset basis.
    expect(promptHash('')).toBe('cbf29ce484222325');
    expect(promptHash('a')).toBe('af63dc4c8601ec8c');
  });

  it('is recorded on every turn, and tells two prompts apart', async () => {
    const script = (): Llm => ({ label: 'script', complete: ({ turn }) => Promise.resolve({ text: reply(turn === 1 ? '(def a 1)' : '(return a)') }) });
    const plain = prepared(agentDef());
    const varied = prepared(agentDef({ systemPrompt: { prefix: 'You are careful.' } }));
    const a = await runAgent(plain, script());
    const b = await runAgent(varied, script());
    expect(a.turns.map((t) => t.promptHash)).toEqual([plain.promptHash, plain.promptHash]);
    expect(plain.promptHash).toBe(promptHash(plain.systemPrompt));
    expect(b.turns[0].promptHash).toBe(promptHash(varied.systemPrompt));
    expect(b.turns[0].promptHash).not.toBe(a.turns[0].promptHash);
  });
});

describe('token usage of a run', () => {
  const usages = [
    { inputTokens: 1000, outputTokens: 50, cachedInputTokens: 0, cacheWriteTokens: 900 },
    { inputTokens: 1100, outputTokens: 30, cachedInputTokens: 900 },
  ];
  const llm: Llm = {
    label: 'costly',
    complete: ({ turn }) => Promise.resolve({ text: reply(turn === 1 ? '(def a 1)' : '(return a)'), usage: usages[turn - 1] }),
  };

  it('records each turn’s usage and the provider it was sent with, and sums them', async () => {
    const agent = prepared(agentDef());
    const sentWith = { provider: 'openai' as const, model: 'm', temperature: 0 };
    const step = await runAgent(agent, llm, { sentWith });
    expect(step.turns.map((t) => t.usage)).toEqual(usages);
    expect(step.turns[1].llm).toEqual(sentWith);
    expect(step.usage.tokens).toEqual({ inputTokens: 2100, outputTokens: 80, cachedInputTokens: 900, cacheWriteTokens: 900 });
    // A resumed run sums the same from its saved turns.
    expect(resumeStep(agent, step.turns).usage.tokens).toEqual(step.usage.tokens);
  });

  it('has no token totals when no turn reported any (the mock)', async () => {
    const agent = prepared(agentDef());
    const step = await runAgent(agent, { label: 'm', complete: () => Promise.resolve({ text: reply('(return 1)') }) });
    expect(step.usage.tokens).toBeUndefined();
    expect(step.turns[0].usage).toBeUndefined();
  });

  it('hands the stable start of the USER message to the provider', async () => {
    const agent = prepared(agentDef());
    const seen: (string | undefined)[] = [];
    await runAgent(agent, {
      label: 'spy',
      complete: ({ stablePrefix, messages }) => {
        seen.push(stablePrefix);
        expect(messages[1].content.startsWith(stablePrefix ?? '\u0000')).toBe(true);
        return Promise.resolve({ text: reply('(return 1)') });
      },
    });
    expect(seen[0]).toBe(agent.stablePrefix);
    expect(agent.stablePrefix).toContain(';; === tool/ ===');
    expect(agent.stablePrefix).not.toContain('Turns left');
    const p = prepareAgent(agentDef({ compression: false }));
    expect(p.ok && messagesFor(p.agent, initialStep()).messages[1].content.startsWith(p.agent.stablePrefix)).toBe(true);
  });
});
