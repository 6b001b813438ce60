import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { singleUserCoalesced } from '../../src/compression/strategies/single-user-coalesced.ts';
import { agentDef, nextUser, play, prepared } from '../agent/fixtures.ts';
import { DATA, MISSION, TOOLS } from './expected-sections.ts';

const EXPLORE = '(def reviews (tool/search-reviews "Electronics"))\n(def inventory (tool/get-inventory))';
const EXPLAIN =
  '(def reviews (tool/search-reviews "Electronics"))\n(def inventory (tool/get-inventory))\n(println "Reviews:" reviews)\n(println "Inventory:" inventory)';

describe('single-user-coalesced: the USER message (C3–C12)', () => {
  const agent = prepared();

  it('turn 1: mission, tool/, data/, turns left; no user/ and no tool-call lines yet (NS-010, C9)', () => {
    expect(nextUser(agent, play(agent, []))).toBe([MISSION, TOOLS, DATA, 'Turns left: 5'].join('\n\n'));
  });

  it('SAM-001 / SAM-003 exploration without println: values with Clojure-notation samples, tool calls listed (seed 001 "exploration mode")', () => {
    expect(nextUser(agent, play(agent, [EXPLORE]))).toBe(
      [
        MISSION,
        TOOLS,
        DATA,
        [
          ';; === user/ (your prelude) ===',
          'reviews                       ; = string, sample: "Customer Review Summary for Electronics: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/..."',
          'inventory                     ; = string, sample: "Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units"',
        ].join('\n'),
        ';; Tool calls made:\n;   search-reviews("Electronics")\n;   get-inventory()',
        'Turns left: 4',
      ].join('\n\n'),
    );
  });

  it('with println: no samples, the output section instead (SAM-002, seed 001 "explicit mode")', () => {
    expect(nextUser(agent, play(agent, [EXPLAIN]))).toBe(
      [
        MISSION,
        TOOLS,
        DATA,
        ';; === user/ (your prelude) ===\nreviews                       ; = string\ninventory                     ; = string',
        ';; Tool calls made:\n;   search-reviews("Electronics")\n;   get-inventory()',
        [
          ';; Output:',
          'Reviews: Customer Review Summary for Electronics: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/5',
          'Inventory: Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units',
        ].join('\n'),
        'Turns left: 4',
      ].join('\n\n'),
    );
  });

  it('samples stay off once any turn printed (C8: global)', () => {
    const step = play(agent, ['(println "hi")', '(def xs [1 2 3])']);
    expect(nextUser(agent, step)).toContain('xs                            ; = list[3]\n');
    expect(nextUser(agent, step)).toContain(';; Output:\nhi');
  });

  it('FMT-016 / MSG-003 / MSG-004 section order, mission first, one blank line between sections', () => {
    const step = play(agent, ['(defn f [x] x) (def v (tool/get-inventory)) (println "seen")', '(undefined-thing)']);
    const user = nextUser(agent, step);
    const order = [
      MISSION,
      ';; === tool/ ===',
      ';; === data/ ===',
      ';; === user/',
      ';; Tool calls made:',
      ';; Output:',
      '---\nYour previous attempt:',
      'Turns left: 3',
    ];
    const positions = order.map((s) => user.indexOf(s));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(user.startsWith(MISSION + '\n\n')).toBe(true);
    expect(user).not.toMatch(/\n\n\n/);
  });

  it('MSG-002 / MSG-001 / MSG-006 two messages: the unchanged SYSTEM prompt and one USER message', () => {
    const m1 = messagesFor(agent, play(agent, [])).messages;
    const m3 = messagesFor(agent, play(agent, [EXPLORE, '(def x 1)'])).messages;
    expect(m3.map((m) => m.role)).toEqual(['system', 'user']);
    expect(m3[0]).toEqual(m1[0]);
    expect(m3[0].content).toBe(agent.systemPrompt);
  });

  it('MSG-007 the mission is never removed, however long the history', () => {
    const programs = Array.from({ length: 4 }, (_, i) => `(dotimes [k 30] (tool/get-inventory)) (println "round ${i}") (def v${i} ${i})`);
    const user = nextUser(agent, play(agent, programs));
    expect(user.startsWith(MISSION + '\n\n')).toBe(true);
  });

  it('FMT-017 / TC-001 tool calls and output accumulate across turns into single lists', () => {
    const step = play(agent, ['(tool/search-reviews "A") (println "one")', '(tool/search-reviews "B") (println "two")']);
    const user = nextUser(agent, step);
    expect(user).toContain(';; Tool calls made:\n;   search-reviews("A")\n;   search-reviews("B")');
    expect(user).toContain(';; Output:\none\ntwo');
    expect(user.match(/;; Tool calls made:/g)).toHaveLength(1);
  });

  it('TC-005 a tool result stored with def appears in user/ (not in the call list)', () => {
    const user = nextUser(agent, play(agent, ['(def inv (tool/get-inventory))']));
    expect(user).toContain('inv                           ; = string, sample: "Warehouse Inventory Report');
    expect(user).toContain(';   get-inventory()\n');
  });

  it('FMT-013 no tool calls after a completed turn', () => {
    expect(nextUser(agent, play(agent, ['(def x 1)']))).toContain('\n\n;; No tool calls made\n\n');
  });

  it('C9: calls made by a failed turn are listed (their side effects happened)', () => {
    const user = nextUser(agent, play(agent, ['(tool/search-reviews "Garden") (undefined-thing)']));
    expect(user).toContain(';; Tool calls made:\n;   search-reviews("Garden")');
  });

  it('DEF-001 redefinition within a turn: only the final value', () => {
    const user = nextUser(agent, play(agent, ['(def x 1) (def x 2)']));
    expect(user).toContain('x                             ; = integer, sample: 2');
    expect(user).not.toContain('sample: 1');
  });

  it('DEF-002 / DEF-008 / DEF-009 definitions accumulate; a redefinition across turns wins and keeps its place', () => {
    const user = nextUser(agent, play(agent, ['(def a 1) (def b 2)', '(def c 3) (def a "new")']));
    expect(user).toContain(
      [
        ';; === user/ (your prelude) ===',
        'a                             ; = string, sample: "new"',
        'b                             ; = integer, sample: 2',
        'c                             ; = integer, sample: 3',
      ].join('\n'),
    );
  });

  it('DEF-006 docstrings are captured when the program runs', () => {
    const user = nextUser(agent, play(agent, ['(defn score "Scores a product" [p] (:price p)) (def top "Best one" (first data/products))']));
    expect(user).toContain('(score [p])                   ; "Scores a product"');
    expect(user).toContain('top                           ; "Best one" = map[3], sample: {:name "Laptop" :price 1200 :category "Electronics"}');
  });

  it('FMT-006 return types are captured when a function is called in a turn, and updated by later calls', () => {
    const step1 = play(agent, ['(defn cheap "Cheap products" [limit] (filter #(< (:price %) limit) data/products))']);
    expect(nextUser(agent, step1)).toContain('(cheap [limit])               ; "Cheap products"\n');
    const step2 = play(agent, ['(cheap 100)'], step1);
    expect(nextUser(agent, step2)).toContain('(cheap [limit])               ; "Cheap products" -> list[1]\n');
    const step3 = play(agent, ['(defn cheap [limit] (count data/products))'], step2);
    expect(nextUser(agent, step3)).toContain('(cheap [limit])\n');
    const step4 = play(agent, ['(cheap 1)'], step3);
    expect(nextUser(agent, step4)).toContain('(cheap [limit]) -> integer\n');
  });

  it('NS-011 / NS-012 tool/ and data/ are identical across turns; only what follows them grows', () => {
    const prefix = [MISSION, TOOLS, DATA].join('\n\n') + '\n\n';
    let step = play(agent, []);
    for (const p of ['(def a 1)', '(println a)', '(def b [a])']) {
      step = play(agent, [p], step);
      expect(nextUser(agent, step).startsWith(prefix)).toBe(true);
    }
  });

  it('ARC-006 the turns indicator counts completed turns and ends with the final-turn line', () => {
    expect(nextUser(agent, play(agent, ['1', '2', '3']))).toMatch(/\n\nTurns left: 2$/);
    expect(nextUser(agent, play(agent, ['1', '2', '3', '4']))).toMatch(/\n\nFINAL TURN - you must call \(return result\) or \(fail reason\) now\.$/);
  });
});

