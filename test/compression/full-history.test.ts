import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { fullHistory, turnFeedback } from '../../src/compression/strategies/full-history.ts';
import { agentDef, play, prepared, reply } from '../agent/fixtures.ts';

describe('full history (C14)', () => {
  const agent = prepared(agentDef({ compression: false }));

  it('compression false renders the full history', () => expect(agent.strategy).toBe(fullHistory));

  it('turn 1: SYSTEM, then USER with mission, tool/, data/ and the turns indicator', () => {
    const { messages } = messagesFor(agent, play(agent, []));
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[1].content).toMatch(/^Find well-reviewed products in stock\n\n;; === tool\/ ===\n[\s\S]*\n\n;; === data\/ ===\n[\s\S]*\n\nTurns left: 5$/);
  });

  it('each completed turn adds the raw reply and a USER message with output, result and turns left', () => {
    const step = play(agent, ['(println "a" 1)\n(println "b")\n(+ 1 2)', '(zzz-qqq 1)']);
    const { messages } = messagesFor(agent, step);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[2].content).toBe(reply('(println "a" 1)\n(println "b")\n(+ 1 2)'));
    expect(messages[3].content).toBe(';; Output:\na 1\nb\n\nResult: 3\n\nTurns left: 4');
    expect(messages[4].content).toBe(reply('(zzz-qqq 1)'));
    expect(messages[5].content).toBe('Error: Unable to resolve symbol: zzz-qqq in this context. (line 1, column 2)\n\nTurns left: 3');
  });

  it('results print in Clojure notation; very long ones are cut', () => {
    const step = play(agent, ['{:a [1 2.0 "x"] :b #{:k}}', '(apply str (repeat 20000 "x"))']);
    const { messages } = messagesFor(agent, step);
    expect(messages[3].content).toBe('Result: {:a [1 2.0 "x"] :b #{:k}}\n\nTurns left: 4');
    expect(messages[5].content).toMatch(/^Result: "x{9999}\.\.\.\n\nTurns left: 3$/);
  });

  it('a turn rendered again (saving, opening, every later turn) gives the same text, for its own limit', () => {
    const step = play(agent, ['(println "p") {:a 1}', '(zzz-qqq 1)']);
    const again = messagesFor(agent, step).messages;
    expect(messagesFor(agent, step).messages).toEqual(again);
    const [first] = step.turns;
    expect(turnFeedback(first, 5)).toBe(';; Output:\np\n\nResult: {:a 1}\n\nTurns left: 4');
    expect(turnFeedback(first, 9)).toBe(';; Output:\np\n\nResult: {:a 1}\n\nTurns left: 8');
    expect(turnFeedback(first, 5)).toBe(';; Output:\np\n\nResult: {:a 1}\n\nTurns left: 4');
  });

  it('the final turn gets the final-turn line', () => {
    const { messages } = messagesFor(agent, play(agent, ['1', '2', '3', '4']));
    expect(messages[messages.length - 1].content).toBe('Result: 4\n\nFINAL TURN - you must call (return result) or (fail reason) now.');
  });

  it('figures: every turn replayed, every print shown, nothing dropped', () => {
    const r = messagesFor(agent, play(agent, ['(println 1) (println 2)', '(tool/get-inventory)']));
    expect(r.stats).toMatchObject({ turnsSummarized: 2, printsShown: 2, printsDropped: 0, toolCallsDropped: 0, failedTurnsCollapsed: 0, messages: 6 });
    expect(r.stats.characters).toBe(r.messages.reduce((n, m) => n + m.content.length, 0));
  });

  it('is longer than the coalesced rendering of the same turns', () => {
    const coalesced = prepared(agentDef({ compression: true }));
    const programs = [
      '(def reviews (tool/search-reviews "Electronics")) (def inventory (tool/get-inventory))',
      '(println reviews)',
      '(def best (filter #(> (:price %) 100) data/products))',
    ];
    const full = messagesFor(agent, play(agent, programs)).stats.characters;
    const small = messagesFor(coalesced, play(coalesced, programs)).stats.characters;
    expect(small).toBeLessThan(full);
  });
});

describe('single-shot (SS-001, SS-002)', () => {
  it('maxTurns 1: no compression, no turns indicator, the single-shot SYSTEM prompt', () => {
    const one = prepared(agentDef({ maxTurns: 1, compression: true }));
    const multi = prepared(agentDef({ compression: true }));
    expect(one.mode).toBe('single_shot');
    expect(one.compressed).toBe(false);
    const { messages } = messagesFor(one, play(one, []));
    expect(messages[1].content).not.toMatch(/Turns left|FINAL TURN/);
    expect(messages[0].content).not.toBe(messagesFor(multi, play(multi, [])).messages[0].content);
  });
  it('maxTurns defaults to 5', () => {
    const { maxTurns: _drop, ...rest } = agentDef();
    void _drop;
    expect(prepared({ ...rest, maxTurns: undefined as unknown as number }).def.maxTurns).toBe(5);
  });
});
