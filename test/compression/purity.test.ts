import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { renderOptions } from '../../src/agent/loop.ts';
import { turnRecord } from '../../src/agent/run-record.ts';
import type { Step, Turn } from '../../src/agent/turn.ts';
import { STRATEGIES } from '../../src/compression/strategies/index.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { agentDef, play, prepared } from '../agent/fixtures.ts';

const PROGRAMS = [
  '(def reviews (tool/search-reviews "Electronics"))',
  '(def inventory (tool/get-inventory))',
  '(println "Reviews:" (count data/products))',
  '(defn price-of "Price of a product" [p] (:price p)) (price-of (first data/products))',
  '(def cheap (filter #(< (:price %) 500) data/products))',
  '(undefined-name 1)',
  '(tool/search-reviews "A") (tool/search-reviews "B") (println "two calls")',
  '(def m {:a 1 "b" [1 2 3 4] :c #{:x}})',
  'RAW:no code in this reply',
  '(println "multi\\nline")',
];

/** Freezes the records a rendering reads, so that any write to them throws. */
function deepFreeze(step: Step): void {
  Object.freeze(step.turns);
  for (const t of step.turns) {
    Object.freeze(t);
    Object.freeze(t.prints);
    Object.freeze(t.messages);
    for (const c of t.toolCalls) Object.freeze(c.args);
    Object.freeze(t.toolCalls);
  }
}

function snapshot(turns: readonly Turn[], memory: Step['memory']): string {
  return JSON.stringify({ turns: turns.map(turnRecord), memory: [...memory].map(([k, e]) => [k, printValue(e.value), e.doc, e.returnType]) });
}

// Strategies that decide by size count o200k tokens: hosts load the table before rendering.
beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('rendering is pure (ARC-004, C15)', () => {
  it('same input twice → same output; inputs unchanged, for every strategy and random histories and options', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PROGRAMS), { maxLength: 6 }),
        fc.record({
          printlnLimit: fc.nat(20),
          toolCallLimit: fc.nat(25),
          sampleLimit: fc.nat(5),
          samplePrintableLimit: fc.nat(100),
          failedTurns: fc.constantFrom('latest' as const, 'all' as const),
        }),
        (programs, options) => {
          const agent = prepared(agentDef({ maxTurns: 10 }));
          const step = play(agent, programs);
          deepFreeze(step);
          const before = snapshot(step.turns, step.memory);
          for (const strategy of STRATEGIES) {
            const opts = { ...renderOptions(agent), ...options };
            const a = strategy.render(step.turns, step.memory, opts);
            const b = strategy.render(step.turns, step.memory, opts);
            expect(b).toEqual(a);
            expect(a.stats.characters).toBe(a.messages.reduce((n, m) => n + m.content.length, 0));
          }
          expect(snapshot(step.turns, step.memory)).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('turns are append-only: a new turn leaves earlier turn records as they were (ARC-002)', () => {
    const agent = prepared();
    const s1 = play(agent, ['(def a 1)', '(println a)']);
    const before = snapshot(s1.turns, s1.memory);
    const s2 = play(agent, ['(def a 2) (def b 3)'], s1);
    expect(snapshot(s1.turns, s1.memory)).toBe(before);
    expect(s2.turns.slice(0, 2)).toEqual(s1.turns);
    expect(s2.turns[0]).toBe(s1.turns[0]);
  });
});

describe('the strategy interface (ARC-003, C16)', () => {
  it('ARC-003 every strategy has a unique name, a one-line description and a render giving messages and figures', () => {
    const names = STRATEGIES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const agent = prepared();
    const step = play(agent, ['(def a 1)']);
    for (const s of STRATEGIES) {
      expect(s.name).toMatch(/^[a-z][a-z-]*$/);
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.description).not.toContain('\n');
      const r = s.render(step.turns, step.memory, renderOptions(agent));
      expect(r.messages[0]).toEqual({ role: 'system', content: agent.systemPrompt });
      expect(r.stats.messages).toBe(r.messages.length);
    }
  });
});
