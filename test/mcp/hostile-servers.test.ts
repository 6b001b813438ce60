// A hostile MCP server against the engine, in the wire format (test/mcp/fake-server.ts): answers
// that are not JSON-RPC, results of 50 MB or 10,000 levels, schema bombs, endless lists, answers
// that never come, tools that lie. Each fails clearly and at once (a tool_error naming the tool and
// server, or a server reported not connected with why), nothing hangs, nothing is left open, and
// the turns and memory before the failure are all still there.
import { afterEach, describe, expect, it } from 'vitest';
import { applyReplyLive, initialStep, messagesForTurn, prepareAgent, type PreparedAgent } from '../../src/agent/loop.ts';
import { McpConnections, type McpConnectOptions } from '../../src/agent/mcp-connection.ts';
import type { Step, Turn } from '../../src/agent/turn.ts';
import { printValue } from '../../src/lisp/printer.ts';
import { signatureOfTool } from '../../src/records/mcp-tools.ts';
import { MAX_SERVER_MESSAGE, mcpResultValue, type McpToolResult } from '../../src/records/mcp-values.ts';
import { startFake, type FakeServer, type FakeTool, type Hostile } from './fake-server.ts';
import { freePort } from './servers.ts';

const SUM: FakeTool = {
  name: 'sum',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  outputSchema: { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] },
  call: (args) => ({ content: [{ type: 'text', text: 'sum' }], structuredContent: { sum: Number(args.a) + Number(args.b) } }),
};

const ECHO: FakeTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  call: (args) => ({ content: [{ type: 'text', text: String(args.message) }] }),
};

/** Time enough for an answer that comes at once; a case that hung would end here, saying so. */
const ANSWERED_MS = 10_000;

let fake: FakeServer | undefined;
let connections: McpConnections | undefined;

afterEach(async () => {
  await connections?.close();
  await fake?.stop();
  connections = undefined;
  fake = undefined;
});

/** The fake with these tools, hostile where `hostile` says, and the engine connected to it. */
async function serve(
  hostile: (method: string, params: Record<string, unknown>) => Hostile | undefined,
  tools: readonly FakeTool[] = [SUM, ECHO],
  options: McpConnectOptions = {},
  era: 'legacy' | 'modern' = 'legacy',
): Promise<{ fake: FakeServer; connections: McpConnections }> {
  fake = await startFake({ era, tools, hostile });
  connections = await McpConnections.connect([{ name: 'f', transport: 'http', url: fake.url }], { connectTimeoutMs: ANSWERED_MS, ...options });
  return { fake, connections };
}

/** Every call answered with `hostile`, the other requests truthfully. */
const onCall =
  (hostile: Hostile) =>
  (method: string): Hostile | undefined =>
    method === 'tools/call' ? hostile : undefined;

function agentOn(c: McpConnections, toolTimeoutMs = ANSWERED_MS): PreparedAgent {
  const p = prepareAgent({
    mission: 'Use the tools.',
    tools: [],
    data: new Map(),
    maxTurns: 10,
    compression: true,
    mcpServers: c.records([{ name: 'f', transport: 'http', url: fake?.url ?? '', tools: [] }]),
    mcp: c,
    toolLimits: { toolTimeoutMs },
  });
  if (!p.ok) throw new Error(p.errors.join('\n'));
  return p.agent;
}

const reply = (program: string): string => '```clojure\n' + program + '\n```';

/** A first turn that defines things, then `program` (the hostile one): the step after both. */
async function afterTwoTurns(agent: PreparedAgent, program: string): Promise<Step> {
  const first = await applyReplyLive(agent, initialStep(), reply('(def kept 41) (defn twice [x] (* 2 x))'), []);
  expect(first.turns[0].success).toBe(true);
  return applyReplyLive(agent, first, reply(program), []);
}

