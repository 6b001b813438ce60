// Tools a run answers from outside the interpreter: the tools of the MCP servers a session names,
// and host tools (async functions given through the agent API by a test, the command line or
// anyone importing the engine). Both are shown in `tool/` after the session's own tools (C4: host
// tools first, then each server's), called by programs like any tool, and answered either live
// (the host's calls made between passes, lisp/run.ts `runWithTools`) or from a record (T5).
import { PtcError } from '../lisp/errors.ts';
import { problem, type Problem } from '../lisp/problem.ts';
import { printValue } from '../lisp/printer.ts';
import type { ToolHost } from '../lisp/run.ts';
import type { ToolAnswer, ToolCallRecord, ToolImpl, ToolRequest } from '../lisp/runtime.ts';
import { makeFn, type Value } from '../lisp/values.ts';
import { isSymbolName } from '../records/signature.ts';
import { visibleMcpTools, type JsonSchema, type McpServerRecord } from '../records/mcp-tools.ts';
import { mcpArguments, mcpResultValue, mcpToolError, MAX_RESULT_BYTES, type McpToolResult } from '../records/mcp-values.ts';
import { countKeys, RecordedCalls, type RecordedCall } from '../records/recorded-calls.ts';
import type { ShownTool } from '../records/records.ts';

/** A tool the host gives as an async function: its calls may do I/O. */
export interface HostTool {
  readonly name: string;
  /** As a session tool's: `(q :string) -> :any`; `(& args) -> :any` when absent. */
  readonly signature?: string;
  readonly description?: string;
  /** Rejecting fails the program with tool_error and the rejection's message. */
  call(args: readonly Value[], signal: AbortSignal): Promise<Value>;
}

/** Live connections to a session's MCP servers. */
export interface McpClients {
  /** Call `tool` (the server's own name) with the JSON text of its arguments; rejects on a protocol or transport failure. */
  callTool(server: string, tool: string, args: string, signal: AbortSignal): Promise<McpToolResult>;
  /** Whether `server` is connected (calls of others are answered from the record, or refused). */
  connected(server: string): boolean;
}

/** Bounds on calls (T4). */
export interface ToolTimeouts {
  /** Time one call may take (default 30,000 ms). */
  readonly toolTimeoutMs?: number;
  /** Time one program may spend waiting on calls in all (default 120,000 ms). */
  readonly toolWaitMs?: number;
  /** A result larger than this much JSON is refused (default 1 MB). */
  readonly maxResultBytes?: number;
}

export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
export const DEFAULT_TOOL_WAIT_MS = 120_000;

const mcpKey = (server: string, tool: string, args: string): string => `mcp\u0000${server}\u0000${tool}\u0000${args}`;
const hostKey = (name: string, args: readonly Value[]): string => `host\u0000${name}\u0000${printValue([...args])}`;

function callsText(recorded: number): string {
  return recorded === 0
    ? 'no recorded call has these arguments'
    : `the ${recorded} recorded call${recorded === 1 ? '' : 's'} with these arguments were all answered`;
}

function shortArgs(args: string): string {
  return args.length > 200 ? args.slice(0, 199) + '…' : args;
}

/** One external tool as the agent knows it: how it is shown, keyed, refused and (live) called. */
interface External {
  readonly impl: ToolImpl;
  readonly shown: ShownTool;
  /** The key of a recorded call of it, or null when its arguments could not have been sent. */
  keyOf(args: readonly Value[]): string | null;
  /** Makes a call live; null when nothing can (a server not connected, no host). */
  live(q: ToolRequest, signal: AbortSignal): Promise<ToolAnswer> | null;
}

export interface ExternalTools {
  /** What `tool/` shows of them, in C4's order. */
  readonly shown: readonly ShownTool[];
  readonly impls: readonly ToolImpl[];
  /** Names that clash or cannot be called, at their paths. */
  readonly problems: readonly Problem[];
  /** Makes the calls of a live run; null when nothing is live (every call is answered from the record or refused). */
  readonly host: ToolHost | null;
  /** Whether the calls of tool `name` (as programs call it) are made live now. */
  isLive(name: string): boolean;
  /** The keys of recorded calls, in order (calls of tools that are not external are left out). */
  keysOf(calls: readonly ToolCallRecord[]): (RecordedCall | null)[];
}

