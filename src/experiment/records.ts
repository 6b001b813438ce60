// One finished (or cut) run of an experiment, as plain data: written a line at a time to a results
// folder, sent from the worker to the page, and turned into CSV and JSON (results.ts).
import type { PriceBasis } from '../agent/cost.ts';
import type { Usage } from '../agent/usage.ts';

/**
 * `cut`: the run did not finish (stopped by the user, a budget cap, or the provider failed); it says
 * nothing about the model and is left out of the success rate.
 */
export type Outcome = 'success' | 'failure' | 'cut';

export type CutKind = 'stopped' | 'budget' | 'provider';

export interface RunRecord {
  readonly variant: string;
  /** 1-based; the simulated model's seed. */
  readonly run: number;
  readonly outcome: Outcome;
  /** Why a run failed or was cut, in words. */
  readonly why?: string;
  readonly cutKind?: CutKind;
  /** For a run the provider cut: what kind of failure (auth, server, timeout…; see LlmErrorKind). */
  readonly errorKind?: string;
  /** How the run ended: returned, failed, out_of_turns, or cut. */
  readonly status: string;
  /** The returned value, printed (absent unless the run returned). */
  readonly returned?: string;
  readonly turns: number;
  /** Tokens as the provider reported them, requests that failed included (absent fields: not reported). */
  readonly usage: Usage;
  /** USD; null when the model has no price or the provider did not report tokens. */
  readonly cost: number | null;
  /**
   * The price the cost is at: `list`, or for requests sent in provider batches the entry's own
   * `batch` price or `half-list` (half its list price); absent when the model has no price.
   */
  readonly priceBasis?: PriceBasis;
  /** Wall time of the run, LLM included. */
  readonly ms: number;
}

export const runKey = (variant: string, run: number): string => `${variant}\u0000${run}`;

/** A run that must be run again on resume: only finished runs are kept. */
export const isFinished = (r: RunRecord): boolean => r.outcome !== 'cut';
