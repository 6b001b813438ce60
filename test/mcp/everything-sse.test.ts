// A server that offers only the older HTTP+SSE transport (server-everything's `sse` mode): the
// client tries Streamable HTTP, is refused, and connects over SSE; programs call its tools as any.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpConnections } from '../../src/agent/mcp-connection.ts';
import { everythingSse, type RunningServer } from './servers.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await everythingSse();
});
afterAll(async () => {
  await server?.stop();
});

describe('server-everything over HTTP+SSE', () => {
  it('connects over SSE after Streamable HTTP is refused, and answers a call', async () => {
    const c = await McpConnections.connect([{ name: 'old', transport: 'http', url: server.url }]);
    try {
      expect(c.states[0].error).toBeUndefined();
      expect(c.states[0]).toMatchObject({ connected: true, via: 'sse' });
      expect(c.states[0].tools.map((t) => t.name)).toContain('get-sum');
      const result = await c.callTool('old', 'get-sum', '{"a":2,"b":40}', new AbortController().signal);
      expect(result.content?.[0]).toMatchObject({ type: 'text', text: expect.stringContaining('42') });
    } finally {
      await c.close();
    }
  });
});
