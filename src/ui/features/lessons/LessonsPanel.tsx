// "Lessons": the PTC-Lisp course as a side sheet beside the work. It loads the lessons from the
// worker the first time it opens (once per engine client), lists them by area with a done mark each
// and the progress, and shows the chosen lesson (./LessonView.tsx). Progress and drafts are kept in
// the browser (./lesson-progress.ts); "Reset progress" forgets them. The focus moves into the sheet
// when it opens; Escape or Close closes it and gives the focus back.
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import { SideSheet } from '../../components/Dialog.tsx';
import type { SheetProps } from '../../components/PanelButton.tsx';
import { LessonView } from './LessonView.tsx';
import { useLessonsStore, type Lesson } from './lessons-store.ts';
import { SIDE_SHEET_HEAD } from '../../components/side-sheet.ts';
import { SMALL_BUTTON } from '../../components/buttons.ts';
import { AskFirst } from '../../components/AskFirst.tsx';
import { LoadError } from '../../components/LoadError.tsx';

const AREA_LABELS: Readonly<Record<string, string>> = {
  basics: 'Basics',
  collections: 'Collections',
  functions: 'Functions',
  agent: 'The agent',
  mistakes: 'Mistakes',
  history: 'History',
};

/** The lessons by area, areas in the order of their first lesson. */
export function groupLessons(lessons: readonly Lesson[]): { area: string; label: string; lessons: Lesson[] }[] {
  const groups = new Map<string, Lesson[]>();
  for (const l of lessons) groups.set(l.area, [...(groups.get(l.area) ?? []), l]);
  return [...groups].map(([area, items]) => ({ area, label: AREA_LABELS[area] ?? area, lessons: items }));
}

export function LessonsPanel({ onClose, opener }: SheetProps) {
  const store = useLessonsStore();
  const lessons = useStore(store, (s) => s.lessons);
  const loading = useStore(store, (s) => s.loading);
  const error = useStore(store, (s) => s.error);
  const selected = useStore(store, (s) => s.selected);
  const passed = useStore(store, (s) => s.progress.passed);
  const sheet = useRef<HTMLDivElement>(null);

  useEffect(() => {
    void store.getState().load();
  }, [store]);

  // Once the list is there, the focus goes to the lesson shown (else the first), not the sheet's
  // first button (Reset progress); a focus already in the lesson or the list stays where it is.
  const listed = lessons !== null;
  useEffect(() => {
    const box = sheet.current;
    if (!listed || !box) return;
    const active = document.activeElement;
    if (active !== null && active !== box && !box.querySelector('[data-testid="lessons-reset"]')?.contains(active)) return;
    const current = store.getState().selected;
    const item = box.querySelector<HTMLElement>(current !== null ? `[data-testid="lesson-item-${current}"]` : '[data-testid^="lesson-item-"]');
    item?.focus();
  }, [listed, store, sheet]);

  // A lesson chosen from the list starts at its top.
  const pane = useRef<HTMLDivElement>(null);
  useEffect(() => {
    pane.current?.scrollTo?.({ top: 0 });
  }, [selected]);

  const groups = useMemo(() => (lessons === null ? [] : groupLessons(lessons)), [lessons]);
  const lesson = lessons?.find((l) => l.id === selected) ?? null;
  const done = lessons === null ? 0 : lessons.filter((l) => passed.includes(l.id)).length;

  return (
    <SideSheet testId="lessons-panel" labelledBy="lessons-title" onClose={onClose} opener={opener} widthClassName="w-[56rem]" sheetRef={sheet}>
      <div className={`flex flex-wrap items-center gap-2 ${SIDE_SHEET_HEAD}`}>
        <h2 id="lessons-title" className="font-semibold">
          PTC-Lisp lessons
        </h2>
        <span role="status" data-testid="lessons-progress" className="text-xs text-slate-600 dark:text-slate-300">
          {lessons === null ? (loading ? 'Loading…' : '') : `${done} of ${lessons.length} done`}
        </span>
        <span className="ml-auto flex items-center gap-2">
          <AskFirst
            label="Reset progress"
            confirm="Reset"
            question="Forget every done mark and draft?"
            testId="lessons-reset"
            onConfirm={() => store.getState().resetProgress()}
          />
          <button type="button" className={SMALL_BUTTON} data-testid="lessons-close" onClick={onClose}>
            Close
          </button>
        </span>
      </div>
      <LoadError what="The lessons" error={error} testId="lessons-error" margin="m-3" onRetry={() => void store.getState().load()} />
      <div className="flex min-h-0 flex-1 flex-col sm:flex-row">
        <nav
          aria-label="Lessons"
          data-testid="lessons-list"
          className="max-h-48 shrink-0 relative overflow-auto border-b border-slate-200 p-2 sm:max-h-none sm:w-56 sm:border-b-0 sm:border-r dark:border-slate-800"
        >
          {groups.map((g) => (
            <section key={g.area} aria-labelledby={`lessons-area-${g.area}`} data-testid={`lessons-area-${g.area}`}>
              <h3 id={`lessons-area-${g.area}`} className="mt-2 text-xs font-semibold uppercase tracking-wide text-slate-600 first:mt-0 dark:text-slate-400">
                {g.label}
              </h3>
              <ul>
                {g.lessons.map((l) => {
                  const isDone = passed.includes(l.id);
                  return (
                    <li key={l.id}>
                      <button
                        type="button"
                        data-testid={`lesson-item-${l.id}`}
                        data-done={isDone ? 'true' : 'false'}
                        aria-current={l.id === selected ? 'true' : undefined}
                        className={`flex w-full items-baseline gap-1.5 rounded px-1.5 py-0.5 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
                          l.id === selected ? 'bg-slate-200 font-medium dark:bg-slate-700' : ''
                        }`}
                        onClick={() => store.getState().select(l.id)}
                      >
                        <span aria-hidden="true" className={`w-3 shrink-0 ${isDone ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-400'}`}>
                          {isDone ? '✓' : '·'}
                        </span>
                        <span>{l.title}</span>
                        {isDone && <span className="sr-only"> (done)</span>}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </nav>
        <div ref={pane} className="min-h-0 flex-1 relative overflow-auto p-3" data-testid="lesson-pane" role="region" aria-label="Lesson" tabIndex={0}>
          {lesson !== null ? (
            <LessonView lesson={lesson} />
          ) : (
            lessons !== null && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                Choose a lesson. Each has a short text, a task, and a program to write and check; hints and the solution come after a first try.
              </p>
            )
          )}
        </div>
      </div>
    </SideSheet>
  );
}
