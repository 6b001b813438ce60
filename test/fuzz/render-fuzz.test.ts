// Fuzzing the renderers: any turn list (made up directly, not only by the loop: odd values, empty and
// huge texts, errors of every kind, tool calls with any arguments, memory of any values) rendered with
// any strategy and options never throws, and rendering stays pure (same input, same text; the input
// unchanged).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import type { Turn } from '../../src/agent/turn.ts';
import type { Memory, MemoryEntry } from '../../src/records/records.ts';
import { STRATEGIES } from '../../src/compression/strategies/index.ts';
import type { RenderOptions } from '../../src/compression/strategy.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { makeFn, type Value } from '../../src/lisp/values.ts';
import { value } from '../lisp/arbitraries.ts';

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', '```', '```clojure\n(+ 1 2)\n```', '\n\n', ';; === tool/ ===', 'x'.repeat(3000)));
const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,6}$/);
const fnValue = fc.constant(makeFn(() => null, { name: 'f', kind: 'closure', minArity: 0, maxArity: 1, params: ['[x]'] }));
const anyValue: fc.Arbitrary<Value> = fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: fnValue });

const memoryArb: fc.Arbitrary<Memory> = fc
  .array(
    fc.record({
      name,
      value: anyValue,
      doc: fc.option(text, { nil: undefined }),
      returnType: fc.option(fc.constantFrom('integer', 'map[2]', 'nil'), { nil: undefined }),
    }),
    { maxLength: 4 },
  )
  .map((entries) => {
    const m = new Map<string, MemoryEntry>();
    for (const e of entries)
      m.set(e.name, {
        name: e.name,
        value: e.value,
        ...(e.doc !== undefined ? { doc: e.doc } : {}),
        ...(e.returnType !== undefined ? { returnType: e.returnType } : {}),
      });
    return m;
  });

const turnArb = fc.record({
  rawResponse: text,
  program: text,
  result: anyValue,
  success: fc.boolean(),
  signal: fc.constantFrom(null, 'return', 'fail'),
  prints: fc.array(text, { maxLength: 4 }),
  toolCalls: fc.array(
    fc.record({ name, args: fc.array(anyValue, { maxLength: 3 }), result: anyValue, durationMs: fc.nat(5), error: fc.option(text, { nil: undefined }) }),
    { maxLength: 4 },
  ),
  errorType: fc.constantFrom('type_error', 'no_code', 'fail', 'parse_error', 'timeout'),
  errorMessage: text,
  line: fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
  memory: memoryArb,
});

const turnsArb: fc.Arbitrary<Turn[]> = fc.array(turnArb, { maxLength: 6 }).map((raw) =>
  raw.map((t, i): Turn => ({
    number: i + 1,
    rawResponse: t.rawResponse,
    program: t.program,
    result: t.result,
    signal: t.success ? (t.signal === 'fail' ? null : t.signal) : t.signal === 'fail' ? 'fail' : null,
    prints: t.prints,
    toolCalls: t.toolCalls.map((c) => ({
      name: c.name,
      args: c.args,
      result: c.result,
      durationMs: c.durationMs,
      ...(c.error !== undefined ? { error: c.error } : {}),
    })),
    memory: t.memory,
    success: t.success,
    ...(t.success
      ? {}
      : { error: { type: t.errorType as 'type_error', message: t.errorMessage, ...(t.line !== undefined ? { line: t.line, column: 1 } : {}) } }),
    messages: [],
    durationMs: 0,
  })),
);

const optionsArb: fc.Arbitrary<RenderOptions> = fc.record({
  systemPrompt: text,
  mission: text,
  tools: fc
    .array(
      fc.record({
        name,
        signature: fc.constantFrom('() -> :int', '(a :string) -> :map', ''),
        impl: fc.constant('(fn [] 1)'),
        description: fc.option(text, { nil: undefined }),
      }),
      { maxLength: 3 },
    )
    .map((ts) =>
      ts.map((t) => ({ name: t.name, signature: t.signature, impl: t.impl, ...(t.description !== undefined ? { description: t.description } : {}) })),
    ),
  data: fc.array(fc.tuple(name, anyValue), { maxLength: 3 }).map((es) => new Map(es)),
  maxTurns: fc.integer({ min: 1, max: 12 }),
  printlnLimit: fc.nat(20),
  toolCallLimit: fc.nat(25),
  sampleLimit: fc.nat(5),
  samplePrintableLimit: fc.nat(100),
  failedTurns: fc.constantFrom('latest' as const, 'all' as const),
  recentTurns: fc.nat(5),
  triggerTurns: fc.nat(10),
  triggerTokens: fc.constantFrom(0, 50, 400, 16_000),
  showToolResults: fc.boolean(),
  keepRecoveredErrors: fc.boolean(),
  startAfterTurns: fc.nat(6),
  startAfterTokens: fc.constantFrom(0, 50, 400),
});

function snapshot(turns: readonly Turn[], memory: Memory): string {
  return (
    JSON.stringify(
      turns.map((t) => [
        t.rawResponse,
        t.program,
        printValue(t.result),
        t.prints,
        t.toolCalls.map((c) => [c.name, c.args.map(printValue), printValue(c.result)]),
        t.error,
        [...t.memory.keys()],
      ]),
    ) + [...memory.keys()].join()
  );
}

// Strategies that decide by size count o200k tokens: hosts load the table before rendering.
beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('fuzzing the renderers', { timeout: 60_000 }, () => {
  it.each(STRATEGIES.map((s) => s.name))('%s never throws on any turn list and stays pure', (strategyName) => {
    const strategy = STRATEGIES.find((s) => s.name === strategyName);
    if (!strategy) throw new Error('unknown strategy');
    fc.assert(
      fc.property(turnsArb, memoryArb, optionsArb, (turns, memory, options) => {
        const before = snapshot(turns, memory);
        const a = strategy.render(turns, memory, options);
        const b = strategy.render(turns, memory, options);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
        expect(snapshot(turns, memory)).toBe(before);
        expect(a.messages[0]?.role).toBe('system');
        for (const m of a.messages) expect(typeof m.content).toBe('string');
      }),
      { numRuns: 300, interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false },
    );
  });
});
