// How `ptc experiment` shows its work: a line per ended run on stderr, and the results table.
import { formatUsd } from '../agent/cost.ts';
import type { ExperimentPlan } from '../experiment/plan.ts';
import type { CutKind, RunRecord } from '../experiment/records.ts';
import type { VariantSummary } from '../experiment/results.ts';
import { shardText, shareSize } from '../experiment/shards.ts';
import { percent } from '../experiment/stats.ts';
import { describeCheck } from '../experiment/success.ts';

const num = (n: number): string => n.toLocaleString('en-US');

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** `[3/10] trim · run 2: failure (returned nil, expected …) · 4 turns · 1,234 in / 56 out · $0.0012 · 1.2 s`. */
export function progressLine(r: RunRecord, finished: number, total: number, saved?: string): string {
  const outcome = r.why !== undefined ? `${r.outcome} (${r.why})` : r.outcome;
  const parts = [`${r.turns} ${r.turns === 1 ? 'turn' : 'turns'}`];
  if (r.usage.inputTokens !== undefined || r.usage.outputTokens !== undefined)
    parts.push(
      `${r.usage.inputTokens !== undefined ? num(r.usage.inputTokens) : '?'} in / ${r.usage.outputTokens !== undefined ? num(r.usage.outputTokens) : '?'} out`,
    );
  if (r.cost !== null) parts.push(formatUsd(r.cost));
  parts.push(seconds(r.ms));
  if (saved !== undefined) parts.push(`saved ${saved}`);
  return `[${finished}/${total}] ${r.variant} · run ${r.run}: ${outcome} · ${parts.join(' · ')}`;
}

function table(rows: readonly (readonly string[])[], rightAligned: ReadonlySet<number>): string {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  return rows
    .map((r) =>
      r
        .map((cell, c) => (rightAligned.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c])))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const STOPPED: Record<CutKind, string> = {
  stopped: 'Stopped: runs not yet started were left out; runs in flight were cut.',
  budget: 'The budget was spent: runs not yet started were left out; runs in flight were cut.',
  provider: 'The provider refused the settings (key, model or URL): the remaining runs were not started.',
};

const BASIS_WORDS = { batch: "the model's own batch price", 'half-list': 'half the list price (no batch price for the model)' } as const;

/** Which price the batched runs' costs are at, per variant: a line under the table, or none when every request was sent directly. */
export function priceNote(records: readonly RunRecord[]): string[] {
  const byBasis = new Map<keyof typeof BASIS_WORDS, Set<string>>();
  for (const r of records) {
    if (r.priceBasis !== 'batch' && r.priceBasis !== 'half-list') continue;
    let names = byBasis.get(r.priceBasis);
    if (names === undefined) byBasis.set(r.priceBasis, (names = new Set()));
    names.add(r.variant);
  }
  if (byBasis.size === 0) return [];
  const parts = [...byBasis].map(([basis, names]) => `${BASIS_WORDS[basis]} for ${[...names].join(', ')}`);
  return [`cost: requests sent in provider batches are priced at ${parts.join('; ')}.`];
}

/** The results table with a heading that says what was run (a shard: its share) and how success was judged; `notes` go last. */
export function formatResultsTable(plan: ExperimentPlan, summaries: readonly VariantSummary[], stopped?: CutKind, notes: readonly string[] = []): string {
  const size = `${plan.variants.length} ${plan.variants.length === 1 ? 'variant' : 'variants'} × ${plan.runs} ${plan.runs === 1 ? 'run' : 'runs'}`;
  const total = plan.variants.length * plan.runs;
  const what =
    plan.shard === undefined
      ? `Experiment: ${size}`
      : `Experiment shard ${shardText(plan.shard)}: ${num(shareSize(plan.shard, plan.variants.length, plan.runs))} of ${num(total)} runs (${size})`;
  const head = `${what}; success: ${describeCheck(plan.success)}`;
  const rows: string[][] = [
    ['variant', 'runs', 'ok', 'failed', 'cut', 'success', '95% interval', 'consistency', 'turns', 'in tokens', 'out tokens', 'cost', 'time'],
  ];
  for (const s of summaries) {
    rows.push([
      s.name,
      String(s.runs),
      String(s.successes),
      String(s.failures),
      String(s.cut),
      s.successRate === null ? '–' : percent(s.successRate),
      s.interval === null ? '–' : `${percent(s.interval[0])}–${percent(s.interval[1])}`,
      s.consistency,
      s.meanTurns === null ? '–' : s.meanTurns.toFixed(1),
      s.inputTokens === null ? '–' : num(s.inputTokens),
      s.outputTokens === null ? '–' : num(s.outputTokens),
      s.cost === null ? '–' : formatUsd(s.cost),
      s.meanMs === null ? '–' : seconds(s.meanMs),
    ]);
  }
  const below = [
    'success: of runs that finished (cut runs are left out); turns and time: mean per run; tokens and cost: summed; –: unknown.',
    ...(stopped !== undefined ? [STOPPED[stopped]] : []),
    ...notes,
  ];
  return [head, '', table(rows, new Set([1, 2, 3, 4, 5, 8, 9, 10, 11, 12])), '', ...below].join('\n');
}
