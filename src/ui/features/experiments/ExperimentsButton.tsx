// The top bar's "Experiments" button. The panel, its store and the figures load when it is first
// opened, so the page's first JavaScript stays as it was; once loaded, a run goes on with it closed.
import { lazy, Suspense } from 'react';
import { PanelButton } from '../../components/PanelButton.tsx';

const ExperimentsPanel = lazy(() => import('./ExperimentsPanel.tsx').then((m) => ({ default: m.ExperimentsPanel })));

export function ExperimentsButton() {
  return (
    <PanelButton
      label="Experiments"
      testId="experiments-button"
      title="Experiments: run the session many times per variant and compare success rates"
      panel={(onClose, opener) => (
        <Suspense fallback={null}>
          <ExperimentsPanel onClose={onClose} opener={opener} />
        </Suspense>
      )}
    />
  );
}