/** The first turn, its definitions, and the run itself survive the failed second turn. */
async function expectNothingLost(agent: PreparedAgent, step: Step): Promise<void> {
  expect(step.status).toBe('running');
  expect(step.turns).toHaveLength(2);
  expect(step.turns[0].success).toBe(true);
  expect([...step.memory.keys()]).toEqual(expect.arrayContaining(['kept', 'twice']));
  const third = await applyReplyLive(agent, step, reply('(twice (inc kept))'), []);
  expect(third.turns[2].success && printValue(third.turns[2].result)).toBe('84');
}

/** The hostile turn failed with a short tool_error naming tool and server and saying `why`; its call is recorded with it. */
function expectToolError(turn: Turn, tool: string, why: RegExp): string {
  expect(turn.success).toBe(false);
  expect(turn.error?.type).toBe('tool_error');
  const message = turn.error?.message ?? '';
  expect(message).toMatch(new RegExp(`^tool/${tool} \\(server f\\)`));
  expect(message).toMatch(why);
  expect(message.length).toBeLessThan(300);
  expect(turn.toolCalls.map((c) => [c.name, c.server, c.error])).toEqual([[tool, 'f', message]]);
  return message;
}

/** A result nested `levels` arrays deep, written out (no JSON.stringify of it here). */
const nestedArrays = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);

/** A JSON Schema `levels` objects deep. */
const nestedSchema = (levels: number): string => '{"type":"object","properties":{"a":'.repeat(levels) + '{}' + '}}'.repeat(levels);

