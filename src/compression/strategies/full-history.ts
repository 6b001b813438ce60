// No compression: every turn replayed as the LLM's reply plus a USER message with its feedback (C14).
import type { Memory, Message, TurnRecord } from '../../records/records.ts';
import { printValue } from '../../lisp/printer.ts';
import { describeError, turnsIndicator, OUTPUT_HEADER } from '../execution-history.ts';
import { renderDataNamespace } from '../namespaces/data.ts';
import { renderToolNamespace } from '../namespaces/tool.ts';
import { rendering, type RenderOptions, type Rendering, type Strategy } from '../strategy.ts';

/** A result longer than this is cut: the full history still has to fit a context window. */
export const FULL_RESULT_MAX_CHARS = 10_000;

function joinSections(sections: readonly (string | null)[]): string {
  return sections.filter((s): s is string => s !== null && s !== '').join('\n\n');
}

/**
 * Feedback already written, by turn (turns never change once recorded): rendering every turn of a
 * long run again, as saving and opening a session do, would otherwise print every result again.
 */
const feedbackCache = new WeakMap<TurnRecord, { maxTurns: number; text: string }>();

/** What the LLM is told after one turn: its println output, then its result or error, then the turns left. */
export function turnFeedback(turn: TurnRecord, maxTurns: number): string {
  const cached = feedbackCache.get(turn);
  if (cached !== undefined && cached.maxTurns === maxTurns) return cached.text;
  const text = writeFeedback(turn, maxTurns);
  feedbackCache.set(turn, { maxTurns, text });
  return text;
}

function writeFeedback(turn: TurnRecord, maxTurns: number): string {
  const output = turn.prints.length > 0 ? [OUTPUT_HEADER, ...turn.prints].join('\n') : null;
  let outcome: string;
  if (turn.success) {
    const text = printValue(turn.result);
    outcome = `Result: ${text.length > FULL_RESULT_MAX_CHARS ? `${text.slice(0, FULL_RESULT_MAX_CHARS)}...` : text}`;
  } else {
    outcome = `Error: ${describeError(turn.error)}`;
  }
  return joinSections([output, outcome, turnsIndicator(maxTurns, turn.number)]);
}

/** The first USER message, from before turn 1: the mission, `tool/`, `data/` and the turns left. */
export function firstUserText(o: RenderOptions): string {
  return joinSections([o.mission.trim(), renderToolNamespace(o.tools), renderDataNamespace(o.data, o), turnsIndicator(o.maxTurns, 0)]);
}

/** The two messages of each turn, as its feedback is kept: every request of a run replays every turn before it. */
const pairCache = new WeakMap<TurnRecord, { maxTurns: number; pair: readonly [Message, Message] }>();

/** A turn as full history replays it: the LLM's reply, then the feedback. */
export function turnMessages(turn: TurnRecord, maxTurns: number): readonly [Message, Message] {
  const cached = pairCache.get(turn);
  if (cached !== undefined && cached.maxTurns === maxTurns) return cached.pair;
  const pair = [
    { role: 'assistant', content: turn.rawResponse },
    { role: 'user', content: turnFeedback(turn, maxTurns) },
  ] as const;
  pairCache.set(turn, { maxTurns, pair });
  return pair;
}

function render(turns: readonly TurnRecord[], _memory: Memory, o: RenderOptions): Rendering {
  const messages: Message[] = [
    { role: 'system', content: o.systemPrompt },
    { role: 'user', content: firstUserText(o) },
  ];
  let prints = 0;
  for (const turn of turns) {
    const [reply, feedback] = turnMessages(turn, o.maxTurns);
    messages.push(reply, feedback);
    prints += turn.prints.length;
  }
  return rendering(messages, {
    turnsSummarized: turns.length,
    toolCallsShown: 0,
    toolCallsDropped: 0,
    printsShown: prints,
    printsDropped: 0,
    failedTurnsCollapsed: 0,
  });
}

export const fullHistory: Strategy = {
  name: 'full-history',
  description: 'No compression: each earlier reply in full, followed by its output and result.',
  options: ['sampleLimit', 'samplePrintableLimit'],
  render,
};
