// The coalesced USER message (C3–C12): single-user-coalesced sends it for every turn so far, rolling-window
// for the turns older than its window. One builder, so the two cannot drift apart.
import type { ToolCallRecord } from '../lisp/runtime.ts';
import type { Memory, TurnRecord } from '../records/records.ts';
import {
  TOOL_CALLS_HEADER,
  lastCalls,
  lastPrints,
  renderAttempt,
  renderFailedAttempts,
  renderOutput,
  renderToolCall,
  renderToolCalls,
  tally,
  turnsIndicator,
} from './execution-history.ts';
import { oneLine, sample } from './layout.ts';
import { renderDataNamespace } from './namespaces/data.ts';
import { renderToolNamespace } from './namespaces/tool.ts';
import { renderUserNamespace } from './namespaces/user.ts';
import type { RenderOptions } from './strategy.ts';

/** What the builder adds to single-user-coalesced; all off gives it as it was first designed. */
export interface CoalescedExtras {
  /** ` -> SAMPLE` (or ` -> error: MESSAGE`) after each listed tool call. */
  readonly showToolResults: boolean;
  /** The attempt(s) a just-succeeded turn recovered from stay visible, labelled as fixed. */
  readonly keepRecoveredErrors: boolean;
  /** End with `Turns left: N`; off when later turns follow that carry their own. */
  readonly turnsLine: boolean;
}

export interface Coalesced {
  readonly text: string;
  readonly successful: number;
  readonly toolCallsShown: number;
  readonly toolCallsDropped: number;
  readonly printsShown: number;
  readonly printsDropped: number;
  readonly failedTurnsCollapsed: number;
}

function toolCallWithResult(call: ToolCallRecord, o: RenderOptions): string {
  // A thrown call has no result worth sampling (it stays nil); its message is what the model needs.
  const outcome = call.error !== undefined ? `error: ${oneLine(call.error)}` : sample(call.result, o.sampleLimit, o.samplePrintableLimit);
  return `${renderToolCall(call)} -> ${outcome}`;
}

/** The failed attempt(s) just before the latest turn when that turn succeeded: what it recovered from. */
function recoveredAttempts(turns: readonly TurnRecord[], mode: 'latest' | 'all'): { text: string | null; shown: number } {
  const last = turns.length - 1;
  if (last < 1 || !turns[last].success || turns[last - 1].success) return { text: null, shown: 0 };
  let start = last;
  while (start > 0 && !turns[start - 1].success) start--;
  const streak = turns.slice(start, last);
  const shown = mode === 'all' ? streak : streak.slice(-1);
  const label = `Your previous attempt (fixed in turn ${turns[last].number}):`;
  // renderAttempt's label is its second line; the first occurrence is that line, whatever the code holds.
  const text = shown.map((t) => renderAttempt(t).replace('\nYour previous attempt:\n', `\n${label}\n`)).join('\n\n');
  return { text, shown: shown.length };
}

/** The USER message folding `turns`; `memory` is the user/ namespace as of the last of them. */
export function coalescedUser(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions, extras: CoalescedExtras): Coalesced {
  // Calls of failed turns count too: their side effects happened (C9).
  const counts = tally(turns);
  // Samples or output, never both: once anything was printed, values lose their samples (C8, SAM-001/002).
  const samplesOn = counts.prints === 0;

  const calls = lastCalls(turns, o.toolCallLimit);
  const toolCalls = renderToolCalls(calls, o.toolCallLimit, turns.length > 0, counts.calls);
  let toolCallsText = toolCalls.text;
  if (extras.showToolResults && toolCalls.shown > 0) {
    toolCallsText = [TOOL_CALLS_HEADER, ...calls.slice(-toolCalls.shown).map((c) => toolCallWithResult(c, o))].join('\n');
  }
  const output = renderOutput(lastPrints(turns, o.printlnLimit), o.printlnLimit, counts.prints);
  const failed = renderFailedAttempts(turns, o.failedTurns);
  const recovered = extras.keepRecoveredErrors ? recoveredAttempts(turns, o.failedTurns) : { text: null, shown: 0 };
  const sections = [
    o.mission.trim(),
    renderToolNamespace(o.tools),
    renderDataNamespace(o.data, o),
    renderUserNamespace(memory, samplesOn, o),
    toolCallsText,
    output.text,
    failed.text ?? recovered.text,
    extras.turnsLine ? turnsIndicator(o.maxTurns, turns.length) : null,
  ];
  return {
    text: sections.filter((s): s is string => s !== null && s !== '').join('\n\n'),
    successful: counts.successful,
    toolCallsShown: toolCalls.shown,
    toolCallsDropped: toolCalls.dropped,
    printsShown: output.shown,
    printsDropped: output.dropped,
    failedTurnsCollapsed: failed.collapsed - recovered.shown,
  };
}
