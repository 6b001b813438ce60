// The engine's MCP servers as the page drives them, against the wire-format fake on 127.0.0.1: a
// server connects only when asked and joins the session with the tools it lists; turns call it live,
// telling the page when they wait; Stop aborts the calls in flight and makes no turn; disconnected,
// removed, or in a session opened again, calls are answered from the record and never reach it;
// header values go to the server and nowhere else.
import { createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeLink } from '../../src/session/link-codec.ts';
import { joinFileText } from '../../src/session/file-text.ts';
import { Engine, type StepResult, type View } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';
import { checkTarget } from '../../src/worker/mcp-servers.ts';
import { freePort } from '../mcp/servers.ts';
import { slowTool, startFake, type FakeServer, type FakeTool } from '../mcp/fake-server.ts';

const TOKEN = 'Bearer tok-LEAKCHECK-5d1e';
const clj = (code: string) => '```clojure\n' + code + '\n```';

const add: FakeTool = {
  name: 'add',
  description: 'Adds two integers.\nMore words the LLM never sees.',
  inputSchema: { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } }, required: ['a', 'b'] },
  call: (args) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }),
};
const echo: FakeTool = {
  name: 'echo',
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
  call: (args) => ({ content: [{ type: 'text', text: `echo: ${String(args.message)}` }] }),
};
const wait = slowTool({ name: 'wait', inputSchema: { type: 'object' }, call: () => ({ content: [{ type: 'text', text: 'late' }] }) }, 20_000);

let fake: FakeServer;

beforeAll(async () => {
  fake = await startFake({ tools: [add, echo, wait] });
});
afterAll(async () => {
  await fake?.stop();
});

const SESSION = JSON.stringify({
  version: 2,
  title: 'Adding',
  mission: 'Add numbers with the server.',
  maxTurns: 6,
  compression: true,
  llm: { provider: 'mock', replies: [] },
});

function opened(text = SESSION): Engine {
  const engine = new Engine();
  const r = engine.open(text);
  if (!r.ok) throw new Error(r.problems.map((p) => p.text).join('\n'));
  return engine;
}

const calls = () => fake.requests.filter((r) => r.method === 'tools/call').length;
const userText = (view: View) => view.compressed.messages[1]?.content ?? '';

function ok(r: StepResult): View {
  if (!r.ok) throw new Error(r.error);
  return r.view;
}