export interface ExternalToolsSpec extends ToolTimeouts {
  readonly servers: readonly McpServerRecord[];
  readonly hostTools: readonly HostTool[];
  /** The session's own tools' names, which external tools may not take. */
  readonly sessionToolNames: readonly string[];
  readonly mcp?: McpClients;
}

const anyFn = (name: string) => makeFn(() => null, { name: `tool/${name}`, kind: 'tool', minArity: 0, maxArity: Infinity, params: [] });

/** Time a call took, from `start` by `now`. */
const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** The answer of a call that may fail: its failure's message is the tool_error's. */
async function timed(call: (signal: AbortSignal) => Promise<Value>, signal: AbortSignal, timeoutMs: number, timedOut: string): Promise<ToolAnswer> {
  const start = clock();
  const limit = AbortSignal.timeout(timeoutMs);
  const both = AbortSignal.any([signal, limit]);
  try {
    const result = await call(both);
    return { result, durationMs: clock() - start };
  } catch (e) {
    // Stop is not an answer: the run rejects with it.
    if (signal.aborted) throw signal.reason;
    const message = limit.aborted ? timedOut : e instanceof PtcError || e instanceof Error ? e.message : String(e);
    return { result: null, durationMs: clock() - start, error: message };
  }
}

function hostTool(t: HostTool, timeoutMs: number): External {
  const unanswered = (_key: string, recorded: number): PtcError =>
    new PtcError('tool_error', `tool/${t.name}: this host tool is not available here, and ${callsText(recorded)}`);
  return {
    impl: {
      name: t.name,
      fn: anyFn(t.name),
      signature: t.signature ?? '(& args) -> :any',
      ...(t.description !== undefined ? { description: t.description } : {}),
      external: { key: (args) => hostKey(t.name, args), unanswered },
    },
    shown: { name: t.name, signature: t.signature ?? '(& args) -> :any', ...(t.description !== undefined ? { description: t.description } : {}) },
    keyOf: (args) => hostKey(t.name, args),
    live: (q, signal) =>
      timed(
        async (s) => {
          try {
            return await t.call(q.args, s);
          } catch (e) {
            throw new Error(`tool/${t.name} failed: ${e instanceof Error ? e.message : String(e)}`);
          }
        },
        signal,
        timeoutMs,
        `tool/${t.name} gave no answer within ${timeoutMs} ms`,
      ),
  };
}

