// The tools of the MCP servers a session names, for the agent: what the LLM is shown of them in
// `tool/` (after the session's own tools, C4) and the functions programs call. A call maps its
// arguments as T3 says and goes to the agent's `McpCaller`; without one, nothing is connected and
// nothing recorded, so a call is refused saying so (recorded-calls.ts).
import { problem, type Problem } from '../lisp/problem.ts';
import { PtcError } from '../lisp/errors.ts';
import type { ToolCallRecord, ToolImpl } from '../lisp/runtime.ts';
import { makeFn, type Value } from '../lisp/values.ts';
import { visibleMcpTools, type McpServerRecord } from '../records/mcp-tools.ts';
import { mcpArguments } from '../records/mcp-values.ts';
import { RecordedAnswers, type RecordedCall } from '../records/recorded-calls.ts';
import type { ShownTool } from '../records/records.ts';

/** Who answers a program's call of an MCP tool: a live connection, a record, or nobody. */
export interface McpCaller {
  /** `args` is the JSON text sent (T3); `calledAs` the name the program called. Throws a PtcError when the call fails. */
  call(server: string, tool: string, args: string, calledAs: string): Value;
}

/** No server connected and no call recorded: every call is refused with why. */
export const NOT_CONNECTED: McpCaller = {
  call: (server, tool, args, calledAs) => {
    // An empty record refuses with the message a replay gives for a call it does not have.
    const answer = new RecordedAnswers([]).answer(server, tool, args, calledAs);
    return answer.ok ? answer.result : null;
  },
};

/**
 * A caller that answers from the MCP calls recorded on `turns` (T5): replaying recorded turns never
 * reaches a server. Each recorded call is matched on its arguments as they were sent, rebuilt from
 * the recorded arguments and the tool's schema.
 */
export function recordedCaller(turns: readonly { readonly toolCalls: readonly ToolCallRecord[] }[], servers: readonly McpServerRecord[]): McpCaller {
  const schemas = new Map(servers.map((s) => [s.name, new Map(s.tools.map((t) => [t.name, t.inputSchema]))]));
  const calls: RecordedCall[] = [];
  for (const t of turns) {
    for (const c of t.toolCalls) {
      if (c.server === undefined) continue;
      const tool = c.tool ?? c.name;
      let args: string;
      try {
        args = mcpArguments(c.name, c.args, schemas.get(c.server)?.get(tool) ?? {});
      } catch {
        // A call refused before it was sent has no answer to give.
        continue;
      }
      calls.push({ server: c.server, tool, args, result: c.result, ...(c.error !== undefined ? { error: c.error } : {}) });
    }
  }
  const answers = new RecordedAnswers(calls);
  return {
    call: (server, tool, args, calledAs) => {
      const a = answers.answer(server, tool, args, calledAs);
      if (!a.ok) throw new PtcError('tool_error', a.error);
      return a.result;
    },
  };
}

export interface McpTools {
  /** What `tool/` shows of them, in C4's order. */
  readonly shown: readonly ShownTool[];
  readonly impls: readonly ToolImpl[];
  /** Names that clash or cannot be called, at the server tool's path. */
  readonly problems: readonly Problem[];
}

export function mcpTools(servers: readonly McpServerRecord[], sessionToolNames: readonly string[], caller: McpCaller = NOT_CONNECTED): McpTools {
  const { tools, problems } = visibleMcpTools(servers, sessionToolNames);
  const schemas = new Map(servers.map((s) => [s.name, new Map(s.tools.map((t) => [t.name, t.inputSchema]))]));
  const impls = tools.map((t): ToolImpl => {
    const schema = schemas.get(t.server)?.get(t.toolName) ?? {};
    const fn = makeFn((...args: Value[]) => caller.call(t.server, t.toolName, mcpArguments(t.name, args, schema), t.name), {
      name: `tool/${t.name}`,
      kind: 'tool',
      minArity: 0,
      maxArity: Infinity,
      params: [],
    });
    return {
      name: t.name,
      fn,
      signature: t.signature,
      server: t.server,
      toolName: t.toolName,
      ...(t.description !== undefined ? { description: t.description } : {}),
    };
  });
  return {
    shown: tools.map((t) => ({ name: t.name, signature: t.signature, ...(t.description !== undefined ? { description: t.description } : {}) })),
    impls,
    problems: problems.map((p) => problem('tool', p.path, 'invalid_field', p.message)),
  };
}