describe('connecting', () => {
  it('adds a new server with the tools it lists, shown in tool/ and in the view; headers reach it and nothing else', async () => {
    const engine = opened();
    const before = fake.requests.length;
    const view = ok(await engine.connectServer('calc', fake.url, { Authorization: TOKEN }));
    expect(view.servers).toEqual([
      { name: 'calc', transport: 'http', url: fake.url, status: 'connected', protocolVersion: '2025-06-18', via: 'streamable-http', toolCount: 3 },
    ]);
    expect(view.setup.mcpServers[0].tools.map((t) => [t.callForm, t.signature, t.description ?? null])).toEqual([
      ['(tool/add a b)', '(a :int, b :int) -> :any', 'Adds two integers.'],
      ['(tool/echo message)', '(message :string) -> :any', null],
      ['(tool/wait)', '() -> :any', null],
    ]);
    expect(userText(view)).toMatch(/\(tool\/add a b\) +; \(a :int, b :int\) -> :any -- Adds two integers\./);
    // The header went with every request, and is in nothing the person could carry away.
    const sent = fake.requests.slice(before);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((r) => r.headers.authorization === TOKEN)).toBe(true);
    const link = engine.shareLink({ turns: true });
    const everything = JSON.stringify([view, engine.exportSession(), engine.savedText(), link.fragment, decodeLink(link.fragment)]);
    expect(everything).not.toContain('LEAKCHECK');
    expect(JSON.parse(engine.exportSession()).mcpServers).toEqual([{ name: 'calc', transport: 'http', url: fake.url, tools: expect.any(Array) }]);
  });

  it('shows a server as connecting in any view made while it connects', async () => {
    const engine = opened();
    const connecting = engine.connectServer('calc', fake.url);
    expect(engine.view().servers).toEqual([{ name: 'calc', transport: 'http', url: fake.url, status: 'connecting' }]);
    ok(await connecting);
    expect(engine.view().servers[0].status).toBe('connected');
  });

  it('refuses a bad name or a plain-HTTP server off this machine before anything is sent or added', async () => {
    const engine = opened();
    const before = fake.requests.length;
    const bad = await engine.connectServer('my server', fake.url);
    expect(bad).toMatchObject({ ok: false, error: expect.stringContaining('is not a server name') });
    const far = await engine.connectServer('far', 'http://192.0.2.1:8080/mcp');
    expect(far).toMatchObject({ ok: false, error: expect.stringContaining('only on localhost or 127.0.0.1') });
    expect(far.view.servers).toEqual([]);
    expect(fake.requests.length).toBe(before);
    expect(checkTarget('s', 'https://user:pw@example.com/mcp')).toMatchObject({ ok: false });
    expect(checkTarget('s', 'https://example.com/mcp')).toEqual({ ok: true, url: 'https://example.com/mcp' });
  });

  it('keeps a server it could not reach in the session, with why', async () => {
    const engine = opened();
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const r = await engine.connectServer('gone', url);
    expect(r.ok).toBe(false);
    expect(r.view.servers).toEqual([{ name: 'gone', transport: 'http', url, status: 'error', error: expect.any(String) }]);
    expect(JSON.parse(engine.exportSession()).mcpServers).toEqual([{ name: 'gone', transport: 'http', url, tools: [] }]);
  });

  it('refreshes the snapshot of a server the session names, keeping the names and hiding it gave', async () => {
    const session = JSON.parse(SESSION) as Record<string, unknown>;
    session.mcpServers = [
      {
        name: 'calc',
        transport: 'http',
        url: fake.url,
        tools: [
          { name: 'add', as: 'plus', inputSchema: {} },
          { name: 'echo', hidden: true, inputSchema: {} },
        ],
      },
    ];
    const engine = opened(JSON.stringify(session));
    expect(engine.view().servers).toEqual([{ name: 'calc', transport: 'http', url: fake.url, status: 'not-connected' }]);
    const view = ok(await engine.connectServer('calc', fake.url));
    expect(view.setup.mcpServers[0].tools.map((t) => [t.name, t.hidden ?? false])).toEqual([
      ['plus', false],
      ['echo', true],
      ['wait', false],
    ]);
    expect(userText(view)).toContain('(tool/plus a b)');
    expect(userText(view)).not.toContain('tool/echo');
  });

  it('keeps the servers through an edit of the definition; Remove takes one out', async () => {
    const engine = opened();
    const view = ok(await engine.connectServer('calc', fake.url));
    const edited = engine.setDefinition({ ...view.setup.definition, mission: 'Add more numbers.' });
    if (!edited.ok) throw new Error('refused');
    expect(edited.view.servers.map((s) => [s.name, s.status])).toEqual([['calc', 'connected']]);
    expect(userText(edited.view)).toContain('(tool/add a b)');
    const removed = ok(engine.removeServer('calc'));
    expect(removed.servers).toEqual([]);
    expect(removed.setup.mcpServers).toEqual([]);
    expect(JSON.parse(engine.exportSession())).not.toHaveProperty('mcpServers');
  });
});

