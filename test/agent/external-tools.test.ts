// The tools of a session's MCP servers and the host's in the agent: shown in tool/ after the
// session's own tools (C4), called from programs with their arguments mapped (T3), made live by the
// agent's connections, answered from the record in a replay (T5), refused, saying why, when
// nothing is connected.
import { describe, expect, it } from 'vitest';
import type { AgentDef } from '../../src/agent/agent.ts';
import { applyReply, applyReplyLive, initialStep, messagesForTurn, prepareAgent, renderOptions, resumeStep, type PreparedAgent } from '../../src/agent/loop.ts';
import type { HostTool, McpClients } from '../../src/agent/external-tools.ts';
import type { Step } from '../../src/agent/turn.ts';
import type { McpToolResult } from '../../src/records/mcp-values.ts';
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

/** Connections that answer every call with `answer`, noting what was sent. */
function clients(answer: (server: string, tool: string, args: string) => McpToolResult | Error, sent: string[] = []): McpClients {
  return {
    connected: () => true,
    callTool: (server, tool, args) => {
      sent.push(`${server} ${tool} ${args}`);
      const a = answer(server, tool, args);
      return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
    },
  };
}

const text = (t: string): McpToolResult => ({ content: [{ type: 'text', text: t }] });

async function steps(agent: PreparedAgent, programs: readonly string[], step: Step = initialStep()): Promise<Step> {
  for (const p of programs) step = await applyReplyLive(agent, step, '```clojure\n' + p + '\n```', []);
  return step;
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

  it('send the mapped arguments to the server and give back its answer as a value', async () => {
    const sent: string[] = [];
    const agent = prepared({ ...DEF, mcp: clients(() => ({ content: [], structuredContent: { sum: 42 } }), sent) });
    const step = await steps(agent, ['[(tool/get-sum {:a 2 :b 40}) (tool/get-sum 2 40) (tool/read_graph)]']);
    const turn = step.turns[0];
    expect(turn.success && printValue(turn.result)).toBe('[{:sum 42} {:sum 42} {:sum 42}]');
    expect(sent).toEqual(['everything get-sum {"a":2,"b":40}', 'everything get-sum {"a":2,"b":40}', 'memory read_graph {}']);
    expect(turn.toolCalls.map((c) => [c.name, c.server])).toEqual([
      ['get-sum', 'everything'],
      ['get-sum', 'everything'],
      ['read_graph', 'memory'],
    ]);
  });

  it('fail the program with tool_error naming tool and server when the server fails or reports an error', async () => {
    const agent = prepared({
      ...DEF,
      mcp: clients((_s, tool) =>
        tool === 'get-sum' ? new Error('connection reset') : { isError: true, content: [{ type: 'text', text: 'graph is locked' }] },
      ),
    });
    const step = await steps(agent, ['(tool/get-sum 1 2)', '(tool/read_graph)']);
    expect(step.turns.map((t) => t.error?.message)).toEqual([
      'tool/get-sum (server everything) failed: connection reset',
      'tool/read_graph (server memory) failed: graph is locked',
    ]);
    expect(step.turns.map((t) => t.error?.type)).toEqual(['tool_error', 'tool_error']);
    expect(step.turns[0].toolCalls[0].error).toBe('tool/get-sum (server everything) failed: connection reset');
  });

  it('time out a call past toolTimeoutMs with a tool_error, and the program’s waiting past toolWaitMs with timeout', async () => {
    const never: McpClients = {
      connected: () => true,
      callTool: (_s, _t, _a, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const one = await steps(prepared({ ...DEF, mcp: never, toolLimits: { toolTimeoutMs: 20 } }), ['(tool/read_graph)']);
    expect(one.turns[0].error?.message).toBe('tool/read_graph (server memory) failed: no answer within 20 ms');
    const all = await steps(prepared({ ...DEF, mcp: never, toolLimits: { toolWaitMs: 20 } }), ['(tool/read_graph)']);
    expect(all.turns[0].error).toMatchObject({ type: 'timeout', message: expect.stringContaining('more than 20 ms') });
  });

  it('call host tools, given as async functions, after the session’s tools in tool/', async () => {
    const lookup: HostTool = {
      name: 'lookup',
      signature: '(id :int) -> :string',
      description: 'A name by id.',
      call: (args) => Promise.resolve(`name-${String(args[0])}`),
    };
    const broken: HostTool = { name: 'broken', call: () => Promise.reject(new Error('disk full')) };
    const agent = prepared({ ...DEF, mcpServers: [], hostTools: [lookup, broken] });
    expect(messagesForTurn(agent, [], 1).messages[1].content).toContain(
      [
        '(tool/search q)               ; (q :string) -> [:string]',
        '(tool/lookup id)              ; (id :int) -> :string -- A name by id.',
        '(tool/broken)                 ; (& args) -> :any',
      ].join('\n'),
    );
    const step = await steps(agent, ['(pmap tool/lookup [1 2 3])', '(tool/broken)']);
    expect(printValue(step.turns[0].result)).toBe('["name-1" "name-2" "name-3"]');
    expect(step.turns[1].error?.message).toBe('tool/broken failed: disk full');
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

  it('record each call with its server, and the server’s own name when the program used another', async () => {
    const servers: McpServerRecord[] = [{ ...SERVERS[1], tools: [{ name: 'read_graph', as: 'graph', inputSchema: { type: 'object' } }] }];
    const agent = prepared({ ...DEF, mcpServers: servers, mcp: clients(() => text('ok')) });
    const step = await steps(agent, ['(tool/graph) (tool/search "x")']);
    expect(step.turns[0].toolCalls.map((c) => [c.name, c.server ?? null, c.tool ?? null])).toEqual([
      ['graph', 'memory', 'read_graph'],
      ['search', null, null],
    ]);
  });
});

describe('replaying recorded turns', () => {
  it('answers MCP calls from the record, never from a server, the k-th equal call with the k-th answer', async () => {
    let live = 0;
    const agent = prepared({ ...DEF, mcp: clients(() => text(String(++live))) });
    const step = await steps(agent, ['(def a (tool/get-sum 2 40)) (def b (tool/get-sum 2 40))', '(def c (tool/read_graph)) [a b c]']);
    expect(live).toBe(3);
    expect(step.turns.every((t) => t.success)).toBe(true);
    const resumed = resumeStep(agent, step.turns);
    expect(live).toBe(3);
    expect(['a', 'b', 'c'].map((n) => printValue(resumed.memory.get(n)?.value ?? null))).toEqual(['"1"', '"2"', '"3"']);
  });

  it('keeps the saved memory when a call was not recorded (the replay then stops)', async () => {
    const turn = (await steps(prepared({ ...DEF, mcp: clients(() => text('7')) }), ['(def x (tool/get-sum 1 2))'])).turns[0];
    const resumed = resumeStep(prepared(DEF), [{ ...turn, toolCalls: [] }]);
    expect(printValue(resumed.memory.get('x')?.value ?? null)).toBe('"7"');
  });

  it('runs a whole run again from a record without a server: the k-th equal call of the run gets the k-th answer', async () => {
    let live = 0;
    const programs = ['(tool/read_graph)', '[(tool/read_graph) (tool/get-sum 1 2)]'];
    const recorded = await steps(prepared({ ...DEF, mcp: clients(() => text(String(++live))) }), programs);
    const again = await steps(prepared({ ...DEF, toolRecord: recorded.turns }), programs);
    expect(again.turns.map((t) => printValue(t.result))).toEqual(['"1"', '["2" "3"]']);
    expect(again.turns[1].toolCalls.map((c) => c.durationMs)).toEqual(recorded.turns[1].toolCalls.map((c) => c.durationMs));
    // One call more than was recorded is refused, saying so.
    const more = applyReply(prepared({ ...DEF, toolRecord: recorded.turns }), again, '```clojure\n(tool/get-sum 1 2)\n```', []);
    expect(more.turns[2].error?.message).toBe(
      'tool/get-sum (server everything): the server is not connected, and the 1 recorded call with these arguments were all answered: {"a":1,"b":2}',
    );
  });
});

describe('a session’s bounds on MCP calls', () => {
  it('are read from its limits (T4) and bound the calls, while the program keeps its own limits', async () => {
    const { parseSession, sessionToAgent } = await import('../../src/session/session-file.ts');
    const parsed = parseSession({
      version: 2,
      mission: 'x',
      limits: { timeoutMs: 2000, toolTimeoutMs: 25 },
      mcpServers: [{ name: 'memory', transport: 'stdio', tools: [{ name: 'read_graph', inputSchema: { type: 'object' } }] }],
      llm: { provider: 'mock', replies: [] },
    });
    if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
    const def = sessionToAgent(parsed.session);
    expect(def.limits).toEqual({ timeoutMs: 2000 });
    expect(def.toolLimits).toEqual({ toolTimeoutMs: 25 });
    const never: McpClients = {
      connected: () => true,
      callTool: (_s, _t, _a, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const step = await steps(prepared({ ...def, mcp: never }), ['(tool/read_graph)']);
    expect(step.turns[0].error?.message).toBe('tool/read_graph (server memory) failed: no answer within 25 ms');
  });
});

describe('servers connected and not', () => {
  it('make the connected server’s calls live and answer the other’s from the record', async () => {
    let live = 0;
    const both = clients(() => text(String(++live)));
    const recorded = await steps(prepared({ ...DEF, mcp: both }), ['[(tool/read_graph) (tool/get-sum 1 2)]']);
    expect(live).toBe(2);
    const onlyEverything: McpClients = { ...clients(() => text(`live-${String(++live)}`)), connected: (s) => s === 'everything' };
    const again = await steps(prepared({ ...DEF, mcp: onlyEverything, toolRecord: recorded.turns }), ['[(tool/read_graph) (tool/get-sum 1 2)]']);
    // read_graph's answer is the recorded "1"; get-sum went to the connected server.
    expect(printValue(again.turns[0].result)).toBe('["1" "live-3"]');
  });
});