describe('malformed JSON-RPC', () => {
  it.each<[string, Hostile, RegExp]>([
    [
      'text that is not JSON',
      { kind: 'body', body: '<html>502 Bad Gateway</html>' },
      /failed: the server's answer is not JSON \(it begins "<html>502 Bad Gateway<\/html>"\)$/,
    ],
    [
      'an answer to another request',
      { kind: 'body', body: (id) => JSON.stringify({ jsonrpc: '2.0', id: `other-${String(id)}`, result: { content: [] } }) },
      /failed: the server's answer is for another request \(id "other-\d+", not \d+\)$/,
    ],
    [
      'neither a result nor an error',
      { kind: 'body', body: (id) => JSON.stringify({ jsonrpc: '2.0', id }) },
      /failed: the server's answer has neither a result nor an error$/,
    ],
    [
      'JSON-RPC 1.0',
      { kind: 'body', body: (id) => JSON.stringify({ jsonrpc: '1.0', id, result: { content: [] } }) },
      /failed: the server's answer is not JSON-RPC 2\.0 \("jsonrpc" is "1\.0"\)$/,
    ],
    [
      'an error that answers no request',
      { kind: 'body', body: '{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request"}}' },
      /failed: the server answered with an error: Invalid Request$/,
    ],
    [
      'a result whose content is not an array',
      { kind: 'result', result: { content: 'hello' } },
      /failed: the server's answer is not a valid tool result \(content: .*expected array.*\)$/,
    ],
  ])('a call answered with %s fails the turn with a short tool_error saying so, and loses nothing', async (_what, hostile, why) => {
    const { connections: c } = await serve(onCall(hostile));
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/echo "hi")');
    expectToolError(step.turns[1], 'echo', why);
    await expectNothingLost(agent, step);
  });

  it('cuts the message of an error result to 1,024 characters', async () => {
    const { connections: c } = await serve(onCall({ kind: 'result', result: { isError: true, content: [{ type: 'text', text: 'no! '.repeat(25_000) }] } }));
    const step = await applyReplyLive(agentOn(c), initialStep(), reply('(tool/echo "x")'), []);
    const message = step.turns[0].error?.message ?? '';
    expect(message).toMatch(/^tool\/echo \(server f\) failed: no! no! .*…$/);
    expect(message.length).toBe('tool/echo (server f) failed: '.length + MAX_SERVER_MESSAGE);
  });

  it.each<[string, string, Hostile, RegExp]>([
    ['initialize', 'text that is not JSON', { kind: 'body', body: 'nope' }, /^the server's answer is not JSON \(it begins "nope"\)$/],
    [
      'initialize',
      'a result that is not one',
      { kind: 'result', result: { protocolVersion: 5 } },
      /^the server's answer is not a valid answer to initialize \(protocolVersion: .*\)$/,
    ],
    ['tools/list', 'text that is not JSON', { kind: 'body', body: '' }, /^the server's answer is not JSON \(it is empty\)$/],
    [
      'tools/list',
      'a result that is not one',
      { kind: 'result', result: { tools: 'many' } },
      /^the server's answer is not a valid answer to tools\/list \(tools: .*\)$/,
    ],
    ['tools/list', 'an answer to another request', { kind: 'body', body: () => '{"jsonrpc":"2.0","id":"x","result":{"tools":[]}}' }, /another request/],
  ])('a server answering %s with %s is reported not connected, saying why', async (method, _what, hostile, why) => {
    const { connections: c } = await serve((m) => (m === method ? hostile : undefined));
    const [state] = c.states;
    expect(state).toMatchObject({ name: 'f', connected: false, tools: [] });
    expect(state.error).toMatch(why);
    expect(state.error?.length).toBeLessThan(200);
    expect(c.connected('f')).toBe(false);
  });
});

describe('results too large or too deep', () => {
  it('refuses a 50 MB result at the response bound, before most of it was sent', async () => {
    const { fake: f, connections: c } = await serve(onCall({ kind: 'bytes', bytes: 50_000_000 }));
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/echo "big")');
    expectToolError(step.turns[1], 'echo', /failed: the server sent more than \d+ bytes in one response$/);
    // Refused while the server was still sending: the 50 MB were never here.
    expect(f.streamed.ended).toBe(false);
    expect(f.streamed.sent).toBeLessThan(10_000_000);
    await expectNothingLost(agent, step);
  });

  it('refuses a result between 1 MB and the response bound by its size', async () => {
    const { connections: c } = await serve(onCall({ kind: 'bytes', bytes: 1_500_000 }));
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/echo "big")');
    expectToolError(step.turns[1], 'echo', /: the result is \d+ bytes of JSON, more than the 1000000 a call may return$/);
    await expectNothingLost(agent, step);
  });

  it('refuses structuredContent nested 10,000 arrays deep, without overflowing the stack', async () => {
    const deep = (id: string | number): string =>
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{"content":[],"structuredContent":{"a":${nestedArrays(10_000)}}}}`;
    const { connections: c } = await serve(onCall({ kind: 'body', body: deep }));
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/echo "deep")');
    expectToolError(step.turns[1], 'echo', /: the result is nested more than 200 levels deep; at most 200 are read$/);
    await expectNothingLost(agent, step);
  });
});

describe('schema bombs', () => {
  const listing = (tools: unknown, nextCursor?: string): Hostile => ({
    kind: 'result',
    result: { tools, ...(nextCursor !== undefined ? { nextCursor } : {}) },
  });

  it.each(['legacy', 'modern'] as const)('skips a tool whose schema nests 10,000 levels, saying why, and keeps the others (%s server)', async (era) => {
    // A 2026-07-28 list says it is complete, and for how long and whom it may be cached.
    const complete = era === 'modern' ? '"resultType":"complete","ttlMs":0,"cacheScope":"private",' : '';
    const body = (id: string | number): string =>
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{${complete}"tools":[` +
      `{"name":"bomb","inputSchema":${nestedSchema(10_000)}},` +
      `{"name":"echo","inputSchema":{"type":"object","properties":{"message":{"type":"string"}}}},` +
      `{"name":"bomb-out","inputSchema":{"type":"object"},"outputSchema":${nestedSchema(10_000)}}]}}`;
    const { connections: c } = await serve((m) => (m === 'tools/list' ? { kind: 'body', body } : undefined), [SUM, ECHO], {}, era);
    const [state] = c.states;
    expect(state.error).toBeUndefined();
    expect(state.protocolVersion === '2026-07-28').toBe(era === 'modern');
    expect(state.tools.map((t) => t.name)).toEqual(['echo']);
    expect(state.skipped).toEqual(['bomb: its schema nests more than 64 levels deep', 'bomb-out: its schema nests more than 64 levels deep']);
    const step = await applyReplyLive(agentOn(c), initialStep(), reply('(tool/echo "still here")'), []);
    expect(printValue(step.turns[0].result)).toBe('"still here"');
  });

  it('keeps the first 1,000 of 5,000 tools, with a note, from one page', async () => {
    const tools = Array.from({ length: 5000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    const { fake: f, connections: c } = await serve((m) => (m === 'tools/list' ? listing(tools) : undefined));
    const [state] = c.states;
    expect(state.connected).toBe(true);
    expect(state.tools).toHaveLength(1000);
    expect(state.tools.at(-1)?.name).toBe('t999');
    expect(state.skipped).toEqual(['more than 1000 tools: the rest are left out']);
    expect(f.requests.filter((r) => r.method === 'tools/list')).toHaveLength(1);
  });

  it('reads 50 pages of a list whose nextCursor never ends, with a note', async () => {
    const page = (params: Record<string, unknown>): Hostile => {
      const n = typeof params.cursor === 'string' ? Number(params.cursor.slice('page-'.length)) : 0;
      return listing([{ name: `p${n}`, inputSchema: { type: 'object' } }], `page-${n + 1}`);
    };
    const { fake: f, connections: c } = await serve((m, params) => (m === 'tools/list' ? page(params) : undefined));
    const [state] = c.states;
    expect(state.connected).toBe(true);
    expect(state.tools.map((t) => t.name)).toEqual(Array.from({ length: 50 }, (_, i) => `p${i}`));
    expect(state.skipped).toEqual(['more than 50 pages of tools: the rest are left out']);
    expect(f.requests.filter((r) => r.method === 'tools/list')).toHaveLength(50);
  });

  it('says a list that repeats its page once per name, not once per page', async () => {
    const { connections: c } = await serve((m) => (m === 'tools/list' ? listing([{ name: 'p', inputSchema: { type: 'object' } }], 'again') : undefined));
    expect(c.states[0].tools.map((t) => t.name)).toEqual(['p']);
    expect(c.states[0].skipped).toEqual(['p: listed twice; the first is kept', 'more than 50 pages of tools: the rest are left out']);
  });

  it('shows a tool of 10,000 parameters in a line of reasonable size, the first 20 then & more, and passes the rest by name', async () => {
    const properties = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`p${i}`, { type: 'integer' }]));
    const wide: FakeTool = {
      name: 'wide',
      inputSchema: { type: 'object', properties, required: ['p0'] },
      outputSchema: { type: 'object', properties },
      call: (args) => ({ content: [], structuredContent: { got: args } }),
    };
    const { fake: f, connections: c } = await serve(() => undefined, [wide]);
    expect(c.states[0].tools.map((t) => t.name)).toEqual(['wide']);
    const agent = agentOn(c);
    const line = messagesForTurn(agent, [], 1)
      .messages[1].content.split('\n')
      .find((l) => l.includes('tool/wide'));
    const first20 = Array.from({ length: 20 }, (_, i) => `p${i} ${i === 0 ? ':int' : ':int?'}`).join(', ');
    // The output schema's 10,000 fields do not fit in what a signature spells out: it is :map.
    const names20 = Array.from({ length: 20 }, (_, i) => `p${i}`).join(' ');
    expect(line).toBe(`(tool/wide ${names20} & more) ; (${first20}, & more) -> :map`);
    const step = await applyReplyLive(agent, initialStep(), reply('(tool/wide {:p0 1 :p9999 2})'), []);
    expect(step.turns[0].error).toBeUndefined();
    expect(f.requests.find((r) => r.method === 'tools/call')?.params.arguments).toEqual({ p0: 1, p9999: 2 });
  });

  it('bounds a signature whose objects nest 20 fields at each of three levels', () => {
    const fields = (inner: object): object => ({
      type: 'object',
      properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, inner])),
      required: Array.from({ length: 20 }, (_, i) => `f${i}`),
    });
    const nested = fields(fields(fields({ type: 'string' })));
    const names = Array.from({ length: 30 }, (_, i) => `a${i}`);
    const params = Object.fromEntries(names.map((n) => [n, nested]));
    const signature = signatureOfTool({ inputSchema: { type: 'object', properties: params, required: names }, outputSchema: nested });
    // 8,000 fields per parameter in full: 100 in all are written out, and objects past them are :map.
    expect(signature.length).toBeLessThan(2000);
    expect(signature).toMatch(
      /^\(a0 \{f0 \{f0 \{f0 :string f1 :string .* f19 :string\} f1 \{.*\} f2 \{.*\} f3 :map .*\}, a1 :map, .* a19 :map, & more\) -> :map$/,
    );
    expect(signatureOfTool({ inputSchema: { type: 'object', properties: { ['x'.repeat(100_000)]: { type: 'string' } } } })).toBe(
      `(${'x'.repeat(64)} :string?) -> :any`,
    );
  });
});

