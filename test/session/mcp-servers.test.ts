// The MCP servers a session names (T1): the snapshot of their tools is kept and written back as it
// came; a command, its arguments or environment and header values are refused at their path with
// what to use instead, and nothing of them is ever written.
import { describe, expect, it } from 'vitest';
import { parsedWith, problemsWith } from './builders.ts';
import { parseSession, serializeSession, type Session } from '../../src/session/session-file.ts';

const BASE = { version: 2, mission: 'Add numbers', llm: { provider: 'mock', replies: [] } };

const EVERYTHING = {
  name: 'everything',
  transport: 'http',
  url: 'http://127.0.0.1:3001/mcp',
  tools: [
    {
      name: 'get-sum',
      description: 'Returns the sum of two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number', minimum: -1e6 }, b: { type: 'number' } }, required: ['a', 'b'] },
    },
    { name: 'echo', as: 'say', hidden: true, inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, outputSchema: { type: 'object' } },
  ],
};
const MEMORY = { name: 'memory', transport: 'stdio', tools: [{ name: 'read_graph', inputSchema: { type: 'object' } }] };

const parsed = (patch: Record<string, unknown>): Session => parsedWith(BASE, patch);
const problems = (patch: Record<string, unknown>): string[] => problemsWith(BASE, patch);

describe('mcpServers', () => {
  it('are read with their tool snapshots, and written back as they came, after the tools', () => {
    const s = parsed({ mcpServers: [EVERYTHING, MEMORY] });
    expect(s.mcpServers?.map((m) => [m.name, m.transport, m.url ?? null, m.tools.map((t) => t.as ?? t.name)])).toEqual([
      ['everything', 'http', 'http://127.0.0.1:3001/mcp', ['get-sum', 'say']],
      ['memory', 'stdio', null, ['read_graph']],
    ]);
    const text = serializeSession(s);
    const json = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(json).indexOf('mcpServers')).toBe(Object.keys(json).indexOf('tools') + 1);
    expect(json.mcpServers).toEqual([EVERYTHING, MEMORY]);
    const again = parseSession(text);
    expect(again.ok && serializeSession(again.session)).toBe(text);
  });

  it('are left out of a file when there are none', () => {
    expect(JSON.parse(serializeSession(parsed({ mcpServers: [] })))).not.toHaveProperty('mcpServers');
  });

  it('refuse a command, its arguments or environment, and header values, saying what to use instead', () => {
    const errors = problems({
      mcpServers: [
        { ...MEMORY, command: 'npx', args: ['-y', 'server-memory'], env: { TOKEN: 'x' } },
        { ...EVERYTHING, headers: { Authorization: 'Bearer sk-secret' } },
      ],
    });
    expect(errors).toEqual([
      `mcpServers[0].command: a server's command is never kept in a session (opening it would run a program): give it on the command line, --mcp-stdio 'memory=COMMAND ARG…'`,
      `mcpServers[0].args: a server's args is never kept in a session (opening it would run a program): give it on the command line, --mcp-stdio 'memory=COMMAND ARG…'`,
      `mcpServers[0].env: a server's env is never kept in a session (opening it would run a program): give it on the command line, --mcp-stdio 'memory=COMMAND ARG…'`,
      `mcpServers[1].headers: header values are never kept in a session (they hold tokens): give them with --mcp-header 'everything=Header: value', or in the app, where they are kept like keys`,
    ]);
    expect(errors.join('\n')).not.toContain('sk-secret');
  });

  it('refuse an http server without a url, a stdio one with one, a url that is not http, two servers of one name', () => {
    expect(problems({ mcpServers: [{ name: 'a', transport: 'http', tools: [] }] })).toEqual(['mcpServers[0].url: required for an http server']);
    expect(problems({ mcpServers: [{ ...MEMORY, url: 'http://x' }] })[0]).toMatch(/^mcpServers\[0\]\.url: a stdio server has no url/);
    expect(problems({ mcpServers: [{ ...EVERYTHING, url: 'file:///etc/passwd' }] })[0]).toMatch(/^mcpServers\[0\]\.url: /);
    expect(problems({ mcpServers: [MEMORY, MEMORY] }).join('\n')).toMatch(/mcpServers\[1\]\.name: .*memory/);
    expect(problems({ mcpServers: [{ ...MEMORY, transport: 'sse' }] })[0]).toMatch(/^mcpServers\[0\]\.transport: /);
    expect(problems({ mcpServers: [{ ...MEMORY, tools: [{ name: 'x', inputSchema: 'nope' }] }] })[0]).toMatch(
      /^mcpServers\[0\]\.tools\[0\]\.inputSchema: expected a JSON Schema object/,
    );
  });

  it("keep a recorded call's server, and the server's own tool name, through a file", () => {
    const turn = {
      number: 1,
      rawResponse: '```clojure\n(tool/graph)\n```',
      program: '(tool/graph)',
      result: 'g',
      toolCalls: [{ name: 'graph', args: [], result: 'g', durationMs: 3, server: 'memory', tool: 'read_graph' }],
      success: true,
    };
    const s = parsed({ mcpServers: [MEMORY], turns: [turn] });
    expect(s.turns[0].toolCalls.map((c) => [c.name, c.server, c.tool])).toEqual([['graph', 'memory', 'read_graph']]);
    const again = parseSession(serializeSession(s));
    expect(again.ok && again.session.turns[0].toolCalls[0]).toMatchObject({ server: 'memory', tool: 'read_graph' });
  });
});

describe('previousRunCalls', () => {
  const kept = [
    { name: 'say', args: [{ message: 'hi' }], result: 'echo: hi', durationMs: 2.5, server: 'everything', tool: 'echo' },
    { name: 'get-sum', args: [2, 40], result: 42, durationMs: 1, server: 'everything', error: 'late' },
  ];

  it('keeps the calls of the run before a Reset, between the discarded requests and the turns', () => {
    const s = parsed({ mcpServers: [EVERYTHING], previousRunCalls: kept });
    expect(s.previousRunCalls?.map((c) => [c.name, c.server, c.tool ?? null, c.error ?? null])).toEqual([
      ['say', 'everything', 'echo', null],
      ['get-sum', 'everything', null, 'late'],
    ]);
    const text = serializeSession(s);
    const keys = Object.keys(JSON.parse(text) as object);
    expect(keys.indexOf('previousRunCalls')).toBe(keys.indexOf('turns') - 1);
    const again = parseSession(text);
    expect(again.ok && serializeSession(again.session)).toBe(text);
  });

  it('refuses a kept call without its server: only servers’ calls are kept', () => {
    expect(problems({ previousRunCalls: [{ name: 'search', args: [], result: null, durationMs: 1 }] })).toContain(
      "previousRunCalls[0].server: required: only MCP servers' calls are kept",
    );
  });
});
