// The plain-JSON views of the engine's state that cross to the page: text and numbers only, so they
// survive structured cloning. Values never cross as PTC values.
import type { BranchSummary } from '../session/branches.ts';
import type { Usage } from '../agent/llm.ts';
import type { LlmErrorKind } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import type { DescribedRequest } from '../agent/providers/request.ts';
import type { Step, Turn } from '../agent/turn.ts';
import type { PreparedAgent } from '../agent/loop.ts';
import { promptHash, SystemPrompt } from '../agent/system-prompt.ts';
import { CURRENT_LANGUAGE, languageName, type LanguageId } from '../agent/languages.ts';
import type { Memory, Message } from '../records/records.ts';
import type { RenderStats } from '../compression/strategy.ts';
import { isBlank, typeOf } from '../compression/type-vocabulary.ts';
import { format, printValue } from '../lisp/printer.ts';
import { problemOfError, type Problem } from '../lisp/problem.ts';
import { isFn, type Value } from '../lisp/values.ts';
import type { DiscardedRequests } from '../session/schema.ts';
import type { Session } from '../session/session-file.ts';
import { headText } from '../session/file-pieces.ts';
import { cutHead, type SessionHead } from '../session/file-text.ts';
import type { SavedText } from './view-parts.ts';
import type { JsonValue } from '../session/value-codec.ts';
import type { ServerView } from './mcp-servers.ts';
import { descriptionOfTool, signatureOfTool, type McpServerRecord } from '../records/mcp-tools.ts';
import { callFormOfSignature } from '../records/signature.ts';

export type { ServerStatus, ServerView } from './mcp-servers.ts';
/** The editable part of a session, as JSON (the session file without `version` and `turns`). */
export interface SessionDefinition {
  title: string;
  /** The gallery's paragraph and tags (gallery-fields.ts), kept through the editors. */
  description?: string;
  tags?: string[];
  mission: string;
  maxTurns: number;
  compression: JsonValue;
  /**
   * The data, parsed; a view's definition has it or `dataText`. Sent to the engine: `data`, or
   * `dataText` (read as a file's data is), or neither to keep the session's data as it is.
   */
  data?: { [name: string]: JsonValue };
  /**
   * Large data (HEAD_DATA_CUT) as the text its editor shows (JSON with two spaces), in place of `data`:
   * the page holds it once, as text, and never parses what it only shows and saves.
   */
  dataText?: string;
  tools: { name: string; signature: string; description?: string; impl: string }[];
  limits?: { [key: string]: number };
  llm: LlmDefinition;
  systemPrompt?: { prefix?: string; suffix?: string; replace?: string };
  /** The session's own prices, USD per million tokens by model. */
  prices?: { [model: string]: { input: number; output: number; cachedInput?: number; cacheWrite?: number } };
}

export interface LlmDefinition {
  provider: string;
  replies: string[];
  baseUrl?: string;
  model?: string;
  temperature?: number;
  maxOutputTokens?: number;
  requestTimeoutMs?: number;
}

export interface ErrorView {
  type: string;
  /** The whole message, as the LLM read it. */
  message: string;
  line?: number;
  column?: number;
  /** What to try instead, when the message ends with such a hint. */
  hint?: string;
  /** The message without its hint (set with `hint`). */
  reason?: string;
}

export interface ToolCallView {
  name: string;
  /** Each argument in Clojure notation (untruncated). */
  args: string[];
  /** The result in Clojure notation, cut to a readable size. */
  result: string;
  error?: string;
  durationMs: number;
  /** For an MCP server's tool: the server, and the server's own name for the tool when the program called it by another. */
  server?: string;
  tool?: string;
}

export interface TurnView {
  number: number;
  rawResponse: string;
  program: string;
  success: boolean;
  signal: 'return' | 'fail' | null;
  /** The value in Clojure notation (cut past 20,000 characters); null for a failed turn. */
  result: string | null;
  error?: ErrorView;
  prints: string[];
  /** What the reader forgave in the program (absent when nothing). */
  warnings?: string[];
  toolCalls: ToolCallView[];
  durationMs: number;
  /** Tokens the turn's request cost, as the provider reported them. */
  usage?: Usage;
  /** Fingerprint of the SYSTEM prompt the turn was sent with. */
  promptHash?: string;
  /** The provider and parameters the request went out with (absent for the mock and a person). */
  llm?: SentWith;
  /** The language the turn ran under, when it is not today's (its outcome is as recorded then). */
  language?: { id: LanguageId; name: string; current: string };
}

export interface DataView {
  name: string;
  type: string;
  sample: string | null;
}

export interface UserEntryView {
  name: string;
  kind: 'function' | 'value';
  type: string;
  /** Parameter vectors of a function: ["[x]", "[x y & more]"]. */
  params: string[];
  sample: string | null;
  doc?: string;
  returnType?: string;
}

