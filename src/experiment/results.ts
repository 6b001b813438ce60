// What an experiment's runs say, per variant: the success rate with its 95% interval, whether the
// variant succeeded every time, never, or only sometimes, and what the runs used. Cut runs are counted
// but left out of the rate (they say nothing about the model). The files made of them: exports.ts.
import type { RunRecord } from './records.ts';
import { mean, wilson } from './stats.ts';

/** How a variant's finished runs agree: all succeeded, none did, or some did (flaky), or none finished. */
export type Consistency = 'always' | 'never' | 'flaky' | 'none';

export interface VariantSummary {
  readonly name: string;
  /** Every run that ended, cut ones included. */
  readonly runs: number;
  readonly successes: number;
  readonly failures: number;
  readonly cut: number;
  /** successes / (successes + failures); null when no run finished. */
  readonly successRate: number | null;
  /** Wilson 95% interval of the rate; null when no run finished. */
  readonly interval: readonly [number, number] | null;
  readonly consistency: Consistency;
  /** Over all its runs, cut ones included. */
  readonly meanTurns: number | null;
  readonly meanMs: number | null;
  /** Summed over its runs; null when no run reported them. */
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly cachedTokens: number | null;
  /** USD summed over its runs; null when any run's cost is unknown (a model without a price). */
  readonly cost: number | null;
}

function sumOf(records: readonly RunRecord[], pick: (r: RunRecord) => number | undefined): number | null {
  let total: number | null = null;
  for (const r of records) {
    const v = pick(r);
    if (v !== undefined) total = (total ?? 0) + v;
  }
  return total;
}

export function summarize(name: string, records: readonly RunRecord[]): VariantSummary {
  const mine = records.filter((r) => r.variant === name);
  const successes = mine.filter((r) => r.outcome === 'success').length;
  const failures = mine.filter((r) => r.outcome === 'failure').length;
  const counted = successes + failures;
  const consistency: Consistency = counted === 0 ? 'none' : successes === counted ? 'always' : successes === 0 ? 'never' : 'flaky';
  return {
    name,
    runs: mine.length,
    successes,
    failures,
    cut: mine.length - counted,
    successRate: counted === 0 ? null : successes / counted,
    interval: counted === 0 ? null : wilson(successes, counted),
    consistency,
    meanTurns: mean(mine.map((r) => r.turns)),
    meanMs: mean(mine.map((r) => r.ms)),
    inputTokens: sumOf(mine, (r) => r.usage.inputTokens),
    outputTokens: sumOf(mine, (r) => r.usage.outputTokens),
    cachedTokens: sumOf(mine, (r) => r.usage.cachedInputTokens),
    cost: mine.length > 0 && mine.every((r) => r.cost !== null) ? mine.reduce((n, r) => n + (r.cost ?? 0), 0) : null,
  };
}

/** A summary per variant, in the order given. */
export function summarizeAll(variants: readonly string[], records: readonly RunRecord[]): VariantSummary[] {
  return variants.map((v) => summarize(v, records));
}

/** The `--json` form: the fields the command line documents, in that order, then the rest. */
export function resultsJson(summaries: readonly VariantSummary[]): { variants: Record<string, unknown>[] } {
  return {
    variants: summaries.map((s) => ({
      name: s.name,
      runs: s.runs,
      successes: s.successes,
      successRate: s.successRate,
      interval: s.interval === null ? null : [s.interval[0], s.interval[1]],
      meanTurns: s.meanTurns,
      meanMs: s.meanMs,
      inputTokens: s.inputTokens,
      outputTokens: s.outputTokens,
      cost: s.cost,
      failures: s.failures,
      cut: s.cut,
      cachedTokens: s.cachedTokens,
      consistency: s.consistency,
    })),
  };
}
