// Strings as sequences of graphemes: the one-scan path for text where each code unit is a grapheme
// must agree with Intl.Segmenter, and so must the piecewise segmenting of long strings.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { graphemeAt, graphemeCount, graphemes, graphemeToUnit, isSimpleText, unitToGrapheme } from '../../src/lisp/graphemes.ts';

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const reference = (s: string): string[] => Array.from(segmenter.segment(s), (x) => x.segment);

/** Pieces that join (or not) in every way the grapheme rules know. */
const PIECES = [
  'a',
  'Z',
  ' ',
  '\r',
  '\n',
  '\u0301',
  '\u200d',
  '\u200c',
  '\ufe0f',
  '😀',
  '👩',
  '🏽',
  '🇺',
  '🇸',
  '\u1100',
  '\u1161',
  '\u11a8',
  '한',
  'क',
  '्',
  'ष',
  '\u0e33',
  '\u0600',
  '\ud800',
  '\udc00',
  'é',
  '\uff9e',
  'ｶ',
  '\u00ad',
  'é',
  'ü',
];
const joiny = (maxLength: number): fc.Arbitrary<string> => fc.array(fc.constantFrom(...PIECES), { maxLength }).map((xs) => xs.join(''));

describe('graphemes', () => {
  test('agree with Intl.Segmenter on short strings of every kind', () => {
    fc.assert(
      fc.property(fc.oneof(joiny(30), fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 })), (s) => {
        expect(graphemes(s)).toEqual(reference(s));
        expect(graphemeCount(s)).toBe(reference(s).length);
      }),
      { numRuns: 2000 },
    );
  });

  test('agree with Intl.Segmenter on long strings, segmented a piece at a time', () => {
    fc.assert(
      fc.property(joiny(3000), (s) => {
        expect(graphemes(s)).toEqual(reference(s));
      }),
      { numRuns: 40 },
    );
  });

  test('a string with no joining unit is one grapheme per code unit', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0, max: 0xd7ff }).map((c) => String.fromCharCode(c)), maxLength: 40 }), (s) => {
        if (!isSimpleText(s)) return;
        expect(reference(s).length).toBe(s.length);
      }),
      { numRuns: 3000 },
    );
  });

  test('indexes and offsets map onto each other', () => {
    fc.assert(
      fc.property(joiny(40), (s) => {
        const gs = reference(s);
        let unit = 0;
        gs.forEach((g, i) => {
          expect(graphemeToUnit(s, i)).toBe(unit);
          expect(unitToGrapheme(s, unit)).toBe(i);
          expect(graphemeAt(s, i)).toBe(g);
          unit += g.length;
        });
        expect(graphemeToUnit(s, gs.length)).toBe(s.length);
        expect(graphemeAt(s, gs.length)).toBeUndefined();
      }),
    );
  });

  test('an offset inside a grapheme counts that grapheme as begun', () => {
    expect(unitToGrapheme('e\u0301x', 1)).toBe(1);
    expect(unitToGrapheme('😀x', 1)).toBe(1);
  });

  test('a long string of one kind is counted without segmenting it grapheme by grapheme', () => {
    expect(graphemeCount('a'.repeat(1_000_000))).toBe(1_000_000);
    expect(graphemeCount('e' + '\u0301'.repeat(100_000))).toBe(1);
    expect(graphemeCount('🇺🇸'.repeat(10_000))).toBe(10_000);
    expect(graphemeCount('a'.repeat(100_000) + '😀' + 'b'.repeat(100_000))).toBe(200_001);
  });
});