export interface ToolView {
  name: string;
  signature: string;
  description?: string;
  impl: string;
  callForm: string;
  signatureError?: string;
  /** The implementation cannot take the signature's parameters (a warning: the tool still runs). */
  arityWarning?: string;
}

export interface RenderView {
  strategy: string;
  messages: Message[];
  stats: RenderStats;
  /** True when these are the messages recorded with the turn: exactly what the LLM was sent. */
  recorded: boolean;
  /**
   * True when the recorded messages differ from what the current definition renders (the mission,
   * tools, data or options were edited after the turn ran).
   */
  stale: boolean;
  /**
   * With `stale`: what the current definition renders for the turn, with its own figures (`stats`
   * above are those figures, but for `messages` and `characters`, which count the recorded messages).
   */
  rendered?: { messages: Message[]; stats: RenderStats };
  /**
   * Why nothing can be rendered now (the session has a problem that stops it from running). The
   * messages are then the last ones rendered for this turn and strategy before the problem (out of
   * date), or none.
   */
  unavailable?: string;
}

export interface StrategyInfo {
  name: string;
  description: string;
  /** The options it reads (keys of OPTION_SPECS), in the order a form shows them. */
  options: string[];
}

export interface View {
  /**
   * What follows the definition alone (the left column's content): one object, the same one until the
   * definition changes, so the page sends it, and panels render it, only then.
   */
  setup: DefinitionPart;
  status: Step['status'];
  returnValue?: string;
  failMessage?: string;
  turns: TurnView[];
  /** The turn whose messages are shown: 1…turns+1 (turns+1 is the next turn, when the run goes on). */
  selected: number;
  /** Definitions the LLM had when the selected turn started. */
  user: UserEntryView[];
  /** What the LLM gets for the selected turn under the chosen strategy, and the full history of the same turns. */
  compressed: RenderView;
  full: RenderView;
  /** The session's branches, the tree walked depth first; the open one is marked (its turns are `turns`). */
  branches: BranchSummary[];
  /** The mock's scripted reply for the next turn, if any. */
  nextReply: string | null;
  /**
   * Which run of which open session this view belongs to: it changes whenever the turns are replaced
   * rather than extended (open, link, reset), and differs between engines (a restarted worker).
   */
  epoch: string;
  /** Changes whenever the session's definition (and so its saved text's head) changes. */
  definitionRev: number;
  /**
   * The session file's text in pieces (joined by `joinFileText`). Filled in by the worker host
   * for the page, which joins them only when it saves, exports or restarts; absent from Engine.view.
   */
  saved?: SavedText;
  /** Tokens and time of the run so far. */
  usage: RunUsageView;
  /**
   * The HTTP request for the selected turn, key redacted: the one a recorded turn was sent with, or the
   * one the next turn will send. Null when no request is made (the mock, a person typing).
   */
  request: DescribedRequest | null;
  /** The session's MCP servers and how connecting to each went (the page connects them; opening never does). */
  servers: ServerView[];
}

/** The parts of a view that follow the definition alone. */
export interface DefinitionPart {
  definition: SessionDefinition;
  /**
   * Characters of the data as its editor shows it (formatted JSON): the page defers filling its editor
   * with a large text until after the session's first paint, and says the size meanwhile.
   */
  dataChars?: number;
  /** Problems that stop the session from running (tool implementations, compression), by path. */
  problems: Problem[];
  warnings: string[];
  missionExpanded: string;
  maxTurns: number;
  tools: ToolView[];
  data: DataView[];
  /** The strategy the session itself uses (its `compression`). */
  sessionStrategy: string;
  strategies: StrategyInfo[];
  /** The SYSTEM prompt the session sends, the default it starts from, and the fingerprint turns record. */
  systemPrompt: SystemPromptView;
  /** The session's MCP servers with the tools each listed when it last connected (T1). */
  mcpServers: ServerToolsView[];
}

/** A server's snapshot as `tool/` shows it. */
export interface ServerToolsView {
  name: string;
  tools: ServerToolView[];
}

export interface ServerToolView {
  /** The name programs call (`as`, else the server's). */
  name: string;
  /** The server's own name, when the session renamed it. */
  toolName?: string;
  callForm: string;
  signature: string;
  description?: string;
  /** Left out of tool/ and of what programs may call. */
  hidden?: boolean;
}

export interface SystemPromptView {
  text: string;
  default: string;
  hash: string;
  /** True when the session's prefix, suffix or replacement changes the default. */
  changed: boolean;
}

export interface RunUsageView {
  /** Tokens of the turns' requests, summed (absent when no turn reported any). */
  tokens?: Usage;
  /** Requests that never became turns (stopped, failed, cut off) and what they cost. */
  discarded?: DiscardedRequests;
  /** Milliseconds spent running programs and waiting for the LLM. */
  durationMs: number;
  llmMs: number;
}

