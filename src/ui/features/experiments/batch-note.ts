// When an experiment belongs to the command line: many runs answered by a real provider are better sent
// through its batch interface (`ptc experiment --batch`: half the price, limits of their own), which
// can take hours, and a browser tab is no place to wait for that. What the note says and the command.
import type { ExperimentPlanView } from '../../../worker/experiments.ts';

/** More runs than this, all answered by real providers, and the setup suggests `--batch`. */
export const BATCH_NOTE_RUNS = 100;

/** Providers whose batch interface `ptc experiment --batch` uses. */
const BATCHED: readonly string[] = ['openai', 'anthropic'];

/** Planned runs answered by a provider that has a batch interface. */
export function batchableRuns(plan: ExperimentPlanView | null): number {
  if (plan === null || !plan.ok) return 0;
  return plan.variants.filter((v) => v.endpoint !== undefined && BATCHED.includes(v.endpoint.provider)).length * plan.runs;
}

/** A word as a POSIX shell reads it back: bare when it is safe, else single-quoted. */
export function shellWord(word: string): string {
  return /^[\w./:@%+=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export interface BatchCommandParts {
  /** The session file's name, as Export names it. */
  readonly sessionFile: string;
  /** The variants file's name, or null when the form has none (the session's own settings). */
  readonly variantsFile: string | null;
  readonly runs: number;
}

/** The command that runs the same experiment through the providers' batch interfaces. */
export function batchCommand({ sessionFile, variantsFile, runs }: BatchCommandParts): string {
  const variants = variantsFile === null ? [] : ['--variants', shellWord(variantsFile)];
  return ['ptc', 'experiment', shellWord(sessionFile), ...variants, '--runs', String(runs), '--batch', '--out', 'results'].join(' ');
}

/** The name the variants file downloads under. */
export const VARIANTS_FILE = 'variants.json';
