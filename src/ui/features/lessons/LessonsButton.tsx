// The top bar's button that opens the lessons. The panel, the lesson view and their store load when
// it is first opened (or the button is pointed at), not with the page.
import { lazy, Suspense } from 'react';
import { SheetLoading } from '../../components/Loading.tsx';
import { PanelButton } from '../../components/PanelButton.tsx';

const load = () => import('./LessonsPanel.tsx');
const LessonsPanel = lazy(() => load().then((m) => ({ default: m.LessonsPanel })));

export function LessonsButton() {
  return (
    <PanelButton
      label="Lessons"
      testId="lessons-button"
      title="Lessons: PTC-Lisp step by step, each with a task to check"
      preload={() => void load()}
      panel={(onClose, opener) => (
        <Suspense fallback={<SheetLoading what="the lessons" />}>
          <LessonsPanel onClose={onClose} opener={opener} />
        </Suspense>
      )}
    />
  );
}
