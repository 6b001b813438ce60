// The open session's MCP servers as the page connects them: one live connection per server, kept by
// the worker while the session stays open. A server connects only when the person asks, never
// because a session opened (a file or a stranger's link must not make the page reach out); until
// then, and after Disconnect, its calls are answered from the record or refused (T5). Header values
// come with each connect and stay in the connection: never in the session or anything made of it (T1).
import { McpConnections, type McpConnectOptions, type McpServerState, type McpTarget } from '../agent/mcp-connection.ts';
import type { McpClients } from '../agent/external-tools.ts';
import { inBrowser } from '../agent/providers/errors.ts';
import type { McpServerRecord } from '../records/mcp-tools.ts';
import type { McpToolResult } from '../records/mcp-values.ts';
import { isSymbolName } from '../records/signature.ts';
import { MAX_JSON_DEPTH } from '../lisp/json-reader.ts';

/** What stands where a server's text quoted one of the header values given for it. */
export const REDACTED = '[redacted]';

/**
 * The strings a server's answers must never carry back: each header value given for it, and the
 * token of an `Authorization: Scheme token` value. Shorter ones are no secret and would garble text.
 */
export function secretsOf(headers: Readonly<Record<string, string>> | undefined): string[] {
  const found = new Set<string>();
  for (const value of Object.values(headers ?? {})) {
    const v = value.trim();
    if (v.length >= 4) found.add(v);
    const token = /^[A-Za-z][\w-]*\s+(\S.*)$/.exec(v)?.[1];
    if (token !== undefined && token.length >= 4) found.add(token);
  }
  // Longest first, so a value is replaced whole before its token is looked for.
  return [...found].sort((a, b) => b.length - a.length);
}

/**
 * `value` with every secret replaced, in strings at any depth the readers go to: a hostile server
 * echoing a token in an error, a result or a tool's description must not get it into the session, its
 * record, a message or a log. Deeper than a result may be is left alone: it is refused unread.
 */
export function redactSecrets<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return secrets.reduce((t, secret) => t.split(secret).join(REDACTED), value as string) as T;
  if (depth > MAX_JSON_DEPTH + 2 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v: unknown) => redactSecrets(v, secrets, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[redactSecrets(k, secrets)] = redactSecrets(v, secrets, depth + 1);
  return out as T;
}

/** A connection as the engine uses it: McpConnections, or a test's stand-in. */
export interface LiveConnection extends McpClients {
  readonly states: readonly McpServerState[];
  records(servers: readonly McpServerRecord[]): McpServerRecord[];
  close(): Promise<void>;
}

export type McpConnector = (targets: readonly McpTarget[], options: McpConnectOptions) => Promise<LiveConnection>;

export const connectMcp: McpConnector = (targets, options) => McpConnections.connect(targets, options);

export interface LiveServersOptions {
  /** How a server is connected (tests give their own). */
  readonly connect?: McpConnector;
  readonly fetch?: typeof fetch;
  readonly connectTimeoutMs?: number;
  /** The page's origin, for the hint a refused request gets (default: the worker's location's). */
  readonly origin?: string;
}

export type ServerStatus = 'connecting' | 'connected' | 'not-connected' | 'error';

/** One server of the session as the page shows it: its place and how connecting to it went. */
export interface ServerView {
  name: string;
  transport: 'http' | 'stdio';
  url?: string;
  status: ServerStatus;
  /** Why it is not connected (status error). */
  error?: string;
  /** The protocol revision agreed on and the transport used (status connected). */
  protocolVersion?: string;
  via?: string;
  /** Tools it listed when it connected (status connected), and the ones left out with why. */
  toolCount?: number;
  skipped?: string[];
}

interface Entry {
  readonly attempt: number;
  /** What the server's answers must not carry back (secretsOf its header values). */
  readonly secrets: readonly string[];
  readonly status: ServerStatus;
  readonly error?: string;
  readonly state?: McpServerState;
  readonly connection?: LiveConnection;
}

/** How a connect ended: the session's record refreshed with the tools listed, or why not. */
export type ConnectOutcome =
  | { readonly kind: 'connected'; readonly refresh: (record: McpServerRecord) => McpServerRecord }
  | { readonly kind: 'failed'; readonly error: string }
  /** Another connect of the same server, a disconnect or another session came first: nothing to apply. */
  | { readonly kind: 'superseded' };

