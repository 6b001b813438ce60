// Where a message may be cut into pieces that are counted on their own (run-texts.ts reads a run's
// messages that way: a message that grows or changes from one request to the next keeps the counts
// of the pieces it shares with the previous version, and only the pieces after the first change are
// counted).
//
// A text is cut only where the tokenizer's pre-tokenization splits it anyway, so the pieces' counts add
// up to the whole text's count exactly. o200k_base (and cl100k_base) first split a text with a regular
// expression and encode each match on its own. After a line break followed by a character that is
// neither whitespace nor `/`, a match always ends: no match continues over a line break into a letter,
// digit or other mark (a punctuation run takes trailing line breaks and slashes only; a whitespace run
// that reaches a line break ends with it, since the next character is not whitespace), and no match
// looks behind where it starts, so the text after the cut splits as it would on its own. A character
// counter (one per character, as tests use) adds up over any cut.
import type { TokenCounter } from '../tokens.ts';

/** Cuts after a line break before a character that is not whitespace and not `/`. */
const CUT = /\n(?=[^\s/])/g;

/** Whether `at` is a cut of `text` (0 and the end are not: a cut has text on both sides). */
export function isCut(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length || text.charCodeAt(at - 1) !== 10) return false;
  const c = text[at];
  return c !== '/' && !/\s/.test(c);
}

/** Positions after `from` where `text` may be cut, ascending, appended to `out`. */
export function cutsOf(text: string, from: number, out: number[]): void {
  CUT.lastIndex = from;
  for (let m = CUT.exec(text); m !== null; m = CUT.exec(text)) out.push(m.index + 1);
}

/**
 * How many leading characters `a` and `b` share: a binary search whose steps compare slices with `===`,
 * which the engine does in native code (a loop over characters, or `startsWith`, is several times slower
 * on long texts).
 */
export function commonPrefixLength(a: string, b: string): number {
  let lo = 0;
  let hi = Math.min(a.length, b.length);
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (a.slice(lo, mid) === b.slice(lo, mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** A text with where its pieces start (0 first) and the tokens before each piece. */
export interface CountedText {
  readonly text: string;
  readonly tokens: number;
  readonly starts: readonly number[];
  readonly before: readonly number[];
}

/** The last index i with `xs[i] <= x` (xs ascending, xs[0] <= x). */
export function lastAtMost(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (xs[mid] <= x) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * How many of `base`'s pieces `text` starts with, as the index of the first piece that is not kept:
 * the pieces before it end where `text` still equals `base`, at a cut of `text`.
 */
export function keptPieces(base: CountedText, text: string): number {
  if (base.starts.length < 2) return 0;
  const shared = commonPrefixLength(base.text, text);
  const keep = lastAtMost(base.starts, shared);
  // A start at the very end of what is shared is a cut only if the new text goes on as a cut needs.
  return keep > 0 && base.starts[keep] === shared && !isCut(text, shared) ? keep - 1 : keep;
}

/** Tokens of the first `end` characters of a counted text. */
export function prefixTokens(c: CountedText, end: number, count: TokenCounter): number {
  if (end <= 0) return 0;
  if (end >= c.text.length) return c.tokens;
  // Pieces wholly before `end` keep their counts: a start before `end` is a cut of the shorter text too.
  const i = lastAtMost(c.starts, end - 1);
  return c.before[i] + count(c.text.slice(c.starts[i], end));
}

/**
 * A counter that counts a text as the sum of its pieces, each distinct piece once: for texts that
 * repeat most of their lines from one call to the next (the lines a request adds to full history's).
 */
export function piecewiseCounter(count: TokenCounter): TokenCounter {
  const pieces = new Map<string, number>();
  return (text) => {
    const starts = [0];
    cutsOf(text, 0, starts);
    let tokens = 0;
    for (let i = 0; i < starts.length; i++) {
      const piece = text.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : text.length);
      let n = pieces.get(piece);
      if (n === undefined) {
        n = count(piece);
        pieces.set(piece, n);
      }
      tokens += n;
    }
    return tokens;
  };
}
