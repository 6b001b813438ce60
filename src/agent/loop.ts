// The agent loop as a step function plus a driver: build messages → ask the LLM → take the
// code block → run it with the memory of earlier turns → append an immutable Turn → stop or go on.
import { normalize } from '../compression/normalize.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import { renderStableStart } from '../compression/stable-start.ts';
import type { CompressionOptions, RenderOptions, Rendering, Strategy } from '../compression/strategy.ts';
import { typeOf } from '../compression/type-vocabulary.ts';
import { strCapped } from '../lisp/printer.ts';
import { problem, problemOfError, type Problem } from '../lisp/problem.ts';
import { run, runWithTools, type RunOptions, type RunResult } from '../lisp/run.ts';
import { DEFAULT_LIMITS, type Definition, type ToolAnswers, type ToolImpl } from '../lisp/runtime.ts';
import { isFn, type Value } from '../lisp/values.ts';
import { DEFAULT_MAX_TURNS, type AgentDef } from './agent.ts';
import { extractProgram } from './code-block.ts';
import { addUsage, type Llm, type Usage } from './llm.ts';
import type { SentWith } from './llm-settings.ts';
import { expandMission, type ExpandedMission } from './mission-expander.ts';
import { parseSignature } from '../records/signature.ts';
import { arityMismatch, checkedTool } from './tool-check.ts';
import { explainLostDefinition } from './lost-definitions.ts';
import { promptHash, SystemPrompt, type PromptMode } from './system-prompt.ts';
import { CURRENT_LANGUAGE, type LanguageId } from './languages.ts';
import { DEFAULT_TOOL_WAIT_MS, externalTools, keysBefore, recordedCallsOf, type ExternalTools } from './external-tools.ts';
import type { ShownTool } from '../records/records.ts';
import type { Step, StepUsage, Turn } from './turn.ts';
import type { Memory, MemoryEntry, Message } from '../records/records.ts';

export interface PreparedAgent {
  readonly def: AgentDef;
  readonly mission: ExpandedMission;
  readonly tools: readonly ToolImpl[];
  /** What `tool/` shows: the session's tools, then the host's, then the MCP servers' visible tools (C4). */
  readonly shownTools: readonly ShownTool[];
  /** The host's and the MCP servers' tools: who makes their calls, and how recorded ones are found. */
  readonly external: ExternalTools;
  /** The rendering the LLM gets: the chosen strategy, or full history when compression is off or in single-shot. */
  readonly strategy: Strategy;
  readonly compressed: boolean;
  readonly options: CompressionOptions;
  readonly mode: PromptMode;
  readonly systemPrompt: string;
  /** The language the SYSTEM prompt teaches, recorded with each turn. */
  readonly language: LanguageId;
  /** Fingerprint of systemPrompt, recorded with each turn. */
  readonly promptHash: string;
  /** The start of every USER rendering that stays the same from turn to turn (mission, tool/, data/). */
  readonly stablePrefix: string;
  /** Things worth knowing that do not stop a run, e.g. placeholders with no data. */
  readonly warnings: readonly string[];
}

/** `errors` holds each problem's text, in order. */
export type Prepared = { ok: true; agent: PreparedAgent } | { ok: false; problems: Problem[]; errors: string[] };

const NO_MEMORY: Memory = new Map();

