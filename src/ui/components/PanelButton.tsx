// A top-bar button that opens a side panel (the reference, the lessons) or a dialog (the prices) and
// closes it again; the panel gets the button to hand the focus back to when it closes. A panel whose
// code loads on first use starts loading as the pointer comes over the button or the focus reaches it
// (`preload`).
import { lazy, Suspense, useCallback, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { SheetLoading } from './Loading.tsx';
import { TOP_BUTTON } from './buttons.ts';

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
        className={TOP_BUTTON}
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

/** What a side sheet takes: how to close, and the button to give the focus back to. */
export type SheetProps = { onClose: () => void; opener?: RefObject<HTMLElement | null> };

/**
 * A top-bar button whose side sheet's code loads on first use (or when the button is pointed at),
 * not with the page; the loading line names the sheet by the button's label ("Loading the lessons…").
 */
export function lazySheetButton(options: { label: string; title: string; testId: string; load: () => Promise<ComponentType<SheetProps>> }): () => ReactNode {
  const Sheet = lazy(() => options.load().then((component) => ({ default: component })));
  const preload = () => void options.load();
  const what = `the ${options.label.toLowerCase()}`;
  return function LazySheetButton() {
    return (
      <PanelButton
        label={options.label}
        testId={options.testId}
        title={options.title}
        preload={preload}
        panel={(onClose, opener) => (
          <Suspense fallback={<SheetLoading what={what} />}>
            <Sheet onClose={onClose} opener={opener} />
          </Suspense>
        )}
      />
    );
  };
}
