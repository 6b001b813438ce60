// The figures of random runs, made incrementally, against the same figures made the plain way: every
// request rendered, every message's whole text counted by the tokenizer and searched with `includes`.
// The runs are real (programs through the loop), so their messages grow and change at random points:
// prints and definitions with line breaks, slashes and spaces, tool calls, failed turns.
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { renderOptions } from '../../../src/agent/loop.ts';
import { cacheablePrefix, compareRun, requestFor, type Variant } from '../../../src/compression/compare/run-figures.ts';
import { isNamedWithoutSample, isShown, requestText, turnItems, valueItems, type ItemKind } from '../../../src/compression/compare/visibility.ts';
import { DEFAULT_COMPRESSION_OPTIONS } from '../../../src/compression/options.ts';
import type { Message, TurnRecord } from '../../../src/records/records.ts';
import { fullHistory } from '../../../src/compression/strategies/full-history.ts';
import { STRATEGIES } from '../../../src/compression/strategies/index.ts';
import { singleUserCoalesced } from '../../../src/compression/strategies/single-user-coalesced.ts';
import { agentDef, play, prepared } from '../../agent/fixtures.ts';

const count = (t: string) => countTokens(t, { disallowedSpecial: new Set<string>() });

const WORDS = ['Laptop', 'mouse', 'a/b', '//', ' ', '  ', '\\n', '\\n\\n', '\\n/', 'x1', '42', 'é', 'Turn', ';;', "it's"];
const str = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((w) => `"${w.join('')}"`);
const statement = fc.oneof(
  str.map((s) => `(println ${s})`),
  fc.tuple(fc.integer({ min: 0, max: 3 }), str).map(([i, s]) => `(def v${i} ${s})`),
  fc.integer({ min: 0, max: 3 }).map((i) => `(def n${i} [${i} ${i + 1} ${i + 2}])`),
  str.map((s) => `(tool/search-reviews ${s})`),
  fc.constant('(tool/get-inventory)'),
  fc.constant('(undefined-name 1)'),
);
const program = fc.array(statement, { minLength: 1, maxLength: 3 }).map((s) => s.join('\n'));

const variants: Variant[] = [
  ...STRATEGIES.filter((s) => s !== fullHistory).map((s) => ({ name: s.name, strategy: s, options: DEFAULT_COMPRESSION_OPTIONS })),
  { name: 'coalesced, results shown', strategy: singleUserCoalesced, options: { ...DEFAULT_COMPRESSION_OPTIONS, sampleLimit: 1, showToolResults: true } },
];

function zero(): Record<ItemKind, number> {
  return { toolResult: 0, toolCall: 0, print: 0, failedAttempt: 0, oldCode: 0, unsampledValue: 0 };
}

/** The figures the plain way, request by request. */
function plainFigures(turns: readonly TurnRecord[], context: ReturnType<typeof renderOptions>, v: Variant) {
  const items = turns.flatMap((t) => turnItems(t, v.options));
  const before = [0, 0, ...turns.map((_, i) => turns.slice(0, i + 1).reduce((n, t) => n + turnItems(t, v.options).length, 0))];
  const shows = (messages: readonly Message[], item: (typeof items)[number]) => messages.some((m) => m.role !== 'system' && isShown(item, m.content));
  const hiddenIds = new Set<string>();
  let previous: readonly Message[] | null = null;
  const requests = [];
  for (let k = 1; k <= turns.length; k++) {
    const messages = requestFor(v.strategy, turns, k, context, v.options);
    const full = requestFor(fullHistory, turns, k, context, DEFAULT_COMPRESSION_OPTIONS);
    const hidden = zero();
    if (v.strategy !== fullHistory) {
      for (const item of items.slice(0, before[k])) {
        if (shows(full, item) && !shows(messages, item)) {
          hidden[item.kind]++;
          hiddenIds.add(item.id);
        }
      }
    }
    if (k > 1) {
      for (const item of valueItems(turns[k - 2].memory ?? new Map(), new Map(), v.options)) {
        if (isNamedWithoutSample(item, requestText(messages))) {
          hidden.unsampledValue++;
          hiddenIds.add(item.id);
        }
      }
    }
    const prefix = previous === null ? { tokens: 0, whole: true } : cacheablePrefix(previous, messages, count);
    requests.push({ turn: k, tokens: messages.reduce((n, m) => n + count(m.content), 0), cacheable: prefix.tokens, cacheBreak: !prefix.whole, hidden });
    previous = messages;
  }
  return { requests, hiddenIds: [...hiddenIds].sort() };
}

describe('the figures of a whole run', () => {
  it('made incrementally, equal those made request by request from whole texts', () => {
    const agent = prepared(agentDef({ maxTurns: 14 }));
    const context = renderOptions(agent);
    fc.assert(
      fc.property(fc.array(program, { minLength: 1, maxLength: 12 }), (programs) => {
        const turns = play(agent, programs).turns;
        const figures = compareRun({ turns, context, variants, count });
        for (const f of figures.strategies) {
          const v = variants.find((x) => x.name === f.name) ?? { name: fullHistory.name, strategy: fullHistory, options: DEFAULT_COMPRESSION_OPTIONS };
          const plain = plainFigures(turns, context, v);
          expect(f.requests, f.name).toEqual(plain.requests);
          expect(f.hiddenItems.map((i) => i.id).sort(), f.name).toEqual(plain.hiddenIds);
        }
      }),
      { numRuns: 25 },
    );
  });
});
