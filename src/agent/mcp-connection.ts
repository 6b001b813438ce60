// Live connections to a session's MCP servers, through the official TypeScript client
// (`@modelcontextprotocol/client`, loaded when the first server connects so that a session without
// servers never loads it). It negotiates the 2026-07-28 profile (`server/discover`) and falls back
// to `initialize`, which most servers still speak; over HTTP it tries Streamable HTTP, then the older
// HTTP+SSE transport for a server that offers only that. The client declares no optional
// capability (no sampling, roots or elicitation), so a server lists the tools any plain client sees.
// Everything read from a server is bounded: each HTTP response's bytes, the pages and tools of its
// list, each tool schema's nesting.
import type { Client, Transport } from '@modelcontextprotocol/client';
import { depthOf } from '../lisp/json-reader.ts';
import type { JsonSchema, McpServerRecord, McpToolSnapshot } from '../records/mcp-tools.ts';
import type { McpToolResult } from '../records/mcp-values.ts';
import { MAX_RESULT_BYTES } from '../records/mcp-values.ts';
import type { McpClients } from './external-tools.ts';

/** Where a server is, and how to reach it: headers never leave the process (T1). */
export interface McpTarget {
  readonly name: string;
  readonly transport: 'http' | 'stdio';
  /** For http. */
  readonly url?: string;
  /** Sent with every HTTP request (an Authorization token and the like). */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface McpConnectOptions {
  /** Makes a stdio server's transport (the command line does); without it a stdio server cannot connect here. */
  readonly stdio?: (name: string) => Transport | null;
  /** Time to connect and list the tools (default 30,000 ms; a stdio server may take seconds to start). */
  readonly connectTimeoutMs?: number;
  /** Bytes of one HTTP response (default twice the result bound plus 64 KB). */
  readonly maxResponseBytes?: number;
  readonly fetch?: typeof fetch;
  /** Our name and version, as the client tells the server. */
  readonly clientInfo?: { readonly name: string; readonly version: string };
}

/** How connecting to one server went. */
export interface McpServerState {
  readonly name: string;
  readonly connected: boolean;
  /** Why it is not connected. */
  readonly error?: string;
  /** The tools it listed (empty when not connected). */
  readonly tools: readonly McpToolSnapshot[];
  /** Tools left out, and why (a schema too deep, a duplicate name). */
  readonly skipped: readonly string[];
  /** The protocol revision agreed on, and the transport used. */
  readonly protocolVersion?: string;
  readonly via?: 'streamable-http' | 'sse' | 'stdio';
}

/** Tools one server may list; pages of its list. */
const MAX_TOOLS = 1000;
const MAX_PAGES = 50;
/** A tool schema nested deeper than this is left out (its signature reads three levels). */
const MAX_SCHEMA_DEPTH = 64;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;

type ClientModule = typeof import('@modelcontextprotocol/client');
let loaded: Promise<ClientModule> | null = null;
const loadClient = (): Promise<ClientModule> => (loaded ??= import('@modelcontextprotocol/client'));

/** A fetch whose responses fail once they carry more than `maxBytes`: a server cannot make the page hold 50 MB. */
export function boundedFetch(base: typeof fetch, maxBytes: number): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (res.body === null) return res;
    let seen = 0;
    const limited = res.body.pipeThrough(
      new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(new Error(`the server sent more than ${maxBytes} bytes in one response`));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Rejects after `ms` with `what`, closing nothing: the caller closes what it opened. */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

interface Connected {
  readonly client: Client;
  readonly via: 'streamable-http' | 'sse' | 'stdio';
}

async function open(target: McpTarget, options: McpConnectOptions): Promise<Connected> {
  const mcp = await loadClient();
  const newClient = (): Client =>
    new mcp.Client(options.clientInfo ?? { name: 'ptc-playground', version: '1' }, { capabilities: {}, versionNegotiation: { mode: 'auto' } });
  if (target.transport === 'stdio') {
    const transport = options.stdio?.(target.name) ?? null;
    if (transport === null)
      throw new Error('a stdio server is started from the command line only (ptc … --mcp-stdio NAME=COMMAND, or ptc bridge for the browser)');
    const client = newClient();
    await client.connect(transport);
    return { client, via: 'stdio' };
  }
  if (target.url === undefined) throw new Error('an http server needs a url');
  const url = new URL(target.url);
  const fetchImpl = boundedFetch(options.fetch ?? globalThis.fetch.bind(globalThis), options.maxResponseBytes ?? 2 * MAX_RESULT_BYTES + 65_536);
  const requestInit: RequestInit = target.headers !== undefined ? { headers: { ...target.headers } } : {};
  const client = newClient();
  try {
    await client.connect(new mcp.StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl }));
    return { client, via: 'streamable-http' };
  } catch (e) {
    // Only a server that answered but does not take Streamable HTTP's POST is tried over SSE.
    const status = e instanceof mcp.SdkHttpError ? e.status : undefined;
    await client.close().catch(() => undefined);
    if (status !== 404 && status !== 405) throw e;
    const legacy = newClient();
    await legacy.connect(new mcp.SSEClientTransport(url, { requestInit, fetch: fetchImpl }));
    return { client: legacy, via: 'sse' };
  }
}

