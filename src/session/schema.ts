// The session file (docs/decisions.md: S1 and versions 1 and 2) as zod/mini schemas that validate the JSON and decode it:
// encoded PTC values become values (value-codec), recorded turns become `Turn`s.
// Every problem is reported as `path: message` (`tools[2].signature: …`), all of them at once.
// zod/mini (docs/dependencies.md): the same checks and messages as zod's chained API, written as
// functions (z.optional(x), x.check(z.refine(…))), so the worker carries only what is used.
import * as z from 'zod/mini';
import type { ToolDef } from '../records/records.ts';
import type { JsonSchema, McpServerRecord, McpToolSnapshot } from '../records/mcp-tools.ts';
import { isSymbolName, parseSignature } from '../records/signature.ts';
import type { ModelPrice } from '../agent/cost.ts';
import type { Usage } from '../agent/llm.ts';
import { PROVIDERS, type LlmSettings, type ProviderName, type SentWith } from '../agent/llm-settings.ts';
import type { SystemPromptOptions } from '../agent/system-prompt.ts';
import type { Turn } from '../agent/turn.ts';
import { CURRENT_LANGUAGE, FIRST_LANGUAGE, LANGUAGE_IDS, type LanguageId } from '../agent/languages.ts';
import type { MemoryEntry, TurnError } from '../records/records.ts';
import type { CompressionOption } from '../compression/normalize.ts';
import { OPTION_SPECS, type OptionSpec } from '../compression/options.ts';
import { DEFAULT_LIMITS, type Limits, type ToolCallRecord } from '../lisp/runtime.ts';
import type { Problem } from '../lisp/problem.ts';
import type { Value } from '../lisp/values.ts';
import type { BranchInfo, StoredBranch } from './branch-types.ts';
import { descriptionSchema, tagsSchema } from './gallery-fields.ts';
import { API_KEY_MESSAGE, crossChecks, describeJson, errorMap, fieldProblem, issueProblems } from './schema-problems.ts';
import { CodecError, decodeValue, type PathSegment } from './value-codec.ts';

/** The version written. Version 2 may leave out what the engine re-renders (derived-messages.ts). */
export const SESSION_VERSION = 2;
/** Every version this build reads. */
export const READ_VERSIONS: readonly number[] = [1, 2];
export type SessionVersion = 1 | 2;
export const DEFAULT_TITLE = 'Untitled';
/**
 * The most turns a session may run or hold. Long sessions (1,000 turns and more) must open; the cap
 * only keeps a hostile file from asking for an endless run.
 */
export const MAX_TURNS_CAP = 10_000;

/** The LLM settings plus, for the mock, its script (`replies`, one per turn). Never a key. */
export interface LlmConfig extends LlmSettings {
  readonly replies?: readonly string[];
}

/**
 * A request that never became a turn (stopped, failed, cut off) and the tokens it still spent, so a
 * run's totals stay honest: priced at the model it was sent to.
 */
export interface DiscardedRequest extends Usage {
  /** Requests this entry stands for: files of earlier builds kept one total (no provider, no model). */
  readonly count?: number;
  readonly provider?: ProviderName;
  readonly model?: string;
  /** Why it gave no turn: the kind of error (auth, server, truncated, aborted, …). */
  readonly kind?: string;
  /** The HTTP status the provider answered with, when it answered. */
  readonly status?: number;
}

export type DiscardedRequests = readonly DiscardedRequest[];

export type { ModelPrice } from '../agent/cost.ts';

export type SessionCompression = Exclude<CompressionOption, undefined>;

