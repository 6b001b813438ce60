// Live connections to a session's MCP servers, through the official TypeScript client
// (`@modelcontextprotocol/client`, loaded when the first server connects so that a session without
// servers never loads it). It negotiates the 2026-07-28 profile (`server/discover`) and falls back
// to `initialize`, which most servers still speak; over HTTP it tries Streamable HTTP, then the older
// HTTP+SSE transport for a server that offers only that. The client declares no optional
// capability (no sampling, roots or elicitation), so a server lists the tools any plain client sees.
// Everything read from a server is bounded: each HTTP response's bytes, the pages and tools of its
// list, each tool schema's nesting. A server's answer that is not what the protocol says is refused
// in words a person reads, never as the client's dump of schema issues, and never by waiting for an
// answer that cannot come.
import type { Client, Tool, Transport } from '@modelcontextprotocol/client';
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
/**
 * Results are checked against an output schema of at most this many objects and arrays: the
 * client compiles it first, and one of 10,000 properties takes it a second and more, in one go.
 */
const MAX_CHECKED_SCHEMA_NODES = 1000;
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

/** A failure already said in a person's words: it is reported as it is, whatever wraps it. */
class Explained extends Error {}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Why each failed fetch failed, in words (`cannot connect to …`). The error itself goes on as it
 * was: the client tells a browser's opaque failure (a TypeError, perhaps CORS refusing the
 * 2026-07-28 probe's headers) from others by its class, and then falls back to `initialize`.
 */
const unreachable = new WeakMap<Error, string>();

/** The words an error's chain of causes already holds: an `Explained`, or why a fetch failed. */
function explainedIn(e: unknown): string | null {
  let x = e;
  for (let i = 0; i < 8 && x instanceof Error; i++, x = x.cause) {
    if (x instanceof Explained) return x.message;
    const why = unreachable.get(x);
    if (why !== undefined) return why;
  }
  return null;
}

/** The first issue of a schema check the client dumped as JSON text, as `path: message`. */
function firstIssue(dump: string): string | null {
  try {
    const issues: unknown = JSON.parse(dump);
    const first: unknown = Array.isArray(issues) ? issues[0] : undefined;
    if (typeof first !== 'object' || first === null) return null;
    const { path, message: said } = first as { path?: unknown; message?: unknown };
    const where = Array.isArray(path) && path.length > 0 ? `${path.map(String).join('.')}: ` : '';
    return typeof said === 'string' ? `${where}${said}`.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/**
 * A failure of the client as a short sentence. The client reports a malformed answer as the JSON of
 * its schema check (2,000 characters for one missing field), as JSON.parse's message, or, for an
 * answer nested past what its checks can recurse into, as a stack overflow.
 */
function described(e: unknown): string {
  const explained = explainedIn(e);
  if (explained !== null) return explained;
  if (e instanceof RangeError) return "the server's answer is nested too deep to read";
  if (e instanceof SyntaxError) return "the server's answer is not JSON";
  const text = message(e);
  const invalid = /^Invalid result for ([\w/]+): (.*)$/s.exec(text);
  if (invalid !== null) {
    const what = invalid[1] === 'tools/call' ? 'a valid tool result' : `a valid answer to ${invalid[1]}`;
    const issue = firstIssue(invalid[2]);
    return `the server's answer is not ${what}${issue !== null ? ` (${issue})` : ''}`;
  }
  if (text.startsWith('[')) {
    const issue = firstIssue(text);
    if (issue !== null) return `the server's answer is not a JSON-RPC message (${issue})`;
  }
  return text;
}

/** What a POST carries, as far as the checks below read it. */
interface Sent {
  /** The id and method of the one request it carries. */
  readonly id?: string | number;
  readonly method?: string;
  /** The request a `notifications/cancelled` gives up on. */
  readonly cancels?: string | number;
}

const isId = (x: unknown): x is string | number => typeof x === 'string' || typeof x === 'number';

function sentIn(body: unknown): Sent {
  if (typeof body !== 'string') return {};
  try {
    const m: unknown = JSON.parse(body);
    if (typeof m !== 'object' || m === null || Array.isArray(m)) return {};
    const { id, method, params } = m as { id?: unknown; method?: unknown; params?: { requestId?: unknown } };
    if (method === 'notifications/cancelled') return isId(params?.requestId) ? { cancels: params.requestId } : {};
    return isId(id) && typeof method === 'string' ? { id, method } : {};
  } catch {
    return {};
  }
}

/** A tool's name as a note shows it: a server may name a tool with a megabyte. */
function toolName(name: unknown): string {
  const text = typeof name === 'string' ? name : '(a tool without a name)';
  return text.length > 100 ? text.slice(0, 99) + '…' : text;
}

/** Whether `x` holds more than `cap` objects and arrays, itself included. */
function largerThan(x: unknown, cap: number): boolean {
  const stack: unknown[] = [x];
  for (let seen = 0; stack.length > 0;) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null) continue;
    if (++seen > cap) return true;
    for (const child of Object.values(v)) stack.push(child);
  }
  return false;
}

