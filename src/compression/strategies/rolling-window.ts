// A window of recent turns in full over a coalesced summary of the older ones: the model sees its latest
// code and feedback as they happened, and what came before as single-user-coalesced would show it.
import type { Memory, Message, TurnRecord } from '../../records/records.ts';
import { coalescedUser } from '../coalesced.ts';
import { rendering, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';
import { fullHistory, turnMessages } from './full-history.ts';

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  const shown = Math.min(o.recentTurns, turns.length);
  const olderCount = turns.length - shown;
  if (olderCount === 0) return fullHistory.render(turns, memory, o);

  const older = turns.slice(0, olderCount);
  const recent = turns.slice(olderCount);
  // The user/ namespace as it stood after the last summarized turn; definitions made in the window show in its code.
  const olderMemory = older[older.length - 1].memory ?? memory;
  // The last recent feedback carries `Turns left`; with no recent turns the summary must say it.
  const summary = coalescedUser(older, olderMemory, o, { showToolResults: false, keepRecoveredErrors: false, turnsLine: shown === 0 });
  const messages: Message[] = [
    { role: 'system', content: o.systemPrompt },
    { role: 'user', content: summary.text },
  ];
  // The recent turns as full history replays them (rendering only those, not the whole history).
  for (const turn of recent) messages.push(...turnMessages(turn, o.maxTurns));
  const recentPrints = recent.reduce((n, t) => n + t.prints.length, 0);
  return rendering(messages, {
    turnsSummarized: summary.successful + recent.length,
    toolCallsShown: summary.toolCallsShown,
    toolCallsDropped: summary.toolCallsDropped,
    printsShown: summary.printsShown + recentPrints,
    printsDropped: summary.printsDropped,
    failedTurnsCollapsed: summary.failedTurnsCollapsed,
  });
}

export const rollingWindow: Strategy = {
  name: 'rolling-window',
  description: 'The last turns in full after one USER message summarizing the older ones as single-user-coalesced does.',
  options: ['recentTurns', 'printlnLimit', 'toolCallLimit', 'sampleLimit', 'samplePrintableLimit', 'failedTurns'],
  render,
};
