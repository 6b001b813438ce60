// The top bar's tool buttons on one row whatever the window's width: the buttons that do not fit
// wrap to a second row of the strip, which is never shown, and a "More" menu offers them instead.
// Choosing one in the menu presses the hidden button itself, so each tool keeps its own state, its
// sheet or dialog, and its loading on first use; the focus comes back to "More" when the sheet closes.
//
// Which buttons fit is read from the layout (the fonts of each browser differ), before the paint and
// again whenever the strip or a button changes size. Buttons leave from the end of the strip first.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { TOP_BUTTON } from '../../components/buttons.ts';

/**
 * The strip's buttons that wrapped past its one row, in order; also one that stays on the row but
 * sticks out of a strip narrower than itself (a row always takes its first item).
 */
function overflowed(strip: HTMLElement): HTMLButtonElement[] {
  const buttons = [...strip.children].filter((c): c is HTMLButtonElement => c instanceof HTMLButtonElement);
  const box = strip.getBoundingClientRect();
  // Not laid out (hidden, or a DOM without layout): nothing is known not to fit.
  if (box.width === 0 && box.height === 0) return [];
  const rowEnd = box.top + strip.clientHeight;
  return buttons.filter((b) => {
    const r = b.getBoundingClientRect();
    return r.top >= rowEnd || r.right > box.right + 0.5;
  });
}

/** The hidden buttons as the menu lists them, read when it opens. */
interface Entry {
  readonly button: HTMLButtonElement;
  readonly label: string;
  readonly title: string;
  readonly testId: string;
  readonly disabled: boolean;
}

function entryOf(button: HTMLButtonElement): Entry {
  return {
    button,
    label: button.textContent ?? '',
    title: button.title,
    testId: button.dataset.testid ?? '',
    disabled: button.disabled,
  };
}

export function ToolStrip({ children }: { children: ReactNode }) {
  const strip = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);

  const measure = useCallback(() => {
    const el = strip.current;
    if (el === null) return;
    const out = new Set(overflowed(el));
    for (const c of el.children) {
      // An attribute, not a class React owns: the strip's CSS makes a marked button invisible (out of
      // the tab order and the accessibility tree too) while it keeps its place in the layout.
      if (out.has(c as HTMLButtonElement)) c.setAttribute('data-overflowed', '');
      else c.removeAttribute('data-overflowed');
    }
    setHidden(out.size);
  }, []);

  // Before every paint: a button may have appeared, gone or changed its label.
  useLayoutEffect(measure);
  useEffect(() => {
    const el = strip.current;
    if (el === null || typeof ResizeObserver === 'undefined') return undefined;
    // Measured in the next frame: a change of layout inside the observer's callback would be another
    // resize in the same frame, which browsers report as an error.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(el);
    for (const c of el.children) observer.observe(c);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [measure]);

  return (
    <>
      <div
        ref={strip}
        data-testid="tool-strip"
        // Shrinks before anything else in the bar (the status, the title), down to nothing; the
        // wrapped row hangs below the bar unseen instead of making it taller.
        className="flex h-6 min-w-0 shrink-[100] flex-wrap items-center gap-x-1.5 gap-y-2 [&>[data-overflowed]]:invisible"
      >
        {children}
      </div>
      {hidden > 0 && <MoreMenu strip={strip} />}
    </>
  );
}

function MoreMenu({ strip }: { strip: RefObject<HTMLDivElement | null> }) {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const open = entries !== null;

  const show = (focus: 'first' | 'last' | 'none') => {
    const el = strip.current;
    if (el === null) return;
    setEntries(overflowed(el).map(entryOf));
    pendingFocus.current = focus;
  };
  const pendingFocus = useRef<'first' | 'last' | 'none'>('none');
  const close = (refocus: boolean) => {
    setEntries(null);
    if (refocus) button.current?.focus();
  };

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];
  useEffect(() => {
    if (!open) return undefined;
    const list = items();
    if (pendingFocus.current === 'first') list[0]?.focus();
    else if (pendingFocus.current === 'last') list.at(-1)?.focus();
    pendingFocus.current = 'none';
    const outside = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setEntries(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const choose = (entry: Entry) => {
    // The focus goes to "More" first: the sheet the button opens gives it back there when it closes.
    close(true);
    entry.button.click();
  };

  const onMenuKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape') {
      // The page's Escape (Stop) is not meant while the menu is open.
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
      return;
    } else return;
    e.preventDefault();
  };

  return (
    <div className="relative shrink-0">
      <button
        ref={button}
        type="button"
        data-testid="more-tools"
        className={TOP_BUTTON}
        aria-haspopup="menu"
        aria-expanded={open}
        title="The tools that do not fit in the bar at this width"
        // Opened from the keyboard (a click without a pointer), the first item takes the focus.
        onClick={(e) => (open ? close(false) : show(e.detail === 0 ? 'first' : 'none'))}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            show(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        More ▾
      </button>
      {entries !== null && (
        <div
          ref={menu}
          role="menu"
          aria-label="More tools"
          data-testid="more-tools-menu"
          className="absolute right-0 top-full z-30 mt-1 flex min-w-40 flex-col rounded border border-slate-300 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={onMenuKey}
        >
          {entries.map((entry) => (
            <button
              key={entry.testId || entry.label}
              type="button"
              role="menuitem"
              data-testid={`more-${entry.testId}`}
              className="px-3 py-1 text-left text-xs hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              title={entry.title}
              disabled={entry.disabled}
              onClick={() => choose(entry)}
            >
              {entry.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
