// The top bar's button that opens the reference. The panel, its search and its entries load when it
// is first opened (or the button is pointed at), not with the page.
import { lazySheetButton } from '../../components/PanelButton.tsx';

export const ReferenceButton = lazySheetButton({
  label: 'Reference',
  testId: 'reference-button',
  title: 'The PTC-Lisp reference: every form and function, searchable, with examples to try',
  load: () => import('./ReferencePanel.tsx').then((m) => m.ReferencePanel),
});
