// The options of every strategy, described once: the session schema, the option parser, the command
// line's help and the app's option fields all read this table, so a new option is added in one place.

/** Tunable options of the strategies. Each strategy reads the keys it lists in `Strategy.options`. */
export interface CompressionOptions {
  /** println entries kept, most recent first dropped last. */
  readonly printlnLimit: number;
  /** Tool calls listed, oldest dropped first. */
  readonly toolCallLimit: number;
  /** Items per collection in a sample. */
  readonly sampleLimit: number;
  /** Characters per string in a sample. */
  readonly samplePrintableLimit: number;
  /** Which failed attempts stay visible while the run is still failing. */
  readonly failedTurns: 'latest' | 'all';
  /** The last turns shown in full (trim, observation-masking, rolling-window). */
  readonly recentTurns: number;
  /** trim compacts once more than this many turns are done (0: never for this reason). */
  readonly triggerTurns: number;
  /** trim compacts once the full history after SYSTEM exceeds this many o200k tokens (0: never for this reason). */
  readonly triggerTokens: number;
  /** single-user-coalesced lists each tool call's result, sampled as values are. */
  readonly showToolResults: boolean;
  /** single-user-coalesced keeps a failed attempt visible in the turn right after the one that recovered. */
  readonly keepRecoveredErrors: boolean;
  /** single-user-coalesced sends the full history until more than this many turns are done (0: from the start). */
  readonly startAfterTurns: number;
  /** single-user-coalesced sends the full history until it exceeds this many o200k tokens after SYSTEM (0: off). */
  readonly startAfterTokens: number;
}

export type OptionKey = keyof CompressionOptions;

interface SpecBase<K extends OptionKey> {
  readonly key: K;
  /** A few words for a form field. */
  readonly label: string;
  /** One sentence: what it does and when 0 or off means something special. */
  readonly help: string;
  readonly default: CompressionOptions[K];
}

export type OptionSpec =
  | (SpecBase<OptionKey> & { readonly kind: 'count' })
  | (SpecBase<OptionKey> & { readonly kind: 'flag' })
  | (SpecBase<OptionKey> & { readonly kind: 'choice'; readonly choices: readonly string[] });

export const OPTION_SPECS: readonly OptionSpec[] = [
  { key: 'printlnLimit', kind: 'count', default: 15, label: 'println lines kept', help: 'The most recent println entries shown; older ones are dropped.' },
  { key: 'toolCallLimit', kind: 'count', default: 20, label: 'tool calls listed', help: 'The most recent tool calls listed; older ones are dropped.' },
  { key: 'sampleLimit', kind: 'count', default: 3, label: 'sample items', help: 'Items of each collection shown in a sample.' },
  { key: 'samplePrintableLimit', kind: 'count', default: 80, label: 'sample characters', help: 'Characters of each string shown in a sample.' },
  {
    key: 'failedTurns',
    kind: 'choice',
    choices: ['latest', 'all'],
    default: 'latest',
    label: 'failed turns shown',
    help: 'While the run is failing: only the latest failed attempt, or every one since the last success.',
  },
  { key: 'recentTurns', kind: 'count', default: 3, label: 'recent turns in full', help: 'The last turns shown as they happened, with code and feedback.' },
  {
    key: 'triggerTurns',
    kind: 'count',
    default: 8,
    label: 'trim after turns',
    help: 'Trimming starts once more turns than this are done (0: never for this reason).',
  },
  {
    key: 'triggerTokens',
    kind: 'count',
    default: 16_000,
    label: 'trim past tokens',
    help: 'Trimming starts once the full history after SYSTEM holds more o200k tokens than this (0: never for this reason).',
  },
  {
    key: 'showToolResults',
    kind: 'flag',
    default: false,
    label: 'show tool results',
    help: 'Each listed tool call shows its result, sampled as values are (by default calls are listed without results).',
  },
  {
    key: 'keepRecoveredErrors',
    kind: 'flag',
    default: false,
    label: 'keep recovered errors',
    help: 'A failed attempt stays visible for one more turn after the turn that recovered from it.',
  },
  {
    key: 'startAfterTurns',
    kind: 'count',
    default: 0,
    label: 'start after turns',
    help: 'The full history is sent until more turns than this are done (0: summarize from the start).',
  },
  {
    key: 'startAfterTokens',
    kind: 'count',
    default: 0,
    label: 'start past tokens',
    help: 'The full history is sent until it holds more o200k tokens after SYSTEM than this (0: no token condition).',
  },
];

export const DEFAULT_COMPRESSION_OPTIONS: CompressionOptions = Object.freeze(
  Object.fromEntries(OPTION_SPECS.map((s) => [s.key, s.default])) as unknown as CompressionOptions,
);

export const OPTION_KEYS: readonly OptionKey[] = OPTION_SPECS.map((s) => s.key);

export function optionSpec(key: string): OptionSpec | undefined {
  return OPTION_SPECS.find((s) => s.key === key);
}

/** Why `value` is not a valid value of the option, or null when it is. */
export function optionValueProblem(spec: OptionSpec, value: unknown): string | null {
  switch (spec.kind) {
    case 'count':
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? null : `must be a whole number ≥ 0, got ${JSON.stringify(value)}`;
    case 'flag':
      return typeof value === 'boolean' ? null : `must be true or false, got ${JSON.stringify(value)}`;
    case 'choice':
      return typeof value === 'string' && spec.choices.includes(value)
        ? null
        : `must be ${spec.choices.map((c) => JSON.stringify(c)).join(' or ')}, got ${JSON.stringify(value)}`;
  }
}
