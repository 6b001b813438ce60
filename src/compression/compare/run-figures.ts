// The figures of one recorded run under several strategies: the tokens of every request, how much of
// each request repeats the previous one's start (what a provider's prompt cache can serve), and what
// each request hides that the full history shows. Pure: the same run gives the same figures.
import type { Memory, Message, TurnRecord } from '../../records/records.ts';
import { DEFAULT_COMPRESSION_OPTIONS, type CompressionOptions } from '../options.ts';
import type { RenderContext, Strategy } from '../strategy.ts';
import { fullHistory } from '../strategies/full-history.ts';
import type { TokenCounter } from '../tokens.ts';
import { RunTexts, type ReadText } from './run-texts.ts';
import { SpellingIndex } from './spelling-index.ts';
import { commonPrefixLength, prefixTokens } from './text-tokens.ts';
import { HiddenItems, ItemsBySpelling, ShownItems, SpellingIds, spelledRun, type Spelled } from './spelled.ts';
import { ITEM_KINDS, isNamedWithoutSample, requestText, type Item, type ItemKind } from './visibility.ts';

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
  return renderBefore(strategy, turns.slice(0, k - 1), context, options);
}

/** The request that follows `before`, the turns so far. */
function renderBefore(strategy: Strategy, before: readonly TurnRecord[], context: RenderContext, options: CompressionOptions): readonly Message[] {
  const memory = before.length > 0 ? (before[before.length - 1].memory ?? NO_MEMORY) : NO_MEMORY;
  return strategy.render(before, memory, { ...context, ...options }).messages;
}

/**
 * Tokens of the start of `current` that equals the start of `previous`: the leading messages equal in
 * role and content, then the common leading text of the first message that differs in content (same role).
 */
