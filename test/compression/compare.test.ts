import { describe, expect, it } from 'vitest';
import { renderOptions } from '../../src/agent/loop.ts';
import { cacheablePrefix, compareRun, requestFor } from '../../src/compression/compare/run-figures.ts';
import { isShown, MIN_SPELLING, requestText, turnItems } from '../../src/compression/compare/visibility.ts';
import { DEFAULT_COMPRESSION_OPTIONS } from '../../src/compression/options.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { singleUserCoalesced } from '../../src/compression/strategies/single-user-coalesced.ts';
import type { Message } from '../../src/records/records.ts';
import { agentDef, play, prepared } from '../agent/fixtures.ts';

/** One token per character: every figure below can be checked by hand. */
const chars = (text: string) => text.length;

const S: Message = { role: 'system', content: 'SYS' };
const U1: Message = { role: 'user', content: 'mission; Turns left: 3' };

describe('the cacheable start of a request', () => {
  it('a request that extends the previous one repeats all of it', () => {
    const previous = [S, U1];
    const current = [S, U1, { role: 'assistant', content: 'code' } as const, { role: 'user', content: 'Result: 1' } as const];
    expect(cacheablePrefix(previous, current, chars)).toEqual({ tokens: 3 + 22, whole: true });
  });
  it('a rewritten message counts up to the first character that differs, and breaks the cache', () => {
    const current: Message[] = [S, { role: 'user', content: 'mission; Turns left: 2' }];
    expect(cacheablePrefix([S, U1], current, chars)).toEqual({ tokens: 3 + 'mission; Turns left: '.length, whole: false });
  });
  it('a message of another role shares nothing', () => {
    expect(cacheablePrefix([S, U1], [S, { role: 'assistant', content: 'mission' }], chars)).toEqual({ tokens: 3, whole: false });
  });
});

describe('what a request shows', () => {
  const agent = prepared(agentDef({ maxTurns: 6 }));
  const step = play(agent, [
    '(def r (tool/search-reviews "Electronics")) (println r)',
    '(def cheap (filter #(< (:price %) 500) data/products)) (count cheap)',
    '(undefined-name 1)',
    '(println "Mouse is out of stock")',
  ]);
  const turns = step.turns;
  const options = { ...DEFAULT_COMPRESSION_OPTIONS };
  const sucVariant = { name: singleUserCoalesced.name, strategy: singleUserCoalesced, options };

  it("a turn's items: its calls, their results, its prints, its error, its code", () => {
    const items = turnItems(turns[0], options);
    expect(items.map((i) => i.id)).toEqual(['toolCall:1:0', 'toolResult:1:0', 'print:1:0', 'oldCode:1']);
    expect(items[0].label).toBe('search-reviews("Electronics")');
    expect(turnItems(turns[2], options).map((i) => i.id)).toEqual(['failedAttempt:3', 'oldCode:3']);
  });

  it('texts shorter than a few characters are not judged: they appear by chance', () => {
    const items = turnItems(turns[1], options);
    // The result of (count cheap) is 2: not an item; the program is.
    expect(items.map((i) => i.id)).toEqual(['oldCode:2']);
    expect(MIN_SPELLING).toBe(4);
  });

  it('full history shows the code, the printed result and the error; single-user-coalesced shows the call and the print, not the code', () => {
    const ctx = renderOptions(agent);
    const full = requestText(requestFor(fullHistory, turns, 4, ctx, options));
    const suc = requestText(requestFor(singleUserCoalesced, turns, 4, ctx, options));
    const [call, result, print, code] = turnItems(turns[0], options);
    for (const item of [call, result, print, code]) expect(isShown(item, full)).toBe(true);
    expect([call, result, print].map((i) => isShown(i, suc))).toEqual([true, true, true]);
    expect(isShown(code, suc)).toBe(false);
    // The failing turn 3 is the latest: single-user-coalesced shows its attempt.
    expect(isShown(turnItems(turns[2], options)[0], suc)).toBe(true);
  });

  it('figures per request: tokens, the cacheable start, what is hidden against full history', () => {
    const figures = compareRun({ turns, context: renderOptions(agent), variants: [sucVariant], count: chars });
    expect(figures.turns).toBe(4);
    expect(figures.systemTokens).toBe(agent.systemPrompt.length);
    const [full, suc] = figures.strategies;
    expect([full.name, suc.name]).toEqual(['full-history', 'single-user-coalesced']);
    // Each request's tokens are its messages' characters, SYSTEM included.
    for (const f of figures.strategies) {
      const strategy = f.name === 'full-history' ? fullHistory : singleUserCoalesced;
      expect(f.requests.map((r) => r.tokens)).toEqual(
        [1, 2, 3, 4].map((k) => requestFor(strategy, turns, k, renderOptions(agent), options).reduce((n, m) => n + m.content.length, 0)),
      );
      expect(f.total).toBe(f.requests.reduce((n, r) => n + r.tokens, 0));
    }
    // Full history grows by appending, except the first USER message's "Turns left" line, which is the
    // same in every request: each request repeats the previous one whole.
    expect(full.requests.map((r) => r.cacheBreak)).toEqual([false, false, false, false]);
    expect(full.requests[1].cacheable).toBe(full.requests[0].tokens);
    // The coalesced USER message is rewritten every turn: only SYSTEM and the mission's start repeat.
    expect(suc.requests.slice(1).every((r) => r.cacheBreak)).toBe(true);
    expect(suc.requests[1].cacheable).toBeGreaterThan(agent.systemPrompt.length);
    expect(suc.requests[1].cacheable).toBeLessThan(suc.requests[0].tokens);
    expect(full.cacheableTotal).toBe(full.requests.reduce((n, r) => n + r.cacheable, 0));
    // Hidden: the code of turns 1, 2 (and 3 once recovered… turn 3 is still the latest failure at request 4).
    expect(suc.requests[3].hidden.oldCode).toBe(2);
    expect(suc.requests[3].hidden.failedAttempt).toBe(0);
    expect(full.requests.every((r) => r.hidden.oldCode === 0 && r.hidden.toolResult === 0)).toBe(true);
    // Once anything was printed, user/ values lose their samples: `cheap` is named without one. (`r`
    // has none either, but its text was printed, so the model saw it.)
    expect(suc.hiddenItems.map((i) => i.id)).toEqual(['oldCode:1', 'oldCode:2', 'unsampledValue:cheap']);
    expect(suc.hidden).toEqual({ oldCode: 2, toolResult: 0, toolCall: 0, print: 0, failedAttempt: 0, unsampledValue: 1 });
  });

  it('a recovered error disappears from single-user-coalesced: counted as a hidden failed attempt', () => {
    const more = play(agent, ['(println "recovered")'], step).turns;
    const figures = compareRun({ turns: more, context: renderOptions(agent), variants: [sucVariant], count: chars });
    const suc = figures.strategies[1];
    expect(suc.requests[4].hidden.failedAttempt).toBe(1);
    expect(suc.hiddenItems.find((i) => i.kind === 'failedAttempt')).toMatchObject({ id: 'failedAttempt:3', turn: 3 });
  });
});
