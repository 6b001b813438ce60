// Branches: a session holds a tree of runs. The open branch is the session itself (its settings and
// turns at the top level, so a file with branches is still an ordinary session to any reader); the
// others are kept beside it with the settings they run with and their turns.
import type { SystemPromptOptions } from '../agent/system-prompt.ts';
import type { Turn } from '../agent/turn.ts';
import type { CompressionOption } from '../compression/normalize.ts';
import type { LlmSettings } from '../agent/llm-settings.ts';

/** The id of the branch every session starts as. */
export const MAIN_BRANCH = 'main';

export interface BranchInfo {
  readonly id: string;
  readonly name: string;
  /** The branch it was forked from; null for the first branch. */
  readonly parent: string | null;
  /** It keeps its parent's turns before this one and made its own from here (1 for the first branch). */
  readonly forkedAt: number;
}

/** What a fork may change: how the model is asked and who answers. */
export interface BranchSettings {
  readonly compression: Exclude<CompressionOption, undefined>;
  readonly systemPrompt?: SystemPromptOptions;
  readonly llm: LlmSettings & { readonly replies?: readonly string[] };
}

/** A branch that is not open: its settings and all its turns (those shared with its parent included). */
export interface StoredBranch extends BranchInfo, BranchSettings {
  readonly turns: readonly Turn[];
}
