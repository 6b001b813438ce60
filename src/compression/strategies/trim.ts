// Pressure-triggered compaction: the full history until it grows past a turn or token threshold, then only
// the first USER message and the last turns, with a line saying what was left out.
import type { Memory, Message, TurnRecord } from '../../records/records.ts';
import { turnsIndicator } from '../execution-history.ts';
import { exceedsTokens } from '../pressure.ts';
import { rendering, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';
import { firstUserText, fullHistory, turnMessages } from './full-history.ts';

/** The line telling the model which turns it no longer sees. `shown` turns follow it. */
export function leftOutLine(leftOut: number, shown: number): string {
  const which = leftOut === 1 ? 'Turn 1 is' : `Turns 1–${leftOut} are`;
  const count = leftOut === 1 ? '' : ` (${leftOut} turns)`;
  const rest = shown === 0 ? '; no earlier turn is shown' : shown === 1 ? '; the last turn follows' : `; the last ${shown} turns follow`;
  return `;; ${which} left out to save space${count}${rest}.`;
}

function triggered(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): boolean {
  if (o.triggerTurns > 0 && turns.length > o.triggerTurns) return true;
  return o.triggerTokens > 0 && exceedsTokens(fullHistory.render(turns, memory, o).messages.slice(1), o.triggerTokens);
}

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  const shown = Math.min(o.recentTurns, turns.length);
  const leftOut = turns.length - shown;
  // Nothing to leave out (the run is no longer than the window): trimming would change nothing but add a line.
  if (leftOut === 0 || !triggered(turns, memory, o)) return fullHistory.render(turns, memory, o);

  // Full history's first USER message comes from before turn 1 and holds turn 1's `Turns left`. With turns
  // following, the last feedback carries the current figure; with none, the stale line gives way to it.
  const initial = firstUserText(o);
  let first = `${initial}\n\n${leftOutLine(leftOut, shown)}`;
  if (shown === 0) {
    const stale = turnsIndicator(o.maxTurns, 0);
    const base = stale !== null && initial.endsWith(stale) ? initial.slice(0, -stale.length).replace(/\n*$/, '') : initial;
    first = [base, leftOutLine(leftOut, 0), turnsIndicator(o.maxTurns, turns.length)].filter((s): s is string => s !== null && s !== '').join('\n\n');
  }
  const kept = turns.slice(leftOut);
  const messages: Message[] = [
    { role: 'system', content: o.systemPrompt },
    { role: 'user', content: first },
  ];
  // The kept turns as full history replays them (rendering only those, not the whole history).
  for (const turn of kept) messages.push(...turnMessages(turn, o.maxTurns));
  const dropped = turns.slice(0, leftOut);
  return rendering(messages, {
    turnsSummarized: kept.length,
    toolCallsShown: 0,
    toolCallsDropped: 0,
    printsShown: kept.reduce((n, t) => n + t.prints.length, 0),
    printsDropped: dropped.reduce((n, t) => n + t.prints.length, 0),
    failedTurnsCollapsed: dropped.reduce((n, t) => n + (t.success ? 0 : 1), 0),
  });
}

export const trim: Strategy = {
  name: 'trim',
  description: 'Full history until it grows past a turn or token threshold; then the first message and the last turns only.',
  options: ['recentTurns', 'triggerTurns', 'triggerTokens', 'sampleLimit', 'samplePrintableLimit'],
  render,
};
