import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { groupDigits, maskLine, observationMasking } from '../../src/compression/strategies/observation-masking.ts';
import { agentDef, play, prepared, reply } from '../agent/fixtures.ts';

const FIRST = [
  'Find well-reviewed products in stock',
  [
    ';; === tool/ ===',
    '(tool/search-reviews category) ; (category :string) -> :string -- Review summary for a category',
    '(tool/get-inventory)          ; () -> :string',
  ].join('\n'),
  [
    ';; === data/ ===',
    'data/products                 ; list[4], sample: [{:name "Laptop" :price 1200 :category "Electronics"} {:name "Mouse" :price 25 :category "Electronics"} {:name "Desk" :price 300 :category "Furniture"} ...] (4 items, showing first 3)',
  ].join('\n'),
].join('\n\n');
const P1 = '(def inv (tool/get-inventory)) (println "Inventory:" inv) (count inv)';
const P2 = '(zzz 1)';
const P3 = '(map :name data/products)';
const ZZZ = 'Error: Unable to resolve symbol: zzz in this context. Did you mean: zip? (line 1, column 2)';
const NAMES = 'Result: ["Laptop" "Mouse" "Desk" "Monitor"]';

function maskingAgent(recentTurns: number): ReturnType<typeof prepared> {
  return prepared(agentDef({ maxTurns: 6, compression: { strategy: 'observation-masking', recentTurns } }));
}

describe('observation-masking', () => {
  it('turn 1: the full history', () => {
    const agent = maskingAgent(0);
    const step = play(agent, []);
    expect(messagesFor(agent, step).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6` },
    ]);
    expect(messagesFor(agent, step)).toEqual(messagesFor(agent, step, fullHistory));
  });

  it('recentTurns 1: older output and results hidden with their size; replies, errors and turns left stay', () => {
    const agent = maskingAgent(1);
    const r = messagesFor(agent, play(agent, [P1, P2, P3]));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6` },
      { role: 'assistant', content: reply(P1) },
      { role: 'user', content: ';; Output and result of turn 1 hidden (2 lines, 93 characters).\n\nTurns left: 5' },
      { role: 'assistant', content: reply(P2) },
      { role: 'user', content: `${ZZZ}\n\nTurns left: 4` },
      { role: 'assistant', content: reply(P3) },
      { role: 'user', content: `${NAMES}\n\nTurns left: 3` },
    ]);
    // Only turn 1 was masked: turn 2's note would be no shorter, turn 3 is recent.
    expect(r.stats).toEqual({
      turnsSummarized: 1,
      toolCallsShown: 0,
      toolCallsDropped: 0,
      printsShown: 0,
      printsDropped: 1,
      failedTurnsCollapsed: 0,
      messages: 8,
      characters: r.messages.reduce((n, m) => n + m.content.length, 0),
    });
  });

  it('recentTurns 0: every feedback masked where it saves anything; a short result stays', () => {
    const agent = maskingAgent(0);
    const r = messagesFor(agent, play(agent, [P1, P2, P3, '(+ 1 2)']));
    expect(r.messages.slice(3).filter((m) => m.role === 'user')).toEqual([
      { role: 'user', content: ';; Output and result of turn 1 hidden (2 lines, 93 characters).\n\nTurns left: 5' },
      { role: 'user', content: `${ZZZ}\n\nTurns left: 4` },
      { role: 'user', content: `${NAMES}\n\nTurns left: 3` },
      { role: 'user', content: 'Result: 3\n\nTurns left: 2' },
    ]);
  });

  it('a long result alone; output of a failed turn (its error stays); multi-line prints counted by line', () => {
    const agent = maskingAgent(1);
    const programs = ['(range 40)', '(println "first line\\nsecond line of the output") (println "a third line here") (zzz 1)', '1'];
    const r = messagesFor(agent, play(agent, programs));
    expect(r.messages[3].content).toBe(';; Result of turn 1 hidden (1 line, 111 characters).\n\nTurns left: 5');
    expect(r.messages[5].content).toBe(
      ';; Output of turn 2 hidden (3 lines, 53 characters).\n\nError: Unable to resolve symbol: zzz in this context. Did you mean: zip? (line 1, column 82)\n\nTurns left: 4',
    );
    expect(r.stats).toMatchObject({ printsShown: 0, printsDropped: 2 });
  });

  it('a run no longer than recentTurns is the full history, and says it summarized no turn', () => {
    const agent = maskingAgent(3);
    const step = play(agent, [P1, P2, P3]);
    const full = messagesFor(agent, step, fullHistory);
    expect(messagesFor(agent, step)).toEqual({ ...full, stats: { ...full.stats, turnsSummarized: 0 } });
  });

  it('is shorter than the full history once a bulky turn is old', () => {
    const agent = maskingAgent(1);
    const step = play(agent, ['(range 200)', '1']);
    expect(messagesFor(agent, step).stats.characters).toBeLessThan(messagesFor(agent, step, fullHistory).stats.characters);
  });

  it('placeholder wording and figures', () => {
    expect(groupDigits(2310)).toBe('2,310');
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits(999)).toBe('999');
    expect(maskLine(3, 'both', 12, 2310)).toBe(';; Output and result of turn 3 hidden (12 lines, 2,310 characters).');
    expect(maskLine(1, 'result', 1, 1)).toBe(';; Result of turn 1 hidden (1 line, 1 character).');
  });

  it('declares its options and a one-line description', () => {
    expect(observationMasking.name).toBe('observation-masking');
    expect(observationMasking.options).toEqual(['recentTurns', 'sampleLimit', 'samplePrintableLimit']);
    expect(observationMasking.description).not.toContain('\n');
  });
});
