// The engine client's watchdog: 1.25× the time limit (at least 1.25 s), counted only once the worker has
// loaded and first-use tables are in; a restart continues on the spare worker, and calls it cuts
// short are told why (the watchdog), never "Stopped".
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareAllowanceFor, EngineClient, EngineRestarted, watchdogFor, type EngineRemote } from '../../../src/ui/engine/client.ts';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface FakeTimes {
  /** Milliseconds before the fresh worker answers its first message. */
  bootMs?: number;
  viewMs?: number;
  countTokensMs?: number;
  compareBranchesMs?: number;
  /** Answer one call at a time, in the order made, as a worker does. */
  inOrder?: boolean;
}

function fakeClient(times: FakeTimes, watchdogMs: number, spare = false) {
  const made: { terminated: boolean }[] = [];
  const client = new EngineClient({
    watchdogMs,
    spare,
    createWorker: () => {
      const state = { terminated: false };
      made.push(state);
      const booted = wait(times.bootMs ?? 0);
      let queue: Promise<unknown> = booted;
      const after = (ms: number, value: string): Promise<string> => {
        if (!times.inOrder) return booted.then(() => wait(ms)).then(() => value);
        const answer = queue.then(() => wait(ms)).then(() => value);
        queue = answer;
        return answer;
      };
      const api = {
        abortRequest: () => booted.then(() => false),
        view: () => after(times.viewMs ?? 0, 'view'),
        countTokens: () => after(times.countTokensMs ?? 0, 'tokens'),
        compareBranches: () => after(times.compareBranchesMs ?? 0, 'branches'),
        open: () => Promise.resolve({ ok: true }),
      } as unknown as EngineRemote;
      return { worker: { terminate: () => void (state.terminated = true) }, api };
    },
  });
  return { client, made };
}

describe('watchdogFor', () => {
  it('is 1.25× the limit, at least 1.25 s: always within twice the limit from 1 s up', () => {
    expect(watchdogFor(1000)).toBe(1250);
    expect(watchdogFor(200)).toBe(1250);
    expect(watchdogFor(4000)).toBe(5000);
    for (const limit of [1000, 2500, 10_000]) expect(watchdogFor(limit)).toBeLessThanOrEqual(2 * limit);
  });
});

describe('compareAllowanceFor', () => {
  it('grows with the square of the run: nothing to speak of at a few hundred turns, 25 s more at 5,000', () => {
    expect(compareAllowanceFor(0)).toBe(0);
    expect(compareAllowanceFor(300)).toBe(90);
    expect(compareAllowanceFor(5000)).toBe(25_000);
  });
});

