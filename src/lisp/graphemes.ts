// Strings as PTC-Lisp sees them: sequences of graphemes (what a reader calls one character: "é"
// written as e + U+0301, a flag, a family emoji joined by U+200D). count, subs, seq, nth and the
// string indexes of index-of count graphemes; only the Java-named methods count UTF-16 units.
//
// Most text has no code unit that can join its neighbour into one grapheme, and then graphemes are
// code units: that is checked with one scan, and only the other strings go to Intl.Segmenter. The
// boundaries of the few most recent long segmented strings are kept, so a loop that takes (subs s
// i j) or (count s) of one long string does not segment it again on every call.

/**
 * Code units that may belong to a grapheme of more than one unit: CR (CR LF is one grapheme),
 * marks, format characters (joiners, prepended marks), Hangul jamo, the few spacing or extending
 * letters outside the marks, and anything outside the Basic Multilingual Plane (a surrogate pair,
 * or one alone). A string without any is one grapheme per code unit, and so is any stretch of
 * such units: between two of them there is always a grapheme boundary.
 */
const JOINING = String.raw`\r\p{M}\p{Cf}\u0D4E\u0E33\u0EB3\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uFF9E\uFF9F\u{10000}-\u{10FFFF}\uD800-\uDFFF`;
const MAY_JOIN = new RegExp(`[${JOINING}]`, 'u');
const NEXT_JOINING = new RegExp(`[${JOINING}]`, 'gu');
/**
 * A run of code units that join nothing, long enough to end a stretch to segment there (a grapheme
 * boundary lies between any two of them). Shorter runs stay inside the stretch: each call to the
 * segmenter has a cost of its own.
 */
const PLAIN_RUN = new RegExp(`[^${JOINING}]{16}`, 'gu');

/** Whether every code unit of s is a grapheme of its own. */
export function isSimpleText(s: string): boolean {
  return !MAY_JOIN.test(s);
}

let segmenter: Intl.Segmenter | null = null;

/**
 * Graphemes per call to the segmenter: its iterator takes time growing with the square of the
 * segments it has produced, so a long stretch is segmented a piece at a time.
 */
const PIECE = 128;

/**
 * Pushes the start of every grapheme of s[from, to) onto `out`; a grapheme boundary lies at
 * `from` and at `to`. Each piece starts at a boundary, so its graphemes are those of the whole
 * string but for its last one, which the end of the piece may have cut: that one starts the next.
 */
function segmentStretch(s: string, from: number, to: number, out: number[]): void {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let pos = from;
  let size = PIECE;
  while (pos < to) {
    let end = Math.min(to, pos + size);
    // Never between the halves of a pair: the segmenter would see a lone surrogate after the cut
    // and could end the grapheme before it too early.
    if (end < to && (s.charCodeAt(end - 1) & 0xfc00) === 0xd800 && (s.charCodeAt(end) & 0xfc00) === 0xdc00) end++;
    const starts: number[] = [];
    for (const seg of segmenter.segment(s.slice(pos, end))) starts.push(seg.index);
    if (end === to) {
      for (const st of starts) out.push(pos + st);
      return;
    }
    // One grapheme longer than the piece (a letter with thousands of marks): take a longer piece.
    if (starts.length < 2) {
      size *= 2;
      continue;
    }
    const last = starts.pop() as number;
    for (const st of starts) out.push(pos + st);
    pos += last;
    size = PIECE;
  }
}

/** Strings at least this long have their boundaries remembered. */
const CACHE_FROM = 256;
const CACHE_SIZE = 4;
/** Recent long strings that are not simple, with the UTF-16 offset where each grapheme starts, then the length. */
const cache = new Map<string, Uint32Array>();

/** The UTF-16 offsets where the graphemes of s start, followed by s.length. */
function boundaries(s: string): Uint32Array {
  const hit = cache.get(s);
  if (hit !== undefined) return hit;
  const starts: number[] = [];
  let i = 0;
  while (i < s.length) {
    NEXT_JOINING.lastIndex = i;
    const joining = NEXT_JOINING.exec(s);
    const c = joining === null ? s.length : joining.index;
    // The plain unit before a joining one may be the base it attaches to.
    const stretch = c === s.length ? c : Math.max(i, c - 1);
    for (; i < stretch; i++) starts.push(i);
    if (c === s.length) break;
    PLAIN_RUN.lastIndex = c;
    const plain = PLAIN_RUN.exec(s);
    const end = plain === null ? s.length : plain.index + 1;
    segmentStretch(s, stretch, end, starts);
    i = end;
  }
  starts.push(s.length);
  const out = Uint32Array.from(starts);
  if (s.length >= CACHE_FROM) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(s, out);
  }
  return out;
}

/** Number of graphemes in s. */
export function graphemeCount(s: string): number {
  return isSimpleText(s) ? s.length : boundaries(s).length - 1;
}

/** The graphemes of s, each a string. */
export function graphemes(s: string): string[] {
  if (isSimpleText(s)) return s.split('');
  const b = boundaries(s);
  const out = new Array<string>(b.length - 1);
  for (let i = 0; i < out.length; i++) out[i] = s.slice(b[i], b[i + 1]);
  return out;
}

/** The grapheme at index i (0 ≤ i), or undefined past the end. */
export function graphemeAt(s: string, i: number): string | undefined {
  if (isSimpleText(s)) return i < s.length ? s[i] : undefined;
  const b = boundaries(s);
  return i < b.length - 1 ? s.slice(b[i], b[i + 1]) : undefined;
}

/** UTF-16 offset of grapheme index g, for 0 ≤ g ≤ graphemeCount(s). */
export function graphemeToUnit(s: string, g: number): number {
  if (isSimpleText(s)) return g;
  return boundaries(s)[g];
}

/** Number of graphemes that start before the UTF-16 offset `unit` (a match inside a grapheme counts from it). */
export function unitToGrapheme(s: string, unit: number): number {
  if (unit <= 0 || isSimpleText(s)) return Math.max(0, unit);
  const b = boundaries(s);
  // The last start at or before `unit`, by binary search; an offset inside a grapheme counts that grapheme.
  let lo = 0;
  let hi = b.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (b[mid] <= unit) lo = mid;
    else hi = mid - 1;
  }
  return b[lo] === unit ? lo : lo + 1;
}