export function cacheablePrefix(previous: readonly Message[], current: readonly Message[], count: TokenCounter): { tokens: number; whole: boolean } {
  let tokens = 0;
  let i = 0;
  while (i < previous.length && i < current.length && previous[i].role === current[i].role && previous[i].content === current[i].content) {
    tokens += count(current[i].content);
    i++;
  }
  if (i === previous.length) return { tokens, whole: true };
  if (i < current.length && previous[i].role === current[i].role) {
    const j = commonPrefixLength(previous[i].content, current[i].content);
    if (j > 0) tokens += count(current[i].content.slice(0, j));
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

function limitsKey(options: CompressionOptions): string {
  return `${options.sampleLimit}/${options.samplePrintableLimit}`;
}

interface VariantRun {
  readonly variant: Variant;
  readonly spelled: Spelled;
  readonly requests: RequestFigures[];
  /** Items hidden in at least one request, in the order first hidden. */
  readonly hiddenItems: Item[];
  readonly hiddenValues: Set<string>;
  /** What its requests show and hide, for a variant compared with full history. */
  readonly hidden: HiddenItems | null;
  readonly shown: ShownItems | null;
  previous: readonly Message[] | null;
  readonly read: ReadText[];
  /** Per spelling: how many of the current request's messages (SYSTEM aside) hold it, once per piece. */
  readonly present: Int32Array;
  /** Per spelling: present in the previous request. */
  readonly was: Uint8Array;
}

function countSpellings(present: Int32Array, r: ReadText, by: number, touched: number[]): void {
  for (const id of r.found) {
    present[id] += by;
    touched.push(id);
  }
  for (const id of r.long) {
    present[id] += by;
    touched.push(id);
  }
}

/**
 * Reads a variant's next request against its previous one: a message equal to the one at its place
 * before (same role, same text, most often the very same string) keeps what was read of it, so a
 * request that repeats most of the previous one costs what changed. Returns its tokens, its cacheable
 * start, and the spellings that appeared in it or left it.
 */
function readRequest(
  run: VariantRun,
  messages: readonly Message[],
  texts: RunTexts,
  count: TokenCounter,
): { tokens: number; cacheable: number; whole: boolean; spellings: number[] } {
  const previous = run.previous ?? [];
  const touched: number[] = [];
  // Changed in place: it only ever serves as what the next request is read against.
  const read = run.read;
  let tokens = 0;
  let cacheable = 0;
  const same = run.previous !== null;
  let changed = -1;
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    const p = i < previous.length ? previous[i] : undefined;
    // Most often the very same message (strategies keep what they wrote for a turn), or the same text.
    if (p === undefined || !(p === m || (p.role === m.role && p.content.length === m.content.length && p.content === m.content))) {
      const base = i < read.length ? read[i] : undefined;
      let r: ReadText;
      if (p !== undefined && p.role !== 'system' && m.role !== 'system') {
        // Told only of what changed: a message that grows costs its new pieces, not all it holds.
        r = texts.read(m.content, base, (id, by) => {
          run.present[id] += by;
          touched.push(id);
        });
      } else {
        // What the old message held goes before its arrays are taken over by the new one.
        if (p !== undefined && p.role !== 'system' && base !== undefined) countSpellings(run.present, base, -1, touched);
        r = texts.read(m.content, base);
        if (m.role !== 'system') countSpellings(run.present, r, 1, touched);
      }
      if (i < read.length) read[i] = r;
      else read.push(r);
      if (same && changed < 0) changed = i;
    }
    tokens += read[i].tokens;
    if (same && changed < 0 && i < previous.length) cacheable += read[i].tokens;
  }
  for (let i = messages.length; i < previous.length; i++) if (previous[i].role !== 'system') countSpellings(run.present, read[i], -1, touched);
  read.length = messages.length;
  // The cacheable start: the leading messages equal to the previous request's, then the text the first
  // differing message (same role) shares with the one it replaces.
  let whole = true;
  if (!same) cacheable = 0;
  else if (changed >= 0 && changed < previous.length) {
    whole = false;
    if (previous[changed].role === messages[changed].role) {
      const j = commonPrefixLength(previous[changed].content, messages[changed].content);
      cacheable += prefixTokens(read[changed], j, count);
    }
  } else if (messages.length < previous.length) whole = false;
  run.previous = messages;
  // The spellings that appeared or left, each once: pairs of (id, +1 or -1).
  const changes: number[] = [];
  for (const id of touched) {
    const now = run.present[id] > 0 ? 1 : 0;
    if (now !== run.was[id]) {
      run.was[id] = now;
      changes.push(id, now === 1 ? 1 : -1);
    }
  }
  return { tokens, cacheable, whole, spellings: changes };
}

/**
 * The turns as records of one layout. The loop's turns are objects of nearly as many layouts as there
 * are turns (spread from optional parts), and every request loops over all the turns before it: JS
 * engines run such loops several times slower over many layouts than over one.
 */
function uniform(turns: readonly TurnRecord[]): TurnRecord[] {
  return turns.map((t) => ({
    number: t.number,
    rawResponse: t.rawResponse,
    program: t.program,
    result: t.result,
    error: t.error,
    prints: t.prints,
    toolCalls: t.toolCalls,
    success: t.success,
    memory: t.memory,
  }));
}

/**
 * Every request of the run under every variant, one turn at a time: full history's request first, so
 * that what it shows is at hand when the others are compared with it. Each message is read against
 * the same message of the variant's previous request (run-texts.ts), so the work follows what changes
 * from request to request rather than the requests' whole length.
 */
export function compareRun(input: CompareInput): RunFigures {
  const { context, count } = input;
  const turns = uniform(input.turns);
  const baseline: Variant = { name: fullHistory.name, strategy: fullHistory, options: DEFAULT_COMPRESSION_OPTIONS };
  const variants = [baseline, ...input.variants.filter((v) => !(v.strategy === fullHistory && v.name === fullHistory.name))];
  const definedIn = definitionTurns(turns);
  // Items are spelled with the samples a variant writes, so they are found per sample size; full
  // history's requests are looked through with each size's spellings.
  const ids = new SpellingIds();
  const bySize = new Map<string, Spelled>();
  const sizeOf = (variant: Variant): Spelled => {
    const key = limitsKey(variant.options);
    let spelled = bySize.get(key);
    if (spelled === undefined) {
      spelled = spelledRun(turns, definedIn, variant.options, ids);
      bySize.set(key, spelled);
    }
    return spelled;
  };
  for (const v of variants) sizeOf(v);
  const sizes = [...bySize.values()].map((spelled) => {
    const bySpelling = new ItemsBySpelling(spelled, ids.list.length);
    return { spelled, bySpelling, full: new ShownItems(bySpelling, spelled.items.length), hidden: [] as HiddenItems[] };
  });
  const runs = variants.map((variant, n): VariantRun => {
    const spelled = sizeOf(variant);
    const size = sizes.find((z) => z.spelled === spelled);
    let shown: ShownItems | null = null;
    let hidden: HiddenItems | null = null;
    if (n > 0 && variant.strategy !== fullHistory && size !== undefined) {
      shown = new ShownItems(size.bySpelling, spelled.items.length);
      hidden = new HiddenItems(spelled, size.full, shown);
      size.hidden.push(hidden);
    }
    return {
      variant,
      spelled,
      requests: [],
      hiddenItems: [],
      hiddenValues: new Set(),
      hidden,
      shown,
      previous: null,
      read: [],
      present: new Int32Array(ids.list.length),
      was: new Uint8Array(ids.list.length),
    };
  });
  const texts = new RunTexts(count, new SpellingIndex(ids.list));

  for (let k = 1; k <= turns.length; k++) {
    // The turns before turn k, shared by every variant's rendering (rendering never changes its input).
    const before = turns.slice(0, k - 1);
    for (const run of runs) {
      const { strategy, options } = run.variant;
      const messages = renderBefore(strategy, before, context, options);
      const step = readRequest(run, messages, texts, count);
      const changed = step.spellings;
      if (run === runs[0]) {
        // Full history's request comes first: what it shows now is what the others are compared with.
        for (const size of sizes) {
          const flipped = (i: number) => {
            for (const h of size.hidden) h.update(i);
          };
          for (let c = 0; c < changed.length; c += 2) size.full.spelling(changed[c], changed[c + 1] === 1 ? 1 : -1, flipped);
        }
      }
      const hidden = zeroCounts();
      const { shown, hidden: tracked } = run;
      if (shown !== null && tracked !== null) {
        const flipped = (i: number) => tracked.update(i);
        for (let c = 0; c < changed.length; c += 2) shown.spelling(changed[c], changed[c + 1] === 1 ? 1 : -1, flipped);
        const { counts, first } = tracked.close(k);
        ITEM_KINDS.forEach((kind, i) => (hidden[kind] = counts[i]));
        run.hiddenItems.push(...first);
      }
      if (k > 1) {
        let text: string | null = null;
        for (const value of run.spelled.values[k - 2]) {
          let unsampled: boolean;
          if (value.joined) {
            text ??= requestText(messages);
            unsampled = isNamedWithoutSample(value.item, text);
          } else {
            unsampled = run.present[value.label] > 0 && !value.spellings.some((id) => run.present[id] > 0);
          }
          if (unsampled) {
            hidden.unsampledValue++;
            if (!run.hiddenValues.has(value.item.id)) {
              run.hiddenValues.add(value.item.id);
              run.hiddenItems.push(value.item);
            }
          }
        }
      }
      run.requests.push({ turn: k, tokens: step.tokens, cacheable: step.cacheable, cacheBreak: !step.whole, hidden });
    }
  }

  const figures = runs.map(({ variant, requests, hiddenItems: hiddenInOrder }): StrategyFigures => {
    const hiddenItems = [...hiddenInOrder].sort((a, b) => a.turn - b.turn);
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
