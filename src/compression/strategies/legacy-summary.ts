// The oldest summary format: `; Tool calls:` with repeated identical calls folded as `xN`,
// `; Function:` and `; Defined:` lines, `; Output:`, every failed attempt in full, then the turns left.
import type { Memory, MemoryEntry, TurnRecord } from '../../records/records.ts';
import type { ToolCallRecord } from '../../lisp/runtime.ts';
import { isFn } from '../../lisp/values.ts';
import { printValue } from '../../lisp/printer.ts';
import { lastCalls, lastPrints, renderAttempt, renderToolCall, tally, turnsIndicator } from '../execution-history.ts';
import { oneLine, sample } from '../layout.ts';
import type { SampleLimits } from '../namespaces/data.ts';
import { renderStableStart } from '../stable-start.ts';
import { isBlank, typeOf } from '../type-vocabulary.ts';
import { rendering, systemAndUser, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';

export const LEGACY_TOOL_CALLS = '; Tool calls:';
export const LEGACY_NO_TOOL_CALLS = '; No tool calls made';
export const LEGACY_OUTPUT = '; Output:';

function sameCall(a: ToolCallRecord, b: ToolCallRecord): boolean {
  if (a.name !== b.name || a.args.length !== b.args.length) return false;
  // Compared in full, not as shown: two long arguments cut to the same sample are still different calls.
  return a.args.every((x, i) => x === b.args[i] || printValue(x) === printValue(b.args[i]));
}

/** `;   name(args)`, and `;   name(args) xN` for N identical calls in a row; the limit is applied before folding. */
export function renderLegacyToolCalls(calls: readonly ToolCallRecord[], limit: number): string[] {
  const recent = limit > 0 ? calls.slice(-limit) : [];
  const lines: string[] = [];
  for (let i = 0; i < recent.length;) {
    let n = 1;
    while (i + n < recent.length && sameCall(recent[i], recent[i + n])) n++;
    lines.push(n > 1 ? `${renderToolCall(recent[i])} x${n}` : renderToolCall(recent[i]));
    i += n;
  }
  return lines;
}

function functionLine(entry: MemoryEntry): string {
  return entry.doc ? `; Function: ${entry.name} - "${oneLine(entry.doc)}"` : `; Function: ${entry.name}`;
}

function definedLine(entry: MemoryEntry, withSample: boolean, limits: SampleLimits): string {
  const base = entry.doc ? `; Defined: ${entry.name} - "${oneLine(entry.doc)}" = ${typeOf(entry.value)}` : `; Defined: ${entry.name} = ${typeOf(entry.value)}`;
  // nil and empty collections get no sample, as the format's own examples show (`; Defined: items = list[0]`).
  if (!withSample || isBlank(entry.value)) return base;
  return `${base}, sample: ${sample(entry.value, limits.sampleLimit, limits.samplePrintableLimit)}`;
}

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  // Calls of failed turns are listed too: their side effects happened (docs/decisions.md C9).
  const counts = tally(turns);
  // The format's rule, global: once anything was printed, definitions lose their samples.
  const withSamples = counts.prints === 0;

  const lines: string[] = [];
  const callLines = renderLegacyToolCalls(lastCalls(turns, o.toolCallLimit), o.toolCallLimit);
  const callsShown = o.toolCallLimit > 0 ? Math.min(counts.calls, o.toolCallLimit) : 0;
  if (callLines.length > 0) lines.push(LEGACY_TOOL_CALLS, ...callLines);
  else if (counts.calls === 0 && turns.length > 0) lines.push(LEGACY_NO_TOOL_CALLS);
  for (const entry of memory.values()) if (isFn(entry.value)) lines.push(functionLine(entry));
  for (const entry of memory.values()) if (!isFn(entry.value)) lines.push(definedLine(entry, withSamples, o));
  const shownPrints = lastPrints(turns, o.printlnLimit);
  if (shownPrints.length > 0) lines.push(LEGACY_OUTPUT, ...shownPrints);

  // The format keeps every failed attempt in full, recovered or not, in the order they happened.
  const failed = turns.filter((t) => !t.success).map(renderAttempt);
  const sections = [renderStableStart(o.mission, o.tools, o.data, o), lines.join('\n'), failed.join('\n\n'), turnsIndicator(o.maxTurns, turns.length)];
  const user = sections.filter((s): s is string => s !== null && s !== '').join('\n\n');
  return rendering(systemAndUser(o.systemPrompt, user), {
    turnsSummarized: counts.successful,
    toolCallsShown: callsShown,
    toolCallsDropped: counts.calls - callsShown,
    printsShown: shownPrints.length,
    printsDropped: counts.prints - shownPrints.length,
    failedTurnsCollapsed: 0,
  });
}

export const legacySummary: Strategy = {
  name: 'legacy-summary',
  description: 'The oldest summary format: `; Tool calls:` with repeats folded as xN, `; Function:` and `; Defined:` lines, output, every failed attempt.',
  options: ['printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit'],
  render,
};
