// The server behind `ptc bridge`: a stdio MCP server, reached over MCP Streamable HTTP on 127.0.0.1
// by the playground's page (a page cannot start a process). It is a proxy of the transport, not of
// MCP: JSON-RPC messages go through unread in both directions, so every tool, prompt, resource and
// notification of the server works without the bridge knowing of it.
//
// Sessions: each HTTP session gets a server process of its own. A new `initialize` (a page reload,
// another tab) ends the previous session and its process and starts a fresh one, because a stdio
// server expects one initialize in its life, and re-using it would hand the new page the old one's
// subscriptions, log level and late replies (whose request ids the new page uses again). The first
// process is started before the URL is printed and serves the first session.
import { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Writable } from 'node:stream';
import type { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { JSONRPCMessage, RequestId, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { UsageError } from './common.ts';

type ServerSdk = typeof import('@modelcontextprotocol/server');
type StdioSdk = typeof import('@modelcontextprotocol/client/stdio');

/** The MCP endpoint's path. */
export const MCP_PATH = '/mcp';

/** Hosts a request may be addressed to: a page of another site whose name resolves to 127.0.0.1 (DNS rebinding) is refused. */
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** The request headers an MCP client sends, allowed in a preflight. */
export const ALLOWED_HEADERS = ['Content-Type', 'Accept', 'Authorization', 'Mcp-Session-Id', 'Mcp-Protocol-Version', 'Last-Event-ID'];
export const ALLOWED_METHODS = ['GET', 'POST', 'DELETE'];
/** Response headers the page's client reads: the session it was given, the version agreed. */
export const EXPOSED_HEADERS = ['Mcp-Session-Id', 'Mcp-Protocol-Version'];

/** The id of the bridge's own ping, which the server answers before the URL is printed. */
const READY_PING_ID = 'ptc-bridge-ready';

export interface BridgeOptions {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** 0: a free port. */
  readonly port: number;
  /** Origins as browsers send them (`http://localhost:5173`), the only pages allowed to call. */
  readonly origins: readonly string[];
  /** Where the server's stderr and the bridge's notes go. */
  readonly stderr: Writable;
  /** How long the first process has to answer a ping. */
  readonly readyTimeoutMs: number;
}

/** The server could not be started, or did not answer in time: exit 3, with this message. */
export class BridgeStartError extends Error {}

/** A request refused before it reaches MCP, with the message sent back and noted on stderr. */
export interface Refusal {
  readonly status: number;
  readonly message: string;
}

/** The host name of a Host header (`127.0.0.1:8080`, `[::1]:80`, `localhost`), lowercase. */
export function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon < 0 ? h : h.slice(0, colon);
}

/**
 * Why a request is refused before anything else reads it, or undefined: it must be addressed to
 * 127.0.0.1 or localhost, to the MCP path, and come from an allowed page or from no page at all (a
 * program: browsers always send Origin on the requests a page makes to another origin).
 */
export function refusalOf(method: string, path: string, headers: IncomingHttpHeaders, origins: ReadonlySet<string>): Refusal | undefined {
  const host = headers.host;
  if (host === undefined || !LOCAL_HOSTS.has(hostName(host))) {
    return { status: 403, message: `the bridge answers only requests addressed to 127.0.0.1 or localhost, not to ${host ?? '(no Host)'}` };
  }
  if (path !== MCP_PATH) return { status: 404, message: `Not found: the MCP endpoint is ${MCP_PATH}` };
  const origin = headers.origin;
  if (origin !== undefined && !origins.has(origin)) {
    return { status: 403, message: `Origin ${origin} is not allowed to use this bridge; start it with --origin ${origin} to allow that page` };
  }
  if (method === 'OPTIONS' && origin !== undefined) {
    const asked = (headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== '');
    const allowed = new Set(ALLOWED_HEADERS.map((h) => h.toLowerCase()));
    const others = asked.filter((h) => !allowed.has(h.toLowerCase()));
    if (others.length > 0) return { status: 403, message: `the page asked to send ${others.join(', ')}, which the bridge does not let through` };
  }
  return undefined;
}

/** CORS headers of every answer to an allowed page. */
export function corsHeaders(origin: string | undefined): Record<string, string> {
  if (origin === undefined) return {};
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(', '), Vary: 'Origin' };
}

