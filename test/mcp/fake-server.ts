// An MCP server in the Streamable HTTP wire format, written for tests: it answers `server/discover`
// as a 2026-07-28 server does (or refuses it as the older servers do, which then expect
// `initialize`), lists its tools, calls them, and notes every request with its headers. A test can
// make it hostile: answer a method with any bytes (malformed JSON-RPC, 50 MB, 10,000 levels deep),
// or never answer.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
  /** The CallToolResult; a thrown error is a JSON-RPC error. */
  call?(args: Record<string, unknown>): unknown;
}

/** What a hostile server sends instead of an answer. */
export type Hostile =
  /** These bytes as the HTTP body; a function is given the request's id (to answer it, or another). */
  | { readonly kind: 'body'; readonly body: string | ((id: string | number) => string); readonly contentType?: string }
  /** A well-formed JSON-RPC answer to the request with this result, whatever it is. */
  | { readonly kind: 'result'; readonly result: unknown }
  | { readonly kind: 'bytes'; readonly bytes: number }
  | { readonly kind: 'never' };

export interface FakeOptions {
  /** `modern` answers server/discover with the 2026-07-28 revision; `legacy` refuses it (default). */
  readonly era?: 'legacy' | 'modern';
  readonly tools: readonly FakeTool[];
  /** Answer a request with something else than the truth; undefined: answer it. */
  readonly hostile?: (method: string, params: Record<string, unknown>) => Hostile | undefined;
}

export interface SeenRequest {
  readonly method: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly params: Record<string, unknown>;
}

export interface FakeServer {
  readonly url: string;
  readonly requests: SeenRequest[];
  /** Calls being answered right now (for "in flight at once"). */
  readonly inFlight: { now: number; most: number };
  /** Of the last `bytes` answer: the bytes written so far, and whether it was written to its end. */
  readonly streamed: { sent: number; ended: boolean };
  /** Requests held unanswered (`never`) right now: the client closing one lets it go. */
  readonly held: () => number;
  /** Resolves once `check` holds, looked at after each request and each one let go. */
  until(check: () => boolean): Promise<void>;
  stop(): Promise<void>;
}

interface RpcMessage {
  readonly jsonrpc: '2.0';
  readonly id?: string | number;
  readonly method?: string;
  readonly params?: Record<string, unknown>;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(opts: FakeOptions, msg: RpcMessage): unknown {
  const params = msg.params ?? {};
  switch (msg.method) {
    case 'server/discover':
      if (opts.era !== 'modern') return { error: { code: -32601, message: 'Method not found' } };
      return { result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, _meta: {} } };
    case 'initialize':
      return { result: { protocolVersion: '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'fake', version: '1.0.0' } } };
    case 'ping':
      return { result: {} };
    case 'tools/list':
      return {
        result: {
          tools: opts.tools.map(({ call: _call, ...t }) => t),
          // A 2026-07-28 list says how long it may be cached, and for whom.
          ...(opts.era === 'modern' ? { ttlMs: 0, cacheScope: 'private' } : {}),
        },
      };
    case 'tools/call': {
      const tool = opts.tools.find((t) => t.name === params.name);
      if (tool?.call === undefined) return { error: { code: -32602, message: `Unknown tool: ${String(params.name)}` } };
      try {
        return { result: tool.call((params.arguments ?? {}) as Record<string, unknown>) };
      } catch (e) {
        return { error: { code: -32603, message: (e as Error).message } };
      }
    }
    default:
      return { error: { code: -32601, message: `Method not found: ${String(msg.method)}` } };
  }
}

/** Start the fake on 127.0.0.1 at a free port. */
export async function startFake(opts: FakeOptions): Promise<FakeServer> {
  const requests: SeenRequest[] = [];
  const inFlight = { now: 0, most: 0 };
  const streamed = { sent: 0, ended: false };
  const open = new Set<ServerResponse>();
  const waiters = new Set<{ check: () => boolean; resolve: () => void }>();
  const changed = (): void => {
    for (const w of waiters) {
      if (!w.check()) continue;
      waiters.delete(w);
      w.resolve();
    }
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST') {
        res.writeHead(req.method === 'DELETE' ? 200 : 405).end();
        return;
      }
      const text = await body(req);
      const msg = JSON.parse(text) as RpcMessage;
      const method = msg.method ?? '';
      requests.push({ method, headers: req.headers, params: msg.params ?? {} });
      changed();
      if (msg.id === undefined) {
        res.writeHead(202).end();
        return;
      }
      const hostile = opts.hostile?.(method, msg.params ?? {});
      if (hostile?.kind === 'never') {
        open.add(res);
        res.on('close', () => {
          open.delete(res);
          changed();
        });
        return;
      }
      if (hostile?.kind === 'body') {
        const text = typeof hostile.body === 'string' ? hostile.body : hostile.body(msg.id);
        res.writeHead(200, { 'content-type': hostile.contentType ?? 'application/json' }).end(text);
        return;
      }
      if (hostile?.kind === 'result') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: hostile.result }));
        return;
      }
      if (hostile?.kind === 'bytes') {
        // A result whose text never ends within the bound: streamed, never held whole here.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(msg.id)},"result":{"content":[{"type":"text","text":"`);
        const chunk = 'x'.repeat(65_536);
        streamed.sent = 0;
        streamed.ended = false;
        const more = (): void => {
          while (streamed.sent < hostile.bytes) {
            streamed.sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          res.end('"}]}}');
          streamed.ended = true;
        };
        res.on('error', () => undefined);
        more();
        return;
      }
      if (method === 'tools/call') {
        inFlight.now++;
        inFlight.most = Math.max(inFlight.most, inFlight.now);
      }
      const answered = answer(opts, msg) as { result?: object; error?: object };
      // A 2026-07-28 server says of every result that it is complete (no further input required).
      const result = answered.result !== undefined && opts.era === 'modern' ? { result: { resultType: 'complete', ...answered.result } } : answered;
      const reply = { jsonrpc: '2.0', id: msg.id, ...result };
      const tool = opts.tools.find((t) => t.name === msg.params?.name);
      const delay = method === 'tools/call' && tool !== undefined ? ((tool as { delayMs?: number }).delayMs ?? 0) : 0;
      setTimeout(() => {
        if (method === 'tools/call') inFlight.now--;
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (method === 'initialize') headers['mcp-session-id'] = 'fake-session';
        res.writeHead(200, headers).end(JSON.stringify(reply));
      }, delay);
    })().catch((e: unknown) => {
      res.writeHead(500).end(String(e));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    inFlight,
    streamed,
    held: () => open.size,
    until: (check) =>
      new Promise<void>((resolve) => {
        if (check()) resolve();
        else waiters.add({ check, resolve });
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A tool whose answers take `delayMs`. */
export function slowTool(tool: FakeTool, delayMs: number): FakeTool {
  return Object.assign({ delayMs }, tool);
}
