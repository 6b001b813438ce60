// The command line with MCP servers: --mcp, --mcp-stdio, --mcp-header, --tools and
// --tool-timeout-ms on ptc run, eval and tools; a run saved with its servers and replayed from the
// file's record without connecting; headers never written; stdio servers get only the default
// environment. Against real servers (server-everything, server-memory) and the wire-format fake.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVERYTHING, MEMORY, everythingHttp, type RunningServer } from '../mcp/servers.ts';
import { slowTool, startFake, type FakeServer, type FakeTool } from '../mcp/fake-server.ts';
import { memoryIo, ptcIn } from './harness.ts';
import { main } from '../../src/cli/main.ts';

const dir = mkdtempSync(join(tmpdir(), 'ptc-mcp-'));
const code = (program: string): string => '```clojure\n' + program + '\n```';

function session(replies: string[], extra: Record<string, unknown> = {}): string {
  const file = join(dir, `s-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ version: 2, mission: 'Use the tools.', maxTurns: 5, llm: { provider: 'mock', replies }, ...extra }));
  return file;
}

const LOOKUP: FakeTool = slowTool(
  {
    name: 'lookup',
    description: 'A name by id.\nMore text.',
    inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    call: (args) => ({ content: [], structuredContent: { id: args.id, name: `name-${String(args.id)}` } }),
  },
  300,
);

let everything: RunningServer;
let fake: FakeServer;

beforeAll(async () => {
  [everything, fake] = await Promise.all([everythingHttp(), startFake({ tools: [LOOKUP] })]);
});

afterAll(async () => {
  await Promise.all([everything?.stop(), fake?.stop()]);
});

describe('ptc tools', () => {
  it('prints the tool/ section with the servers’ tools as listed now', async () => {
    const r = await ptcIn(['tools', session([]), '--mcp', `everything=${everything.url}`]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^;; === tool\/ ===$/m);
    expect(r.out).toMatch(/^\(tool\/get-sum a b\) +; \(a :float, b :float\) -> :any -- /m);
    expect(r.err).toContain(`connecting to MCP server everything at ${everything.url}`);
  });

  it('exits 3 when a server cannot be reached, saying which and why', async () => {
    const r = await ptcIn(['tools', session([]), '--mcp', 'gone=http://127.0.0.1:9/mcp']);
    expect(r.code).toBe(3);
    expect(r.err).toMatch(/cannot reach MCP server gone: /);
  });

  it('shows the session’s snapshot without connecting with --tools recorded', async () => {
    const servers = [
      {
        name: 'f',
        transport: 'http',
        url: 'http://127.0.0.1:9/mcp',
        tools: [{ name: 'lookup', inputSchema: { type: 'object', properties: { id: { type: 'integer' } } } }],
      },
    ];
    const r = await ptcIn(['tools', session([], { mcpServers: servers }), '--tools', 'recorded']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('(tool/lookup id)              ; (id :int?) -> :any');
  });
});

describe('ptc run', () => {
  it('runs turns that call a server’s tools, pmap’s side by side, and saves the servers and calls without the headers', async () => {
    const before = fake.requests.length;
    const file = session([code('(def names (pmap #(:name (tool/lookup %)) (range 8)))\nnames'), code('(return (count names))')]);
    const out = join(dir, 'saved.json');
    const r = await ptcIn(['run', file, '--mcp', `f=${fake.url}`, '--mcp-header', 'f=Authorization: Bearer tok-991', '--save', out]);
    expect(r.code).toBe(0);
    expect(r.err).toContain(`connecting to MCP server f at ${fake.url}`);
    expect(r.out).toContain('["name-0" "name-1" "name-2" "name-3" "name-4" "name-5" "name-6" "name-7"]');
    // Eight calls of a tool that takes 300 ms were at the server at once.
    expect(fake.inFlight.most).toBe(8);
    const calls = fake.requests.slice(before).filter((q) => q.method === 'tools/call');
    expect(calls).toHaveLength(8);
    expect(calls.every((q) => q.headers.authorization === 'Bearer tok-991')).toBe(true);
    const saved = readFileSync(out, 'utf8');
    expect(saved).not.toContain('tok-991');
    const json = JSON.parse(saved) as { mcpServers: unknown[]; turns: { toolCalls: { name: string; server: string; durationMs: number }[] }[] };
    expect(json.mcpServers).toEqual([
      {
        name: 'f',
        transport: 'http',
        url: fake.url,
        tools: [
          {
            name: 'lookup',
            description: 'A name by id.\nMore text.',
            inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
          },
        ],
      },
    ]);
    expect(json.turns[0].toolCalls).toHaveLength(8);
    expect(json.turns[0].toolCalls.every((c) => c.name === 'lookup' && c.server === 'f' && c.durationMs >= 250)).toBe(true);
    expect(r.out + r.err).not.toContain('tok-991');

    // The saved file runs again from turn 1 with every call answered from its record, never connecting.
    const seen = fake.requests.length;
    const again = await ptcIn(['run', out, '--tools', 'recorded', '--replay']);
    expect(again.code).toBe(0);
    expect(again.out).toContain('["name-0" "name-1" "name-2" "name-3" "name-4" "name-5" "name-6" "name-7"]');
    expect(again.out).toContain('=== Returned ===\n8');
    expect(fake.requests.length).toBe(seen);
  });

  it('answers from the calls a session kept from the run before its Reset when it has no turns of its own', async () => {
    const servers = [
      { name: 'f', transport: 'http', url: fake.url, tools: [{ name: 'lookup', inputSchema: { type: 'object', properties: { id: { type: 'integer' } } } }] },
    ];
    const previousRunCalls = [{ name: 'lookup', server: 'f', args: [{ id: 5 }], result: { id: 5, name: 'kept' }, durationMs: 3 }];
    const seen = fake.requests.length;
    const r = await ptcIn(['run', session([code('(return (:name (tool/lookup 5)))')], { mcpServers: servers, previousRunCalls }), '--tools', 'recorded']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('=== Returned ===\n"kept"');
    expect(fake.requests.length).toBe(seen);
  });

  it('refuses a call nothing recorded in recorded mode, saying the server is not connected', async () => {
    const servers = [
      { name: 'f', transport: 'http', url: fake.url, tools: [{ name: 'lookup', inputSchema: { type: 'object', properties: { id: { type: 'integer' } } } }] },
    ];
    const r = await ptcIn(['run', session([code('(tool/lookup 5)')], { mcpServers: servers, maxTurns: 1 }), '--tools', 'recorded']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('tool/lookup (server f): the server is not connected, and no recorded call has these arguments: {"id":5}');
  });

  it('stops on Ctrl+C while the program waits on calls: the calls are aborted, the run ends with what was done (exit 130)', async () => {
    const never = await startFake({ tools: [LOOKUP], hostile: (method) => (method === 'tools/call' ? { kind: 'never' } : undefined) });
    try {
      let interrupt: (() => void) | undefined;
      const { io, out } = memoryIo();
      const running = main(['run', session([code('(def a 1)'), code('(tool/lookup 1)')]), '--json', '--mcp', `f=${never.url}`], {
        ...io,
        onInterrupt: (handler) => {
          interrupt = handler;
          return () => (interrupt = undefined);
        },
      });
      await vi.waitFor(() => expect(never.requests.some((q) => q.method === 'tools/call')).toBe(true), { timeout: 10_000 });
      interrupt?.();
      expect(await running).toBe(130);
      const rec = JSON.parse(out()) as { status: string; errorKind: string; turns: unknown[] };
      expect([rec.status, rec.errorKind, rec.turns.length]).toEqual(['running', 'aborted', 1]);
    } finally {
      await never.stop();
    }
  });

  it('gives a call no more than --tool-timeout-ms', async () => {
    const r = await ptcIn(['run', session([code('(tool/lookup 1)')], { maxTurns: 1 }), '--mcp', `f=${fake.url}`, '--tool-timeout-ms', '50']);
    expect(r.out).toContain('tool/lookup (server f) failed: no answer within 50 ms');
  });

  it('refuses a session file whose server holds a command or header values, starting nothing (exit 2)', async () => {
    const withCommand = session([], { mcpServers: [{ name: 'm', transport: 'stdio', command: 'rm', tools: [] }] });
    const r = await ptcIn(['run', withCommand]);
    expect(r.code).toBe(2);
    expect(r.err).toContain('mcpServers[0].command');
    expect(r.err).toContain("--mcp-stdio 'm=COMMAND ARG…'");
    const withHeaders = session([], { mcpServers: [{ name: 'h', transport: 'http', url: fake.url, headers: { Authorization: 'x' }, tools: [] }] });
    const h = await ptcIn(['run', withHeaders]);
    expect(h.code).toBe(2);
    expect(h.err).toContain('mcpServers[0].headers');
    expect(h.err).toContain("--mcp-header 'h=Header: value'");
  });

  it('refuses malformed MCP options with a usage error (exit 2)', async () => {
    const file = session([]);
    const cases: [string[], string][] = [
      [['--mcp', 'nourl'], 'expected NAME=URL'],
      [['--mcp', 'x=ftp://h/'], 'must be http or https'],
      [['--mcp-header', 'ghost=A: b'], 'no server is named ghost'],
      [['--mcp', `f=${fake.url}`, '--mcp-header', 'f=no colon'], "expected 'Header: value'"],
      [['--tools', 'sometimes'], 'expected live or recorded'],
      [['--tools', 'recorded', '--mcp', `f=${fake.url}`], 'never connects'],
      [['--tool-timeout-ms', '0'], 'from 1 to'],
      [['--mcp-stdio', "m=node 'unclosed"], 'cannot split the command of m'],
      [['--mcp', 'two words=http://h/'], 'is not a server name'],
    ];
    for (const [args, message] of cases) {
      const r = await ptcIn(['run', file, ...args]);
      expect([r.code, r.err]).toEqual([2, expect.stringContaining(message)]);
    }
  });
});

describe('stdio servers', () => {
  it('starts server-memory from --mcp-stdio and keeps what one turn wrote for the next', async () => {
    const graph = join(dir, 'graph.jsonl');
    const file = session([
      code('(tool/create_entities {:entities [{:name "Ada" :entityType "person" :observations ["wrote the first program"]}]})'),
      code('(return (map :name (:entities (tool/read_graph))))'),
    ]);
    const r = await ptcIn(['run', file, '--mcp-stdio', `memory=env MEMORY_FILE_PATH=${graph} ${process.execPath} ${MEMORY}`]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('=== Returned ===\n["Ada"]');
    expect(readFileSync(graph, 'utf8')).toContain('Ada');
  });

  it('gives a stdio server only the default environment, never the caller’s keys', async () => {
    process.env.PTC_TEST_SECRET_KEY = 'sk-do-not-leak';
    try {
      const r = await ptcIn(['eval', '-e', '(tool/get-env)', '--mcp-stdio', `e=${process.execPath} ${EVERYTHING} stdio`]);
      expect(r.code).toBe(0);
      expect(r.out).toContain('PATH');
      expect(r.out).not.toContain('sk-do-not-leak');
      expect(r.out).not.toContain('PTC_TEST_SECRET_KEY');
    } finally {
      delete process.env.PTC_TEST_SECRET_KEY;
    }
  });
});

describe('ptc eval', () => {
  it('calls a server’s tools from one program', async () => {
    const r = await ptcIn(['eval', '-e', '(tool/get-sum 2 40)', '--mcp', `everything=${everything.url}`]);
    expect([r.code, r.out]).toEqual([0, '"The sum of 2 and 40 is 42."\n']);
  });
});

describe('ptc repl', () => {
  it('calls a server’s tools from forms read one after another, keeping definitions', async () => {
    const r = await ptcIn(['repl', '--mcp', `f=${fake.url}`], { input: '(def a (tool/lookup 3))\n(:name a)\n:defs\n(pmap #(:id (tool/lookup %)) [1 2])\n' });
    expect(r.code).toBe(0);
    expect(r.out).toBe('=> #\'a\n=> "name-3"\na = {:id 3 :name "name-3"}\n=> [1 2]\n');
  });
});

describe('header values', () => {
  const TOKEN = 'tok-LEAKCHECK-5150';
  const header = (name: string): string[] => ['--mcp-header', `${name}=Authorization: Bearer ${TOKEN}`];

  it('reach the server and nothing else: not the run record, the saved file, errors, notices or an experiment’s folder', async () => {
    const out = join(dir, 'leak.json');
    const file = session([code('(tool/lookup 1)'), code('(tool/nothing)'), code('(return (tool/lookup "not a number"))')]);
    const r = await ptcIn(['run', file, '--json', '--mcp', `f=${fake.url}`, ...header('f'), '--save', out]);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const gone = await ptcIn(['tools', file, '--mcp', 'g=http://127.0.0.1:9/mcp', ...header('g')]);
    expect(gone.code).toBe(3);
    const folder = join(dir, 'leak-experiment');
    const e = await ptcIn(['experiment', file, '--runs', '1', '--out', folder, '--mcp', `f=${fake.url}`, ...header('f')]);
    const { readdirSync } = await import('node:fs');
    const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((d) => d.isFile());
    const texts = [
      r.out,
      r.err,
      readFileSync(out, 'utf8'),
      gone.out,
      gone.err,
      e.out,
      e.err,
      ...files.map((d) => readFileSync(join(d.parentPath, d.name), 'utf8')),
    ];
    expect(files.length).toBeGreaterThan(2);
    for (const [i, t] of texts.entries()) expect(t.includes(TOKEN), `text ${i}`).toBe(false);
  });
});

describe('ptc experiment', () => {
  it('runs a live variant against the server and a recorded one from the session’s record, never connecting for it', async () => {
    const first = join(dir, 'exp-base.json');
    const file = session([code('(def names (pmap #(:name (tool/lookup %)) (range 4)))'), code('(return (count names))')]);
    expect((await ptcIn(['run', file, '--mcp', `f=${fake.url}`, '--save', first])).code).toBe(0);
    const variants = join(dir, 'variants.json');
    writeFileSync(variants, JSON.stringify({ success: { expected: 4 }, variants: [{ name: 'live' }, { name: 'replayed', tools: 'recorded' }] }));
    const calls = (): number => fake.requests.filter((q) => q.method === 'tools/call').length;
    const before = calls();
    const r = await ptcIn(['experiment', first, '--runs', '2', '--variants', variants, '--json']);
    expect(r.code).toBe(0);
    const results = JSON.parse(r.out) as { variants: { name: string; successes: number; runs: number }[] };
    expect(results.variants.map((v) => [v.name, v.successes, v.runs])).toEqual([
      ['live', 2, 2],
      ['replayed', 2, 2],
    ]);
    // The live variant's two runs made four calls each; the recorded one none.
    expect(calls() - before).toBe(8);
    const bad = join(dir, 'bad-variants.json');
    writeFileSync(bad, JSON.stringify({ variants: [{ name: 'x', tools: 'sometimes' }] }));
    const refused = await ptcIn(['experiment', first, '--runs', '1', '--variants', bad]);
    expect([refused.code, refused.err]).toEqual([2, expect.stringContaining('variants[0].tools: expected "live"')]);
  });
});