/** The answer to a preflight (OPTIONS) from an allowed page. */
export function preflightHeaders(origin: string | undefined, headers: IncomingHttpHeaders): Record<string, string> {
  if (origin === undefined) return { Allow: [...ALLOWED_METHODS, 'OPTIONS'].join(', ') };
  return {
    ...corsHeaders(origin),
    'Access-Control-Allow-Methods': ALLOWED_METHODS.join(', '),
    'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
    // Chrome asks this of a public page calling a local server; the page was allowed by name.
    ...(headers['access-control-request-private-network'] === 'true' ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
    Vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  };
}

/** A JSON-RPC error answer without an id, as the MCP SDK sends for a request refused at the HTTP level. */
function jsonError(status: number, message: string, code = -32000): { status: number; body: string } {
  return { status, body: JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }) };
}

/** True when a POST body holds an `initialize` request (alone or in a batch). */
function holdsInitialize(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const messages: unknown[] = Array.isArray(parsed) ? parsed : [parsed];
  return messages.some((m) => typeof m === 'object' && m !== null && (m as { method?: unknown }).method === 'initialize');
}

/** One process of the stdio server, serving one session at most. */
class ServerProcess {
  /** Set before the bridge ends it, so its end is not taken for a crash. */
  retired = false;
  /** Why it ended, once its process exited. */
  why = 'its process ended';
  readonly exited: Promise<void>;
  private markExited!: () => void;
  /** Called with each message the process sends. */
  onmessage: (message: JSONRPCMessage) => void = () => undefined;

  constructor(readonly transport: StdioClientTransport) {
    this.exited = new Promise((resolve) => (this.markExited = resolve));
  }

  get pid(): number | null {
    return this.transport.pid;
  }

  /** The process has ended (exited, or its pipes closed). */
  ended(): void {
    this.markExited();
  }

  /**
   * Follows the process's exit for its code or signal. The SDK's transport reports only that it
   * closed, so the process is read from it; without it, the end is still reported, without why.
   */
  watch(): void {
    const proc: unknown = Reflect.get(this.transport, '_process');
    if (!(proc instanceof ChildProcess)) return;
    proc.once('exit', (code, signal) => {
      this.why = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
      this.markExited();
    });
  }
}

interface Session {
  readonly http: WebStandardStreamableHTTPServerTransport;
  readonly server: ServerProcess;
  /** Progress token → the request it came with: progress goes back on that request's stream. */
  readonly progress: Map<string | number, RequestId>;
}

/** A running bridge: its URL once `ready`, `ended` when the server ends by itself, `close()` to stop. */
export interface Bridge {
  readonly url: string;
  /** Settles when the first process answered its ping; rejects with a BridgeStartError. */
  readonly ready: Promise<void>;
  /** The pid of the process that will serve the first session. */
  readonly pid: () => number | null;
  /** Resolves with why when a process ends without the bridge ending it (or cannot be started). */
  readonly ended: Promise<string>;
  close(): Promise<void>;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

class BridgeServer {
  private readonly http: Server;
  private readonly origins: ReadonlySet<string>;
  /** The process started ahead of the first session. */
  private fresh: ServerProcess | undefined;
  private session: Session | undefined;
  /** Processes being ended: stopping waits for them. */
  private readonly ending = new Set<Promise<void>>();
  /** Initialize requests one at a time, so two at once cannot both keep a process. */
  private initializing: Promise<unknown> = Promise.resolve();
  private stopping = false;
  private warmUpTimer: NodeJS.Timeout | undefined;
  private markEnded!: (why: string) => void;
  readonly ended: Promise<string>;

  constructor(
    private readonly options: BridgeOptions,
    private readonly sdk: ServerSdk,
    private readonly stdio: StdioSdk,
  ) {
    this.origins = new Set(options.origins);
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.http = createServer((req, res) => {
      this.serve(req, res).catch((e: unknown) => {
        this.note(`answering ${req.method ?? ''} ${req.url ?? ''} failed: ${messageOf(e)}`);
        if (!res.headersSent) res.writeHead(500).end();
        else res.destroy();
      });
    });
  }

