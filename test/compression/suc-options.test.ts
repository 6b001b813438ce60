import { beforeAll, describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/agent/loop.ts';
import { textTokens } from '../../src/compression/pressure.ts';
import { fullHistory } from '../../src/compression/strategies/full-history.ts';
import { singleUserCoalesced } from '../../src/compression/strategies/single-user-coalesced.ts';
import { loadTokenizer } from '../../src/compression/tokens.ts';
import { INVENTORY_TOOL, REVIEWS_TOOL, agentDef, nextUser, play, prepared } from '../agent/fixtures.ts';
import { DATA, MISSION, TOOLS } from './expected-sections.ts';

const attempt = (label: string, program: string, error: string): string =>
  ['---', label, '```clojure', program, '```', '', `Error: ${error}`, '---'].join('\n');
const BROKEN = 'Unable to resolve symbol: broken in this context. Did you mean: boolean? (line 1, column 2)';
const BAD = 'Unable to resolve symbol: bad in this context. Did you mean: map, max, mod? (line 1, column 2)';

function sucAgent(options: Record<string, number | boolean | string>, tools = [REVIEWS_TOOL, INVENTORY_TOOL]): ReturnType<typeof prepared> {
  return prepared(agentDef({ maxTurns: 6, tools, compression: { strategy: 'single-user-coalesced', ...options } }));
}

beforeAll(async () => {
  await loadTokenizer('o200k_base');
});

describe('single-user-coalesced: showToolResults', () => {
  it('each listed call ends with its sampled result', () => {
    const agent = sucAgent({ showToolResults: true });
    const r = messagesFor(agent, play(agent, ['(tool/search-reviews "Electronics") (tool/get-inventory) (def n 1)']));
    expect(r.messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      {
        role: 'user',
        content: [
          MISSION,
          TOOLS,
          DATA,
          ';; === user/ (your prelude) ===\nn                             ; = integer, sample: 1',
          [
            ';; Tool calls made:',
            ';   search-reviews("Electronics") -> "Customer Review Summary for Electronics: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/..."',
            ';   get-inventory() -> "Warehouse Inventory Report: Laptop 23 units, Mouse OUT OF STOCK, Monitor 7 units"',
          ].join('\n'),
          'Turns left: 5',
        ].join('\n\n'),
      },
    ]);
  });

  it('samples follow sampleLimit and samplePrintableLimit; toolCallLimit still drops the oldest', () => {
    const agent = sucAgent({ showToolResults: true, sampleLimit: 2, samplePrintableLimit: 9, toolCallLimit: 1 });
    const user = nextUser(agent, play(agent, ['(tool/get-inventory) (tool/search-reviews "A")']));
    expect(user).toContain(';; Tool calls made:\n;   search-reviews("A") -> "Customer ..."\n\n');
  });

  it('a call that threw shows its error', () => {
    const boom = { name: 'boom', signature: '(x :int) -> :int', impl: '(fn [x] (+ x "a"))' };
    const agent = sucAgent({ showToolResults: true }, [boom]);
    const user = nextUser(agent, play(agent, ['(tool/boom 3)']));
    expect(user).toContain('\n\n;; Tool calls made:\n;   boom(3) -> error: + expected a number, got string: "a"\n\n---\nYour previous attempt:\n');
  });

  it('off: the seeds’ call lines, no results', () => {
    const agent = sucAgent({});
    expect(nextUser(agent, play(agent, ['(tool/get-inventory)']))).toContain(';; Tool calls made:\n;   get-inventory()\n\n');
  });
});

