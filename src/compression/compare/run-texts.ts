// The messages of a run's requests, each read once: its tokens and the spellings it contains. A
// message is read against the same message of the previous request (`base`): the pieces they share
// keep their tokens and the automaton's state where they end, and only the pieces after the first
// change are read. A piece (text between two cuts, see text-tokens.ts) met again anywhere in the run,
// from the same state, is not read again.
import type { TokenCounter } from '../tokens.ts';
import type { SpellingIndex } from './spelling-index.ts';
import { cutsOf, keptPieces, type CountedText } from './text-tokens.ts';

/** A message's text as read: its pieces with the tokens and automaton state before each. */
export interface ReadText extends CountedText {
  readonly states: readonly number[];
  /** Per piece: how many entries of `found` and of `anchors` (pairs) come from the pieces before it. */
  readonly foundBefore: readonly number[];
  readonly anchorsBefore: readonly number[];
  /** Short spellings found, piece by piece (a spelling may repeat). */
  readonly found: readonly number[];
  /** Where a long spelling's start was found: pairs of (position, state). */
  readonly anchors: readonly number[];
  /** Long spellings that occur whole. */
  readonly long: readonly number[];
}

interface Mutable {
  text: string;
  tokens: number;
  starts: number[];
  before: number[];
  states: number[];
  foundBefore: number[];
  anchorsBefore: number[];
  found: number[];
  anchors: number[];
  long: number[];
}

interface PieceScan {
  readonly state: number;
  readonly end: number;
  readonly found: readonly number[];
  /** Pairs of (position in the piece, state); a position may be negative (the start began in an earlier piece). */
  readonly anchors: readonly number[];
}

interface Piece {
  readonly tokens: number;
  readonly scans: PieceScan[];
}

/** Start states remembered per piece: a piece is nearly always met from one or two states. */
const SCANS_KEPT = 8;

export class RunTexts {
  private readonly pieces = new Map<string, Piece>();
  /** The arrays behind each text read, which the next text read against it takes over. */
  private readonly owned = new WeakMap<ReadText, Mutable>();

  constructor(
    private readonly count: TokenCounter,
    private readonly index: SpellingIndex,
  ) {}

  /**
   * `text` read, keeping what `base` read of the start they share. `base` is given up: its arrays go
   * on in the new text's, so it must not be read again (the one exception: the same text, returned as is).
   * `spellings` hears of each spelling the new text holds more or fewer times than `base` (an entry of
   * `found` or `long` each), told only of the pieces after the shared start.
   */
  read(text: string, base?: ReadText, spellings?: (id: number, by: 1 | -1) => void): ReadText {
    if (base !== undefined && base.text === text) return base;
    const own = base === undefined ? undefined : this.owned.get(base);
    // Only a text whose arrays are still its own can hand them on.
    const keep = own === undefined ? 0 : keptPieces(own, text);
    // What `base` held and the new text does not keep (the pieces before the change are kept as they were).
    if (spellings !== undefined && base !== undefined) {
      const kept = own !== undefined && keep > 0 ? own.foundBefore[keep] : 0;
      for (let i = kept; i < base.found.length; i++) spellings(base.found[i], -1);
      for (const id of base.long) spellings(id, -1);
    }
    const r: Mutable =
      own !== undefined && keep > 0
        ? truncated(own, keep, text)
        : { text, tokens: 0, starts: [0], before: [0], states: [0], foundBefore: [0], anchorsBefore: [0], found: [], anchors: [], long: [] };
    cutsOf(text, r.starts[keep], r.starts);
    let tokens = r.before[keep];
    let state = r.states[keep];
    const foundKept = r.found.length;
    for (let i = keep; i < r.starts.length; i++) {
      if (i > keep) {
        r.before.push(tokens);
        r.states.push(state);
        r.foundBefore.push(r.found.length);
        r.anchorsBefore.push(r.anchors.length);
      }
      const start = r.starts[i];
      const piece = this.piece(text.slice(start, i + 1 < r.starts.length ? r.starts[i + 1] : text.length));
      tokens += piece.tokens;
      const scan = this.scan(piece, text, start, i + 1 < r.starts.length ? r.starts[i + 1] : text.length, state);
      for (const id of scan.found) r.found.push(id);
      for (let a = 0; a < scan.anchors.length; a += 2) r.anchors.push(start + scan.anchors[a], scan.anchors[a + 1]);
      state = scan.end;
    }
    r.tokens = tokens;
    // Whether a long spelling occurs depends on the text after its start: looked at again in every text.
    r.long = [];
    for (let a = 0; a < r.anchors.length; a += 2) this.index.verify(text, r.anchors[a], r.anchors[a + 1], (id) => r.long.push(id));
    if (spellings !== undefined) {
      for (let i = foundKept; i < r.found.length; i++) spellings(r.found[i], 1);
      for (const id of r.long) spellings(id, 1);
    }
    if (base !== undefined) this.owned.delete(base);
    this.owned.set(r, r);
    return r;
  }

  private piece(text: string): Piece {
    let piece = this.pieces.get(text);
    if (piece === undefined) {
      piece = { tokens: this.count(text), scans: [] };
      this.pieces.set(text, piece);
    }
    return piece;
  }

  private scan(piece: Piece, text: string, from: number, to: number, state: number): PieceScan {
    for (const s of piece.scans) if (s.state === state) return s;
    const found: number[] = [];
    const anchors: number[] = [];
    const seen = new Set<number>();
    const end = this.index.scan(
      text,
      from,
      to,
      state,
      (id) => {
        if (!seen.has(id)) {
          seen.add(id);
          found.push(id);
        }
      },
      (at, s) => anchors.push(at - from, s),
    );
    const scan = { state, end, found, anchors };
    if (piece.scans.length < SCANS_KEPT) piece.scans.push(scan);
    return scan;
  }
}

/** `base`'s arrays cut back to its first `keep` pieces (and the start of the next), for `text`. */
function truncated(base: Mutable, keep: number, text: string): Mutable {
  const n = keep + 1;
  base.starts.length = n;
  base.before.length = n;
  base.states.length = n;
  base.foundBefore.length = n;
  base.anchorsBefore.length = n;
  base.found.length = base.foundBefore[keep];
  base.anchors.length = base.anchorsBefore[keep];
  return { ...base, text, tokens: 0, long: [] };
}
