// Observation masking ("The Complexity Trap", 2025): the full history, but what older turns printed and
// returned gives way to one line with its size. The model keeps its own code and reasoning, the errors it
// learned from and the turn count; only bulky observations go.
import type { Memory, Message, TurnRecord } from '../../records/records.ts';
import { printValue } from '../../lisp/printer.ts';
import { OUTPUT_HEADER, describeError, turnsIndicator } from '../execution-history.ts';
import { rendering, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';
import { FULL_RESULT_MAX_CHARS, fullHistory } from './full-history.ts';

/** 2310 → "2,310", without locale data (rendering must not depend on the host). */
export function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function plural(n: number, word: string): string {
  return `${groupDigits(n)} ${word}${n === 1 ? '' : 's'}`;
}

/** The placeholder for what a turn printed and/or returned; `lines` and `chars` measure the hidden text. */
export function maskLine(turn: number, what: 'output' | 'result' | 'both', lines: number, chars: number): string {
  const hidden = what === 'both' ? 'Output and result' : what === 'output' ? 'Output' : 'Result';
  return `;; ${hidden} of turn ${turn} hidden (${plural(lines, 'line')}, ${plural(chars, 'character')}).`;
}

/** Masked feedback by turn, as full history caches its feedback: a long run would otherwise print every result again. */
const maskCache = new WeakMap<TurnRecord, { maxTurns: number; text: string | null }>();

/** The feedback of an older turn with output and result replaced, or null when masking would not make it shorter. */
export function maskedFeedback(turn: TurnRecord, maxTurns: number): string | null {
  const cached = maskCache.get(turn);
  if (cached !== undefined && cached.maxTurns === maxTurns) return cached.text;
  const text = writeMasked(turn, maxTurns);
  maskCache.set(turn, { maxTurns, text });
  return text;
}

function writeMasked(turn: TurnRecord, maxTurns: number): string | null {
  // The result exactly as full history shows it (cut at the same length), so the figures describe what the model lost.
  let result: string | null = null;
  if (turn.success) {
    const printed = printValue(turn.result);
    result = printed.length > FULL_RESULT_MAX_CHARS ? `${printed.slice(0, FULL_RESULT_MAX_CHARS)}...` : printed;
  }
  const hiddenParts = result !== null ? [...turn.prints, result] : [...turn.prints];
  if (hiddenParts.length === 0) return null;
  const lines = hiddenParts.reduce((n, p) => n + p.split('\n').length, 0);
  const chars = hiddenParts.reduce((n, p) => n + p.length, 0);
  const what = turn.prints.length === 0 ? 'result' : result === null ? 'output' : 'both';
  const placeholder = maskLine(turn.number, what, lines, chars);
  const replaced = [turn.prints.length > 0 ? [OUTPUT_HEADER, ...turn.prints].join('\n') : null, result !== null ? `Result: ${result}` : null]
    .filter((s): s is string => s !== null)
    .join('\n\n');
  // A placeholder as long as what it hides saves nothing and loses the value.
  if (replaced.length <= placeholder.length) return null;
  const error = turn.success ? null : `Error: ${describeError(turn.error)}`;
  return [placeholder, error, turnsIndicator(maxTurns, turn.number)].filter((s): s is string => s !== null).join('\n\n');
}

function render(turns: readonly TurnRecord[], memory: Memory, o: RenderOptions): Rendering {
  const full = fullHistory.render(turns, memory, o);
  const older = Math.max(0, turns.length - o.recentTurns);
  const messages: Message[] = [...full.messages];
  let printsShown = 0;
  let printsDropped = 0;
  let turnsMasked = 0;
  turns.forEach((turn, i) => {
    const masked = i < older ? maskedFeedback(turn, o.maxTurns) : null;
    // After SYSTEM and the first USER message, turn i's reply is at 2 + 2i and its feedback right after it.
    if (masked !== null) messages[3 + 2 * i] = { role: 'user', content: masked };
    if (masked !== null) turnsMasked++;
    if (masked !== null) printsDropped += turn.prints.length;
    else printsShown += turn.prints.length;
  });
  return rendering(messages, {
    ...full.stats,
    // The turns whose observations gave way to a note: the rest are shown as they were.
    turnsSummarized: turnsMasked,
    printsShown,
    printsDropped,
  });
}

export const observationMasking: Strategy = {
  name: 'observation-masking',
  description: 'Full history, but the output and results of all but the last turns give way to a one-line note of their size.',
  options: ['recentTurns', 'sampleLimit', 'samplePrintableLimit'],
  render,
};
