// What each compression strategy's rendering becomes on the wire: the exact messages for an
// OpenAI-compatible server, and for Anthropic where the cache breakpoints go, with the blocks of every
// split message joining back to exactly the rendered content.
import { describe, expect, it } from 'vitest';
import { applyReply, initialStep, messagesFor, prepareAgent, type PreparedAgent } from '../../../src/agent/loop.ts';
import { anthropicBody, openAiBody, type AnthropicMessage } from '../../../src/agent/providers/request.ts';
import type { Step } from '../../../src/agent/turn.ts';
import { STRATEGIES } from '../../../src/compression/strategies/index.ts';
import { agentDef, reply } from '../fixtures.ts';

const REPLIES = ['(def n (count data/products))\n(println "n:" n)', '(+ 1 (undefined-thing))'];

function agentWith(strategy: string): PreparedAgent {
  const p = prepareAgent(agentDef({ compression: strategy === 'full-history' ? false : strategy }));
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

function after(agent: PreparedAgent, turns: number): Step {
  let step = initialStep();
  for (let i = 0; i < turns; i++) step = applyReply(agent, step, reply(REPLIES[i]), messagesFor(agent, step).messages);
  return step;
}

function text(content: AnthropicMessage['content']): string {
  return typeof content === 'string' ? content : content.map((b) => b.text).join('');
}

function markers(body: unknown): number {
  return JSON.stringify(body).split('"cache_control":{"type":"ephemeral"}').length - 1;
}

describe.each(STRATEGIES.map((s) => s.name))('%s on the wire', (name) => {
  const settings = { provider: 'anthropic' as const, model: 'claude-x' };

  for (const turns of [0, 2]) {
    it(`after ${turns} turns: OpenAI gets the rendering as is; Anthropic's blocks join back to it with the breakpoints in place`, () => {
      const agent = agentWith(name);
      const { messages } = messagesFor(agent, after(agent, turns));
      expect(agent.strategy.name).toBe(name);

      const openai = openAiBody({ provider: 'openai', model: 'm', baseUrl: 'http://localhost:11434/v1' }, messages);
      expect(openai.messages).toEqual(messages.map((m) => ({ role: m.role, content: m.content })));

      const body = anthropicBody(settings, messages, agent.stablePrefix);
      expect(body.system).toEqual([{ type: 'text', text: agent.systemPrompt, cache_control: { type: 'ephemeral' } }]);
      const rest = messages.filter((m) => m.role !== 'system');
      expect(body.messages.map((m) => m.role)).toEqual(rest.map((m) => m.role));
      body.messages.forEach((m, i) => expect(text(m.content)).toBe(rest[i].content));
      // The first USER message is split right after the mission, tool/ and data/ sections.
      const first = body.messages[0].content;
      expect(Array.isArray(first)).toBe(true);
      if (!Array.isArray(first)) return;
      expect(first[0]).toEqual({ type: 'text', text: agent.stablePrefix, cache_control: { type: 'ephemeral' } });
      expect(first[1].text.startsWith('\n\n')).toBe(true);
      // A conversation (full history after turns) also marks its last message for the next turn.
      const conversation = body.messages.length > 1;
      expect(markers(body)).toBe(conversation ? 3 : 2);
      if (conversation) {
        const last = body.messages[body.messages.length - 1].content;
        expect(Array.isArray(last) && last[last.length - 1].cache_control).toEqual({ type: 'ephemeral' });
      }
      expect(markers(body)).toBeLessThanOrEqual(4);
    });
  }

  it('the marked start is the same on every turn, so the cache is read back', () => {
    const agent = agentWith(name);
    const starts = [0, 1, 2].map((n) => {
      const body = anthropicBody(settings, messagesFor(agent, after(agent, n)).messages, agent.stablePrefix);
      const first = body.messages[0].content;
      return Array.isArray(first) ? first[0].text : null;
    });
    expect(new Set(starts).size).toBe(1);
    expect(starts[0]).toBe(agent.stablePrefix);
  });
});
