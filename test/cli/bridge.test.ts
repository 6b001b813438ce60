// `ptc bridge 'NAME=COMMAND ARG…'`: a stdio MCP server served over Streamable HTTP on 127.0.0.1.
// The splitter of command lines alone, then the real command (node bin/ptc.mjs, the prebuilt bundle)
// in front of the real server-everything, driven by the official client and by raw HTTP requests.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { request as httpRequest, createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { DEFAULT_INHERITED_ENV_VARS } from '@modelcontextprotocol/client/stdio';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { hostName, refusalOf } from '../../src/cli/bridge-server.ts';
import { UsageError } from '../../src/cli/common.ts';
import { parseNamedCommand, ShellWordsError, splitShellWords } from '../../src/cli/shell-words.ts';
import { bin, ptcIn, root } from './harness.ts';

/** A word as a shell user would quote it: in single quotes, each ' written as '\''. */
const singleQuoted = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
/** In double quotes: \ " $ ` escaped. */
const doubleQuoted = (word: string) => `"${word.replace(/[\\"$`]/g, '\\$&')}"`;

describe('splitShellWords', () => {
  it('splits at blanks, however many, and keeps no empty word for them', () => {
    expect(splitShellWords('node  server.js\tstdio\n--port 3')).toEqual(['node', 'server.js', 'stdio', '--port', '3']);
    expect(splitShellWords('  a  ')).toEqual(['a']);
    expect(splitShellWords('')).toEqual([]);
    expect(splitShellWords(' \t\n ')).toEqual([]);
  });

  it('keeps single-quoted text as it is, and joins quoted and unquoted parts of one word', () => {
    expect(splitShellWords(`'a b'  c`)).toEqual(['a b', 'c']);
    expect(splitShellWords(`'it'\\''s'`)).toEqual(["it's"]);
    expect(splitShellWords(`'\\n "x" $HOME'`)).toEqual(['\\n "x" $HOME']);
    expect(splitShellWords(`--name='John Smith'x`)).toEqual(['--name=John Smithx']);
    expect(splitShellWords(`'' a ''`)).toEqual(['', 'a', '']);
    expect(splitShellWords(`a'' b""`)).toEqual(['a', 'b']);
  });

  it('in double quotes, a backslash escapes only $ ` " \\ and newline', () => {
    expect(splitShellWords(String.raw`"a \"b\" \$HOME \\ \x \`"`)).toEqual([String.raw`a "b" $HOME \ \x ` + '`']);
    expect(splitShellWords(`"one\\\ntwo" "it's"`)).toEqual(['onetwo', "it's"]);
    expect(splitShellWords(`--name="John Smith"`)).toEqual(['--name=John Smith']);
  });

  it('outside quotes, a backslash keeps the next character, and joins lines before a newline', () => {
    expect(splitShellWords(String.raw`a\ b \'c\' \"d\" \\`)).toEqual(['a b', "'c'", '"d"', '\\']);
    expect(splitShellWords('one\\\ntwo three')).toEqual(['onetwo', 'three']);
    expect(splitShellWords('\\\n')).toEqual([]);
  });

  it('expands and interprets nothing: variables, ~, globs and operators are ordinary characters', () => {
    expect(splitShellWords('$HOME ~/x *.js a|b ; && > out #c')).toEqual(['$HOME', '~/x', '*.js', 'a|b', ';', '&&', '>', 'out', '#c']);
  });

  it('refuses an unclosed quote or a backslash at the end, saying where', () => {
    const problem = (text: string) => {
      try {
        splitShellWords(text);
      } catch (e) {
        if (e instanceof ShellWordsError) return e.message;
        throw e;
      }
      return 'no error';
    };
    expect(problem(`node 'server.js`)).toBe("unclosed ' quote (column 6)");
    expect(problem(`a "b c`)).toBe('unclosed " quote (column 3)');
    expect(problem(`"a \\"`)).toBe('unclosed " quote (column 1)');
    expect(problem(`'a'b'`)).toBe("unclosed ' quote (column 5)");
    expect(problem('a \\')).toBe('a backslash at the end escapes nothing (column 3)');
  });

  it('gives back any words quoted in single quotes and joined by blanks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 6 }), fc.constantFrom(' ', '  ', '\t', '\n'), (words, blank) => {
        expect(splitShellWords(words.map(singleQuoted).join(blank))).toEqual(words);
      }),
    );
  });

  it('gives back any words quoted in double quotes, and plain words joined by any blanks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 12 }), { maxLength: 6 }), (words) => {
        expect(splitShellWords(words.map(doubleQuoted).join(' '))).toEqual(words);
      }),
    );
    const plain = fc.stringMatching(/^[\w./=:@+-]{1,10}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(plain, fc.stringMatching(/^[ \t\n]{1,3}$/)), { maxLength: 6 }), (pairs) => {
        expect(splitShellWords(pairs.map(([w, b]) => b + w).join(''))).toEqual(pairs.map(([w]) => w));
      }),
    );
  });
});

