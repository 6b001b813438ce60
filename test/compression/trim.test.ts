import { beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { exceedsTokens, textTokens } from '../../src/compression/pressure.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { leftOutLine, trim } from '../../src/compression/strategies/trim.ts';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { agentDef, play, prepared, reply } from '../agent/fixtures.ts';
import { DATA, MISSION, TOOLS } from './expected-sections.ts';

const FIRST = [MISSION, TOOLS, DATA].join('\n\n');
const P1 = '(def inv (tool/get-inventory)) (println "Inventory:" inv) (count inv)';
const P2 = '(zzz 1)';
const P3 = '(map :name data/products)';
const INVENTORY = 'Inventory: Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units';
const ZZZ = 'Error: Unable to resolve symbol: zzz in this context. Did you mean: zip? (line 1, column 2)';

function trimAgent(options: Record<string, number> = {}, maxTurns = 6): ReturnType<typeof prepared> {
  return prepared(agentDef({ maxTurns, compression: { strategy: 'trim', triggerTurns: 2, triggerTokens: 0, recentTurns: 1, ...options } }));
}

beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('trim', () => {
  it('turn 1: the full history (nothing to leave out), even past the token threshold', () => {
    const agent = trimAgent({ triggerTokens: 1 });
    const step = play(agent, []);
    expect(messagesFor(agent, step).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6` },
    ]);
    expect(messagesFor(agent, step)).toEqual(messagesFor(agent, step, fullHistory));
  });

  it('exactly triggerTurns turns done: the full history, messages and figures', () => {
    const agent = trimAgent();
    const step = play(agent, [P1, P2]);
    const r = messagesFor(agent, step);
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6` },
      { role: 'assistant', content: reply(P1) },
      { role: 'user', content: `;; Output:\n${INVENTORY}\n\nResult: 80\n\nTurns left: 5` },
      { role: 'assistant', content: reply(P2) },
      { role: 'user', content: `${ZZZ}\n\nTurns left: 4` },
    ]);
    expect(r).toEqual(messagesFor(agent, step, fullHistory));
  });

  it('one turn more: the first USER message with the left-out line, then the last recentTurns turns as full history shows them', () => {
    const agent = trimAgent();
    const step = play(agent, [P1, P2, P3]);
    const r = messagesFor(agent, step);
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6\n\n;; Turns 1–2 are left out to save space (2 turns); the last turn follows.` },
      { role: 'assistant', content: reply(P3) },
      { role: 'user', content: 'Result: ["Laptop" "Mouse" "Desk" "Monitor"]\n\nTurns left: 3' },
    ]);
    expect(r.stats).toEqual({
      turnsSummarized: 1,
      toolCallsShown: 0,
      toolCallsDropped: 0,
      printsShown: 0,
      printsDropped: 1,
      failedTurnsCollapsed: 1,
      messages: 4,
      characters: r.messages.reduce((n, m) => n + m.content.length, 0),
    });
  });

  it('recentTurns 2: a failed turn kept shows its error feedback; roles alternate', () => {
    const agent = trimAgent({ recentTurns: 2 });
    const r = messagesFor(agent, play(agent, [P1, P2, P3]));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6\n\n;; Turn 1 is left out to save space; the last 2 turns follow.` },
      { role: 'assistant', content: reply(P2) },
      { role: 'user', content: `${ZZZ}\n\nTurns left: 4` },
      { role: 'assistant', content: reply(P3) },
      { role: 'user', content: 'Result: ["Laptop" "Mouse" "Desk" "Monitor"]\n\nTurns left: 3' },
    ]);
    expect(r.stats).toMatchObject({ turnsSummarized: 2, printsDropped: 1, failedTurnsCollapsed: 0 });
  });

  it('recentTurns 0: one USER message ending with the current turns left (the stale turn-1 figure gives way)', () => {
    const agent = trimAgent({ recentTurns: 0 });
    const r = messagesFor(agent, play(agent, [P1, P2, P3]));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\n;; Turns 1–3 are left out to save space (3 turns); no earlier turn is shown.\n\nTurns left: 3` },
    ]);
    expect(r.stats).toMatchObject({ turnsSummarized: 0, printsShown: 0, printsDropped: 1, failedTurnsCollapsed: 1, messages: 2 });
  });

  it('recentTurns 0 on the final turn: the final-turn line', () => {
    const agent = trimAgent({ recentTurns: 0, triggerTurns: 1 }, 3);
    const r = messagesFor(agent, play(agent, ['1', '2']));
    expect(r.messages[1].content).toBe(
      `${FIRST}\n\n;; Turns 1–2 are left out to save space (2 turns); no earlier turn is shown.\n\nFINAL TURN - you must call (return result) or (fail reason) now.`,
    );
  });

  it('a run no longer than recentTurns is never trimmed', () => {
    const agent = trimAgent({ recentTurns: 5, triggerTurns: 1 });
    const step = play(agent, [P1, P2, P3]);
    expect(messagesFor(agent, step)).toEqual(messagesFor(agent, step, fullHistory));
  });

  it('the token trigger: at the threshold the full history, one token under it trimmed', () => {
    const probe = trimAgent({ triggerTurns: 0 });
    const step = play(probe, [P1, P2, P3]);
    const full = messagesFor(probe, step, fullHistory).messages;
    const tokens = full.slice(1).reduce((n, m) => n + textTokens(m.content), 0);
    expect(tokens).toBeGreaterThan(100);
    const at = trimAgent({ triggerTurns: 0, triggerTokens: tokens });
    expect(messagesFor(at, step).messages).toEqual(full);
    const under = trimAgent({ triggerTurns: 0, triggerTokens: tokens - 1 });
    expect(messagesFor(under, step).messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messagesFor(under, step).messages[1].content).toMatch(/;; Turns 1–2 are left out to save space \(2 turns\); the last turn follows\.$/);
  });

  it('both triggers 0: never trims', () => {
    const agent = trimAgent({ triggerTurns: 0, triggerTokens: 0 });
    const step = play(agent, [P1, P2, P3, '4', '5']);
    expect(messagesFor(agent, step)).toEqual(messagesFor(agent, step, fullHistory));
  });

  it('the left-out line: singular and plural', () => {
    expect(leftOutLine(1, 1)).toBe(';; Turn 1 is left out to save space; the last turn follows.');
    expect(leftOutLine(6, 3)).toBe(';; Turns 1–6 are left out to save space (6 turns); the last 3 turns follow.');
    expect(leftOutLine(1, 0)).toBe(';; Turn 1 is left out to save space; no earlier turn is shown.');
  });

  it('token counting: special-token text does not throw, and small texts need no tokenizer run', () => {
    expect(textTokens('say <|endoftext|> now')).toBeGreaterThan(3);
    expect(exceedsTokens([{ role: 'user', content: 'abc' }], 3)).toBe(false);
    expect(exceedsTokens([{ role: 'user', content: 'a b c d e f g h' }], 3)).toBe(true);
  });

  it('declares its options and a one-line description', () => {
    expect(trim.name).toBe('trim');
    expect(trim.options).toEqual(['recentTurns', 'triggerTurns', 'triggerTokens', 'sampleLimit', 'samplePrintableLimit']);
    expect(trim.description).not.toContain('\n');
  });
});
