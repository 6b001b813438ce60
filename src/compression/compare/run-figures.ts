// The figures of one recorded run under several strategies: the tokens of every request, how much of
// each request repeats the previous one's start (what a provider's prompt cache can serve), and what
// each request hides that the full history shows. Pure: the same run gives the same figures.
import type { Memory, Message, TurnRecord } from '../records.ts';
import { DEFAULT_COMPRESSION_OPTIONS, type CompressionOptions } from '../options.ts';
import type { RenderContext, Strategy } from '../strategy.ts';
import { fullHistory } from '../strategies/full-history.ts';
import type { TokenCounter } from '../tokens.ts';
import { RunTexts, type ReadText } from './run-texts.ts';
import { SpellingIndex } from './spelling-index.ts';
import { commonPrefixLength, prefixTokens } from './text-tokens.ts';
import { isNamedWithoutSample, requestText, turnItems, valueItems, type Item, type ItemKind, type SampleLimits } from './visibility.ts';

export type HiddenCounts = Readonly<Record<ItemKind, number>>;

/** One request: the messages sent to ask for turn `turn`. */
export interface RequestFigures {
  readonly turn: number;
  readonly tokens: number;
  /** Tokens of the leading part equal to the previous request's (0 for turn 1). */
  readonly cacheable: number;
  /** The previous request's start is not all repeated: a cache holding it serves only part. */
  readonly cacheBreak: boolean;
  /** Items full history shows in this request and this strategy does not (values: named without a sample). */
  readonly hidden: HiddenCounts;
}

export interface StrategyFigures {
  readonly name: string;
  readonly requests: readonly RequestFigures[];
  readonly total: number;
  readonly cacheableTotal: number;
  /** Distinct items hidden in at least one request of the run. */
  readonly hidden: HiddenCounts;
  /** Those items, in the order they happened. */
  readonly hiddenItems: readonly Item[];
}

export interface RunFigures {
  /** Recorded turns: one request each. */
  readonly turns: number;
  /** Tokens of the SYSTEM message (sent unchanged with every request, by every strategy). */
  readonly systemTokens: number;
  /** Full history first, then the strategies asked for, in their order. */
  readonly strategies: readonly StrategyFigures[];
}

/** A strategy with its options, under a name of its own (the same strategy may come with other options). */
export interface Variant {
  readonly name: string;
  readonly strategy: Strategy;
  readonly options: CompressionOptions;
}

export interface CompareInput {
  readonly turns: readonly TurnRecord[];
  readonly context: RenderContext;
  /** Full history (default options) is always computed, first, as the baseline. */
  readonly variants: readonly Variant[];
  readonly count: TokenCounter;
}

const NO_MEMORY: Memory = new Map();

function zeroCounts(): Record<ItemKind, number> {
  return { toolResult: 0, toolCall: 0, print: 0, failedAttempt: 0, oldCode: 0, unsampledValue: 0 };
}

/** Turn k's request (1-based), rendered from the turns before it, as the agent loop renders it. */
export function requestFor(
  strategy: Strategy,
  turns: readonly TurnRecord[],
  k: number,
  context: RenderContext,
  options: CompressionOptions,
): readonly Message[] {
  const before = turns.slice(0, k - 1);
  const memory = before.length > 0 ? (before[before.length - 1].memory ?? NO_MEMORY) : NO_MEMORY;
  return strategy.render(before, memory, { ...context, ...options }).messages;
}

/**
 * Tokens of the start of `current` that equals the start of `previous`: the leading messages equal in
 * role and content, then the common leading text of the first message that differs in content (same role).
 */
export function cacheablePrefix(previous: readonly Message[], current: readonly Message[], count: TokenCounter): { tokens: number; whole: boolean } {
  return cacheableStart(
    previous,
    current,
    (i) => count(current[i].content),
    (i, end) => count(current[i].content.slice(0, end)),
  );
}