describe('failed turns (C11, CMP-002/003, ERR-001…003)', () => {
  const agent = prepared();
  const attempt = (program: string, error: string): string =>
    ['---', 'Your previous attempt:', '```clojure', program, '```', '', `Error: ${error}`, '---'].join('\n');

  it('ERR-001 / ERR-003 / CMP-002 / CMP-003 the failed program is shown in full with its error (the attempt block of C11)', () => {
    const user = nextUser(agent, play(agent, ['(def x 1)', '(def y (broken-code x))']));
    expect(user).toContain(attempt('(def y (broken-code x))', 'Unable to resolve symbol: broken-code in this context. (line 1, column 9)'));
    expect(
      user.endsWith(attempt('(def y (broken-code x))', 'Unable to resolve symbol: broken-code in this context. (line 1, column 9)') + '\n\nTurns left: 3'),
    ).toBe(true);
  });

  it('definitions of a failed turn are not kept (transactional memory)', () => {
    const user = nextUser(agent, play(agent, ['(def x 1)', '(def y 2) (broken-code)']));
    expect(user).toContain('x                             ;');
    expect(user).not.toMatch(/^y\s+;/m);
  });

  it('failedTurns "latest": only the newest of several consecutive failures', () => {
    const user = nextUser(agent, play(agent, ['(first-bad)', '(second-bad)']));
    expect(user).toContain('(second-bad)');
    expect(user).not.toContain('(first-bad)');
    expect(messagesFor(agent, play(agent, ['(first-bad)', '(second-bad)'])).stats.failedTurnsCollapsed).toBe(1);
  });

  it('ERR-002 failedTurns "all": every failure since the last success, oldest first', () => {
    const all = prepared(agentDef({ compression: { strategy: 'single-user-coalesced', failedTurns: 'all' } }));
    const user = nextUser(all, play(all, ['(zero-bad)', '(def ok 1)', '(first-bad)', '(second-bad)']));
    expect(user).not.toContain('(zero-bad)');
    const first = user.indexOf(attempt('(first-bad)', 'Unable to resolve symbol: first-bad in this context. Did you mean: first? (line 1, column 2)'));
    const second = user.indexOf(attempt('(second-bad)', 'Unable to resolve symbol: second-bad in this context. Did you mean: second? (line 1, column 2)'));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(first);
    expect(user.slice(first, second)).toMatch(/---\n\n$/);
  });

  it('CMP-001 once a later turn succeeds, no attempt is shown (conditional collapsing)', () => {
    const step = play(agent, ['(broken)', '(def fixed 1)']);
    const user = nextUser(agent, step);
    expect(user).not.toContain('Your previous attempt');
    expect(messagesFor(agent, step).stats.failedTurnsCollapsed).toBe(1);
  });

  it('a reply without a code block is a failed turn that shows the reply', () => {
    const user = nextUser(agent, play(agent, ['RAW:I think we should look at the data first.']));
    expect(user).toContain(
      attempt(
        'I think we should look at the data first.',
        'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.',
      ),
    );
  });

  it('runtime errors name the error, the loop limit included', () => {
    const user = nextUser(agent, play(agent, ['(loop [i 0] (recur (inc i)))']));
    expect(user).toMatch(/Error: .*1000/);
  });
});

