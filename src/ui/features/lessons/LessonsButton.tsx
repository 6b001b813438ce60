// The top bar's button that opens the lessons. The panel, the lesson view and their store load when
// it is first opened (or the button is pointed at), not with the page.
import { lazySheetButton } from '../../components/PanelButton.tsx';

export const LessonsButton = lazySheetButton({
  label: 'Lessons',
  testId: 'lessons-button',
  title: 'Lessons: PTC-Lisp step by step, each with a task to check',
  load: () => import('./LessonsPanel.tsx').then((m) => m.LessonsPanel),
});