describe('renaming and hiding tools', () => {
  it('as and hidden change the snapshot: saved, shared and shown in tool/ as the LLM sees them; turns call the new name', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    const renamed = ok(engine.setServerTool('calc', 'add', { as: 'plus' }));
    expect(renamed.setup.mcpServers[0].tools[0]).toMatchObject({ name: 'plus', toolName: 'add', callForm: '(tool/plus a b)' });
    expect(userText(renamed)).toContain('(tool/plus a b)');
    expect(userText(renamed)).not.toContain('tool/add');
    const hidden = ok(engine.setServerTool('calc', 'echo', { hidden: true }));
    expect(hidden.setup.mcpServers[0].tools[1]).toMatchObject({ name: 'echo', hidden: true });
    expect(userText(hidden)).not.toContain('tool/echo');
    const saved = JSON.parse(engine.exportSession()).mcpServers[0].tools as { name: string; as?: string; hidden?: boolean }[];
    expect(saved.map((t) => [t.name, t.as ?? null, t.hidden ?? false])).toEqual([
      ['add', 'plus', false],
      ['echo', null, true],
      ['wait', null, false],
    ]);
    const link = decodeLink(engine.shareLink({ turns: true }).fragment);
    expect(link.ok && link.session.mcpServers?.[0].tools[0].as).toBe('plus');
    const turn = ok(await engine.stepTurnLive(clj('(tool/plus 2 40)')));
    expect(turn.turns[0].result).toBe('"42"');
    // Refresh (connecting again) keeps both; '' gives back the server's own name, Show the tool.
    const refreshed = ok(await engine.connectServer('calc', fake.url));
    expect(refreshed.setup.mcpServers[0].tools.map((t) => [t.name, t.hidden ?? false])).toEqual([
      ['plus', false],
      ['echo', true],
      ['wait', false],
    ]);
    ok(engine.setServerTool('calc', 'add', { as: '' }));
    const shown = ok(engine.setServerTool('calc', 'echo', { hidden: false }));
    expect(shown.setup.mcpServers[0].tools.map((t) => [t.name, t.toolName ?? null, t.hidden ?? false])).toEqual([
      ['add', null, false],
      ['echo', null, false],
      ['wait', null, false],
    ]);
  });

  it('refuses a name that is no symbol, or one that clashes, with the problem saying to rename; nothing changes', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    const before = engine.exportSession();
    const bad = engine.setServerTool('calc', 'add', { as: 'two words' });
    expect(bad).toMatchObject({ ok: false, error: '"two words" cannot be a tool\'s name: use a PTC-Lisp symbol such as get-sum' });
    const clash = engine.setServerTool('calc', 'add', { as: 'echo' });
    expect(clash).toMatchObject({ ok: false, error: expect.stringMatching(/clashes with .*rename one with "as"/) });
    expect(engine.setServerTool('calc', 'nope', { hidden: true })).toMatchObject({ ok: false, error: 'The server calc has no tool nope' });
    expect(engine.exportSession()).toBe(before);
    // Hiding the other one first lets the name be taken.
    ok(engine.setServerTool('calc', 'echo', { hidden: true }));
    expect(engine.setServerTool('calc', 'add', { as: 'echo' }).ok).toBe(true);
  });
});

