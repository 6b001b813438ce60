import { describe, expect, it } from 'vitest';
import { countTokens, isTokenizerLoaded, loadTokenizer, memoizedCounter, TokenizerNotLoaded } from '../../src/compression/tokens.ts';

describe('token counting', () => {
  it('a tokenizer not loaded yet is a clear error, and loads once', async () => {
    // cl100k is loaded by no other test of this file's worker before this line.
    if (!isTokenizerLoaded('cl100k_base')) expect(() => countTokens('hello', 'cl100k_base')).toThrow(TokenizerNotLoaded);
    const [a, b] = await Promise.all([loadTokenizer('cl100k_base'), loadTokenizer('cl100k_base')]);
    expect(a).toBe(b);
    expect(countTokens('hello world', 'cl100k_base')).toBe(2);
  });
  it('o200k and cl100k count differently, as the models do', async () => {
    await Promise.all([loadTokenizer('o200k_base'), loadTokenizer('cl100k_base')]);
    const text = '(defn top-products [n] (take n (sort-by :rating > data/products)))';
    expect(countTokens(text, 'o200k_base')).toBeGreaterThan(5);
    expect(countTokens('', 'o200k_base')).toBe(0);
    expect(countTokens(' 日本語のテキスト', 'o200k_base')).not.toBe(countTokens(' 日本語のテキスト', 'cl100k_base'));
  });
  it("a special token's spelling in what the model wrote is counted as text, never refused", async () => {
    await loadTokenizer('o200k_base');
    expect(countTokens('a <|endoftext|> b', 'o200k_base')).toBeGreaterThan(3);
  });
  it('a memoized counter asks the tokenizer once per text', () => {
    const seen: string[] = [];
    const count = memoizedCounter((t) => {
      seen.push(t);
      return t.length;
    });
    expect([count('ab'), count('abc'), count('ab')]).toEqual([2, 3, 2]);
    expect(seen).toEqual(['ab', 'abc']);
  });
});
