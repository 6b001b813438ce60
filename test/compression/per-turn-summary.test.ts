import { describe, expect, it } from 'vitest';
import { messagesFor, renderOptions } from '../../src/agent/loop.ts';
import { perTurnSummary } from '../../src/compression/strategies/per-turn-summary.ts';
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

/** Definitions, a redefinition, repeated calls, prints, a failure that made a call, and a recovery. */
const RUN = [
  '(def reviews (tool/search-reviews "Electronics"))\n(defn cheap "Cheap products" [limit] (filter #(< (:price %) limit) data/products))',
  '(tool/get-inventory) (tool/get-inventory) (println "stock checked") (def reviews (count reviews)) (cheap 100)',
  '(tool/search-reviews "Garden") (def broken (undefined-thing 1))',
  '(def fixed 1) (println "line one") (println "two\\nlines")',
];
const INVENTORY = '"Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units"';

describe('per-turn-summary', () => {
  const agent = prepared(agentDef({ compression: 'per-turn-summary', maxTurns: 8 }));

  it('turn 1: SYSTEM and the first USER message (mission, tool/, data/, turns left)', () => {
    const r = messagesFor(agent, play(agent, []));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: `${START}\n\nTurns left: 8` },
    ]);
  });

  it('one block per earlier turn, in order: definitions, calls with sampled results, output, result; a failed turn shows its error only', () => {
    const r = messagesFor(agent, play(agent, RUN));
    const turn1 = [
      ';; Turn 1',
      ';; Defined:',
      '(cheap [limit])               ; "Cheap products"',
      'reviews                       ; = string',
      ';; Tool calls:',
      ';   search-reviews("Electronics") -> "Customer Review Summary for Electronics: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/..."',
      "Result: #'cheap",
    ].join('\n');
    // `reviews` was redefined; `cheap` was only called (it gains a return type, but it is no new definition).
    const turn2 = [
      ';; Turn 2',
      ';; Defined:',
      'reviews                       ; = integer',
      ';; Tool calls:',
      `;   get-inventory() -> ${INVENTORY}`,
      `;   get-inventory() -> ${INVENTORY}`,
      ';; Output:',
      'stock checked',
      'Result: [{:name "Mouse" :price 25 :category "Electronics"}]',
    ].join('\n');
    const turn3 = ';; Turn 3\nError: Unable to resolve symbol: undefined-thing in this context. (line 1, column 45)';
    const turn4 = [';; Turn 4', ';; Defined:', 'fixed                         ; = integer', ';; Output:', 'line one', 'two\nlines', 'Result: nil'].join('\n');
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: [START, turn1, turn2, turn3, turn4, 'Turns left: 4'].join('\n\n') },
    ]);
    expect(r.stats).toEqual({
      turnsSummarized: 4,
      toolCallsShown: 3,
      toolCallsDropped: 1,
      printsShown: 3,
      printsDropped: 0,
      failedTurnsCollapsed: 1,
      messages: 2,
      characters: r.messages[0].content.length + r.messages[1].content.length,
    });
  });

  it('printlnLimit and toolCallLimit apply per turn, and the header says how many are shown', () => {
    const limited = prepared(agentDef({ compression: { strategy: 'per-turn-summary', printlnLimit: 1, toolCallLimit: 2 }, maxTurns: 8 }));
    const r = messagesFor(
      limited,
      play(limited, ['(doseq [i (range 3)] (tool/search-reviews (str "c" i)) (println "line" i))', '(tool/get-inventory) (println "x")']),
    );
    const turn1 = [
      ';; Turn 1',
      ';; Tool calls (last 2 of 3):',
      ';   search-reviews("c1") -> "Customer Review Summary for c1: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/5"',
      ';   search-reviews("c2") -> "Customer Review Summary for c2: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/5"',
      ';; Output (last 1 of 3):',
      'line 2',
      'Result: nil',
    ].join('\n');
    const turn2 = [';; Turn 2', ';; Tool calls:', `;   get-inventory() -> ${INVENTORY}`, ';; Output:', 'x', 'Result: nil'].join('\n');
    expect(r.messages[1].content).toBe([START, turn1, turn2, 'Turns left: 6'].join('\n\n'));
    expect(r.stats).toMatchObject({ toolCallsShown: 3, toolCallsDropped: 1, printsShown: 2, printsDropped: 2 });
  });

  it('sampleLimit and samplePrintableLimit shape the call results and the turn result; 0 limits hide calls and output', () => {
    const small = prepared(
      agentDef({ compression: { strategy: 'per-turn-summary', sampleLimit: 1, samplePrintableLimit: 5, printlnLimit: 0, toolCallLimit: 0 } }),
    );
    const user = messagesFor(small, play(small, ['(tool/get-inventory) (println "hidden") ["abcdefgh" "b"]'])).messages[1].content;
    expect(user).toContain('\n\n;; Turn 1\nResult: ["abcde..." ...] (2 items, showing first 1)\n\nTurns left: 4');
    const sampled = prepared(agentDef({ compression: { strategy: 'per-turn-summary', samplePrintableLimit: 9 } }));
    expect(messagesFor(sampled, play(sampled, ['(tool/get-inventory)'])).messages[1].content).toContain(
      ';   get-inventory() -> "Warehouse..."\nResult: "Warehouse..."',
    );
  });

  it('a function redefined shows again; the final turn line ends the message', () => {
    const r = messagesFor(agent, play(agent, ['(defn f [x] x)', '(f 1)', '(defn f [x y] (+ x y))', '1', '2', '3', '4']));
    const user = r.messages[1].content;
    expect(user).toContain(";; Turn 1\n;; Defined:\n(f [x])\nResult: #'f");
    expect(user).toContain(';; Turn 2\nResult: 1');
    expect(user).toContain(";; Turn 3\n;; Defined:\n(f [x y])\nResult: #'f");
    expect(user.endsWith('\n\nFINAL TURN - you must call (return result) or (fail reason) now.')).toBe(true);
  });

  it('a session read back (fresh memory entries in every turn) shows the same definitions: the program decides, not object identity', () => {
    const step = play(agent, RUN);
    const fresh = step.turns.map((t) => ({ ...t, memory: new Map([...t.memory].map(([k, e]) => [k, { ...e }])) }));
    const options = renderOptions(agent);
    expect(perTurnSummary.render(fresh, step.memory, options).messages).toEqual(messagesFor(agent, step).messages);
  });

  it('has a name, a one-line description and the options it reads', () => {
    expect(perTurnSummary.name).toBe('per-turn-summary');
    expect(perTurnSummary.description).not.toContain('\n');
    expect(perTurnSummary.options).toEqual(['printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit']);
  });
});
