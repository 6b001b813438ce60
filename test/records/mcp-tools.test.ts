// MCP tools as a session records and shows them: signatures derived from JSON Schema (T2), the
// description's first line, and the visible names in C4's order with clashes reported.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  descriptionOfTool,
  signatureOfTool,
  symbolFor,
  typeOfSchema,
  visibleMcpTools,
  type JsonSchema,
  type McpServerRecord,
} from '../../src/records/mcp-tools.ts';
import { parseSignature } from '../../src/records/signature.ts';

describe('signatures from schemas', () => {
  it.each([
    [{ type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }, undefined, '(a :float, b :float) -> :any'],
    [{ type: 'object', properties: {} }, undefined, '() -> :any'],
    [{ type: 'object' }, { type: 'object', properties: { sum: { type: 'integer' } }, required: ['sum'] }, '() -> {sum :int}'],
    [{ type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } }, required: ['q'] }, undefined, '(q :string, limit :int?) -> :any'],
    [
      { type: 'object', properties: { mode: { enum: ['a', 'b'] }, flag: { type: 'boolean' } }, required: ['mode', 'flag'] },
      undefined,
      '(mode :string, flag :bool) -> :any',
    ],
    [
      { type: 'object', properties: { ids: { type: 'array', items: { type: 'integer' } }, tags: { type: 'array' } }, required: ['ids', 'tags'] },
      undefined,
      '(ids [:int], tags [:any]) -> :any',
    ],
    [
      { type: 'object', properties: { opt: { type: 'array', items: { type: 'integer' } }, o: { type: 'object', properties: { x: { type: 'string' } } } } },
      undefined,
      '(opt :list?, o :map?) -> :any',
    ],
    [
      { type: 'object', properties: { n: { type: ['integer', 'null'] }, u: { type: ['string', 'integer'] } }, required: ['n', 'u'] },
      undefined,
      '(n :int, u :any) -> :any',
    ],
  ] as [JsonSchema, JsonSchema | undefined, string][])('%j → %s', (input, output, expected) => {
    expect(signatureOfTool({ inputSchema: input, ...(output !== undefined ? { outputSchema: output } : {}) })).toBe(expected);
  });

  it('nests objects three levels at most, then says :map', () => {
    const level = (inner: JsonSchema): JsonSchema => ({ type: 'object', properties: { in: inner }, required: ['in'] });
    expect(typeOfSchema(level(level(level(level({ type: 'string' })))))).toBe('{in {in {in :map}}}');
    expect(typeOfSchema(level(level({ type: 'string' })))).toBe('{in {in :string}}');
  });

  it('writes names a symbol cannot hold with dashes, and always parses', () => {
    expect(symbolFor('first name')).toBe('first-name');
    expect(symbolFor('2fa')).toBe('p2fa');
    expect(symbolFor('user_id')).toBe('user_id');
    const name = fc.string({ maxLength: 12 });
    const leaf = fc.constantFrom<JsonSchema>(
      { type: 'string' },
      { type: 'integer' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      {},
      { enum: ['x'] },
    );
    const schema: fc.Arbitrary<JsonSchema> = fc.letrec<{ s: JsonSchema }>((tie) => ({
      s: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({ type: fc.constant('array'), items: tie('s') }),
        fc.record({ type: fc.constant('object'), properties: fc.dictionary(name, tie('s'), { maxKeys: 4 }), required: fc.array(name, { maxLength: 3 }) }),
      ),
    })).s;
    fc.assert(
      fc.property(fc.dictionary(name, schema, { maxKeys: 5 }), schema, (properties, output) => {
        const signature = signatureOfTool({ inputSchema: { type: 'object', properties }, outputSchema: output });
        const parsed = parseSignature(signature);
        expect(parsed.ok).toBe(true);
        // One parameter per property, in declared order.
        expect(parsed.ok && parsed.params.length).toBe(Object.keys(properties).length);
      }),
      { numRuns: 300 },
    );
  });
});

describe('descriptions', () => {
  it('are the first non-blank line, at most 200 characters', () => {
    expect(descriptionOfTool('\n  Adds two numbers.\nMore detail.')).toBe('Adds two numbers.');
    expect(descriptionOfTool('x'.repeat(300))).toHaveLength(200);
    expect(descriptionOfTool('   \n ')).toBeUndefined();
    expect(descriptionOfTool(undefined)).toBeUndefined();
  });
});

describe('the tools programs may call', () => {
  const servers: McpServerRecord[] = [
    {
      name: 'everything',
      transport: 'http',
      url: 'http://127.0.0.1:3001/mcp',
      tools: [
        { name: 'echo', description: 'Echoes back.', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
        { name: 'get-sum', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
        { name: 'secret', hidden: true, inputSchema: { type: 'object' } },
      ],
    },
    {
      name: 'memory',
      transport: 'stdio',
      tools: [
        { name: 'read_graph', inputSchema: { type: 'object' } },
        { name: 'echo', as: 'echo2', inputSchema: { type: 'object' } },
      ],
    },
  ];

  it('are the visible ones, server by server in the order each lists them, renamed where asked', () => {
    const { tools, problems } = visibleMcpTools(servers, ['search']);
    expect(problems).toEqual([]);
    expect(tools.map((t) => [t.server, t.toolName, t.name, t.signature, t.description ?? null])).toEqual([
      ['everything', 'echo', 'echo', '(message :string) -> :any', 'Echoes back.'],
      ['everything', 'get-sum', 'get-sum', '(a :float, b :float) -> :any', null],
      ['memory', 'read_graph', 'read_graph', '() -> :any', null],
      ['memory', 'echo', 'echo2', '() -> :any', null],
    ]);
  });

  it('report a name that clashes, or that a program cannot write, and say to rename it', () => {
    const clash: McpServerRecord[] = [
      {
        name: 'a',
        transport: 'http',
        tools: [
          { name: 'search', inputSchema: {} },
          { name: 'x y', inputSchema: {} },
        ],
      },
      { name: 'b', transport: 'http', tools: [{ name: 'echo', inputSchema: {} }] },
      { name: 'c', transport: 'http', tools: [{ name: 'echo', inputSchema: {} }] },
    ];
    const { tools, problems } = visibleMcpTools(clash, ['search']);
    expect(tools.map((t) => t.name)).toEqual(['echo']);
    expect(problems).toEqual([
      { path: 'mcpServers[0].tools[0]', message: `tool/search of server a clashes with the session's tool search: rename one with "as"` },
      { path: 'mcpServers[0].tools[1]', message: 'x y cannot be called as tool/x y: rename it with "as" (e.g. "as": "x-y")' },
      { path: 'mcpServers[2].tools[0]', message: 'tool/echo of server c clashes with tool/echo of server b: rename one with "as"' },
    ]);
  });
});
