// `ptc compare`: its figures are exactly the tokens of what `ptc run --compression NAME` sends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { beforeAll, describe, expect, it } from 'vitest';
import { messagesForTurn, prepareAgent } from '../../src/agent/loop.ts';
import type { SessionJson, SummaryJson } from '../../src/cli/compare.ts';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { strategyNames } from '../../src/compression/strategies/index.ts';
import { parseSession, sessionToAgent } from '../../src/session/session-file.ts';
import { ptcIn, root } from './harness.ts';

const refunds = join(root, 'bench', 'sessions', 'order-refunds.json');
const tickets = join(root, 'bench', 'sessions', 'support-tickets.json');
const example = join(root, 'examples', 'failed-turn-recovery.json');

interface Output {
  sessions: SessionJson[];
  summary: Record<string, SummaryJson>;
}

async function compareJson(args: string[]): Promise<Output> {
  const r = await ptcIn(['compare', ...args, '--json']);
  expect(r.err).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.out) as Output;
}

/** The request `ptc run --compression NAME` sends for turn k, counted independently of the command. */
function sentTokens(file: string, name: string, k: number, count: (text: string) => number): number {
  const parsed = parseSession(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const p = prepareAgent({ ...sessionToAgent(parsed.session), compression: name });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return messagesForTurn(p.agent, parsed.session.turns, k).messages.reduce((n, m) => n + count(m.content), 0);
}

beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('ptc compare', () => {
  it('--json: per turn, the o200k tokens of every message content of the request each strategy sends', async () => {
    const { sessions } = await compareJson([refunds]);
    expect(sessions).toHaveLength(1);
    const s = sessions[0];
    expect(s.file).toBe(refunds);
    const parsed = parseSession(readFileSync(refunds, 'utf8'));
    if (!parsed.ok) throw new Error('unreadable');
    expect(s.turns).toBe(parsed.session.turns.length);
    // Every strategy by default, full history first.
    expect(Object.keys(s.strategies)).toEqual(['full-history', ...strategyNames().filter((n) => n !== 'full-history')]);
    for (const [name, f] of Object.entries(s.strategies)) {
      expect(f.perTurn).toHaveLength(s.turns);
      for (let k = 1; k <= s.turns; k++) expect(f.perTurn[k - 1], `${name}, turn ${k}`).toBe(sentTokens(refunds, name, k, o200k));
      expect(f.total).toBe(f.perTurn.reduce((a, b) => a + b, 0));
      expect(f.cacheableTotal).toBeLessThanOrEqual(f.total - f.perTurn[0]);
      expect(Object.keys(f.hidden)).toEqual(['toolResults', 'toolCalls', 'prints', 'failedAttempts']);
    }
    // SYSTEM is the same in every request: counted once, as its own figure.
    const first = parseSession(readFileSync(refunds, 'utf8'));
    if (!first.ok) throw new Error('unreadable');
    const p = prepareAgent(sessionToAgent(first.session));
    if (!p.ok) throw new Error('unprepared');
    expect(s.systemTokens).toBe(o200k(p.agent.systemPrompt));
    // Full history hides nothing from itself; single-user-coalesced hides the error it recovered from.
    expect(s.strategies['full-history'].hidden).toEqual({ toolResults: 0, toolCalls: 0, prints: 0, failedAttempts: 0 });
    expect(s.strategies['single-user-coalesced'].hidden.failedAttempts).toBeGreaterThan(0);
  });

  it('the summary sums the sessions, with and without SYSTEM, and its savings are against full history', async () => {
    const { sessions, summary } = await compareJson([refunds, tickets, '--strategies', 'single-user-coalesced,trim']);
    expect(Object.keys(summary)).toEqual(['full-history', 'single-user-coalesced', 'trim']);
    for (const name of Object.keys(summary)) {
      const total = sessions.reduce((n, s) => n + s.strategies[name].total, 0);
      const without = sessions.reduce((n, s) => n + s.strategies[name].total - s.turns * s.systemTokens, 0);
      expect(summary[name].total).toBe(total);
      expect(summary[name].totalWithoutSystem).toBe(without);
      expect(summary[name].savingVsFull).toBeCloseTo(1 - total / summary['full-history'].total, 12);
      expect(summary[name].savingVsFullWithoutSystem).toBeCloseTo(1 - without / summary['full-history'].totalWithoutSystem, 12);
    }
    expect(summary['full-history'].savingVsFull).toBe(0);
  });

  it('--tokenizer cl100k_base counts as GPT-4 does; trim still decides with o200k', async () => {
    const { sessions } = await compareJson([refunds, '--strategies', 'trim', '--tokenizer', 'cl100k_base']);
    const f = sessions[0].strategies.trim;
    expect(f.perTurn[2]).toBe(sentTokens(refunds, 'trim', 3, cl100k));
  });

  it('a session without recorded turns is first run with its mock replies', async () => {
    const { sessions } = await compareJson([example, '--strategies', 'single-user-coalesced']);
    const replies = (JSON.parse(readFileSync(example, 'utf8')) as { llm: { replies: string[] } }).llm.replies;
    expect(sessions[0].turns).toBe(replies.length);
    expect(sessions[0].strategies['single-user-coalesced'].perTurn).toHaveLength(replies.length);
  });

  it('the table: one row per strategy, the savings, the hidden items, and a summary for several sessions', async () => {
    const r = await ptcIn(['compare', refunds, tickets, '--strategies', 'single-user-coalesced']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/order-refunds\.json: \d+ turns, SYSTEM [\d,]+ tokens in every request/);
    expect(r.out).toMatch(/^strategy +t1 +t2 .* total +saving +w\/o SYSTEM +cacheable$/m);
    expect(r.out).toMatch(/^single-user-coalesced( +[\d,]+)+ +\d+\.\d % +\d+\.\d % +\d+\.\d %$/m);
    expect(r.out).toMatch(/^hidden vs full history +tool results +tool calls +prints +failed attempts$/m);
    expect(r.out).toMatch(/^summary of 2 sessions$/m);
    const summary = await ptcIn(['compare', refunds, tickets, '--strategies', 'single-user-coalesced', '--summary']);
    expect(summary.out.split('\n')[0]).toBe('summary of 2 sessions');
    expect(summary.out).toMatch(/^strategy +total +saving +w\/o SYSTEM +saving w\/o SYSTEM$/m);
    expect(summary.out).not.toContain('hidden vs full history');
  });

  it('bad input: an unknown strategy or tokenizer is a usage error naming the known ones', async () => {
    const a = await ptcIn(['compare', refunds, '--strategies', 'single-user,trim']);
    expect(a.code).toBe(2);
    expect(a.err).toContain('--strategies: unknown strategy "single-user" (known: single-user-coalesced, full-history');
    const b = await ptcIn(['compare', refunds, '--tokenizer', 'p50k']);
    expect(b.code).toBe(2);
    expect(b.err).toContain('--tokenizer must be o200k_base or cl100k_base, got "p50k"');
    const c = await ptcIn(['compare']);
    expect(c.code).toBe(2);
    expect(c.err).toContain('give one or more session files');
  });
});
