// The two sides of the messages pane for the selected turn: what the LLM gets under the chosen
// strategy (for a turn that ran under the session's strategy, what it was really sent) and the full
// history of the same turns. Without an agent (a definition problem) nothing renders, and the view
// says why under the name the page asked for, so the page keeps its last rendering and its label.
import { messagesForTurn, type PreparedAgent } from '../agent/loop.ts';
import type { Turn } from '../agent/turn.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import type { Strategy } from '../compression/strategy.ts';
import { DEFAULT_STRATEGY } from '../compression/strategies/index.ts';
import type { SessionCompression } from '../session/schema.ts';
import { emptyStats, type RenderView } from './views.ts';

export interface MessageSides {
  readonly compressed: RenderView;
  readonly full: RenderView;
}

export interface SidesInput {
  /** Null when the session cannot run. */
  readonly agent: PreparedAgent | null;
  readonly turns: readonly Turn[];
  readonly selected: number;
  readonly chosen: Strategy;
  /** The strategy name to show when nothing renders: the one asked for, else the session's. */
  readonly label: string;
  /** Why nothing renders (used only without an agent). */
  readonly unavailable: string;
}

function side(input: SidesInput, strategy: Strategy, which: 'compressed' | 'full'): RenderView {
  const { agent, turns, selected } = input;
  if (!agent) {
    const name = which === 'full' ? fullHistory.name : input.label;
    return { strategy: name, messages: [], stats: emptyStats(), recorded: false, stale: false, unavailable: input.unavailable };
  }
  const r = messagesForTurn(agent, turns, selected, strategy);
  const rendered = r.messages.map((m) => ({ role: m.role, content: m.content }));
  const recordedTurn = selected <= turns.length ? turns[selected - 1] : undefined;
  // A turn that ran shows what it was really sent under the session's strategy (R1, DBG-005). Only
  // on the compressed side: the full history side is always the full history, even when the
  // session's strategy is full history (compression off) and the turn was sent compressed.
  if (which === 'compressed' && recordedTurn && strategy === agent.strategy && recordedTurn.messages.length > 0) {
    const sent = recordedTurn.messages.map((m) => ({ role: m.role, content: m.content }));
    const stale = JSON.stringify(sent) !== JSON.stringify(rendered);
    const characters = sent.reduce((n, m) => n + m.content.length, 0);
    return {
      strategy: strategy.name,
      messages: sent,
      stats: { ...r.stats, messages: sent.length, characters },
      recorded: true,
      stale,
      // The figures above but the counts are the current rendering's: it goes with them.
      ...(stale ? { rendered: { messages: rendered, stats: r.stats } } : {}),
    };
  }
  return { strategy: strategy.name, messages: rendered, stats: r.stats, recorded: false, stale: false };
}

export function messageSides(input: SidesInput): MessageSides {
  return { compressed: side(input, input.chosen, 'compressed'), full: side(input, fullHistory, 'full') };
}

/**
 * The strategy a session's `compression` names, read off the session itself: when the agent cannot be
 * prepared (a tool's implementation does not read), the session keeps its strategy all the same.
 */
export function strategyNameOf(compression: SessionCompression): string {
  if (compression === true) return DEFAULT_STRATEGY.name;
  if (typeof compression === 'string') return compression;
  if (compression !== null && typeof compression === 'object') return compression.strategy;
  return fullHistory.name;
}
