// What the experiments panel shows, from the runs' records: the per-variant summaries and the exports
// come from the engine's own pure functions (src/experiment/results.ts, exports.ts), so the page's
// figures and files are exactly those `ptc experiment` gives.
import { formatUsd } from '../../../agent/cost.ts';
import { isFinished, type RunRecord } from '../../../experiment/records.ts';
import { EXPORT_FILES, exportTexts, type ExperimentSetup } from '../../../experiment/exports.ts';
import { summarizeAll, type VariantSummary } from '../../../experiment/results.ts';
import { percent } from '../../../experiment/stats.ts';
import type { JsonValue } from '../../../session/value-codec.ts';
import { formatCount } from '../../lib/format.ts';

export type { VariantSummary } from '../../../experiment/results.ts';
export type { RunRecord } from '../../../experiment/records.ts';

export { isFinished };

export function summariesOf(variants: readonly string[], records: readonly RunRecord[]): VariantSummary[] {
  return summarizeAll(variants, records);
}

/** What an experiment of the page was asked, as its exports state it. */
export interface ExperimentAsked {
  readonly title: string;
  readonly created: number;
  readonly runs: number;
  readonly concurrency: number;
  readonly variants: readonly string[];
  readonly variantsText: string;
  /** For results opened from a folder: what its configuration said. */
  readonly imported?: { readonly setup: ExperimentSetup };
}

function setupOf(asked: ExperimentAsked): ExperimentSetup {
  let variantsFile: unknown = null;
  if (asked.variantsText.trim() !== '') {
    try {
      variantsFile = JSON.parse(asked.variantsText) as unknown;
    } catch {
      // The plan read it, so it parsed then; kept as text if it does not now.
      variantsFile = asked.variantsText;
    }
  }
  return {
    title: asked.title,
    started: new Date(asked.created).toISOString(),
    runsPerVariant: asked.runs,
    concurrency: asked.concurrency,
    variants: asked.variants,
    variantsFile,
  };
}

/** The three export files' texts: runs CSV, variants CSV, JSON (the same as `ptc experiment --out` writes). */
export function exportsOf(asked: ExperimentAsked, records: readonly RunRecord[]): Record<keyof typeof EXPORT_FILES, string> {
  if (asked.imported !== undefined) return exportTexts(asked.imported.setup, summariesOf(asked.variants, records), scheduledRuns(asked.variants, records));
  return exportTexts(setupOf(asked), summariesOf(asked.variants, records), sortedRuns(asked.variants, records));
}

/** Runs in the order `ptc experiment` takes and writes them: run 1 of every variant, then run 2, … */
export function scheduledRuns(variants: readonly string[], records: readonly RunRecord[]): RunRecord[] {
  const order = new Map(variants.map((v, i) => [v, i]));
  return [...records].sort((a, b) => a.run - b.run || (order.get(a.variant) ?? 0) - (order.get(b.variant) ?? 0));
}

/** Runs in the order they were planned: by variant (the plan's order), then run number. */
export function sortedRuns(variants: readonly string[], records: readonly RunRecord[]): RunRecord[] {
  const order = new Map(variants.map((v, i) => [v, i]));
  return [...records].sort((a, b) => (order.get(a.variant) ?? 0) - (order.get(b.variant) ?? 0) || a.run - b.run);
}

/** Runs that count as done (a resume runs the others). */
export function finishedCount(records: readonly RunRecord[]): number {
  return records.filter(isFinished).length;
}

export const DASH = '–';

/** "60.0% (31.3–83.2%)", or a dash when no run finished. */
export function rateText(s: VariantSummary): string {
  if (s.successRate === null || s.interval === null) return DASH;
  return `${percent(s.successRate)} (${(s.interval[0] * 100).toFixed(1)}–${percent(s.interval[1])})`;
}

export function countText(n: number | null): string {
  return n === null ? DASH : formatCount(n);
}

/** Money: unknown is a dash, never $0. */
export function costText(usd: number | null): string {
  return usd === null ? DASH : formatUsd(usd);
}

export function meanText(n: number | null, digits = 1): string {
  return n === null ? DASH : n.toFixed(digits);
}

export function msText(ms: number | null): string {
  if (ms === null) return DASH;
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}

/** The outcome with why, in words: "failure: out of turns". */
export function outcomeText(r: RunRecord): string {
  return r.why !== undefined && r.why !== '' ? `${r.outcome}: ${r.why}` : r.outcome;
}

const STRATEGIES: readonly [string, unknown][] = [
  ['full history', false],
  ['coalesced', true],
  ['trim', 'trim'],
  ['observation-masking', 'observation-masking'],
  ['aggressive', 'aggressive'],
];

/** The preset buttons. */
export const PRESETS: readonly { readonly id: string; readonly label: string }[] = [
  { id: 'strategies', label: 'Strategies × simulated model' },
  { id: 'temperatures', label: "Session's model, two temperatures" },
];

/**
 * The variants file a preset fills in, in the CLI's format. The simulated model follows the session's
 * script, so its runs are judged against what the script returns (`answer`, as the worker encodes it);
 * without one, against a non-nil result (a simulated guess returns nil).
 */
export function presetText(id: string, answer: JsonValue | null): string | undefined {
  const json = (o: unknown) => JSON.stringify(o, null, 2) + '\n';
  if (id === 'strategies') {
    const success = answer !== null ? { expected: answer } : { predicate: '(fn [result] (some? result))' };
    return json({ success, variants: STRATEGIES.map(([name, compression]) => ({ name, compression, llm: { provider: 'simulated' } })) });
  }
  if (id === 'temperatures') {
    return json({
      variants: [
        { name: 'temperature 0', llm: { temperature: 0 } },
        { name: 'temperature 1', llm: { temperature: 1 } },
      ],
    });
  }
  return undefined;
}

/** A file name for a download: the session's title made safe, when it started, and what it holds. */
export function exportName(title: string, created: number, file: keyof typeof EXPORT_FILES): string {
  const base = title.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'experiment';
  const stamp = new Date(created).toISOString().slice(0, 16).replace(/[:T]/g, '-');
  return `${base}-experiment-${stamp}-${EXPORT_FILES[file]}`;
}

export function download(text: string, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
