// A flex row that may shrink in a crowded bar by truncating some of its texts, and by nothing else:
// its figures (counts, tokens, prices) must never be cut. The texts that may truncate are marked
// `data-truncates`; the row's minimum width is kept at what the rest needs plus a few characters of
// each marked text, so the row never shrinks past that and nothing spills over its neighbours.
import { useLayoutEffect, useRef, type RefObject } from 'react';

/** What a truncating text keeps of its width, at least, in a crowded bar (a few characters and the ellipsis). */
export const TRUNCATED_MIN_PX = 40;

/** The minimum width `row` needs: its parts that do not truncate, whole, and a little of each that does. */
export function shrinkFloor(row: HTMLElement): number {
  const truncating = [...row.querySelectorAll<HTMLElement>('[data-truncates]')].filter((e) => e.getClientRects().length > 0);
  // Nested marks (a mark inside a mark) would count twice: only the outermost count.
  const outermost = truncating.filter((e) => !truncating.some((o) => o !== e && o.contains(e)));
  const shown = outermost.reduce((sum, e) => sum + e.getBoundingClientRect().width, 0);
  const kept = outermost.reduce((sum, e) => sum + Math.min(e.scrollWidth, TRUNCATED_MIN_PX), 0);
  return Math.ceil(row.getBoundingClientRect().width - shown + kept);
}

/**
 * Keeps the element's minimum width at its shrink floor: after every render of the component and
 * whenever it changes size. Written to the element's style directly: nothing else sets it.
 */
export function useShrinkFloor<E extends HTMLElement>(): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const update = () => {
      const floor = `${shrinkFloor(el)}px`;
      if (el.style.minWidth !== floor) el.style.minWidth = floor;
    };
    update();
    if (typeof ResizeObserver === 'undefined') return undefined;
    // A change of layout inside an observer's callback would be another resize in the same frame
    // (browsers report that as an error): the floor is written in the next frame instead.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(update);
    });
    observer.observe(el);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  });
  return ref;
}
