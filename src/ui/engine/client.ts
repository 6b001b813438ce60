// The page's handle on the engine worker: Comlink calls with a watchdog. When a call runs past its
// allowance, the worker is terminated and a new one reopens the last saved session text, so a runaway
// program never freezes the page and never loses the session (L8).
// Each call's watchdog is its line's in the protocol table (src/worker/protocol.ts): requests to a real
// LLM have none (they wait on the network, not on a program), calls that load a table get longer.
import { proxy, wrap } from 'comlink';
import { lineOf, type Call, type PageArgs, type WorkerApi } from '../../worker/protocol.ts';
import { SyncedApi, type EngineApi, type EngineRemote } from './synced-api.ts';

export type { EngineApi, EngineRemote } from './synced-api.ts';

export class EngineRestarted extends Error {
  constructor(readonly afterMs: number) {
    super(
      `The engine did not answer within ${Math.round(afterMs / 100) / 10} s, so it was stopped and restarted; the session was kept as it was before that step.`,
    );
  }
}

export interface WorkerLike {
  terminate(): void;
}

export interface EngineClientOptions {
  /** Makes a fresh worker (a module worker in the browser; a fake in tests). */
  createWorker: () => { worker: WorkerLike; api: EngineRemote };
  /** Milliseconds a call may take before the worker is restarted. */
  watchdogMs?: number;
  /**
   * Load a second worker while a call runs long (a third of its watchdog, at most 0.5 s), so a restart
   * does not wait for a worker to load its code (the browser's choice: it keeps the restart well
   * inside the watchdog's bound). Quick calls never start one.
   */
  spare?: boolean;
}

export interface CallOptions {
  /**
   * False: no watchdog, whatever the call's line says (a help call that must never restart the
   * worker). Calls without one are still rejected by a restart.
   */
  watchdog?: boolean;
  /**
   * This much longer before the watchdog restarts the worker: for calls that carry megabytes (an edit
   * of large data is copied, checked and written again), work a program's time limit does not bound.
   */
  allowanceMs?: number;
}

/**
 * Milliseconds the comparison of a run of `turns` turns may take beyond the loading allowance. It runs
 * no program, but its figures grow with the square of the run (each request repeats the turns
 * before it, and full history's tokens over 5,000 turns are counted in billions): about 25 s more at
 * 5,000 turns, none to speak of at a few hundred.
 */
export function compareAllowanceFor(turns: number): number {
  return Math.round((turns * turns) / 1000);
}

/** Milliseconds a call carrying `chars` characters of session may take beyond a program's limit. */
export function allowanceFor(chars: number): number {
  // About 1 ms per 2 KB (10 MB: 5 s): copying, checking and writing it, on a slow machine.
  return Math.round(chars / 2000);
}

/**
 * The watchdog for a program time limit: a quarter longer, at least 1.25 s. The interpreter ends a
 * program at its limit by itself; the rest of the 2× bound is for loading a spare and reopening.
 */
export function watchdogFor(timeoutMs: number): number {
  return Math.max(1250, Math.round(timeoutMs * 1.25));
}

/**
 * What the calls whose line says `loading` may take (they run no program but may load a large table
 * on first use, the tokenizer's, 2 MB, or render every strategy over a run); other calls' watchdogs
 * wait until they are answered.
 */
const LOADING_ALLOWANCE_MS = 30_000;
/** A worker that has not loaded its code by then is counted against the watchdog anyway. */
const BOOT_ALLOWANCE_MS = 20_000;

interface Slot {
  worker: WorkerLike;
  /** The worker's methods with whole views (the worker itself sends patches). */
  api: EngineApi;
  /** Settles once the worker answered a first message: loading its code never counts as running. */
  ready: Promise<void>;
  /** The checkpoint a spare was opened with ahead of a restart (null: it failed). */
  opened?: Promise<Checkpoint | null>;
}

/** The session text to reopen after a restart, made only when it is needed (joined from pieces). */
export type Checkpoint = () => string;

