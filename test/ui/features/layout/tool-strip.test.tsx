// @vitest-environment happy-dom
// The top bar's tool strip: the buttons that do not fit are marked hidden and offered by "More", in
// order; choosing one presses the hidden button with the focus on "More" (where a sheet gives it
// back); arrows move through the menu, Escape closes it without reaching the page, and a strip that
// is not laid out hides nothing. The layout is given (happy-dom lays nothing out).
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToolStrip } from '../../../../src/ui/features/layout/ToolStrip.tsx';

/** Where each element lies: the strip is one 24 px row 300 px wide; "c" and "d" wrapped below it. */
const BOXES: Record<string, { top: number; left: number; width: number; height: number }> = {
  'tool-strip': { top: 0, left: 0, width: 300, height: 24 },
  a: { top: 2, left: 0, width: 80, height: 20 },
  b: { top: 2, left: 90, width: 80, height: 20 },
  c: { top: 32, left: 0, width: 80, height: 20 },
  d: { top: 32, left: 90, width: 80, height: 20 },
};
let laidOut = true;

function rect(el: HTMLElement): DOMRect {
  const b = laidOut ? BOXES[el.dataset.testid ?? ''] : undefined;
  const { top, left, width, height } = b ?? { top: 0, left: 0, width: 0, height: 0 };
  return { top, left, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) };
}

beforeEach(() => {
  laidOut = true;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return rect(this);
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return rect(this).height;
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderStrip(pressed: string[] = []) {
  return render(
    <ToolStrip>
      {['a', 'b', 'c', 'd'].map((id) => (
        <button key={id} type="button" data-testid={id} title={`tool ${id}`} disabled={id === 'd'} onClick={() => pressed.push(id)}>
          {id.toUpperCase()}
        </button>
      ))}
    </ToolStrip>,
  );
}

const hiddenIds = () => [...document.querySelectorAll<HTMLElement>('[data-overflowed]')].map((e) => e.dataset.testid);
const items = () => screen.getAllByRole('menuitem');

describe('the tool strip', () => {
  it('marks the buttons past its row and offers them in "More", in order, disabled where the button is', () => {
    renderStrip();
    expect(hiddenIds()).toEqual(['c', 'd']);
    fireEvent.click(screen.getByTestId('more-tools'));
    expect(items().map((i) => [i.textContent, i.getAttribute('data-testid'), i.title, (i as HTMLButtonElement).disabled])).toEqual([
      ['C', 'more-c', 'tool c', false],
      ['D', 'more-d', 'tool d', true],
    ]);
  });

  it('presses the hidden button when its entry is chosen, with the focus on "More"', () => {
    const pressed: string[] = [];
    renderStrip(pressed);
    const more = screen.getByTestId('more-tools');
    fireEvent.click(more);
    let focusedWhenPressed: Element | null = null;
    screen.getByTestId('c').addEventListener('click', () => (focusedWhenPressed = document.activeElement));
    fireEvent.click(screen.getByTestId('more-c'));
    expect(pressed).toEqual(['c']);
    expect(focusedWhenPressed).toBe(more);
    expect(screen.queryByTestId('more-tools-menu')).toBeNull();
  });

  it('opens from the keyboard on its first entry; arrows move; Escape closes it and the page never hears it', () => {
    renderStrip();
    const heard: string[] = [];
    const onWindow = (e: KeyboardEvent) => heard.push(e.key);
    window.addEventListener('keydown', onWindow);
    const more = screen.getByTestId('more-tools');
    act(() => more.focus());
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    // Only enabled entries take the focus: "D" is disabled.
    expect(document.activeElement).toBe(screen.getByTestId('more-c'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByTestId('more-c'));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(screen.queryByTestId('more-tools-menu')).toBeNull();
    expect(document.activeElement).toBe(more);
    expect(heard).not.toContain('Escape');
    window.removeEventListener('keydown', onWindow);
  });

  it('closes on a press outside it', () => {
    renderStrip();
    fireEvent.click(screen.getByTestId('more-tools'));
    expect(screen.getByTestId('more-tools-menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByTestId('more-tools-menu')).toBeNull();
  });

  it('hides nothing while it is not laid out', () => {
    laidOut = false;
    renderStrip();
    expect(hiddenIds()).toEqual([]);
    expect(screen.queryByTestId('more-tools')).toBeNull();
  });
});