/** A request to a real LLM that did not give a reply. */
export interface LlmFailureView {
  kind: LlmErrorKind;
  message: string;
  status?: number;
  retryAfterSeconds?: number;
}

/** The outcome of asking the session's LLM for the next turn's reply (nothing is applied yet). */
export type RequestResult = { ok: true; reply: string; usage?: Usage; llmMs: number } | { ok: false; error: LlmFailureView; partialText?: string; view: View };

export interface ViewOptions {
  /** Turn to show (default: the next turn while running, else the last one). */
  selected?: number;
  /** Strategy for the compressed side (default: the session's). */
  strategy?: string;
}

/** A refusal says why as problems, by path; nothing was changed. */
export type OpenResult = { ok: true; view: View; warnings?: string[] } | { ok: false; problems: Problem[] };

/** A share link's fragment (`s=<version>.<payload>`, put after `#`) and whether it can be shared. */
/** How a session is exported. */
export interface ExportOptions {
  /** Leave out the gallery's description and tags (they describe the example a session was edited from). */
  readonly withoutGallery?: boolean;
}

export interface ShareLinkResult {
  fragment: string;
  /** Characters of fragment. */
  length: number;
  /** MAX_LINK_LENGTH: the most a shared link should hold. */
  limit: number;
  /** True when the link is at most `limit` long and opens again (within the decoder's caps). */
  fits: boolean;
  withTurns: boolean;
  /** The session's branches besides the open one, and whether the link carries them. */
  otherBranches: number;
  withBranches: boolean;
  /** Why it does not fit, when it does not. */
  reason?: string;
}
/** `stopped`: Stop aborted the turn's tool calls, and the turn was not made. */
export type StepResult = { ok: true; view: View } | { ok: false; error: string; view: View; stopped?: true };

/**
 * Told by a turn whose program waits on tool calls: `waiting` as a round of calls goes out, `running`
 * when it is answered and the program runs again. The page's watchdog counts only `running` (T4).
 */
export type TurnProgress = (phase: 'waiting' | 'running') => void;

export interface ReplResult {
  ok: boolean;
  /** Clojure notation of the value, or of the return/fail value. */
  result?: string;
  error?: ErrorView;
  prints: string[];
  signal: 'return' | 'fail' | null;
  durationMs: number;
  /** The names the program defined (none when it failed): the page keeps such programs to restore them. */
  defined: string[];
}

const RESULT_MAX = 20_000;
const TOOL_RESULT_LIMIT = { limit: 10, printableLimit: 200 };
const SAMPLE = { limit: 3, printableLimit: 80 };

export function cut(text: string, max = RESULT_MAX): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function errorView(e: { type: string; message: string; line?: number; column?: number; hint?: string }): ErrorView {
  const hinted = e.hint !== undefined && e.message.endsWith(e.hint) ? { hint: e.hint, reason: problemOfError({ ...e, type: 'runtime_error' }).message } : {};
  return {
    type: e.type,
    message: e.message,
    ...(e.line !== undefined ? { line: e.line } : {}),
    ...(e.column !== undefined ? { column: e.column } : {}),
    ...hinted,
  };
}

const turnViews = new WeakMap<Turn, TurnView>();

/** A turn's view, made once: a recorded turn never changes, so its view is kept with it. */
export function cachedTurnView(t: Turn): TurnView {
  let v = turnViews.get(t);
  if (v === undefined) {
    v = turnView(t);
    turnViews.set(t, v);
  }
  return v;
}

export function turnView(t: Turn): TurnView {
  return {
    number: t.number,
    rawResponse: t.rawResponse,
    program: t.program,
    success: t.success,
    signal: t.signal,
    result: t.success || t.signal === 'fail' ? cut(printValue(t.result)) : null,
    ...(t.error ? { error: errorView(t.error) } : {}),
    prints: [...t.prints],
    ...(t.warnings !== undefined && t.warnings.length > 0 ? { warnings: [...t.warnings] } : {}),
    toolCalls: t.toolCalls.map((c) => ({
      name: c.name,
      args: c.args.map((a) => cut(printValue(a))),
      result: format(c.result, TOOL_RESULT_LIMIT).text,
      ...(c.error !== undefined ? { error: c.error } : {}),
      durationMs: c.durationMs,
      ...(c.server !== undefined ? { server: c.server } : {}),
      ...(c.tool !== undefined ? { tool: c.tool } : {}),
    })),
    durationMs: t.durationMs,
    ...(t.usage !== undefined ? { usage: { ...t.usage } } : {}),
    ...(t.promptHash !== undefined ? { promptHash: t.promptHash } : {}),
    ...(t.llm !== undefined ? { llm: { ...t.llm } } : {}),
    ...(t.language !== undefined ? { language: { id: t.language, name: languageName(t.language), current: languageName(CURRENT_LANGUAGE) } } : {}),
  };
}

