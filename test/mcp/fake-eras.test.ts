// The client against servers of both protocol eras: a 2026-07-28 server answers server/discover and
// is spoken to in that revision (no initialize); an older one refuses discover and gets initialize.
import { afterEach, describe, expect, it } from 'vitest';
import { McpConnections } from '../../src/agent/mcp-connection.ts';
import { startFake, type FakeServer, type FakeTool } from './fake-server.ts';

const SUM: FakeTool = {
  name: 'sum',
  description: 'Adds.',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  call: (args) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }),
};

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

describe('protocol eras', () => {
  it('speaks the 2026-07-28 revision to a server that offers it, without initialize', async () => {
    fake = await startFake({ era: 'modern', tools: [SUM] });
    const c = await McpConnections.connect([{ name: 'f', transport: 'http', url: fake.url }]);
    try {
      expect(c.states[0].error).toBeUndefined();
      expect(c.states[0]).toMatchObject({ connected: true, protocolVersion: '2026-07-28' });
      const result = await c.callTool('f', 'sum', '{"a":2,"b":40}', new AbortController().signal);
      expect(result.content).toEqual([{ type: 'text', text: '42' }]);
      expect(fake.requests.map((r) => r.method)).not.toContain('initialize');
      expect(fake.requests[0].method).toBe('server/discover');
    } finally {
      await c.close();
    }
  });

  it('falls back to initialize for a server that refuses server/discover, and sends the headers it was given', async () => {
    fake = await startFake({ tools: [SUM] });
    const c = await McpConnections.connect([{ name: 'f', transport: 'http', url: fake.url, headers: { Authorization: 'Bearer sekrit-7' } }]);
    try {
      expect(c.states[0]).toMatchObject({ connected: true, via: 'streamable-http' });
      expect(c.states[0].protocolVersion).not.toBe('2026-07-28');
      expect(fake.requests.map((r) => r.method)).toContain('initialize');
      expect(fake.requests.every((r) => r.headers.authorization === 'Bearer sekrit-7')).toBe(true);
      // No optional capability is declared: servers list what any plain client sees.
      const init = fake.requests.find((r) => r.method === 'initialize');
      expect(init?.params.capabilities).toEqual({});
    } finally {
      await c.close();
    }
  });
});
