// An experiment through the providers' batch interfaces, wave by wave, without changing the agent
// loop. Each run of a batched variant gets an Llm whose complete() waits at a gate. Once every run the
// gate serves is waiting (none is still running its program or waiting on a tool), the waiting
// requests go out together as one wave: a batch per endpoint (and per model for OpenAI, whose input
// file takes one), split only where the provider's limits say. The wave's batches are polled until
// they end, then every waiting run gets its reply or its error at once, the runs go on, and the next
// wave forms. Each batch is reported the moment it exists and each request's outcome once read, so a
// new process given those records never submits a request twice (see WaveGate's `past`).
import type { BatchItem, BatchLimits, BatchOutcome, BatchProvider, BatchStatus } from '../agent/providers/batch.ts';
import { LlmError, type Llm, type LlmErrorKind, type LlmReply, type LlmRequest } from '../agent/llm.ts';
import type { LlmSettings, SentWith } from '../agent/llm-settings.ts';
import type { ExperimentPlan, Variant } from './plan.ts';
import { isFinished, runKey, type RunRecord } from './records.ts';
import { schedule, type RunLlm } from './runner.ts';

/** Where a request goes: requests with the same key share batches. */
export interface BatchTarget {
  /** Provider, base URL, key source, and for OpenAI the model. */
  readonly key: string;
  readonly batches: BatchProvider;
  /** Said in the batch's record (never the key). */
  readonly baseUrl?: string;
  readonly model?: string;
}

/** A batch as recorded the moment it was created: what a later process needs to poll it and match its results. */
export interface BatchRecord {
  readonly wave: number;
  readonly id: string;
  readonly provider: 'openai' | 'anthropic';
  readonly baseUrl?: string;
  readonly model?: string;
  readonly customIds: readonly string[];
  /** ISO 8601. */
  readonly created: string;
}

/** What one request of a batch came to, as recorded once the batch's results were read. */
export type OutcomeRecord =
  | { readonly customId: string; readonly batchId: string; readonly ok: true; readonly reply: LlmReply }
  | { readonly customId: string; readonly batchId: string; readonly ok: false; readonly error: { readonly kind: LlmErrorKind; readonly message: string } };

export type WaveEvent =
  | { readonly type: 'submitted'; readonly wave: number; readonly batchId: string; readonly provider: string; readonly requests: number }
  | { readonly type: 'resumed'; readonly wave: number; readonly batchId: string; readonly provider: string; readonly requests: number }
  | { readonly type: 'refused'; readonly wave: number; readonly provider: string; readonly requests: number; readonly message: string }
  | { readonly type: 'gone'; readonly wave: number; readonly batchId: string; readonly provider: string; readonly requests: number; readonly message: string }
  | {
      readonly type: 'state';
      readonly wave: number;
      readonly batchId: string;
      readonly providerState: string;
      readonly succeeded: number;
      readonly failed: number;
      readonly total: number;
    };

/** Waits `ms`, or rejects once `signal` aborts. */
export type Sleep = (ms: number, signal: AbortSignal) => Promise<void>;

export interface WaveOptions {
  /** How often a batch is polled while its counts move (default 10 s). */
  readonly pollMs?: number;
  /** The longest wait between polls of a batch that makes no progress (default 5 min, never below pollMs). */
  readonly maxPollMs?: number;
  readonly sleep?: Sleep;
  /** For the records' `created`. */
  readonly now?: () => number;
  /** What an earlier process recorded: requests read there are answered from it, batches it left unread are polled, never sent again. */
  readonly past?: { readonly batches: readonly BatchRecord[]; readonly outcomes: readonly OutcomeRecord[] };
  readonly onBatch?: (record: BatchRecord) => void;
  readonly onOutcomes?: (records: readonly OutcomeRecord[]) => void;
  readonly onEvent?: (event: WaveEvent) => void;
}

export const DEFAULT_POLL_MS = 10_000;
export const MAX_POLL_MS = 300_000;
/** While a batch's counts do not move, each wait is this much longer than the last. */
const BACKOFF = 1.5;

/** Failures of a poll that the next poll may get past. */
const PASSING: readonly LlmErrorKind[] = ['rate_limit', 'server', 'connection', 'timeout'];

/** A request's id in a batch: indexes only (Anthropic accepts `[a-zA-Z0-9_-]{1,64}`); variants count from 1. */
export function customIdOf(variantIndex: number, run: number, turn: number): string {
  return `v${variantIndex + 1}-r${run}-t${turn}`;
}

