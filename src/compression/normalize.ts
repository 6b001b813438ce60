// Compression option → [strategy | null, options] (C1, API-001…007).
import { DEFAULT_COMPRESSION_OPTIONS, OPTION_KEYS, optionSpec, optionValueProblem, type CompressionOptions } from './options.ts';
import type { Strategy } from './strategy.ts';
import { DEFAULT_STRATEGY, findStrategy, strategyNames } from './strategies/index.ts';

/** As written in an agent definition or a session file. */
export type CompressionOption = boolean | null | undefined | string | ({ readonly strategy: string } & Partial<CompressionOptions>);

export class CompressionOptionError extends Error {}

/** The strategy (null: no compression, i.e. the full-history rendering) and the complete options. Throws CompressionOptionError on bad input. */
export function normalize(option: CompressionOption): [Strategy | null, CompressionOptions] {
  if (option === false || option === null || option === undefined) return [null, DEFAULT_COMPRESSION_OPTIONS];
  if (option === true) return [DEFAULT_STRATEGY, DEFAULT_COMPRESSION_OPTIONS];
  if (typeof option === 'string') return [strategyOrThrow(option), DEFAULT_COMPRESSION_OPTIONS];
  const { strategy, ...rest } = option;
  const options: Record<string, unknown> = { ...DEFAULT_COMPRESSION_OPTIONS };
  for (const [k, v] of Object.entries(rest)) {
    if (v === undefined) continue;
    const spec = optionSpec(k);
    if (spec === undefined) throw new CompressionOptionError(`compression.${k} is not an option (known: ${OPTION_KEYS.join(', ')})`);
    const problem = optionValueProblem(spec, v);
    if (problem !== null) throw new CompressionOptionError(`compression.${k} ${problem}`);
    options[k] = v;
  }
  return [strategyOrThrow(strategy), options as unknown as CompressionOptions];
}

function strategyOrThrow(name: string): Strategy {
  const s = findStrategy(name);
  if (!s) throw new CompressionOptionError(`Unknown compression strategy "${name}" (known: ${strategyNames().join(', ')})`);
  return s;
}
