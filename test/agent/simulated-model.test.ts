import { describe, expect, it } from 'vitest';
import { LlmError, mockLlm, type Llm } from '../../src/agent/llm.ts';
import { applyReply, initialStep, messagesFor, runAgent, type PreparedAgent } from '../../src/agent/loop.ts';
import { NO_MORE_REPLIES, simulatedLlm, slipOf, type SimulatedSettings } from '../../src/agent/simulated-model.ts';
import type { Step, Turn } from '../../src/agent/turn.ts';
import type { Message } from '../../src/records/records.ts';
import { countTokens, loadTokenizer } from '../../src/compression/tokens.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { agentDef, prepared } from './fixtures.ts';

const SCRIPT = [
  'Let me read the reviews.\n```clojure\n(def reviews (tool/search-reviews "Electronics"))\n(println (count reviews))\n```',
  'Now the stock.\n```clojure\n(def stock (tool/get-inventory))\n(count stock)\n```\nThen I answer.',
  'Done.\n```clojure\n(return {:reviews (count reviews) :stock (count stock)})\n```',
];

const agent = prepared(agentDef({ compression: false, maxTurns: 8 }));
const LIMITS = { sampleLimit: 3, samplePrintableLimit: 80 };

/** A simulated model reading the turns of its own run, and the run. */
function simulated(seed: number, settings: Partial<SimulatedSettings>, script: readonly string[] = SCRIPT): { llm: Llm; run: () => Promise<Step> } {
  let turns: readonly Turn[] = [];
  const llm = simulatedLlm({ script, seed, settings, turns: () => turns, limits: LIMITS });
  const run = (a: PreparedAgent = agent) =>
    runAgent(a, llm, {
      onTurn: (s) => {
        turns = s.turns;
      },
    });
  return { llm, run };
}

/** What a run did, turn by turn: the reply, whether it succeeded, the error; and how it ended. */
function trace(step: Step): unknown {
  return {
    turns: step.turns.map((t) => [t.rawResponse, t.success, t.error?.type ?? null]),
    status: step.status,
    result: step.return !== undefined ? printValue(step.return) : null,
  };
}

function user(content: string): Message[] {
  return [
    { role: 'system', content: 'system prompt' },
    { role: 'user', content },
  ];
}