/** The hosts a plain-HTTP server may have: the page's CSP, and browsers' rule for HTTPS pages, allow only these. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/** A server's name and URL as the page may connect them, or why not. */
export function checkTarget(name: string, url: string): { ok: true; url: string } | { ok: false; error: string } {
  if (!isSymbolName(name) || name.includes('/'))
    return { ok: false, error: `${JSON.stringify(name)} is not a server name: use a PTC-Lisp symbol such as everything or my-server` };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { ok: false, error: `${JSON.stringify(url)} is not a URL: give the server's address, such as http://127.0.0.1:3001/mcp` };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { ok: false, error: `a server's URL starts with http: or https: (got ${parsed.protocol})` };
  if (parsed.username !== '' || parsed.password !== '')
    return { ok: false, error: 'a URL with a user name or password would be saved with the session: give credentials as a header instead' };
  if (parsed.protocol === 'http:' && !LOCAL_HOSTS.has(parsed.hostname)) {
    return {
      ok: false,
      error: `this page may reach plain-HTTP servers only on localhost or 127.0.0.1: serve ${name} over HTTPS, or run it on this machine (ptc bridge serves a stdio server there)`,
    };
  }
  return { ok: true, url: parsed.href };
}

/**
 * What to tell the person when the browser refused every request to a server: it cannot tell a
 * server that is not running from one that refused this page's origin (CORS), so both are said, with
 * what the server must send and the bridge that sends it for a stdio server.
 */
export function refusedHint(name: string, url: string, origin: string | undefined): string {
  const here = origin ?? "this page's origin";
  const bridgeOrigin = origin !== undefined ? ` --origin ${origin}` : '';
  return (
    `The browser could not reach ${url}. Either the server is not running there (or the URL is wrong), or it refused this page's ` +
    `cross-origin request (CORS); the browser does not say which. Fixes: start the server and check the URL; the server must answer ` +
    `requests from ${here} with Access-Control-Allow-Origin, allow the headers the client sends (Content-Type, Mcp-Session-Id, ` +
    `Mcp-Protocol-Version and any you add) and expose Mcp-Session-Id (Access-Control-Expose-Headers); a stdio server can be served ` +
    `for this page with ptc bridge '${name}=COMMAND …'${bridgeOrigin}, which sends all of that.`
  );
}

/** The session with `record` in place of the server of its name, or added after the others. */
export function withServer<S extends { readonly mcpServers?: readonly McpServerRecord[] }>(session: S, record: McpServerRecord): S {
  const servers = session.mcpServers ?? [];
  const at = servers.findIndex((s) => s.name === record.name);
  return { ...session, mcpServers: at < 0 ? [...servers, record] : servers.map((s, i) => (i === at ? record : s)) };
}

/** A change of one of a server's tools: the name programs call it by ('' for its own), or whether it is hidden. */
export interface ToolChange {
  readonly as?: string;
  readonly hidden?: boolean;
}

/**
 * The session with one of a server's tools renamed or hidden in its snapshot (so the change is saved,
 * shared and shown as the LLM sees it), or why not: a name that is no symbol, or one that makes a
 * problem `problemsOf` (the agent's preparation: a clash, saying to rename) did not report before.
 */
export function withToolChanged<S extends { readonly mcpServers?: readonly McpServerRecord[] }>(
  session: S,
  server: string,
  tool: string,
  change: ToolChange,
  problemsOf: (session: S) => readonly string[],
): { ok: true; session: S } | { ok: false; error: string } {
  const record = session.mcpServers?.find((s) => s.name === server);
  const found = record?.tools.find((t) => t.name === tool);
  if (record === undefined || found === undefined) return { ok: false, error: `The server ${server} has no tool ${tool}` };
  const as = change.as?.trim();
  if (as !== undefined && as !== '' && (!isSymbolName(as) || as.includes('/')))
    return { ok: false, error: `${JSON.stringify(as)} cannot be a tool's name: use a PTC-Lisp symbol such as get-sum` };
  const { as: _as, hidden: _hidden, ...rest } = found;
  const nextAs = as === undefined ? found.as : as === '' || as === tool ? undefined : as;
  const hidden = change.hidden ?? found.hidden === true;
  const changed = { ...rest, ...(nextAs !== undefined ? { as: nextAs } : {}), ...(hidden ? { hidden: true } : {}) };
  const next = withServer(session, { ...record, tools: record.tools.map((t) => (t === found ? changed : t)) });
  const before = new Set(problemsOf(session));
  const added = problemsOf(next).filter((p) => !before.has(p));
  return added.length > 0 ? { ok: false, error: added.join('; ') } : { ok: true, session: next };
}

/** The session without the server of that name (and without the field when none is left). */
export function withoutServer<S extends { readonly mcpServers?: readonly McpServerRecord[] }>(session: S, name: string): S {
  const { mcpServers, ...rest } = session;
  const kept = (mcpServers ?? []).filter((s) => s.name !== name);
  return (kept.length > 0 ? { ...rest, mcpServers: kept } : rest) as S;
}

