// Definition edits waiting for their debounce pause, per store. Step, Run and Reset flush them first,
// so a change typed just before pressing Step is part of that step, never applied after it.
import type { PlaygroundStore } from './store.ts';

const waiting = new WeakMap<PlaygroundStore, Map<symbol, () => Promise<void>>>();
// One queue per store: each edit is built on the definition the previous one produced, so two panels
// sending at once cannot undo each other.
const queues = new WeakMap<PlaygroundStore, Promise<void>>();

/** Registers (or, with null, clears) the flush of one panel's waiting edit. */
export function setWaitingEdit(store: PlaygroundStore, id: symbol, flush: (() => Promise<void>) | null): void {
  let m = waiting.get(store);
  if (!m) waiting.set(store, (m = new Map()));
  if (flush) m.set(id, flush);
  else m.delete(id);
}

export function enqueueEdit(store: PlaygroundStore, job: () => Promise<void>): Promise<void> {
  const previous = queues.get(store) ?? Promise.resolve();
  const next = previous.then(job, job);
  queues.set(store, next.catch(() => undefined));
  return next;
}

/** Sends every waiting edit now and waits until the engine has answered all edits. */
export async function flushPendingEdits(store: PlaygroundStore): Promise<void> {
  const m = waiting.get(store);
  if (m && m.size > 0) {
    const flushes = [...m.values()];
    m.clear();
    await Promise.all(flushes.map((f) => f().catch(() => undefined)));
  }
  await queues.get(store);
}
