// The smallest honest text, for tight budgets: what exists (tools, data, definitions, by name and type)
// and what happened (calls counted per tool, the last output line, the failure while failing). No samples,
// no descriptions, no docstrings, no code.
import type { Memory, TurnRecord } from '../../records/records.ts';
import type { Value } from '../../lisp/values.ts';
import { isFn } from '../../lisp/values.ts';
import { describeError, lastPrints, tally, turnsIndicator } from '../execution-history.ts';
import { formatCallForm, parseSignature } from '../../records/signature.ts';
import { typeOf } from '../type-vocabulary.ts';
import { rendering, systemAndUser, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';
import type { ShownTool } from '../../records/records.ts';

/** The last println entry is cut to this many characters. */
export const AGGRESSIVE_OUTPUT_MAX_CHARS = 200;

/** The tools' line by tool list: parsing every signature again for every request of a run adds up. */
const toolsLines = new WeakMap<readonly ShownTool[], string | null>();

function toolsLine(tools: readonly ShownTool[]): string | null {
  let line = toolsLines.get(tools);
  if (line === undefined) {
    line = writeToolsLine(tools);
    toolsLines.set(tools, line);
  }
  return line;
}

/** Call forms only: the parameter names say how to call a tool; types and descriptions are what is given up. */
function writeToolsLine(tools: readonly ShownTool[]): string | null {
  if (tools.length === 0) return null;
  const forms = tools.map((t) => {
    const sig = parseSignature(t.signature);
    return formatCallForm(t.name, sig.ok ? sig.params.map((p) => p.name) : []);
  });
  return `;; Tools: ${forms.join(', ')}`;
}

function dataLine(data: ReadonlyMap<string, Value>): string | null {
  if (data.size === 0) return null;
  return `;; Data: ${[...data].map(([name, v]) => `data/${name} ${typeOf(v)}`).join(', ')}`;
}

/** Functions as `(name [params])`, then values as `name TYPE`, each in order of first definition. */
function definedLine(memory: Memory): string | null {
  if (memory.size === 0) return null;
  const functions: string[] = [];
  const values: string[] = [];
  for (const e of memory.values()) {
    if (isFn(e.value)) functions.push(`(${e.name} ${e.value.ptc.params.length > 0 ? e.value.ptc.params.join(' ') : '[]'})`);
    else values.push(`${e.name} ${typeOf(e.value)}`);
  }
  return `;; Defined: ${[...functions, ...values].join(', ')}`;
}

/** `tool/NAME ×N` per tool in order of first call; calls of failed turns count, their side effects happened. */
function callsLine(turns: readonly TurnRecord[]): string | null {
  const counts = new Map<string, number>();
  for (const t of turns) for (const c of t.toolCalls) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  if (counts.size === 0) return null;
  return `;; Calls: ${[...counts].map(([name, n]) => `tool/${name} ×${n}`).join(', ')}`;
}

/** The mission, then the tools and data in one line each: the same on every turn (the cache breakpoint goes after it). */
function stableStart(o: RenderOptions): string {
  const lines = [toolsLine(o.tools), dataLine(o.data)].filter((s): s is string => s !== null).join('\n');
  return [o.mission.trim(), lines].filter((s) => s !== '').join('\n\n');
}

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  const counts = tally(turns);
  const last = counts.prints > 0 ? lastPrints(turns, 1)[0] : null;
  const output =
    last === null ? null : `;; Last output: ${last.length > AGGRESSIVE_OUTPUT_MAX_CHARS ? `${last.slice(0, AGGRESSIVE_OUTPUT_MAX_CHARS)}...` : last}`;
  const latest = turns.length > 0 ? turns[turns.length - 1] : undefined;
  const failure = latest !== undefined && !latest.success ? `;; Last turn failed: ${describeError(latest.error)}` : null;
  const facts = [definedLine(memory), callsLine(turns), output, failure, turnsIndicator(o.maxTurns, turns.length)];
  // One newline between facts; a blank line after the mission (which may span lines) and after the
  // unchanging tools and data, where a prompt cache breakpoint goes.
  const body = facts.filter((s): s is string => s !== null).join('\n');
  const user = [stableStart(o), body].filter((s) => s !== '').join('\n\n');
  return rendering(systemAndUser(o.systemPrompt, user), {
    turnsSummarized: counts.successful,
    // Calls are counted per tool, never listed one by one.
    toolCallsShown: 0,
    toolCallsDropped: counts.calls,
    printsShown: last === null ? 0 : 1,
    printsDropped: Math.max(0, counts.prints - 1),
    failedTurnsCollapsed: turns.length - counts.successful,
  });
}

export const aggressive: Strategy = {
  name: 'aggressive',
  description: 'The least text: tools, data and definitions by name and type, tool calls counted, the last output line, the failure while failing.',
  options: [],
  render,
  stableStart,
};
