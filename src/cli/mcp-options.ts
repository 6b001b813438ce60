// The MCP options of `ptc run`, `ptc eval`, `ptc repl` and `ptc tools`: which servers a run connects
// to (the session's, plus --mcp and --mcp-stdio), the headers each gets (--mcp-header, never written
// anywhere), whether calls are made live or answered from the session's record (--tools), and the
// time one call may take (--tool-timeout-ms). Servers connect before the first turn; connecting
// counts against no program limit.
import { externalTools, type ExternalTools, type McpClients } from '../agent/external-tools.ts';
import { McpConnections, type McpServerState, type McpTarget } from '../agent/mcp-connection.ts';
import type { AgentDef } from '../agent/agent.ts';
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { McpServerRecord } from '../records/mcp-tools.ts';
import type { Options, Values } from './args.ts';
import { UsageError } from './common.ts';
import type { CliIo } from './io.ts';
import { parseNamedCommand } from './shell-words.ts';
import { ServersUnreachable } from './failures.ts';
import { isSymbolName } from '../records/signature.ts';
import { recordedRun } from '../session/previous-run.ts';

export const MCP_OPTIONS = {
  mcp: {
    type: 'string',
    multiple: true,
    value: 'NAME=URL',
    description: 'connect to an MCP server over HTTP (Streamable HTTP, or the older HTTP+SSE); a server the session names gets this URL; may be repeated',
  },
  'mcp-stdio': {
    type: 'string',
    multiple: true,
    value: "'NAME=COMMAND ARG…'",
    description:
      'start an MCP server over stdio: the words split as a shell would, no shell is run, and the server gets only HOME, LOGNAME, PATH, SHELL, TERM and USER from your environment; may be repeated',
  },
  'mcp-header': {
    type: 'string',
    multiple: true,
    value: "'NAME=Header: value'",
    description: 'send this header to server NAME (an Authorization token, say); never written to a file; may be repeated',
  },
  tools: {
    type: 'string',
    value: 'live|recorded',
    default: 'live',
    description: "live calls the servers; recorded never connects and answers each call from the session's recorded calls",
  },
  'tool-timeout-ms': { type: 'string', value: 'N', description: 'time one tool call may take (default 30000)' },
} as const satisfies Options;

type McpValues = Values<typeof MCP_OPTIONS>;

/** What the MCP options ask for, checked. */
export interface McpFlags {
  /** --mcp and --mcp-stdio servers, in the order given. */
  readonly servers: readonly { readonly name: string; readonly url?: string; readonly command?: readonly string[] }[];
  readonly headers: ReadonlyMap<string, Readonly<Record<string, string>>>;
  readonly mode: 'live' | 'recorded';
  readonly toolTimeoutMs?: number;
}

/** At most this long for one call from the command line (an hour). */
const MAX_TOOL_TIMEOUT_MS = 3_600_000;

function splitName(flag: string, text: string, what: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new UsageError(`--${flag}: expected NAME=${what}, got ${JSON.stringify(text)}`);
  const name = text.slice(0, eq).trim();
  if (!isSymbolName(name))
    throw new UsageError(`--${flag}: ${JSON.stringify(name)} is not a server name: use a PTC-Lisp symbol such as everything or my-files`);
  return [name, text.slice(eq + 1)];
}

