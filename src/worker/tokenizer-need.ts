// Rendering is synchronous, and a strategy that decides by size (trim, or single-user-coalesced with
// a token threshold) needs the tokenizer's tables, which load on first use (about 0.3 s). So before a
// call that renders, the worker works out from the settings it will render with whether any counts
// tokens, and loads the tokenizer first only then: a session that never counts tokens never loads it.
// What a file or a link opens is known only from its text, so its settings are read from its JSON.
import { normalize, type CompressionOption } from '../compression/normalize.ts';
import { countsTokens, type Strategy } from '../compression/strategy.ts';
import { findStrategy } from '../compression/strategies/index.ts';
import type { TokenizerName } from '../compression/tokens.ts';

/** The settings a rendering depends on: the strategy and its options, and single-shot (one turn: full history). */
export interface RenderSettings {
  readonly compression?: unknown;
  readonly maxTurns?: unknown;
}

/** What the open session renders with: its settings, its other branches', and the strategy its view shows. */
export interface SessionRenders {
  readonly settings: readonly RenderSettings[];
  readonly shown?: string;
}

/** The tokenizer rendering under any of `settings`, or under a `named` strategy with their options, may count with (null: none). */
export function tokenizerFor(settings: readonly RenderSettings[], named: readonly string[] = []): TokenizerName | null {
  const others = named.flatMap((n) => findStrategy(n) ?? []);
  const counts = settings.some((s) => {
    let read: ReturnType<typeof normalize>;
    try {
      read = normalize(s.compression as CompressionOption);
    } catch {
      return false; // settings that do not read render nothing: the session cannot run
    }
    const [strategy, options] = read;
    const own: Strategy[] = strategy === null || s.maxTurns === 1 ? [] : [strategy];
    return [...own, ...others].some((x) => countsTokens(x, options));
  });
  return counts ? 'o200k_base' : null;
}

/** The settings a session file's JSON renders with: its own and each branch's (a branch has the session's maxTurns). */
export function settingsOfJson(json: unknown): RenderSettings[] {
  if (!isRecord(json)) return [];
  const branches = Array.isArray(json.branches) ? json.branches.filter(isRecord) : [];
  return [json, ...branches.map((b) => ({ compression: b.compression, maxTurns: json.maxTurns }))];
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return x !== null && typeof x === 'object' && !Array.isArray(x);
}
