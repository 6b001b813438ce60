// A top-bar button that opens a side panel (the reference, the lessons) and closes it again; the
// panel gets the button to hand the focus back to when it closes. A panel whose code loads on first
// use starts loading as the pointer comes over the button or the focus reaches it (`preload`).
import { useCallback, useRef, useState, type ReactNode, type RefObject } from 'react';
import { TOP_BUTTON } from './top-button.ts';

const BUTTON = TOP_BUTTON;

export interface PanelButtonProps {
  readonly label: string;
  readonly title: string;
  readonly testId: string;
  readonly panel: (onClose: () => void, opener: RefObject<HTMLButtonElement | null>) => ReactNode;
  readonly preload?: () => void;
}

export function PanelButton({ label, title, testId, panel, preload }: PanelButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid={testId}
        className={BUTTON}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={title}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      {open && panel(close, button)}
    </>
  );
}