/** Evaluates each tool's implementation once (it must give a function) and settles the compression and prompt. */
export function prepareAgent(def: AgentDef): Prepared {
  const problems: Problem[] = [];
  let strategy: Strategy | null = null;
  let options: CompressionOptions | undefined;
  try {
    [strategy, options] = normalize(def.compression);
  } catch (e) {
    problems.push(problem('definition', 'compression', 'invalid_option', e instanceof Error ? e.message : String(e)));
  }
  const tools: ToolImpl[] = [];
  const toolWarnings: string[] = [];
  def.tools.forEach((tool, i) => {
    // The default limits, whatever the session asks: implementations run as soon as a file or a
    // stranger's link is opened, before anyone chose to run anything.
    const r = run({ program: tool.impl, data: def.data, limits: DEFAULT_LIMITS });
    if (!r.ok) {
      problems.push(problemOfError(r.error, 'tool', `tools[${i}].impl`));
    } else if (!isFn(r.value)) {
      problems.push(problem('tool', `tools[${i}].impl`, 'not_a_function', `must evaluate to a function such as (fn [x] …), got ${typeOf(r.value)}`));
    } else {
      // The signature holds the calls to it; an unparsed one (the schema reports it) holds nothing.
      const sig = parseSignature(tool.signature);
      const told = { signature: tool.signature, source: tool.impl, ...(tool.description !== undefined ? { description: tool.description } : {}) };
      if (!sig.ok) {
        tools.push({ name: tool.name, fn: r.value, ...told });
      } else {
        const mismatch = arityMismatch(sig.params, r.value);
        if (mismatch !== null) toolWarnings.push(`tools[${i}]: ${mismatch}`);
        tools.push({ name: tool.name, fn: checkedTool(tool.name, tool.signature, sig.params, r.value), ...told });
      }
    }
  });
  const external = externalTools({
    servers: def.mcpServers ?? [],
    hostTools: def.hostTools ?? [],
    sessionToolNames: def.tools.map((t) => t.name),
    ...(def.mcp !== undefined ? { mcp: def.mcp } : {}),
    ...def.toolLimits,
  });
  problems.push(...external.problems);
  tools.push(...external.impls);
  const shownTools: readonly ShownTool[] = external.shown.length === 0 ? def.tools : [...def.tools, ...external.shown];
  const maxTurns = def.maxTurns >= 1 ? def.maxTurns : DEFAULT_MAX_TURNS;
  if (problems.length > 0 || options === undefined) return { ok: false, problems, errors: problems.map((p) => p.text) };
  const mission = expandMission(def.mission, def.data);
  const mode: PromptMode = maxTurns === 1 ? 'single_shot' : 'multi_turn';
  const warnings = [
    ...toolWarnings,
    ...mission.missing.map((p) => `mission: no data for placeholder {{${p}}}; it is left as written`),
    ...(mission.cut !== undefined ? [mission.cut] : []),
  ];
  const language = def.language ?? CURRENT_LANGUAGE;
  const systemPrompt = SystemPrompt.generate(mode, def.systemPrompt, language, def.promptVersion);
  // Single-shot has one turn, so there is nothing to compress (SS-001).
  const chosen = mode === 'single_shot' || strategy === null ? fullHistory : strategy;
  return {
    ok: true,
    agent: {
      def: { ...def, maxTurns },
      mission,
      tools,
      strategy: chosen,
      compressed: mode !== 'single_shot' && strategy !== null,
      options,
      mode,
      systemPrompt,
      language,
      promptHash: promptHash(systemPrompt),
      shownTools,
      external,
      stablePrefix: stableStartOf(chosen, mission.text, def, shownTools, maxTurns, systemPrompt, options),
      warnings,
    },
  };
}

/** Where the unchanging start of the first USER message ends: the strategy's own, or mission, tool/ and data/. */
function stableStartOf(
  strategy: Strategy,
  mission: string,
  def: AgentDef,
  tools: readonly ShownTool[],
  maxTurns: number,
  systemPrompt: string,
  options: CompressionOptions,
): string {
  if (strategy.stableStart === undefined) return renderStableStart(mission, tools, def.data, options);
  return strategy.stableStart({ ...options, systemPrompt, mission, tools, data: def.data, maxTurns });
}

export function renderOptions(agent: PreparedAgent, overrides?: Partial<CompressionOptions>): RenderOptions {
  return {
    ...agent.options,
    ...overrides,
    systemPrompt: agent.systemPrompt,
    mission: agent.mission.text,
    tools: agent.shownTools,
    data: agent.def.data,
    maxTurns: agent.def.maxTurns,
  };
}

