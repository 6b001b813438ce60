// The tools of a session's MCP servers in the agent: shown in tool/ after the session's own tools
// (C4), called from programs with their arguments mapped (T3), answered by the agent's caller, and
// refused, saying why, when nothing is connected.
import { describe, expect, it } from 'vitest';
import type { AgentDef } from '../../src/agent/agent.ts';
import { applyReply, initialStep, messagesForTurn, prepareAgent, renderOptions, resumeStep } from '../../src/agent/loop.ts';
import type { McpCaller } from '../../src/agent/mcp-tools.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { run } from '../../src/lisp/run.ts';
import type { McpServerRecord } from '../../src/records/mcp-tools.ts';

const SERVERS: McpServerRecord[] = [
  {
    name: 'everything',
    transport: 'http',
    url: 'http://127.0.0.1:3001/mcp',
    tools: [
      {
        name: 'get-sum',
        description: 'Returns the sum of two numbers.\nMore.',
        inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      },
      { name: 'hidden-one', hidden: true, inputSchema: {} },
    ],
  },
  { name: 'memory', transport: 'stdio', tools: [{ name: 'read_graph', inputSchema: { type: 'object' } }] },
];

const DEF: AgentDef = {
  mission: 'Add 2 and 40.',
  tools: [{ name: 'search', signature: '(q :string) -> [:string]', impl: '(fn [q] [q])' }],
  data: new Map(),
  maxTurns: 5,
  compression: true,
  mcpServers: SERVERS,
};

function prepared(def: AgentDef) {
  const p = prepareAgent(def);
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

describe('MCP tools in the agent', () => {
  it('are shown in tool/ after the session’s tools, server by server, as a session tool would be', () => {
    const user = messagesForTurn(prepared(DEF), [], 1).messages[1].content;
    expect(user).toContain(
      [
        ';; === tool/ ===',
        '(tool/search q)               ; (q :string) -> [:string]',
        '(tool/get-sum a b)            ; (a :float, b :float) -> :any -- Returns the sum of two numbers.',
        '(tool/read_graph)             ; () -> :any',
      ].join('\n'),
    );
    expect(renderOptions(prepared(DEF)).tools.map((t) => t.name)).toEqual(['search', 'get-sum', 'read_graph']);
  });

  it('send the mapped arguments to the caller and give back its answer', () => {
    const sent: string[] = [];
    const caller: McpCaller = { call: (server, tool, args, calledAs) => (sent.push(`${server} ${tool} ${args} ${calledAs}`), 42) };
    const agent = prepared({ ...DEF, mcpCaller: caller });
    const r = run({ program: '[(tool/get-sum {:a 2 :b 40}) (tool/get-sum 2 40) (tool/read_graph)]', tools: agent.tools });
    expect(r.ok && printValue(r.value)).toBe('[42 42 42]');
    expect(sent).toEqual(['everything get-sum {"a":2,"b":40} get-sum', 'everything get-sum {"a":2,"b":40} get-sum', 'memory read_graph {} read_graph']);
    expect(r.toolCalls.map((c) => c.name)).toEqual(['get-sum', 'get-sum', 'read_graph']);
  });

  it('refuse a call when nothing is connected, saying so, as a tool_error', () => {
    const r = run({ program: '(tool/get-sum 2 40)', tools: prepared(DEF).tools });
    expect(r.ok ? null : [r.error.type, r.error.message]).toEqual([
      'tool_error',
      'tool/get-sum (server everything): the server is not connected, and no recorded call has these arguments: {"a":2,"b":40}',
    ]);
  });

  it('are a definition problem when a name clashes, saying to rename', () => {
    const p = prepareAgent({ ...DEF, tools: [...DEF.tools, { name: 'read_graph', signature: '() -> :any', impl: '(fn [] 1)' }] });
    expect(p.ok ? [] : p.errors).toEqual([
      `mcpServers[1].tools[0]: tool/read_graph of server memory clashes with the session's tool read_graph: rename one with "as"`,
    ]);
  });

  it('record each call with its server, and the server’s own name when the program used another', () => {
    const caller: McpCaller = { call: () => 'ok' };
    const servers: McpServerRecord[] = [{ ...SERVERS[1], tools: [{ name: 'read_graph', as: 'graph', inputSchema: { type: 'object' } }] }];
    const agent = prepared({ ...DEF, mcpServers: servers, mcpCaller: caller });
    const r = run({ program: '(tool/graph) (tool/search "x")', tools: agent.tools });
    expect(r.toolCalls.map((c) => [c.name, c.server ?? null, c.tool ?? null])).toEqual([
      ['graph', 'memory', 'read_graph'],
      ['search', null, null],
    ]);
  });
});

describe('replaying recorded turns', () => {
  it('answers MCP calls from the record, never from a server, the k-th equal call with the k-th answer', () => {
    let live = 0;
    const caller: McpCaller = { call: () => ++live };
    const agent = prepared({ ...DEF, mcpCaller: caller });
    let step = initialStep();
    for (const program of ['(def a (tool/get-sum 2 40)) (def b (tool/get-sum 2 40))', '(def c (tool/read_graph)) [a b c]']) {
      step = applyReply(agent, step, '```clojure\n' + program + '\n```', []);
    }
    expect(live).toBe(3);
    expect(step.turns.every((t) => t.success)).toBe(true);
    const resumed = resumeStep(agent, step.turns);
    expect(live).toBe(3);
    expect(['a', 'b', 'c'].map((n) => printValue(resumed.memory.get(n)?.value ?? null))).toEqual(['1', '2', '3']);
  });

  it('keeps the saved memory when a call was not recorded (the replay then stops)', () => {
    const agent = prepared(DEF);
    const turn = applyReply(prepared({ ...DEF, mcpCaller: { call: () => 7 } }), initialStep(), '```clojure\n(def x (tool/get-sum 1 2))\n```', []).turns[0];
    const edited = { ...turn, toolCalls: [] };
    const resumed = resumeStep(agent, [edited]);
    expect(printValue(resumed.memory.get('x')?.value ?? null)).toBe('7');
  });
});
