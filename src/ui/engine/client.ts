// The page's handle on the engine worker: Comlink calls with a watchdog. When a call runs past the
// program time limit plus a margin, the worker is terminated and a new one reopens the last saved
// session text, so a runaway program never freezes the page and never loses the session (L8).
// Requests to a real LLM are called without the watchdog: they wait on the network, not on a program.
import { wrap, type Remote } from 'comlink';
import type { WorkerApi } from '../../worker/engine.worker.ts';

export type EngineRemote = Remote<WorkerApi>;

export class EngineRestarted extends Error {
  constructor(readonly afterMs: number) {
    super(`The engine did not answer within ${Math.round(afterMs / 100) / 10} s, so it was stopped and restarted; the session was kept as it was before that step.`);
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
}

export interface CallOptions {
  /**
   * False: no watchdog. For LLM requests, which wait on the network rather than run a program (their
   * own timeout bounds them, and Stop aborts them); a restart still rejects them.
   */
  watchdog?: boolean;
}

export class EngineClient {
  private current: { worker: WorkerLike; api: EngineRemote };
  private watchdogMs: number;
  /** The last session text the worker confirmed; reopened after a restart. */
  private savedText: string | null = null;
  private generation = 0;
  private pendingReject = new Set<(e: Error) => void>();

  constructor(private readonly options: EngineClientOptions) {
    this.current = options.createWorker();
    this.watchdogMs = options.watchdogMs ?? 4000;
  }

  setWatchdog(ms: number): void {
    this.watchdogMs = ms;
  }

  /** Remember the session text to reopen after a restart. */
  remember(text: string): void {
    this.savedText = text;
  }

  /** Calls the worker; rejects with EngineRestarted if it takes too long (or Stop is pressed). */
  async call<R>(fn: (api: EngineRemote) => R, options: CallOptions = {}): Promise<Awaited<R>> {
    const gen = this.generation;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let rejectPending: ((e: Error) => void) | undefined;
    const watchdog = new Promise<never>((_, reject) => {
      rejectPending = reject;
      this.pendingReject.add(reject);
      if (options.watchdog === false) return;
      timer = setTimeout(() => {
        if (this.generation === gen) void this.restart();
        reject(new EngineRestarted(this.watchdogMs));
      }, this.watchdogMs);
    });
    try {
      return await Promise.race([fn(this.current.api) as Awaited<R>, watchdog]);
    } finally {
      clearTimeout(timer);
      if (rejectPending) this.pendingReject.delete(rejectPending);
    }
  }

  /** Stop whatever runs now: terminate the worker and start a fresh one with the saved session. */
  async restart(): Promise<void> {
    this.generation++;
    this.current.worker.terminate();
    this.current = this.options.createWorker();
    const stopped = new EngineRestarted(0);
    for (const reject of this.pendingReject) reject(stopped);
    this.pendingReject.clear();
    if (this.savedText !== null) await this.current.api.open(this.savedText);
  }

  dispose(): void {
    this.current.worker.terminate();
  }
}

/** The browser's engine: a module worker bundled by Vite. */
export function createBrowserWorker(): { worker: WorkerLike; api: EngineRemote } {
  const worker = new Worker(new URL('../../worker/engine.worker.ts', import.meta.url), { type: 'module', name: 'ptc-engine' });
  return { worker, api: wrap<WorkerApi>(worker) };
}
