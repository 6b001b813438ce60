// Token counting for the strategies that decide by size (trim, single-user-coalesced's start
// threshold) and for the comparison figures. The tables are large (about 2 MB each), so they load on
// first use: a host awaits `loadTokenizer` before it renders with such a strategy, and rendering
// itself stays synchronous and pure. A loaded table is the same for every run, so keeping it once
// per process is not run state.

export type TokenizerName = 'o200k_base' | 'cl100k_base';
export const TOKENIZERS: readonly TokenizerName[] = ['o200k_base', 'cl100k_base'];

export type TokenCounter = (text: string) => number;

/** Thrown by a counter asked for before its table loaded; nothing has changed when it is thrown. */
export class TokenizerNotLoaded extends Error {
  constructor(readonly tokenizer: TokenizerName) {
    super(`The ${tokenizer} tokenizer is not loaded yet`);
    this.name = 'TokenizerNotLoaded';
  }
}

const loaded = new Map<TokenizerName, TokenCounter>();
const loading = new Map<TokenizerName, Promise<TokenCounter>>();

async function importCounter(name: TokenizerName): Promise<TokenCounter> {
  const m = name === 'o200k_base' ? await import('gpt-tokenizer/encoding/o200k_base') : await import('gpt-tokenizer/encoding/cl100k_base');
  // A special token's spelling (`<|endoftext|>`) in a reply or a result is text the model sent: count
  // it as text rather than let the tokenizer refuse it.
  const asText = { disallowedSpecial: new Set<string>() };
  return (text: string) => m.countTokens(text, asText);
}

/** Loads a tokenizer (once) and returns its counter. */
export function loadTokenizer(name: TokenizerName = 'o200k_base'): Promise<TokenCounter> {
  const ready = loaded.get(name);
  if (ready !== undefined) return Promise.resolve(ready);
  let pending = loading.get(name);
  if (pending === undefined) {
    pending = importCounter(name).then((count) => {
      loaded.set(name, count);
      return count;
    });
    pending.catch(() => loading.delete(name));
    loading.set(name, pending);
  }
  return pending;
}

export function isTokenizerLoaded(name: TokenizerName = 'o200k_base'): boolean {
  return loaded.has(name);
}

/** Counts with a loaded tokenizer; throws TokenizerNotLoaded when it is not loaded yet. */
export function countTokens(text: string, name: TokenizerName = 'o200k_base'): number {
  const count = loaded.get(name);
  if (count === undefined) throw new TokenizerNotLoaded(name);
  return count(text);
}

/** A counter that remembers each text's count: renderings of one run repeat most of their text. */
export function memoizedCounter(count: TokenCounter): TokenCounter {
  const seen = new Map<string, number>();
  return (text) => {
    let n = seen.get(text);
    if (n === undefined) {
      n = count(text);
      seen.set(text, n);
    }
    return n;
  };
}