/** A decoded session file. */
export interface Session {
  readonly version: SessionVersion;
  readonly title: string;
  /** What the session shows and what to look at (a paragraph, for the gallery). */
  readonly description?: string;
  /** Distinct lowercase words, mostly from TAG_VOCABULARY (gallery-fields.ts), for the gallery's filter. */
  readonly tags?: readonly string[];
  readonly mission: string;
  readonly maxTurns: number;
  readonly compression: SessionCompression;
  /** Input data in file order (the `data/` namespace). */
  readonly data: ReadonlyMap<string, Value>;
  readonly tools: readonly ToolDef[];
  /** MCP servers with the snapshot of their tools (T1). */
  readonly mcpServers?: readonly McpServerRecord[];
  readonly limits?: SessionLimits;
  readonly llm: LlmConfig;
  /** Text around the default SYSTEM prompt, or a replacement for it. */
  readonly systemPrompt?: SystemPromptOptions;
  /** The session's own prices by model name (they win over the app's table). */
  readonly prices?: ReadonlyMap<string, ModelPrice>;
  readonly discardedRequests?: DiscardedRequests;
  /**
   * The MCP calls of the run before the last Reset, in call order: they answer this run's equal calls
   * of a server that is not connected (T5), across a reload too. Absent: none kept.
   */
  readonly previousRunCalls?: readonly ToolCallRecord[];
  readonly turns: readonly Turn[];
  /** The open branch (absent: the first, "main"); the others are in `branches` (branch-types.ts). */
  readonly branch?: BranchInfo;
  readonly branches?: readonly StoredBranch[];
  /** Top-level fields this build does not know, kept as they were so a round trip loses nothing (S1). */
  readonly extra?: ReadonlyMap<string, unknown>;
}

/** The fields of S1, in the order a session file is written. */
export const SESSION_FIELDS = [
  'version',
  'language',
  'title',
  'description',
  'tags',
  'mission',
  'maxTurns',
  'compression',
  'data',
  'tools',
  'mcpServers',
  'limits',
  'llm',
  'systemPrompt',
  'prices',
  'discardedRequests',
  'previousRunCalls',
  'turns',
  'branch',
  'branches',
] as const;

// ---------------------------------------------------------------------------------------------
// Building blocks

/** A transform's context: zod/mini gives transforms the parse payload itself, without addIssue. */
type TransformCtx = z.core.ParsePayload;

/** A problem found by a transform, as zod's addIssue records it. */
function addIssue(ctx: TransformCtx, message: string, path?: PropertyKey[]): void {
  ctx.issues.push({ code: 'custom', message, input: ctx.value, ...(path ? { path } : {}) });
}

function addCodecIssue(ctx: TransformCtx, e: unknown, before: readonly PathSegment[] = []): void {
  if (!(e instanceof CodecError)) throw e;
  addIssue(ctx, e.reason, [...before, ...e.segments]);
}

/** `schema` decoded by `fn`: zod's `.transform(fn)`. */
function transform<S extends z.ZodMiniType, T>(schema: S, fn: (value: z.output<S>, ctx: TransformCtx) => T) {
  return z.pipe(schema, z.transform(fn));
}

/** A string that `ok` accepts, else `message`: zod's `.refine(ok, { message })`. */
function checkedString(ok: (s: string) => boolean, message: string) {
  return z.string().check(z.refine(ok, { message }));
}

/** An encoded PTC value; missing means nil when `optional`. */
function encodedValue(optional: boolean) {
  return transform(z.optional(z.unknown()), (json, ctx): Value => {
    if (json === undefined) {
      if (!optional) addIssue(ctx, 'required');
      return null;
    }
    try {
      return decodeValue(json);
    } catch (e) {
      addCodecIssue(ctx, e);
      return null;
    }
  });
}

const symbolName = (what: string) =>
  checkedString(isSymbolName, `not a valid ${what}: use a PTC-Lisp symbol such as search-reviews (letters, digits, - _ ? ! *; not starting with a digit)`);

const nonBlank = checkedString((s) => s.trim() !== '', 'must not be empty');
/** zod's z.number().int().min(n). */
const intFrom = (n: number) => z.number().check(z.int(), z.gte(n));
const wholeNumber = intFrom(0);
const positiveInt = intFrom(1);
const duration = z._default(z.number().check(z.gte(0)), 0);
const languageSchema = z.enum(LANGUAGE_IDS as [LanguageId, ...LanguageId[]]);

// Every option the strategies know (src/compression/options.ts), each optional, checked by its kind.
const optionField = (spec: OptionSpec) =>
  z.optional(spec.kind === 'count' ? wholeNumber : spec.kind === 'flag' ? z.boolean() : z.enum(spec.choices as [string, ...string[]]));
const compressionObject = z.strictObject({
  strategy: nonBlank,
  ...Object.fromEntries(OPTION_SPECS.map((spec) => [spec.key, optionField(spec)])),
});

export const compressionSchema = z._default(
  z.union([z.boolean(), z.null(), nonBlank, compressionObject], {
    error: 'expected false, null, true, a strategy name, or {"strategy": NAME, …options}',
  }),
  false,
);

