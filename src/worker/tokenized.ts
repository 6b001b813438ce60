// Rendering is synchronous, and a strategy that decides by size (trim, or single-user-coalesced with
// a token threshold) needs the tokenizer's tables, which load on first use. Rather than load them
// before every first view (about 0.3 s, for a strategy most sessions do not use), a call that meets
// the tokenizer unloaded is answered once it has loaded: the engine throws before it changes anything,
// so the call is simply made again.
import { loadTokenizer, TokenizerNotLoaded } from '../compression/tokens.ts';

/** `fn`, answered again after loading the tokenizer when it needed one that was not loaded yet. */
export function tokenized<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => Promise<Awaited<R>> {
  return async (...args: A): Promise<Awaited<R>> => {
    try {
      return await fn(...args);
    } catch (e) {
      if (!(e instanceof TokenizerNotLoaded)) throw e;
      await loadTokenizer(e.tokenizer);
      return await fn(...args);
    }
  };
}
