import { describe, expect, it } from 'vitest';
import { extractProgram } from '../../src/agent/code-block.ts';
import { LlmError, mockLlm, replayLlm, type Llm } from '../../src/agent/llm.ts';
import { applyReply, initialStep, messagesFor, messagesForTurn, prepareAgent, resumeStep, runAgent, runTurn } from '../../src/agent/loop.ts';
import { expandMission } from '../../src/agent/mission-expander.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { agentDef, play, prepared, reply } from './fixtures.ts';

describe('extracting the program from a reply', () => {
  it('takes the ```clojure block and ignores the prose around it', () => {
    expect(extractProgram('Let me look.\n```clojure\n(+ 1 2)\n```\nThat should work.')).toEqual({ ok: true, program: '(+ 1 2)' });
  });
  it('accepts lisp-like tags and untagged blocks; tagged blocks win', () => {
    expect(extractProgram('```clj\n(inc 1)\n```')).toEqual({ ok: true, program: '(inc 1)' });
    expect(extractProgram('```\n(inc 2)\n```')).toEqual({ ok: true, program: '(inc 2)' });
    expect(extractProgram('```\noutput\n```\n```clojure\n(inc 3)\n```')).toEqual({ ok: true, program: '(inc 3)' });
    expect(extractProgram('```json\n{"a": 1}\n```')).toMatchObject({ ok: false });
  });
  it('joins several Clojure blocks in order', () => {
    expect(extractProgram('```clojure\n(def a 1)\n```\nthen\n```clojure\n(return a)\n```')).toEqual({ ok: true, program: '(def a 1)\n\n(return a)' });
  });
  it('a reply without a block, or with an empty one, is an error the LLM can act on', () => {
    expect(extractProgram('(+ 1 2)')).toEqual({
      ok: false,
      message: 'The reply has no ```clojure code block. Reply with exactly one ```clojure block holding the program.',
    });
    expect(extractProgram('```clojure\n\n```')).toEqual({ ok: false, message: 'The ```clojure code block is empty. Put the program inside it.' });
  });
});

describe('mission expansion (MissionExpander)', () => {
  const data = dataFromJson({ city: 'Lund', user: { name: 'Ada', tags: ['a', 'b'] }, limit: 3 });
  it('fills placeholders from data; strings as they are, other values in Clojure notation', () => {
    expect(expandMission('Weather in {{city}} for {{ user.name }}, top {{limit}} of {{user.tags}}; first {{user.tags.0}}', data)).toEqual({
      text: 'Weather in Lund for Ada, top 3 of ["a" "b"]; first a',
      missing: [],
    });
  });
  it('unknown placeholders stay as written and are reported once', () => {
    expect(expandMission('{{nope}} and {{nope}} and {{user.age}}', data)).toEqual({
      text: '{{nope}} and {{nope}} and {{user.age}}',
      missing: ['nope', 'user.age'],
    });
  });
  it('the agent reports missing placeholders as warnings and shows the expanded mission', () => {
    const agent = prepared(agentDef({ mission: 'Products: {{products.0.name}} {{missing}}' }));
    expect(agent.mission.text).toBe('Products: Laptop {{missing}}');
    expect(agent.warnings).toEqual(['mission: no data for placeholder {{missing}}; it is left as written']);
  });
});

describe('preparing an agent', () => {
  it('reports every bad tool implementation and compression option with its path', () => {
    const p = prepareAgent(
      agentDef({
        compression: 'nope',
        tools: [
          { name: 'a', signature: '() -> :int', impl: '(fn [] (+ 1' },
          { name: 'b', signature: '() -> :int', impl: '42' },
          { name: 'c', signature: '() -> :int', impl: '(fn [] 1)' },
        ],
      }),
    );
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.errors).toHaveLength(3);
    expect(p.errors[0]).toMatch(/^compression: Unknown compression strategy "nope"/);
    expect(p.errors[1]).toMatch(/^tools\[0\]\.impl: .*\(line 1, column \d+\)$/);
    expect(p.errors[2]).toBe('tools[1].impl: must evaluate to a function such as (fn [x] …), got integer');
  });
});