const data = transform(z.optional(z.unknown()), (raw, ctx): ReadonlyMap<string, Value> => {
  const out = new Map<string, Value>();
  if (raw === undefined) return out;
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    addIssue(ctx, `expected an object mapping names to values, got ${describeJson(raw)}`);
    return out;
  }
  for (const [name, json] of Object.entries(raw)) {
    if (!isSymbolName(name)) {
      addIssue(ctx, `not a valid data name: data/${name} must be a PTC-Lisp symbol such as products`, [name]);
      continue;
    }
    try {
      out.set(name, decodeValue(json));
    } catch (e) {
      addCodecIssue(ctx, e, [name]);
    }
  }
  return out;
});

const tool = transform(
  z.strictObject({
    name: symbolName('tool name'),
    signature: z.string().check(
      z.superRefine((text, ctx) => {
        const r = parseSignature(text);
        if (!r.ok) ctx.addIssue({ code: 'custom', message: r.message });
      }),
    ),
    description: z.optional(z.string()),
    impl: nonBlank,
  }),
  (t): ToolDef => ({
    name: t.name,
    signature: t.signature,
    ...(t.description !== undefined ? { description: t.description } : {}),
    impl: t.impl,
  }),
);

// MCP servers (DECISIONS T1): the snapshot of each server's last discovery. A command, its
// arguments or environment, and header values are never in a session: such fields are refused at
// their path with what to use instead (crossChecks), before the fields are read.
const jsonSchemaValue = z.custom<JsonSchema>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), { message: 'expected a JSON Schema object' });

const mcpTool = transform(
  z.strictObject({
    name: z.string().check(z.minLength(1)),
    as: z.optional(symbolName('tool name')),
    hidden: z.optional(z.boolean()),
    description: z.optional(z.string()),
    inputSchema: jsonSchemaValue,
    outputSchema: z.optional(jsonSchemaValue),
  }),
  (t): McpToolSnapshot => ({
    name: t.name,
    ...(t.as !== undefined ? { as: t.as } : {}),
    ...(t.hidden === true ? { hidden: true } : {}),
    ...(t.description !== undefined ? { description: t.description } : {}),
    inputSchema: t.inputSchema,
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
  }),
);

const mcpServer = transform(
  z
    .strictObject({
      name: symbolName('server name'),
      transport: z.enum(['http', 'stdio']),
      url: z.optional(z.url({ protocol: /^https?$/ })),
      tools: z._default(z.array(mcpTool), []),
      // Named so that each gets its own refusal below rather than "unknown field".
      command: z.optional(z.unknown()),
      args: z.optional(z.unknown()),
      env: z.optional(z.unknown()),
      headers: z.optional(z.unknown()),
    })
    .check(
      z.superRefine((s, ctx) => {
        for (const key of ['command', 'args', 'env'] as const) {
          if (s[key] !== undefined) {
            ctx.addIssue({
              code: 'custom',
              message: `a server's ${key} is never kept in a session (opening it would run a program): give it on the command line, --mcp-stdio '${s.name}=COMMAND ARG…'`,
              path: [key],
            });
          }
        }
        if (s.headers !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `header values are never kept in a session (they hold tokens): give them with --mcp-header '${s.name}=Header: value', or in the app, where they are kept like keys`,
            path: ['headers'],
          });
        }
        if (s.transport === 'http' && s.url === undefined) ctx.addIssue({ code: 'custom', message: 'required for an http server', path: ['url'] });
        if (s.transport === 'stdio' && s.url !== undefined)
          ctx.addIssue({ code: 'custom', message: 'a stdio server has no url; give its command with --mcp-stdio', path: ['url'] });
      }),
    ),
  (s): McpServerRecord => ({ name: s.name, transport: s.transport, ...(s.url !== undefined ? { url: s.url } : {}), tools: s.tools }),
);

/**
 * The most a session (a file or a stranger's link) may ask for: 10 s of time, and 10× the default
 * of every other limit. More would let a link hang or exhaust the page that opens it.
 */
export const LIMIT_CAPS: Readonly<Limits> = {
  timeoutMs: 10_000,
  maxLoopIterations: 10 * DEFAULT_LIMITS.maxLoopIterations,
  maxDepth: 10 * DEFAULT_LIMITS.maxDepth,
  maxOutputChars: 10 * DEFAULT_LIMITS.maxOutputChars,
  maxValueSize: 10 * DEFAULT_LIMITS.maxValueSize,
};

