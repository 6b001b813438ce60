// `ptc tools SESSION`: the tool/ section as the LLM reads it, MCP servers' tools after the session's.
import { describe, expect, it } from 'vitest';
import { ptcIn } from './harness.ts';

const SESSION = JSON.stringify({
  version: 2,
  mission: 'Add numbers',
  tools: [{ name: 'search', signature: '(q :string) -> [:string]', description: 'Finds things.', impl: '(fn [q] [q])' }],
  mcpServers: [
    {
      name: 'everything',
      transport: 'http',
      url: 'http://127.0.0.1:3001/mcp',
      tools: [
        {
          name: 'get-sum',
          description: 'Returns the sum.',
          inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        },
        { name: 'echo', hidden: true, inputSchema: { type: 'object' } },
        { name: 'long name', as: 'long-name', inputSchema: { type: 'object', properties: { 'first name': { type: 'string' } } } },
      ],
    },
  ],
  llm: { provider: 'mock', replies: [] },
});

describe('ptc tools', () => {
  it("prints the session's tools, then the servers' visible tools, as the LLM reads them", async () => {
    const r = await ptcIn(['tools', '-', '--tools', 'recorded'], { input: SESSION });
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toBe(
      [
        ';; === tool/ ===',
        '(tool/search q)               ; (q :string) -> [:string] -- Finds things.',
        '(tool/get-sum a b)            ; (a :float, b :float) -> :any -- Returns the sum.',
        '(tool/long-name first-name)   ; (first-name :string?) -> :any',
        '',
      ].join('\n'),
    );
  });

  it('refuses a session with a server command, exit 2, and is listed by ptc --help', async () => {
    const bad = JSON.parse(SESSION) as { mcpServers: Record<string, unknown>[] };
    bad.mcpServers[0].command = 'rm -rf /';
    const r = await ptcIn(['tools', '-'], { input: JSON.stringify(bad) });
    expect(r.code).toBe(2);
    expect(r.err).toContain('mcpServers[0].command: ');
    expect((await ptcIn(['--help'])).out).toContain('tools');
  });
});