describe('turns', () => {
  it('call a connected server live, pmap side by side, each call recorded with its server and time', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    const phases: string[] = [];
    const before = calls();
    const view = ok(await engine.stepTurnLive(clj('[(tool/add 2 40) (pmap #(tool/echo {:message %}) ["a" "b"])]'), {}, (p) => phases.push(p)));
    const turn = view.turns[0];
    expect(turn.error).toBeUndefined();
    expect(turn.result).toBe('["42" ["echo: a" "echo: b"]]');
    expect(turn.toolCalls.map((c) => [c.name, c.args, c.server])).toEqual([
      ['add', ['2', '40'], 'calc'],
      ['echo', ['{:message "a"}'], 'calc'],
      ['echo', ['{:message "b"}'], 'calc'],
    ]);
    expect(turn.toolCalls.every((c) => c.durationMs > 0)).toBe(true);
    expect(calls() - before).toBe(3);
    // Two rounds (add, then both echoes at once): the page hears each wait and each run after it.
    expect(phases).toEqual(['waiting', 'running', 'waiting', 'running']);
  });

  it('the page API makes turns live (the sync stepTurn refuses while a server is connected)', async () => {
    const api = new PageApi(new Engine());
    api.open(SESSION);
    await api.connectServer('calc', fake.url);
    expect(api.engine.stepTurn(clj('(tool/add 1 2)'))).toMatchObject({ ok: false, error: expect.stringContaining('stepTurnLive') });
    const r = await api.stepTurn(clj('(tool/add 1 2)'));
    expect(r.ok).toBe(true);
    expect(api.engine.view().turns[0].result).toBe('"3"');
  });

  it('Stop aborts the calls in flight: no turn is made, and the next Step runs as if none was tried', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    const turn = engine.stepTurnLive(clj('(tool/wait)'));
    await expect.poll(() => fake.inFlight.now).toBe(1);
    expect(engine.abortToolCalls()).toBe(true);
    const r = await turn;
    expect(r).toMatchObject({ ok: false, stopped: true, error: expect.stringContaining('Stopped') });
    expect(r.view.turns).toEqual([]);
    expect(engine.abortToolCalls()).toBe(false);
    const next = ok(await engine.stepTurnLive(clj('(tool/add 1 1)')));
    expect(next.turns.map((t) => [t.number, t.result])).toEqual([[1, '"2"']]);
  });

  it('after Disconnect, recorded turns replay from the record and a new call fails: the server is never reached', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    ok(await engine.stepTurnLive(clj('(def total (tool/add 2 40))')));
    const before = calls();
    const view = ok(engine.disconnectServer('calc'));
    expect(view.servers[0].status).toBe('not-connected');
    const r = ok(await engine.stepTurnLive(clj('(tool/add 1 1)')));
    expect(r.turns[1].error?.message).toMatch(/tool\/add \(server calc\): the server is not connected, and no recorded call has these arguments/);
    expect(calls()).toBe(before);
    // Opened again (as after a reload), the recorded turn replays from its record: total is defined.
    const again = opened(engine.exportSession());
    expect(again.view().servers[0].status).toBe('not-connected');
    expect(again.view().turns[0].toolCalls[0]).toMatchObject({ name: 'add', server: 'calc', result: '"42"' });
    expect(again.repl('total').result).toBe('"42"');
    expect(calls()).toBe(before);
  });

  it('a session opened from outside starts with no server connected; another branch keeps them', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    ok(await engine.stepTurnLive(clj('(tool/add 2 2)')));
    const text = engine.exportSession();
    const reopened = engine.open(text);
    if (!reopened.ok) throw new Error('not opened');
    expect(reopened.view.servers[0].status).toBe('not-connected');
    ok(await engine.connectServer('calc', fake.url));
    const page = new PageApi(engine);
    const fork = page.fork({ at: 2, name: 'other', compression: 'full-history' });
    expect(fork.ok).toBe(true);
    expect(engine.view().servers[0].status).toBe('connected');
  });
});

describe('Reset', () => {
  it("keeps the run's recorded calls: the next run's calls of a server not connected are answered from them, the k-th equal call by the k-th answer", async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    ok(await engine.stepTurnLive(clj('[(tool/add 2 40) (tool/echo {:message "hi"})]')));
    ok(engine.disconnectServer('calc'));
    const before = calls();
    engine.reset();
    const replayed = ok(await engine.stepTurnLive(clj('[(tool/add 2 40) (tool/echo {:message "hi"})]')));
    expect(replayed.turns[0].result).toBe('["42" "echo: hi"]');
    expect(replayed.turns[0].toolCalls.map((c) => [c.name, c.server, c.result])).toEqual([
      ['add', 'calc', '"42"'],
      ['echo', 'calc', '"echo: hi"'],
    ]);
    // Recorded once: a second equal call, or one with other arguments, has no answer.
    const again = ok(await engine.stepTurnLive(clj('(tool/add 2 40)')));
    expect(again.turns[1].error?.message).toMatch(/the server is not connected, and the 1 recorded call with these arguments were all answered/);
    expect(calls()).toBe(before);
    // A reset after this run keeps its record (its first turn holds the calls again).
    engine.reset();
    expect(ok(await engine.stepTurnLive(clj('(tool/add 2 40)'))).turns[0].result).toBe('"42"');
    // Another session opened has only its own turns' record.
    const reopened = engine.open(engine.exportSession());
    if (!reopened.ok) throw new Error('not opened');
    engine.reset();
    engine.reset();
    expect(ok(await engine.stepTurnLive(clj('(tool/echo {:message "hi"})'))).turns[0].error?.message).toMatch(/not connected/);
  });

  it('keeps them across a reload: the saved text holds the calls (never a header), and the reopened session answers from them', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url, { Authorization: TOKEN }));
    ok(await engine.stepTurnLive(clj('(def s (tool/add 2 40))')));
    ok(await engine.stepTurnLive(clj('[(tool/echo {:message "hi"}) (tool/add 1 1)]')));
    engine.reset();
    // What the page autosaves: the run's calls of the server, in call order, and no turns.
    const saved = JSON.parse(joinFileText(engine.savedText())) as { turns: unknown[]; previousRunCalls: { name: string; server: string; result: unknown }[] };
    expect(saved.turns).toEqual([]);
    expect(saved.previousRunCalls.map((c) => [c.name, c.server, c.result])).toEqual([
      ['add', 'calc', '42'],
      ['echo', 'calc', 'echo: hi'],
      ['add', 'calc', '2'],
    ]);
    expect(joinFileText(engine.savedText())).not.toContain('tok-LEAKCHECK');
    // Reloaded, with the server not connected: the new run's equal calls are answered, never reaching it.
    const reloaded = opened(joinFileText(engine.savedText()));
    const before = calls();
    const replayed = ok(await reloaded.stepTurnLive(clj('[(tool/add 2 40) (tool/echo {:message "hi"})]')));
    expect(replayed.turns[0].result).toBe('["42" "echo: hi"]');
    expect(calls()).toBe(before);
    // An edit of the definition keeps them; a link without turns carries none.
    expect(reloaded.setDefinition({ ...reloaded.view().setup.definition, title: 'Renamed' }).ok).toBe(true);
    expect(JSON.parse(reloaded.exportSession())).toHaveProperty('previousRunCalls');
    const link = reloaded.shareLink({ turns: false });
    const decoded = decodeLink(link.fragment);
    expect(decoded.ok && decoded.session.previousRunCalls).toBe(undefined);
    // A Reset of a run that called no server leaves nothing kept.
    reloaded.reset();
    ok(reloaded.stepTurn(clj('(+ 1 2)')));
    reloaded.reset();
    expect(JSON.parse(reloaded.exportSession())).not.toHaveProperty('previousRunCalls');
  });
});

