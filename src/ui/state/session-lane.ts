// The session lane: definition edits and turns reach the engine one after the other, in the order
// they were made, never overlapping. An edit made during a turn (a Run's) is applied after it, before
// the next; a Step pressed while an edit is being applied makes its turn after that edit. Edits
// waiting for their debounce pause are sent at once by Step, Run and Reset, so a change typed just
// before pressing Step is part of that step, never applied after it.
export class SessionLane {
  /** The flush of each panel's edit still waiting for its pause. */
  private readonly waiting = new Map<symbol, () => Promise<void>>();
  /** The end of the lane: everything queued so far has settled. */
  private tail: Promise<void> = Promise.resolve();
  /** The last edit queued: every edit so far has settled (a turn queued after it is not waited for). */
  private lastEdit: Promise<void> = Promise.resolve();

  /** Registers (or, with null, clears) the flush of one panel's waiting edit. */
  setWaitingEdit(id: symbol, flush: (() => Promise<void>) | null): void {
    if (flush) this.waiting.set(id, flush);
    else this.waiting.delete(id);
  }

  private enqueue<T>(job: () => Promise<T>): Promise<T> {
    const next = this.tail.then(job, job);
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /**
   * Queues an edit: it runs once everything queued before it has settled. Each edit is built on the
   * definition the previous one produced, so two panels sending at once cannot undo each other.
   */
  enqueueEdit<T>(job: () => Promise<T>): Promise<T> {
    const next = this.enqueue(job);
    this.lastEdit = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  /** Queues a turn (or a Reset): it runs after every edit sent so far, and edits sent later wait for it. */
  enqueueTurn<T>(job: () => Promise<T>): Promise<T> {
    return this.enqueue(job);
  }

  /** Sends every edit waiting for its pause now (each is queued at once); does not wait for them. */
  sendWaitingEdits(): Promise<void>[] {
    if (this.waiting.size === 0) return [];
    const flushes = [...this.waiting.values()];
    this.waiting.clear();
    return flushes.map((f) => f().catch(() => undefined));
  }

  /** Sends every waiting edit now and waits until the engine has answered all edits. */
  async flush(): Promise<void> {
    await Promise.all(this.sendWaitingEdits());
    await this.lastEdit;
  }
}
