// The agent definition: everything a run needs besides the LLM.
import type { Limits, ToolCallRecord } from '../lisp/runtime.ts';
import type { Value } from '../lisp/values.ts';
import type { CompressionOption } from '../compression/normalize.ts';
import type { ToolDef } from '../records/records.ts';
import type { SystemPromptOptions } from './system-prompt.ts';
import type { LanguageId } from './languages.ts';
import type { McpServerRecord } from '../records/mcp-tools.ts';
import type { HostTool, McpClients, ToolTimeouts } from './external-tools.ts';

export interface AgentDef {
  /** The task; `{{name}}` placeholders are expanded from data (MissionExpander). */
  readonly mission: string;
  readonly tools: readonly ToolDef[];
  /** Input data, in session order (the `data/` namespace). */
  readonly data: ReadonlyMap<string, Value>;
  /** Default 5 (SS-002). */
  readonly maxTurns: number;
  readonly compression: CompressionOption;
  readonly limits?: Partial<Limits>;
  /** Text around the default SYSTEM prompt, or a replacement for it (the default when absent). */
  readonly systemPrompt?: SystemPromptOptions;
  /** The language whose default SYSTEM prompt is sent (today's when absent); see languages.ts. */
  readonly language?: LanguageId;
  /** Which released default prompt of that language (the latest when absent): only to rebuild saved turns. */
  readonly promptVersion?: number;
  /** MCP servers with the snapshot of their tools (T1); their visible tools follow the session's in `tool/`. */
  readonly mcpServers?: readonly McpServerRecord[];
  /** Live connections to those servers: absent, their calls are answered from `toolRecord` (T5) or refused. */
  readonly mcp?: McpClients;
  /** Tools the host gives as async functions, shown after the session's own and called live. */
  readonly hostTools?: readonly HostTool[];
  /** Turns whose recorded calls answer the calls of servers not connected (a file or link's, recorded mode). */
  readonly toolRecord?: readonly { readonly toolCalls: readonly ToolCallRecord[] }[];
  /** Bounds on calls of MCP and host tools (T4). */
  readonly toolLimits?: ToolTimeouts;
}

export const DEFAULT_MAX_TURNS = 5;