export function initialStep(): Step {
  return { turns: [], memory: NO_MEMORY, status: 'running', usage: { turns: 0, durationMs: 0, llmMs: 0 } };
}

/** The messages for the next turn (pure). `strategy` overrides the agent's, e.g. to compare renderings. */
export function messagesFor(agent: PreparedAgent, step: Step, strategy: Strategy = agent.strategy): Rendering {
  return strategy.render(step.turns, step.memory, renderOptions(agent));
}

/** The messages turn `n` (1-based) received, rebuilt from the turns before it. */
export function messagesForTurn(agent: PreparedAgent, turns: readonly Turn[], n: number, strategy: Strategy = agent.strategy): Rendering {
  const before = turns.slice(0, n - 1);
  const memory = before.length > 0 ? before[before.length - 1].memory : NO_MEMORY;
  return strategy.render(before, memory, renderOptions(agent));
}

/** `*1`, `*2`, `*3`: results of the latest successful turns, most recent first (L7). */
function resultHistory(turns: readonly Turn[]): Value[] {
  const out: Value[] = [];
  for (let i = turns.length - 1; i >= 0 && out.length < 3; i--) if (turns[i].success) out.push(turns[i].result);
  return out;
}

/** Memory after a successful run: new definitions replace old ones in place; called functions get a return type. */
function nextMemory(before: Memory, defined: readonly Definition[], returns: ReadonlyMap<string, Value>): Memory {
  const mem = new Map<string, MemoryEntry>(before);
  for (const d of defined) {
    mem.set(d.name, { name: d.name, value: d.value, ...(d.doc !== undefined ? { doc: d.doc } : {}), ...(d.source !== undefined ? { source: d.source } : {}) });
  }
  for (const [name, value] of returns) {
    const entry = mem.get(name);
    if (entry !== undefined && isFn(entry.value)) mem.set(name, { ...entry, returnType: typeOf(value) });
  }
  return mem;
}

/** What is known about the LLM's answer besides its text. */
export interface ReplyMeta {
  /** Milliseconds spent waiting for the answer. */
  readonly llmMs?: number;
  readonly usage?: Usage;
  /** The provider and parameters the request went out with (not for the mock or a person). */
  readonly llm?: SentWith;
}

/**
 * The step function: runs the reply's program against the step's memory and returns the next step with one
 * more Turn. Never throws; the given step is not changed.
 */
export function applyReply(agent: PreparedAgent, step: Step, reply: string, messages: readonly Message[], meta: ReplyMeta = {}): Step {
  return nextStep(agent, step, reply, messages, meta, (opts) => run(opts));
}

/**
 * The step function for agents whose tools do I/O (MCP servers, host tools): as applyReply, with
 * the program's calls made live between passes (lisp/run.ts `runWithTools`). Stop (`signal`)
 * aborts the calls in flight and rejects, leaving the step as it was.
 */
export async function applyReplyLive(
  agent: PreparedAgent,
  step: Step,
  reply: string,
  messages: readonly Message[],
  meta: ReplyMeta = {},
  signal?: AbortSignal,
): Promise<Step> {
  if (step.status !== 'running') throw new Error(`The run has ended (${step.status}); reset it to run again`);
  const host = agent.external.host;
  if (host === null) return applyReply(agent, step, reply, messages, meta);
  const waitMs = agent.def.toolLimits?.toolWaitMs ?? DEFAULT_TOOL_WAIT_MS;
  let ran: RunResult | null = null;
  const program = extractProgram(reply);
  if (program.ok) {
    ran = await runWithTools(programRun(agent, step, program.program), host, { waitMs, ...(signal !== undefined ? { signal } : {}) });
  }
  return nextStep(agent, step, reply, messages, meta, () => {
    if (ran === null) throw new Error('a reply without code has no run');
    return ran;
  });
}

/**
 * What a turn's program runs with: its memory, data, tools, limits, *1 *2 *3, and the recorded
 * answers for the calls of tools nothing makes live (a server not connected, T5).
 */