describe('limits and figures', () => {
  it('printlnLimit and toolCallLimit drop the oldest entries and are counted in the stats', () => {
    const agent = prepared(agentDef({ compression: { strategy: 'single-user-coalesced', printlnLimit: 2, toolCallLimit: 3 } }));
    const step = play(agent, ['(doseq [i (range 4)] (tool/search-reviews (str "c" i)) (println "line" i))', '(tool/get-inventory)']);
    const r = messagesFor(agent, step);
    const user = r.messages[1].content;
    expect(user).toContain(';; Tool calls made:\n;   search-reviews("c2")\n;   search-reviews("c3")\n;   get-inventory()\n');
    expect(user).toContain(';; Output:\nline 2\nline 3\n');
    expect(r.stats).toEqual({
      turnsSummarized: 2,
      toolCallsShown: 3,
      toolCallsDropped: 2,
      printsShown: 2,
      printsDropped: 2,
      failedTurnsCollapsed: 0,
      messages: 2,
      characters: r.messages[0].content.length + user.length,
    });
  });

  it('sampleLimit and samplePrintableLimit shape the samples', () => {
    const agent = prepared(agentDef({ compression: { strategy: 'single-user-coalesced', sampleLimit: 1, samplePrintableLimit: 5 } }));
    const user = nextUser(agent, play(agent, ['(def xs ["abcdefgh" "b"])']));
    expect(user).toContain('xs                            ; = list[2], sample: ["abcde..." ...] (2 items, showing first 1)');
    expect(user).toContain('data/products                 ; list[4], sample: [{:name "Lapto..." ...} ...] (4 items, showing first 1)');
  });

  it('the strategy has a name and a one-line description', () => {
    expect(singleUserCoalesced.name).toBe('single-user-coalesced');
    expect(singleUserCoalesced.description).not.toContain('\n');
  });
});
