// What turns and runs cost, for display: each request priced at the model it was sent with, the
// session's own prices before the app's table. Unknown stays unknown (never $0): a missing price or
// unreported tokens make the total unknown, and the reasons say which model.
import { costOf, findPrice, type Cost, type ModelPrice, type PriceTable } from '../../agent/cost.ts';
import type { Usage } from '../../agent/llm.ts';
import type { DiscardedRequest } from '../../session/schema.ts';
import type { SessionDefinition, TurnView, View } from '../../worker/engine.ts';

export interface FoundPrice {
  readonly price: ModelPrice;
  /** Where it came from: the session's own prices win over the app's table. */
  readonly source: 'session' | 'app';
  /** The table key that matched (a dated model matches its undated name). */
  readonly key: string;
}

export type PriceLookup = (model: string | undefined) => FoundPrice | undefined;

function keyOf(table: PriceTable, price: ModelPrice): string {
  for (const [k, v] of table) if (v === price) return k;
  return '';
}

export function sessionPriceTable(prices: SessionDefinition['prices']): PriceTable {
  return new Map(Object.entries(prices ?? {}));
}

export function priceLookup(session: PriceTable, app: PriceTable): PriceLookup {
  return (model) => {
    const own = findPrice(session, model);
    if (own) return { price: own, source: 'session', key: keyOf(session, own) };
    const shared = findPrice(app, model);
    return shared ? { price: shared, source: 'app', key: keyOf(app, shared) } : undefined;
  };
}

/** How a model is named in reasons: its name, or that none was set. */
export function modelLabel(model: string | undefined): string {
  return model !== undefined && model !== '' ? model : 'a request without a model name';
}

/** A turn's cost; null when no LLM was asked (the mock's script, a person typing): nothing was spent. */
export function turnCost(turn: TurnView, lookup: PriceLookup): Cost | null {
  if (turn.llm === undefined && turn.usage === undefined) return null;
  if (turn.llm?.provider === 'mock' && turn.usage === undefined) return null;
  const model = turn.llm?.model;
  return costOf(turn.usage, lookup(model)?.price, modelLabel(model));
}

export interface RunCost {
  /** The total, when every part has a price and reported tokens. */
  readonly usd: number | null;
  /** The sum of the parts that are known (shown only as such, never as the total). */
  readonly knownUsd: number;
  /** Why the total is unknown, deduplicated ("no price for gpt-x"). */
  readonly reasons: readonly string[];
  /** Whether any LLM request was made (else there is nothing to price). */
  readonly any: boolean;
}

/** How many requests the entries stand for. */
export function discardedCount(requests: readonly DiscardedRequest[] | undefined): number {
  let n = 0;
  for (const r of requests ?? []) n += r.count ?? 1;
  return n;
}

/** Nothing spent: the provider refused the request before any work (a wrong or unauthorised key). */
const REFUSED_STATUSES: ReadonlySet<number> = new Set([401, 403]);
const NOTHING: Cost = { known: true, usd: 0, parts: { input: 0, cachedInput: 0, cacheWrite: 0, output: 0 } };

/**
 * A discarded request's cost, at the model it was sent to. A total kept by an earlier build names no
 * model: it is priced at the session's model, as that build did. A refusal before any work cost
 * nothing, known; other requests whose tokens the provider did not report cost what is unknown.
 */
export function discardedRequestCost(request: DiscardedRequest, sessionModel: string | undefined, lookup: PriceLookup): Cost {
  const reported = request.inputTokens !== undefined || request.outputTokens !== undefined;
  if (!reported && request.status !== undefined && REFUSED_STATUSES.has(request.status)) return NOTHING;
  const model = request.provider === undefined ? sessionModel : request.model;
  const usage: Usage = {
    ...(request.inputTokens !== undefined ? { inputTokens: request.inputTokens } : {}),
    ...(request.outputTokens !== undefined ? { outputTokens: request.outputTokens } : {}),
    ...(request.cachedInputTokens !== undefined ? { cachedInputTokens: request.cachedInputTokens } : {}),
    ...(request.cacheWriteTokens !== undefined ? { cacheWriteTokens: request.cacheWriteTokens } : {}),
  };
  return costOf(usage, lookup(model)?.price, modelLabel(model));
}

/** The run's cost: every turn at its own model, plus the discarded requests. */
export function runCost(view: View, lookup: PriceLookup): RunCost {
  const costs: { cost: Cost; what: string }[] = [];
  for (const t of view.turns) {
    const c = turnCost(t, lookup);
    if (c) costs.push({ cost: c, what: `turn ${t.number}` });
  }
  for (const request of view.usage.discarded ?? []) {
    costs.push({ cost: discardedRequestCost(request, view.setup.definition.llm.model, lookup), what: 'a discarded request' });
  }
  let knownUsd = 0;
  const reasons: string[] = [];
  for (const { cost, what } of costs) {
    if (cost.known) knownUsd += cost.usd;
    else {
      // "no price for X" is the same reason whichever turn it comes from.
      const why = cost.why.startsWith('no price for') ? cost.why : `${what}: ${cost.why}`;
      if (!reasons.includes(why)) reasons.push(why);
    }
  }
  return { usd: reasons.length === 0 ? knownUsd : null, knownUsd, reasons, any: costs.length > 0 };
}

/** Prompt tokens not read from or written to the cache. */
export function plainInput(u: Usage): number | undefined {
  if (u.inputTokens === undefined) return undefined;
  return Math.max(0, u.inputTokens - (u.cachedInputTokens ?? 0) - (u.cacheWriteTokens ?? 0));
}