function programRun(agent: PreparedAgent, step: Step, program: string): RunOptions {
  const recorded =
    agent.def.toolRecord !== undefined ? recordedCallsOf(agent.external, agent.def.toolRecord).answers(keysBefore(agent.external, step.turns)) : null;
  const record: ToolAnswers | null =
    recorded === null
      ? null
      : {
          answer: (tool, key, occurrence, slot) => (agent.external.isLive(tool) ? undefined : recorded.answer(tool, key, occurrence, slot)),
          recorded: (key) => recorded.recorded?.(key) ?? 0,
        };
  return {
    program,
    memory: step.memory,
    data: agent.def.data,
    tools: agent.tools,
    limits: agent.def.limits,
    history: resultHistory(step.turns),
    ...(record !== null ? { answers: record } : {}),
  };
}

function nextStep(
  agent: PreparedAgent,
  step: Step,
  reply: string,
  messages: readonly Message[],
  meta: ReplyMeta,
  runIt: (opts: RunOptions) => RunResult,
): Step {
  if (step.status !== 'running') throw new Error(`The run has ended (${step.status}); reset it to run again`);
  const number = step.turns.length + 1;
  const extraction = extractProgram(reply);
  // Recorded on every turn, whoever answered: which prompt it was asked with, and what the answer cost.
  const about = {
    promptHash: agent.promptHash,
    ...(agent.language !== CURRENT_LANGUAGE ? { language: agent.language } : {}),
    ...(meta.usage !== undefined ? { usage: meta.usage } : {}),
    ...(meta.llm !== undefined ? { llm: meta.llm } : {}),
  };
  let turn: Turn;
  if (!extraction.ok) {
    turn = {
      number,
      rawResponse: reply,
      program: '',
      result: null,
      signal: null,
      prints: [],
      toolCalls: [],
      memory: step.memory,
      success: false,
      error: { type: 'no_code', message: extraction.message },
      messages,
      durationMs: 0,
      ...about,
    };
  } else {
    const r = runIt(programRun(agent, step, extraction.program));
    const base = {
      number,
      rawResponse: reply,
      program: extraction.program,
      prints: r.prints,
      toolCalls: r.toolCalls,
      messages,
      durationMs: r.durationMs,
      ...(r.warnings.length > 0 ? { warnings: r.warnings } : {}),
      ...about,
    };
    if (!r.ok) {
      turn = { ...base, result: null, signal: null, memory: step.memory, success: false, error: explainLostDefinition(r.error, step.turns) };
    } else if (r.signal === 'fail') {
      turn = { ...base, result: r.value, signal: 'fail', memory: step.memory, success: false, error: { type: 'fail', message: strCapped(r.value) } };
    } else {
      turn = { ...base, result: r.value, signal: r.signal, memory: nextMemory(step.memory, r.defined, r.returns), success: true };
    }
  }
  const turns = [...step.turns, turn];
  return { turns, memory: turn.memory, usage: addTurnUsage(step.usage, turn, meta.llmMs ?? 0), ...outcome(agent, turns) };
}

function addTurnUsage(before: StepUsage, turn: Turn, llmMs: number): StepUsage {
  const tokens = turn.usage !== undefined ? addUsage(before.tokens, turn.usage) : before.tokens;
  return { turns: before.turns + 1, durationMs: before.durationMs + turn.durationMs, llmMs: before.llmMs + llmMs, ...(tokens !== undefined ? { tokens } : {}) };
}

