// Reading a run's messages against the previous request's: every version of a message that changes at
// random points gets the tokens of its whole text and exactly the spellings `includes` finds in it,
// long spellings (compared whole where their start is found) and spellings across pieces included.
import fc from 'fast-check';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { RunTexts, type ReadText } from '../../../src/compression/compare/run-texts.ts';
import { ANCHOR, SpellingIndex } from '../../../src/compression/compare/spelling-index.ts';

const count = (t: string) => countTokens(t, { disallowedSpecial: new Set<string>() });

const FRAGMENTS = ['a', 'ab', 'Turn', '1', '23', ' ', '\n', '\n\n', ' \n', '/', ';; ', '(def x 1)', 'é', '😀', '\t', 'Result: '];
const piece = fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 25 }).map((parts) => parts.join(''));
const longPiece = fc.array(fc.constantFrom(...FRAGMENTS), { minLength: 40, maxLength: 60 }).map((parts) => parts.join(''));

const session = fc.record({
  first: piece,
  edits: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.oneof(piece, longPiece), keepRest: fc.boolean() }), {
    maxLength: 8,
  }),
  // Spellings: stretches of the texts (so that many occur) and texts of their own.
  picks: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: ANCHOR * 2 }) }), { maxLength: 12 }),
  others: fc.array(fc.oneof(piece, longPiece), { maxLength: 4 }),
});

describe('the messages of a run, read once', () => {
  it('every version of a changing message: the tokens of its whole text, the spellings it contains', () => {
    fc.assert(
      fc.property(session, ({ first, edits, picks, others }) => {
        const texts = [first];
        for (const e of edits) {
          const prev = texts[texts.length - 1];
          const cut = Math.floor(e.at * prev.length);
          texts.push(prev.slice(0, cut) + e.text + (e.keepRest ? prev.slice(cut) : ''));
        }
        const all = texts.join('');
        const wanted = [...picks.map((p) => all.slice(Math.floor(p.at * all.length)).slice(0, p.length)), ...others];
        const spellings = [...new Set(wanted.filter((s) => s !== ''))];
        const reader = new RunTexts(count, new SpellingIndex(spellings));
        let base: ReadText | undefined;
        // What the reader says changed, added up, is what each version holds.
        const held = new Map<number, number>();
        for (const text of texts) {
          const r = reader.read(text, base, (id, by) => held.set(id, (held.get(id) ?? 0) + by));
          expect(r.tokens).toBe(count(text));
          const found = new Set([...r.found, ...r.long]);
          expect(spellings.filter((_, id) => found.has(id))).toEqual(spellings.filter((s) => text.includes(s)));
          const entries = new Map<number, number>();
          for (const id of [...r.found, ...r.long]) entries.set(id, (entries.get(id) ?? 0) + 1);
          expect([...held].filter(([, n]) => n !== 0).sort((a, b) => a[0] - b[0])).toEqual([...entries].sort((a, b) => a[0] - b[0]));
          base = r;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a spelling longer than the automaton keeps is found only where it occurs whole', () => {
    const long = 'x'.repeat(ANCHOR) + 'yz';
    const reader = new RunTexts(count, new SpellingIndex([long, 'xy']));
    const a = reader.read(`${'x'.repeat(ANCHOR)}y\n`);
    expect([...a.found, ...a.long]).toEqual([1]);
    const b = reader.read(`${'x'.repeat(ANCHOR)}yz\n`, a);
    expect(new Set([...b.found, ...b.long])).toEqual(new Set([0, 1]));
  });

  it('a text given up as a base once is read from scratch if given again', () => {
    const reader = new RunTexts(count, new SpellingIndex(['Turn 2', 'left']));
    const first = reader.read('mission\nTurn 1\nTurns left: 3');
    const second = reader.read('mission\nTurn 1\nTurn 2\nTurns left: 2', first);
    const again = reader.read('mission\nTurn 2\nleft', first);
    expect([second.tokens, again.tokens]).toEqual([count(second.text), count(again.text)]);
    expect(new Set(again.found)).toEqual(new Set([0, 1]));
  });
});
