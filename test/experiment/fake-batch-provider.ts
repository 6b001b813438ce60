// An in-memory provider batch engine for tests: batches answer from a script keyed by turn (the reply
// for turn k of a run, as the mock LLM answers), each poll moves a batch along, and the test decides
// how a batch ends (ended, expired with some requests done, failed), which requests fail inside it,
// and when a batch may end at all (hold). Its state outlives the process that made the batches, so a
// second process (a resumed experiment) sees the same batches.
import { LlmError, type LlmReply } from '../../src/agent/llm.ts';
import type { LlmSettings } from '../../src/agent/llm-settings.ts';
import type { BatchItem, BatchLimits, BatchOutcome, BatchPhase, BatchProvider, BatchProviderFactory, BatchStatus } from '../../src/agent/providers/batch.ts';

export interface FakeBatchOptions {
  readonly limits?: BatchLimits;
  /** Replies by turn (reply k answers turn k), like the mock LLM's script. */
  readonly script: readonly string[];
  /** Usage each reply reports. */
  readonly usage?: LlmReply['usage'];
  /** Polls a batch answers `running` before it ends (default 1). */
  readonly runningPolls?: number;
}

interface FakeBatch {
  readonly id: string;
  readonly provider: 'openai' | 'anthropic';
  readonly baseUrl: string | undefined;
  readonly items: readonly BatchItem[];
  polls: number;
  phase: BatchPhase;
}

/** What every fake endpoint made, shared by the providers it hands out. */
export class FakeBatchEngine {
  readonly batches: FakeBatch[] = [];
  /** How each batch that has not ended will end (default `ended`). */
  endAs: (batch: FakeBatch) => BatchPhase = () => 'ended';
  /** For a batch that expired, failed or was cancelled: which requests it completed first. */
  completedBeforeEnd: (item: BatchItem) => boolean = () => false;
  /** A request that errors inside its batch, and how. */
  failing: (item: BatchItem) => LlmError | undefined = () => undefined;
  /** A whole submission refused (a bad key, an unknown model). */
  refuse: (items: readonly BatchItem[]) => LlmError | undefined = () => undefined;
  /** While a batch runs: how many of its requests it says are done, by its polls so far (default none). */
  doneWhileRunning: (polls: number) => number = () => 0;
  /** While true, batches stay `in_progress` whatever their polls. */
  hold = false;
  /** Called when a batch is created (a test may "kill" the process here). */
  onSubmit: (batch: FakeBatch) => void = () => {};
  /** Providers made, with the key each got. */
  readonly made: { settings: LlmSettings; apiKey: string }[] = [];
  statusCalls = 0;
  resultsCalls = 0;

  constructor(private readonly options: FakeBatchOptions) {}

  readonly factory: BatchProviderFactory = (settings, apiKey) => {
    this.made.push({ settings, apiKey });
    return this.provider(settings);
  };

  /** The batches of one endpoint (by provider), in the order they were submitted. */
  of(provider: 'openai' | 'anthropic'): FakeBatch[] {
    return this.batches.filter((b) => b.provider === provider);
  }

  provider(settings: LlmSettings): BatchProvider {
    if (settings.provider === 'mock') throw new Error('the mock has no batch interface');
    const provider = settings.provider;
    const limits = this.options.limits ?? { maxRequests: 50_000, maxBytes: 200 * 1024 * 1024 };
    return {
      provider,
      limits,
      sizeOf: (item) => JSON.stringify(item.messages).length,
      submit: (items) => {
        const refused = this.refuse(items);
        if (refused !== undefined) return Promise.reject(refused);
        const batch: FakeBatch = {
          id: `${provider}-batch-${this.batches.length + 1}`,
          provider,
          baseUrl: settings.baseUrl,
          items: [...items],
          polls: 0,
          phase: 'running',
        };
        this.batches.push(batch);
        this.onSubmit(batch);
        return Promise.resolve(batch.id);
      },
      status: (id) => {
        this.statusCalls++;
        const batch = this.find(id);
        batch.polls++;
        if (batch.phase === 'running' && !this.hold && batch.polls > (this.options.runningPolls ?? 1)) batch.phase = this.endAs(batch);
        return Promise.resolve(this.statusOf(batch));
      },
      results: (id) => {
        this.resultsCalls++;
        const batch = this.find(id);
        if (batch.phase === 'running') return Promise.reject(new LlmError(`batch ${id} has not ended`, 'bad_request'));
        const out = new Map<string, BatchOutcome>();
        for (const item of batch.items) if (this.completed(batch, item)) out.set(item.customId, this.outcome(item));
        return Promise.resolve(out);
      },
    };
  }

  private find(id: string): FakeBatch {
    const batch = this.batches.find((b) => b.id === id);
    if (batch === undefined) throw new LlmError(`no batch ${id}`, 'not_found');
    return batch;
  }

  private completed(batch: FakeBatch, item: BatchItem): boolean {
    return batch.phase === 'ended' || (batch.phase !== 'running' && this.completedBeforeEnd(item));
  }

  private outcome(item: BatchItem): BatchOutcome {
    const error = this.failing(item);
    if (error !== undefined) return { ok: false, error };
    const turn = Number(/-t(\d+)$/.exec(item.customId)?.[1]);
    const text = this.options.script[turn - 1];
    if (text === undefined) return { ok: false, error: new LlmError(`no reply for turn ${turn}`, 'no_reply') };
    return { ok: true, reply: { text, finishReason: 'stop', ...(this.options.usage !== undefined ? { usage: this.options.usage } : {}) } };
  }

  private statusOf(batch: FakeBatch): BatchStatus {
    const done = batch.phase === 'running' ? batch.items.slice(0, this.doneWhileRunning(batch.polls)) : batch.items.filter((i) => this.completed(batch, i));
    const failed = done.filter((i) => this.failing(i) !== undefined).length;
    const state = { running: 'in_progress', ended: 'ended', expired: 'expired', failed: 'failed', cancelled: 'cancelled' }[batch.phase];
    return {
      id: batch.id,
      phase: batch.phase,
      providerState: state,
      counts: { succeeded: done.length - failed, failed, pending: batch.items.length - done.length },
      ...(batch.phase === 'failed' ? { why: 'the input file did not validate' } : {}),
    };
  }
}

/**
 * A sleep that waits on no clock: it yields to the event loop once (so a test's own steps go on while
 * a batch is held) and keeps the waits it was asked for, to check the polling's back-off.
 */
export function yieldingSleep(): { sleep: (ms: number, signal: AbortSignal) => Promise<void>; asked: number[] } {
  const asked: number[] = [];
  const sleep = (ms: number, signal: AbortSignal): Promise<void> => {
    asked.push(ms);
    return new Promise((resolve, reject) => {
      setImmediate(() => (signal.aborted ? reject(new LlmError('stopped', 'aborted')) : resolve()));
    });
  };
  return { sleep, asked };
}