/**
 * The most a session may give MCP calls (T4): one call 120 s, a program's waiting on calls 600 s.
 */
export const TOOL_LIMIT_CAPS = { toolTimeoutMs: 120_000, toolWaitMs: 600_000 } as const;

/** A session's limits: the program's (L8), and the time MCP calls may take (T4). */
export type SessionLimits = Partial<Limits> & { readonly toolTimeoutMs?: number; readonly toolWaitMs?: number };

function cappedLimit(key: keyof Limits | keyof typeof TOOL_LIMIT_CAPS, why: string) {
  const cap = key === 'toolTimeoutMs' || key === 'toolWaitMs' ? TOOL_LIMIT_CAPS[key] : LIMIT_CAPS[key];
  // The cap first, so a number too large to be a safe integer is still told the cap.
  return z.optional(
    z.pipe(
      z.number().check(z.lte(cap, { error: (iss) => `must be at most ${cap.toLocaleString('en-US')} (${why}), got ${describeJson(iss.input)}` })),
      positiveInt,
    ),
  );
}

const limits = z.strictObject({
  timeoutMs: cappedLimit('timeoutMs', 'a session may ask for 10 s at most'),
  maxLoopIterations: cappedLimit('maxLoopIterations', '10 times the default'),
  maxDepth: cappedLimit('maxDepth', '10 times the default'),
  maxOutputChars: cappedLimit('maxOutputChars', '10 times the default'),
  maxValueSize: cappedLimit('maxValueSize', '10 times the default'),
  toolTimeoutMs: cappedLimit('toolTimeoutMs', 'a session may give one MCP call 120 s at most'),
  toolWaitMs: cappedLimit('toolWaitMs', 'a session may give a program 600 s of waiting on MCP calls at most'),
});