describe('the REPL', () => {
  it('calls a connected server live, telling the page when it waits; its definitions are kept; not connected, the call fails', async () => {
    const api = new PageApi(new Engine());
    api.open(SESSION);
    const phases: string[] = [];
    const refused = await api.repl('(tool/add 1 2)');
    expect(refused.error?.message).toBe('Unknown tool tool/add. No tools are available.');
    await api.connectServer('calc', fake.url);
    const before = calls();
    const r = await api.repl('(def total (tool/add 2 40))', (p) => phases.push(p));
    expect(r).toMatchObject({ ok: true, defined: ['total'] });
    expect(phases).toEqual(['waiting', 'running']);
    expect((await api.repl('[total (pmap #(tool/echo {:message %}) ["a" "b"])]')).result).toBe('["42" ["echo: a" "echo: b"]]');
    expect(calls() - before).toBe(3);
    // The session is not changed by it: no turn, nothing recorded.
    expect(api.engine.view().turns).toEqual([]);
    api.engine.disconnectServer('calc');
    expect((await api.repl('(tool/add 1 1)')).error?.message).toMatch(/not connected/);
  });

  it('Stop aborts its calls in flight', async () => {
    const engine = opened();
    ok(await engine.connectServer('calc', fake.url));
    const waiting = engine.replLive('(tool/wait)');
    await expect.poll(() => fake.inFlight.now).toBe(1);
    expect(engine.abortToolCalls()).toBe(true);
    expect(await waiting).toMatchObject({ ok: false, error: { type: 'stopped', message: 'Stopped: the tool calls in flight were aborted' } });
    expect(engine.abortToolCalls()).toBe(false);
  });
});