  note(text: string): void {
    this.options.stderr.write(`ptc bridge: ${text}\n`);
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.http.once('error', reject);
      this.http.listen(this.options.port, '127.0.0.1', () => {
        this.http.off('error', reject);
        resolve();
      });
    }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') throw new UsageError(`port ${this.options.port} is in use; give another --port, or 0 for a free one`);
      if (e.code === 'EACCES') throw new UsageError(`port ${this.options.port} may not be used by this user; give another --port, or 0 for a free one`);
      throw e;
    });
    return (this.http.address() as AddressInfo).port;
  }

  /** Starts the process for the first session and waits for it to answer a ping. */
  async warmUp(): Promise<void> {
    const server = await this.spawn();
    this.fresh = server;
    const answered = new Promise<void>((resolve) => {
      server.onmessage = (m) => {
        if ('id' in m && m.id === READY_PING_ID && !('method' in m)) resolve();
      };
    });
    const endedFirst = this.ended.then((why) => {
      throw new BridgeStartError(`${why} before answering`);
    });
    const late = new Promise<never>((_, reject) => {
      this.warmUpTimer = setTimeout(
        () => reject(new BridgeStartError(`${this.options.name} did not answer a ping within ${this.options.readyTimeoutMs / 1000} s`)),
        this.options.readyTimeoutMs,
      );
    });
    const sent = server.transport.send({ jsonrpc: '2.0', id: READY_PING_ID, method: 'ping' }).then(
      () => new Promise<never>(() => undefined),
      (e: unknown) => {
        throw new BridgeStartError(`cannot send a ping to ${this.options.name}: ${messageOf(e)}`);
      },
    );
    try {
      await Promise.race([answered, endedFirst, late, sent]);
    } finally {
      clearTimeout(this.warmUpTimer);
    }
  }

  pid(): number | null {
    return (this.fresh ?? this.session?.server)?.pid ?? null;
  }

  /** Starts a process of the server, with only the environment the SDK passes by default. */
  private async spawn(): Promise<ServerProcess> {
    const { command, args, name } = this.options;
    const transport = new this.stdio.StdioClientTransport({
      command,
      args: [...args],
      // HOME, LOGNAME, PATH, SHELL, TERM and USER only (the SDK's default), never the bridge's
      // whole environment: the server must not read the API keys a user keeps there.
      env: this.stdio.getDefaultEnvironment(),
      stderr: 'pipe',
    });
    transport.stderr?.pipe(this.options.stderr, { end: false });
    const server = new ServerProcess(transport);
    transport.onmessage = (m) => server.onmessage(m);
    transport.onclose = () => {
      server.ended();
      if (!server.retired && !this.stopping) this.markEnded(`${name} ${server.why}`);
    };
    try {
      await transport.start();
    } catch (e) {
      server.retired = true;
      throw new BridgeStartError(`cannot start ${name} (${command}): ${messageOf(e)}`);
    }
    transport.onerror = (e) => this.note(`${name}: ${e.message}`);
    server.watch();
    return server;
  }

  /** Ends a process the bridge no longer needs; stopping waits for it. */
  private retire(server: ServerProcess): void {
    if (server.retired) return;
    server.retired = true;
    server.onmessage = () => undefined;
    const done = server.transport
      .close()
      .then(() => server.exited)
      .catch((e: unknown) => this.note(`ending ${this.options.name}: ${messageOf(e)}`));
    this.ending.add(done);
    void done.finally(() => this.ending.delete(done));
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const refusal = refusalOf(method, url.pathname, req.headers, this.origins);
    if (refusal !== undefined) {
      this.note(`refused ${method} ${url.pathname}: ${refusal.message}`);
      const { status, body } = jsonError(refusal.status, refusal.message);
      req.resume();
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(body);
      return;
    }
    const origin = req.headers.origin;
    if (method === 'OPTIONS') {
      req.resume();
      res.writeHead(204, preflightHeaders(origin, req.headers)).end();
      return;
    }
    let body: Buffer | undefined;
    if (method === 'POST') {
      body = await readBody(req, this.sdk.DEFAULT_MAX_REQUEST_BODY_SIZE);
      if (body === undefined) {
        const { status, body: text } = jsonError(413, `the request is larger than ${this.sdk.DEFAULT_MAX_REQUEST_BODY_SIZE} bytes`);
        res.writeHead(status, { 'Content-Type': 'application/json', Connection: 'close', ...corsHeaders(origin) }).end(text);
        return;
      }
    } else req.resume();
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
    const request = new Request(new URL(url.pathname + url.search, `http://${req.headers.host}`), { method, headers, body });
    const response = await this.answer(request, body);
    await writeResponse(res, response, corsHeaders(origin));
  }

  private answer(request: Request, body: Buffer | undefined): Promise<Response> {
    if (body !== undefined && holdsInitialize(body.toString('utf8'))) {
      const next = this.initializing.then(() => this.initialize(request));
      this.initializing = next.catch(() => undefined);
      return next;
    }
    const session = this.session;
    if (session === undefined) {
      // 404 for a session the bridge no longer has (the page outlived a restart): the client then starts a new one.
      const { status, body: text } = request.headers.has('mcp-session-id')
        ? jsonError(404, 'Session not found', -32001)
        : jsonError(400, 'Bad Request: no session; send initialize first');
      return Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
    }
    return session.http.handleRequest(request);
  }

  /** A new session: the previous one and its process end, and the new one gets a fresh process. */
  private async initialize(request: Request): Promise<Response> {
    const previous = this.session;
    this.session = undefined;
    if (previous !== undefined) await previous.http.close();
    let server = this.fresh;
    this.fresh = undefined;
    if (server === undefined) {
      try {
        server = await this.spawn();
      } catch (e) {
        this.markEnded(messageOf(e));
        const { status, body } = jsonError(502, messageOf(e));
        return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
      }
      this.note(`a new session: ${this.options.name} started again (pid ${server.pid ?? '?'})`);
    }
    const http = new this.sdk.WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
    const session: Session = { http, server, progress: new Map() };
    http.onmessage = (m) => this.toServer(session, m);
    http.onerror = (e) => this.note(e.message);
    http.onclose = () => {
      if (this.session === session) this.session = undefined;
      this.retire(server);
    };
    server.onmessage = (m) => void this.toClient(session, m);
    await http.start();
    this.session = session;
    return http.handleRequest(request);
  }

  private toServer(session: Session, message: JSONRPCMessage): void {
    if ('method' in message && 'id' in message) {
      const token: unknown = message.params?._meta?.progressToken;
      if (typeof token === 'string' || typeof token === 'number') session.progress.set(token, message.id);
    }
    session.server.transport.send(message).catch((e: unknown) => this.note(`could not pass a message to ${this.options.name}: ${messageOf(e)}`));
  }

  private async toClient(session: Session, message: JSONRPCMessage): Promise<void> {
    let related: RequestId | undefined;
    if ('method' in message) {
      if (message.method === 'notifications/progress') {
        const token: unknown = message.params?.progressToken;
        if (typeof token === 'string' || typeof token === 'number') related = session.progress.get(token);
      }
    } else {
      for (const [token, id] of session.progress) if (id === message.id) session.progress.delete(token);
    }
    try {
      await session.http.send(message, related !== undefined ? { relatedRequestId: related } : undefined);
    } catch (e) {
      // The request's stream is gone (answered, or the page went away): progress goes to the
      // session's own stream instead, a late reply nowhere.
      if (related === undefined) this.note(`dropped a message of ${this.options.name}: ${messageOf(e)}`);
      else await session.http.send(message).catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.warmUpTimer);
    const session = this.session;
    this.session = undefined;
    if (session !== undefined) await session.http.close();
    if (this.fresh !== undefined) this.retire(this.fresh);
    this.http.closeAllConnections();
    await new Promise<void>((resolve) => this.http.close(() => resolve()));
    await Promise.all([...this.ending]);
  }
}

