// The engine against a real server over Streamable HTTP (server-everything, installed from the
// registry): connecting lists its tools, programs call them as any tool, pmap's calls are in flight
// together, and the run records each call with its server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyReplyLive, initialStep, messagesForTurn, prepareAgent } from '../../src/agent/loop.ts';
import { McpConnections } from '../../src/agent/mcp-connection.ts';
import { printValue } from '../../src/lisp/printer.ts';
import type { McpServerRecord } from '../../src/records/mcp-tools.ts';
import { everythingHttp, type RunningServer } from './servers.ts';

let server: RunningServer;
let connections: McpConnections;

beforeAll(async () => {
  server = await everythingHttp();
  connections = await McpConnections.connect([{ name: 'everything', transport: 'http', url: server.url }]);
});

afterAll(async () => {
  await connections?.close();
  await server?.stop();
});

function agentWith(servers: McpServerRecord[]) {
  const p = prepareAgent({ mission: 'Add.', tools: [], data: new Map(), maxTurns: 5, compression: true, mcpServers: servers, mcp: connections });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

describe('server-everything over Streamable HTTP', () => {
  it('connects and lists its tools with their schemas', () => {
    const state = connections.states[0];
    expect(state).toMatchObject({ name: 'everything', connected: true, via: 'streamable-http' });
    expect(state.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    expect(state.tools.find((t) => t.name === 'get-sum')?.inputSchema).toMatchObject({ properties: { a: {}, b: {} } });
  });

  it('shows its tools in tool/ and answers programs’ calls, named and positional, side by side in pmap', async () => {
    const servers = connections.records([{ name: 'everything', transport: 'http', url: server.url, tools: [] }]);
    const agent = agentWith(servers);
    expect(messagesForTurn(agent, [], 1).messages[1].content).toMatch(/\(tool\/get-sum a b\) +; \(a :float, b :float\) -> :any/);
    const step = await applyReplyLive(
      agent,
      initialStep(),
      '```clojure\n[(tool/get-sum {:a 2 :b 40}) (tool/get-sum 2 40) (pmap #(tool/echo {:message %}) ["x" "y"])]\n```',
      [],
    );
    const turn = step.turns[0];
    expect(turn.error).toBeUndefined();
    expect(printValue(turn.result)).toMatch(/42.*42.*x.*y/s);
    expect(turn.toolCalls.map((c) => [c.name, c.server])).toEqual([
      ['get-sum', 'everything'],
      ['get-sum', 'everything'],
      ['echo', 'everything'],
      ['echo', 'everything'],
    ]);
    expect(turn.toolCalls.every((c) => c.durationMs > 0)).toBe(true);
  });

  it('fails a call the server refuses with a tool_error naming tool and server', async () => {
    const agent = agentWith(connections.records([{ name: 'everything', transport: 'http', url: server.url, tools: [] }]));
    const step = await applyReplyLive(agent, initialStep(), '```clojure\n(tool/get-sum {:a "two"})\n```', []);
    expect(step.turns[0].error).toMatchObject({ type: 'tool_error', message: expect.stringContaining('tool/get-sum (server everything) failed') });
  });
});
