// What a run's requests are searched for, and which items each request shows and hides, kept up to
// date as spellings come and go from one request to the next. Looking at every item of the run for
// every request costs the square of the run; here a request costs the spellings that appeared in it or
// left it (most requests repeat most of the previous one), plus the items of the turn just added.
import type { Memory, MemoryEntry, TurnRecord } from '../../records/records.ts';
import { ITEM_KINDS, turnItems, valueItem, type Item, type SampleLimits } from './visibility.ts';

const NO_MEMORY: Memory = new Map();

/** The distinct strings looked for in the run's requests, by id. */
export class SpellingIds {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.list.length;
      this.list.push(text);
      this.ids.set(text, id);
    }
    return id;
  }
}

/** A `user/` value a request may name without its sample, with its spellings as spelling ids. */
export interface ValueCheck {
  readonly item: Item;
  readonly label: number;
  readonly spellings: readonly number[];
  /**
   * A spelling runs over a line break, so it could be found across two messages of the joined text:
   * looked for in that text itself.
   */
  readonly joined: boolean;
}

/** What a sample size spells: every item of the run, and the values each turn's memory holds. */
export interface Spelled {
  readonly items: readonly Item[];
  /** Each item's kind, as its index in ITEM_KINDS. */
  readonly kinds: Uint8Array;
  /** The spelling ids of item i: `spellingIds[spellingsFrom[i] … spellingsFrom[i + 1])`. */
  readonly spellingsFrom: Int32Array;
  readonly spellingIds: Int32Array;
  /** `before[k]`: how many items happened in turns before turn k. */
  readonly before: readonly number[];
  /** `values[t]`: the values of the memory after turn t+1 (0-based). */
  readonly values: readonly (readonly ValueCheck[])[];
}

export function spelledRun(turns: readonly TurnRecord[], definedIn: readonly ReadonlyMap<string, number>[], limits: SampleLimits, ids: SpellingIds): Spelled {
  const items: Item[] = [];
  const before = [0, 0];
  for (const t of turns) {
    items.push(...turnItems(t, limits));
    before.push(items.length);
  }
  const spellingsFrom = new Int32Array(items.length + 1);
  const flat: number[] = [];
  items.forEach((item, i) => {
    for (const s of item.spellings) flat.push(ids.id(s));
    spellingsFrom[i + 1] = flat.length;
  });
  // A value stays in memory turn after turn as the same entry: its spellings are written once.
  const checks = new Map<MemoryEntry, { turn: number; check: ValueCheck | null }>();
  const checkOf = (entry: MemoryEntry, turn: number): ValueCheck | null => {
    const known = checks.get(entry);
    if (known !== undefined && known.turn === turn) return known.check;
    const item = valueItem(entry, turn, limits);
    const check =
      item === null
        ? null
        : { item, label: ids.id(item.label), spellings: item.spellings.map((s) => ids.id(s)), joined: item.spellings.some((s) => s.includes('\n')) };
    checks.set(entry, { turn, check });
    return check;
  };
  const values = turns.map((t, i) => {
    const out: ValueCheck[] = [];
    for (const entry of (t.memory ?? NO_MEMORY).values()) {
      const check = checkOf(entry, definedIn[i].get(entry.name) ?? 0);
      if (check !== null) out.push(check);
    }
    return out;
  });
  const kinds = Uint8Array.from(items, (item) => ITEM_KINDS.indexOf(item.kind));
  return { items, kinds, spellingsFrom, spellingIds: Int32Array.from(flat), before, values };
}

/** For each spelling id, the items of a sample size spelled by it (every id of the run, so sized once all are known). */
export class ItemsBySpelling {
  private readonly from: Int32Array;
  private readonly items: Int32Array;

  constructor(spelled: Spelled, spellings: number) {
    const { spellingsFrom, spellingIds } = spelled;
    this.from = new Int32Array(spellings + 1);
    for (const id of spellingIds) this.from[id + 1]++;
    for (let id = 0; id < spellings; id++) this.from[id + 1] += this.from[id];
    this.items = new Int32Array(spellingIds.length);
    const fill = this.from.slice(0, spellings);
    for (let i = 0; i + 1 < spellingsFrom.length; i++) for (let j = spellingsFrom[i]; j < spellingsFrom[i + 1]; j++) this.items[fill[spellingIds[j]]++] = i;
  }

  each(id: number, fn: (item: number) => void): void {
    for (let j = this.from[id]; j < this.from[id + 1]; j++) fn(this.items[j]);
  }
}

/** The items one request shows: an item is shown while any of its spellings is present. */
export class ShownItems {
  /** Per item: how many of its spellings are present. */
  private readonly present: Int32Array;

  constructor(
    private readonly bySpelling: ItemsBySpelling,
    items: number,
  ) {
    this.present = new Int32Array(items);
  }

  shows(item: number): boolean {
    return this.present[item] > 0;
  }

  /** Spelling `id` appeared (+1) or left (-1): `flipped` hears of each item shown or no longer shown. */
  spelling(id: number, by: 1 | -1, flipped: (item: number) => void): void {
    this.bySpelling.each(id, (i) => {
      const was = this.present[i] > 0;
      this.present[i] += by;
      if (was !== this.present[i] > 0) flipped(i);
    });
  }
}

/**
 * The items a variant's request hides against full history's for the same turn, counted by kind: an
 * item of the turns before the request that full history shows and the variant does not. Both sides
 * tell it of items whose state changed; the items of each new turn join as the run goes on.
 */
export class HiddenItems {
  /** Items old enough to count: those of the turns before the current request. */
  private eligible = 0;
  private readonly hiddenNow: Uint8Array;
  private readonly everHidden: Uint8Array;
  private readonly byKind = new Int32Array(ITEM_KINDS.length);
  private candidates: number[] = [];

  constructor(
    private readonly spelled: Spelled,
    private readonly full: ShownItems,
    private readonly own: ShownItems,
  ) {
    this.hiddenNow = new Uint8Array(spelled.items.length);
    this.everHidden = new Uint8Array(spelled.items.length);
  }

  /** Item `i`'s state may have changed on either side. */
  update(i: number): void {
    if (i >= this.eligible) return;
    const hidden = this.full.shows(i) && !this.own.shows(i) ? 1 : 0;
    if (hidden === this.hiddenNow[i]) return;
    this.hiddenNow[i] = hidden;
    this.byKind[this.spelled.kinds[i]] += hidden === 1 ? 1 : -1;
    if (hidden === 1 && this.everHidden[i] === 0) this.candidates.push(i);
  }

  /**
   * Closes request k: the items of turn k−1 join, and the figures are read. Returns the counts by kind
   * and the items hidden for the first time, in item order.
   */
  close(k: number): { counts: Int32Array; first: Item[] } {
    const need = this.spelled.before[k];
    while (this.eligible < need) {
      const i = this.eligible;
      this.eligible++;
      this.update(i);
    }
    const first: Item[] = [];
    // A state seen on the way (full history's request read, this one not yet) may have changed back.
    const newly = this.candidates.filter((i) => this.hiddenNow[i] === 1 && this.everHidden[i] === 0).sort((a, b) => a - b);
    for (const i of newly) {
      if (this.everHidden[i] === 1) continue; // listed twice
      this.everHidden[i] = 1;
      first.push(this.spelled.items[i]);
    }
    this.candidates = [];
    return { counts: this.byKind, first };
  }
}
