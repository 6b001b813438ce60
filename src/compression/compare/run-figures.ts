// The figures of one recorded run under several strategies: the tokens of every request, how much of
// each request repeats the previous one's start (what a provider's prompt cache can serve), and what
// each request hides that the full history shows. Pure: the same run gives the same figures.
import type { Memory, Message, TurnRecord } from '../records.ts';
import { DEFAULT_COMPRESSION_OPTIONS, type CompressionOptions } from '../options.ts';
import type { RenderContext, Strategy } from '../strategy.ts';
import { fullHistory } from '../strategies/full-history.ts';
import type { TokenCounter } from '../tokens.ts';
import { isNamedWithoutSample, isShown, requestText, turnItems, valueItems, type Item, type ItemKind, type SampleLimits } from './visibility.ts';

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

export function messageTokens(messages: readonly Message[], count: TokenCounter): number {
  let n = 0;
  for (const m of messages) n += count(m.content);
  return n;
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
    const a = previous[i].content;
    const b = current[i].content;
    let j = 0;
    while (j < a.length && j < b.length && a.charCodeAt(j) === b.charCodeAt(j)) j++;
    if (j > 0) tokens += count(b.slice(0, j));
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

/**
 * Which items of a run each message shows, found once per distinct message text. Requests repeat most
 * of their messages (full history only appends), so a request's items are those of the request before
 * it plus what its new messages show: the work grows with the run, not with its square.
 */
class ItemScan {
  /** Items in turn order; `before[k]` is how many happened in turns before turn k. */
  readonly items: Item[];
  readonly before: number[];
  private readonly seen = new Map<string, { checked: number; bits: Uint8Array }>();

  constructor(itemsByTurn: readonly (readonly Item[])[]) {
    this.items = itemsByTurn.flat();
    this.before = [0, 0];
    for (const items of itemsByTurn) this.before.push(this.before[this.before.length - 1] + items.length);
  }

  /** Bit i set when message text `content` shows item i, for the first `need` items. */
  private bitsOf(content: string, need: number): Uint8Array {
    let entry = this.seen.get(content);
    if (entry === undefined) {
      entry = { checked: 0, bits: new Uint8Array(this.items.length) };
      this.seen.set(content, entry);
    }
    for (let i = entry.checked; i < need; i++) entry.bits[i] = isShown(this.items[i], content) ? 1 : 0;
    entry.checked = Math.max(entry.checked, need);
    return entry.bits;
  }

  /** The items of turns before `k` that `messages` show, extending `last` when they extend its messages. */
  shown(messages: readonly Message[], k: number, last: { messages: readonly Message[]; bits: Uint8Array } | null): Uint8Array {
    const need = this.before[k];
    const out = new Uint8Array(need);
    let from = 0;
    if (
      last !== null &&
      last.messages.length <= messages.length &&
      last.messages.every((m, i) => m.role === messages[i].role && m.content === messages[i].content)
    ) {
      out.set(last.bits.subarray(0, Math.min(need, last.bits.length)));
      // Items newer than the last request were not looked for in its messages.
      for (let i = 0; i < last.messages.length; i++) {
        if (last.messages[i].role === 'system' || last.bits.length >= need) continue;
        const bits = this.bitsOf(last.messages[i].content, need);
        for (let j = last.bits.length; j < need; j++) if (bits[j] === 1) out[j] = 1;
      }
      from = last.messages.length;
    }
    for (let i = from; i < messages.length; i++) {
      if (messages[i].role === 'system') continue;
      const bits = this.bitsOf(messages[i].content, need);
      for (let j = 0; j < need; j++) if (bits[j] === 1) out[j] = 1;
    }
    return out;
  }
}

export function compareRun(input: CompareInput): RunFigures {
  const { turns, context, count } = input;
  const baseline: Variant = { name: fullHistory.name, strategy: fullHistory, options: DEFAULT_COMPRESSION_OPTIONS };
  const variants = [baseline, ...input.variants.filter((v) => !(v.strategy === fullHistory && v.name === fullHistory.name))];
  const definedIn = definitionTurns(turns);
  // Items are spelled with the samples a variant writes, so they are found per sample size; full
  // history's requests are looked through with each size's spellings.
  const fullRequests: (readonly Message[])[] = [];
  const scans = new Map<string, { scan: ItemScan; full: Uint8Array[] }>();
  const scanFor = (limits: SampleLimits) => {
    const key = `${limits.sampleLimit}/${limits.samplePrintableLimit}`;
    let entry = scans.get(key);
    if (entry === undefined) {
      entry = { scan: new ItemScan(turns.map((t) => turnItems(t, limits))), full: [] };
      scans.set(key, entry);
    }
    return entry;
  };
  const fullShown = (entry: { scan: ItemScan; full: Uint8Array[] }, k: number): Uint8Array => {
    for (let j = entry.full.length + 1; j <= k; j++) {
      const last = j > 1 ? { messages: fullRequests[j - 2], bits: entry.full[j - 2] } : null;
      entry.full.push(entry.scan.shown(fullRequests[j - 1], j, last));
    }
    return entry.full[k - 1];
  };
  const systemTokens = count(context.systemPrompt);

  const figures = variants.map(({ name, strategy, options }): StrategyFigures => {
    const limits = { sampleLimit: options.sampleLimit, samplePrintableLimit: options.samplePrintableLimit };
    const entry = scanFor(limits);
    const isBaseline = name === baseline.name && strategy === fullHistory;
    const requests: RequestFigures[] = [];
    const hiddenIds = new Map<string, Item>();
    let previous: readonly Message[] | null = null;
    let last: { messages: readonly Message[]; bits: Uint8Array } | null = null;
    for (let k = 1; k <= turns.length; k++) {
      const messages = requestFor(strategy, turns, k, context, options);
      if (isBaseline) fullRequests.push(messages);
      const hidden = zeroCounts();
      if (strategy !== fullHistory) {
        const full = fullShown(entry, k);
        const shown = entry.scan.shown(messages, k, last);
        last = { messages, bits: shown };
        for (let i = 0; i < shown.length; i++) {
          if (full[i] === 1 && shown[i] === 0) {
            const item = entry.scan.items[i];
            hidden[item.kind]++;
            if (!hiddenIds.has(item.id)) hiddenIds.set(item.id, item);
          }
        }
      }
      if (k > 1) {
        const values = valueItems(turns[k - 2].memory ?? NO_MEMORY, definedIn[k - 2], limits);
        const text = values.length > 0 ? requestText(messages) : '';
        for (const item of values) {
          if (isNamedWithoutSample(item, text)) {
            hidden.unsampledValue++;
            if (!hiddenIds.has(item.id)) hiddenIds.set(item.id, item);
          }
        }
      }
      const prefix = previous === null ? { tokens: 0, whole: true } : cacheablePrefix(previous, messages, count);
      requests.push({ turn: k, tokens: messageTokens(messages, count), cacheable: prefix.tokens, cacheBreak: !prefix.whole, hidden });
      previous = messages;
    }
    const hiddenItems = [...hiddenIds.values()].sort((a, b) => a.turn - b.turn);
    const distinct = zeroCounts();
    for (const item of hiddenItems) distinct[item.kind]++;
    return {
      name,
      requests,
      total: requests.reduce((n, r) => n + r.tokens, 0),
      cacheableTotal: requests.reduce((n, r) => n + r.cacheable, 0),
      hidden: distinct,
      hiddenItems,
    };
  });
  return { turns: turns.length, systemTokens, strategies: figures };
}
