import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { aggressive } from '../../src/compression/strategies/aggressive.ts';
import { agentDef, play, prepared } from '../agent/fixtures.ts';

const MISSION = 'Find well-reviewed products in stock';
/** The unchanging start: the mission, then tools and data in one line each (a cache breakpoint goes after it). */
const STABLE = `${MISSION}\n\n;; Tools: (tool/search-reviews category), (tool/get-inventory)\n;; Data: data/products list[4]`;
const EXPLORE = '(def reviews (tool/search-reviews "Electronics"))\n(defn cheap "Cheap products" [limit] (filter #(< (:price %) limit) data/products))';
const MORE =
  '(tool/get-inventory) (tool/search-reviews "A") (tool/search-reviews "A") (println "stock checked") (println "last") (def reviews (count reviews)) (cheap 100)';
const BROKEN = '(tool/search-reviews "Garden") (def broken (undefined-thing 1))';

describe('aggressive', () => {
  const agent = prepared(agentDef({ compression: 'aggressive', maxTurns: 8 }));
  const user = (content: string[]) => [
    { role: 'system', content: agent.systemPrompt },
    { role: 'user', content: `${STABLE}\n\n${content.join('\n')}` },
  ];

  it('turn 1: mission, tool call forms, data names with types, turns left', () => {
    expect(messagesFor(agent, play(agent, [])).messages).toEqual(user(['Turns left: 8']));
  });

  it('definitions by name and type (a redefinition in place), calls counted per tool, the last output, the failure while failing', () => {
    const r = messagesFor(agent, play(agent, [EXPLORE, MORE, BROKEN]));
    expect(r.messages).toEqual(
      user([
        ';; Defined: (cheap [limit]), reviews integer',
        ';; Calls: tool/search-reviews ×4, tool/get-inventory ×1',
        ';; Last output: last',
        ';; Last turn failed: Unable to resolve symbol: undefined-thing in this context. (line 1, column 45)',
        'Turns left: 5',
      ]),
    );
    expect(r.stats).toEqual({
      turnsSummarized: 2,
      toolCallsShown: 0,
      toolCallsDropped: 5,
      printsShown: 1,
      printsDropped: 1,
      failedTurnsCollapsed: 1,
      messages: 2,
      characters: r.messages[0].content.length + r.messages[1].content.length,
    });
  });

  it('after a recovery the failure is gone; the output of a failed turn is not shown', () => {
    const r = messagesFor(agent, play(agent, [EXPLORE, '(println "from a failing turn") (broken)', '(def ok true)']));
    expect(r.messages).toEqual(user([';; Defined: (cheap [limit]), reviews string, ok boolean', ';; Calls: tool/search-reviews ×1', 'Turns left: 5']));
  });

  it('the last output entry is cut at 200 characters; the final-turn line ends the message', () => {
    const r = messagesFor(agent, play(agent, ['(println (apply str (repeat 300 "a")))', '1', '2', '3', '4', '5', '6']));
    expect(r.messages[1].content).toBe(
      `${STABLE}\n\n${[`;; Last output: ${'a'.repeat(200)}...`, 'FINAL TURN - you must call (return result) or (fail reason) now.'].join('\n')}`,
    );
  });

  it("its own unchanging start is where a provider's cache breakpoint goes", () => {
    expect(agent.stablePrefix).toBe(STABLE);
    expect(messagesFor(agent, play(agent, [EXPLORE])).messages[1].content.startsWith(`${STABLE}\n\n`)).toBe(true);
  });

  it('reads no options: limits change nothing', () => {
    const other = prepared(agentDef({ compression: { strategy: 'aggressive', printlnLimit: 0, toolCallLimit: 0, sampleLimit: 0 }, maxTurns: 8 }));
    const programs = [EXPLORE, MORE, BROKEN];
    expect(messagesFor(other, play(other, programs)).messages).toEqual(messagesFor(agent, play(agent, programs)).messages);
    expect(aggressive.options).toEqual([]);
  });

  it('has a name and a one-line description', () => {
    expect(aggressive.name).toBe('aggressive');
    expect(aggressive.description).not.toContain('\n');
  });
});
