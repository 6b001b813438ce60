// Runs an experiment: every run of every variant, a few at a time, each a fresh agent loop with its
// own LLM. Finished runs are handed to the host as they finish (to be saved at once), so stopping,
// a budget cap or a failing provider loses nothing that was done; a resumed experiment skips them.
import { batchPrice, costOf, findPrice, type ModelPrice, type PriceBasis, type PriceTable } from '../agent/cost.ts';
import { LlmError, type Llm, type LlmErrorKind } from '../agent/llm.ts';
import type { SentWith } from '../agent/llm-settings.ts';
import { initialStep, prepareAgent, runTurn, type PreparedAgent } from '../agent/loop.ts';
import type { AgentDef } from '../agent/agent.ts';
import { simulatedLlm } from '../agent/simulated-model.ts';
import type { Step, Turn } from '../agent/turn.ts';
import { addUsage, type Usage } from '../agent/usage.ts';
import { printValue } from '../lisp/printer.ts';
import { sessionToAgent, type Session } from '../session/session-file.ts';
import type { ExperimentPlan, Variant } from './plan.ts';
import { isFinished, runKey, type CutKind, type RunRecord } from './records.ts';
import { inShard } from './shards.ts';
import { judge } from './success.ts';

/** The LLM for one run of a variant the session's LLM answers (the mock or a real provider). */
export interface RunLlm {
  readonly llm: Llm;
  /** Recorded on each turn (real providers). */
  readonly sentWith?: SentWith;
  /** Its requests go through the provider's batch interface, so they are priced at the batch price. */
  readonly batched?: boolean;
  /** Called once the run has ended, whatever the outcome (a batch gate stops waiting for it). */
  readonly release?: () => void;
}

export interface Budget {
  /** Stop when the runs so far reported this many tokens (input + output). */
  readonly tokens?: number;
  /** Stop when the runs so far cost this many USD (runs of unknown cost count nothing). */
  readonly usd?: number;
}

export interface RunnerOptions {
  /** Makes the LLM of a run the simulated model does not answer. */
  readonly llmFor: (variant: Variant, run: number) => RunLlm;
  /** Called as each run ends, finished or cut, with the run as a session; awaited before the next starts. */
  readonly onRunDone?: (record: RunRecord, session: Session) => void | Promise<void>;
  /** Called when a run starts. */
  readonly onRunStart?: (variant: string, run: number) => void;
  /** Runs at once (at least 1). */
  readonly concurrency?: number;
  readonly signal?: AbortSignal;
  readonly budget?: Budget;
  /** Prices by model (the session's own win; see costOf). */
  readonly prices?: PriceTable;
  /** Runs already finished (a resumed experiment): kept, not run again. */
  readonly done?: readonly RunRecord[];
  /** What a live variant's agent adds: the host's connections to the MCP servers and the tools they listed now. */
  readonly liveTools?: Partial<AgentDef>;
  readonly now?: () => number;
}

export interface ExperimentResult {
  /** One record per run of the plan that ended (finished runs first kept, in plan order). */
  readonly records: readonly RunRecord[];
  /** Why runs were cut or left unstarted, when the runner stopped them (the user, the budget, the provider's settings). */
  readonly stopped?: CutKind;
}

/** Provider failures that no retry or later run can get past. */
const SETTINGS_FAILURES: readonly LlmErrorKind[] = ['auth', 'not_found', 'bad_request', 'cors'];

const clock = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * The order runs are taken in: run 1 of every variant, then run 2…, so a stopped experiment is balanced;
 * of a sharded plan, only the shard's share.
 */
export function schedule(plan: ExperimentPlan): { variant: Variant; run: number }[] {
  const order: { variant: Variant; run: number }[] = [];
  for (let run = 1; run <= plan.runs; run++)
    plan.variants.forEach((variant, v) => {
      if (inShard(plan.shard, v, run, plan.runs)) order.push({ variant, run });
    });
  return order;
}

function totalTokens(u: Usage | undefined): number {
  return (u?.inputTokens ?? 0) + (u?.outputTokens ?? 0);
}