/** Consecutive pieces of `items`, each within the limits (an item too large on its own goes alone: the provider says why). */
export function splitByLimits<T>(items: readonly T[], limits: BatchLimits, sizeOf: (item: T) => number): T[][] {
  const pieces: T[][] = [];
  let piece: T[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = sizeOf(item);
    if (piece.length > 0 && (piece.length >= limits.maxRequests || bytes + size > limits.maxBytes)) {
      pieces.push(piece);
      piece = [];
      bytes = 0;
    }
    piece.push(item);
    bytes += size;
  }
  if (piece.length > 0) pieces.push(piece);
  return pieces;
}

export const realSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(stoppedError());
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(stoppedError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

function stoppedError(): LlmError {
  return new LlmError('The request to the LLM was stopped', 'aborted');
}

function asLlmError(e: unknown): LlmError {
  return e instanceof LlmError ? e : new LlmError(e instanceof Error ? e.message : String(e), 'provider');
}

/**
 * Why a request of a batch that ended has no result. A batch that failed as a whole did not pass the
 * provider's checks (its input, its model): like a refused request, every later wave would fail the
 * same way, so it is a bad request and stops the experiment; an expired or cancelled one does not.
 */
function unanswered(status: BatchStatus): LlmError {
  return new LlmError(unansweredWords(status), status.phase === 'failed' ? 'bad_request' : 'provider');
}

function unansweredWords(status: BatchStatus): string {
  const why = status.why !== undefined ? ` (${status.why})` : '';
  switch (status.phase) {
    case 'expired':
      return `batch ${status.id} expired before this request was done`;
    case 'failed':
      return `batch ${status.id} failed${why}`;
    case 'cancelled':
      return `batch ${status.id} was cancelled before this request was done`;
    default:
      return `batch ${status.id} ended without a result for this request`;
  }
}

/** One run's request waiting at the gate. */
interface Pending {
  readonly runId: string;
  readonly order: readonly [number, number];
  readonly item: BatchItem;
  readonly target: BatchTarget;
  /** The earlier process's batch it waits on, when it does. */
  readonly adoptedFrom?: string;
  settle(outcome: BatchOutcome): void;
}

interface Lane {
  readonly runId: string;
  readonly order: readonly [number, number];
  readonly target: BatchTarget;
  readonly settings: LlmSettings;
}

/** A run's way through the gate: its Llm, and `leave` for when the run has ended (whatever the outcome). */
export interface GatedRun {
  readonly llm: Llm;
  leave(): void;
}

const outcomeKey = (batchId: string, customId: string): string => `${batchId}\u0000${customId}`;

export class WaveGate {
  private readonly alive = new Set<string>();
  /** Waiting for the next wave, by run. */
  private readonly queued = new Map<string, Pending>();
  /** Waiting on a batch already submitted (this process's or an earlier one's), by run. */
  private readonly sent = new Map<string, Pending>();
  /** The last batch each request went into. */
  private readonly latestBatch = new Map<string, BatchRecord>();
  private readonly read = new Map<string, OutcomeRecord>();
  /** Batches whose results are not read yet. */
  private readonly unread = new Set<string>();
  /** Earlier processes' batches this one polls. */
  private readonly adopted = new Set<string>();
  /** Earlier processes' batches the provider no longer knows: their waiting requests are sent again. */
  private readonly gone = new Set<string>();
  private readonly stop = new AbortController();
  private readonly pollMs: number;
  private readonly maxPollMs: number;
  private readonly sleep: Sleep;
  private wave = 0;

  constructor(private readonly options: WaveOptions = {}) {
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.maxPollMs = Math.max(this.pollMs, options.maxPollMs ?? MAX_POLL_MS);
    this.sleep = options.sleep ?? realSleep;
    for (const o of options.past?.outcomes ?? []) this.read.set(outcomeKey(o.batchId, o.customId), o);
    for (const b of options.past?.batches ?? []) {
      this.note(b);
      this.wave = Math.max(this.wave, b.wave);
      if (b.customIds.some((id) => !this.read.has(outcomeKey(b.id, id)))) this.unread.add(b.id);
    }
  }

  /**
   * Counts a run in before it starts: a wave goes out only once every enrolled run waits, so every
   * run that will ask must be enrolled before the first one asks.
   */
  enroll(variantIndex: number, run: number, target: BatchTarget, settings: LlmSettings): GatedRun {
    const lane: Lane = { runId: `v${variantIndex + 1}-r${run}`, order: [variantIndex, run], target, settings };
    this.alive.add(lane.runId);
    const model = settings.model ?? target.model;
    return {
      llm: { label: `${target.batches.provider}${model !== undefined ? ` ${model}` : ''} (batch)`, complete: (request) => this.ask(lane, request) },
      leave: () => {
        this.alive.delete(lane.runId);
        this.queued.delete(lane.runId);
        this.sent.delete(lane.runId);
        this.maybeSubmit();
      },
    };
  }

  /** Batches submitted or adopted whose results were not read: they go on at the provider after close(). */
  pendingBatches(): string[] {
    return [...this.unread];
  }

  /** Stops polling and submitting; every waiting request is stopped. The batches at the provider are left running. */
  close(): void {
    this.stop.abort();
    const waiting = [...this.queued.values(), ...this.sent.values()];
    this.queued.clear();
    this.sent.clear();
    for (const p of waiting) p.settle({ ok: false, error: stoppedError() });
  }

  private ask(lane: Lane, request: LlmRequest): Promise<LlmReply> {
    if (this.stop.signal.aborted || request.signal?.aborted) return Promise.reject(stoppedError());
    const customId = `${lane.runId}-t${request.turn}`;
    const batch = this.latestBatch.get(customId);
    const outcome = batch !== undefined ? this.read.get(outcomeKey(batch.id, customId)) : undefined;
    // Read before (an earlier process's wave): the same request, answered without sending it again.
    if (outcome?.ok === true) return Promise.resolve(outcome.reply);
    return new Promise<LlmReply>((resolve, reject) => {
      const signal = request.signal;
      const onAbort = (): void => {
        if (this.queued.get(lane.runId) === pending) this.queued.delete(lane.runId);
        if (this.sent.get(lane.runId) === pending) this.sent.delete(lane.runId);
        reject(stoppedError());
      };
      const adopting = batch !== undefined && outcome === undefined;
      const pending: Pending = {
        runId: lane.runId,
        order: lane.order,
        target: lane.target,
        ...(adopting ? { adoptedFrom: batch.id } : {}),
        item: {
          customId,
          settings: lane.settings,
          messages: request.messages,
          ...(request.stablePrefix !== undefined ? { stablePrefix: request.stablePrefix } : {}),
        },
        settle: (o) => {
          signal?.removeEventListener('abort', onAbort);
          if (o.ok) resolve(o.reply);
          else reject(o.error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (adopting) {
        // In a batch an earlier process submitted and never read: wait for that batch.
        this.sent.set(lane.runId, pending);
        this.adopt(batch, lane.target);
      } else {
        this.queued.set(lane.runId, pending);
        this.maybeSubmit();
      }
    });
  }

  private note(record: BatchRecord): void {
    for (const id of record.customIds) this.latestBatch.set(id, record);
  }

  /** The wave goes out once no enrolled run is still computing: each one waits, in the queue or on a batch. */
  private maybeSubmit(): void {
    if (this.stop.signal.aborted || this.queued.size === 0) return;
    if (this.queued.size + this.sent.size < this.alive.size) return;
    const wave = ++this.wave;
    const items = [...this.queued.values()].sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1]);
    this.queued.clear();
    for (const p of items) this.sent.set(p.runId, p);
    void this.runWave(wave, items);
  }

  /** Sends a wave's batches, waits until every one has ended, then answers all its requests together. */
  private async runWave(wave: number, items: readonly Pending[]): Promise<void> {
    const groups = new Map<string, Pending[]>();
    for (const p of items) {
      const group = groups.get(p.target.key);
      if (group === undefined) groups.set(p.target.key, [p]);
      else group.push(p);
    }
    const pieces = [...groups.values()].flatMap((group) => {
      const batches = group[0].target.batches;
      return splitByLimits(group, batches.limits, (p) => batches.sizeOf(p.item));
    });
    let outcomes: ReadonlyMap<string, BatchOutcome>[];
    try {
      outcomes = await Promise.all(pieces.map((piece) => this.sendBatch(wave, piece)));
    } catch (e) {
      // Not the provider's failure (recording a batch failed): the wave's runs are cut, saying why.
      const error = asLlmError(e);
      outcomes = pieces.map((piece) => new Map(piece.map((p) => [p.item.customId, { ok: false, error }] as const)));
    }
    pieces.forEach((piece, i) => this.answer(piece, outcomes[i]));
  }

  private answer(pendings: readonly Pending[], outcomes: ReadonlyMap<string, BatchOutcome>): void {
    for (const p of pendings) {
      if (this.sent.get(p.runId) !== p) continue;
      const outcome = outcomes.get(p.item.customId);
      if (outcome === undefined) continue;
      this.sent.delete(p.runId);
      p.settle(outcome);
    }
  }

  private async sendBatch(wave: number, piece: readonly Pending[]): Promise<ReadonlyMap<string, BatchOutcome>> {
    const target = piece[0].target;
    const provider = target.batches.provider;
    let id: string;
    try {
      id = await target.batches.submit(
        piece.map((p) => p.item),
        this.stop.signal,
      );
    } catch (e) {
      const error = asLlmError(e);
      if (error.kind !== 'aborted') this.options.onEvent?.({ type: 'refused', wave, provider, requests: piece.length, message: error.message });
      return new Map(piece.map((p) => [p.item.customId, { ok: false, error }]));
    }
    const record: BatchRecord = {
      wave,
      id,
      provider,
      ...(target.baseUrl !== undefined ? { baseUrl: target.baseUrl } : {}),
      ...(target.model !== undefined ? { model: target.model } : {}),
      customIds: piece.map((p) => p.item.customId),
      created: new Date((this.options.now ?? Date.now)()).toISOString(),
    };
    this.note(record);
    this.unread.add(id);
    this.options.onBatch?.(record);
    this.options.onEvent?.({ type: 'submitted', wave, batchId: id, provider, requests: piece.length });
    return this.follow(record, target.batches);
  }

  /** Polls an earlier process's batch (once, whoever waits on it) and answers its waiting requests when it ends. */
  private adopt(record: BatchRecord, target: BatchTarget): void {
    if (this.adopted.has(record.id)) return;
    this.adopted.add(record.id);
    this.options.onEvent?.({ type: 'resumed', wave: record.wave, batchId: record.id, provider: record.provider, requests: record.customIds.length });
    void this.follow(record, target.batches).then((outcomes) => {
      // A poll that failed read nothing: whoever asks next polls the batch again.
      if (this.unread.has(record.id)) this.adopted.delete(record.id);
      const waiting = [...this.sent.values()].filter((p) => p.adoptedFrom === record.id);
      if (!this.gone.has(record.id)) return this.answer(waiting, outcomes);
      // The provider no longer knows it (its results expired, or another key's project): sent again.
      for (const { adoptedFrom: _gone, ...p } of waiting) {
        this.sent.delete(p.runId);
        this.queued.set(p.runId, p);
      }
      this.maybeSubmit();
    });
  }

  /** Polls a batch until it ends and reads it; every request of it gets an outcome (recorded, unless the poll itself failed). */
  private async follow(record: BatchRecord, batches: BatchProvider): Promise<ReadonlyMap<string, BatchOutcome>> {
    let ended: { status: BatchStatus; results: ReadonlyMap<string, BatchOutcome> };
    try {
      ended = await this.poll(record, batches);
    } catch (e) {
      const error = asLlmError(e);
      // The batch may be fine at the provider: nothing is recorded, so --resume polls it again. But one
      // the provider no longer knows would stop every later process the same way: it is recorded as
      // gone, so no process polls it again and its requests go out anew.
      if (error.kind === 'not_found' && this.adopted.has(record.id)) this.forget(record, error);
      return new Map(record.customIds.map((id) => [id, { ok: false, error }]));
    }
    const outcomes = new Map<string, BatchOutcome>();
    const records: OutcomeRecord[] = [];
    for (const customId of record.customIds) {
      const outcome = ended.results.get(customId) ?? { ok: false, error: unanswered(ended.status) };
      outcomes.set(customId, outcome);
      // Recorded once: an earlier process may have recorded part of this batch before it died.
      if (this.read.has(outcomeKey(record.id, customId))) continue;
      const stored: OutcomeRecord = outcome.ok
        ? { customId, batchId: record.id, ok: true, reply: outcome.reply }
        : { customId, batchId: record.id, ok: false, error: { kind: outcome.error.kind, message: outcome.error.message } };
      records.push(stored);
      this.read.set(outcomeKey(record.id, customId), stored);
    }
    this.unread.delete(record.id);
    this.options.onOutcomes?.(records);
    return outcomes;
  }

  /** Records every unread request of a batch the provider no longer knows as failed with `error`. */
  private forget(record: BatchRecord, error: LlmError): void {
    this.gone.add(record.id);
    this.unread.delete(record.id);
    const records: OutcomeRecord[] = [];
    for (const customId of record.customIds) {
      if (this.read.has(outcomeKey(record.id, customId))) continue;
      const stored: OutcomeRecord = { customId, batchId: record.id, ok: false, error: { kind: error.kind, message: error.message } };
      records.push(stored);
      this.read.set(outcomeKey(record.id, customId), stored);
    }
    this.options.onOutcomes?.(records);
    this.options.onEvent?.({
      type: 'gone',
      wave: record.wave,
      batchId: record.id,
      provider: record.provider,
      requests: record.customIds.length,
      message: error.message,
    });
  }

  /** Status until the phase is final, then the results; waits longer while the counts stand still. */
  private async poll(record: BatchRecord, batches: BatchProvider): Promise<{ status: BatchStatus; results: ReadonlyMap<string, BatchOutcome> }> {
    const signal = this.stop.signal;
    let interval = this.pollMs;
    let said = '';
    let counted = '';
    for (;;) {
      let moved = false;
      try {
        const status = await batches.status(record.id, signal);
        const { succeeded, failed } = status.counts;
        const state = `${status.providerState} ${succeeded} ${failed}`;
        if (state !== said) {
          said = state;
          this.options.onEvent?.({
            type: 'state',
            wave: record.wave,
            batchId: record.id,
            providerState: status.providerState,
            succeeded,
            failed,
            total: record.customIds.length,
          });
        }
        moved = `${succeeded} ${failed}` !== counted;
        counted = `${succeeded} ${failed}`;
        if (status.phase !== 'running') return { status, results: await batches.results(record.id, signal) };
      } catch (e) {
        const error = asLlmError(e);
        if (signal.aborted || !PASSING.includes(error.kind)) throw error;
      }
      interval = moved ? this.pollMs : Math.min(interval * BACKOFF, this.maxPollMs);
      await this.sleep(interval, signal);
    }
  }
}

/** How a variant's requests are batched: where they go, with what settings, and what each turn records. */
export interface BatchedVariant {
  readonly target: BatchTarget;
  readonly settings: LlmSettings;
  readonly sentWith?: SentWith;
}

/**
 * Runs in flight at once in batches. Each holds its agent and turns while it waits for its wave
 * (measured: about 70 KB a run of a small session, 724 MB of heap for 10,000 runs), so an
 * experiment of 50 variants × 1,000 runs goes through in parts rather than all at once.
 */
export const DEFAULT_BATCHED_IN_FLIGHT = 5_000;
export const MAX_BATCHED_IN_FLIGHT = 50_000;

/**
 * The runner's `llmFor` for an experiment in batches, the runner taking `inFlight` runs at once in
 * its order (the schedule, finished runs left out). The batched runs among the first `inFlight` are
 * enrolled now, before any of them asks, so the first wave holds the first request of each; a run
 * started later, in the place of one that ended, is enrolled as it starts and joins the next wave.
 * The other variants' runs get `local` (the mock answers at once, as always).
 */
export function gatedAnswerers(
  plan: ExperimentPlan,
  gate: WaveGate,
  batchedAs: (variant: Variant) => BatchedVariant | undefined,
  local: (variant: Variant, run: number) => RunLlm,
  done: readonly RunRecord[] = [],
  inFlight = Infinity,
): (variant: Variant, run: number) => RunLlm {
  const finished = new Set(done.filter(isFinished).map((r) => runKey(r.variant, r.run)));
  const lanes = new Map<string, RunLlm>();
  const enroll = (variant: Variant, run: number): RunLlm | undefined => {
    const batched = batchedAs(variant);
    if (batched === undefined) return undefined;
    const lane = gate.enroll(plan.variants.indexOf(variant), run, batched.target, batched.settings);
    const made: RunLlm = { llm: lane.llm, batched: true, release: lane.leave, ...(batched.sentWith !== undefined ? { sentWith: batched.sentWith } : {}) };
    lanes.set(runKey(variant.name, run), made);
    return made;
  };
  const first = schedule(plan).filter((s) => !finished.has(runKey(s.variant.name, s.run)));
  for (const { variant, run } of first.slice(0, Math.min(first.length, inFlight))) enroll(variant, run);
  return (variant, run) => lanes.get(runKey(variant.name, run)) ?? enroll(variant, run) ?? local(variant, run);
}
