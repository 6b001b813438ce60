// Two runs in one process never share state: agent loops whose turns alternate across awaits, each
// with its own limits, tools and memory, and a program run started by a tool in the middle of
// another program. `ptc compare` and experiments run many at once in one worker or process.
import { describe, expect, it } from 'vitest';
import type { Llm } from '../../src/agent/llm.ts';
import { initialStep, prepareAgent, runTurn, type PreparedAgent } from '../../src/agent/loop.ts';
import type { Step } from '../../src/agent/turn.ts';
import { dataFromJson } from '../../src/lisp/json.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run, type RunResult } from '../../src/lisp/run.ts';
import type { ToolImpl } from '../../src/lisp/runtime.ts';
import { makeFn } from '../../src/lisp/values.ts';
import { reply } from './fixtures.ts';

/** An LLM that answers from a script after a real wait, so the other run's turn goes in between. */
function slowScript(replies: readonly string[], waitMs: number, log: string[], name: string): Llm {
  return {
    label: `script ${name}`,
    async complete({ turn }) {
      log.push(`${name} asks ${turn}`);
      await new Promise((r) => setTimeout(r, waitMs));
      log.push(`${name} answered ${turn}`);
      return { text: reply(replies[turn - 1]) };
    },
  };
}

function agent(over: { tools: { name: string; impl: string }[]; data: Record<string, unknown>; limits: Record<string, number> }): PreparedAgent {
  const p = prepareAgent({
    mission: 'test',
    tools: over.tools.map((t) => ({ ...t, signature: '(x :any) -> :any' })),
    data: dataFromJson(over.data),
    maxTurns: 5,
    compression: true,
    limits: over.limits,
  });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

const lastTurn = (s: Step) => s.turns[s.turns.length - 1];

describe('two agent loops alternating turns across awaits', () => {
  it('each sees only its own tools, data, memory, output and limits', async () => {
    const log: string[] = [];
    const a = agent({
      tools: [{ name: 'lookup', impl: '(fn [x] (str "A-" x))' }],
      data: { who: 'alpha' },
      limits: { maxLoopIterations: 20 },
    });
    const b = agent({
      tools: [{ name: 'lookup', impl: '(fn [x] (str "B-" x))' }],
      data: { who: 'beta' },
      limits: { maxLoopIterations: 5000 },
    });
    // The same programs in both runs: what differs is only what each run was given.
    const programs = [
      '(def seen (tool/lookup data/who)) (println "printed by" data/who) seen',
      '(def n (loop [i 0] (if (< i 1000) (recur (inc i)) i))) n',
      '(return [seen (count (range 10))])',
    ];
    const llmA = slowScript(programs, 15, log, 'A');
    const llmB = slowScript(programs, 5, log, 'B');

    let stepA = initialStep();
    let stepB = initialStep();
    const driveA = (async () => {
      for (let i = 0; i < 3 && stepA.status === 'running'; i++) stepA = await runTurn(a, stepA, llmA);
    })();
    const driveB = (async () => {
      for (let i = 0; i < 3 && stepB.status === 'running'; i++) stepB = await runTurn(b, stepB, llmB);
    })();
    await Promise.all([driveA, driveB]);

    // The turns really interleaved: B asked for its second turn before A had its first answer.
    expect(log.indexOf('B asks 2')).toBeLessThan(log.indexOf('A answered 1'));

    // Turn 1: each run's own tool and data, its own printed line and tool call.
    const a1 = stepA.turns[0];
    const b1 = stepB.turns[0];
    expect(printValue(a1.result)).toBe('"A-alpha"');
    expect(printValue(b1.result)).toBe('"B-beta"');
    expect(a1.prints).toEqual(['printed by alpha']);
    expect(b1.prints).toEqual(['printed by beta']);
    expect(a1.toolCalls.map((c) => printValue(c.result))).toEqual(['"A-alpha"']);
    expect(b1.toolCalls.map((c) => printValue(c.result))).toEqual(['"B-beta"']);

    // Turn 2: A's limit of 20 iterations stops its loop; B's 5,000 lets the same loop finish.
    const a2 = stepA.turns[1];
    const b2 = stepB.turns[1];
    expect(a2.success).toBe(false);
    expect(a2.error?.type).toBe('loop_limit_exceeded');
    expect(a2.error?.message).toContain('20 iterations');
    expect(b2.success).toBe(true);
    expect(printValue(b2.result)).toBe('1000');
    expect([...stepA.turns[1].memory.keys()]).toEqual(['seen']);
    expect([...stepB.turns[1].memory.keys()]).toEqual(['seen', 'n']);

    // Turn 3: each run returns from its own memory.
    expect(stepA.status).toBe('returned');
    expect(stepB.status).toBe('returned');
    expect(printValue(lastTurn(stepA).result)).toBe('["A-alpha" 10]');
    expect(printValue(lastTurn(stepB).result)).toBe('["B-beta" 10]');
  });
});

describe('a run started by a tool, inside another run', () => {
  const inner = (program: string, limits: Record<string, number>): { result: RunResult | null; tool: ToolImpl } => {
    const box: { result: RunResult | null; tool: ToolImpl } = {
      result: null,
      tool: {
        name: 'nested',
        fn: makeFn(
          () => {
            box.result = run({ program, limits, data: { who: 'inner' } });
            return box.result.ok ? box.result.value : null;
          },
          { name: 'tool/nested', kind: 'tool', minArity: 0, maxArity: 0, params: [] },
        ),
      },
    };
    return box;
  };

  it('keeps its own limits, output, tool calls and definitions, and the outer run gets its own back', () => {
    const box = inner('(println "inner" data/who) (def x 1) (loop [i 0] (if (< i 500) (recur (inc i)) i))', { maxLoopIterations: 1000 });
    const outer = run({
      program: '(println "outer before") (def got (tool/nested)) (println "outer after" got) (loop [i 0] (if (< i 100) (recur (inc i)) i))',
      tools: [box.tool],
      data: { who: 'outer' },
      limits: { maxLoopIterations: 50 },
    });
    expect(box.result?.ok).toBe(true);
    if (!box.result?.ok) return;
    expect(printValue(box.result.value)).toBe('500');
    expect(box.result.prints).toEqual(['inner inner']);
    expect(box.result.toolCalls).toEqual([]);
    expect(box.result.defined.map((d) => d.name)).toEqual(['x']);

    // Back in the outer run: its own limit of 50 stops its loop, its prints and calls are its own.
    expect(outer.ok).toBe(false);
    if (outer.ok) return;
    expect(outer.error.type).toBe('loop_limit_exceeded');
    expect(outer.error.message).toContain('50 iterations');
    expect(outer.prints).toEqual(['outer before', 'outer after 500']);
    expect(outer.toolCalls.map((c) => c.name)).toEqual(['nested']);
  });

  it('a failing nested run does not end or limit the outer one', () => {
    const box = inner('(loop [i 0] (recur (inc i)))', { maxLoopIterations: 10 });
    const outer = run({
      program: '(def got (tool/nested)) (println "still here") (def total (reduce + (range 200))) [got total]',
      tools: [box.tool],
      limits: { maxLoopIterations: 1000 },
    });
    expect(box.result?.ok).toBe(false);
    expect(outer.ok).toBe(true);
    if (!outer.ok) return;
    expect(printValue(outer.value)).toBe('[nil 19900]');
    expect(outer.prints).toEqual(['still here']);
    expect(outer.defined.map((d) => d.name)).toEqual(['got', 'total']);
  });
});
