// A dialog takes the focus when it opens (its first control, else itself), gives it back to what had
// it when it closes (or to `opener`, when the focus was lost before it opened: a button disabled while
// it waited), and closes with Escape when given onEscape.
import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'input:not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

export function useDialogFocus<E extends HTMLElement>(open: boolean, onEscape?: () => void, opener?: RefObject<HTMLElement | null>): RefObject<E | null> {
  const ref = useRef<E | null>(null);
  const escape = useRef(onEscape);
  useEffect(() => {
    escape.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    if (!open) return undefined;
    const active = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    const before = active ?? opener?.current ?? null;
    const dialog = ref.current;
    if (dialog && !dialog.contains(document.activeElement)) {
      const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? dialog).focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !escape.current) return;
      // The page's own Escape (Stop) is not meant while a dialog is open.
      e.stopPropagation();
      escape.current();
    };
    // Capture: before the page's handlers.
    if (onEscape) window.addEventListener('keydown', onKey, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      if (before?.isConnected) before.focus();
    };
    // onEscape is read through its ref; whether there is one does not change while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return ref;
}