describe('EngineClient start', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('leaves no timer behind once the worker has answered (the allowance for loading its code goes)', async () => {
    vi.useFakeTimers();
    const { client } = fakeClient({ bootMs: 5 }, 60);
    const answer = client.call('view');
    await vi.advanceTimersByTimeAsync(10);
    await expect(answer).resolves.toBe('view');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('EngineClient watchdog', () => {
  it('does not count the time a fresh worker takes to load', async () => {
    const { client, made } = fakeClient({ bootMs: 150, viewMs: 20 }, 60);
    await expect(client.call('view')).resolves.toBe('view');
    expect(made).toHaveLength(1);
  });

  it('lets a first-use table load, and other calls wait for it before their watchdog starts', async () => {
    const { client, made } = fakeClient({ countTokensMs: 150, viewMs: 10 }, 60);
    const tokens = client.call('countTokens', [[]]);
    await wait(5);
    const view = client.call('view');
    await expect(tokens).resolves.toBe('tokens');
    await expect(view).resolves.toBe('view');
    expect(made).toHaveLength(1);
  });

  it('gives the comparison of two branches the loading allowance: it loads the tokenizer on first use', async () => {
    const { client, made } = fakeClient({ compareBranchesMs: 150, viewMs: 10 }, 60);
    const sides = client.call('compareBranches', ['main', 'b1']);
    await wait(5);
    const view = client.call('view');
    await expect(sides).resolves.toBe('branches');
    await expect(view).resolves.toBe('view');
    expect(made).toHaveLength(1);
  });

  it('a call made before a loading call is not held by it: the worker answers in order', async () => {
    // The view runs away (2 s); the token count made after it cannot answer before it does.
    const { client, made } = fakeClient({ viewMs: 2000, countTokensMs: 10, inOrder: true }, 60);
    const view = client.call('view');
    const tokens = client.call('countTokens', [[]]);
    const [rv, rt] = await Promise.allSettled([view, tokens]);
    // Restarted by its own watchdog, not after the view answered (which held it before).
    expect(rv.status === 'rejected' && rv.reason instanceof EngineRestarted && rv.reason.afterMs === 60).toBe(true);
    expect(rt.status).toBe('rejected');
    expect(made[0].terminated).toBe(true);
    client.dispose();
  });

  it('restarts a call past its time on a spare loaded while it ran; the others in flight learn it was the watchdog', async () => {
    const { client, made } = fakeClient({ viewMs: 300 }, 60, true);
    const a = client.call('view');
    const b = client.call('view', [], { watchdog: false });
    const [ra, rb] = await Promise.allSettled([a, b]);
    expect(ra.status === 'rejected' && ra.reason instanceof EngineRestarted && ra.reason.afterMs === 60).toBe(true);
    expect(rb.status === 'rejected' && rb.reason instanceof EngineRestarted && rb.reason.afterMs === 60).toBe(true);
    // The spare, started while the call ran long, took over; none is loaded until a call runs long again.
    expect(made).toHaveLength(2);
    expect(made[0].terminated).toBe(true);
    expect(made[1].terminated).toBe(false);
    client.dispose();
  });

  it('starts no spare for quick calls', async () => {
    const { client, made } = fakeClient({ viewMs: 5 }, 60, true);
    await client.call('view');
    await wait(40);
    expect(made).toHaveLength(1);
  });
});

describe('EngineClient restart', () => {
  it('a call made while the new worker reopens the session waits for it, and finds the session open', async () => {
    const log: string[] = [];
    let opened = false;
    const client = new EngineClient({
      watchdogMs: 60,
      createWorker: () => {
        const api = {
          abortRequest: () => Promise.resolve(false),
          // A large session takes a while to open.
          open: async () => {
            log.push('open');
            await wait(100);
            opened = true;
            log.push('opened');
            return { ok: true };
          },
          view: () => {
            log.push(opened ? 'view with a session' : 'view without a session');
            return Promise.resolve('view');
          },
        } as unknown as EngineRemote;
        return { worker: { terminate: () => undefined }, api };
      },
    });
    client.remember(() => 'session text');
    const restarting = client.restart();
    await wait(10);
    await expect(client.call('view')).resolves.toBe('view');
    await restarting;
    expect(log).toEqual(['open', 'opened', 'view with a session']);
    client.dispose();
  });
});

describe('EngineClient watchdog of a turn that waits on tool calls (T4)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  type Progress = (phase: 'waiting' | 'running') => void;

  /** A worker whose stepTurn runs passes of `passMs` each, telling the page it waits `waitMs` between them. */
  function passesClient(passMs: readonly number[], waitMs: number) {
    const made: { terminated: boolean }[] = [];
    const passes = async (onProgress: Progress): Promise<void> => {
      for (let i = 0; i < passMs.length; i++) {
        if (i > 0) {
          onProgress('waiting');
          await wait(waitMs);
          onProgress('running');
        }
        await wait(passMs[i]);
      }
    };
    const client = new EngineClient({
      watchdogMs: 60,
      createWorker: () => {
        const state = { terminated: false };
        made.push(state);
        const api = {
          abortRequest: () => Promise.resolve(false),
          open: () => Promise.resolve({ ok: true }),
          stepTurn: async (_reply: unknown, _options: unknown, onProgress: Progress) => {
            await passes(onProgress);
            return 'stepped';
          },
          // The REPL's program waits on a connected server's calls the same way.
          repl: async (_program: unknown, onProgress: Progress) => {
            await passes(onProgress);
            return 'evaluated';
          },
        } as unknown as EngineRemote;
        return { worker: { terminate: () => void (state.terminated = true) }, api };
      },
    });
    return { client, made };
  }

  it('does not count waiting: passes of 40 ms around waits of 10 s end without a restart', async () => {
    vi.useFakeTimers();
    const { client, made } = passesClient([40, 40, 40], 10_000);
    const turn = client.call('stepTurn', [undefined, {}]);
    await vi.advanceTimersByTimeAsync(20_200);
    await expect(turn).resolves.toBe('stepped');
    expect(made[0].terminated).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the REPL waits as a turn does: passes of 40 ms around waits of 10 s end without a restart', async () => {
    vi.useFakeTimers();
    const { client, made } = passesClient([40, 40], 10_000);
    const evaluated = client.call('repl', ['(tool/get-sum 1 2)']);
    await vi.advanceTimersByTimeAsync(10_100);
    await expect(evaluated).resolves.toBe('evaluated');
    expect(made[0].terminated).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('counts each pass afresh: one that runs away after a wait is restarted at its own watchdog', async () => {
    vi.useFakeTimers();
    const { client, made } = passesClient([40, 5000], 10_000);
    const turn = client.call('stepTurn', [undefined, {}]);
    const settled = turn.then(
      () => 'answered',
      (e: unknown) => e,
    );
    // 40 ms of program, 10 s of waiting, then 60 ms of the runaway pass: the watchdog ends it there.
    await vi.advanceTimersByTimeAsync(40 + 10_000 + 59);
    expect(made[0].terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    const reason = await settled;
    expect(reason instanceof EngineRestarted && reason.afterMs === 60).toBe(true);
    expect(made[0].terminated).toBe(true);
    client.dispose();
  });
});