function cacheableStart(
  previous: readonly Message[],
  current: readonly Message[],
  tokensOf: (i: number) => number,
  startTokensOf: (i: number, end: number) => number,
): { tokens: number; whole: boolean } {
  let tokens = 0;
  let i = 0;
  while (i < previous.length && i < current.length && previous[i].role === current[i].role && previous[i].content === current[i].content) {
    tokens += tokensOf(i);
    i++;
  }
  if (i === previous.length) return { tokens, whole: true };
  if (i < current.length && previous[i].role === current[i].role) {
    const j = commonPrefixLength(previous[i].content, current[i].content);
    if (j > 0) tokens += startTokensOf(i, j);
  }
  return { tokens, whole: false };
}

/** Which turn last defined each name, read from the turns' memories (a redefinition moves it). */
function definitionTurns(turns: readonly TurnRecord[]): Map<string, number>[] {
  const out: Map<string, number>[] = [];
  let current = new Map<string, number>();
  let before: Memory = NO_MEMORY;
  for (const t of turns) {
    const memory = t.memory ?? before;
    if (memory !== before) {
      current = new Map(current);
      for (const [name, entry] of memory) if (before.get(name) !== entry) current.set(name, t.number);
    }
    out.push(current);
    before = memory;
  }
  return out;
}

