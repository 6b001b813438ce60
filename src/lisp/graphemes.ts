// Strings as PTC-Lisp sees them: sequences of graphemes (what a reader calls one character: "é"
// written as e + U+0301, a flag, a family emoji joined by U+200D). count, subs, seq, nth and the
// string indexes of index-of count graphemes; only the Java-named methods count UTF-16 units.
//
// Most text has no code unit that can join its neighbour into one grapheme, and then graphemes are
// code units: that is checked with one scan (none at all for Latin-1 text). Otherwise the text is
// walked a character at a time, and only the stretches around joining units go to Intl.Segmenter.
// The grapheme starts of the few most recent long strings are kept, so a loop that takes
// (subs s i j) or (nth s i) of one long string does not walk it again on every call.

/**
 * Code units that may belong to a grapheme of more than one unit: CR (CR LF is one grapheme),
 * marks, format characters (joiners, prepended marks), Hangul jamo, the few spacing or extending
 * letters outside the marks, and both halves of surrogate pairs (and lone ones). A string without
 * any is one grapheme per code unit, and so is any stretch of such units: between two of them
 * there is always a grapheme boundary. The soft hyphen, a format character, is a grapheme of its own.
 */
const JOINING = /[\r\p{M}\p{Cf}\u0D4E\u0E33\u0EB3\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF\uFF9E\uFF9F]/gu;

/** 1 for each joining code unit; built on first use from the regex above (a few milliseconds). */
let joiningTable: Uint8Array | null = null;

function joinTable(): Uint8Array {
  if (joiningTable !== null) return joiningTable;
  const table = new Uint8Array(0x10000);
  // Every unit outside the surrogates in one string, matched in one pass.
  const units: string[] = [];
  for (let c = 0; c < 0x10000; c += 0x1000) {
    const codes: number[] = [];
    for (let d = c; d < c + 0x1000; d++) if (d < 0xd800 || d > 0xdfff) codes.push(d);
    units.push(String.fromCharCode(...codes));
  }
  for (const m of units.join('').matchAll(JOINING)) table[m[0].charCodeAt(0)] = 1;
  table.fill(1, 0xd800, 0xe000);
  table[0xad] = 0;
  joiningTable = table;
  return table;
}

/**
 * Any unit past Latin-1. The engine keeps text without one in one byte per character and knows
 * this class cannot match it, so the test costs nothing however long the text.
 */
const WIDE = /[\u0100-\uffff]/;

/** Whether every code unit of s is a grapheme of its own. */
export function isSimpleText(s: string): boolean {
  // In Latin-1 only CR joins (CR LF).
  if (!WIDE.test(s)) return s.indexOf('\r') < 0;
  const table = joinTable();
  for (let i = 0; i < s.length; i++) if (table[s.charCodeAt(i)] === 1) return false;
  return true;
}

/**
 * Characters outside the Basic Multilingual Plane that are graphemes of their own unless a joining
 * unit follows them: the emoji blocks (but the regional indicators that pair into flags and the
 * skin-tone modifiers that extend) and the ideographs of the supplementary planes. Text with emoji
 * is common; this keeps it off the segmenter, whose every call costs microseconds.
 */
function standaloneAstral(cp: number): boolean {
  if (cp >= 0x1f000 && cp <= 0x1faff) return !(cp >= 0x1f1e6 && cp <= 0x1f1ff) && !(cp >= 0x1f3fb && cp <= 0x1f3ff);
  return cp >= 0x20000 && cp <= 0x3ffff;
}