describe('NAME=COMMAND ARG…', () => {
  const usageMessage = (text: string) => {
    try {
      parseNamedCommand(text, 'ptc bridge');
    } catch (e) {
      if (e instanceof UsageError) return e.message;
      throw e;
    }
    return 'no error';
  };

  it('splits at the first = into the name and the command line', () => {
    expect(parseNamedCommand(`fs=npx -y '@scope/server' "/tmp/my files" a=b`, 'ptc bridge')).toEqual({
      name: 'fs',
      command: 'npx',
      args: ['-y', '@scope/server', '/tmp/my files', 'a=b'],
    });
  });

  it('refuses no name, no command, a name that is no symbol, and an unclosed quote where it is', () => {
    expect(usageMessage('=node server.js')).toMatch(/^ptc bridge: the server has no name before =/);
    expect(usageMessage('everything=')).toMatch(/^ptc bridge: everything has no command after =/);
    expect(usageMessage('everything=   ')).toMatch(/no command after =/);
    expect(usageMessage(`everything=''`)).toMatch(/no command after =/);
    expect(usageMessage('node server.js')).toMatch(/^ptc bridge takes NAME=COMMAND ARG…/);
    expect(usageMessage('my server=node')).toMatch(/my server is not a server name/);
    expect(usageMessage(`x=node 'a`)).toBe("ptc bridge: cannot split the command of x: unclosed ' quote (column 8)");
  });

  it('is refused by ptc bridge with exit code 2 before anything starts', async () => {
    for (const args of [
      ['=node'],
      ['x='],
      ["x=node 'a"],
      ['x=node', '--port', '70000'],
      ['x=node', '--origin', 'localhost:5173'],
      ['x=node', '--origin', 'http://a.example/app'],
    ]) {
      const r = await ptcIn(['bridge', ...args]);
      expect([args, r.code, r.out]).toEqual([args, 2, '']);
      expect(r.err).toMatch(/^ptc bridge: /);
    }
    const missing = await ptcIn(['bridge']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain("give the server as one argument, as in ptc bridge 'everything=");
  });

  it('is listed by ptc --help, and ptc bridge --help says how sessions and the environment are handled', async () => {
    expect((await ptcIn(['--help'])).out).toMatch(/^ {2}bridge +serve a stdio MCP server over HTTP/m);
    const help = (await ptcIn(['bridge', '--help'])).out;
    expect(help).toContain("usage: ptc bridge 'NAME=COMMAND ARG…' [--port N] [--origin ORIGIN]...");
    expect(help).toContain('Each HTTP session gets a fresh server process');
    expect(help).toContain('HOME, LOGNAME, PATH, SHELL, TERM and USER');
    expect(help).toMatch(/^ {2}3 +the server could not be started/m);
  });
});

describe('what the bridge refuses before MCP', () => {
  const origins = new Set(['http://localhost:5173']);
  it('a Host other than 127.0.0.1 or localhost, another path, another page', () => {
    expect(hostName('127.0.0.1:8080')).toBe('127.0.0.1');
    expect(hostName('LOCALHOST')).toBe('localhost');
    expect(hostName('[::1]:80')).toBe('[::1]');
    expect(refusalOf('POST', '/mcp', { host: '127.0.0.1:1' }, origins)).toBeUndefined();
    expect(refusalOf('POST', '/mcp', { host: 'localhost:1', origin: 'http://localhost:5173' }, origins)).toBeUndefined();
    expect(refusalOf('POST', '/mcp', { host: 'evil.example:1' }, origins)?.status).toBe(403);
    expect(refusalOf('POST', '/mcp', { host: '127.0.0.1.evil.example' }, origins)?.status).toBe(403);
    expect(refusalOf('POST', '/mcp', {}, origins)?.status).toBe(403);
    expect(refusalOf('GET', '/', { host: '127.0.0.1' }, origins)?.status).toBe(404);
    expect(refusalOf('POST', '/mcp', { host: '127.0.0.1', origin: 'http://localhost:5174' }, origins)?.status).toBe(403);
    expect(refusalOf('POST', '/mcp', { host: '127.0.0.1', origin: 'null' }, origins)?.status).toBe(403);
    const preflight = (asked: string) =>
      refusalOf('OPTIONS', '/mcp', { host: '127.0.0.1', origin: 'http://localhost:5173', 'access-control-request-headers': asked }, origins);
    expect(preflight('content-type, mcp-session-id, MCP-Protocol-Version, last-event-id, authorization')).toBeUndefined();
    expect(preflight('content-type, x-secret')?.message).toBe('the page asked to send x-secret, which the bridge does not let through');
  });
});

// The real thing: node bin/ptc.mjs bridge in front of server-everything.

const EVERYTHING_JS = join(root, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');
const EVERYTHING = `everything=${singleQuoted(process.execPath)} ${singleQuoted(EVERYTHING_JS)} stdio`;
const PAGE = 'http://localhost:5173';

interface RunningBridge {
  readonly url: string;
  readonly process: ChildProcessByStdio<null, Readable, Readable>;
  readonly stderr: () => string;
  /** Resolves when stderr matches `pattern`, with the match. */
  readonly stderrMatch: (pattern: RegExp) => Promise<RegExpMatchArray>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: RunningBridge[] = [];

afterEach(async () => {
  for (const b of running.splice(0)) {
    if (b.process.exitCode === null && b.process.signalCode === null) b.process.kill('SIGKILL');
    await b.exited;
  }
});

/** Starts `ptc bridge ARGS` and resolves once it printed its URL (or rejects with what it said when it ended first). */
function startBridge(args: string[], env: NodeJS.ProcessEnv = process.env, group = false): Promise<RunningBridge> {
  // In a process group of its own (group), as a shell runs a command: Ctrl+C reaches the group.
  const child = spawn(process.execPath, [bin, 'bridge', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: group });
  let out = '';
  let err = '';
  const waiters = new Set<() => void>();
  child.stdout.setEncoding('utf8');
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const w of waiters) w();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const stderrMatch = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve) => {
      const check = () => {
        const m = err.match(pattern);
        if (m === null) return;
        waiters.delete(check);
        resolve(m);
      };
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    const bridge = { process: child, stderr: () => err, stderrMatch, exited };
    child.stdout.on('data', (d: string) => {
      out += d;
      if (!out.includes('\n')) return;
      const b: RunningBridge = { ...bridge, url: out.slice(0, out.indexOf('\n')) };
      running.push(b);
      resolve(b);
    });
    void exited.then(({ code }) => {
      if (!out.includes('\n')) {
        running.push({ ...bridge, url: '' });
        reject(new Error(`ptc bridge ended (${code}) before printing its URL: ${err}`));
      }
    });
  });
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
}

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One HTTP request as given (any Host, any Origin), its whole answer. */
function raw(url: string, method: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const POST_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

/** True while a process of that pid exists. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('ptc bridge in front of server-everything', () => {
  it('prints one URL on 127.0.0.1 once the server answered, and passes tools/list and tools/call through', async () => {
    const bridge = await startBridge([EVERYTHING]);
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect(bridge.url);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env']));
    expect(textOf(await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } }))).toContain('42');
    expect(textOf(await client.callTool({ name: 'echo', arguments: { message: 'through the bridge ✓' } }))).toContain('through the bridge ✓');
    await client.close();
    await bridge.stderrMatch(/add that URL as an HTTP server in the playground/);
  });

  it("answers an allowed page's preflight and requests with CORS headers; refuses another page and another Host", async () => {
    const bridge = await startBridge([EVERYTHING]);
    const preflight = await raw(bridge.url, 'OPTIONS', {
      Origin: PAGE,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type, mcp-session-id, mcp-protocol-version',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(PAGE);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, POST, DELETE');
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID');
    expect(preflight.headers['access-control-expose-headers']).toBe('Mcp-Session-Id, Mcp-Protocol-Version');

    const init = await raw(bridge.url, 'POST', { ...POST_HEADERS, Origin: 'http://127.0.0.1:5173' }, INITIALIZE);
    expect(init.status).toBe(200);
    expect(init.headers['access-control-allow-origin']).toBe('http://127.0.0.1:5173');
    expect(init.headers['access-control-expose-headers']).toBe('Mcp-Session-Id, Mcp-Protocol-Version');
    expect(init.headers['mcp-session-id']).toMatch(/^[\w-]+$/);
    expect(init.body).toContain('"serverInfo"');

    const otherPage = await raw(bridge.url, 'POST', { ...POST_HEADERS, Origin: 'https://evil.example' }, INITIALIZE);
    expect(otherPage.status).toBe(403);
    expect(otherPage.headers['access-control-allow-origin']).toBeUndefined();
    expect(JSON.parse(otherPage.body)).toMatchObject({ error: { message: expect.stringContaining('Origin https://evil.example is not allowed') } });
    const otherPreflight = await raw(bridge.url, 'OPTIONS', { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' });
    expect([otherPreflight.status, otherPreflight.headers['access-control-allow-origin']]).toEqual([403, undefined]);

    const rebound = await raw(bridge.url, 'POST', { ...POST_HEADERS, Host: 'evil.example' }, INITIALIZE);
    expect(rebound.status).toBe(403);
    expect(rebound.body).toContain('only requests addressed to 127.0.0.1 or localhost, not to evil.example');
    const byName = await raw(bridge.url, 'GET', { Host: `localhost:${new URL(bridge.url).port}`, Accept: 'text/event-stream' });
    expect(byName.status).toBe(400); // past the Host check: no session yet
    await bridge.stderrMatch(/refused POST \/mcp: the bridge answers only requests addressed to 127\.0\.0\.1 or localhost, not to evil\.example/);
  });

  it('sends progress back on the stream of the request it belongs to', async () => {
    const bridge = await startBridge([EVERYTHING]);
    const init = await raw(bridge.url, 'POST', POST_HEADERS, INITIALIZE);
    const session = { ...POST_HEADERS, 'Mcp-Session-Id': String(init.headers['mcp-session-id']), 'Mcp-Protocol-Version': '2025-06-18' };
    expect((await raw(bridge.url, 'POST', session, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }))).status).toBe(202);
    const call = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'trigger-long-running-operation', arguments: { duration: 0.2, steps: 2 }, _meta: { progressToken: 'p1' } },
    };
    const answer = await raw(bridge.url, 'POST', session, JSON.stringify(call));
    const events = [...answer.body.matchAll(/^data: (.*)$/gm)].map((m) => JSON.parse(m[1]) as { method?: string; id?: number; params?: unknown });
    expect(events.map((e) => e.method ?? `reply ${e.id}`)).toEqual(['notifications/progress', 'notifications/progress', 'reply 2']);
    expect(events[0].params).toMatchObject({ progressToken: 'p1', progress: 1, total: 2 });
  });

  it('lets only the --origin pages in when some are given', async () => {
    const bridge = await startBridge([EVERYTHING, '--origin', 'https://playground.example/', '--origin', 'http://127.0.0.1:4173']);
    const allowed = await raw(bridge.url, 'OPTIONS', { Origin: 'https://playground.example', 'Access-Control-Request-Method': 'POST' });
    expect([allowed.status, allowed.headers['access-control-allow-origin']]).toEqual([204, 'https://playground.example']);
    const dev = await raw(bridge.url, 'OPTIONS', { Origin: PAGE, 'Access-Control-Request-Method': 'POST' });
    expect(dev.status).toBe(403);
  });

  it('serves a second client after the first went away, with a fresh server process', async () => {
    const bridge = await startBridge([EVERYTHING]);
    const first = new Client({ name: 'first', version: '1.0.0' });
    const firstTransport = new StreamableHTTPClientTransport(new URL(bridge.url));
    await first.connect(firstTransport);
    const firstSession = String(firstTransport.sessionId);
    const firstPid = Number((await bridge.stderrMatch(/\(pid (\d+)\)/))[1]);
    expect(textOf(await first.callTool({ name: 'echo', arguments: { message: 'one' } }))).toContain('one');
    await first.close(); // as a page reload does: no DELETE
    const second = await connect(bridge.url);
    expect(textOf(await second.callTool({ name: 'get-sum', arguments: { a: 1, b: 2 } }))).toContain('3');
    const secondPid = Number((await bridge.stderrMatch(/a new session: everything started again \(pid (\d+)\)/))[1]);
    expect(secondPid).not.toBe(firstPid);
    // The first session is over: its client is told so (404) and would start a new one.
    const stale = await raw(
      bridge.url,
      'POST',
      { ...POST_HEADERS, 'Mcp-Session-Id': firstSession },
      JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    );
    expect(stale.status).toBe(404);
    await second.close();
  });

  it("gives the server none of the bridge's environment but HOME, LOGNAME, PATH, SHELL, TERM and USER", async () => {
    const bridge = await startBridge([EVERYTHING], { ...process.env, PTC_SECRET_TEST: 'x', OPENAI_API_KEY: 'sk-test' });
    const client = await connect(bridge.url);
    const env = JSON.parse(textOf(await client.callTool({ name: 'get-env', arguments: {} }))) as Record<string, string>;
    expect(env.PTC_SECRET_TEST).toBeUndefined();
    expect(Object.keys(env).filter((k) => !DEFAULT_INHERITED_ENV_VARS.includes(k))).toEqual([]);
    expect(env.PATH).toBe(process.env.PATH);
    await client.close();
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops on %s with exit code 0, and the server process with it', async (signal) => {
    const bridge = await startBridge([EVERYTHING]);
    const pid = Number((await bridge.stderrMatch(/\(pid (\d+)\)/))[1]);
    const client = await connect(bridge.url);
    await client.listTools();
    expect(alive(pid)).toBe(true);
    bridge.process.kill(signal);
    expect(await bridge.exited).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
    await client.close();
  });

  it('stops with exit code 0 on Ctrl+C in a terminal, which reaches the server as well', async () => {
    const bridge = await startBridge([EVERYTHING], process.env, true);
    const pid = Number((await bridge.stderrMatch(/\(pid (\d+)\)/))[1]);
    const group = bridge.process.pid;
    if (group === undefined) throw new Error('the bridge has no pid');
    process.kill(-group, 'SIGINT');
    expect(await bridge.exited).toEqual({ code: 0, signal: null });
    expect(alive(pid)).toBe(false);
    expect(bridge.stderr()).not.toContain('exited with code');
  });

  it('ends with exit code 3, saying why, when the server process ends by itself', async () => {
    // Answers the bridge's ping, then exits with code 7.
    const pingThenExit =
      "process.stdin.once('data', (d) => { const m = JSON.parse(String(d)); process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: m.id, result: {} }) + '\\n'); setTimeout(() => process.exit(7), 50); })";
    const bridge = await startBridge([`short=${singleQuoted(process.execPath)} -e ${singleQuoted(pingThenExit)}`]);
    expect(await bridge.exited).toEqual({ code: 3, signal: null });
    expect(bridge.stderr()).toContain('ptc bridge: short exited with code 7; stopping');
  });

  it('ends with exit code 3 and no URL when the server cannot start or ends before answering', async () => {
    await expect(startBridge(['gone=./no-such-server-here --stdio'])).rejects.toThrow(
      /ended \(3\) before printing its URL: ptc bridge: cannot start gone \(\.\/no-such-server-here\): .*ENOENT/,
    );
    await expect(startBridge([`early=${singleQuoted(process.execPath)} -e 'process.exit(4)'`])).rejects.toThrow(/early exited with code 4 before answering/);
  });

  it('refuses a port in use, exit code 2', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const r = await ptcIn(['bridge', 'x=node', '--port', String(port)]);
      expect([r.code, r.out]).toEqual([2, '']);
      expect(r.err).toContain(`ptc bridge: port ${port} is in use; give another --port, or 0 for a free one`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
