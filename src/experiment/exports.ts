// What an experiment exports, the same from the page and from `ptc experiment --out`: two CSV files,
// one row per run and one row per variant, and a JSON file with the configuration, the summary per
// variant and every run. Failure reasons are whole; each column's name says what it counts or sums.
import type { RunRecord } from './records.ts';
import { resultsJson, type VariantSummary } from './results.ts';
import type { Shard } from './shards.ts';

/** What was asked: enough to read the figures without the tool that made them. */
export interface ExperimentSetup {
  /** The session's title. */
  readonly title: string;
  /** When the experiment started (ISO 8601), when known. */
  readonly started?: string;
  readonly runsPerVariant: number;
  /** Runs in flight at once, when known. */
  readonly concurrency?: number;
  /** Variant names in the plan's order. */
  readonly variants: readonly string[];
  /** The variants file as given (each variant's changes and success check), or null for the session's own settings. */
  readonly variantsFile?: unknown;
  /** Set when these are one shard's results: only its share of the runs. */
  readonly shard?: Shard;
  /** Set when these results were merged from shard folders: how many shards the experiment was split into. */
  readonly shards?: number;
  /** Runs of the plan in no merged folder (a partial merge). */
  readonly missingRuns?: number;
  /** The requests went through the providers' batch interfaces (priced at their batch price). */
  readonly batch?: boolean;
}

/** File names of the three exports, after a base name (the page prefixes the title and the time). */
export const EXPORT_FILES = { runs: 'results-runs.csv', variants: 'results-variants.csv', json: 'results.json' } as const;

export const RUN_COLUMNS = [
  'variant',
  'run',
  'outcome',
  'status',
  'turns',
  'input_tokens_all_requests',
  'output_tokens_all_requests',
  'cached_input_tokens_all_requests',
  'cost_usd_all_requests',
  'duration_ms',
  'cut_kind',
  'error_kind',
  'returned',
  'why',
  'price_basis',
] as const;

export const VARIANT_COLUMNS = [
  'variant',
  'runs_ended',
  'runs_succeeded',
  'runs_failed',
  'runs_cut',
  'success_rate',
  'success_rate_95_low',
  'success_rate_95_high',
  'consistency',
  'mean_turns_per_run',
  'mean_duration_ms_per_run',
  'input_tokens_all_runs',
  'output_tokens_all_runs',
  'cached_input_tokens_all_runs',
  'cost_usd_all_runs',
] as const;

/** RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled. */
function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'number' ? String(v) : v;
  // A leading = + - @ makes spreadsheets run the cell as a formula; a quote mark keeps it text.
  const safe = /^[=+\-@]/.test(text) && typeof v === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function csv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return [header.join(','), ...rows.map((row) => row.map(csvField).join(','))].join('\r\n') + '\r\n';
}

/** One row per run, a header first; empty cells for what was not reported. */
export function runsCsv(records: readonly RunRecord[]): string {
  return csv(
    RUN_COLUMNS,
    records.map((r) => [
      r.variant,
      r.run,
      r.outcome,
      r.status,
      r.turns,
      r.usage.inputTokens,
      r.usage.outputTokens,
      r.usage.cachedInputTokens,
      r.cost,
      Math.round(r.ms),
      r.cutKind,
      r.errorKind,
      r.returned,
      r.why,
      r.priceBasis,
    ]),
  );
}

/** One row per variant: its counts, its rate with the Wilson 95% interval, and what its runs used. */
export function variantsCsv(summaries: readonly VariantSummary[]): string {
  return csv(
    VARIANT_COLUMNS,
    summaries.map((s) => [
      s.name,
      s.runs,
      s.successes,
      s.failures,
      s.cut,
      s.successRate,
      s.interval?.[0],
      s.interval?.[1],
      s.consistency,
      s.meanTurns,
      s.meanMs === null ? null : Math.round(s.meanMs),
      s.inputTokens,
      s.outputTokens,
      s.cachedTokens,
      s.cost,
    ]),
  );
}

/** The JSON export: the configuration, the summary per variant (as `--json` prints it), and every run. */
export function resultsDocument(setup: ExperimentSetup, summaries: readonly VariantSummary[], records: readonly RunRecord[]): Record<string, unknown> {
  return {
    configuration: {
      title: setup.title,
      ...(setup.started !== undefined ? { started: setup.started } : {}),
      runsPerVariant: setup.runsPerVariant,
      ...(setup.concurrency !== undefined ? { concurrency: setup.concurrency } : {}),
      variants: [...setup.variants],
      variantsFile: setup.variantsFile ?? null,
      ...(setup.shard !== undefined ? { shard: { index: setup.shard.index, count: setup.shard.count } } : {}),
      ...(setup.shards !== undefined ? { shards: setup.shards } : {}),
      ...(setup.missingRuns !== undefined ? { missingRuns: setup.missingRuns } : {}),
      ...(setup.batch === true ? { batch: true } : {}),
    },
    variants: resultsJson(summaries).variants,
    runs: records.map((r) => ({ ...r })),
  };
}

/** The three exports' texts, by file. */
export function exportTexts(
  setup: ExperimentSetup,
  summaries: readonly VariantSummary[],
  records: readonly RunRecord[],
): Record<keyof typeof EXPORT_FILES, string> {
  return {
    runs: runsCsv(records),
    variants: variantsCsv(summaries),
    json: JSON.stringify(resultsDocument(setup, summaries, records), null, 2) + '\n',
  };
}