/** Whether a tool's input or output schema nests past the bound. */
function schemaTooDeep(tool: { readonly inputSchema?: unknown; readonly outputSchema?: unknown }): boolean {
  return depthOf(tool.inputSchema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH || depthOf(tool.outputSchema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH;
}

const tooDeepNote = (name: unknown): string => `${toolName(name)}: its schema nests more than ${MAX_SCHEMA_DEPTH} levels deep`;

/**
 * The text of a JSON answer to the request `sent`, checked: it is JSON-RPC 2.0 and answers that
 * request. The client would otherwise report these as schema dumps, or, for an answer to another
 * id, keep waiting for the real one. A list of tools loses those whose schema nests too deep (noted
 * in `skipped`): the client's checks recurse into schemas and would overflow the stack on one tool,
 * losing the whole list.
 */
function checkedAnswer(text: string, sent: Required<Pick<Sent, 'id' | 'method'>>, skipped: string[]): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const start = text.replace(/\s+/g, ' ').trim().slice(0, 80);
    throw new Explained(`the server's answer is not JSON${start === '' ? ' (it is empty)' : ` (it begins ${JSON.stringify(start)})`}`);
  }
  // Several messages at once: the client reads each as it is.
  if (Array.isArray(parsed)) return text;
  if (typeof parsed !== 'object' || parsed === null) throw new Explained(`the server's answer is not a JSON-RPC message (it is ${JSON.stringify(parsed)})`);
  const m = parsed as { jsonrpc?: unknown; id?: unknown; result?: unknown; error?: unknown };
  if (m.jsonrpc !== '2.0') throw new Explained(`the server's answer is not JSON-RPC 2.0 ("jsonrpc" is ${JSON.stringify(m.jsonrpc) ?? 'missing'})`);
  const error = typeof m.error === 'object' && m.error !== null ? (m.error as { message?: unknown }) : null;
  if (!('result' in m) && error === null) throw new Explained("the server's answer has neither a result nor an error");
  if (m.id === null && error !== null)
    throw new Explained(`the server answered with an error: ${typeof error.message === 'string' ? error.message : 'no message'}`);
  if (m.id !== sent.id)
    throw new Explained(`the server's answer is for another request (id ${JSON.stringify(m.id) ?? 'missing'}, not ${JSON.stringify(sent.id)})`);
  const tools = sent.method === 'tools/list' && typeof m.result === 'object' && m.result !== null ? (m.result as { tools?: unknown }).tools : undefined;
  if (!Array.isArray(tools)) return text;
  const kept = tools.filter((t: unknown) => {
    if (typeof t !== 'object' || t === null || !schemaTooDeep(t)) return true;
    skipped.push(tooDeepNote((t as { name?: unknown }).name));
    return false;
  });
  return kept.length === tools.length ? text : JSON.stringify({ ...m, result: { ...(m.result as object), tools: kept } });
}

/**
 * Why a fetch failed, from down its chain of causes (fetch itself says only "fetch failed"): the
 * system's error code (ECONNREFUSED, ENOTFOUND…), else the last words (undici's own codes, such as
 * UND_ERR_SOCKET, say less than its message: "other side closed").
 */