/** The page's origin as its worker sees it (the engine layers are checked without the DOM's types). */
function pageOrigin(): string | undefined {
  const origin = (globalThis as { location?: { origin?: unknown } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}

/** The live connections of one open session, by server name. */
export class LiveServers implements McpClients {
  private readonly entries = new Map<string, Entry>();
  private attempts = 0;
  private closed = false;

  constructor(private readonly options: LiveServersOptions = {}) {}

  connected(server: string): boolean {
    return this.entries.get(server)?.status === 'connected';
  }

  anyConnected(): boolean {
    for (const e of this.entries.values()) if (e.status === 'connected') return true;
    return false;
  }

  async callTool(server: string, tool: string, args: string, signal: AbortSignal): Promise<McpToolResult> {
    const entry = this.entries.get(server);
    const connection = entry?.connection;
    if (entry === undefined || connection === undefined) throw new Error('the server is not connected');
    try {
      return redactSecrets(await connection.callTool(server, tool, args, signal), entry.secrets);
    } catch (e) {
      if (signal.aborted || !(e instanceof Error)) throw e;
      const message = redactSecrets(e.message, entry.secrets);
      throw message === e.message ? e : new Error(message);
    }
  }

  /** Connects (again) to a server; a connection it had is closed first. Never throws. */
  async connect(target: McpTarget): Promise<ConnectOutcome> {
    const attempt = ++this.attempts;
    const secrets = secretsOf(target.headers);
    this.drop(target.name);
    this.entries.set(target.name, { attempt, secrets, status: 'connecting' });
    let refused = false;
    const base = this.options.fetch ?? globalThis.fetch.bind(globalThis);
    // A fetch that rejects with a TypeError never got an answer the page may read: the browser
    // refused it (CORS, mixed content) or nothing listens. The client's own error does not say.
    const watched: typeof fetch = async (input, init) => {
      try {
        return await base(input, init);
      } catch (e) {
        if (e instanceof TypeError && init?.signal?.aborted !== true) refused = true;
        throw e;
      }
    };
    const connect = this.options.connect ?? connectMcp;
    let connection: LiveConnection | null = null;
    let error: string;
    try {
      connection = await connect([target], {
        fetch: watched,
        ...(this.options.connectTimeoutMs !== undefined ? { connectTimeoutMs: this.options.connectTimeoutMs } : {}),
      });
      const listed = connection.states[0];
      const state = listed === undefined ? undefined : redactSecrets(listed, secrets);
      if (this.entries.get(target.name)?.attempt !== attempt || this.closed) {
        void connection.close().catch(() => undefined);
        return { kind: 'superseded' };
      }
      if (state?.connected === true) {
        const live = connection;
        this.entries.set(target.name, { attempt, secrets, status: 'connected', state, connection: live });
        return { kind: 'connected', refresh: (record) => redactSecrets(live.records([record])[0] ?? record, secrets) };
      }
      void connection.close().catch(() => undefined);
      error = state?.error ?? 'the server did not connect';
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    error = redactSecrets(error, secrets);
    if (this.entries.get(target.name)?.attempt !== attempt || this.closed) return { kind: 'superseded' };
    const told =
      refused && inBrowser() && target.url !== undefined ? `${refusedHint(target.name, target.url, this.options.origin ?? pageOrigin())} (${error})` : error;
    this.entries.set(target.name, { attempt, secrets, status: 'error', error: told });
    return { kind: 'failed', error: told };
  }

  /** Closes a server's connection (a connect under way is left to end by itself, unheeded). */
  disconnect(name: string): void {
    this.drop(name);
    this.entries.delete(name);
  }

  /** Closes every connection: the session they belong to is no longer open. */
  close(): void {
    this.closed = true;
    for (const name of [...this.entries.keys()]) this.drop(name);
    this.entries.clear();
  }

  private drop(name: string): void {
    const connection = this.entries.get(name)?.connection;
    // Closing tells the server (an HTTP DELETE): a server that does not answer must not hold anything up.
    if (connection !== undefined) void connection.close().catch(() => undefined);
  }

  /** The session's servers with how connecting to each went. */
  view(servers: readonly McpServerRecord[]): ServerView[] {
    return servers.map((s) => {
      const e = this.entries.get(s.name);
      const place = { name: s.name, transport: s.transport, ...(s.url !== undefined ? { url: s.url } : {}) };
      if (e === undefined) return { ...place, status: 'not-connected' };
      const st = e.state;
      return {
        ...place,
        status: e.status,
        ...(e.error !== undefined ? { error: e.error } : {}),
        ...(st?.protocolVersion !== undefined ? { protocolVersion: st.protocolVersion } : {}),
        ...(st?.via !== undefined ? { via: st.via } : {}),
        ...(st !== undefined ? { toolCount: st.tools.length } : {}),
        ...(st !== undefined && st.skipped.length > 0 ? { skipped: [...st.skipped] } : {}),
      };
    });
  }
}
