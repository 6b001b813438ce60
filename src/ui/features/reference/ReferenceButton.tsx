// The top bar's button that opens the reference. The panel, its search and its entries load when it
// is first opened (or the button is pointed at), not with the page.
import { lazy, Suspense } from 'react';
import { SheetLoading } from '../../components/Loading.tsx';
import { PanelButton } from '../../components/PanelButton.tsx';

const load = () => import('./ReferencePanel.tsx');
const ReferencePanel = lazy(() => load().then((m) => ({ default: m.ReferencePanel })));

export function ReferenceButton() {
  return (
    <PanelButton
      label="Reference"
      testId="reference-button"
      title="The PTC-Lisp reference: every form and function, searchable, with examples to try"
      preload={() => void load()}
      panel={(onClose, opener) => (
        <Suspense fallback={<SheetLoading what="the reference" />}>
          <ReferencePanel onClose={onClose} opener={opener} />
        </Suspense>
      )}
    />
  );
}
