// The default strategy: every earlier turn folded into one USER message after the SYSTEM prompt (C2–C13, MSG-001…007).
import type { Memory, TurnRecord } from '../../records/records.ts';
import { coalescedUser } from '../coalesced.ts';
import { exceedsTokens } from '../pressure.ts';
import { rendering, systemAndUser, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';
import { fullHistory } from './full-history.ts';

/** Whether folding has begun: at once by default; with a start threshold, once either threshold is passed. */
function started(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): boolean {
  if (o.startAfterTurns <= 0 && o.startAfterTokens <= 0) return true;
  if (o.startAfterTurns > 0 && turns.length > o.startAfterTurns) return true;
  return o.startAfterTokens > 0 && exceedsTokens(fullHistory.render(turns, memory, o).messages.slice(1), o.startAfterTokens);
}

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  if (!started(turns, memory, o)) return fullHistory.render(turns, memory, o);
  const user = coalescedUser(turns, memory, o, { showToolResults: o.showToolResults, keepRecoveredErrors: o.keepRecoveredErrors, turnsLine: true });
  return rendering(systemAndUser(o.systemPrompt, user.text), {
    turnsSummarized: user.successful,
    toolCallsShown: user.toolCallsShown,
    toolCallsDropped: user.toolCallsDropped,
    printsShown: user.printsShown,
    printsDropped: user.printsDropped,
    failedTurnsCollapsed: user.failedTurnsCollapsed,
  });
}

export const singleUserCoalesced: Strategy = {
  name: 'single-user-coalesced',
  description: 'One USER message: mission, tool/ data/ user/ namespaces, tool calls, output, the failing attempt, turns left.',
  options: [
    'printlnLimit',
    'toolCallLimit',
    'sampleLimit',
    'samplePrintableLimit',
    'failedTurns',
    'showToolResults',
    'keepRecoveredErrors',
    'startAfterTurns',
    'startAfterTokens',
  ],
  render,
};