function networkReason(e: unknown): string {
  let x = e;
  let last = message(e);
  for (let i = 0; i < 8 && x instanceof Error; i++, x = x.cause) {
    const first: unknown = x instanceof AggregateError ? x.errors[0] : undefined;
    const code = (x as { code?: unknown }).code ?? (first as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string' && !code.startsWith('UND_ERR')) return code;
    last = x.message;
  }
  return last;
}

/**
 * The fetch a connection uses: a server that cannot be reached says so with the reason, each
 * response is bounded (`boundedFetch`), a JSON answer to a request is checked (`checkedAnswer`),
 * and a request the client gives up on (a call's time ran out, Stop) is aborted: the client only
 * tells the server it cancelled, and a server that never answers would hold the connection open.
 */
function guardedFetch(base: typeof fetch, url: URL, maxBytes: number, skipped: string[]): typeof fetch {
  const where = `${url.origin}${url.pathname}`;
  const reaching: typeof fetch = async (input, init) => {
    try {
      return await base(input, init);
    } catch (e) {
      if (init?.signal?.aborted !== true && e instanceof Error) unreachable.set(e, `cannot connect to ${where} (${networkReason(e)})`);
      throw e;
    }
  };
  const bounded = boundedFetch(reaching, maxBytes);
  const inFlight = new Map<string | number, AbortController>();
  return async (input, init) => {
    const sent = sentIn(init?.body);
    if (sent.cancels !== undefined) {
      inFlight.get(sent.cancels)?.abort(new Error('the client gave up on this request'));
      inFlight.delete(sent.cancels);
    }
    const { id, method } = sent;
    if (id === undefined || method === undefined) return bounded(input, init);
    const own = new AbortController();
    inFlight.set(id, own);
    let streaming = false;
    try {
      const res = await bounded(input, { ...init, signal: init?.signal != null ? AbortSignal.any([init.signal, own.signal]) : own.signal });
      const type = (res.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
      if (res.ok && res.body !== null && type === 'text/event-stream') {
        // The answer comes later in the stream: it can be given up on until the stream ends.
        streaming = true;
        const ends = new TransformStream<Uint8Array<ArrayBuffer>, Uint8Array<ArrayBuffer>>({ flush: () => void inFlight.delete(id) });
        return new Response(res.body.pipeThrough(ends), { status: res.status, statusText: res.statusText, headers: res.headers });
      }
      if (!res.ok || type !== 'application/json') return res;
      const text = checkedAnswer(await res.text(), { id, method }, skipped);
      return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    } finally {
      if (!streaming) inFlight.delete(id);
    }
  };
}

/** Rejects after `ms` saying what it waited on (`what()`, read then), closing nothing: the caller closes what it opened. */
function within<T>(p: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`the server gave no answer within ${ms} ms while ${what()}`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

interface Connected {
  readonly client: Client;
  readonly via: 'streamable-http' | 'sse' | 'stdio';
}

/**
 * Connect to one server. What it opens is handed to `opened` at once, so that a connection given up
 * on (the time ran out) can be closed while it still waits; tools the HTTP answers left out (their
 * schema too deep to read) are noted in `skipped`.
 */
async function open(target: McpTarget, options: McpConnectOptions, opened: (close: () => Promise<void>) => void, skipped: string[]): Promise<Connected> {
  const mcp = await loadClient();
  const newClient = (transport: Transport): Client => {
    const client = new mcp.Client(options.clientInfo ?? { name: 'ptc-playground', version: '1' }, {
      capabilities: {},
      versionNegotiation: { mode: 'auto' },
    });
    // Until the handshake ends the client may not own the transport yet: both are closed.
    opened(() => Promise.all([client.close(), transport.close()]).then(() => undefined));
    return client;
  };
  if (target.transport === 'stdio') {
    const transport = options.stdio?.(target.name) ?? null;
    if (transport === null)
      throw new Error('a stdio server is started from the command line only (ptc … --mcp-stdio NAME=COMMAND, or ptc bridge for the browser)');
    const client = newClient(transport);
    await client.connect(transport);
    return { client, via: 'stdio' };
  }
  if (target.url === undefined) throw new Error('an http server needs a url');
  const url = new URL(target.url);
  const fetchImpl = guardedFetch(options.fetch ?? globalThis.fetch.bind(globalThis), url, options.maxResponseBytes ?? 2 * MAX_RESULT_BYTES + 65_536, skipped);
  const requestInit: RequestInit = target.headers !== undefined ? { headers: { ...target.headers } } : {};
  const streamable = new mcp.StreamableHTTPClientTransport(url, { requestInit, fetch: fetchImpl });
  const client = newClient(streamable);
  try {
    await client.connect(streamable);
    return { client, via: 'streamable-http' };
  } catch (e) {
    // Only a server that answered but does not take Streamable HTTP's POST is tried over SSE.
    const status = e instanceof mcp.SdkHttpError ? e.status : undefined;
    await client.close().catch(() => undefined);
    if (status !== 404 && status !== 405) throw e;
    const sse = new mcp.SSEClientTransport(url, { requestInit, fetch: fetchImpl });
    const legacy = newClient(sse);
    await legacy.connect(sse);
    return { client: legacy, via: 'sse' };
  }
}

/**
 * The server's tools, page by page, bounded; tools with a schema too deep or a repeated name are
 * skipped (`skipped` may hold notes already, from the answers' checks). The pages are asked for one
 * by one: the client's own listing walks 64 pages before it reads any, and fails them all on the 65th.
 */
async function listTools(client: Client, skipped: string[]): Promise<{ tools: McpToolSnapshot[]; skipped: string[] }> {
  const tools: McpToolSnapshot[] = [];
  const names = new Set<string>();
  const twice = new Set<string>();
  // As the client does: a server that offers no tools is not asked for them.
  if (client.getServerCapabilities()?.tools === undefined) return { tools, skipped };
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.request({ method: 'tools/list', ...(cursor !== undefined ? { params: { cursor } } : {}) });
    for (const t of res.tools) {
      if (tools.length >= MAX_TOOLS) {
        skipped.push(`more than ${MAX_TOOLS} tools: the rest are left out`);
        return { tools, skipped };
      }
      if (names.has(t.name)) {
        // Said once per name: a list that repeats its pages would say it on every page.
        if (!twice.has(t.name)) skipped.push(`${toolName(t.name)}: listed twice; the first is kept`);
        twice.add(t.name);
        continue;
      }
      if (schemaTooDeep(t)) {
        skipped.push(tooDeepNote(t.name));
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

/**
 * The first integer in a JSON text that JavaScript's numbers cannot hold exactly, or null. The
 * arguments are written exactly (T3), but the client sends the object JSON.parse makes of them, so
 * such an integer would reach the server rounded, and a replay would match it on digits it never saw.
 */
export function inexactInteger(json: string): string | null {
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      continue;
    }
    if (c !== '-' && (c < '0' || c > '9')) continue;
    let j = i + 1;
    while (j < json.length && '0123456789.eE+-'.includes(json[j])) j++;
    const token = json.slice(i, j);
    i = j - 1;
    if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) return token;
  }
  return null;
}

/** Connections to a run's servers: each connected, or why not. */
export class McpConnections implements McpClients {
  private constructor(
    private readonly clients: ReadonlyMap<string, Client>,
    readonly states: readonly McpServerState[],
  ) {
    // Each call is checked against the tool as listed here (its output schema): the client keeps no
    // record of the list, as the list is not read through it. One object per tool, so that the
    // client compiles its output schema once.
    for (const st of states) {
      const definitions = st.tools.map((t): [string, Tool] => {
        const checked = t.outputSchema !== undefined && !largerThan(t.outputSchema, MAX_CHECKED_SCHEMA_NODES);
        return [t.name, { name: t.name, inputSchema: t.inputSchema, ...(checked ? { outputSchema: t.outputSchema } : {}) } as Tool];
      });
      this.definitions.set(st.name, new Map(definitions));
    }
  }

  private readonly definitions = new Map<string, ReadonlyMap<string, Tool>>();

  /** Connect to every target side by side; one that fails is reported in `states`, not thrown. */
  static async connect(targets: readonly McpTarget[], options: McpConnectOptions = {}): Promise<McpConnections> {
    const timeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const clients = new Map<string, Client>();
    const states = await Promise.all(
      targets.map(async (target): Promise<McpServerState> => {
        const closers: (() => Promise<void>)[] = [];
        const skipped: string[] = [];
        let doing = 'starting the session';
        const attempt = (async () => {
          const opened = await open(target, options, (close) => closers.push(close), skipped);
          doing = 'listing its tools';
          return { opened, ...(await listTools(opened.client, skipped)) };
        })();
        try {
          const { opened: c, tools } = await within(attempt, timeout, () => doing);
          clients.set(target.name, c.client);
          const version = c.client.getNegotiatedProtocolVersion();
          return { name: target.name, connected: true, tools, skipped, via: c.via, ...(version !== undefined ? { protocolVersion: version } : {}) };
        } catch (e) {
          attempt.catch(() => undefined);
          // Closing ends the requests still waiting, so a server that never answers holds nothing open.
          await Promise.all(closers.map((close) => close().catch(() => undefined)));
          return { name: target.name, connected: false, error: described(e), tools: [], skipped: [] };
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
    const toolDefinition = this.definitions.get(server)?.get(tool);
    const inexact = inexactInteger(args);
    if (inexact !== null) {
      throw new Error(
        `the integer ${inexact} cannot be sent exactly (the MCP client writes numbers as JavaScript does, exact up to 2^53); send it as a string`,
      );
    }
    try {
      // The time bound is the caller's (T4): the client's own default would cut a call at 60 s.
      const result = await client.callTool(
        { name: tool, arguments: JSON.parse(args) as Record<string, unknown> },
        { signal, timeout: 2 ** 31 - 1, ...(toolDefinition !== undefined ? { toolDefinition } : {}) },
      );
      return result as McpToolResult;
    } catch (e) {
      if (signal.aborted) throw e;
      throw new Error(described(e), { cause: e });
    }
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
