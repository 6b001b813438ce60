// One compact block per earlier turn, in order: what it defined, the calls it made with their results
// sampled, what it printed, its result or its error. The model keeps the order of events, not old code.
import type { Memory, MemoryEntry, TurnRecord } from '../../records/records.ts';
import type { ToolCallRecord } from '../../lisp/runtime.ts';
import { isFn } from '../../lisp/values.ts';
import { describeError, renderToolCall, turnsIndicator } from '../execution-history.ts';
import { oneLine, sample } from '../layout.ts';
import { renderFunctionLine, renderValueLine } from '../namespaces/user.ts';
import { renderStableStart } from '../stable-start.ts';
import { rendering, systemAndUser, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';

const NO_MEMORY: Memory = new Map();

/** Whether the program has a `(def NAME` or `(defn NAME` form. */
function programDefines(program: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\((?:def|defn)\\s+${escaped}(?=[\\s()\\[\\]{}"]|$)`).test(program);
}

/**
 * Whether `after` is a new definition of the name compared with `before`. The memory record alone cannot
 * tell: a called function gains a return type, and a session read from disk has fresh objects in every
 * turn. A name is only ever bound by a def or defn form, so the turn's program settles it.
 */
function isDefinition(after: MemoryEntry, before: MemoryEntry | undefined, program: string): boolean {
  if (before === undefined) return true;
  return after !== before && programDefines(program, after.name);
}

/** The entries a turn defined or redefined, in memory order (functions first, as the user/ section lists them). */
export function definedBy(turn: TurnRecord, before: Memory): string[] {
  if (turn.memory === undefined) return [];
  const functions: string[] = [];
  const values: string[] = [];
  for (const entry of turn.memory.values()) {
    if (!isDefinition(entry, before.get(entry.name), turn.program)) continue;
    if (isFn(entry.value)) functions.push(renderFunctionLine(entry));
    // Types only: the calls and the result carry the samples, and a value's shape is in its type.
    else values.push(renderValueLine(entry, false, { sampleLimit: 0, samplePrintableLimit: 0 }));
  }
  return [...functions, ...values];
}

function renderCall(call: ToolCallRecord, o: RenderOptions): string {
  const outcome = call.error !== undefined ? `error: ${oneLine(call.error)}` : sample(call.result, o.sampleLimit, o.samplePrintableLimit);
  return `${renderToolCall(call)} -> ${outcome}`;
}

/** `;; Tool calls:`, or `;; Tool calls (last 2 of 5):` when the limit dropped some: the model is told that it sees part. */
function header(title: string, shown: number, total: number): string {
  return shown < total ? `;; ${title} (last ${shown} of ${total}):` : `;; ${title}:`;
}

interface Block {
  readonly text: string;
  readonly callsShown: number;
  readonly callsDropped: number;
  readonly printsShown: number;
  readonly printsDropped: number;
}

function renderTurn(turn: TurnRecord, before: Memory, o: RenderOptions): Block {
  const title = `;; Turn ${turn.number}`;
  // A failed turn kept no definitions and its result is meaningless: its error is what the model needs.
  if (!turn.success) {
    return { text: `${title}\nError: ${describeError(turn.error)}`, callsShown: 0, callsDropped: turn.toolCalls.length, printsShown: 0, printsDropped: 0 };
  }
  const lines = [title];
  const defined = definedBy(turn, before);
  if (defined.length > 0) lines.push(';; Defined:', ...defined);
  const calls = o.toolCallLimit > 0 ? turn.toolCalls.slice(-o.toolCallLimit) : [];
  if (calls.length > 0) lines.push(header('Tool calls', calls.length, turn.toolCalls.length), ...calls.map((c) => renderCall(c, o)));
  const prints = o.printlnLimit > 0 ? turn.prints.slice(-o.printlnLimit) : [];
  if (prints.length > 0) lines.push(header('Output', prints.length, turn.prints.length), ...prints);
  lines.push(`Result: ${sample(turn.result, o.sampleLimit, o.samplePrintableLimit)}`);
  return {
    text: lines.join('\n'),
    callsShown: calls.length,
    callsDropped: turn.toolCalls.length - calls.length,
    printsShown: prints.length,
    printsDropped: turn.prints.length - prints.length,
  };
}

/**
 * Blocks already written, by turn (turns never change once recorded), for the memory before it and
 * the limits: every request of a run writes every earlier turn's block again, and the comparison of a
 * run renders every request.
 */
const blockCache = new WeakMap<TurnRecord, { before: Memory; key: string; block: Block }>();

function cachedBlock(turn: TurnRecord, before: Memory, o: RenderOptions): Block {
  const key = `${o.printlnLimit}/${o.toolCallLimit}/${o.sampleLimit}/${o.samplePrintableLimit}`;
  const cached = blockCache.get(turn);
  if (cached !== undefined && cached.before === before && cached.key === key) return cached.block;
  const block = renderTurn(turn, before, o);
  blockCache.set(turn, { before, key, block });
  return block;
}

function render(turns: readonly TurnRecord[], _memory: Memory, o: RenderOptions): Rendering {
  const parts: (string | null)[] = [renderStableStart(o.mission, o.tools, o.data, o)];
  let before: Memory = NO_MEMORY;
  let callsShown = 0;
  let callsDropped = 0;
  let printsShown = 0;
  let printsDropped = 0;
  for (const turn of turns) {
    const block = cachedBlock(turn, before, o);
    parts.push(block.text);
    callsShown += block.callsShown;
    callsDropped += block.callsDropped;
    printsShown += block.printsShown;
    printsDropped += block.printsDropped;
    // A turn without a memory record (hand-made turns) leaves the last known memory as the reference.
    if (turn.memory !== undefined) before = turn.memory;
  }
  parts.push(turnsIndicator(o.maxTurns, turns.length));
  // One USER message, not one per turn: OpenAI-compatible servers whose chat template needs alternating
  // roles (vLLM with Mistral or Gemma models, among others) refuse two USER messages in a row.
  const user = parts.filter((s): s is string => s !== null && s !== '').join('\n\n');
  return rendering(systemAndUser(o.systemPrompt, user), {
    turnsSummarized: turns.length,
    toolCallsShown: callsShown,
    toolCallsDropped: callsDropped,
    printsShown,
    printsDropped,
    failedTurnsCollapsed: turns.reduce((n, t) => n + (t.success ? 0 : 1), 0),
  });
}

export const perTurnSummary: Strategy = {
  name: 'per-turn-summary',
  description: 'One block per earlier turn, in order: what it defined, its tool calls with results sampled, its output, its result or error; no old code.',
  options: ['printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit'],
  render,
};
