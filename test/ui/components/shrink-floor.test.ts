// @vitest-environment happy-dom
// The floor of a row that may shrink by truncating its marked texts: everything else whole, a few
// characters of each marked text (or the whole of a shorter one), a mark inside a mark counted once.
import { describe, expect, it } from 'vitest';
import { shrinkFloor, TRUNCATED_MIN_PX } from '../../../src/ui/components/shrink-floor.ts';

/** An element with the given laid-out width and full-content width (happy-dom lays nothing out). */
function box(tag: string, width: number, scrollWidth = width, truncates = false): HTMLElement {
  const el = document.createElement(tag);
  if (truncates) el.setAttribute('data-truncates', '');
  el.getBoundingClientRect = () => ({ width, height: 10, top: 0, left: 0, right: width, bottom: 10, x: 0, y: 0, toJSON: () => ({}) });
  el.getClientRects = () => [el.getBoundingClientRect()] as unknown as DOMRectList;
  Object.defineProperty(el, 'scrollWidth', { value: scrollWidth });
  return el;
}

describe('shrinkFloor', () => {
  it('keeps what does not truncate and a few characters of each text that does', () => {
    const row = box('div', 300);
    // 150 px of figures, a value shown at 100 of its 400 px, a short reason shown whole (20 px).
    row.append(box('span', 150), box('code', 100, 400, true), box('span', 20, 20, true));
    expect(shrinkFloor(row)).toBe(300 - 100 - 20 + TRUNCATED_MIN_PX + 20);
  });

  it('gives back what a text truncated below its few characters', () => {
    const row = box('div', 160);
    row.append(box('span', 150), box('code', 10, 400, true));
    expect(shrinkFloor(row)).toBe(150 + TRUNCATED_MIN_PX);
  });

  it('counts a marked text inside another once, and ignores one not shown', () => {
    const row = box('div', 250);
    const outer = box('span', 100, 300, true);
    outer.append(box('span', 60, 200, true));
    const hidden = box('span', 0, 0, true);
    hidden.getClientRects = () => [] as unknown as DOMRectList;
    row.append(box('span', 150), outer, hidden);
    expect(shrinkFloor(row)).toBe(150 + TRUNCATED_MIN_PX);
  });

  it('rounds up, so a fractional layout never loses a pixel', () => {
    const row = box('div', 100.4);
    row.append(box('span', 100.4));
    expect(shrinkFloor(row)).toBe(101);
  });
});
