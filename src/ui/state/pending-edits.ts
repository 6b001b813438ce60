// The session lane, per store: definition edits and turns reach the engine one after the other, in
// the order they were made, never overlapping. An edit made during a turn (a Run's) is applied after
// it, before the next; a Step pressed while an edit is being applied makes its turn after that edit.
// Edits waiting for their debounce pause are sent at once by Step, Run and Reset, so a change typed
// just before pressing Step is part of that step, never applied after it.
import type { PlaygroundStore } from './store.ts';

const waiting = new WeakMap<PlaygroundStore, Map<symbol, () => Promise<void>>>();
/** The end of the lane: everything queued so far has settled. */
const queues = new WeakMap<PlaygroundStore, Promise<void>>();
/** The last edit queued: every edit so far has settled (a turn queued after it is not waited for). */
const lastEdits = new WeakMap<PlaygroundStore, Promise<void>>();

/** Registers (or, with null, clears) the flush of one panel's waiting edit. */
export function setWaitingEdit(store: PlaygroundStore, id: symbol, flush: (() => Promise<void>) | null): void {
  let m = waiting.get(store);
  if (!m) waiting.set(store, (m = new Map()));
  if (flush) m.set(id, flush);
  else m.delete(id);
}

function enqueue<T>(store: PlaygroundStore, job: () => Promise<T>): Promise<T> {
  const previous = queues.get(store) ?? Promise.resolve();
  const next = previous.then(job, job);
  queues.set(
    store,
    next.then(
      () => undefined,
      () => undefined,
    ),
  );
  return next;
}

/**
 * Queues an edit: it runs once everything queued before it has settled. Each edit is built on the
 * definition the previous one produced, so two panels sending at once cannot undo each other.
 */
export function enqueueEdit(store: PlaygroundStore, job: () => Promise<void>): Promise<void> {
  const next = enqueue(store, job);
  lastEdits.set(
    store,
    next.catch(() => undefined),
  );
  return next;
}

/** Queues a turn (or a Reset): it runs after every edit sent so far, and edits sent later wait for it. */
export function enqueueTurn<T>(store: PlaygroundStore, job: () => Promise<T>): Promise<T> {
  return enqueue(store, job);
}

/** Sends every edit waiting for its pause now (each is queued at once); does not wait for them. */
export function sendWaitingEdits(store: PlaygroundStore): Promise<void>[] {
  const m = waiting.get(store);
  if (!m || m.size === 0) return [];
  const flushes = [...m.values()];
  m.clear();
  return flushes.map((f) => f().catch(() => undefined));
}

/** Sends every waiting edit now and waits until the engine has answered all edits. */
export async function flushPendingEdits(store: PlaygroundStore): Promise<void> {
  await Promise.all(sendWaitingEdits(store));
  await lastEdits.get(store);
}