const httpUrl = checkedString((u) => {
  try {
    const url = new URL(u);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'expected an http:// or https:// URL such as https://api.openai.com/v1');

export const llmSchema = transform(
  z
    .strictObject({
      provider: z.enum(PROVIDERS),
      replies: z.optional(z.array(z.string())),
      baseUrl: z.optional(httpUrl),
      model: z.optional(z.string()),
      temperature: z.optional(z.number().check(z.gte(0), z.lte(2))),
      maxOutputTokens: z.optional(positiveInt),
      requestTimeoutMs: z.optional(positiveInt),
      apiKey: z.optional(z.unknown()),
    })
    .check(
      z.superRefine((l, ctx) => {
        if (l.apiKey !== undefined) ctx.addIssue({ code: 'custom', message: API_KEY_MESSAGE, path: ['apiKey'] });
        if (l.provider === 'mock' && l.replies === undefined)
          ctx.addIssue({ code: 'custom', message: 'required for the mock provider (its replies, one per turn)', path: ['replies'] });
      }),
    ),
  (l): LlmConfig => {
    const { apiKey: _key, ...rest } = l;
    return definedFields(rest);
  },
);

/** The object without its undefined fields, so written files hold only what was given. */
function definedFields<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

export const systemPromptSchema = transform(
  z.strictObject({ prefix: z.optional(z.string()), suffix: z.optional(z.string()), replace: z.optional(nonBlank) }).check(
    z.superRefine((p, ctx) => {
      if (p.replace !== undefined && (p.prefix !== undefined || p.suffix !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: 'give either "replace" (the whole prompt) or "prefix"/"suffix" (around the default), not both',
          path: ['replace'],
        });
      }
    }),
  ),
  (p): SystemPromptOptions => (p.replace !== undefined ? { replace: p.replace } : definedFields({ prefix: p.prefix, suffix: p.suffix })),
);

const price = z.number().check(z.gte(0));
const priceFields = { input: price, output: price, cachedInput: z.optional(price), cacheWrite: z.optional(price) };
const batchPrice = transform(z.strictObject(priceFields), (p): Omit<ModelPrice, 'batch'> => definedFields(p));
const modelPrice = transform(z.strictObject({ ...priceFields, batch: z.optional(batchPrice) }), (p): ModelPrice => definedFields(p));

const prices = transform(z.record(nonBlank, modelPrice), (r): ReadonlyMap<string, ModelPrice> => new Map(Object.entries(r)));

const usage = transform(
  z.strictObject({
    inputTokens: z.optional(wholeNumber),
    outputTokens: z.optional(wholeNumber),
    cachedInputTokens: z.optional(wholeNumber),
    cacheWriteTokens: z.optional(wholeNumber),
  }),
  (u): Usage => definedFields(u),
);

const discardedRequest = transform(
  z.strictObject({
    count: z.optional(wholeNumber),
    provider: z.optional(z.enum(PROVIDERS)),
    model: z.optional(z.string()),
    kind: z.optional(z.string()),
    status: z.optional(wholeNumber),
    inputTokens: z.optional(wholeNumber),
    outputTokens: z.optional(wholeNumber),
    cachedInputTokens: z.optional(wholeNumber),
    cacheWriteTokens: z.optional(wholeNumber),
  }),
  (u): DiscardedRequest => definedFields(u),
);

// Earlier builds wrote one total for the run ({count, …tokens}); it reads as one entry.
const discardedRequests = z.union([z.array(discardedRequest), transform(discardedRequest, (u): DiscardedRequests => [{ ...u, count: u.count ?? 1 }])]);

const sentWith = transform(
  z.strictObject({
    provider: z.enum(PROVIDERS),
    model: z.optional(z.string()),
    baseUrl: z.optional(z.string()),
    temperature: z.optional(z.number()),
    maxOutputTokens: z.optional(positiveInt),
  }),
  (w): SentWith => definedFields(w),
);

const turnError = z.strictObject({
  // Any type name is kept: turns carry the interpreter's error types plus `fail` and `no_code`,
  // and a file may come from a build that knows more.
  type: nonBlank,
  message: z.string(),
  line: z.optional(positiveInt),
  column: z.optional(positiveInt),
  // The end of the message that says what to try instead.
  hint: z.optional(z.string()),
});

const toolCall = transform(
  z.strictObject({
    name: z.string(),
    args: z._default(z.array(encodedValue(false)), []),
    result: encodedValue(true),
    durationMs: duration,
    error: z.optional(z.string()),
    // An MCP server's tool: its server, and its own name when the program called it by another (L5).
    server: z.optional(z.string()),
    tool: z.optional(z.string()),
  }),
  (c): ToolCallRecord => ({
    name: c.name,
    args: c.args,
    result: c.result,
    durationMs: c.durationMs,
    ...(c.error !== undefined ? { error: c.error } : {}),
    ...(c.server !== undefined ? { server: c.server } : {}),
    ...(c.tool !== undefined ? { tool: c.tool } : {}),
  }),
);

/** A call a server's tool answered; a session keeps only those from the run before a Reset (T5). */
const previousRunCall = z.pipe(
  toolCall,
  z.custom<ToolCallRecord>((c) => (c as ToolCallRecord).server !== undefined, { message: "required: only MCP servers' calls are kept", path: ['server'] }),
);

const memoryEntry = transform(
  z.strictObject({
    name: symbolName('name'),
    value: encodedValue(false),
    doc: z.optional(z.string()),
    returnType: z.optional(z.string()),
  }),
  (m): MemoryEntry => ({
    name: m.name,
    value: m.value,
    ...(m.doc !== undefined ? { doc: m.doc } : {}),
    ...(m.returnType !== undefined ? { returnType: m.returnType } : {}),
  }),
);

// A SYSTEM message without content (version 2) stands for the session's SYSTEM prompt: the reader
// fills it in (derived-messages.ts); parseSession refuses it in version 1.
const message = transform(
  z
    .strictObject({
      role: z.enum(['system', 'user', 'assistant']),
      content: z.optional(z.string()),
    })
    .check(
      z.superRefine((m, ctx) => {
        if (m.content === undefined && m.role !== 'system') ctx.addIssue({ code: 'custom', message: 'required', path: ['content'] });
      }),
    ),
  (m) => ({ role: m.role, content: m.content ?? '' }),
);

export const turnSchema = transform(
  z
    .strictObject({
      number: positiveInt,
      rawResponse: z.string(),
      program: z.string(),
      result: encodedValue(true),
      error: z.optional(turnError),
      signal: z._default(z.nullable(z.enum(['return', 'fail'])), null),
      prints: z._default(z.array(z.string()), []),
      warnings: z.optional(z.array(z.string())),
      toolCalls: z._default(z.array(toolCall), []),
      memory: z._default(z.array(memoryEntry), []),
      success: z.boolean(),
      messages: z._default(z.array(message), []),
      // Where messages were left out (version 2): a hash of them as rendered when saved (derived-messages.ts).
      messagesHash: z.optional(z.string()),
      durationMs: duration,
      usage: z.optional(usage),
      promptHash: z.optional(z.string()),
      llm: z.optional(sentWith),
      language: z.optional(languageSchema),
    })
    .check(
      z.superRefine((t, ctx) => {
        if (!t.success && t.error === undefined) ctx.addIssue({ code: 'custom', message: 'required when success is false (what went wrong)', path: ['error'] });
        if (t.success && t.error !== undefined) ctx.addIssue({ code: 'custom', message: 'must be absent when success is true', path: ['error'] });
      }),
    ),
  (t): Turn => {
    const memory = new Map<string, MemoryEntry>();
    for (const m of t.memory) memory.set(m.name, m);
    return {
      number: t.number,
      rawResponse: t.rawResponse,
      program: t.program,
      result: t.result,
      // The type names are kept as written (see turnError).
      ...(t.error !== undefined ? { error: t.error as TurnError } : {}),
      signal: t.signal,
      prints: t.prints,
      // An empty list means none: the turn then has no `warnings`, as a fresh one would.
      ...(t.warnings !== undefined && t.warnings.length > 0 ? { warnings: t.warnings } : {}),
      toolCalls: t.toolCalls,
      memory,
      success: t.success,
      messages: t.messages,
      durationMs: t.durationMs,
      ...(t.usage !== undefined ? { usage: t.usage } : {}),
      ...(t.promptHash !== undefined ? { promptHash: t.promptHash } : {}),
      ...(t.llm !== undefined ? { llm: t.llm } : {}),
      // As written; turnLanguages puts in the file's language where a turn has none.
      ...(t.language !== undefined ? { language: t.language } : {}),
    };
  },
);

/**
 * Each turn's language: its own, else the file's (`fileLanguage`). In memory a turn of today's
 * language has none (turns made now carry none), so a file read back compares equal to what was saved.
 */
export function turnLanguages(turns: readonly Turn[], fileLanguage: LanguageId): readonly Turn[] {
  let out: Turn[] | null = null;
  turns.forEach((t, i) => {
    const language = t.language ?? fileLanguage;
    if (language === t.language || (language === CURRENT_LANGUAGE && t.language === undefined)) return;
    out ??= [...turns];
    const { language: _written, ...rest } = t;
    out[i] = language === CURRENT_LANGUAGE ? rest : { ...rest, language };
  });
  return out ?? turns;
}

/** The known top-level fields (the version is checked before this runs). */
export const sessionSchema = z.object({
  version: z.union([z.literal(1), z.literal(2)]),
  // Absent: the first language, of January 2026 (files saved before languages had versions).
  language: z._default(languageSchema, FIRST_LANGUAGE),
  title: z._default(z.string(), DEFAULT_TITLE),
  description: z.optional(descriptionSchema),
  tags: z.optional(tagsSchema),
  mission: z.string(),
  maxTurns: z._default(z.number().check(z.int(), z.gte(1), z.lte(MAX_TURNS_CAP)), 5),
  compression: compressionSchema,
  data,
  tools: z._default(z.array(tool), []),
  limits: z.optional(limits),
  llm: llmSchema,
  systemPrompt: z.optional(systemPromptSchema),
  prices: z.optional(prices),
  discardedRequests: z.optional(discardedRequests),
  previousRunCalls: z.optional(z.array(previousRunCall)),
  mcpServers: z.optional(z.array(mcpServer)),
  turns: z._default(z.array(turnSchema), []),
});

export type SessionFields = z.output<typeof sessionSchema>;

/** Validate and decode the known fields of a version-1 session object. */
export function validateSessionFields(raw: unknown): { ok: true; fields: SessionFields } | { ok: false; problems: Problem[] } {
  const result = sessionSchema.safeParse(raw, { error: errorMap });
  const problems: Problem[] = [];
  if (!result.success) for (const issue of result.error.issues) issueProblems(issue, [], problems);
  if (raw !== null && typeof raw === 'object' && 'apiKey' in raw) problems.push(fieldProblem('apiKey', 'api_key', API_KEY_MESSAGE));
  problems.push(...crossChecks(raw));
  if (problems.length > 0 || !result.success) return { ok: false, problems };
  return { ok: true, fields: result.data };
}
