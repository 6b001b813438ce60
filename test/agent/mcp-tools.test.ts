// The tools of a session's MCP servers in the agent: shown in tool/ after the session's own tools
// (C4), called from programs with their arguments mapped (T3), answered by the agent's caller, and
// refused, saying why, when nothing is connected.
import { describe, expect, it } from 'vitest';
import type { AgentDef } from '../../src/agent/agent.ts';
import { messagesForTurn, prepareAgent, renderOptions } from '../../src/agent/loop.ts';
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
});