/** Resolves when `promise` settles or `ms` have passed, whichever is first; the timer goes with it. */
function settledWithin(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = (): void => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}

/** What a call takes after its name: its arguments (none when all are optional), then how it is watched. */
export type CallArgs<K extends Call> = [] extends PageArgs<K> ? [args?: PageArgs<K>, options?: CallOptions] : [args: PageArgs<K>, options?: CallOptions];

export class EngineClient {
  private current: Slot;
  private spare: Slot | null = null;
  private watchdogMs: number;
  /** The last session the worker confirmed, as text made on demand; reopened after a restart. */
  private checkpoint: Checkpoint | null = null;
  private generation = 0;
  private pendingReject = new Set<(e: Error) => void>();
  /** Loading calls in flight on the current worker. */
  private loading = new Set<Promise<unknown>>();
  /**
   * While a restarted worker reopens the saved session: calls made meanwhile wait for it, or they
   * would reach a worker with no session open (a large session takes seconds to open).
   */
  private reopening: Promise<void> | null = null;
  /** Puts back, in a worker that reopened the checkpoint, what the page holds beyond the session (the REPL's definitions). */
  private reopened: ((api: EngineApi) => Promise<unknown>) | null = null;

  constructor(private readonly options: EngineClientOptions) {
    this.current = this.make();
    this.watchdogMs = options.watchdogMs ?? watchdogFor(1000);
  }

  private make(): Slot {
    const { worker, api: remote } = this.options.createWorker();
    const made = { worker, api: new SyncedApi(remote) };
    // abortRequest is the cheapest call (nothing is in flight in a fresh worker); a fake without it
    // counts as ready at once.
    let ping: Promise<unknown>;
    try {
      ping = Promise.resolve(made.api.abortRequest());
    } catch {
      ping = Promise.resolve();
    }
    const ready = settledWithin(ping, BOOT_ALLOWANCE_MS);
    return { ...made, ready };
  }

  private refillSpare(): void {
    if (!this.options.spare || this.spare !== null) return;
    const spare = this.make();
    // Opened ahead with the session a restart would reopen, so the restart need not wait for it.
    if (this.checkpoint !== null) {
      const checkpoint = this.checkpoint;
      spare.opened = Promise.resolve()
        .then(() => spare.api.open(checkpoint()))
        .then(
          () => checkpoint,
          () => null,
        );
    }
    this.spare = spare;
  }

  setWatchdog(ms: number): void {
    this.watchdogMs = ms;
  }

  /**
   * Remember the session to reopen after a restart: a function making its text, called only when a
   * worker must be opened with it (a spare, a restart), so a Step never joins the session's text.
   */
  remember(checkpoint: Checkpoint): void {
    this.checkpoint = checkpoint;
  }

  /** `hook` runs on every worker that reopened the checkpoint after a restart, before other calls reach it. */
  onReopen(hook: ((api: EngineApi) => Promise<unknown>) | null): void {
    this.reopened = hook;
  }

  /**
   * When the watchdog of a call starts counting: the worker loaded, and the loading calls made before
   * it answered. The worker answers in order, so a loading call made after it cannot answer first:
   * waiting for one would hold a runaway call's watchdog for the loading call's own allowance.
   */
  private async quiet(slot: Slot, ahead: readonly Promise<unknown>[]): Promise<void> {
    await slot.ready;
    if (ahead.length > 0 && this.current === slot) await Promise.allSettled(ahead);
  }

