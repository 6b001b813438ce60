// The comparison view's figures: every strategy over the whole recorded run, beside full history. Each
// strategy renders with its default options (what `ptc run --compression NAME` sends), except the
// session's own strategy, which renders with the session's options, as its turns were sent.
import { renderOptions, type PreparedAgent } from '../agent/loop.ts';
import type { Turn } from '../agent/turn.ts';
import type { Message } from '../records/records.ts';
import { compareRun, requestFor, type RequestFigures, type StrategyFigures, type Variant } from '../compression/compare/run-figures.ts';
import { requestText, type ItemKind } from '../compression/compare/visibility.ts';
import { DEFAULT_COMPRESSION_OPTIONS, OPTION_SPECS, type CompressionOptions } from '../compression/options.ts';
import { fullHistory } from '../compression/strategies/full-history.ts';
import { findStrategy, STRATEGIES } from '../compression/strategies/index.ts';
import type { RenderContext, Strategy } from '../compression/strategy.ts';
import type { TokenCounter } from '../compression/tokens.ts';
import { piecewiseCounter } from '../compression/compare/text-tokens.ts';

/** A request's figures, with how they compare to full history's request for the same turn. */
export interface CompareRequestView extends RequestFigures {
  /** Tokens more than full history's request for the same turn (negative: fewer). */
  readonly overFull: number;
  /** When it costs more than full history: the lines full history does not have, and their tokens. */
  readonly extra?: { readonly tokens: number; readonly lines: readonly string[] };
}

export interface HiddenItemView {
  readonly id: string;
  readonly kind: ItemKind;
  readonly turn: number;
  readonly label: string;
}

/** A strategy's figures over the run (its name, totals and hidden items' counts), and what the page shows of it. */
export interface CompareStrategyView extends Pick<StrategyFigures, 'name' | 'total' | 'cacheableTotal' | 'hidden'> {
  readonly description: string;
  /** The session's own strategy (rendered with the session's options). */
  readonly session: boolean;
  /** Its options that differ from the defaults. */
  readonly options: Partial<CompressionOptions>;
  readonly requests: readonly CompareRequestView[];
  readonly hiddenItems: readonly HiddenItemView[];
}

export interface CompareView {
  /** Turns compared: every turn of the run. */
  readonly turns: number;
  readonly systemTokens: number;
  readonly tokenizer: 'o200k_base';
  /** Full history first. */
  readonly strategies: readonly CompareStrategyView[];
}

/** Options of `options` that differ from the defaults, among those the strategy reads. */
export function changedOptions(strategy: Strategy, options: CompressionOptions): Partial<CompressionOptions> {
  const out: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS) {
    if (strategy.options.includes(spec.key) && options[spec.key] !== DEFAULT_COMPRESSION_OPTIONS[spec.key]) out[spec.key] = options[spec.key];
  }
  return out as Partial<CompressionOptions>;
}

function variantsOf(agent: PreparedAgent): Variant[] {
  return STRATEGIES.map((s) => ({
    name: s.name,
    strategy: s,
    options: agent.compressed && s === agent.strategy ? agent.options : DEFAULT_COMPRESSION_OPTIONS,
  }));
}

/**
 * For each line of full history's requests, the first turn whose request has it. Full history only
 * appends (turn t's reply and feedback join the request for turn t+1 and stay), so its request for
 * the last turn holds every line, and a line is in the request for turn k when it first came at or
 * before k: one pass, however many requests are looked at.
 */
function fullHistoryLines(turns: readonly Turn[], context: RenderContext): Map<string, number> {
  const firstIn = new Map<string, number>();
  const messages = requestFor(fullHistory, turns, turns.length + 1, context, DEFAULT_COMPRESSION_OPTIONS);
  messages.forEach((m, i) => {
    if (m.role === 'system') return;
    // Message 1 is the first USER message (every request); then each turn's reply and feedback.
    const turn = i <= 1 ? 1 : Math.floor(i / 2) + 1;
    for (const line of m.content.split('\n')) if (!firstIn.has(line)) firstIn.set(line, turn);
  });
  return firstIn;
}

/** The lines of `text` that full history's request for turn k does not have, with their tokens: why a request costs more. */
function extraLines(text: string, fullLines: ReadonlyMap<string, number>, k: number, count: TokenCounter): { tokens: number; lines: string[] } {
  const lines = text.split('\n').filter((l) => l.trim() !== '' && !((fullLines.get(l) ?? Infinity) <= k));
  return { tokens: count(lines.join('\n')), lines: lines.slice(0, 3) };
}

export function compareView(agent: PreparedAgent, turns: readonly Turn[], count: TokenCounter): CompareView {
  const context = renderOptions(agent);
  const variants = variantsOf(agent);
  const figures = compareRun({ turns, context, variants, count });
  const full = figures.strategies[0];
  const baseline: Variant = { name: fullHistory.name, strategy: fullHistory, options: DEFAULT_COMPRESSION_OPTIONS };
  const textOf = (v: Variant, k: number) => requestText(requestFor(v.strategy, turns, k, context, v.options));
  let fullLines: Map<string, number> | null = null;
  // The lines a request adds are mostly those the previous request added: counted piece by piece.
  const countLines = piecewiseCounter(count);
  const strategies = figures.strategies.map((f): CompareStrategyView => {
    const variant = variants.find((v) => v.name === f.name) ?? baseline;
    const requests = f.requests.map((r, i): CompareRequestView => {
      const overFull = r.tokens - full.requests[i].tokens;
      if (overFull <= 0 || f === full) return { ...r, overFull };
      fullLines ??= fullHistoryLines(turns, context);
      return { ...r, overFull, extra: extraLines(textOf(variant, r.turn), fullLines, r.turn, countLines) };
    });
    return {
      name: f.name,
      description: variant.strategy.description,
      session: agent.compressed && variant.strategy === agent.strategy,
      options: changedOptions(variant.strategy, variant.options),
      requests,
      total: f.total,
      cacheableTotal: f.cacheableTotal,
      hidden: f.hidden,
      hiddenItems: f.hiddenItems.map(({ id, kind, turn, label }) => ({ id, kind, turn, label })),
    };
  });
  return { turns: figures.turns, systemTokens: figures.systemTokens, tokenizer: 'o200k_base', strategies };
}

/** The messages of turn `turn`'s request under a strategy (as compareView renders it), for a diff. */
export function requestMessages(agent: PreparedAgent, turns: readonly Turn[], strategyName: string, turn: number): Message[] | null {
  const strategy = findStrategy(strategyName);
  if (strategy === undefined || turn < 1 || turn > turns.length + 1) return null;
  const variant = variantsOf(agent).find((v) => v.strategy === strategy);
  const options = variant?.options ?? DEFAULT_COMPRESSION_OPTIONS;
  return requestFor(strategy, turns, turn, renderOptions(agent), options).map((m) => ({ role: m.role, content: m.content }));
}