describe('single-user-coalesced: keepRecoveredErrors', () => {
  it('the attempt a turn recovered from stays for one turn, labelled as fixed; one turn later it is gone', () => {
    const agent = sucAgent({ keepRecoveredErrors: true });
    const step = play(agent, ['(def x 1)', '(broken)', '(def fixed 2)']);
    const r = messagesFor(agent, step);
    expect(r.messages[1].content).toBe(
      [
        MISSION,
        TOOLS,
        DATA,
        ';; === user/ (your prelude) ===\nx                             ; = integer, sample: 1\nfixed                         ; = integer, sample: 2',
        ';; No tool calls made',
        attempt('Your previous attempt (fixed in turn 3):', '(broken)', BROKEN),
        'Turns left: 3',
      ].join('\n\n'),
    );
    expect(r.stats.failedTurnsCollapsed).toBe(0);
    const later = messagesFor(agent, play(agent, ['(def y 3)'], step));
    expect(later.messages[1].content).not.toContain('Your previous attempt');
    expect(later.stats.failedTurnsCollapsed).toBe(1);
  });

  it('failedTurns "all": every failure of the streak before the recovery; "latest": the last one', () => {
    const all = sucAgent({ keepRecoveredErrors: true, failedTurns: 'all' });
    const user = nextUser(all, play(all, ['(broken)', '(bad)', '1']));
    expect(user).toContain(
      attempt('Your previous attempt (fixed in turn 3):', '(broken)', BROKEN) + '\n\n' + attempt('Your previous attempt (fixed in turn 3):', '(bad)', BAD),
    );
    const latest = sucAgent({ keepRecoveredErrors: true });
    const r = messagesFor(latest, play(latest, ['(broken)', '(bad)', '1']));
    expect(r.messages[1].content).toContain(attempt('Your previous attempt (fixed in turn 3):', '(bad)', BAD));
    expect(r.messages[1].content).not.toContain('(broken)');
    expect(r.stats.failedTurnsCollapsed).toBe(1);
  });

  it('while still failing, the usual attempt block', () => {
    const agent = sucAgent({ keepRecoveredErrors: true });
    expect(nextUser(agent, play(agent, ['1', '(broken)']))).toContain(attempt('Your previous attempt:', '(broken)', BROKEN));
  });
});

describe('single-user-coalesced: startAfterTurns and startAfterTokens', () => {
  it('startAfterTurns 2: the full history for 2 turns done, coalesced from 3', () => {
    const agent = sucAgent({ startAfterTurns: 2 });
    const two = play(agent, ['(def a 1)', '(println a)']);
    expect(messagesFor(agent, two)).toEqual(messagesFor(agent, two, fullHistory));
    const three = play(agent, ['(def b 2)'], two);
    expect(messagesFor(agent, three).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      {
        role: 'user',
        content: [
          MISSION,
          TOOLS,
          DATA,
          ';; === user/ (your prelude) ===\na                             ; = integer\nb                             ; = integer',
          ';; No tool calls made',
          ';; Output:\n1',
          'Turns left: 3',
        ].join('\n\n'),
      },
    ]);
  });

  it('startAfterTokens: at the threshold the full history, one token under it coalesced', () => {
    const programs = ['(def inv (tool/get-inventory)) (println inv)', '(count inv)'];
    const probe = sucAgent({});
    const step = play(probe, programs);
    const full = messagesFor(probe, step, fullHistory).messages;
    const tokens = full.slice(1).reduce((n, m) => n + textTokens(m.content), 0);
    const at = sucAgent({ startAfterTokens: tokens });
    expect(messagesFor(at, step).messages).toEqual(full);
    const under = sucAgent({ startAfterTokens: tokens - 1 });
    expect(messagesFor(under, step)).toEqual(messagesFor(probe, step));
  });

  it('both set: whichever is passed first starts it', () => {
    const agent = sucAgent({ startAfterTurns: 5, startAfterTokens: 1 });
    const step = play(agent, ['1']);
    expect(messagesFor(agent, step).messages.map((m) => m.role)).toEqual(['system', 'user']);
    const turnsOnly = sucAgent({ startAfterTurns: 1, startAfterTokens: 1_000_000 });
    expect(messagesFor(turnsOnly, step)).toEqual(messagesFor(turnsOnly, step, fullHistory));
    expect(messagesFor(turnsOnly, play(turnsOnly, ['1', '2'])).messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('turn 1 with a start threshold: the full history (the same messages as coalesced at turn 1)', () => {
    const agent = sucAgent({ startAfterTurns: 3 });
    const step = play(agent, []);
    expect(messagesFor(agent, step).messages).toEqual([
      { role: 'system', content: agent.systemPrompt },
      { role: 'user', content: [MISSION, TOOLS, DATA, 'Turns left: 6'].join('\n\n') },
    ]);
  });

  it('lists the new options after the old ones', () => {
    expect(singleUserCoalesced.options).toEqual([
      'printlnLimit',
      'toolCallLimit',
      'sampleLimit',
      'samplePrintableLimit',
      'failedTurns',
      'showToolResults',
      'keepRecoveredErrors',
      'startAfterTurns',
      'startAfterTokens',
    ]);
  });
});