/** The tools of the given servers and host, ready for a run: live where connected, else from the record. */
export function externalTools(spec: ExternalToolsSpec): ExternalTools {
  const problems: Problem[] = [];
  const timeoutMs = spec.toolTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
  const maxBytes = spec.maxResultBytes ?? MAX_RESULT_BYTES;
  const taken = new Set(spec.sessionToolNames);
  const externals: External[] = [];
  spec.hostTools.forEach((t, i) => {
    if (!isSymbolName(t.name) || t.name.includes('/') || taken.has(t.name)) {
      problems.push(problem('tool', `hostTools[${i}]`, 'invalid_field', `tool/${t.name}: a host tool needs a name no other tool has`));
      return;
    }
    taken.add(t.name);
    externals.push(hostTool(t, timeoutMs));
  });
  const { tools, problems: clashes } = visibleMcpTools(spec.servers, [...taken]);
  problems.push(...clashes.map((p) => problem('tool', p.path, 'invalid_field', p.message)));
  const schemas = new Map(spec.servers.map((s) => [s.name, new Map(s.tools.map((t) => [t.name, t.inputSchema]))]));
  const schemaOf = (server: string, tool: string): JsonSchema => schemas.get(server)?.get(tool) ?? {};
  for (const t of tools) {
    const schema = schemaOf(t.server, t.toolName);
    const key = (args: readonly Value[]): string => mcpKey(t.server, t.toolName, mcpArguments(t.name, args, schema));
    const unanswered = (k: string, recorded: number): PtcError =>
      new PtcError(
        'tool_error',
        `tool/${t.name} (server ${t.server}): the server is not connected, and ${callsText(recorded)}: ${shortArgs(k.split('\u0000')[3])}`,
      );
    externals.push({
      impl: {
        name: t.name,
        fn: anyFn(t.name),
        signature: t.signature,
        server: t.server,
        toolName: t.toolName,
        ...(t.description !== undefined ? { description: t.description } : {}),
        external: { key, unanswered },
      },
      shown: { name: t.name, signature: t.signature, ...(t.description !== undefined ? { description: t.description } : {}) },
      keyOf: (args) => {
        try {
          return key(args);
        } catch {
          return null;
        }
      },
      live: (q, signal) => {
        const mcp = spec.mcp;
        if (mcp === undefined || !mcp.connected(t.server)) return null;
        const args = q.key.split('\u0000')[3];
        return timed(
          async (s) => {
            let result: McpToolResult;
            try {
              result = await mcp.callTool(t.server, t.toolName, args, s);
            } catch (e) {
              if (s.aborted) throw e;
              throw mcpToolError(t.name, t.server, e instanceof Error ? e.message : String(e));
            }
            return mcpResultValue(t.name, t.server, result, maxBytes);
          },
          signal,
          timeoutMs,
          mcpToolError(t.name, t.server, `no answer within ${timeoutMs} ms`).message,
        );
      },
    });
  }
  const byName = new Map(externals.map((e) => [e.impl.name, e]));
  // A recorded MCP call is its server's tool's, whatever name the program called it by then.
  const byServerTool = new Map(externals.flatMap((e) => (e.impl.server === undefined ? [] : [[`${e.impl.server}\u0000${e.impl.toolName}`, e] as const])));
  const anyLive = spec.hostTools.length > 0 || (spec.mcp !== undefined && spec.servers.some((s) => spec.mcp?.connected(s.name) === true));
  const host: ToolHost | null = anyLive
    ? {
        answer: (requests, signal) =>
          Promise.all(
            requests.map((q) => {
              const e = byName.get(q.tool);
              const made = e?.live(q, signal) ?? null;
              if (made !== null) return made;
              // Neither connected nor recorded: the same refusal a run without a host gives.
              const refusal = e?.impl.external?.unanswered(q.key, 0).message ?? `tool/${q.tool} cannot be called here`;
              return Promise.resolve({ result: null, durationMs: 0, error: refusal });
            }),
          ),
      }
    : null;
  return {
    shown: externals.map((e) => e.shown),
    impls: externals.map((e) => e.impl),
    problems,
    host,
    isLive: (name) => {
      const e = byName.get(name);
      if (e === undefined) return false;
      const server = e.impl.server;
      return server === undefined || (spec.mcp !== undefined && spec.mcp.connected(server));
    },
    keysOf: (calls) =>
      calls.map((c) => {
        const e = c.server === undefined ? byName.get(c.name) : byServerTool.get(`${c.server}\u0000${c.tool ?? c.name}`);
        if (e === undefined || (c.server === undefined && e.impl.server !== undefined)) return null;
        const key = e.keyOf(c.args);
        if (key === null) return null;
        return { key, result: c.result, durationMs: c.durationMs, ...(c.error !== undefined ? { error: c.error } : {}) };
      }),
  };
}

/** A run's recorded calls as answers (T5). */
export function recordedCallsOf(tools: ExternalTools, turns: readonly { readonly toolCalls: readonly ToolCallRecord[] }[]): RecordedCalls {
  return new RecordedCalls(turns.flatMap((t) => tools.keysOf(t.toolCalls).filter((c): c is RecordedCall => c !== null)));
}

/** How many equal calls, by key, the given turns made: where the next program's answers start. */
export function keysBefore(tools: ExternalTools, turns: readonly { readonly toolCalls: readonly ToolCallRecord[] }[]): Map<string, number> {
  return countKeys(turns.flatMap((t) => tools.keysOf(t.toolCalls).flatMap((c) => (c === null ? [] : [c.key]))));
}