describe('the simulated model', () => {
  it('is deterministic: the same seed replays the same replies', async () => {
    for (const seed of [1, 2, 3, 17]) {
      const a = await simulated(seed, { slip: 0.4, guess: 0.5 }).run();
      const b = await simulated(seed, { slip: 0.4, guess: 0.5 }).run();
      expect(trace(a)).toEqual(trace(b));
    }
  });

  it('different seeds give different runs', async () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) outcomes.add(JSON.stringify(trace(await simulated(seed, { slip: 0.3 }).run())));
    expect(outcomes.size).toBeGreaterThanOrEqual(2);
  });

  it('with slip 0 and guess 0 the run is the mock run', async () => {
    const mock = await runAgent(agent, mockLlm(SCRIPT));
    const shape = (s: Step) => s.turns.map((t) => [t.program, printValue(t.result), t.success, t.prints]);
    expect(mock.status).toBe('returned');
    for (const seed of [1, 5, 9]) {
      const sim = await simulated(seed, { slip: 0, guess: 0 }).run();
      expect(shape(sim)).toEqual(shape(mock));
      expect(sim.turns.map((t) => t.rawResponse)).toEqual(SCRIPT);
      expect(printValue(sim.return ?? null)).toBe(printValue(mock.return ?? null));
    }
  });

  it('slips: a missing paren or a doubled head symbol, the prose kept', () => {
    expect(slipOf(SCRIPT[1], 'parse')).toBe('Now the stock.\n```clojure\n(def stock (tool/get-inventory))\n(count stock\n```\nThen I answer.');
    expect(slipOf(SCRIPT[1], 'name')).toBe('Now the stock.\n```clojure\n(deff stock (tool/get-inventory))\n(count stock)\n```\nThen I answer.');
    expect(slipOf('No code here.', 'parse')).toBeNull();
  });

  it('a parse-error slip fails its turn, and the next turn retries the same scripted reply', async () => {
    let found = 0;
    for (let seed = 1; seed <= 200 && found < 3; seed++) {
      const step = await simulated(seed, { slip: 0.5, guess: 0 }).run();
      const [first, second, third] = step.turns;
      if (first.rawResponse !== slipOf(SCRIPT[0], 'parse') || second.rawResponse !== SCRIPT[0]) continue;
      found++;
      expect(first.success).toBe(false);
      expect(first.error?.type).toBe('parse_error');
      expect(second.success).toBe(true);
      if (third.rawResponse !== SCRIPT[1]) expect([slipOf(SCRIPT[1], 'parse'), slipOf(SCRIPT[1], 'name')]).toContain(third.rawResponse);
    }
    expect(found).toBeGreaterThan(0);
  });

  it('repeats a slip when the request does not show that it failed, and retries when it does', async () => {
    const slips = [slipOf(SCRIPT[0], 'parse'), slipOf(SCRIPT[0], 'name')];
    let retried = 0;
    for (let seed = 1; seed <= 60; seed++) {
      let turns: readonly Turn[] = [];
      const llm = simulatedLlm({ script: SCRIPT, seed, settings: { slip: 0.5, guess: 0 }, turns: () => turns, limits: LIMITS });
      const first = await llm.complete({ messages: user('start'), turn: 1 });
      if (first.text === SCRIPT[0]) continue;
      const step = applyReply(agent, initialStep(), first.text, user('start'));
      turns = step.turns;
      expect(step.turns[0].success).toBe(false);
      const hidden = await llm.complete({ messages: user('nothing about the error'), turn: 2 });
      expect(hidden.text).toBe(first.text);
      const error = step.turns[0].error?.message ?? '';
      const shown = await llm.complete({ messages: user(`Turn 1 failed: ${error}`), turn: 2 });
      // It can see the failure: a new draw on the same scripted reply.
      expect([SCRIPT[0], ...slips]).toContain(shown.text);
      if (shown.text === SCRIPT[0]) retried++;
    }
    expect(retried).toBeGreaterThan(3);
  });

  it('draws three numbers on every call, aborted ones included, so the stream stays aligned', async () => {
    const controller = new AbortController();
    controller.abort();
    const seconds = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const make = () => simulatedLlm({ script: SCRIPT, seed, settings: { slip: 0.5, guess: 0 }, turns: () => [], limits: LIMITS });
      const a = make();
      const b = make();
      await a.complete({ messages: user('x'), turn: 1 });
      await expect(b.complete({ messages: user('x'), turn: 1, signal: controller.signal })).rejects.toMatchObject({ kind: 'aborted' });
      const second = (await a.complete({ messages: user('x'), turn: 2 })).text;
      expect((await b.complete({ messages: user('x'), turn: 2 })).text).toBe(second);
      seconds.add(second);
    }
    expect(seconds.size).toBe(3);
  });

  describe('guessing when a tool result it was shown is no longer shown', () => {
    const script = [SCRIPT[0], 'Look.\n```clojure\n(count reviews)\n```', 'Answer.\n```clojure\n(return reviews)\n```'];
    const result = 'Customer Review Summary for Electronics: Laptop 4.5/5, Mouse 3.2/5, Monitor 4.1/5';
    const shown = `reviews = "${result}"`;
    /** The reply to the answering request, after a second request with `second` as its text. */
    async function answer(seed: number, second: string, third: string, guess: number): Promise<string> {
      let turns: readonly Turn[] = [];
      const llm = simulatedLlm({ script, seed, settings: { slip: 0, guess }, turns: () => turns, limits: LIMITS });
      let step = initialStep();
      const messages = messagesFor(agent, step).messages;
      const first = await llm.complete({ messages, turn: 1 });
      expect(first.text).toBe(script[0]);
      step = applyReply(agent, step, first.text, messages);
      turns = step.turns;
      const next = await llm.complete({ messages: user(second), turn: 2 });
      expect(next.text).toBe(script[1]);
      turns = applyReply(agent, step, next.text, user(second)).turns;
      return (await llm.complete({ messages: user(third), turn: 3 })).text;
    }

    it('guesses (guess 1) when a result shown before is hidden now, and says which', async () => {
      for (let seed = 1; seed <= 10; seed++) {
        const text = await answer(seed, shown, 'reviews is defined', 1);
        expect(text).toBe('I cannot see the result of tool/search-reviews any more; answering from memory.\n```clojure\n(return nil)\n```');
      }
    });
    it('never guesses while the result is shown, even with guess 1', async () => {
      for (let seed = 1; seed <= 10; seed++) expect(await answer(seed, shown, shown, 1)).toBe(script[2]);
    });
    it('never guesses about a result no request showed: the program kept it in a name', async () => {
      for (let seed = 1; seed <= 10; seed++) expect(await answer(seed, 'reviews is defined', 'reviews is defined', 1)).toBe(script[2]);
    });
    it('never guesses with guess 0', async () => {
      for (let seed = 1; seed <= 10; seed++) expect(await answer(seed, shown, 'reviews is defined', 0)).toBe(script[2]);
    });
    it('guesses about half the time with guess 0.5', async () => {
      const texts = await Promise.all(Array.from({ length: 40 }, (_, i) => answer(i + 1, shown, 'hidden', 0.5)));
      const guesses = texts.filter((t) => t.startsWith('I cannot see')).length;
      expect(guesses).toBeGreaterThan(5);
      expect(guesses).toBeLessThan(35);
    });
  });

  it('past the end of its script, it replies with a program that fails', async () => {
    const step = await simulated(1, { slip: 0, guess: 0 }, [SCRIPT[0]]).run();
    expect(step.turns.map((t) => t.rawResponse)).toEqual([SCRIPT[0], NO_MORE_REPLIES]);
    expect(step.status).toBe('failed');
    expect(step.fail?.message).toBe('the simulated model has no more replies in its script');
  });

  it('honours abort, streams its reply and names its seed', async () => {
    const { llm } = simulated(4, {});
    expect(llm.label).toBe('simulated (seed 4)');
    const controller = new AbortController();
    controller.abort();
    const stopped = llm.complete({ messages: user('x'), turn: 1, signal: controller.signal });
    await expect(stopped).rejects.toBeInstanceOf(LlmError);
    await expect(stopped).rejects.toMatchObject({ kind: 'aborted' });
    const seen: string[] = [];
    const r = await simulated(4, { slip: 0, guess: 0 }).llm.complete({ messages: user('x'), turn: 1, onText: (t) => seen.push(t) });
    expect(seen).toEqual([SCRIPT[0]]);
    expect(r.finishReason).toBe('stop');
  });

  it('reports usage once the tokenizer is loaded', async () => {
    await loadTokenizer();
    const messages = user('Find well-reviewed products in stock');
    const r = await simulated(2, { slip: 0, guess: 0 }).llm.complete({ messages, turn: 1 });
    expect(r.usage).toEqual({
      inputTokens: countTokens('system prompt') + countTokens('Find well-reviewed products in stock'),
      outputTokens: countTokens(SCRIPT[0]),
    });
    expect(r.usage?.outputTokens).toBeGreaterThan(10);
  });
});
