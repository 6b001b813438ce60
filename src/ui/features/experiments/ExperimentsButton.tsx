// The top bar's "Experiments" button. The panel, its store and the figures load when it is first
// opened, so the page's first JavaScript stays as it was; once loaded, a run goes on with it closed.
import { lazySheetButton } from '../../components/PanelButton.tsx';

export const ExperimentsButton = lazySheetButton({
  label: 'Experiments',
  testId: 'experiments-button',
  title: 'Experiments: run the session many times per variant and compare success rates',
  load: () => import('./ExperimentsPanel.tsx').then((m) => m.ExperimentsPanel),
});
