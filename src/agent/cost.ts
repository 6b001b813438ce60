// What a run cost: tokens as the provider reported them, priced per million tokens. Cache reads and
// writes are priced as such when the price table says how; a model without a price has an unknown
// cost (never $0), and so does usage the provider did not report.
import type { Usage } from './llm.ts';

/** USD per million tokens. */
export interface ModelPrice {
  readonly input: number;
  readonly output: number;
  /** Price of prompt tokens read from the cache (input price when absent). */
  readonly cachedInput?: number;
  /** Price of prompt tokens written to the cache (input price when absent). */
  readonly cacheWrite?: number;
  /** What the provider's batch interface charges for this model; without it, half of every price above. */
  readonly batch?: Omit<ModelPrice, 'batch'>;
}

export interface PriceEntry extends ModelPrice {
  /** When the price was taken from the provider's price page (YYYY-MM-DD). */
  readonly asOf?: string;
}

export type PriceTable = ReadonlyMap<string, PriceEntry>;

export type Cost =
  | {
      readonly known: true;
      readonly usd: number;
      readonly parts: { readonly input: number; readonly cachedInput: number; readonly cacheWrite: number; readonly output: number };
    }
  | { readonly known: false; readonly why: string };

const PER = 1_000_000;

/** The price of a model: an exact name first, then the longest table key the name starts with (dated model versions). */
export function findPrice(table: PriceTable, model: string | undefined): PriceEntry | undefined {
  if (model === undefined || model === '') return undefined;
  const exact = table.get(model);
  if (exact) return exact;
  let best: [string, PriceEntry] | undefined;
  for (const [name, price] of table) {
    if (model.startsWith(name) && /^[-@:.]/.test(model.slice(name.length)) && (best === undefined || name.length > best[0].length)) best = [name, price];
  }
  return best?.[1];
}

/** The cost of one request's (or a run's) usage at a price. */
export function costOf(usage: Usage | undefined, price: ModelPrice | undefined, model = 'this model'): Cost {
  if (price === undefined) return { known: false, why: `no price for ${model}` };
  if (usage === undefined || usage.inputTokens === undefined || usage.outputTokens === undefined)
    return { known: false, why: 'the provider did not report the tokens' };
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const plain = Math.max(0, usage.inputTokens - cached - written);
  const parts = {
    input: (plain * price.input) / PER,
    cachedInput: (cached * (price.cachedInput ?? price.input)) / PER,
    cacheWrite: (written * (price.cacheWrite ?? price.input)) / PER,
    output: (usage.outputTokens * price.output) / PER,
  };
  return { known: true, usd: parts.input + parts.cachedInput + parts.cacheWrite + parts.output, parts };
}

/** Which price a request was charged at: the list price, the entry's own batch price, or half the list price. */
export type PriceBasis = 'list' | 'batch' | 'half-list';

/**
 * The price of a request sent through a provider's batch interface. Both providers charge half the
 * list price today, so an entry that names no batch price (a session's own prices included) is
 * halved, cached input and cache writes too.
 */
export function batchPrice(entry: ModelPrice): { readonly price: ModelPrice; readonly basis: PriceBasis } {
  if (entry.batch !== undefined) return { price: entry.batch, basis: 'batch' };
  const half = (n: number | undefined): number | undefined => (n === undefined ? undefined : n / 2);
  const cachedInput = half(entry.cachedInput);
  const cacheWrite = half(entry.cacheWrite);
  return {
    price: {
      input: entry.input / 2,
      output: entry.output / 2,
      ...(cachedInput !== undefined ? { cachedInput } : {}),
      ...(cacheWrite !== undefined ? { cacheWrite } : {}),
    },
    basis: 'half-list',
  };
}

/** Dollars for people: cents below $10 get more digits so small runs do not read as $0.00. */
export function formatUsd(usd: number): string {
  if (usd === 0) return '$0.00';
  if (usd < 0.01) return `$${usd.toPrecision(2)}`;
  if (usd < 10) return `$${usd.toFixed(4)}`;
  return `$${usd.toFixed(2)}`;
}

/**
 * Default prices of common models (USD per million tokens), each with the date it was taken. They
 * age: the app lets people edit them, and a session may carry its own, which win.
 */
export const DEFAULT_PRICES: PriceTable = new Map<string, PriceEntry>([
  ['gpt-4o', { input: 2.5, cachedInput: 1.25, output: 10, asOf: '2025-11-01' }],
  ['gpt-4o-mini', { input: 0.15, cachedInput: 0.075, output: 0.6, asOf: '2025-11-01' }],
  ['gpt-4.1', { input: 2, cachedInput: 0.5, output: 8, asOf: '2025-11-01' }],
  ['gpt-4.1-mini', { input: 0.4, cachedInput: 0.1, output: 1.6, asOf: '2025-11-01' }],
  ['gpt-4.1-nano', { input: 0.1, cachedInput: 0.025, output: 0.4, asOf: '2025-11-01' }],
  ['gpt-5', { input: 1.25, cachedInput: 0.125, output: 10, asOf: '2025-11-01' }],
  ['gpt-5-mini', { input: 0.25, cachedInput: 0.025, output: 2, asOf: '2025-11-01' }],
  ['gpt-5-nano', { input: 0.05, cachedInput: 0.005, output: 0.4, asOf: '2025-11-01' }],
  ['o4-mini', { input: 1.1, cachedInput: 0.275, output: 4.4, asOf: '2025-11-01' }],
  ['claude-opus-4-1', { input: 15, cacheWrite: 18.75, cachedInput: 1.5, output: 75, asOf: '2025-11-01' }],
  ['claude-sonnet-4-5', { input: 3, cacheWrite: 3.75, cachedInput: 0.3, output: 15, asOf: '2025-11-01' }],
  ['claude-sonnet-4', { input: 3, cacheWrite: 3.75, cachedInput: 0.3, output: 15, asOf: '2025-11-01' }],
  ['claude-haiku-4-5', { input: 1, cacheWrite: 1.25, cachedInput: 0.1, output: 5, asOf: '2025-11-01' }],
  ['claude-3-5-haiku', { input: 0.8, cacheWrite: 1, cachedInput: 0.08, output: 4, asOf: '2025-11-01' }],
]);
