// Which of many fixed strings occur in a text, in one pass over the text: an Aho–Corasick automaton over
// the strings' starts. A run's items are spelled by thousands of strings (every call, result, print and
// program), and a request's text is searched for all of them; looking for each in turn costs the
// number of strings times the text's length, this costs the text's length.
//
// Only the first ANCHOR characters of a string go into the automaton, so a run of long programs does
// not make it as large as all their text: where such a start is found, the whole string is compared
// there. Transitions live in an open-addressed table of typed arrays rather than a Map per state.

/** Characters of a string that go into the automaton; a longer string is compared where this start is found. */
export const ANCHOR = 64;

const EMPTY = -1;

export class SpellingIndex {
  readonly spellings: readonly string[];
  /** Per state: the state of its longest proper suffix that is a start of some string. */
  private fail: Int32Array;
  /** Per state: the short string (no longer than ANCHOR) that ends here, or -1. */
  private whole: Int32Array;
  /** Per state: the strings longer than ANCHOR whose first ANCHOR characters end here. */
  private readonly long = new Map<number, number[]>();
  /** Per state: the nearest state along `fail` where some string ends (or an anchor), or -1. */
  private output: Int32Array;
  private keys: Int32Array;
  private codes: Uint16Array;
  private targets: Int32Array;
  private mask: number;
  private states = 1;

  /** `spellings` distinct and not empty; a string's id is its index. */
  constructor(spellings: readonly string[]) {
    this.spellings = spellings;
    let chars = 1;
    for (const s of spellings) chars += Math.min(s.length, ANCHOR);
    let size = 16;
    while (size < chars * 2) size *= 2;
    this.mask = size - 1;
    this.keys = new Int32Array(size).fill(EMPTY);
    this.codes = new Uint16Array(size);
    this.targets = new Int32Array(size);
    const parent = new Int32Array(chars);
    const code = new Uint16Array(chars);
    const depth = new Int32Array(chars);
    this.whole = new Int32Array(chars).fill(EMPTY);
    spellings.forEach((s, id) => {
      let state = 0;
      const n = Math.min(s.length, ANCHOR);
      for (let i = 0; i < n; i++) {
        const c = s.charCodeAt(i);
        let next = this.next(state, c);
        if (next === EMPTY) {
          next = this.states++;
          parent[next] = state;
          code[next] = c;
          depth[next] = i + 1;
          this.put(state, c, next);
        }
        state = next;
      }
      if (s.length <= ANCHOR) this.whole[state] = id;
      else {
        const list = this.long.get(state);
        if (list === undefined) this.long.set(state, [id]);
        else list.push(id);
      }
    });
    // Failure links in breadth-first order: a state's link is found from its parent's, which is shallower.
    const order = Array.from({ length: this.states - 1 }, (_, i) => i + 1).sort((a, b) => depth[a] - depth[b]);
    this.fail = new Int32Array(this.states);
    this.output = new Int32Array(this.states).fill(EMPTY);
    for (const v of order) {
      const u = parent[v];
      let f = EMPTY;
      if (u !== 0) {
        let g = this.fail[u];
        for (;;) {
          const t = this.next(g, code[v]);
          if (t !== EMPTY) {
            f = t;
            break;
          }
          if (g === 0) break;
          g = this.fail[g];
        }
      }
      const link = f === EMPTY ? 0 : f;
      this.fail[v] = link;
      this.output[v] = this.ends(link) ? link : this.output[link];
    }
  }

  private ends(state: number): boolean {
    return state !== 0 && (this.whole[state] !== EMPTY || this.long.has(state));
  }

  private slot(state: number, c: number): number {
    const h = Math.imul(state ^ Math.imul(c, 0x85ebca6b), 0x9e3779b1);
    return (h ^ (h >>> 15)) & this.mask;
  }

  private next(state: number, c: number): number {
    for (let i = this.slot(state, c); ; i = (i + 1) & this.mask) {
      const k = this.keys[i];
      if (k === EMPTY) return EMPTY;
      if (k === state && this.codes[i] === c) return this.targets[i];
    }
  }

  private put(state: number, c: number, target: number): void {
    let i = this.slot(state, c);
    while (this.keys[i] !== EMPTY) i = (i + 1) & this.mask;
    this.keys[i] = state;
    this.codes[i] = c;
    this.targets[i] = target;
  }

  /**
   * Runs the automaton over `text[from, to)` from `state`: each short string that ends in that span
   * is passed to `found`, each place a long string's start ends is passed to `anchor` (with the
   * position its start begins at, which may lie before `from`, and the state). Returns the state at `to`.
   */
  scan(text: string, from: number, to: number, state: number, found: (id: number) => void, anchor: (start: number, state: number) => void): number {
    let s = state;
    for (let i = from; i < to; i++) {
      const c = text.charCodeAt(i);
      let t = this.next(s, c);
      while (t === EMPTY && s !== 0) {
        s = this.fail[s];
        t = this.next(s, c);
      }
      s = t === EMPTY ? 0 : t;
      for (let o = this.ends(s) ? s : this.output[s]; o !== EMPTY; o = this.output[o]) {
        const id = this.whole[o];
        if (id !== EMPTY) found(id);
        if (this.long.has(o)) anchor(i + 1 - ANCHOR, o);
      }
    }
    return s;
  }

  /** The long strings whose start ends at `state`, that occur in `text` at `start`. */
  verify(text: string, start: number, state: number, found: (id: number) => void): void {
    for (const id of this.long.get(state) ?? []) if (text.startsWith(this.spellings[id], start)) found(id);
  }
}
