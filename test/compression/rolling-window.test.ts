import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { rollingWindow } from '../../src/compression/strategies/rolling-window.ts';
import { singleUserCoalesced } from '../../src/compression/strategies/single-user-coalesced.ts';
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
const INVENTORY = 'Inventory: Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units';
const ZZZ = 'Unable to resolve symbol: zzz in this context. Did you mean: zip? (line 1, column 2)';
const ATTEMPT = ['---', 'Your previous attempt:', '```clojure', P2, '```', '', `Error: ${ZZZ}`, '---'].join('\n');

function windowAgent(recentTurns: number, extra: Record<string, number | string> = {}): ReturnType<typeof prepared> {
  return prepared(agentDef({ maxTurns: 6, compression: { strategy: 'rolling-window', recentTurns, ...extra } }));
}

describe('rolling-window', () => {
  it('turn 1 and any run no longer than the window: the full history', () => {
    const agent = windowAgent(2);
    for (const programs of [[], [P1], [P1, P2]]) {
      const step = play(agent, programs);
      expect(messagesFor(agent, step)).toEqual(messagesFor(agent, step, fullHistory));
    }
    expect(messagesFor(agent, play(agent, [])).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${FIRST}\n\nTurns left: 6` },
    ]);
  });

  it('recentTurns 1: the older turns coalesced (no turns line), then the last turn as full history shows it', () => {
    const agent = windowAgent(1);
    const r = messagesFor(agent, play(agent, [P1, P2, P3]));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      {
        role: 'user',
        content: [
          FIRST,
          ';; === user/ (your prelude) ===\ninv                           ; = string',
          ';; Tool calls made:\n;   get-inventory()',
          `;; Output:\n${INVENTORY}`,
          ATTEMPT,
        ].join('\n\n'),
      },
      { role: 'assistant', content: reply(P3) },
      { role: 'user', content: 'Result: ["Laptop" "Mouse" "Desk" "Monitor"]\n\nTurns left: 3' },
    ]);
    expect(r.stats).toEqual({
      turnsSummarized: 2,
      toolCallsShown: 1,
      toolCallsDropped: 0,
      printsShown: 1,
      printsDropped: 0,
      failedTurnsCollapsed: 0,
      messages: 4,
      characters: r.messages.reduce((n, m) => n + m.content.length, 0),
    });
  });

  it('recentTurns 0: exactly what single-user-coalesced sends, turns left included', () => {
    const agent = windowAgent(0);
    const step = play(agent, [P1, P2, P3]);
    const r = messagesFor(agent, step);
    expect(r).toEqual(messagesFor(agent, step, singleUserCoalesced));
    expect(r.messages[1].content).toMatch(/\n\n;; Output:\nInventory: [^\n]*\n\nTurns left: 3$/);
  });

  it('the summary shows the definitions as of the last summarized turn; later ones show in the recent code', () => {
    const agent = windowAgent(1);
    const r = messagesFor(agent, play(agent, ['(def a 1)', '(def b 2)']));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      {
        role: 'user',
        content: [FIRST, ';; === user/ (your prelude) ===\na                             ; = integer, sample: 1', ';; No tool calls made'].join('\n\n'),
      },
      { role: 'assistant', content: reply('(def b 2)') },
      { role: 'user', content: "Result: #'b\n\nTurns left: 4" },
    ]);
  });

  it('recentTurns 2: a failing recent turn keeps its error feedback; roles alternate; limits apply to the summary', () => {
    const agent = windowAgent(2, { printlnLimit: 1, toolCallLimit: 1 });
    const programs = ['(tool/search-reviews "A") (println "one")', '(tool/search-reviews "B") (println "two")', P1, P2];
    const r = messagesFor(agent, play(agent, programs));
    expect(r.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(r.messages[1].content).toBe([FIRST, ';; Tool calls made:\n;   search-reviews("B")', ';; Output:\ntwo'].join('\n\n'));
    expect(r.messages[2].content).toBe(reply(P1));
    expect(r.messages[5].content).toBe(`Error: ${ZZZ}\n\nTurns left: 2`);
    expect(r.stats).toMatchObject({ turnsSummarized: 4, toolCallsShown: 1, toolCallsDropped: 1, printsShown: 2, printsDropped: 1 });
  });

  it('declares its options and a one-line description', () => {
    expect(rollingWindow.name).toBe('rolling-window');
    expect(rollingWindow.options).toEqual(['recentTurns', 'printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit', 'failedTurns']);
    expect(rollingWindow.description).not.toContain('\n');
  });
});
