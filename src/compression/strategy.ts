// The compression strategy interface (ARC-003/004, C15, C16).
import type { Memory, Message, ShownTool, TurnRecord } from '../records/records.ts';
import type { Value } from '../lisp/values.ts';
import type { CompressionOptions, OptionKey } from './options.ts';

export { DEFAULT_COMPRESSION_OPTIONS, type CompressionOptions } from './options.ts';

/** What every strategy needs besides turns and memory. */
export interface RenderContext {
  readonly systemPrompt: string;
  /** The mission after placeholder expansion. */
  readonly mission: string;
  readonly tools: readonly ShownTool[];
  readonly data: ReadonlyMap<string, Value>;
  readonly maxTurns: number;
}

export type RenderOptions = RenderContext & CompressionOptions;

/** Figures about what a rendering did, shown next to it. */
export interface RenderStats {
  /**
   * Completed turns folded into the rendering: successful turns summarized, turns whose observations
   * were masked, or turns replayed in full (full history).
   */
  readonly turnsSummarized: number;
  readonly toolCallsShown: number;
  readonly toolCallsDropped: number;
  readonly printsShown: number;
  readonly printsDropped: number;
  /** Failed turns whose attempt is not shown (recovered from, or older than the latest with failedTurns "latest"). */
  readonly failedTurnsCollapsed: number;
  readonly messages: number;
  /** Characters of all message contents together. */
  readonly characters: number;
}

export interface Rendering {
  readonly messages: readonly Message[];
  readonly stats: RenderStats;
}

export interface Strategy {
  /** Stable identifier used in sessions and on the command line. */
  readonly name: string;
  /** One line for the UI. */
  readonly description: string;
  /** The options it reads, in the order a form shows them; the others have no effect on it. */
  readonly options: readonly OptionKey[];
  /** Pure: same input, same output; inputs are never changed. */
  render(turns: readonly TurnRecord[], memory: Memory, options: RenderOptions): Rendering;
  /**
   * The start of its first USER message that no turn changes, when it is not the usual one (mission,
   * `tool/`, `data/`): a provider's prompt cache breakpoint goes right after it. What follows it in
   * the message starts with a blank line.
   */
  stableStart?(options: RenderOptions): string;
}

/** The messages only. */
export function toMessages(strategy: Strategy, turns: readonly TurnRecord[], memory: Memory, options: RenderOptions): readonly Message[] {
  return strategy.render(turns, memory, options).messages;
}

/** What a rendering shows and leaves out, as the strategy counts it; the other figures follow from the messages. */
export type ShownCounts = Omit<RenderStats, 'messages' | 'characters'>;

/** A rendering of `messages`, with its figures. */
export function rendering(messages: readonly Message[], shown: ShownCounts): Rendering {
  return { messages, stats: { ...shown, messages: messages.length, characters: countCharacters(messages) } };
}

/** The SYSTEM prompt and one USER message: how the summarizing strategies send the whole history. */
export function systemAndUser(systemPrompt: string, user: string): readonly Message[] {
  return [
    { role: 'system', content: systemPrompt },
    { role: 'user', content: user },
  ];
}

export function countCharacters(messages: readonly Message[]): number {
  let n = 0;
  for (const m of messages) n += m.content.length;
  return n;
}

/** Options whose value is a number of o200k tokens: a strategy reading one set above 0 counts tokens. */
const TOKEN_OPTIONS = ['triggerTokens', 'startAfterTokens'] as const;

/** True when rendering with this strategy and options counts tokens: the host loads the tokenizer first. */
export function countsTokens(strategy: Strategy, options: CompressionOptions): boolean {
  return TOKEN_OPTIONS.some((k) => strategy.options.includes(k) && options[k] > 0);
}
