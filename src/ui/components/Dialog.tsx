// Dialogs, made one way. A modal sits in front of the page on a dimmed overlay (pressing the overlay
// closes it, unless the person must choose); a side sheet opens beside the panels and leaves them in
// use. Both take the focus when they open (their first control), close with Escape before the page
// hears it, give the focus back to what had it (or to `opener`), and are named, by a heading inside
// them or by a label. A modal keeps Tab and Shift+Tab inside itself.
import type { FormEvent, KeyboardEvent, ReactNode, Ref, RefObject } from 'react';
import { SIDE_SHEET } from './side-sheet.ts';
import { useDialogFocus } from './useDialogFocus.ts';

/** How a dialog is named: the id of a heading inside it, or a label of its own. */
export type DialogName = { labelledBy: string; label?: undefined } | { label: string; labelledBy?: undefined };

/** The panel of a modal: its width comes from the caller. */
export const DIALOG_PANEL =
  'relative flex max-h-[85vh] max-w-[95vw] flex-col gap-2 overflow-auto rounded border border-slate-300 bg-white p-4 text-sm text-slate-900 shadow-lg dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [href], [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's controls instead of leaving it. */
function keepFocusInside(e: KeyboardEvent<HTMLElement>): void {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  if (items.length === 0) return;
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey && (document.activeElement === first || document.activeElement === e.currentTarget)) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function naming(name: DialogName): { 'aria-labelledby'?: string; 'aria-label'?: string } {
  return name.labelledBy !== undefined ? { 'aria-labelledby': name.labelledBy } : { 'aria-label': name.label };
}

export type ModalDialogProps = DialogName & {
  testId: string;
  onClose: () => void;
  /** The panel's width (and any other class it needs beyond DIALOG_PANEL). */
  panelClassName: string;
  opener?: RefObject<HTMLElement | null>;
  /** An alert dialog asks for a decision: pressing the overlay does not close it. */
  alert?: boolean;
  describedBy?: string;
  /** The panel is a form, submitted with this. */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

export function ModalDialog({ testId, onClose, panelClassName, opener, alert = false, describedBy, onSubmit, children, ...name }: ModalDialogProps) {
  const ref = useDialogFocus<HTMLDivElement>(true, onClose, opener);
  const panel = `${DIALOG_PANEL} ${panelClassName}`;
  const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={alert ? 'alertdialog' : 'dialog'}
      aria-modal="true"
      {...naming(name as DialogName)}
      aria-describedby={describedBy}
      data-testid={testId}
      className="fixed inset-0 z-50 flex items-start justify-center bg-black/30 pt-16"
      onClick={alert ? undefined : onClose}
      onKeyDown={keepFocusInside}
    >
      {onSubmit ? (
        <form className={panel} onClick={stop} onSubmit={onSubmit}>
          {children}
        </form>
      ) : (
        <div className={panel} onClick={stop}>
          {children}
        </div>
      )}
    </div>
  );
}

export type SideSheetProps = DialogName & {
  testId: string;
  onClose: () => void;
  /** The sheet's width. */
  widthClassName: string;
  opener?: RefObject<HTMLElement | null>;
  /** Given the sheet's element, for a sheet that moves the focus itself once its content is there. */
  sheetRef?: Ref<HTMLDivElement>;
  children: ReactNode;
};

export function SideSheet({ testId, onClose, widthClassName, opener, sheetRef, children, ...name }: SideSheetProps) {
  const ref = useDialogFocus<HTMLDivElement>(true, onClose, opener);
  const setRef = (el: HTMLDivElement | null) => {
    ref.current = el;
    if (typeof sheetRef === 'function') sheetRef(el);
    else if (sheetRef) sheetRef.current = el;
  };
  return (
    <div ref={setRef} tabIndex={-1} role="dialog" {...naming(name as DialogName)} data-testid={testId} className={`${SIDE_SHEET} ${widthClassName}`}>
      {children}
    </div>
  );
}
