// The strategies the product knows, by name.
import type { Strategy } from '../strategy.ts';
import { fullHistory } from './full-history.ts';
import { singleUserCoalesced } from './single-user-coalesced.ts';
import { trim } from './trim.ts';
import { observationMasking } from './observation-masking.ts';
import { rollingWindow } from './rolling-window.ts';
import { perTurnSummary } from './per-turn-summary.ts';
import { aggressive } from './aggressive.ts';
import { legacySummary } from './legacy-summary.ts';

export const STRATEGIES: readonly Strategy[] = [
  singleUserCoalesced,
  fullHistory,
  trim,
  observationMasking,
  rollingWindow,
  perTurnSummary,
  aggressive,
  legacySummary,
];

export const DEFAULT_STRATEGY: Strategy = singleUserCoalesced;

export function findStrategy(name: string): Strategy | undefined {
  return STRATEGIES.find((s) => s.name === name);
}

export function strategyNames(): string[] {
  return STRATEGIES.map((s) => s.name);
}
