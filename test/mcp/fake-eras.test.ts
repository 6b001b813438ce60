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

describe('arguments', () => {
  it('refuses an integer past 2^53 rather than send it rounded, saying to send a string', async () => {
    fake = await startFake({ tools: [SUM] });
    const c = await McpConnections.connect([{ name: 'f', transport: 'http', url: fake.url }]);
    try {
      await expect(c.callTool('f', 'sum', '{"a":12345678901234567890,"b":1}', new AbortController().signal)).rejects.toThrow(
        'the integer 12345678901234567890 cannot be sent exactly',
      );
      expect(fake.requests.some((r) => r.method === 'tools/call')).toBe(false);
      // Inside a string, or within 2^53, a number is sent as it is.
      const ok = await c.callTool('f', 'sum', '{"a":9007199254740991,"b":-1,"note":"12345678901234567890"}', new AbortController().signal);
      expect(ok.content).toEqual([{ type: 'text', text: '9007199254740990' }]);
    } finally {
      await c.close();
    }
  });

  it('finds inexact integers only outside strings (property)', async () => {
    const { inexactInteger } = await import('../../src/agent/mcp-connection.ts');
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(fc.string(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (s, n) => {
        const json = JSON.stringify({ s, n: 0 }).replace('"n":0', `"n":${n.toString()}`);
        const expected = Number.isSafeInteger(Number(n)) && BigInt(Number(n)) === n ? null : n.toString();
        expect(inexactInteger(json)).toBe(expected);
      }),
    );
  });
});