/** How a run stands after its latest turn. */
function outcome(agent: PreparedAgent, turns: readonly Turn[]): Pick<Step, 'status' | 'return' | 'fail'> {
  const last = turns[turns.length - 1];
  if (last === undefined) return { status: 'running' };
  if (last.signal === 'return') return { status: 'returned', return: last.result };
  // The reason says what failed in a message like any error's: cut at the same length, printed no further.
  if (last.signal === 'fail') return { status: 'failed', fail: { reason: last.result, message: strCapped(last.result) } };
  // Single-shot: the last expression is the answer (L7).
  if (agent.mode === 'single_shot' && last.success) return { status: 'returned', return: last.result };
  if (turns.length >= agent.def.maxTurns) {
    const n = agent.def.maxTurns;
    const failed = last.success ? '' : `; the last turn failed: ${last.error?.message ?? 'unknown error'}`;
    return { status: 'out_of_turns', fail: { reason: null, message: `No (return …) or (fail …) after ${n} ${n === 1 ? 'turn' : 'turns'}${failed}` } };
  }
  return { status: 'running' };
}

export interface DriveOptions {
  readonly signal?: AbortSignal;
  /** Called with the reply text so far while it streams in. */
  readonly onText?: (textSoFar: string) => void;
  /** Recorded on each turn: the provider and parameters of the requests (real LLMs only). */
  readonly sentWith?: SentWith;
  /** Called after each turn with the new step. */
  readonly onTurn?: (step: Step) => void;
  readonly now?: () => number;
}

const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/** One turn: render, ask, apply. An LLM error rejects and leaves the given step as it was. */
export async function runTurn(agent: PreparedAgent, step: Step, llm: Llm, opts: DriveOptions = {}): Promise<Step> {
  if (step.status !== 'running') throw new Error(`The run has ended (${step.status}); reset it to run again`);
  const { messages } = messagesFor(agent, step);
  const now = opts.now ?? clock;
  const t0 = now();
  const reply = await llm.complete({
    messages,
    turn: step.turns.length + 1,
    signal: opts.signal,
    stablePrefix: agent.stablePrefix,
    ...(opts.onText ? { onText: opts.onText } : {}),
  });
  return applyReplyLive(
    agent,
    step,
    reply.text,
    messages,
    {
      llmMs: now() - t0,
      ...(reply.usage !== undefined ? { usage: reply.usage } : {}),
      ...(opts.sentWith !== undefined ? { llm: opts.sentWith } : {}),
    },
    opts.signal,
  );
}

/** Turns until the run ends (or the signal aborts it), starting from `step` (a fresh run by default). */
export async function runAgent(agent: PreparedAgent, llm: Llm, opts: DriveOptions & { step?: Step } = {}): Promise<Step> {
  let step = opts.step ?? initialStep();
  while (step.status === 'running') {
    step = await runTurn(agent, step, llm, opts);
    opts.onTurn?.(step);
  }
  return step;
}

/**
 * A step rebuilt from saved turns, so a run can go on where it stopped. Saved memory holds functions without
 * their code, so the successful programs are replayed (tools are sandboxed PTC-Lisp, so this is safe) to get
 * live functions back; if a replay no longer succeeds, the saved memory is kept as it was.
 */
export function resumeStep(agent: PreparedAgent, turns: readonly Turn[]): Step {
  let memory: Memory = NO_MEMORY;
  let replayed = true;
  // The calls of MCP and host tools are answered from the record: a replay never reaches a server (T5).
  const record = recordedCallsOf(agent.external, turns);
  turns.forEach((turn, i) => {
    if (!replayed || !turn.success) return;
    const r = run({
      program: turn.program,
      memory,
      data: agent.def.data,
      tools: agent.tools,
      limits: agent.def.limits,
      history: resultHistory(turns.slice(0, i)),
      answers: record.answers(keysBefore(agent.external, turns.slice(0, i))),
    });
    if (r.ok) memory = nextMemory(memory, r.defined, r.returns);
    else replayed = false;
  });
  const last = turns[turns.length - 1];
  const savedMemory = last ? last.memory : NO_MEMORY;
  let usage: StepUsage = { turns: 0, durationMs: 0, llmMs: 0 };
  for (const t of turns) usage = addTurnUsage(usage, t, 0);
  return { turns, memory: replayed ? memory : savedMemory, usage, ...outcome(agent, turns) };
}
