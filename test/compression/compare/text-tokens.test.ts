// Counting a message in pieces gives exactly what the tokenizer gives for the whole text, however the
// message grows or changes from one request to the next: fast-check makes texts out of the characters
// the tokenizers' pre-tokenization treats specially (line breaks, slashes, spaces of every kind,
// contractions, digits, letters of either case, emoji) and changes them at random points.
import fc from 'fast-check';
import { countTokens as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { RunTexts, type ReadText } from '../../../src/compression/compare/run-texts.ts';
import { SpellingIndex } from '../../../src/compression/compare/spelling-index.ts';
import { commonPrefixLength, cutsOf, isCut, piecewiseCounter, prefixTokens } from '../../../src/compression/compare/text-tokens.ts';

const asText = { disallowedSpecial: new Set<string>() };
const COUNTERS = {
  o200k_base: (t: string) => o200k(t, asText),
  cl100k_base: (t: string) => cl100k(t, asText),
};

const FRAGMENTS = [
  'a',
  'Turn',
  'ORDER',
  'ß',
  'é',
  '中文',
  '😀',
  '1',
  '23',
  '4567',
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u3000',
  '\u2028',
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  ' \n',
  '\n ',
  '\n\t',
  '/',
  '//',
  '\n/',
  ':\n',
  ')\n',
  ';; ',
  "'s",
  "'LL",
  "'",
  '.',
  ',',
  '-',
  '(def x 1)',
  '{:id 3}',
  '"quoted"',
  '```',
  '<|endoftext|>',
  'Turns left: 7',
  ';; Output:\n',
  '---\n',
];

const piece = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 30 }).map((parts) => parts.join(''));

/** A message and its later versions: each keeps the text up to a random point, adds new text there, and may keep what followed. */
const growing = fc.record({
  first: piece,
  edits: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), text: piece, keepRest: fc.boolean() }), { maxLength: 8 }),
});

function versions(g: { first: string; edits: readonly { at: number; text: string; keepRest: boolean }[] }): string[] {
  const out = [g.first];
  for (const e of g.edits) {
    const prev = out[out.length - 1];
    const cut = Math.floor(e.at * prev.length);
    out.push(prev.slice(0, cut) + e.text + (e.keepRest ? prev.slice(cut) : ''));
  }
  return out;
}

describe('cuts', () => {
  it('come after a line break, before a character that is neither whitespace nor a slash', () => {
    const starts: number[] = [];
    cutsOf('a\nb\n c\n/d\n\ne\n', 0, starts);
    expect(starts).toEqual([2, 11]);
    expect([2, 11].every((i) => isCut('a\nb\n c\n/d\n\ne\n', i))).toBe(true);
    expect(isCut('a\n', 2)).toBe(false);
  });

  it('the common start of two texts, found a block at a time', () => {
    const a = 'x'.repeat(5000) + 'abc';
    expect(commonPrefixLength(a, 'x'.repeat(5000) + 'abd')).toBe(5002);
    expect(commonPrefixLength(a, a)).toBe(a.length);
    expect(commonPrefixLength('', a)).toBe(0);
  });
});

describe.each(Object.entries(COUNTERS))('a text counted in pieces (%s)', (_name, count) => {
  it('adds up to the count of the whole text at every cut', () => {
    fc.assert(
      fc.property(piece, piece, (a, b) => {
        const text = `${a}\n${b}`;
        const starts: number[] = [];
        cutsOf(text, 0, starts);
        for (const at of starts) expect(count(text.slice(0, at)) + count(text.slice(at))).toBe(count(text));
      }),
      { numRuns: 300 },
    );
  });

  it('counts every version of a growing message exactly, and every start of it', () => {
    fc.assert(
      fc.property(growing, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 }), (g, ends) => {
        const reader = new RunTexts(count, new SpellingIndex([]));
        const piecewise = piecewiseCounter(count);
        let base: ReadText | undefined;
        for (const text of versions(g)) {
          const c = reader.read(text, base);
          expect(c.tokens).toBe(count(text));
          expect(piecewise(text)).toBe(count(text));
          for (const e of ends) {
            const end = Math.floor(e * text.length);
            expect(prefixTokens(c, end, count)).toBe(count(text.slice(0, end)));
          }
          base = c;
        }
      }),
      { numRuns: 200 },
    );
  });
});
