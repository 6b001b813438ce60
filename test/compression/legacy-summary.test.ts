import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { legacySummary } from '../../src/compression/strategies/legacy-summary.ts';
import { agentDef, play, prepared } from '../agent/fixtures.ts';

const START = [
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

const attempt = (program: string, error: string): string =>
  ['---', 'Your previous attempt:', '```clojure', program, '```', '', `Error: ${error}`, '---'].join('\n');

const EXPLORE = '(def reviews (tool/search-reviews "Electronics"))\n(defn cheap "Cheap products" [limit] (filter #(< (:price %) limit) data/products))';
const REPEAT =
  '(tool/get-inventory) (tool/get-inventory) (tool/get-inventory) (tool/search-reviews "Electronics") (def reviews (count reviews)) (def top "Best; one" (first data/products)) (def none [])';
const BROKEN = '(tool/search-reviews "Garden") (def broken (undefined-thing 1))';
const BROKEN_ERROR = 'Unable to resolve symbol: undefined-thing in this context. (line 1, column 45)';

describe('legacy-summary (the oldest summary format)', () => {
  const agent = prepared(agentDef({ compression: 'legacy-summary', maxTurns: 8 }));

  it('turn 1: mission, tool/, data/, turns left; no tool-call line before a turn completed', () => {
    expect(messagesFor(agent, play(agent, [])).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${START}\n\nTurns left: 8` },
    ]);
  });

  it('samples while nothing was printed; a redefinition replaces the line in place', () => {
    const r = messagesFor(agent, play(agent, [EXPLORE, '(def reviews (subs reviews 0 8)) (def n 3)']));
    const lines = [
      '; Tool calls:',
      ';   search-reviews("Electronics")',
      '; Function: cheap - "Cheap products"',
      '; Defined: reviews = string, sample: "Customer"',
      '; Defined: n = integer, sample: 3',
    ].join('\n');
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: [START, lines, 'Turns left: 6'].join('\n\n') },
    ]);
  });

  it('identical calls in a row fold as xN; docstrings without `;`; empty values without sample; output; every failed attempt stays', () => {
    const r = messagesFor(agent, play(agent, [EXPLORE, REPEAT, BROKEN, '(def fixed 1) (println "line one")', '(first-bad)']));
    const lines = [
      '; Tool calls:',
      ';   search-reviews("Electronics")',
      ';   get-inventory() x3',
      ';   search-reviews("Electronics")',
      ';   search-reviews("Garden")',
      '; Function: cheap - "Cheap products"',
      '; Defined: reviews = integer',
      '; Defined: top - "Best one" = map[3]',
      '; Defined: none = list[0]',
      '; Defined: fixed = integer',
      '; Output:',
      'line one',
    ].join('\n');
    const failed = [
      attempt(BROKEN, BROKEN_ERROR),
      attempt('(first-bad)', 'Unable to resolve symbol: first-bad in this context. Did you mean: first? (line 1, column 2)'),
    ].join('\n\n');
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: [START, lines, failed, 'Turns left: 3'].join('\n\n') },
    ]);
    expect(r.stats).toEqual({
      turnsSummarized: 3,
      toolCallsShown: 6,
      toolCallsDropped: 0,
      printsShown: 1,
      printsDropped: 0,
      failedTurnsCollapsed: 0,
      messages: 2,
      characters: r.messages[0].content.length + r.messages[1].content.length,
    });
  });

  it('no tool calls after a completed turn; a nil value has no sample', () => {
    const user = messagesFor(agent, play(agent, ['(def x nil) (defn f [a] a)'])).messages[1].content;
    expect(user).toBe([START, '; No tool calls made\n; Function: f\n; Defined: x = nil', 'Turns left: 7'].join('\n\n'));
  });

  it('toolCallLimit is applied before folding; printlnLimit keeps the latest entries; samples follow the sample limits', () => {
    const limited = prepared(
      agentDef({ compression: { strategy: 'legacy-summary', toolCallLimit: 3, printlnLimit: 2, sampleLimit: 1, samplePrintableLimit: 5 } }),
    );
    const r = messagesFor(
      limited,
      play(limited, ['(tool/search-reviews "a") (tool/search-reviews "b") (tool/get-inventory) (tool/get-inventory) (def xs ["abcdefgh" "b"])']),
    );
    expect(r.messages[1].content).toContain(
      '\n\n; Tool calls:\n;   search-reviews("b")\n;   get-inventory() x2\n; Defined: xs = list[2], sample: ["abcde..." ...] (2 items, showing first 1)\n\n',
    );
    expect(r.stats).toMatchObject({ toolCallsShown: 3, toolCallsDropped: 1 });
    const printed = messagesFor(limited, play(limited, ['(println "one") (println "two") (println "three")'])).messages[1].content;
    expect(printed).toContain('; No tool calls made\n; Output:\ntwo\nthree\n\n');
  });

  it('calls that differ only past what a sample shows are not folded together', () => {
    const long = 'x'.repeat(70);
    const user = messagesFor(agent, play(agent, [`(tool/search-reviews "${long}a") (tool/search-reviews "${long}b")`])).messages[1].content;
    expect(user.match(/; {3}search-reviews\("x{60}\.\.\."\)\n/g)).toHaveLength(2);
    expect(user).not.toContain(' x2');
  });

  it('has a name, a one-line description and the options it reads', () => {
    expect(legacySummary.name).toBe('legacy-summary');
    expect(legacySummary.description).not.toContain('\n');
    expect(legacySummary.options).toEqual(['printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit']);
  });
});