describe('a server that never answers', () => {
  it.each(['legacy', 'modern'] as const)(
    'fails the call at toolTimeoutMs with "no answer within N ms", lets go of the request, and calls on (%s server)',
    async (era) => {
      const silentTo = (_method: string, params: Record<string, unknown>): Hostile | undefined =>
        (params.arguments as { message?: unknown } | undefined)?.message === 'anyone?' ? { kind: 'never' } : undefined;
      const { fake: f, connections: c } = await serve(silentTo, [SUM, ECHO], {}, era);
      const agent = agentOn(c, 30);
      const step = await afterTwoTurns(agent, '(tool/echo "anyone?")');
      expect(expectToolError(step.turns[1], 'echo', /./)).toBe('tool/echo (server f) failed: no answer within 30 ms');
      // The client gave up on it, and closed what it held open for the answer.
      await f.until(() => f.held() === 0);
      await expectNothingLost(agent, step);
      const again = await applyReplyLive(agentOn(c), step, reply('(tool/echo "back")'), []);
      expect(printValue(again.turns[2].result)).toBe('"back"');
    },
  );

  it('stops at once on Stop, the call in flight let go of', async () => {
    const stop = new AbortController();
    const reason = new Error('stopped by the user');
    const { fake: f, connections: c } = await serve((method) => {
      if (method !== 'tools/call') return undefined;
      // Stop is pressed while the server holds the call.
      queueMicrotask(() => stop.abort(reason));
      return { kind: 'never' };
    });
    const agent = agentOn(c, 600_000);
    await expect(applyReplyLive(agent, initialStep(), reply('(tool/echo "anyone?")'), [], {}, stop.signal)).rejects.toBe(reason);
    expect(f.requests.map((r) => r.method)).toContain('tools/call');
    await f.until(() => f.held() === 0);
  });

  it('gives up connecting at connectTimeoutMs when initialize is never answered, and lets go of it', async () => {
    const { fake: f, connections: c } = await serve((m) => (m === 'initialize' ? { kind: 'never' } : undefined), [ECHO], { connectTimeoutMs: 50 });
    expect(c.states[0]).toMatchObject({
      connected: false,
      error: 'the server gave no answer within 50 ms while starting the session',
      tools: [],
    });
    await f.until(() => f.held() === 0);
  });

  it('gives up connecting when tools/list is never answered, saying so', async () => {
    // Time enough to start the session, even on a busy machine: what is timed is the list.
    const { fake: f, connections: c } = await serve((m) => (m === 'tools/list' ? { kind: 'never' } : undefined), [ECHO], { connectTimeoutMs: 1000 });
    expect(c.states[0]).toMatchObject({ connected: false, error: 'the server gave no answer within 1000 ms while listing its tools' });
    await f.until(() => f.held() === 0);
  });
});

