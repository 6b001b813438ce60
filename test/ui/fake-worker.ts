// The engine worker as the page's tests see it: an in-process Engine behind the page's API, views
// crossing as patches as in the browser, each call answerable on the test's terms: after a delay,
// once the test opens its gate, or never (a runaway program: only a restart ends it). A terminated
// worker never answers.
import type { EngineRemote } from '../../src/ui/engine/client.ts';
import { Engine } from '../../src/worker/engine.ts';
import { PageApi } from '../../src/worker/page-api.ts';

export interface FakeWorkerOptions {
  /** Milliseconds (real time) before the n-th call of `name` answers; none: as soon as it may. */
  delay?: (name: string, n: number) => number | undefined;
  /** A promise: the n-th call of `name` waits for it before its delay. */
  gate?: (name: string, n: number) => Promise<void> | undefined;
  /** True: the n-th call of `name` never answers. */
  never?: (name: string, n: number) => boolean;
  /** Told of each call as it is made, and as it is answered. */
  onCall?: (name: string, n: number) => void;
  onAnswer?: (name: string, n: number) => void;
}

export interface FakeWorkers {
  /** For `new EngineClient({ createWorker })`: a new worker (and engine) each time. */
  createWorker: () => { worker: { terminate: () => void }; api: EngineRemote };
  /** The engines made: the first worker's, then one per restart. */
  engines: Engine[];
}

/** Calls are counted by name across workers: the n-th `stepTurn` is the n-th the page made. */
export function fakeWorkers(options: FakeWorkerOptions = {}): FakeWorkers {
  const counts = new Map<string, number>();
  const engines: Engine[] = [];
  const createWorker = () => {
    const engine = new Engine();
    engines.push(engine);
    const host = new PageApi(engine) as unknown as Record<string, (...a: unknown[]) => unknown>;
    let alive = true;
    const api = new Proxy(
      {},
      {
        get:
          (_t, name: string) =>
          (...args: unknown[]) => {
            const n = (counts.get(name) ?? 0) + 1;
            counts.set(name, n);
            options.onCall?.(name, n);
            return new Promise((resolve, reject) => {
              const answer = () => {
                if (!alive || options.never?.(name, n)) return;
                options.onAnswer?.(name, n);
                try {
                  resolve(host[name](...args));
                } catch (e) {
                  reject(e);
                }
              };
              const afterDelay = () => {
                const ms = options.delay?.(name, n);
                if (ms === undefined) answer();
                else setTimeout(answer, ms);
              };
              const gate = options.gate?.(name, n);
              if (gate) void gate.then(afterDelay);
              else afterDelay();
            });
          },
      },
    ) as unknown as EngineRemote;
    return { worker: { terminate: () => void (alive = false) }, api };
  };
  return { createWorker, engines };
}
