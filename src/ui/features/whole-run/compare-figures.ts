// Display arithmetic over the engine's figures (no rendering, no counting: every token figure comes
// from the worker's CompareView): the chart's series, the savings against full history, the shares.
import type { CompareStrategyView, CompareView } from '../../../worker/compare-view.ts';
import type { ChartMode } from './compare-store.ts';

export interface Series {
  readonly name: string;
  /** One value per turn (t1…tN). */
  readonly values: readonly number[];
}

/** Each strategy's prompt tokens per turn, or summed up to each turn; without SYSTEM: minus its tokens per request. */
export function seriesOf(view: CompareView, mode: ChartMode, withSystem: boolean): Series[] {
  const minus = withSystem ? 0 : view.systemTokens;
  return view.strategies.map((s) => {
    let sum = 0;
    const values = s.requests.map((r) => {
      const v = r.tokens - minus;
      sum += v;
      return mode === 'cumulative' ? sum : v;
    });
    return { name: s.name, values };
  });
}

/** A strategy's total without the SYSTEM prompt (the same in every request of every strategy). */
export function totalWithoutSystem(view: CompareView, s: CompareStrategyView): number {
  return s.total - s.requests.length * view.systemTokens;
}

/** 1 − total/full as a fraction (null when full history has nothing). */
export function savingFraction(total: number, full: number): number | null {
  return full > 0 ? 1 - total / full : null;
}

/** A fraction as "12.3 %" (a minus sign for a negative one), "—" when unknown. */
export function formatPercent(f: number | null): string {
  if (f === null || !Number.isFinite(f)) return '—';
  const pct = (Math.round(f * 1000) / 10).toFixed(1);
  return `${pct === '-0.0' ? '0.0' : pct.replace('-', '−')} %`;
}

/** Share of a strategy's prompt tokens that repeat the previous request's start. */
export function cacheableShare(s: CompareStrategyView): number | null {
  return s.total > 0 ? s.cacheableTotal / s.total : null;
}

/** Turns whose request does not repeat all of the previous one (a cache holding it serves only part). */
export function cacheBreaks(s: CompareStrategyView): number[] {
  return s.requests.filter((r) => r.cacheBreak).map((r) => r.turn);
}

function cut(line: string, max = 100): string {
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Why a request costs more than full history's, for a cell's title: "adds N tokens: <first lines>". */
export function costlierReason(r: CompareStrategyView['requests'][number]): string {
  const more = `${r.overFull.toLocaleString('en-US')} more than full history's request`;
  if (!r.extra) return more;
  return `adds ${r.extra.tokens.toLocaleString('en-US')} tokens: ${r.extra.lines.map((l) => cut(l.trim())).join(' | ')} (${more})`;
}

/** Full history (the baseline), which the engine puts first. */
export function baselineOf(view: CompareView): CompareStrategyView | undefined {
  return view.strategies[0];
}