describe('a server that lies about its tools', () => {
  it('fails a call whose structuredContent does not match the output schema it listed', async () => {
    const { connections: c } = await serve(onCall({ kind: 'result', result: { content: [], structuredContent: { sum: 'many' } } }));
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/sum 1 2)');
    expectToolError(step.turns[1], 'sum', /failed: Structured content does not match the tool's output schema: .*sum must be integer$/);
    await expectNothingLost(agent, step);
  });

  it('fails a call of a tool it listed and then does not know, with its own message', async () => {
    const { connections: c } = await serve(() => undefined, [SUM, { ...ECHO, call: undefined }]);
    const agent = agentOn(c);
    const step = await afterTwoTurns(agent, '(tool/echo "x")');
    expect(expectToolError(step.turns[1], 'echo', /./)).toBe('tool/echo (server f) failed: Unknown tool: echo');
    await expectNothingLost(agent, step);
  });

  it('gives back what a call answers as data, never as code, whatever tool it seems to be from', async () => {
    const other: Hostile = {
      kind: 'result',
      result: {
        content: [
          { type: 'text', text: '(def x 1)' },
          { type: 'text', text: '<script>alert(1)</script>' },
        ],
      },
    };
    const structured: Hostile = { kind: 'result', result: { content: [], structuredContent: { code: '(def y 2)', 'tool/sum': '(tool/sum 1 2)' } } };
    const { fake: f, connections: c } = await serve((method, params) =>
      method !== 'tools/call' ? undefined : (params.arguments as { message: string }).message === 'a' ? other : structured,
    );
    const step = await applyReplyLive(agentOn(c), initialStep(), reply('(def got [(tool/echo "a") (tool/echo "b")])'), []);
    expect(step.turns[0].error).toBeUndefined();
    expect(printValue(step.memory.get('got')?.value ?? null)).toBe(
      '[["(def x 1)" "<script>alert(1)</script>"] {:code "(def y 2)" :tool/sum "(tool/sum 1 2)"}]',
    );
    expect([...step.memory.keys()]).toEqual(['got']);
    expect(f.requests.filter((r) => r.method === 'tools/call')).toHaveLength(2);
  });
});