/** A `user/` value a request may name without its sample, with its spellings as the run's spelling ids. */
interface ValueCheck {
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
interface Spelled {
  readonly items: readonly Item[];
  /** The spelling ids of item i: `spellingIds[spellingsFrom[i] … spellingsFrom[i + 1])`. */
  readonly spellingsFrom: Int32Array;
  readonly spellingIds: Int32Array;
  /** `before[k]`: how many items happened in turns before turn k. */
  readonly before: readonly number[];
  /** `values[t]`: the values of the memory after turn t+1 (0-based). */
  readonly values: readonly (readonly ValueCheck[])[];
}

/** The distinct strings looked for in the run's requests, by id. */
class SpellingIds {
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

function spelledRun(turns: readonly TurnRecord[], definedIn: readonly Map<string, number>[], limits: SampleLimits, ids: SpellingIds): Spelled {
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
  const values = turns.map((t, i) =>
    valueItems(t.memory ?? NO_MEMORY, definedIn[i], limits).map((item): ValueCheck => ({
      item,
      label: ids.id(item.label),
      spellings: item.spellings.map((s) => ids.id(s)),
      joined: item.spellings.some((s) => s.includes('\n')),
    })),
  );
  return { items, spellingsFrom, spellingIds: Int32Array.from(flat), before, values };
}

function limitsKey(options: CompressionOptions): string {
  return `${options.sampleLimit}/${options.samplePrintableLimit}`;
}

interface VariantRun {
  readonly variant: Variant;
  readonly spelled: Spelled;
  readonly requests: RequestFigures[];
  readonly hiddenIds: Map<string, Item>;
  previous: readonly Message[] | null;
  read: readonly ReadText[];
}

/**
 * Every request of the run under every variant, one turn at a time: full history's request first, so
 * that what it shows is at hand when the others are compared with it. Each message is read against
 * the same message of the variant's previous request (run-texts.ts), so the work follows what changes
 * from request to request rather than the requests' whole length.
 */
export function compareRun(input: CompareInput): RunFigures {
  const { turns, context, count } = input;
  const baseline: Variant = { name: fullHistory.name, strategy: fullHistory, options: DEFAULT_COMPRESSION_OPTIONS };
  const variants = [baseline, ...input.variants.filter((v) => !(v.strategy === fullHistory && v.name === fullHistory.name))];
  const definedIn = definitionTurns(turns);
  // Items are spelled with the samples a variant writes, so they are found per sample size; full
  // history's requests are looked through with each size's spellings.
  const ids = new SpellingIds();
  const bySize = new Map<string, Spelled>();
  const runs = variants.map((variant): VariantRun => {
    const key = limitsKey(variant.options);
    let spelled = bySize.get(key);
    if (spelled === undefined) {
      spelled = spelledRun(turns, definedIn, variant.options, ids);
      bySize.set(key, spelled);
    }
    return { variant, spelled, requests: [], hiddenIds: new Map(), previous: null, read: [] };
  });
  const texts = new RunTexts(count, new SpellingIndex(ids.list));
  // stamp[id] === mark: spelling `id` occurs in the request being looked at.
  const stamp = new Int32Array(ids.list.length);
  let mark = 0;
  const shownBy = (spelled: Spelled, need: number): Uint8Array => {
    const shown = new Uint8Array(need);
    const { spellingsFrom: from, spellingIds: id } = spelled;
    for (let i = 0; i < need; i++) {
      for (let j = from[i]; j < from[i + 1]; j++) {
        if (stamp[id[j]] === mark) {
          shown[i] = 1;
          break;
        }
      }
    }
    return shown;
  };

  for (let k = 1; k <= turns.length; k++) {
    const fullShown = new Map<Spelled, Uint8Array>();
    for (const run of runs) {
      const { strategy, options } = run.variant;
      const messages = requestFor(strategy, turns, k, context, options);
      const read = messages.map((m, i) => texts.read(m.content, run.read[i]));
      mark++;
      read.forEach((r, i) => {
        if (messages[i].role === 'system') return;
        for (const id of r.found) stamp[id] = mark;
        for (const id of r.long) stamp[id] = mark;
      });
      const spelled = run.spelled;
      const need = spelled.before[k];
      const hidden = zeroCounts();
      if (run === runs[0]) {
        for (const s of bySize.values()) fullShown.set(s, shownBy(s, s.before[k]));
      } else if (strategy !== fullHistory) {
        const full = fullShown.get(spelled) ?? new Uint8Array(need);
        const shown = shownBy(spelled, need);
        for (let i = 0; i < need; i++) {
          if (full[i] === 1 && shown[i] === 0) {
            const item = spelled.items[i];
            hidden[item.kind]++;
            if (!run.hiddenIds.has(item.id)) run.hiddenIds.set(item.id, item);
          }
        }
      }
      if (k > 1) {
        let text: string | null = null;
        for (const value of spelled.values[k - 2]) {
          let unsampled: boolean;
          if (value.joined) {
            text ??= requestText(messages);
            unsampled = isNamedWithoutSample(value.item, text);
          } else {
            unsampled = stamp[value.label] === mark && !value.spellings.some((id) => stamp[id] === mark);
          }
          if (unsampled) {
            hidden.unsampledValue++;
            if (!run.hiddenIds.has(value.item.id)) run.hiddenIds.set(value.item.id, value.item);
          }
        }
      }
      const prefix =
        run.previous === null
          ? { tokens: 0, whole: true }
          : cacheableStart(
              run.previous,
              messages,
              (i) => read[i].tokens,
              (i, end) => prefixTokens(read[i], end, count),
            );
      run.requests.push({ turn: k, tokens: read.reduce((n, r) => n + r.tokens, 0), cacheable: prefix.tokens, cacheBreak: !prefix.whole, hidden });
      run.previous = messages;
      run.read = read;
    }
  }

  const figures = runs.map(({ variant, requests, hiddenIds }): StrategyFigures => {
    const hiddenItems = [...hiddenIds.values()].sort((a, b) => a.turn - b.turn);
    const distinct = zeroCounts();
    for (const item of hiddenItems) distinct[item.kind]++;
    return {
      name: variant.name,
      requests,
      total: requests.reduce((n, r) => n + r.tokens, 0),
      cacheableTotal: requests.reduce((n, r) => n + r.cacheable, 0),
      hidden: distinct,
      hiddenItems,
    };
  });
  return { turns: turns.length, systemTokens: count(context.systemPrompt), strategies: figures };
}