  /** Makes the call `name` on the worker; rejects with EngineRestarted if it takes too long (or Stop is pressed). */
  async call<K extends Call>(name: K, ...[args, options = {}]: CallArgs<K>): Promise<Awaited<ReturnType<EngineApi[K]>>> {
    while (this.reopening !== null) await this.reopening;
    const gen = this.generation;
    const slot = this.current;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let spareTimer: ReturnType<typeof setTimeout> | undefined;
    let rejectPending: ((e: Error) => void) | undefined;
    const line = lineOf(name);
    // While the worker says its program waits on tool calls, the watchdog does not count (T4): the
    // worker is free then (Stop reaches it), and the calls have time limits of their own.
    let waiting = false;
    let count: (() => void) | null = null;
    const onProgress = (phase: 'waiting' | 'running'): void => {
      waiting = phase === 'waiting';
      clearTimeout(timer);
      clearTimeout(spareTimer);
      if (!waiting) count?.();
    };
    const sent: unknown[] = [...((args ?? []) as unknown[])];
    if (line.progress !== undefined) {
      while (sent.length < line.progress) sent.push(undefined);
      sent[line.progress] = proxy(onProgress);
    }
    const method = slot.api[name] as (...a: unknown[]) => ReturnType<EngineApi[K]>;
    const answer = Promise.resolve(method.apply(slot.api, sent)) as Promise<Awaited<ReturnType<EngineApi[K]>>>;
    const isLoading = line.watchdog === 'loading';
    const ahead = isLoading ? [] : [...this.loading];
    if (isLoading) {
      this.loading.add(answer);
      void answer.then(
        () => this.loading.delete(answer),
        () => this.loading.delete(answer),
      );
    }
    const watchdog = new Promise<never>((_, reject) => {
      rejectPending = reject;
      this.pendingReject.add(reject);
      if (options.watchdog === false || line.watchdog === 'none') return;
      const ms = (isLoading ? Math.max(LOADING_ALLOWANCE_MS, this.watchdogMs) : this.watchdogMs) + (options.allowanceMs ?? 0);
      // Counts from zero each time: the call's start, and each pass after a wait.
      const start = () => {
        if (this.generation !== gen || !this.pendingReject.has(reject)) return;
        if (!isLoading) spareTimer = setTimeout(() => this.refillSpare(), Math.min(500, ms / 3));
        timer = setTimeout(() => {
          const restarted = new EngineRestarted(ms);
          if (this.generation === gen) void this.restart(restarted);
          reject(restarted);
        }, ms);
      };
      const arm = () => {
        count = start;
        if (!waiting) start();
      };
      void (isLoading ? slot.ready : this.quiet(slot, ahead)).then(arm);
    });
    try {
      return await Promise.race([answer, watchdog]);
    } finally {
      clearTimeout(timer);
      clearTimeout(spareTimer);
      if (rejectPending) this.pendingReject.delete(rejectPending);
    }
  }

  /**
   * Stop whatever runs now: terminate the worker and continue on a fresh one (the spare when there is
   * one) with the saved session. Calls in flight are rejected with `reason` (Stop: afterMs 0).
   */
  async restart(reason: EngineRestarted = new EngineRestarted(0)): Promise<void> {
    this.generation++;
    this.current.worker.terminate();
    this.loading.clear();
    this.current = this.spare ?? this.make();
    this.spare = null;
    for (const reject of this.pendingReject) reject(reason);
    this.pendingReject.clear();
    const checkpoint = this.checkpoint;
    if (checkpoint === null) return;
    const slot = this.current;
    const reopen = (async () => {
      const opened = slot.opened ? await slot.opened : null;
      if (opened !== checkpoint) await slot.api.open(checkpoint());
      // What the hook restores is the page's scratch work: losing it must not fail the restart.
      if (this.reopened !== null) await this.reopened(slot.api).catch(noop);
    })();
    const done = reopen.then(noop, noop).then(() => {
      if (this.reopening === done) this.reopening = null;
    });
    this.reopening = done;
    await reopen;
  }

  dispose(): void {
    this.current.worker.terminate();
    this.spare?.worker.terminate();
    this.spare = null;
  }
}

function noop(): void {}

/** The browser's engine: a module worker bundled by Vite. */
export function createBrowserWorker(): { worker: WorkerLike; api: EngineRemote } {
  const worker = new Worker(new URL('../../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'ptc-engine' });
  return { worker, api: wrap<WorkerApi>(worker) };
}