/**
 * The body of a request, or undefined when it is over `limit` bytes: then it is read no further
 * (paused, not destroyed, so the 413 can still be sent; the connection closes after it).
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        req.off('data', onData);
        req.pause();
        resolve(undefined);
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
  });
}

/** Writes a Web Response to Node's response, chunk by chunk (an SSE stream as its events come). */
async function writeResponse(res: ServerResponse, response: Response, extra: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => (headers[key] = value));
  res.writeHead(response.status, { ...headers, ...extra });
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  // The page went away: cancelling tells the transport the stream is gone.
  const cancel = () => void reader.cancel().catch(() => undefined);
  res.once('close', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      res.write(value);
    }
    res.end();
  } finally {
    res.off('close', cancel);
  }
}

/**
 * Starts the bridge: the HTTP server at once (a port in use is a UsageError), the first server
 * process behind it (`ready` settles when it answered a ping).
 */
export async function startBridge(options: BridgeOptions): Promise<Bridge> {
  // Loaded here, not at start-up: only this command needs them.
  const [sdk, stdio] = await Promise.all([import('@modelcontextprotocol/server'), import('@modelcontextprotocol/client/stdio')]);
  const server = new BridgeServer(options, sdk, stdio);
  const port = await server.listen();
  const ready = server.warmUp();
  // Seen by the caller through `ready`; not an unhandled rejection while it waits on something else.
  ready.catch(() => undefined);
  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    ready,
    pid: () => server.pid(),
    ended: server.ended,
    close: () => server.close(),
  };
}