/** Every run of the plan not already finished, `concurrency` at a time. Never rejects for a run's failure. */
export async function runExperiment(plan: ExperimentPlan, options: RunnerOptions): Promise<ExperimentResult> {
  const now = options.now ?? clock;
  const kept = new Map<string, RunRecord>();
  for (const r of options.done ?? []) if (isFinished(r)) kept.set(runKey(r.variant, r.run), r);
  const queue = schedule(plan).filter(({ variant, run }) => !kept.has(runKey(variant.name, run)));
  const ended = new Map<string, RunRecord>(kept);
  const inFlight = new Set<AbortController>();
  let spentTokens = [...kept.values()].reduce((n, r) => n + totalTokens(r.usage), 0);
  let spentUsd = [...kept.values()].reduce((n, r) => n + (r.cost ?? 0), 0);
  let stopped: CutKind | undefined;
  const overBudget = (): boolean =>
    (options.budget?.tokens !== undefined && spentTokens >= options.budget.tokens) || (options.budget?.usd !== undefined && spentUsd >= options.budget.usd);
  const stopAll = (why: CutKind): void => {
    stopped ??= why;
    for (const c of inFlight) c.abort(why);
  };
  const onOuterAbort = (): void => stopAll('stopped');
  options.signal?.addEventListener('abort', onOuterAbort);
  if (options.signal?.aborted) stopped = 'stopped';
  if (overBudget()) stopped = 'budget';

  const one = async (variant: Variant, run: number): Promise<void> => {
    const controller = new AbortController();
    inFlight.add(controller);
    options.onRunStart?.(variant.name, run);
    const t0 = now();
    const { record, turns, errorKind } = await runOnce(plan, variant, run, options, controller.signal, (delta) => {
      spentTokens += totalTokens(delta.usage);
      spentUsd += delta.cost ?? 0;
      if (overBudget()) stopAll('budget');
    });
    inFlight.delete(controller);
    // A key, a model or a URL that is wrong now is wrong for every run: stop rather than fail them all.
    if (errorKind !== undefined && SETTINGS_FAILURES.includes(errorKind)) stopAll('provider');
    const finished: RunRecord = { ...record, ms: now() - t0 };
    ended.set(runKey(variant.name, run), finished);
    await options.onRunDone?.(finished, runSession(variant, run, turns, finished));
  };

  const workers = Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 1, queue.length)) }, async () => {
    for (;;) {
      if (stopped !== undefined) return;
      const next = queue.shift();
      if (next === undefined) return;
      await one(next.variant, next.run);
    }
  });
  try {
    await Promise.all(workers);
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  const records = schedule(plan)
    .map(({ variant, run }) => ended.get(runKey(variant.name, run)))
    .filter((r): r is RunRecord => r !== undefined);
  // Said when it left work undone: runs never started, or runs it cut in flight (even the last ones).
  const undone = queue.length > 0 || records.some((r) => !isFinished(r));
  return { records, ...(stopped !== undefined && undone ? { stopped } : {}) };
}

/** A run as an ordinary session: the variant's settings, its turns, and what the experiment made of it. */
export function runSession(variant: Variant, run: number, turns: readonly Turn[], record: RunRecord): Session {
  const extra = new Map(variant.session.extra ?? []);
  extra.set('experimentRun', { variant: variant.name, run, outcome: record.outcome, ...(record.why !== undefined ? { why: record.why } : {}) });
  return { ...variant.session, title: `${variant.session.title} · ${variant.name} · run ${run}`, turns, extra };
}

interface Spent {
  readonly usage: Usage | undefined;
  readonly cost: number | null;
}

/** The host's price table with the session's own prices over it. */
function pricesFor(options: RunnerOptions, session: Session): PriceTable {
  const table = new Map(options.prices ?? []);
  for (const [name, p] of session.prices ?? []) table.set(name, p);
  return table;
}