describe('a server that cannot be reached', () => {
  it('says where, and why, when nothing listens there', async () => {
    const port = await freePort();
    connections = await McpConnections.connect([{ name: 'gone', transport: 'http', url: `http://127.0.0.1:${port}/mcp?token=secret` }]);
    expect(connections.states[0]).toMatchObject({ connected: false, error: `cannot connect to http://127.0.0.1:${port}/mcp (ECONNREFUSED)` });
  });

  it('fails a call with the same words when the server went away after connecting', async () => {
    const { fake: f, connections: c } = await serve(() => undefined);
    const agent = agentOn(c);
    const first = await applyReplyLive(agent, initialStep(), reply('(def kept 41) (defn twice [x] (* 2 x))'), []);
    await f.stop();
    const step = await applyReplyLive(agent, first, reply('(tool/echo "hello?")'), []);
    // Refused, or cut off on a connection kept from before: which of the two comes first is the network's.
    expectToolError(step.turns[1], 'echo', new RegExp(`failed: cannot connect to ${f.url.replace(/[.]/g, '\\.')} \\((ECONNREFUSED|other side closed)\\)$`));
    fake = undefined;
    await expectNothingLost(agent, step);
  });
});

describe('results from a connection that does not check them', () => {
  it('refuses content that is not a list of blocks, as a tool_error', () => {
    const result = { content: 'hello' } as unknown as McpToolResult;
    expect(() => mcpResultValue('echo', 'f', result)).toThrow(
      "tool/echo (server f) failed: the server's answer is not a valid tool result (its content is not a list of blocks)",
    );
  });
});