/** The code units of the plain character at i (1, or 2 for a standalone pair); 0 when it may join. */
function plainWidth(s: string, i: number, table: Uint8Array): number {
  const c = s.charCodeAt(i);
  if (table[c] === 0) return 1;
  if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) return 0;
  const low = s.charCodeAt(i + 1);
  if (low < 0xdc00 || low > 0xdfff) return 0;
  return standaloneAstral(((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000) ? 2 : 0;
}

let segmenter: Intl.Segmenter | null = null;

/**
 * Graphemes per call to the segmenter: its iterator takes time growing with the square of the
 * segments it has produced, so a long stretch is segmented a piece at a time.
 */
const PIECE = 128;

/**
 * The graphemes of s[from, to), counted, their starts pushed onto `out` when given; a grapheme
 * boundary lies at `from` and at `to`. Each piece starts at a boundary, so its graphemes are those
 * of the whole string but for its last one, which the end of the piece may have cut: that one
 * starts the next piece.
 */
function segmentStretch(s: string, from: number, to: number, out: number[] | null): number {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  let count = 0;
  let pos = from;
  let size = PIECE;
  while (pos < to) {
    let end = Math.min(to, pos + size);
    // Never between the halves of a pair: the segmenter would see a lone surrogate after the cut
    // and could end the grapheme before it too early.
    if (end < to && (s.charCodeAt(end - 1) & 0xfc00) === 0xd800 && (s.charCodeAt(end) & 0xfc00) === 0xdc00) end++;
    const starts: number[] = [];
    for (const seg of segmenter.segment(s.slice(pos, end))) starts.push(seg.index);
    let next = -1;
    if (end < to) {
      // One grapheme longer than the piece (a letter with thousands of marks): take a longer piece.
      if (starts.length < 2) {
        size *= 2;
        continue;
      }
      next = pos + (starts.pop() as number);
    }
    count += starts.length;
    if (out !== null) for (const st of starts) out.push(pos + st);
    if (next < 0) return count;
    pos = next;
    size = PIECE;
  }
  return count;
}

/** Plain characters in a row that end a stretch to segment: shorter runs stay inside it (each call to the segmenter costs). */
const PLAIN_RUN = 16;

/**
 * The graphemes of s (not simple), counted, their starts pushed onto `out` when given: plain
 * characters one by one, and each stretch around joining units through the segmenter.
 */
function walk(s: string, out: number[] | null): number {
  const table = joinTable();
  const n = s.length;
  let count = 0;
  // Where the last plain character began (the base a joining unit may attach to), or -1.
  let base = -1;
  let i = 0;
  while (i < n) {
    const w = plainWidth(s, i, table);
    if (w > 0) {
      count++;
      out?.push(i);
      base = i;
      i += w;
      continue;
    }
    // The stretch starts at the plain character just before it, with a boundary before that.
    let stretch = i;
    if (base >= 0 && base + plainWidth(s, base, table) === i) {
      count--;
      out?.pop();
      stretch = base;
    }
    // It ends after the first of a run of plain characters: a boundary lies between any two of them.
    let end = n;
    for (let e = i, run = 0, runStart = i; e < n;) {
      const pw = plainWidth(s, e, table);
      if (pw === 0) {
        run = 0;
        e++;
        continue;
      }
      if (run === 0) runStart = e;
      e += pw;
      if (++run === PLAIN_RUN) {
        end = runStart + plainWidth(s, runStart, table);
        break;
      }
    }
    count += segmentStretch(s, stretch, end, out);
    base = -1;
    i = end;
  }
  return count;
}

/** Strings at least this long have their grapheme starts (or count) remembered. */
const CACHE_FROM = 256;
const CACHE_SIZE = 4;
/** Recent long strings that are not simple, with the UTF-16 offset where each grapheme starts, then the length. */
const startsCache = new Map<string, Uint32Array>();
const countCache = new Map<string, number>();

function remember<T>(cache: Map<string, T>, s: string, v: T): T {
  if (s.length >= CACHE_FROM) {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(s, v);
  }
  return v;
}

/** The UTF-16 offsets where the graphemes of s start, followed by s.length; null when s is simple (each unit a grapheme). */
export function graphemeStarts(s: string): Uint32Array | null {
  const hit = startsCache.get(s);
  if (hit !== undefined) return hit;
  if (isSimpleText(s)) return null;
  const starts: number[] = [];
  walk(s, starts);
  starts.push(s.length);
  return remember(startsCache, s, Uint32Array.from(starts));
}

/** Number of graphemes in s. */
export function graphemeCount(s: string): number {
  // Latin-1 text is answered at once; other long text is scanned once and its count remembered.
  if (!WIDE.test(s) && s.indexOf('\r') < 0) return s.length;
  const known = s.length >= CACHE_FROM ? countCache.get(s) : undefined;
  if (known !== undefined) return known;
  const starts = startsCache.get(s);
  if (starts !== undefined) return starts.length - 1;
  return remember(countCache, s, isSimpleText(s) ? s.length : walk(s, null));
}

/** The graphemes of s, each a string. */
export function graphemes(s: string): string[] {
  const b = graphemeStarts(s);
  if (b === null) return s.split('');
  const out = new Array<string>(b.length - 1);
  for (let i = 0; i < out.length; i++) out[i] = s.slice(b[i], b[i + 1]);
  return out;
}

/** The grapheme at index i (0 ≤ i), or undefined past the end. */
export function graphemeAt(s: string, i: number): string | undefined {
  const b = graphemeStarts(s);
  if (b === null) return i < s.length ? s[i] : undefined;
  return i < b.length - 1 ? s.slice(b[i], b[i + 1]) : undefined;
}

/** UTF-16 offset of grapheme index g, for 0 ≤ g ≤ graphemeCount(s). */
export function graphemeToUnit(s: string, g: number): number {
  const b = graphemeStarts(s);
  return b === null ? g : b[g];
}

/** Number of graphemes that start before the UTF-16 offset `unit` (a match inside a grapheme counts from it). */
export function unitToGrapheme(s: string, unit: number): number {
  if (unit <= 0) return 0;
  const b = graphemeStarts(s);
  if (b === null) return unit;
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