async function runOnce(
  plan: ExperimentPlan,
  variant: Variant,
  run: number,
  options: RunnerOptions,
  signal: AbortSignal,
  spend: (delta: Spent) => void,
): Promise<{ record: Omit<RunRecord, 'ms'>; turns: readonly Turn[]; errorKind?: LlmErrorKind }> {
  // A recorded variant never reaches a server; a live one uses the host's connections.
  const tools: Partial<AgentDef> = variant.tools === 'recorded' ? { toolRecord: variant.record ?? [] } : (options.liveTools ?? {});
  const prepared = prepareAgent({ ...sessionToAgent(variant.session), ...tools });
  if (!prepared.ok) throw new Error(`variant ${variant.name}: ${prepared.errors.join('; ')}`);
  const agent: PreparedAgent = prepared.agent;
  let step: Step = initialStep();
  let answerer: RunLlm;
  if (variant.simulated !== undefined) {
    const limits = { sampleLimit: agent.options.sampleLimit, samplePrintableLimit: agent.options.samplePrintableLimit };
    answerer = { llm: simulatedLlm({ script: variant.script, seed: run, settings: variant.simulated, turns: () => step.turns, limits }) };
  } else {
    answerer = options.llmFor(variant, run);
  }
  const model = answerer.sentWith?.model ?? variant.session.llm.model;
  const entry = findPrice(pricesFor(options, variant.session), model);
  const priced: { price: ModelPrice; basis: PriceBasis } | undefined =
    entry === undefined ? undefined : answerer.batched === true ? batchPrice(entry) : { price: entry, basis: 'list' };
  const price = priced?.price;
  const base = { variant: variant.name, run, ...(priced !== undefined ? { priceBasis: priced.basis } : {}) };
  const costFor = (u: Usage | undefined): number | null => {
    const c = costOf(u, price, model);
    return c.known ? c.usd : null;
  };
  let usage: Usage = {};
  let costKnown = true;
  let cost = 0;
  const count = (u: Usage | undefined): void => {
    usage = addUsage(usage, u);
    const c = costFor(u);
    if (c === null) costKnown = false;
    else cost += c;
    spend({ usage: u, cost: c });
  };
  const costSoFar = (): number | null => (costKnown && Object.keys(usage).length > 0 ? cost : null);
  const cut = (cutKind: CutKind, why: string): { record: Omit<RunRecord, 'ms'>; turns: readonly Turn[] } => ({
    record: { ...base, outcome: 'cut', cutKind, why, status: 'cut', turns: step.turns.length, usage, cost: costSoFar() },
    turns: step.turns,
  });
  try {
    while (step.status === 'running') {
      if (signal.aborted) return cut(reasonOf(signal), cutWords(reasonOf(signal)));
      step = await runTurn(agent, step, answerer.llm, { signal, ...(answerer.sentWith !== undefined ? { sentWith: answerer.sentWith } : {}) });
      count(step.turns[step.turns.length - 1].usage);
    }
  } catch (e) {
    // Stopped while the program waited on tool calls: the calls were aborted, and the run is cut.
    if (signal.aborted && !(e instanceof LlmError)) return cut(reasonOf(signal), cutWords(reasonOf(signal)));
    if (!(e instanceof LlmError)) throw e;
    if (e.usage !== undefined) count(e.usage);
    if (e.kind === 'aborted') return cut(reasonOf(signal), cutWords(reasonOf(signal)));
    const c = cut('provider', `${e.kind}: ${e.message}`);
    return { ...c, record: { ...c.record, errorKind: e.kind }, errorKind: e.kind };
  } finally {
    answerer.release?.();
  }
  const common = { ...base, status: step.status, turns: step.turns.length, usage, cost: costSoFar() };
  if (step.status === 'returned') {
    const value = step.return ?? null;
    const verdict = judge(plan.success, value, variant.session.data);
    return {
      record: { ...common, outcome: verdict.ok ? 'success' : 'failure', returned: printValue(value), ...(verdict.ok ? {} : { why: verdict.why }) },
      turns: step.turns,
    };
  }
  return { record: { ...common, outcome: 'failure', why: step.fail?.message ?? step.status }, turns: step.turns };
}

function reasonOf(signal: AbortSignal): CutKind {
  return signal.reason === 'budget' ? 'budget' : 'stopped';
}

function cutWords(kind: CutKind): string {
  return kind === 'budget' ? 'the budget was spent' : 'stopped';
}