/** The session's servers' tools as `tool/` shows them: call form, signature (T2), description's first line. */
export function serverToolsOf(servers: readonly McpServerRecord[]): ServerToolsView[] {
  return servers.map((s) => ({
    name: s.name,
    tools: s.tools.map((t) => {
      const name = t.as ?? t.name;
      const signature = signatureOfTool(t);
      const description = descriptionOfTool(t.description);
      return {
        name,
        ...(t.as !== undefined ? { toolName: t.name } : {}),
        callForm: callFormOfSignature(name, signature),
        signature,
        ...(description !== undefined ? { description } : {}),
        ...(t.hidden === true ? { hidden: true } : {}),
      };
    }),
  }));
}

export function sampleOf(v: Value): string | null {
  return isBlank(v) ? null : format(v, SAMPLE).text;
}

export function userView(memory: Memory): UserEntryView[] {
  return [...memory.values()].map((e) => {
    const fn = isFn(e.value);
    return {
      name: e.name,
      kind: fn ? 'function' : 'value',
      type: typeOf(e.value),
      params: isFn(e.value) ? [...e.value.ptc.params] : [],
      sample: fn ? null : sampleOf(e.value),
      ...(e.doc !== undefined ? { doc: e.doc } : {}),
      ...(e.returnType !== undefined ? { returnType: e.returnType } : {}),
    };
  });
}

/** The session file's JSON without `version` and `turns` (and other bookkeeping): what the editors change. */
export function definitionOf(session: Session, head: SessionHead = cutHead(headText(session))): SessionDefinition {
  // `head`: the session's text without turns, when it is already made (a session with megabytes of
  // data is written once, not once for the text and once for the definition). Large data is in it as
  // text already, cut out, and is not parsed.
  const at = head.dataAt;
  const json = JSON.parse(at === undefined ? head.text : `${head.text.slice(0, at)}null${head.text.slice(at)}`) as Record<string, JsonValue>;
  const llm = json.llm as Omit<LlmDefinition, 'replies'> & { replies?: string[] };
  return {
    title: json.title as string,
    ...(typeof json.description === 'string' ? { description: json.description } : {}),
    ...(Array.isArray(json.tags) ? { tags: json.tags as string[] } : {}),
    mission: json.mission as string,
    maxTurns: json.maxTurns as number,
    compression: json.compression,
    ...(head.dataText !== undefined ? { dataText: head.dataText } : { data: json.data as { [name: string]: JsonValue } }),
    tools: json.tools as SessionDefinition['tools'],
    ...(json.limits !== undefined ? { limits: json.limits as { [key: string]: number } } : {}),
    llm: { ...llm, replies: llm.replies ?? [] },
    ...(json.systemPrompt !== undefined ? { systemPrompt: json.systemPrompt as SessionDefinition['systemPrompt'] } : {}),
    ...(json.prices !== undefined ? { prices: json.prices as SessionDefinition['prices'] } : {}),
  };
}

export function emptyStats(): RenderStats {
  return { turnsSummarized: 0, toolCallsShown: 0, toolCallsDropped: 0, printsShown: 0, printsDropped: 0, failedTurnsCollapsed: 0, messages: 0, characters: 0 };
}

/**
 * The length of `JSON.stringify(data, null, 2)` read off the session's head (which holds the data
 * indented by two more spaces per line), without writing the data again. Zero when the head has none.
 */
export function dataCharsOf(head: string): number {
  const key = '\n  "data": ';
  const at = head.indexOf(key);
  if (at < 0) return 0;
  const start = at + key.length;
  // The next top-level key (or the file's end): lines inside the data are indented further.
  let end = head.indexOf('\n  "', start);
  if (end < 0) end = head.lastIndexOf('\n}');
  else end -= 1; // the comma after the value
  if (end <= start) return 0;
  let lines = 0;
  for (let i = head.indexOf('\n', start); i >= 0 && i < end; i = head.indexOf('\n', i + 1)) lines++;
  return end - start - 2 * lines;
}

/** The SYSTEM prompt the session runs with, beside the default one (the agent's, when it prepared). */
export function systemPromptViewOf(session: Session, agent: PreparedAgent | null): SystemPromptView {
  const mode = session.maxTurns === 1 ? 'single_shot' : 'multi_turn';
  const text = agent?.systemPrompt ?? SystemPrompt.generate(mode, session.systemPrompt);
  const byDefault = SystemPrompt.generate(mode);
  return { text, default: byDefault, hash: promptHash(text), changed: text !== byDefault };
}
