// Work that should not hold up a frame the person is waiting for (a session's first paint): run once
// the frame has been painted. requestAnimationFrame runs just before the paint, a task queued from
// it just after; the timeout is the backstop where no frame comes (a tab in the background).
const BACKSTOP_MS = 200;

/** Runs `fn` once, after the next paint; returns a cancel. */
export function afterPaint(fn: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    fn();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (task = setTimeout(run, 0))) : undefined;
  const backstop = setTimeout(run, frame === undefined ? 0 : BACKSTOP_MS);
  return () => {
    done = true;
    if (frame !== undefined && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
    if (task !== undefined) clearTimeout(task);
    clearTimeout(backstop);
  };
}