/** The MCP options, checked; headers may name only servers of the session or of the command line. */
export function parseMcpFlags(values: McpValues, sessionServers: readonly string[] = []): McpFlags {
  const servers: { name: string; url?: string; command?: string[] }[] = [];
  const seen = new Set<string>();
  const add = (flag: string, name: string, entry: { name: string; url?: string; command?: string[] }): void => {
    if (seen.has(name)) throw new UsageError(`--${flag}: server ${name} is given twice`);
    seen.add(name);
    servers.push(entry);
  };
  for (const text of values.mcp) {
    const [name, url] = splitName('mcp', text, 'URL');
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      throw new UsageError(`--mcp ${name}: not a URL: ${JSON.stringify(url)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw new UsageError(`--mcp ${name}: the URL must be http or https, got ${parsed.protocol}`);
    add('mcp', name, { name, url: parsed.href });
  }
  for (const text of values['mcp-stdio']) {
    const { name, command, args } = parseNamedCommand(text, '--mcp-stdio');
    add('mcp-stdio', name, { name, command: [command, ...args] });
  }
  const known = new Set([...sessionServers, ...seen]);
  const headers = new Map<string, Record<string, string>>();
  for (const text of values['mcp-header']) {
    const [name, header] = splitName('mcp-header', text, 'Header: value');
    if (!known.has(name)) {
      const names = [...known];
      throw new UsageError(`--mcp-header: no server is named ${name} (${names.length > 0 ? `servers: ${names.join(', ')}` : 'give it with --mcp first'})`);
    }
    const colon = header.indexOf(':');
    const key = colon > 0 ? header.slice(0, colon).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) throw new UsageError(`--mcp-header ${name}: expected 'Header: value', got a header without a valid name`);
    const entry = headers.get(name) ?? {};
    entry[key] = header.slice(colon + 1).trim();
    headers.set(name, entry);
  }
  const mode = values.tools;
  if (mode !== 'live' && mode !== 'recorded') throw new UsageError(`--tools: expected live or recorded, got ${JSON.stringify(mode)}`);
  if (mode === 'recorded' && servers.length > 0) throw new UsageError('--tools recorded never connects: give no --mcp or --mcp-stdio with it');
  let toolTimeoutMs: number | undefined;
  if (values['tool-timeout-ms'] !== undefined) {
    const t = values['tool-timeout-ms'];
    const n = Number(t);
    if (!/^\d+$/.test(t.trim()) || n < 1 || n > MAX_TOOL_TIMEOUT_MS)
      throw new UsageError(`--tool-timeout-ms: expected a whole number of milliseconds from 1 to ${MAX_TOOL_TIMEOUT_MS}, got ${JSON.stringify(t)}`);
    toolTimeoutMs = n;
  }
  return { servers, headers, mode, ...(toolTimeoutMs !== undefined ? { toolTimeoutMs } : {}) };
}

/** The session's servers with the command line's: a name the session has gets the new place, a new one is added. */
export function serversWithFlags(session: readonly McpServerRecord[], flags: McpFlags): McpServerRecord[] {
  const out = session.map((s) => ({ ...s }));
  for (const f of flags.servers) {
    const i = out.findIndex((s) => s.name === f.name);
    const place: Pick<McpServerRecord, 'transport' | 'url'> = f.url !== undefined ? { transport: 'http', url: f.url } : { transport: 'stdio' };
    if (i >= 0) {
      const { url: _old, ...rest } = out[i];
      out[i] = { ...rest, ...place };
    } else out.push({ name: f.name, ...place, tools: [] });
  }
  return out;
}

type StdioModule = typeof import('@modelcontextprotocol/client/stdio');

/** A stdio server's transport: the command as given, only the default environment, its stderr on ours. */
function stdioTransport(stdio: StdioModule, command: readonly string[]): InstanceType<StdioModule['StdioClientTransport']> {
  return new stdio.StdioClientTransport({ command: command[0], args: command.slice(1), env: stdio.getDefaultEnvironment(), stderr: 'inherit' });
}

/** Where each server is, for connecting: a stdio server without a command cannot be started. */
function targetsOf(servers: readonly McpServerRecord[], flags: McpFlags): McpTarget[] {
  return servers.map((s) => {
    const headers = flags.headers.get(s.name);
    return { name: s.name, transport: s.transport, ...(s.url !== undefined ? { url: s.url } : {}), ...(headers !== undefined ? { headers } : {}) };
  });
}

/** The servers of a run, connected (live) or not (recorded), and what a run needs of them. */
export interface RunServers {
  /** The servers as the session records them: a connected server's tools as it listed them now. */
  readonly records: readonly McpServerRecord[];
  readonly mcp?: McpClients;
  /** Servers that could not be reached, with why. */
  readonly unreachable: readonly McpServerState[];
  close(): Promise<void>;
}

/** Connect to every server (live), printing each place on stderr first; nothing is connected when recorded. */
export async function connectServers(servers: readonly McpServerRecord[], flags: McpFlags, io: CliIo): Promise<RunServers> {
  if (flags.mode === 'recorded' || servers.length === 0) return { records: servers, unreachable: [], close: () => Promise.resolve() };
  const commands = new Map(flags.servers.flatMap((f) => (f.command !== undefined ? [[f.name, f.command] as const] : [])));
  for (const s of servers) {
    const place =
      s.transport === 'http' ? (s.url ?? '(no url)') : commands.has(s.name) ? `stdio: ${(commands.get(s.name) ?? []).join(' ')}` : 'stdio (no command given)';
    io.stderr.write(`ptc: connecting to MCP server ${s.name} at ${place}\n`);
  }
  // Loaded only when a stdio server is started, so that a command without one never loads it.
  const stdio = commands.size > 0 ? await import('@modelcontextprotocol/client/stdio') : null;
  const connections = await McpConnections.connect(targetsOf(servers, flags), {
    stdio: (name) => {
      const command = commands.get(name);
      return command === undefined || stdio === null ? null : stdioTransport(stdio, command);
    },
  });
  for (const st of connections.states) {
    if (st.connected) {
      const via = [st.via, st.protocolVersion !== undefined ? `protocol ${st.protocolVersion}` : null].filter((x) => x !== null).join(', ');
      io.stderr.write(`ptc: ${st.name}: ${st.tools.length} ${st.tools.length === 1 ? 'tool' : 'tools'} (${via})\n`);
      for (const s of st.skipped) io.stderr.write(`warning: ${st.name}: ${s}\n`);
    }
  }
  return {
    records: connections.records(servers),
    mcp: connections,
    unreachable: connections.states.filter((s) => !s.connected),
    close: () => connections.close(),
  };
}

export { ServersUnreachable } from './failures.ts';

/**
 * Connect a session's servers for a run and give what its agent adds: the servers' tools (as listed
 * now when live), the connections, the session's own record when recorded, the time bound.
 * Throws ServersUnreachable when a server cannot be reached; `opened` gets the connections to close.
 */
export async function sessionServers(
  session: {
    readonly mcpServers?: readonly McpServerRecord[];
    readonly turns: readonly { readonly toolCalls: readonly ToolCallRecord[] }[];
    readonly previousRunCalls?: readonly ToolCallRecord[];
    readonly limits?: { readonly toolWaitMs?: number };
  },
  values: McpValues,
  io: CliIo,
  opened: (servers: RunServers) => void,
): Promise<Partial<AgentDef>> {
  const flags = parseMcpFlags(
    values,
    (session.mcpServers ?? []).map((s) => s.name),
  );
  const servers = await connectServers(serversWithFlags(session.mcpServers ?? [], flags), flags, io);
  opened(servers);
  if (servers.unreachable.length > 0) throw new ServersUnreachable(servers.unreachable);
  return {
    ...(servers.records.length > 0 ? { mcpServers: servers.records } : {}),
    ...(servers.mcp !== undefined ? { mcp: servers.mcp } : {}),
    ...(flags.mode === 'recorded' ? { toolRecord: recordedRun(session) } : {}),
    // The command line's bound on one call, beside the session's on waiting in all.
    ...(flags.toolTimeoutMs !== undefined
      ? { toolLimits: { ...(session.limits?.toolWaitMs !== undefined ? { toolWaitMs: session.limits.toolWaitMs } : {}), toolTimeoutMs: flags.toolTimeoutMs } }
      : {}),
  };
}

/** The tools of servers (and nothing else) for programs run outside a session: eval and repl. */
export function programTools(run: RunServers, flags: McpFlags): ExternalTools {
  return externalTools({
    servers: run.records,
    hostTools: [],
    sessionToolNames: [],
    ...(run.mcp !== undefined ? { mcp: run.mcp } : {}),
    ...(flags.toolTimeoutMs !== undefined ? { toolTimeoutMs: flags.toolTimeoutMs } : {}),
  });
}