describe('the step function (R1, L7)', () => {
  const agent = prepared();

  it('ARC-001 / ARC-007 / DBG-001 / DBG-002 records an immutable Turn in Step.turns with everything a turn needs', () => {
    const step = play(agent, ['(def r (tool/search-reviews "Toys"))\n(println "got" (count r))\n(count r)']);
    const t = step.turns[0];
    expect(t.number).toBe(1);
    expect(t.rawResponse).toBe(reply('(def r (tool/search-reviews "Toys"))\n(println "got" (count r))\n(count r)'));
    expect(t.program).toBe('(def r (tool/search-reviews "Toys"))\n(println "got" (count r))\n(count r)');
    expect(t.success).toBe(true);
    expect(printValue(t.result)).toBe('74');
    expect(t.prints).toEqual(['got 74']);
    expect(t.toolCalls.map((c) => [c.name, c.args.map(printValue), printValue(c.result).slice(0, 20)])).toEqual([
      ['search-reviews', ['"Toys"'], '"Customer Review Sum'],
    ]);
    expect([...t.memory.keys()]).toEqual(['r']);
    expect(t.messages).toEqual(messagesFor(agent, initialStep()).messages);
    expect(step.status).toBe('running');
  });

  it('CMP-004 / DBG-004 / DBG-005 turns keep full programs; the messages stored with each turn are rendered from earlier turns when the turn starts', () => {
    const step = play(agent, ['(def a 1)', '(println a)', '(bad)', '(def b 2)']);
    step.turns.forEach((t, i) => expect(messagesForTurn(agent, step.turns, i + 1).messages).toEqual(t.messages));
  });

  it('*1 *2 *3 hold the results of earlier successful turns', () => {
    const step = play(agent, ['10', '20', '(bad)', '30', '[*1 *2 *3]']);
    expect(printValue(step.turns[4].result)).toBe('[30 20 10]');
  });

  it('(return v) ends the run with v; (fail reason) ends it as failed', () => {
    const r = play(agent, ['(def x 41)', '(return (inc x))']);
    expect(r.status).toBe('returned');
    expect(printValue(r.return ?? null)).toBe('42');
    const f = play(agent, ['(fail "no stock anywhere")']);
    expect(f.status).toBe('failed');
    expect(f.fail?.message).toBe('no stock anywhere');
    expect(f.turns[0]).toMatchObject({ success: false, signal: 'fail', error: { type: 'fail', message: 'no stock anywhere' } });
  });

  it('runs out of turns with a clear failure', () => {
    const three = prepared(agentDef({ maxTurns: 3 }));
    const s = play(three, ['1', '2', '(zzqq)']);
    expect(s.status).toBe('out_of_turns');
    expect(s.fail?.message).toBe('No (return …) or (fail …) after 3 turns; the last turn failed: Unable to resolve symbol: zzqq in this context.');
    expect(() => applyReply(three, s, reply('4'), [])).toThrow(/The run has ended \(out_of_turns\)/);
  });

  it('single-shot: the last expression is the answer', () => {
    const one = prepared(agentDef({ maxTurns: 1 }));
    const s = play(one, ['(count data/products)']);
    expect(s.status).toBe('returned');
    expect(printValue(s.return ?? null)).toBe('4');
  });

  it('applying a reply never changes the step it was given', () => {
    const s1 = play(agent, ['(def a 1)']);
    const copy = { ...s1, turns: [...s1.turns] };
    const s2 = play(agent, ['(def a 2)'], s1);
    expect(s1).toEqual(copy);
    expect(printValue(s1.memory.get('a')?.value ?? null)).toBe('1');
    expect(printValue(s2.memory.get('a')?.value ?? null)).toBe('2');
  });

  it('usage adds up turns and durations', () => {
    const s = play(agent, ['1', '2']);
    expect(s.usage.turns).toBe(2);
    expect(s.usage.durationMs).toBeCloseTo(s.turns[0].durationMs + s.turns[1].durationMs, 6);
  });
});

describe('the driver and the LLM interface', () => {
  it('runs a mock script to the end, one reply per turn, reporting each turn', async () => {
    const agent = prepared();
    const seen: number[] = [];
    const step = await runAgent(agent, mockLlm([reply('(def n (count data/products))'), reply('(return (* n 2))')]), {
      onTurn: (s) => seen.push(s.turns.length),
    });
    expect(step.status).toBe('returned');
    expect(printValue(step.return ?? null)).toBe('8');
    expect(seen).toEqual([1, 2]);
  });

  it('asks the LLM with the rendered messages and the turn number', async () => {
    const agent = prepared();
    const asked: { turn: number; users: string }[] = [];
    const llm: Llm = {
      label: 'spy',
      complete: ({ messages, turn }) => {
        asked.push({ turn, users: messages[1].content });
        return Promise.resolve({ text: reply(turn === 1 ? '(def a 1)' : '(return a)') });
      },
    };
    await runAgent(agent, llm);
    expect(asked.map((a) => a.turn)).toEqual([1, 2]);
    expect(asked[1].users).toContain('a                             ; = integer, sample: 1');
  });

  it('a mock that runs out of replies rejects and leaves the step as it was', async () => {
    const agent = prepared();
    const s1 = await runTurn(agent, initialStep(), mockLlm([reply('(def a 1)')]));
    await expect(runTurn(agent, s1, mockLlm([reply('(def a 1)')]))).rejects.toThrow(
      new LlmError('The mock LLM has no reply for turn 2 (its script has 1); add a reply to continue', 'no_reply'),
    );
    expect(s1.turns).toHaveLength(1);
  });

  it('an aborted signal stops before asking', async () => {
    const agent = prepared();
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(runTurn(agent, initialStep(), mockLlm([reply('1')]), { signal: ctrl.signal })).rejects.toMatchObject({ kind: 'aborted' });
  });

  it('replay answers with the replies recorded in saved turns and reproduces the run', async () => {
    const agent = prepared();
    const first = play(agent, ['(def a (tool/get-inventory))', '(println (count a))', '(return (count a))']);
    const again = await runAgent(agent, replayLlm(first.turns));
    expect(again.turns.map((t) => [t.program, t.prints, printValue(t.result), t.messages])).toEqual(
      first.turns.map((t) => [t.program, t.prints, printValue(t.result), t.messages]),
    );
  });
});

describe('resuming from saved turns', () => {
  it('rebuilds the step and live functions, then goes on where the run stopped', async () => {
    const agent = prepared();
    const original = play(agent, ['(defn twice "Doubles" [x] (* 2 x)) (twice 2)', '(def n (twice 21))']);
    const resumed = resumeStep(agent, original.turns);
    expect(resumed.status).toBe('running');
    expect(resumed.turns).toEqual(original.turns);
    expect(messagesFor(agent, resumed)).toEqual(messagesFor(agent, original));
    const next = await runTurn(agent, resumed, mockLlm([reply('x'), reply('x'), reply('(return (twice n))')]));
    expect(next.status).toBe('returned');
    expect(printValue(next.return ?? null)).toBe('84');
  });

  it('a finished run resumes as finished', () => {
    const agent = prepared();
    const done = play(agent, ['(return 1)']);
    expect(resumeStep(agent, done.turns)).toMatchObject({ status: 'returned', return: 1 });
  });
});
