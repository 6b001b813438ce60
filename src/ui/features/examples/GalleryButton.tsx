// The top bar's "Gallery…" button, beside the examples menu. The dialog and its catalogue (which
// knows the benchmark set's chunks) load when it is first opened, so the page's first JavaScript
// stays as it was.
import { lazy, Suspense, useCallback, useState } from 'react';

const GalleryDialog = lazy(() => import('./GalleryDialog.tsx').then((m) => ({ default: m.GalleryDialog })));

export function GalleryButton({ className, disabled }: { className: string; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        type="button"
        className={className}
        data-testid="gallery-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        title="Every bundled session (the examples and the benchmark set) with what it shows, filterable by tag"
        onClick={() => setOpen(true)}
      >
        Gallery…
      </button>
      {open && (
        <Suspense fallback={null}>
          <GalleryDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
