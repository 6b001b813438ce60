// What the page's watchdog hears of a turn whose program waits on tool calls (T4): the program runs,
// waits while a round of calls is out, and runs again. The watchdog is there for a program that never
// gives the worker back (L8); waiting on a server is bounded by the calls' own time limits and ended
// by Stop, so the page stops counting while the worker waits and starts again, from zero, for each
// pass, each of which the program's time limit bounds.
import type { PreparedAgent } from '../agent/loop.ts';
import type { ToolHost } from '../lisp/run.ts';
import type { TurnProgress } from './views.ts';

/** The agent with its host telling `onProgress` as each round of calls goes out and is answered. */
export function withProgress(agent: PreparedAgent, onProgress: TurnProgress | undefined): PreparedAgent {
  const host = agent.external.host;
  if (host === null || onProgress === undefined) return agent;
  const tell = (phase: 'waiting' | 'running'): void => {
    try {
      // Across the worker's boundary the callback answers with a promise: nobody waits for it.
      void Promise.resolve(onProgress(phase) as unknown).catch(() => undefined);
    } catch {
      // The page that asked is gone: the turn goes on without telling it.
    }
  };
  const answer: ToolHost['answer'] = async (requests, signal) => {
    tell('waiting');
    try {
      return await host.answer(requests, signal);
    } finally {
      tell('running');
    }
  };
  return { ...agent, external: { ...agent.external, host: { answer } } };
}