describe('header values a server echoes', () => {
  const SECRET = 'tok-LEAKCHECK-5d1e';

  /** A server that refuses every request with `status`, quoting the Authorization header it got. */
  async function refusing(): Promise<{ url: string; status: { code: number }; stop: () => Promise<void> }> {
    const status = { code: 401 };
    const server = createServer((req, res) => {
      req.resume();
      const got = String(req.headers.authorization ?? '');
      res.writeHead(status.code, { 'content-type': 'application/json' }).end(JSON.stringify({ error: `refused ${got} (token ${SECRET})` }));
    });
    const port = await freePort();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${port}/mcp`, status, stop: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('never reach the session, its record, an export, a link, an error, a notice or the console: 401, 500, a result, an error, a description', async () => {
    const logged: unknown[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      vi.spyOn(console, m).mockImplementation((...a: unknown[]) => void logged.push(a)),
    );
    const refuser = await refusing();
    const leaky = await startFake({
      tools: [
        {
          name: 'whoami',
          description: `Says who you are (${TOKEN}).`,
          inputSchema: { type: 'object' },
          call: () => ({ content: [{ type: 'text', text: `you are ${SECRET}` }] }),
        },
        {
          name: 'fail',
          inputSchema: { type: 'object' },
          call: () => {
            throw new Error(`bad token ${TOKEN}`);
          },
        },
        { name: 'deny', inputSchema: { type: 'object' }, call: () => ({ isError: true, content: [{ type: 'text', text: `denied for ${SECRET}` }] }) },
      ],
    });
    try {
      const engine = opened();
      const errors: string[] = [];
      const r401 = await engine.connectServer('calc', refuser.url, { Authorization: TOKEN });
      expect(r401.ok).toBe(false);
      refuser.status.code = 500;
      const r500 = await engine.connectServer('calc', refuser.url, { Authorization: TOKEN });
      expect(r500.ok).toBe(false);
      for (const r of [r401, r500]) if (!r.ok) errors.push(r.error);
      expect(errors).toEqual([expect.stringContaining('HTTP 401'), expect.stringContaining('HTTP 500')]);
      ok(await engine.connectServer('leaky', leaky.url, { Authorization: TOKEN }));
      // The server got it: the guarantee is about what comes back.
      expect(leaky.requests.every((q) => q.headers.authorization === TOKEN)).toBe(true);
      const first = ok(await engine.stepTurnLive(clj('(tool/whoami)')));
      expect(first.turns[0].result).toBe('"you are [redacted]"');
      const second = ok(await engine.stepTurnLive(clj('(tool/fail)')));
      const third = ok(await engine.stepTurnLive(clj('(tool/deny)')));
      expect(second.turns[1].error?.message).toContain('bad token [redacted]');
      expect(third.turns[2].error?.message).toContain('denied for [redacted]');
      const views = [engine.view(), ...[1, 2, 3].map((n) => engine.view({ selected: n }))];
      const link = engine.shareLink({ turns: true });
      const decoded = decodeLink(link.fragment);
      const everything = JSON.stringify([
        views,
        engine.exportSession(),
        engine.savedText(),
        link.fragment,
        decoded.ok ? decoded.session : null,
        errors,
        logged,
      ]);
      expect(everything).not.toContain('LEAKCHECK');
      expect(everything).toContain('[redacted]');
    } finally {
      for (const s of spies) s.mockRestore();
      await Promise.all([refuser.stop(), leaky.stop()]);
    }
  });
});

describe('experiments', () => {
  it('run live variants against the connected server, and recorded ones from the session’s turns without reaching it', async () => {
    const replies = [clj('(def s (reduce + (pmap #(parse-long (tool/add {:a % :b 1})) [1 2 3])))'), clj('(return s)')];
    const h = new PageApi(opened(JSON.stringify({ ...JSON.parse(SESSION), llm: { provider: 'mock', replies } })));
    ok(await h.engine.connectServer('calc', fake.url));
    ok(await h.engine.stepTurnLive());
    ok(await h.engine.stepTurnLive());
    const before = calls();
    const variantsText = JSON.stringify({ success: { expected: 9 }, variants: [{ name: 'live' }, { name: 'replayed', tools: 'recorded' }] });
    const r = await h.runExperiment({ variantsText, runs: 2, concurrency: 1, keys: [], done: [] }, () => undefined);
    if (!r.ok) throw new Error(r.errors.join('\n'));
    expect(r.summaries.map((v) => [v.name, v.successes, v.runs])).toEqual([
      ['live', 2, 2],
      ['replayed', 2, 2],
    ]);
    // Two live runs of three calls each; the replayed runs made none.
    expect(calls() - before).toBe(6);
  });
});
