// The top bar's "Experiments" button. The panel, its store and the figures load when it is first
// opened, so the page's first JavaScript stays as it was; once loaded, a run goes on with it closed.
import { lazy, Suspense } from 'react';
import { SheetLoading } from '../../components/Loading.tsx';
import { PanelButton } from '../../components/PanelButton.tsx';

const load = () => import('./ExperimentsPanel.tsx');
const ExperimentsPanel = lazy(() => load().then((m) => ({ default: m.ExperimentsPanel })));

export function ExperimentsButton() {
  return (
    <PanelButton
      label="Experiments"
      testId="experiments-button"
      title="Experiments: run the session many times per variant and compare success rates"
      preload={() => void load()}
      panel={(onClose, opener) => (
        <Suspense fallback={<SheetLoading what="the experiments" />}>
          <ExperimentsPanel onClose={onClose} opener={opener} />
        </Suspense>
      )}
    />
  );
}