/** The server's tools, page by page, bounded; tools with a schema too deep or a repeated name are skipped. */
async function listTools(client: Client): Promise<{ tools: McpToolSnapshot[]; skipped: string[] }> {
  const tools: McpToolSnapshot[] = [];
  const skipped: string[] = [];
  const names = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.listTools(cursor !== undefined ? { cursor } : undefined);
    for (const t of res.tools) {
      if (tools.length >= MAX_TOOLS) {
        skipped.push(`more than ${MAX_TOOLS} tools: the rest are left out`);
        return { tools, skipped };
      }
      if (names.has(t.name)) {
        skipped.push(`${t.name}: listed twice; the first is kept`);
        continue;
      }
      if (
        depthOf(t.inputSchema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH ||
        (t.outputSchema !== undefined && depthOf(t.outputSchema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH)
      ) {
        skipped.push(`${t.name}: its schema nests more than ${MAX_SCHEMA_DEPTH} levels deep`);
        continue;
      }
      names.add(t.name);
      tools.push({
        name: t.name,
        ...(t.description !== undefined ? { description: t.description } : {}),
        inputSchema: t.inputSchema as JsonSchema,
        ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema as JsonSchema } : {}),
      });
    }
    cursor = res.nextCursor;
    if (cursor === undefined) return { tools, skipped };
  }
  skipped.push(`more than ${MAX_PAGES} pages of tools: the rest are left out`);
  return { tools, skipped };
}

/** Connections to a run's servers: each connected, or why not. */
export class McpConnections implements McpClients {
  private constructor(
    private readonly clients: ReadonlyMap<string, Client>,
    readonly states: readonly McpServerState[],
  ) {}

  /** Connect to every target side by side; one that fails is reported in `states`, not thrown. */
  static async connect(targets: readonly McpTarget[], options: McpConnectOptions = {}): Promise<McpConnections> {
    const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const clients = new Map<string, Client>();
    const states = await Promise.all(
      targets.map(async (target): Promise<McpServerState> => {
        let opened: Connected | null = null;
        const attempt = (async () => {
          opened = await open(target, options);
          return { opened, ...(await listTools(opened.client)) };
        })();
        try {
          const { opened: c, tools, skipped } = await within(attempt, timeout, `connecting to ${target.name}`);
          clients.set(target.name, c.client);
          const version = c.client.getNegotiatedProtocolVersion();
          return { name: target.name, connected: true, tools, skipped, via: c.via, ...(version !== undefined ? { protocolVersion: version } : {}) };
        } catch (e) {
          attempt.catch(() => undefined);
          const c = opened as Connected | null;
          await c?.client.close().catch(() => undefined);
          return { name: target.name, connected: false, error: message(e), tools: [], skipped: [] };
        }
      }),
    );
    return new McpConnections(clients, states);
  }

  connected(server: string): boolean {
    return this.clients.has(server);
  }

  async callTool(server: string, tool: string, args: string, signal: AbortSignal): Promise<McpToolResult> {
    const client = this.clients.get(server);
    if (client === undefined) throw new Error('the server is not connected');
    // The time bound is the caller's (T4): the client's own default would cut a call at 60 s.
    const result = await client.callTool({ name: tool, arguments: JSON.parse(args) as Record<string, unknown> }, { signal, timeout: 2 ** 31 - 1 });
    return result as McpToolResult;
  }

  /**
   * The servers as a session records them (T1): each connected server's tools as it listed them now,
   * keeping the names and hiding the session gave them; a server not connected keeps its snapshot.
   */
  records(servers: readonly McpServerRecord[]): McpServerRecord[] {
    return servers.map((s) => {
      const state = this.states.find((x) => x.name === s.name);
      if (state === undefined || !state.connected) return s;
      const before = new Map(s.tools.map((t) => [t.name, t]));
      return {
        ...s,
        tools: state.tools.map((t) => {
          const old = before.get(t.name);
          return { ...t, ...(old?.as !== undefined ? { as: old.as } : {}), ...(old?.hidden === true ? { hidden: true } : {}) };
        }),
      };
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.clients.values()].map((c) => c.close().catch(() => undefined)));
  }
}
